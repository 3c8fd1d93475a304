// The sandbox: GMod exposes no io, no process control, no file loaders, no FFI, and a script must not be able to
// remove the instruction budget hook or load bytecode (LuaJIT does not verify it). What goes: io, dofile,
// loadfile, os.execute/exit/remove/rename/tmpname/getenv, package.loadlib/preload/loaders/path/cpath, ffi,
// jit.util, jit.profile, jit.attach; debug.sethook/gethook and jit.on become no-ops; load() takes text only.
#include "../internal.hpp"

namespace vestige::source::glua {
namespace {

int lLoad(lua_State* L) {
    // Text chunks only: LuaJIT bytecode is not verified and could read or write any memory.
    lua_settop(L, 4);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L);
}

int lNoop(lua_State*) { return 0; }

}  // namespace

void openSandbox(Runtime& /*rt*/, lua_State* L) {
    lua_pushnil(L);
    lua_setglobal(L, "io");
    lua_pushnil(L);
    lua_setglobal(L, "dofile");
    lua_pushnil(L);
    lua_setglobal(L, "loadfile");
    lua_getglobal(L, "os");
    for (const char* f : {"execute", "exit", "remove", "rename", "tmpname", "getenv"}) {
        lua_pushnil(L);
        lua_setfield(L, -2, f);
    }
    lua_pop(L, 1);
    lua_getglobal(L, "package");
    lua_pushnil(L);
    lua_setfield(L, -2, "loadlib");
    lua_getfield(L, -1, "loaded");
    for (const char* m : {"ffi", "io", "jit.util", "jit.profile"}) {
        lua_pushnil(L);
        lua_setfield(L, -2, m);
    }
    lua_pop(L, 1);
    // No preloads (ffi, jit.util with its trace constants, jit.profile) and no loaders (host .lua/.so search).
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "_PRELOAD");
    lua_setfield(L, -2, "preload");
    lua_newtable(L);
    lua_setfield(L, -2, "loaders");
    for (const char* f : {"path", "cpath"}) {
        lua_pushliteral(L, "");
        lua_setfield(L, -2, f);
    }
    lua_pop(L, 1);
    lua_getglobal(L, "load");
    lua_pushcclosure(L, lLoad, 1);
    lua_setglobal(L, "load");
    lua_getglobal(L, "debug");
    lua_pushcfunction(L, lNoop);
    lua_setfield(L, -2, "sethook");
    lua_pushcfunction(L, lNoop);
    lua_setfield(L, -2, "gethook");
    lua_pop(L, 1);
    lua_getglobal(L, "jit");
    if (lua_istable(L, -1)) {
        lua_pushcfunction(L, lNoop);  // jit.on would bypass the budget (compiled code runs no hooks)
        lua_setfield(L, -2, "on");
        lua_pushnil(L);  // trace events hand out internal functions and trace constants
        lua_setfield(L, -2, "attach");
    }
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
