#pragma once
// The GLua game session `vestige lua` and `vestige play` both run: the same options turn into the same runtime
// (gmod dir, addon/gamemode, map, input script, limits), booted, with the session's determinism trace attached, so
// the two verbs of one game give the same tick trace and hash.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app.hpp"
#include "vestige/core/trace.hpp"
#include "vestige/source/game/map.hpp"
#include "vestige/source/glua/runtime.hpp"
#include "vestige/source/movement/script.hpp"

namespace vestige::app {

// Numeric options are taken as text and parsed strictly (vestige/core/parse.hpp): a negative, fractional or
// out-of-range value is a usage error, never wrapped or clamped.
struct LuaSessionArgs {
    std::string gmodDir;
    std::string gamemode;
    std::string map;
    std::string dataDir;
    std::string target;        // a .lua file, or an addon/gamemode folder
    std::string input;         // the player's input script
    std::string ticks = "66";  // with --input and no --ticks: the script's length
    bool ticksGiven = false;
    std::string tickRate = "66.666666666666667";
    std::string budget = "200000000";
    std::string timeLimit = "5";
    std::string memoryMb = "512";
    std::string outputMb = "16";
};

constexpr std::uint64_t kMaxTicks = 1'000'000'000;  // ~174 days of game time at 66.67 Hz

// --gamemode, --ticks and --input, which both verbs take with one meaning; returns --ticks (given or not).
CLI::Option* addSessionOptions(CLI::App* cmd, LuaSessionArgs& a);

// The numeric options, checked before anything runs.
struct LuaNumbers {
    std::uint64_t ticks = 0, budget = 0, memoryMb = 0, outputMb = 0;
    double tickRate = 0, timeLimit = 0;
};
// False with the usage message in *error when a number is malformed or out of range.
[[nodiscard]] bool parseLuaNumbers(const LuaSessionArgs& a, LuaNumbers* n, std::string* error);
// Parses an unsigned option within [0, max]; false (with the usage message in *error) otherwise.
[[nodiscard]] bool parseCount(const char* name, const std::string& text, std::uint64_t max, std::uint64_t* out,
                              std::string* error);

struct LuaSession {
    TraceSink trace;     // the session's determinism trace: its hash goes in the report
    std::string output;  // print/Msg output when captured
    std::shared_ptr<const source::game::GameMap> map;
    std::vector<source::movement::ScriptCommand> script;
    std::unique_ptr<source::glua::Runtime> runtime;
    std::uint64_t ticks = 0;  // ticks to run after boot: --ticks, else the script's length, else 66
    // The client realm (`vestige play` only, openClientRealm): a second runtime as a listen server runs it, booted
    // after the server. Null when it was not started; `clientAbsent` says why.
    std::unique_ptr<source::glua::Runtime> client;
    std::string clientAbsent;
};

// Builds and boots the session. `captureOutput` keeps print/Msg in LuaSession::output instead of stdout. The
// session is returned by pointer: the runtime holds the addresses of its trace and output.
[[nodiscard]] Result<std::unique_ptr<LuaSession>> openLuaSession(const LuaSessionArgs& a, const LuaNumbers& n,
                                                                 const AppContext& ctx, bool captureOutput);
// Boots the session's client realm with the server's content, gamemode and limits and a screen of width x height
// (its print output goes where the server's goes). The server's AddCSLuaFile list decides what it may load. GMod
// install mode does not start it yet (LuaSession::clientAbsent says so).
[[nodiscard]] Status openClientRealm(LuaSession& s, std::uint32_t width, std::uint32_t height);

}  // namespace vestige::app
