// Fuzz the GLua translator: the output must keep the input's newline count, and LuaJIT must either
// load it or return a clean syntax error (never crash, never hang in the translator).
#include <lua.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "vestige/source/glua/translator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view src(reinterpret_cast<const char*>(data), size);
    const std::string out = vestige::source::glua::translate(src);
    if (std::count(out.begin(), out.end(), '\n') != std::count(src.begin(), src.end(), '\n')) std::abort();
    static lua_State* L = [] {
        lua_State* s = luaL_newstate();
        return s;
    }();
    const int status = luaL_loadbuffer(L, out.data(), out.size(), "=fuzz");
    if (status != 0 && status != LUA_ERRSYNTAX && status != LUA_ERRMEM) std::abort();
    lua_settop(L, 0);  // loaded, never run: the runtime's budget covers execution
    return 0;
}
