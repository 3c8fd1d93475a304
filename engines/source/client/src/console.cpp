// The client console (console.hpp): tokenizer, command buffer, aliases, variables, key bindings.
#include "vestige/source/client/console.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "vestige/core/text.hpp"
#include "vestige/source/client/keys.hpp"

namespace vestige::source::client {
namespace {

constexpr std::string_view kBreakSet = "{}()':";

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

std::string trimLeft(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && isSpace(s[i])) ++i;
    return std::string(s.substr(i));
}

}  // namespace

const std::string& CommandArgs::arg(std::size_t i) const {
    static const std::string kEmpty;
    return i < argv.size() ? argv[i] : kEmpty;
}

std::optional<CommandArgs> tokenize(std::string_view command) {
    if (command.size() > kMaxCommandLength) return std::nullopt;
    CommandArgs out;
    std::size_t i = 0;
    while (out.argv.size() < kMaxArgs) {
        while (i < command.size() && isSpace(command[i])) ++i;
        if (i >= command.size()) break;
        std::string token;
        if (command[i] == '"') {
            ++i;
            while (i < command.size() && command[i] != '"') token += command[i++];
            if (i < command.size()) ++i;  // the closing quote
        } else if (kBreakSet.find(command[i]) != std::string_view::npos) {
            token = command[i++];
        } else {
            while (i < command.size() && !isSpace(command[i]) && command[i] != '"' &&
                   kBreakSet.find(command[i]) == std::string_view::npos)
                token += command[i++];
        }
        if (out.argv.empty()) { out.argString = trimLeft(command.substr(i)); }
        out.argv.push_back(std::move(token));
    }
    // A quoted argv[0] leaves its closing quote out of ArgS already; a trailing newline is not an argument.
    while (!out.argString.empty() && (out.argString.back() == '\n' || out.argString.back() == '\r'))
        out.argString.pop_back();
    return out;
}

std::vector<std::string> splitCommands(std::string_view text) {
    std::vector<std::string> out;
    std::string current;
    bool quoted = false, comment = false;
    const auto flush = [&] {
        if (current.find_first_not_of(" \t\r\f\v") != std::string::npos) out.push_back(current);
        current.clear();
        quoted = comment = false;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            flush();
            continue;
        }
        if (comment) continue;
        if (c == '"') {
            quoted = !quoted;
        } else if (!quoted && c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            comment = true;
            ++i;
            continue;
        } else if (!quoted && c == ';') {
            flush();
            continue;
        }
        current += c;
    }
    flush();
    return out;
}

float ConVar::number() const { return static_cast<float>(std::atof(value.c_str())); }

Console::Console() { addBuiltins(); }

void Console::print(std::string_view text) {
    if (mPrinter) mPrinter(text);
}

void Console::addCommand(std::string name, std::string help, Handler handler) {
    mCommands[asciiLower(name)] = Command{std::move(help), std::move(handler)};
}

ConVar& Console::addVar(std::string name, std::string defaultValue, std::uint32_t flags, std::string help,
                        std::optional<float> min, std::optional<float> max) {
    ConVar v;
    v.name = name;
    v.value = defaultValue;
    v.defaultValue = std::move(defaultValue);
    v.flags = flags;
    v.help = std::move(help);
    v.min = min;
    v.max = max;
    return mVars[asciiLower(name)] = std::move(v);
}

const ConVar* Console::findVar(std::string_view name) const {
    const auto it = mVars.find(asciiLower(name));
    return it == mVars.end() ? nullptr : &it->second;
}

float Console::number(std::string_view name) const {
    const ConVar* v = findVar(name);
    return v ? v->number() : 0.0f;
}

bool Console::setVar(std::string_view name, std::string_view value) {
    const auto it = mVars.find(asciiLower(name));
    if (it == mVars.end()) return false;
    ConVar& v = it->second;
    v.value = std::string(value);
    if (v.min || v.max) {  // ConVar::ClampValue: a bounded variable holds a number within its bounds
        const float f = v.number();
        const float c = std::clamp(f, v.min.value_or(f), v.max.value_or(f));
        if (c != f) v.value = fmt::format("{}", c);
    }
    return true;
}

bool Console::hasCommand(std::string_view name) const { return mCommands.count(asciiLower(name)) > 0; }

std::vector<std::string> Console::complete(std::string_view prefix) const {
    const std::string p = asciiLower(prefix);
    std::vector<std::string> out;
    const auto take = [&](const auto& map) {
        for (auto it = map.lower_bound(p); it != map.end() && it->first.rfind(p, 0) == 0; ++it)
            out.push_back(it->first);
    };
    take(mCommands);
    take(mVars);
    take(mAliases);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

void Console::addText(std::string_view text) {
    for (auto& c : splitCommands(text)) mQueue.push_back(Queued{std::move(c), mCurrentDepth});
}

void Console::insertFront(std::string_view text, int execDepth) {
    auto commands = splitCommands(text);
    for (auto it = commands.rbegin(); it != commands.rend(); ++it) mQueue.push_front(Queued{std::move(*it), execDepth});
}

std::size_t Console::execute() {
    if (mWait > 0 && --mWait > 0) return 0;
    std::size_t ran = 0;
    while (!mQueue.empty() && mWait == 0) {
        if (ran == kMaxCommandsPerFrame) {
            mDropped += mQueue.size();
            print(
                fmt::format("Console: more than {} commands in one frame (an alias that runs itself?); {} "
                            "command(s) dropped\n",
                            kMaxCommandsPerFrame, mQueue.size()));
            mQueue.clear();
            break;
        }
        const Queued q = std::move(mQueue.front());
        mQueue.pop_front();
        runOne(q);
        ++ran;
    }
    return ran;
}

void Console::run(std::string_view text) {
    // Ahead of what is queued, then the buffer runs as in a frame.
    insertFront(text, mCurrentDepth);
    execute();
}

void Console::printVar(const ConVar& v) {
    std::string line = fmt::format("\"{}\" = \"{}\"", v.name, v.value);
    if (v.value != v.defaultValue) line += fmt::format(" ( def. \"{}\" )", v.defaultValue);
    if (v.min) line += fmt::format(" min. {:.6f}", *v.min);
    if (v.max) line += fmt::format(" max. {:.6f}", *v.max);
    print(line + "\n");
    if (!v.help.empty()) print(" - " + v.help + "\n");
}

void Console::runOne(const Queued& q) {
    auto args = tokenize(q.text);
    if (!args) {
        print("CCommand::Tokenize: Encountered command which overflows the tokenizer buffer.. Skipping!\n");
        return;
    }
    if (args->argc() == 0) return;
    ++mCommandsRun;
    const std::string name = asciiLower(args->argv[0]);
    const int saved = mCurrentDepth;
    mCurrentDepth = q.execDepth;
    if (const auto a = mAliases.find(name); a != mAliases.end()) {
        insertFront(a->second, q.execDepth);
    } else if (const auto c = mCommands.find(name); c != mCommands.end()) {
        c->second.handler(*args);
    } else if (const auto v = mVars.find(name); v != mVars.end()) {
        if (args->argc() < 2) {
            printVar(v->second);
        } else {
            setVar(name, args->argc() == 2 ? args->arg(1) : args->argString);
        }
    } else if (!mForward || !mForward(*args, q.text)) {
        ++mUnknown[name];
        print(fmt::format("Unknown command: {}\n", args->argv[0]));
    }
    mCurrentDepth = saved;
}

void Console::keyEvent(std::string_view key, int code, bool down) {
    const std::string k = asciiLower(key);
    const auto it = mBinds.find(k);
    if (it == mBinds.end()) return;
    const std::string& text = it->second;
    constexpr int kF1 = 92, kF12 = 103;  // KEY_F1 .. KEY_F12
    if (down && mBindFilter && !(code >= kF1 && code <= kF12) && mBindFilter(text, code)) return;
    if (text.empty() || text[0] != '+') {
        if (down) addText(text);
        return;
    }
    // Key_Event: "+cmd <key>" down, "-cmd <key>" up (the text after the first '+', as Source builds it).
    addText(down ? fmt::format("{} {}", text, code) : fmt::format("-{} {}", text.substr(1), code));
}

void Console::bind(std::string_view key, std::string_view text) {
    const auto code = keyCode(key);
    if (!code) return;
    mBinds[asciiLower(keyName(*code))] = std::string(text);
}

void Console::unbind(std::string_view key) {
    if (const auto code = keyCode(key)) mBinds.erase(asciiLower(keyName(*code)));
}

std::optional<std::string> Console::binding(std::string_view key) const {
    const auto code = keyCode(key);
    if (!code) return std::nullopt;
    const auto it = mBinds.find(asciiLower(keyName(*code)));
    if (it == mBinds.end()) return std::nullopt;
    return it->second;
}

std::string Console::writeConfig() const {
    std::string out = "unbindall\n";
    for (const auto& [key, text] : mBinds) {
        const auto code = keyCode(key);
        out += fmt::format("bind \"{}\" \"{}\"\n", code ? keyName(*code) : std::string_view(key), text);
    }
    for (const auto& [name, v] : mVars)
        if (v.flags & fcvar::kArchive) out += fmt::format("{} \"{}\"\n", v.name, v.value);
    return out;
}

}  // namespace vestige::source::client
