#pragma once
// The client's console as Source runs it (tier1 CCommandBuffer / CCommand, the engine's key bindings):
//
//   text  --split-->  commands   at ';' and '\n' outside double quotes; "//" to the end of the line is dropped
//   command --tokenize--> argv    whitespace separates, "..." is one argument, each of { } ( ) ' : is its own
//                                 argument (CCommand's default break set); argString = the text after argv[0]
//   argv[0] looked up in order:  alias -> this console's command -> its variable -> the forward (the client
//                                 realm's Lua, then the server: what Source forwards) -> "Unknown command: X"
//
// The buffer runs once per frame (execute): `wait [N]` stops it for N frames (1 by default), `exec` and an alias
// insert their text in front of what is left, as Cbuf_InsertText. A frame runs at most kMaxCommandsPerFrame
// commands (an alias that calls itself would run forever in Source); the rest is dropped with an error line.
//
// Keys: `bind KEY "text"`. A key going down runs its text; a "+cmd" binding also runs "-cmd" when the key goes up,
// and both get the key's number as their last argument, so a button held by two keys stays down until both are up
// (kbutton_t, input.hpp). Key names are Source's (keys.hpp), case-insensitive.
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vestige::source::client {

// FCVAR_* bits this console reads (tier1/iconvar.h).
namespace fcvar {
constexpr std::uint32_t kArchive = 1u << 7, kUserInfo = 1u << 9, kReplicated = 1u << 13, kCheat = 1u << 14;
}  // namespace fcvar

constexpr std::size_t kMaxCommandLength = 511;  // COMMAND_MAX_LENGTH - 1
constexpr std::size_t kMaxArgs = 64;            // COMMAND_MAX_ARGC
constexpr std::size_t kMaxCommandsPerFrame = 10'000;
constexpr int kMaxExecDepth = 32;

struct CommandArgs {
    std::vector<std::string> argv;
    std::string argString;  // everything after argv[0], leading spaces removed (CCommand::ArgS)
    [[nodiscard]] std::size_t argc() const { return argv.size(); }
    [[nodiscard]] const std::string& arg(std::size_t i) const;  // "" past the end, as CCommand::Arg
};

// One command's text into its arguments; nullopt when it is longer than COMMAND_MAX_LENGTH (Source skips it).
[[nodiscard]] std::optional<CommandArgs> tokenize(std::string_view command);
// Text into commands (GetNextCommandLength's rules), empty ones dropped.
[[nodiscard]] std::vector<std::string> splitCommands(std::string_view text);

struct ConVar {
    std::string name, value, defaultValue, help;
    std::uint32_t flags = 0;
    std::optional<float> min, max;
    [[nodiscard]] float number() const;  // atof: text that is not a number reads as 0
};

class Console {
public:
    using Handler = std::function<void(const CommandArgs&)>;
    // A command this console does not know: true when the receiver ran it.
    using Forward = std::function<bool(const CommandArgs&, std::string_view line)>;
    // `exec NAME`: the text of cfg/NAME (".cfg" added when missing), or nullopt.
    using FileReader = std::function<std::optional<std::string>(const std::string& name)>;
    using Printer = std::function<void(std::string_view)>;
    // A bound key going down: true blocks its binding (GMod's PlayerBindPress).
    using BindFilter = std::function<bool(std::string_view binding, int code)>;

    Console();

    void addCommand(std::string name, std::string help, Handler handler);
    ConVar& addVar(std::string name, std::string defaultValue, std::uint32_t flags, std::string help,
                   std::optional<float> min = {}, std::optional<float> max = {});
    [[nodiscard]] const ConVar* findVar(std::string_view name) const;
    [[nodiscard]] float number(std::string_view name) const;  // 0 for an unknown variable
    // Sets a variable as `name value` does (clamped to its bounds); false for an unknown name.
    bool setVar(std::string_view name, std::string_view value);
    [[nodiscard]] bool hasCommand(std::string_view name) const;
    // Commands, variables and aliases whose names start with `prefix` (case-insensitive), sorted.
    [[nodiscard]] std::vector<std::string> complete(std::string_view prefix) const;

    void setForward(Forward forward) { mForward = std::move(forward); }
    void setFileReader(FileReader reader) { mReader = std::move(reader); }
    void setPrinter(Printer printer) { mPrinter = std::move(printer); }
    // Asked for every bound key going down except F1..F12 (GMod skips those: the wiki's issue 2888).
    void setBindFilter(BindFilter filter) { mBindFilter = std::move(filter); }
    void print(std::string_view text);

    // Cbuf_AddText: appended to the buffer; runs at the next execute().
    void addText(std::string_view text);
    // Runs the buffer until it is empty or a `wait` (then the rest waits for the following frames).
    // Returns the number of commands run.
    std::size_t execute();
    // Runs one line now (split and executed before anything queued).
    void run(std::string_view text);
    [[nodiscard]] bool idle() const { return mQueue.empty(); }

    // Key_Event: `key` a Source key name, `code` its number (keys.hpp).
    void keyEvent(std::string_view key, int code, bool down);
    void bind(std::string_view key, std::string_view text);
    void unbind(std::string_view key);
    void unbindAll() { mBinds.clear(); }
    [[nodiscard]] std::optional<std::string> binding(std::string_view key) const;

    // host_writeconfig: "unbindall", every binding, every FCVAR_ARCHIVE variable.
    [[nodiscard]] std::string writeConfig() const;

    // Counters for reports: commands run, unknown ones (by name), lines dropped by the per-frame cap.
    [[nodiscard]] std::uint64_t commandsRun() const { return mCommandsRun; }
    [[nodiscard]] const std::map<std::string, std::uint64_t>& unknownCommands() const { return mUnknown; }
    [[nodiscard]] std::uint64_t droppedCommands() const { return mDropped; }

private:
    struct Command {
        std::string help;
        Handler handler;
    };
    struct Queued {
        std::string text;
        int execDepth = 0;
    };
    void runOne(const Queued& q);
    void insertFront(std::string_view text, int execDepth);
    void addBuiltins();
    void printVar(const ConVar& v);

    std::map<std::string, Command> mCommands;  // keys in lower case
    std::map<std::string, ConVar> mVars;
    std::map<std::string, std::string> mAliases;
    std::map<std::string, std::string> mBinds;  // key name in lower case -> text
    std::deque<Queued> mQueue;
    std::uint64_t mWait = 0;
    int mCurrentDepth = 0;
    Forward mForward;
    FileReader mReader;
    Printer mPrinter;
    BindFilter mBindFilter;
    std::uint64_t mCommandsRun = 0, mDropped = 0;
    std::map<std::string, std::uint64_t> mUnknown;
};

}  // namespace vestige::source::client
