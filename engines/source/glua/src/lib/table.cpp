// table.concat charged to the call's budget (budget mode only; the JIT mode keeps LuaJIT's own): the result's length
// is summed first, so its bytes are charged and its buffer allocated once, exactly sized, before a byte is copied
// (over Options::memoryLimit the allocation is refused: "not enough memory"). LuaJIT 2.1's arguments and errors:
// elements read raw, strings and numbers (%.14g) only.
#include <cstring>

#include "../internal.hpp"

namespace vestige::source::glua {
namespace {

// Pushes t[i] (raw) and returns its bytes (a string, or a number converted), or nullptr for any other value.
const char* elementText(lua_State* L, int i, std::size_t* len) {
    lua_rawgeti(L, 1, i);
    const int type = lua_type(L, -1);
    if (type == LUA_TSTRING || type == LUA_TNUMBER) return lua_tolstring(L, -1, len);
    return nullptr;
}

[[noreturn]] void badElement(lua_State* L, int i) {
    luaL_error(L, "invalid value (%s) at index %d in table for 'concat'", luaL_typename(L, -1), i);
    __builtin_unreachable();
}

int tabConcat(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    std::size_t sepLen = 0;
    const char* sep = lua_isnoneornil(L, 2) ? "" : luaL_checklstring(L, 2, &sepLen);
    const std::int32_t first = lua_isnoneornil(L, 3) ? 1 : luajitInt32(luaL_checknumber(L, 3));
    const std::int32_t last =
        lua_isnoneornil(L, 4) ? static_cast<std::int32_t>(lua_objlen(L, 1)) : luajitInt32(luaL_checknumber(L, 4));
    if (first > last) {
        lua_pushliteral(L, "");
        return 1;
    }
    std::uint64_t total = 0;
    for (std::int64_t i = first; i <= last; ++i) {
        std::size_t len = 0;
        if (!elementText(L, static_cast<int>(i), &len)) badElement(L, static_cast<int>(i));
        lua_pop(L, 1);
        total += len + (i < last ? sepLen : 0);
        if (total > kMaxLuaString) raiseOutOfMemory(L);
    }
    charge(L, total + static_cast<std::uint64_t>(last - first));
    auto* out = static_cast<char*>(lua_newuserdata(L, static_cast<std::size_t>(total)));
    const int buffer = lua_gettop(L);
    char* w = out;
    for (std::int64_t i = first; i <= last; ++i) {
        std::size_t len = 0;
        const char* text = elementText(L, static_cast<int>(i), &len);
        std::memcpy(w, text, len);
        w += len;
        lua_pop(L, 1);
        if (i < last && sepLen > 0) {
            std::memcpy(w, sep, sepLen);
            w += sepLen;
        }
    }
    lua_pushlstring(L, out, static_cast<std::size_t>(total));
    lua_remove(L, buffer);
    return 1;
}

}  // namespace

void openChargedTable(Runtime& /*rt*/, lua_State* L) {
    lua_getglobal(L, "table");
    lua_pushcfunction(L, tabConcat);
    lua_setfield(L, -2, "concat");
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
