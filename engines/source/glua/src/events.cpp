// Engine -> Lua events: the name cache (engine events are a handful of names called every tick), hook.lua's
// per-event bound closures, the per-tick dispatch path and the hook counts. See docs/glua.md (Base library) for the
// design and bench_glua for its cost against a raw lua_pcall.
#include <cstring>

#include "internal.hpp"

namespace vestige::source::glua {
namespace {

std::uint64_t nameHead(std::string_view name) {
    std::uint64_t head = 0;
    if (name.size() >= sizeof head)
        std::memcpy(&head, name.data(), sizeof head);  // one load
    else
        std::memcpy(&head, name.data(), name.size());
    return head;
}

// Slot of an engine event name in the cache (its Lua string kept as a registry ref), or -1 once it is full.
// An open-addressed index keyed by size and first 8 bytes finds the one candidate (a scan of every cached
// name showed up in profiles); the rest of its text is compared in line (a memcmp call costs more).
std::size_t eventHash(std::uint64_t head, std::size_t size) {
    return static_cast<std::size_t>(((head ^ size) * 0x9E3779B97F4A7C15ull) >> 57);  // 0..127
}

// Bytes 8..size of two names of the same size > 8, in 8-byte words (the last one overlaps): a memcmp call cost
// a third of the lookup in profiles.
inline bool sameTail(const char* a, const char* b, std::size_t size) {
    std::uint64_t x = 0, y = 0;
    for (std::size_t i = 8; i + 8 < size; i += 8) {
        std::memcpy(&x, a + i, 8);
        std::memcpy(&y, b + i, 8);
        if (x != y) return false;
    }
    std::memcpy(&x, a + size - 8, 8);
    std::memcpy(&y, b + size - 8, 8);
    return x == y;
}

// A new name: cached while there is room (out of line, it runs once per name).
[[gnu::noinline, gnu::cold]] int addEventName(Runtime::Impl& impl, lua_State* L, std::string_view name,
                                              std::uint64_t head, std::size_t h) {
    auto& cache = impl.eventNames;
    if (cache.size() >= 64) return -1;  // the index stays at most half full, so probes end on an empty entry
    lua_pushlstring(L, name.data(), name.size());
    cache.push_back({head, std::string(name), luaL_ref(L, LUA_REGISTRYINDEX), LUA_NOREF});
    impl.eventIndex[h] = {head, static_cast<std::uint32_t>(name.size()), static_cast<std::int32_t>(cache.size() - 1)};
    return static_cast<int>(cache.size() - 1);
}

inline int eventSlot(Runtime::Impl& impl, lua_State* L, std::string_view name) {
    const auto& index = impl.eventIndex;
    const std::uint64_t head = nameHead(name);
    std::size_t h = eventHash(head, name.size());
    for (;; h = (h + 1) & (index.size() - 1)) {
        const auto& k = index[h];
        if (k.slot < 0) break;
        if (k.head != head || k.size != name.size()) continue;
        if (name.size() <= sizeof head ||
            sameTail(impl.eventNames[static_cast<std::size_t>(k.slot)].text.data(), name.data(), name.size()))
            return k.slot;
    }
    return addEventName(impl, L, name, head, h);
}

// Their Lua strings are kept (registry refs), which saves interning the name on every call.
void pushEventName(Runtime& rt, std::string_view name) {
    lua_State* L = rt.state();
    auto& impl = implOf(rt);
    const int slot = eventSlot(impl, L, name);
    if (slot >= 0)
        lua_rawgeti(L, LUA_REGISTRYINDEX, impl.eventNames[static_cast<std::size_t>(slot)].ref);
    else
        lua_pushlstring(L, name.data(), name.size());
}

// hook.lua's set(fn) for one engine event (its cache slot is the upvalue): the closure the engine calls from now on.
int setBoundEvent(lua_State* L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    auto& impl = implOf(L);
    const auto slot = static_cast<std::size_t>(lua_tointeger(L, lua_upvalueindex(1)));
    auto& event = impl.eventNames[slot];
    if (event.bound != LUA_NOREF && event.bound != LUA_REFNIL) luaL_unref(L, LUA_REGISTRYINDEX, event.bound);
    lua_settop(L, 1);
    event.bound = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

// Binds a standalone-mode event on its first call: hook.lua's bind(event, set) calls set with the event's closure
// now and again whenever the event's hooks change. LUA_REFNIL: bind failed, the event goes through hook.Call.
[[gnu::noinline, gnu::cold]] void bindEvent(Runtime& rt, lua_State* L, Runtime::Impl& impl, std::size_t slot) {
    const int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.hookBindRef);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.eventNames[slot].ref);
    lua_pushinteger(L, static_cast<lua_Integer>(slot));
    lua_pushcclosure(L, setBoundEvent, 1);
    if (!rt.protectedCall(2, 0) || impl.eventNames[slot].bound == LUA_NOREF) {
        if (impl.eventNames[slot].bound >= 0) luaL_unref(L, LUA_REGISTRYINDEX, impl.eventNames[slot].bound);
        impl.eventNames[slot].bound = LUA_REFNIL;
    }
    lua_settop(L, top);
}

// The error object of a failed dispatch is on top. The handler records errors itself; this one got past it (out of
// memory, an error in the handler, or embedding code replaced slot 1 against state()'s contract: the error is kept,
// without traceback).
void failedDispatch(Runtime& rt, int status) {
    lua_State* L = rt.state();
    if (!implOf(rt).hookErrorSeen) {
        const char* msg = lua_tostring(L, -1);
        LuaError e = parseMessage(msg ? msg : "(error object is not a string)");
        e.kind = errorKind(implOf(rt), status, e.message);
        recordError(rt, std::move(e));
    }
    lua_pop(L, 1);
    if (status == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT, 0);
}

// One lua_pcall of an event's bound closure with the message handler at `handler`. The handler records an error
// with its traceback where it happened; the error ends that dispatch, as an error in hook.Call does.
void runBound(Runtime& rt, int bound, int handler) {
    lua_State* L = rt.state();
    auto& impl = implOf(rt);
    if (impl.callDepth == 0) startCall(impl);
    const bool outerSeen = impl.hookErrorSeen;
    impl.hookErrorSeen = false;
    lua_rawgeti(L, LUA_REGISTRYINDEX, bound);
    ++impl.callDepth;
    const int status = lua_pcall(L, 0, 0, handler);
    --impl.callDepth;
    if (status != 0) [[unlikely]]
        failedDispatch(rt, status);
    if (impl.callDepth == 0) impl.limitHit = LimitHit::None;
    impl.hookErrorSeen = outerSeen;
}

// Engine -> Lua event. Standalone mode: one lua_pcall of the event's bound closure (hook.lua's bind), which runs
// the event's dispatch with no arguments; the message handler (lua_pcall's errfunc) records an error with its
// traceback where it happened, and the error ends that dispatch, as an error in hook.Call does. The engine counts
// the event here (hookCounts). The dispatch has one instruction budget, as any protected call from the engine.
void dispatchEvent(Runtime& rt, int slot, std::string_view name) {
    lua_State* L = rt.state();
    auto& impl = implOf(rt);
    if (rt.options().gmodDir) countEngineHook(rt, name);
    if (impl.hookBindRef != LUA_NOREF && slot >= 0) {
        auto& event = impl.eventNames[static_cast<std::size_t>(slot)];
        if (event.bound == LUA_NOREF) bindEvent(rt, L, impl, static_cast<std::size_t>(slot));
        if (event.bound != LUA_REFNIL) {
            ++event.count;
            // At the engine's level slot 1 holds the message handler between calls (resetStack), so a dispatch
            // pushes and pops nothing: one lua_gettop checks the stack is as the runtime left it (an emptied one
            // gets the handler back). Inside a call index 1 is the running C function's first argument.
            const int top = lua_gettop(L);
            if (impl.callDepth == 0 && top <= 1) {
                if (top == 0) lua_rawgeti(L, LUA_REGISTRYINDEX, impl.hookHandlerRef);
                runBound(rt, event.bound, 1);
            } else {
                lua_rawgeti(L, LUA_REGISTRYINDEX, impl.hookHandlerRef);
                runBound(rt, event.bound, top + 1);
                lua_pop(L, 1);
            }
            return;
        }
    }
    // Our hook module's fixed-arity entry (JIT-compiled; it forwards to an addon's hook.Call replacement),
    // found once after the base library ran; GMod's own hook module has none, so install mode uses hook.Call.
    if (impl.engineCallRef == LUA_NOREF && impl.booted) {
        impl.engineCallRef = LUA_REFNIL;
        lua_getglobal(L, "hook");
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "_VestigeEngineCall");
            if (lua_isfunction(L, -1))
                impl.engineCallRef = luaL_ref(L, LUA_REGISTRYINDEX);
            else
                lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (impl.engineCallRef != LUA_REFNIL && impl.engineCallRef != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, impl.tracebackRef);
        const int handler = lua_gettop(L);
        lua_rawgeti(L, LUA_REGISTRYINDEX, impl.engineCallRef);
        pushEventName(rt, name);
        (void)protectedCallAt(rt, handler, 1, 0);
        lua_settop(L, handler - 1);
        return;
    }
    lua_getglobal(L, "hook");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_getfield(L, -1, "Call");
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushlstring(L, name.data(), name.size());
    lua_getglobal(L, "GAMEMODE");
    (void)rt.protectedCall(2, 0);
}

}  // namespace

HookId Runtime::hookId(std::string_view name) {
    HookId id;
    id.mName = std::string(name);
    id.mSlot = eventSlot(*mImpl, mL, name);
    return id;
}

void Runtime::callHook(std::string_view name) {
    dispatchEvent(*this, mImpl->hookBindRef != LUA_NOREF ? eventSlot(*mImpl, mL, name) : -1, name);
}

// The per-tick path, kept to the bone: at the engine's level, with the stack as the runtime left it (slot 1 = the
// message handler, see resetStack) and the event bound, it is one lua_gettop, one lua_rawgeti and one lua_pcall.
// Between engine calls the budget flag and hookErrorSeen are false (each call resets them on its way out).
void Runtime::callHook(const HookId& id) {
    if (static_cast<std::size_t>(id.mSlot) >= mImpl->eventNames.size()) return callHook(std::string_view(id.mName));
    auto& impl = *mImpl;
    if (id.mSlot >= 0 && impl.callDepth == 0) {
        auto& event = impl.eventNames[static_cast<std::size_t>(id.mSlot)];
        lua_State* L = mL;
        if (event.bound >= 0 && lua_gettop(L) == 1) [[likely]] {
            ++event.count;
            startCall(impl);
            lua_rawgeti(L, LUA_REGISTRYINDEX, event.bound);
            impl.callDepth = 1;
            const int status = lua_pcall(L, 0, 0, 1);
            impl.callDepth = 0;
            if (status != 0) [[unlikely]]
                failedDispatch(*this, status);
            impl.limitHit = LimitHit::None;
            impl.hookErrorSeen = false;
            return;
        }
    }
    dispatchEvent(*this, id.mSlot, id.mName);
}

// Between engine calls (call depth 0) stack slot 1 holds the dispatch's message handler, so an engine event
// passes it to lua_pcall without pushing and popping it (two C API calls, ≈ 6 ns of a ≈ 14 ns call). Code using
// state() may empty the stack (tests do): the dispatch puts the handler back.
void resetStack(Runtime& rt) {
    lua_State* L = rt.state();
    const int handlerRef = implOf(rt).hookHandlerRef;
    if (handlerRef == LUA_NOREF) {
        lua_settop(L, 0);
        return;
    }
    if (lua_gettop(L) >= 1 && lua_tocfunction(L, 1) == recordingHandler) {
        lua_settop(L, 1);
    } else {
        lua_settop(L, 0);
        lua_rawgeti(L, LUA_REGISTRYINDEX, handlerRef);
    }
}

// Three sources: the install mode's C++ counts, hook.lua's table (hook.Call, hook.Run, _VestigeEngineCall) and the
// engine's bound dispatches. A bound dispatch that meets an addon's hook.Call replacement takes its count back in
// hook.lua (-1) since the replacement reaches our hook.Call only if it calls it, so the sum is signed.
std::map<std::string, std::uint64_t> Runtime::hookCounts() const {
    std::map<std::string, std::int64_t> sum;
    for (const auto& [name, n] : mImpl->hookCounts) sum[name] += static_cast<std::int64_t>(n);
    for (const auto& e : mImpl->eventNames)
        if (e.count > 0) sum[e.text] += static_cast<std::int64_t>(e.count);
    lua_getfield(mL, LUA_REGISTRYINDEX, kHookCountsKey);
    if (lua_istable(mL, -1)) {
        lua_pushnil(mL);
        while (lua_next(mL, -2)) {
            if (lua_type(mL, -2) == LUA_TSTRING && lua_type(mL, -1) == LUA_TNUMBER)
                sum[lua_tostring(mL, -2)] += static_cast<std::int64_t>(lua_tonumber(mL, -1));
            lua_pop(mL, 1);
        }
    }
    lua_pop(mL, 1);
    std::map<std::string, std::uint64_t> out;
    for (const auto& [name, n] : sum)
        if (n > 0) out[name] = static_cast<std::uint64_t>(n);
    return out;
}

void countEngineHook(Runtime& rt, std::string_view name) { ++implOf(rt).hookCounts[std::string(name)]; }

}  // namespace vestige::source::glua
