// timer: Simple, Create, Remove, Exists, Adjust, Pause, UnPause, Toggle, TimeLeft, RepsLeft, Start, Stop. Driven by
// ticks: a timer is due when CurTime() >= next - 1e-9, next = fire time + delay (GMod-style drift); due timers fire
// in creation order; timers created during a tick wait for the next one.
#include <cmath>
#include <string>

#include "../internal.hpp"

namespace vestige::source::glua {
namespace {

Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

bool timerName(lua_State* L, int idx, std::string* out) {
    if (lua_type(L, idx) != LUA_TSTRING && lua_type(L, idx) != LUA_TNUMBER) return false;
    std::size_t len = 0;
    const char* s = lua_tolstring(L, idx, &len);
    out->assign(s, len);
    return true;
}

Timer* findTimer(Runtime& rt, const std::string& name) {
    for (auto& t : implOf(rt).timers)
        if (!t.removed && !t.simple && t.name == name) return &t;
    return nullptr;
}

void removeTimer(lua_State* L, Timer& t) {
    t.removed = true;
    luaL_unref(L, LUA_REGISTRYINDEX, t.fnRef);
    t.fnRef = LUA_NOREF;
}

void addTimer(Runtime& rt, lua_State* L, std::string name, bool simple, double delay, int reps, int fnRef) {
    if (!simple) {
        if (Timer* old = findTimer(rt, name)) removeTimer(L, *old);  // same id replaces
    }
    Timer t;
    t.name = std::move(name);
    t.simple = simple;
    t.delay = delay;
    t.repsLeft = reps;
    t.forever = reps <= 0;
    t.fnRef = fnRef;
    t.nextTime = rt.curTime() + delay;
    implOf(rt).timers.push_back(std::move(t));
}

double checkDelay(lua_State* L, int idx) {
    const lua_Number d = luaL_checknumber(L, idx);
    return std::isfinite(d) && d > 0 ? d : 0.0;
}

int tSimple(lua_State* L) {
    const double delay = checkDelay(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    const int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    addTimer(rtOf(L), L, "", true, delay, 1, ref);
    return 0;
}

int tCreate(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER) luaL_typerror(L, 1, "string");
    const double delay = checkDelay(L, 2);
    const lua_Number reps = luaL_checknumber(L, 3);
    luaL_checktype(L, 4, LUA_TFUNCTION);
    lua_pushvalue(L, 4);
    const int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    std::string name;
    timerName(L, 1, &name);
    addTimer(rtOf(L), L, std::move(name), false, delay,
             std::isfinite(reps) && reps > 0 ? static_cast<int>(std::fmin(reps, 2147483647.0)) : 0, ref);
    return 0;
}

// Looks a named timer up; the std::string dies before any Lua call.
Timer* timerArg(lua_State* L) {
    std::string name;
    if (!timerName(L, 1, &name)) return nullptr;
    return findTimer(rtOf(L), name);
}

int tExists(lua_State* L) {
    lua_pushboolean(L, timerArg(L) != nullptr);
    return 1;
}
int tRemove(lua_State* L) {
    if (Timer* t = timerArg(L)) removeTimer(L, *t);
    return 0;
}
int tAdjust(lua_State* L) {
    Timer* t = timerArg(L);
    if (!t) {
        lua_pushboolean(L, 0);
        return 1;
    }
    const double delay = checkDelay(L, 2);
    t->delay = delay;
    t->nextTime = rtOf(L).curTime() + delay;
    if (!lua_isnoneornil(L, 3)) {
        const lua_Number reps = luaL_checknumber(L, 3);
        t->repsLeft = std::isfinite(reps) && reps > 0 ? static_cast<int>(std::fmin(reps, 2147483647.0)) : 0;
        t->forever = t->repsLeft == 0;
    }
    if (lua_isfunction(L, 4)) {
        luaL_unref(L, LUA_REGISTRYINDEX, t->fnRef);
        lua_pushvalue(L, 4);
        t = timerArg(L);  // luaL_ref cannot move timers, but re-find to stay obviously safe
        t->fnRef = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_pushboolean(L, 1);
    return 1;
}
int tPause(lua_State* L) {
    Timer* t = timerArg(L);
    if (!t || t->paused) {
        lua_pushboolean(L, 0);
        return 1;
    }
    t->paused = true;
    t->pausedLeft = t->nextTime - rtOf(L).curTime();
    lua_pushboolean(L, 1);
    return 1;
}
int tUnPause(lua_State* L) {
    Timer* t = timerArg(L);
    if (!t || !t->paused) {
        lua_pushboolean(L, 0);
        return 1;
    }
    t->paused = false;
    t->nextTime = rtOf(L).curTime() + t->pausedLeft;
    lua_pushboolean(L, 1);
    return 1;
}
int tToggle(lua_State* L) {
    Timer* t = timerArg(L);
    if (!t) {
        lua_pushboolean(L, 0);
        return 1;
    }
    return t->paused ? tUnPause(L) : tPause(L);
}
int tTimeLeft(lua_State* L) {
    Timer* t = timerArg(L);
    if (!t) return 0;
    lua_pushnumber(L, t->paused ? t->pausedLeft : t->nextTime - rtOf(L).curTime());
    return 1;
}
int tRepsLeft(lua_State* L) {
    Timer* t = timerArg(L);
    if (!t) return 0;
    lua_pushinteger(L, t->repsLeft);
    return 1;
}
int tStart(lua_State* L) {
    Timer* t = timerArg(L);
    if (!t) {
        lua_pushboolean(L, 0);
        return 1;
    }
    t->paused = false;
    t->nextTime = rtOf(L).curTime() + t->delay;
    lua_pushboolean(L, 1);
    return 1;
}
int tCheck(lua_State* /*L*/) { return 0; }  // GMod: a no-op kept for old addons
int tStop(lua_State* L) {
    Timer* t = timerArg(L);
    if (!t || t->paused) {
        lua_pushboolean(L, 0);
        return 1;
    }
    t->paused = true;
    t->pausedLeft = t->delay;
    lua_pushboolean(L, 1);
    return 1;
}

const luaL_Reg kTimer[] = {
    {"Simple", tSimple},     {"Create", tCreate}, {"Exists", tExists},   {"Remove", tRemove}, {"Destroy", tRemove},
    {"Adjust", tAdjust},     {"Pause", tPause},   {"UnPause", tUnPause}, {"Toggle", tToggle}, {"TimeLeft", tTimeLeft},
    {"RepsLeft", tRepsLeft}, {"Start", tStart},   {"Stop", tStop},       {"Check", tCheck},   {nullptr, nullptr}};

}  // namespace

void noteTimerFired(Runtime& rt, std::string name) {
    auto& impl = implOf(rt);
    impl.timersFired.push_back({std::move(name), impl.clock.tick()});
}

void runTimers(Runtime& rt, lua_State* L) {
    auto& timers = implOf(rt).timers;
    const double now = rt.curTime();
    const std::size_t count = timers.size();  // timers created while firing wait for the next tick
    for (std::size_t i = 0; i < count; ++i) {
        if (timers[i].removed || timers[i].paused || now + 1e-9 < timers[i].nextTime) continue;
        const int ref = timers[i].fnRef;
        std::string name = timers[i].name;
        if (!timers[i].simple) timers[i].nextTime = now + timers[i].delay;
        if (!timers[i].forever) --timers[i].repsLeft;
        noteTimerFired(rt, std::move(name));
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        (void)rt.protectedCall(0, 0);
        // Index, not reference: the callback may have created timers (the vector can grow).
        // The timer still exists during its last call (RepsLeft reads 0 there), then goes.
        Timer& t = timers[i];
        if (!t.removed && !t.forever && t.repsLeft <= 0) {
            t.removed = true;
            luaL_unref(L, LUA_REGISTRYINDEX, t.fnRef);
            t.fnRef = LUA_NOREF;
        }
    }
    std::erase_if(timers, [](const Timer& t) { return t.removed; });
}

void openTimer(Runtime& /*rt*/, lua_State* L) {
    lua_newtable(L);
    setFuncs(L, kTimer);
    lua_setglobal(L, "timer");
}

}  // namespace vestige::source::glua
