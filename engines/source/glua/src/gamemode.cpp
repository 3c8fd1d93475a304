// Gamemodes (GMod's gamemode/<name>/gamemode/init.lua with a fresh GM, DeriveGamemode bases, <name>.txt "base")
// and scripted entities (lua/entities, the gamemode chain's entities/entities).
#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "internal.hpp"
#include "vestige/core/text.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::glua {

bool loadGamemode(Runtime& rt, const std::string& name) {
    lua_State* L = rt.state();
    auto& impl = implOf(rt);
    // Already registered?
    lua_getglobal(L, "gamemode");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "Get");
        lua_pushstring(L, name.c_str());
        if (rt.protectedCall(1, 1)) {
            const bool have = !lua_isnil(L, -1);
            lua_pop(L, 2);
            if (have) return true;
        } else {
            lua_pop(L, 1);
        }
    } else {
        lua_pop(L, 1);
    }
    const std::string initPath = "gamemodes/" + name + "/gamemode/" + realmEntryFile(rt);
    if (std::find(impl.gamemodeLoading.begin(), impl.gamemodeLoading.end(), name) != impl.gamemodeLoading.end()) {
        recordError(rt, {initPath, 0, fmt::format("gamemode '{}' derives from itself", name), ""});
        return false;
    }
    if (!findGameFile(rt, initPath)) {
        recordError(rt, {"", 0, fmt::format("gamemode '{}' not found ({} is missing)", name, initPath), "",
                         LuaError::Kind::File});
        return false;
    }
    // gamemodes/<name>/<name>.txt may declare "base" "<gamemode>": GMod loads that base first.
    if (auto txt = findGameFile(rt, "gamemodes/" + name + "/" + name + ".txt")) {
        const std::string& kv = txt->data;
        const auto brace = kv.find('{');  // skip the root key, which is the gamemode's own name
        const auto key = brace == std::string::npos ? brace : asciiLower(kv).find("\"base\"", brace);
        if (key != std::string::npos) {
            const auto open = kv.find('"', key + 6);
            const auto close = open == std::string::npos ? open : kv.find('"', open + 1);
            if (close != std::string::npos && close > open + 1) {
                const std::string base = kv.substr(open + 1, close - open - 1);
                if (base != name && vfs::splitPath(base).ok()) {
                    impl.gamemodeBase[name] = base;
                    impl.gamemodeLoading.push_back(name);
                    (void)loadGamemode(rt, base);
                    impl.gamemodeLoading.pop_back();
                }
            }
        }
    }
    lua_getglobal(L, "GM");
    const int savedRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    lua_pushstring(L, name.c_str());
    lua_setfield(L, -2, "FolderName");
    lua_pushstring(L, ("gamemodes/" + name).c_str());
    lua_setfield(L, -2, "Folder");
    lua_pushstring(L, name.c_str());
    lua_setfield(L, -2, "Name");
    lua_pushstring(L, ("gamemode_" + name).c_str());
    lua_setfield(L, -2, "ThisClass");
    lua_setglobal(L, "GM");
    impl.gamemodeLoading.push_back(name);
    bool ok = false;
    if (loadIncludeChunk(rt, L, initPath, "")) ok = rt.protectedCall(0, 0);
    impl.gamemodeLoading.pop_back();
    // gamemode.Register(GM, name, base)
    lua_getglobal(L, "gamemode");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "Register");
        lua_remove(L, -2);
        lua_getglobal(L, "GM");
        lua_pushstring(L, name.c_str());
        auto base = impl.gamemodeBase.find(name);
        if (base != impl.gamemodeBase.end())
            lua_pushstring(L, base->second.c_str());
        else
            lua_pushnil(L);
        ok = rt.protectedCall(3, 0) && ok;
    } else {
        lua_pop(L, 1);
        recordError(rt, {"", 0, "gamemode library missing: cannot register gamemode '" + name + "'", ""});
        ok = false;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, savedRef);
    lua_setglobal(L, "GM");
    luaL_unref(L, LUA_REGISTRYINDEX, savedRef);
    return ok;
}

void runScriptedClassFile(Runtime& rt, const char* global, const char* module, const std::string& cls,
                          const std::string& path) {
    lua_State* L = rt.state();
    lua_setglobal(L, global);
    if (loadIncludeChunk(rt, L, path, "") && rt.protectedCall(0, 0)) {
        lua_getglobal(L, module);
        lua_getfield(L, -1, "Register");
        lua_remove(L, -2);
        lua_getglobal(L, global);
        lua_pushstring(L, cls.c_str());
        (void)rt.protectedCall(2, 0);
    }
    lua_pushnil(L);
    lua_setglobal(L, global);
}

// One scripted entity: `path` run with a fresh ENT (ClassName, Folder), then scripted_ents.Register(ENT, class).
void loadScriptedEntity(Runtime& rt, const std::string& cls, const std::string& path) {
    lua_State* L = rt.state();
    lua_newtable(L);
    lua_pushstring(L, cls.c_str());
    lua_setfield(L, -2, "ClassName");
    lua_pushstring(L, ("entities/" + cls).c_str());
    lua_setfield(L, -2, "Folder");
    runScriptedClassFile(rt, "ENT", "scripted_ents", cls, path);
}

std::vector<std::string> gamemodeChain(Runtime& rt) {
    auto& impl = implOf(rt);
    std::vector<std::string> chain;
    for (std::string gm = rt.options().gamemode; !gm.empty() && chain.size() < 16;) {
        chain.push_back(gm);
        auto it = impl.gamemodeBase.find(gm);
        gm = it == impl.gamemodeBase.end() ? std::string() : it->second;
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
}

void forEachEntityScript(Runtime& rt, const std::string& libraryDir, const std::string& gamemodeSubdir,
                         const std::function<void(const std::string&, const std::string&)>& load) {
    std::vector<std::string> dirs{libraryDir};
    for (const auto& gm : gamemodeChain(rt)) dirs.push_back("gamemodes/" + gm + "/entities/" + gamemodeSubdir);
    for (const auto& dir : dirs) {
        for (const auto& file : findGameFiles(rt, dir, ".lua"))
            load(asciiLower(file.substr(0, file.size() - 4)), dir + "/" + file);
        for (const auto& folder : findGameEntries(rt, dir, "", true)) {
            const std::string base = dir + "/" + folder;
            const auto files = findGameFiles(rt, base, ".lua");
            const auto has = [&](const char* name) {
                return std::any_of(files.begin(), files.end(), [&](const std::string& f) { return iequals(f, name); });
            };
            const char* own = realmEntryFile(rt);
            const char* entry = has(own) ? own : has("shared.lua") ? "shared.lua" : nullptr;
            if (entry) load(asciiLower(folder), base + "/" + entry);
        }
    }
}

// lua/entities and gamemodes/<chain>/entities/entities, when the scripted_ents module exists (GMod's own, in install
// mode).
void loadScriptedEntities(Runtime& rt) {
    lua_State* L = rt.state();
    lua_getglobal(L, "scripted_ents");
    const bool have = lua_istable(L, -1);
    lua_pop(L, 1);
    if (!have) return;
    forEachEntityScript(rt, "lua/entities", "entities",
                        [&](const std::string& cls, const std::string& path) { loadScriptedEntity(rt, cls, path); });
}

}  // namespace vestige::source::glua
