// string library functions whose work happens inside C, charged to the call's budget (budget mode only; the JIT
// mode keeps LuaJIT's own): rep (per byte produced), find/match/gmatch/gsub (per pattern step and per byte of gsub's
// result, pattern.hpp) and format (per byte produced). Each has LuaJIT 2.1's arguments, results and error messages;
// the differential tests run the same calls through both (tests/engines/source/glua/pattern_test.cpp).
//
// Memory: rep builds its result in a userdata sized exactly, so an allocation over Options::memoryLimit is refused
// before a byte is written ("not enough memory"), as the `..` operator's exact-size buffer is.
#include <cstdio>
#include <cstring>

#include "../internal.hpp"
#include "../pattern.hpp"

namespace vestige::source::glua {
namespace {

using pattern::Matcher;

// LuaJIT's lj_lib_checkint / optint: a number or numeric string, truncated to int32.
std::int32_t checkInt(lua_State* L, int arg) { return luajitInt32(luaL_checknumber(L, arg)); }
std::int32_t optInt(lua_State* L, int arg, std::int32_t fallback) {
    return lua_isnoneornil(L, arg) ? fallback : checkInt(L, arg);
}

// string.rep(s, n [, sep]): s repeated n times with sep between (nothing for n <= 0).
int strRep(lua_State* L) {
    std::size_t len = 0, sepLen = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    const std::int32_t n = checkInt(L, 2);
    const char* sep = lua_isnoneornil(L, 3) ? nullptr : luaL_checklstring(L, 3, &sepLen);
    if (n <= 0 || (len == 0 && (sep == nullptr || sepLen == 0))) {
        lua_pushliteral(L, "");
        return 1;
    }
    const std::uint64_t count = static_cast<std::uint64_t>(n);
    const std::uint64_t total = count * len + (sep ? (count - 1) * sepLen : 0);
    if (total > kMaxLuaString) raiseOutOfMemory(L);
    charge(L, total);
    auto* out = static_cast<char*>(lua_newuserdata(L, static_cast<std::size_t>(total)));
    char* w = out;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (i > 0 && sepLen > 0) {
            std::memcpy(w, sep, sepLen);
            w += sepLen;
        }
        std::memcpy(w, s, len);
        w += len;
    }
    lua_pushlstring(L, out, static_cast<std::size_t>(total));
    return 1;
}

// find/match: LuaJIT's str_find_aux (init clamped into the subject; plain search for find without specials).
int findOrMatch(lua_State* L, bool find) {
    std::size_t len = 0, plen = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    const char* p = luaL_checklstring(L, 2, &plen);
    std::int32_t start = optInt(L, 3, 1);
    if (start < 0)
        start += static_cast<std::int32_t>(len);
    else
        --start;
    std::size_t at = start < 0 ? 0 : static_cast<std::size_t>(start);
    if (at > len) at = len;
    Matcher m(L, s, len);
    if (find && (lua_toboolean(L, 4) || !pattern::hasSpecials(p, plen))) {
        const char* q = pattern::findPlain(m, s + at, len - at, p, plen);
        m.flush();
        if (!q) {
            lua_pushnil(L);
            return 1;
        }
        lua_pushinteger(L, q - s + 1);
        lua_pushinteger(L, q - s + static_cast<std::ptrdiff_t>(plen));
        return 2;
    }
    const bool anchor = *p == '^';
    if (anchor) ++p;
    const char* from = s + at;
    do {
        if (const char* e = m.matchAt(from, p)) {
            m.flush();
            if (!find) return m.pushCaptures(from, e);
            lua_pushinteger(L, from - s + 1);
            lua_pushinteger(L, e - s);
            return m.pushCaptures(nullptr, nullptr) + 2;
        }
    } while (from++ < m.subjectEnd && !anchor);
    m.flush();
    lua_pushnil(L);
    return 1;
}
int strFind(lua_State* L) { return findOrMatch(L, true); }
int strMatch(lua_State* L) { return findOrMatch(L, false); }

// gmatch's iterator: upvalues subject, pattern, next position. An empty match moves on by one byte.
int gmatchStep(lua_State* L) {
    std::size_t len = 0;
    const char* s = lua_tolstring(L, lua_upvalueindex(1), &len);
    const char* p = lua_tostring(L, lua_upvalueindex(2));
    const auto pos = static_cast<std::size_t>(lua_tonumber(L, lua_upvalueindex(3)));
    Matcher m(L, s, len);
    for (const char* from = s + pos; from <= m.subjectEnd; ++from) {
        if (const char* e = m.matchAt(from, p)) {
            m.flush();
            lua_pushnumber(L, static_cast<lua_Number>(e - s + (e == from ? 1 : 0)));
            lua_replace(L, lua_upvalueindex(3));
            return m.pushCaptures(from, e);
        }
    }
    m.flush();
    return 0;
}

int strGmatch(lua_State* L) {
    luaL_checkstring(L, 1);
    luaL_checkstring(L, 2);
    lua_settop(L, 2);
    lua_pushnumber(L, 0);
    lua_pushcclosure(L, gmatchStep, 3);
    return 1;
}

// gsub's replacement string: %0 the match, %1-%9 captures, % before anything else that byte (a trailing % adds the
// string's terminating NUL, as LuaJIT reads it).
void addReplacementString(Matcher& m, luaL_Buffer* b, const char* s, const char* e) {
    lua_State* L = m.L;
    std::size_t len = 0;
    const char* r = lua_tolstring(L, 3, &len);
    for (std::size_t i = 0; i < len; ++i) {
        if (r[i] != '%') {
            luaL_addchar(b, r[i]);
            m.step();
            continue;
        }
        ++i;
        if (r[i] < '0' || r[i] > '9') {
            luaL_addchar(b, r[i]);
            m.step();
        } else if (r[i] == '0') {
            luaL_addlstring(b, s, static_cast<std::size_t>(e - s));
            m.step(static_cast<std::uint32_t>(e - s));
        } else {
            m.pushCapture(r[i] - '1', s, e);
            m.step(static_cast<std::uint32_t>(lua_objlen(L, -1)));
            luaL_addvalue(b);
        }
    }
}

void addReplacement(Matcher& m, luaL_Buffer* b, const char* s, const char* e) {
    lua_State* L = m.L;
    switch (lua_type(L, 3)) {
        case LUA_TNUMBER:
        case LUA_TSTRING:
            addReplacementString(m, b, s, e);
            return;
        case LUA_TFUNCTION: {
            m.flush();  // the callback runs Lua: its own instructions count from here
            lua_pushvalue(L, 3);
            const int n = m.pushCaptures(s, e);
            lua_call(L, n, 1);
            break;
        }
        default:  // a table
            m.pushCapture(0, s, e);
            lua_gettable(L, 3);
            break;
    }
    if (!lua_toboolean(L, -1)) {  // nil or false: keep the match
        lua_pop(L, 1);
        lua_pushlstring(L, s, static_cast<std::size_t>(e - s));
    } else if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    }
    m.step(static_cast<std::uint32_t>(lua_objlen(L, -1)));
    luaL_addvalue(b);
}

int strGsub(lua_State* L) {
    std::size_t len = 0;
    const char* src = luaL_checklstring(L, 1, &len);
    const char* p = luaL_checkstring(L, 2);
    const int replType = lua_type(L, 3);
    const int maxCount = static_cast<int>(luaL_optinteger(L, 4, static_cast<lua_Integer>(len + 1)));
    const bool anchor = *p == '^';
    if (anchor) ++p;
    if (replType != LUA_TNUMBER && replType != LUA_TSTRING && replType != LUA_TFUNCTION && replType != LUA_TTABLE)
        luaL_argerror(L, 3, "string/function/table expected");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    Matcher m(L, src, len);
    int n = 0;
    while (n < maxCount) {
        const char* e = m.matchAt(src, p);
        if (e) {
            ++n;
            addReplacement(m, &b, src, e);
        }
        if (e && e > src) {
            src = e;
        } else if (src < m.subjectEnd) {
            luaL_addchar(&b, *src++);
            m.step();
        } else {
            break;
        }
        if (anchor) break;
    }
    luaL_addlstring(&b, src, static_cast<std::size_t>(m.subjectEnd - src));
    m.step(static_cast<std::uint32_t>(m.subjectEnd - src));
    m.flush();
    luaL_pushresult(&b);
    lua_pushinteger(L, n);
    return 2;
}

// A "bad argument #k to '?' (detail)" message of a library function we called: k and where the detail starts.
bool parseArgError(const char* msg, int* k, const char** detail) {
    int used = 0;
    if (std::sscanf(msg, "bad argument #%d to '?' (%n", k, &used) != 1 || used == 0) return false;
    *detail = msg + used;
    return std::strlen(*detail) > 0 && (*detail)[std::strlen(*detail) - 1] == ')';
}

// Whether a message starts with "file:line: " (raised by Lua code, e.g. a __tostring metamethod).
bool hasPosition(const char* msg) { return !parseMessage(msg).file.empty(); }

// Raises the error of a library function called from this C function as if it had been called directly: LuaJIT
// names the function and places the error by the frame that called it, which here is ours. Limits, memory and
// errors that already carry a position (a __tostring metamethod's) go on unchanged.
int raiseAsCalledDirectly(lua_State* L, int status) {
    if (status != LUA_ERRRUN || implOf(L).limitHit != LimitHit::None || !lua_isstring(L, -1)) return lua_error(L);
    const char* msg = lua_tostring(L, -1);
    int k = 0;
    const char* detail = nullptr;
    if (parseArgError(msg, &k, &detail)) {
        lua_pushlstring(L, detail, std::strlen(detail) - 1);
        return luaL_argerror(L, k, lua_tostring(L, -1));
    }
    if (hasPosition(msg)) return lua_error(L);
    return luaL_error(L, "%s", msg);
}

// string.format: LuaJIT's own (upvalue 1), then its result's bytes charged.
int strFormat(lua_State* L) {
    const int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    const int status = lua_pcall(L, n, 1, 0);
    if (status != 0) return raiseAsCalledDirectly(L, status);
    charge(L, lua_objlen(L, -1));
    return 1;
}

}  // namespace

void openChargedString(Runtime& /*rt*/, lua_State* L) {
    lua_getglobal(L, "string");
    const luaL_Reg fns[] = {{"rep", strRep},       {"find", strFind}, {"match", strMatch},
                            {"gmatch", strGmatch}, {"gsub", strGsub}, {nullptr, nullptr}};
    setFuncs(L, fns);
    lua_getfield(L, -1, "format");
    lua_pushcclosure(L, strFormat, 1);
    lua_setfield(L, -2, "format");
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
