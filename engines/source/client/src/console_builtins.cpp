// The console's own commands (console.hpp): echo, alias, exec, wait, bind, unbind, unbindall, toggle,
// incrementvar, cvarlist, find, help. Messages follow Source's where Source prints one.
#include <fmt/format.h>

#include <cstdlib>

#include "vestige/core/text.hpp"
#include "vestige/source/client/console.hpp"
#include "vestige/source/client/keys.hpp"

namespace vestige::source::client {
namespace {

constexpr std::size_t kMaxAliasName = 31;  // MAX_ALIAS_NAME - 1

bool contains(std::string_view haystack, std::string_view needle) {
    return asciiLower(haystack).find(asciiLower(needle)) != std::string::npos;
}

}  // namespace

void Console::addBuiltins() {
    addCommand("echo", "Echo text to console.", [this](const CommandArgs& a) {
        std::string text;  // the arguments without their quotes, one space apart
        for (std::size_t i = 1; i < a.argc(); ++i) text += (i > 1 ? " " : "") + a.arg(i);
        print(text + "\n");
    });
    addCommand("alias", "Alias a command.", [this](const CommandArgs& a) {
        if (a.argc() < 2) {
            print("Current alias commands:\n");
            for (const auto& [name, text] : mAliases) print(fmt::format("{} : {}\n", name, text));
            return;
        }
        const std::string name = asciiLower(a.arg(1));
        if (name.size() > kMaxAliasName) {
            print("Alias name is too long\n");
            return;
        }
        if (mCommands.count(name) || mVars.count(name)) {
            print(fmt::format("Alias name is invalid: \"{}\" is a command or a variable\n", a.arg(1)));
            return;
        }
        std::string text;  // the arguments after the name, joined by spaces (quotes gone), as Cmd_Alias_f
        for (std::size_t i = 2; i < a.argc(); ++i) text += (i > 2 ? " " : "") + a.arg(i);
        mAliases[name] = std::move(text);
    });
    addCommand("exec", "Execute script file.", [this](const CommandArgs& a) {
        if (a.argc() < 2) {
            print("exec <filename>: execute a script file\n");
            return;
        }
        std::string file = a.arg(1);
        if (!endsWithNoCase(file, ".cfg")) file += ".cfg";
        if (mCurrentDepth >= kMaxExecDepth) {
            print(fmt::format("exec {}: more than {} nested exec calls; stopped\n", file, kMaxExecDepth));
            return;
        }
        const auto text = mReader ? mReader(file) : std::nullopt;
        if (!text) {
            print(fmt::format("exec: couldn't exec {}\n", file));
            return;
        }
        insertFront(*text, mCurrentDepth + 1);
    });
    addCommand("wait", "Wait N frames (1 by default) before running the rest of the buffer.",
               [this](const CommandArgs& a) {
                   const long n = a.argc() > 1 ? std::strtol(a.arg(1).c_str(), nullptr, 10) : 1;
                   mWait = static_cast<std::uint64_t>(n < 1 ? 1 : n);
               });
    addCommand("bind", "Bind a key.", [this](const CommandArgs& a) {
        if (a.argc() < 2) {
            print("bind <key> [command] : attach a command to a key\n");
            return;
        }
        const auto code = keyCode(a.arg(1));
        if (!code) {
            print(fmt::format("\"{}\" isn't a valid key\n", a.arg(1)));
            return;
        }
        if (a.argc() == 2) {
            const auto b = binding(a.arg(1));
            print(b ? fmt::format("\"{}\" = \"{}\"\n", a.arg(1), *b) : fmt::format("\"{}\" is not bound\n", a.arg(1)));
            return;
        }
        std::string text;  // the rest joined by spaces (a bind's text is usually one quoted argument)
        for (std::size_t i = 2; i < a.argc(); ++i) text += (i > 2 ? " " : "") + a.arg(i);
        bind(a.arg(1), text);
    });
    addCommand("unbind", "Unbind a key.", [this](const CommandArgs& a) {
        if (a.argc() < 2) {
            print("unbind <key> : remove commands from a key\n");
            return;
        }
        if (!keyCode(a.arg(1))) {
            print(fmt::format("\"{}\" isn't a valid key\n", a.arg(1)));
            return;
        }
        unbind(a.arg(1));
    });
    addCommand("unbindall", "Unbind all keys.", [this](const CommandArgs&) { unbindAll(); });
    addCommand("toggle", "Toggles a convar on or off, or cycles through a set of values.",
               [this](const CommandArgs& a) {
                   if (a.argc() < 2) {
                       print("Usage: toggle <cvar> [value1] [value2] [value3]...\n");
                       return;
                   }
                   const ConVar* v = findVar(a.arg(1));
                   if (!v) {
                       print(fmt::format("toggle: Unknown cvar '{}'\n", a.arg(1)));
                       return;
                   }
                   if (a.argc() == 2) {
                       setVar(v->name, v->number() != 0 ? "0" : "1");
                       return;
                   }
                   // The value after the current one, wrapping; the first when the current is not in the list.
                   std::size_t next = 2;
                   for (std::size_t i = 2; i < a.argc(); ++i)
                       if (a.arg(i) == v->value) next = i + 1 < a.argc() ? i + 1 : 2;
                   setVar(v->name, a.arg(next));
               });
    addCommand("incrementvar", "Increment specified convar value.", [this](const CommandArgs& a) {
        if (a.argc() != 5) {
            print("Usage: incrementvar varName minValue maxValue delta\n");
            return;
        }
        const ConVar* v = findVar(a.arg(1));
        if (!v) {
            print(fmt::format("incrementvar: Unknown cvar '{}'\n", a.arg(1)));
            return;
        }
        const double lo = std::atof(a.arg(2).c_str()), hi = std::atof(a.arg(3).c_str());
        double value = v->number() + std::atof(a.arg(4).c_str());
        if (value > hi) value = lo;  // wraps at either end
        if (value < lo) value = hi;
        setVar(v->name, fmt::format("{}", static_cast<float>(value)));
    });
    addCommand("cvarlist", "Show the list of convars/concommands.", [this](const CommandArgs& a) {
        const std::string prefix = asciiLower(a.arg(1));
        std::size_t n = 0;
        for (const auto& [name, v] : mVars)
            if (name.rfind(prefix, 0) == 0) {
                print(fmt::format("{:<40} : {:<8} : {}\n", v.name, v.value, v.help));
                ++n;
            }
        for (const auto& [name, c] : mCommands)
            if (name.rfind(prefix, 0) == 0) {
                print(fmt::format("{:<40} : {:<8} : {}\n", name, "cmd", c.help));
                ++n;
            }
        print(fmt::format("--------------\n{} total convars/concommands\n", n));
    });
    addCommand("find", "Find concommands with the specified string in their name/help text.",
               [this](const CommandArgs& a) {
                   if (a.argc() < 2) {
                       print("Usage:  find <string>\n");
                       return;
                   }
                   for (const auto& [name, v] : mVars)
                       if (contains(name, a.arg(1)) || contains(v.help, a.arg(1))) printVar(v);
                   for (const auto& [name, c] : mCommands)
                       if (contains(name, a.arg(1)) || contains(c.help, a.arg(1)))
                           print(fmt::format("\"{}\"\n - {}\n", name, c.help));
               });
    addCommand("help", "Find help about a convar/concommand.", [this](const CommandArgs& a) {
        if (a.argc() < 2) {
            print("Usage:  help <cvarname>\n");
            return;
        }
        if (const ConVar* v = findVar(a.arg(1))) {
            printVar(*v);
        } else if (const auto c = mCommands.find(asciiLower(a.arg(1))); c != mCommands.end()) {
            print(fmt::format("\"{}\"\n - {}\n", c->first, c->second.help));
        } else {
            print(fmt::format("help:  no cvar or command named {}\n", a.arg(1)));
        }
    });
}

}  // namespace vestige::source::client
