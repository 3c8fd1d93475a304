// Scripted weapons (SWEPs) as GMod loads them: lua/weapons, then gamemodes/<chain>/entities/weapons (base first), in
// both forms (forEachEntityScript), each file run with a fresh SWEP table and handed to the weapons module's
// Register. GMod's own module in install mode, our lua/includes/modules/weapons.lua in standalone mode.
#include "internal.hpp"

namespace vestige::source::glua {
namespace {

// Calls <module>.OnLoaded() when the module has one (GMod calls it once every script is in: baseclass.Set of each
// class, so DEFINE_BASECLASS tables fill only then, whatever the load order was).
void callOnLoaded(Runtime& rt, const char* module) {
    lua_State* L = rt.state();
    lua_getglobal(L, module);
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "OnLoaded");
        lua_remove(L, -2);
        if (lua_isfunction(L, -1)) {
            (void)rt.protectedCall(0, 0);
            return;
        }
    }
    lua_pop(L, 1);
}

// One weapon: `path` run with SWEP = {Primary = {}, Secondary = {}, Folder = "weapons/<class>"} (the wiki's SWEP
// structure: Folder is relative to the LUA path, so file.Find(SWEP.Folder .. "/x", "LUA") finds files beside it),
// then weapons.Register(SWEP, class). A script that fails is reported and not registered, as in GMod.
void loadWeapon(Runtime& rt, const std::string& cls, const std::string& path) {
    lua_State* L = rt.state();
    lua_createtable(L, 0, 4);
    lua_newtable(L);
    lua_setfield(L, -2, "Primary");
    lua_newtable(L);
    lua_setfield(L, -2, "Secondary");
    lua_pushstring(L, ("weapons/" + cls).c_str());
    lua_setfield(L, -2, "Folder");
    runScriptedClassFile(rt, "SWEP", "weapons", cls, path);
}

}  // namespace

void loadWeapons(Runtime& rt) {
    lua_State* L = rt.state();
    lua_getglobal(L, "weapons");
    const bool have = lua_istable(L, -1);
    lua_pop(L, 1);
    if (have)
        forEachEntityScript(rt, "lua/weapons", "weapons",
                            [&](const std::string& cls, const std::string& path) { loadWeapon(rt, cls, path); });
    callOnLoaded(rt, "scripted_ents");
    if (have) callOnLoaded(rt, "weapons");
}

}  // namespace vestige::source::glua
