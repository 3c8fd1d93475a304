// Protected calls and what they record: every engine -> Lua entry runs under a message handler that captures the
// message and a traceback; a failure becomes a LuaError {file, line, message, traceback} in errors(). Also the
// warning counter and the print/Msg sink.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>

#include "internal.hpp"
#include "vestige/core/log.hpp"

namespace vestige::source::glua {
namespace {

void recordHookError(Runtime& rt, const char* msg, const char* traceback) {
    LuaError e = parseMessage(msg ? msg : "?");
    e.traceback = traceback ? traceback : "";
    e.kind = errorKind(implOf(rt), LUA_ERRRUN, e.message);
    implOf(rt).hookErrorSeen = true;
    recordError(rt, std::move(e));
}

}  // namespace

const char* LuaError::kindName(Kind kind) {
    switch (kind) {
        case Kind::Runtime:
            return "runtime";
        case Kind::Syntax:
            return "syntax";
        case Kind::File:
            return "file";
        case Kind::Budget:
            return "budget";
        case Kind::Time:
            return "time";
        case Kind::Memory:
            return "memory";
    }
    return "runtime";
}

std::string LuaError::render() const {
    if (file.empty()) return message;
    return fmt::format("{}:{}: {}", file, line, message);
}

LuaError parseMessage(std::string text) {
    LuaError e;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != ':') continue;
        std::size_t j = i + 1;
        while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
        if (j > i + 1 && j + 1 < text.size() + 1 && j < text.size() && text[j] == ':') {
            e.file = text.substr(0, i);
            e.line = std::atoi(text.substr(i + 1, j - i - 1).c_str());
            std::size_t k = j + 1;
            if (k < text.size() && text[k] == ' ') ++k;
            e.message = text.substr(k);
            return e;
        }
    }
    e.message = std::move(text);
    return e;
}

int messageHandler(lua_State* L) {
    if (!lua_isstring(L, 1)) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_isstring(L, -1)) {
            lua_replace(L, 1);
        } else {
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
            lua_replace(L, 1);
        }
    }
    lua_settop(L, 1);
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    luaL_traceback(L, L, nullptr, 1);
    lua_rawseti(L, -2, 2);
    return 1;
}

// Records the error with its traceback where it happened, as protectedCallAt does with messageHandler's pair, and
// returns nothing (callHook drops it).
int recordingHandler(lua_State* L) {
    messageHandler(L);  // leaves {message, traceback} on top
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    recordHookError(runtimeOf(L), lua_tostring(L, -2), lua_tostring(L, -1));
    return 0;
}

void recordError(Runtime& rt, LuaError e) {
    log::error("glua", "{}", e.render());
    implOf(rt).errors.push_back(std::move(e));
}

void warn(Runtime& rt, std::string_view message) {
    ++implOf(rt).warnings;
    log::warn("glua", "{}", message);
}

namespace {

void writeOut(const Options& opt, std::string_view text) {
    if (opt.output)
        opt.output(text);
    else
        std::fwrite(text.data(), 1, text.size(), stdout);
}

}  // namespace

// Output is outside the Lua heap, so it has its own ceiling: past Options::outputLimit the rest is dropped (counted in
// outputDropped()) after one note saying so.
void Runtime::print(std::string_view text) {
    auto& impl = *mImpl;
    const std::size_t limit = mOptions.outputLimit;
    if (limit != 0 && text.size() > limit - impl.outputBytes) {
        const bool first = impl.outputDropped == 0;
        const std::size_t keep = limit - impl.outputBytes;
        impl.outputDropped += text.size() - keep;
        impl.outputBytes = limit;
        if (keep > 0) writeOut(mOptions, text.substr(0, keep));
        if (first)
            writeOut(mOptions, fmt::format("\n[vestige: output limit of {} bytes reached; further print/Msg output is "
                                           "dropped]\n",
                                           limit));
        return;
    }
    impl.outputBytes += text.size();
    writeOut(mOptions, text);
}

std::uint64_t Runtime::outputDropped() const { return mImpl->outputDropped; }

bool Runtime::protectedCall(int nargs, int nresults) {
    lua_State* L = mL;
    const int fnIndex = lua_gettop(L) - nargs;
    lua_rawgeti(L, LUA_REGISTRYINDEX, mImpl->tracebackRef);
    lua_insert(L, fnIndex);
    const bool ok = protectedCallAt(*this, fnIndex, nargs, nresults);
    lua_remove(L, fnIndex);
    return ok;
}

// The message handler is already at handlerIndex, below the function; it stays there (the caller pops it).
// The engine's per-event path uses this directly: lua_insert/lua_remove are memmove calls in LuaJIT.
bool protectedCallAt(Runtime& rt, int handlerIndex, int nargs, int nresults) {
    lua_State* L = rt.state();
    auto& impl = implOf(rt);
    if (impl.callDepth == 0) startCall(impl);
    ++impl.callDepth;
    const int status = lua_pcall(L, nargs, nresults, handlerIndex);
    --impl.callDepth;
    if (status == 0) return true;
    LuaError e;
    if (lua_istable(L, -1)) {
        lua_rawgeti(L, -1, 1);
        const char* msg = lua_tostring(L, -1);
        e = parseMessage(msg ? msg : "?");
        lua_pop(L, 1);
        lua_rawgeti(L, -1, 2);
        const char* tb = lua_tostring(L, -1);
        e.traceback = tb ? tb : "";
        lua_pop(L, 1);
    } else {
        const char* msg = lua_tostring(L, -1);
        e = parseMessage(msg ? msg : "(error object is not a string)");
    }
    lua_pop(L, 1);  // the error object
    e.kind = errorKind(impl, status, e.message);
    if (status == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT, 0);
    if (impl.callDepth == 0) impl.limitHit = LimitHit::None;
    recordError(rt, std::move(e));
    return false;
}

}  // namespace vestige::source::glua
