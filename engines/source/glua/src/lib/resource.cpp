// resource (the files offered to clients, Runtime::clientResources; game.AddParticles and PrecacheParticleSystem
// add theirs) and sound.Add's soundscripts.
// resource.AddFile adds the file and its companions as the wiki lists them (.vmt -> .vtf; .mdl -> .vvd, .ani,
// .dx80.vtx, .dx90.vtx, .sw.vtx, .phy, .jpg), each only when it exists under a GAME root (a missing one is a
// warning, as GMod reports it); AddSingleFile adds just the file, AddWorkshop an item id. Each entry is offered once.
// sound.Add stores the wiki's SoundData (name, channel, volume, level, pitch, sound: numbers or {min, max} ranges,
// one wave or a list); sound.GetProperties returns it back, sound.GetTable lists the names.
#include <algorithm>

#include "server_api.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::glua {
namespace {

void offer(Runtime& rt, std::string kind, std::string path) {
    auto& list = serverApi(rt).resources;
    for (const auto& r : list)
        if (r.kind == kind && iequals(r.path, path)) return;
    list.push_back({std::move(kind), std::move(path)});
}

void addFileImpl(Runtime& rt, const std::string& path, bool related) {
    offer(rt, "file", path);
    if (!related) return;
    std::vector<std::string> extra;
    const auto dot = path.rfind('.');
    const std::string stem = dot == std::string::npos ? path : path.substr(0, dot);
    if (endsWithNoCase(path, ".vmt")) extra = {".vtf"};
    if (endsWithNoCase(path, ".mdl")) extra = {".vvd", ".ani", ".dx80.vtx", ".dx90.vtx", ".sw.vtx", ".phy", ".jpg"};
    for (const auto& ext : extra) {
        const std::string companion = stem + ext;
        if (readGameFile(rt, companion, "GAME"))
            offer(rt, "file", companion);
        else if (ext != ".ani" && ext != ".phy" && ext != ".jpg")  // optional companions
            warn(rt, "resource.AddFile: '" + companion + "' not found");
    }
}

int rAddFile(lua_State* L) {
    addFileImpl(runtimeOf(L), luaL_checkstring(L, 1), true);
    return 0;
}
int rAddSingleFile(lua_State* L) {
    addFileImpl(runtimeOf(L), luaL_checkstring(L, 1), false);
    return 0;
}
int rAddWorkshop(lua_State* L) {
    offer(runtimeOf(L), "workshop", luaL_checkstring(L, 1));
    return 0;
}

// game.AddParticles(file) and PrecacheParticleSystem(name): particle files and systems the clients load (GMod
// loads the file on both sides; the headless server keeps the list, in the order added).
int rAddParticles(lua_State* L) {
    offer(runtimeOf(L), "particles", luaL_checkstring(L, 1));
    return 0;
}
int rPrecacheParticleSystem(lua_State* L) {
    offer(runtimeOf(L), "particle system", luaL_checkstring(L, 1));
    return 0;
}

// A number or a {min, max} table field: both ends (a number gives the same value twice).
std::pair<double, double> rangeField(lua_State* L, int t, const char* key, double fallback) {
    lua_getfield(L, t, key);
    std::pair<double, double> r{fallback, fallback};
    if (lua_isnumber(L, -1)) {
        r.first = r.second = lua_tonumber(L, -1);
    } else if (lua_istable(L, -1)) {
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        r.first = luaL_optnumber(L, -2, fallback);
        r.second = luaL_optnumber(L, -1, r.first);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    return r;
}

int sAdd(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, 1, "name");
    const char* name = lua_tostring(L, -1);
    if (!name) return luaL_argerror(L, 1, "SoundData.name must be a string");
    SoundScript s;
    s.name = name;
    lua_getfield(L, 1, "channel");
    s.channel = static_cast<int>(luaL_optinteger(L, -1, 0));  // CHAN_AUTO
    lua_getfield(L, 1, "level");
    s.level = static_cast<int>(luaL_optinteger(L, -1, 75));  // SNDLVL_NORM
    lua_pop(L, 2);
    s.volume = rangeField(L, 1, "volume", 1.0).first;
    std::tie(s.pitchStart, s.pitchEnd) = rangeField(L, 1, "pitch", 100.0);
    lua_getfield(L, 1, "sound");
    if (lua_isstring(L, -1)) {
        s.sounds.emplace_back(lua_tostring(L, -1));
    } else if (lua_istable(L, -1)) {
        for (int i = 1;; ++i) {
            lua_rawgeti(L, -1, i);
            if (!lua_isstring(L, -1)) {
                lua_pop(L, 1);
                break;
            }
            s.sounds.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 2);
    const std::string key = asciiLower(s.name);
    serverApi(L).sounds[key] = std::move(s);
    return 0;
}

int sGetProperties(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    const auto& all = serverApi(L).sounds;
    const auto it = all.find(asciiLower(name));
    if (it == all.end()) return 0;
    const SoundScript& s = it->second;
    lua_createtable(L, 0, 6);
    lua_pushstring(L, s.name.c_str());
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, s.channel);
    lua_setfield(L, -2, "channel");
    lua_pushnumber(L, s.volume);
    lua_setfield(L, -2, "volume");
    lua_pushinteger(L, s.level);
    lua_setfield(L, -2, "level");
    if (s.pitchStart == s.pitchEnd) {
        lua_pushnumber(L, s.pitchStart);
    } else {
        lua_createtable(L, 2, 0);
        lua_pushnumber(L, s.pitchStart);
        lua_rawseti(L, -2, 1);
        lua_pushnumber(L, s.pitchEnd);
        lua_rawseti(L, -2, 2);
    }
    lua_setfield(L, -2, "pitch");
    if (s.sounds.size() == 1) {
        lua_pushstring(L, s.sounds.front().c_str());
    } else {
        lua_createtable(L, static_cast<int>(s.sounds.size()), 0);
        for (std::size_t i = 0; i < s.sounds.size(); ++i) {
            lua_pushstring(L, s.sounds[i].c_str());
            lua_rawseti(L, -2, static_cast<int>(i + 1));
        }
    }
    lua_setfield(L, -2, "sound");
    return 1;
}

int sGetTable(lua_State* L) {
    const auto& all = serverApi(L).sounds;
    lua_createtable(L, static_cast<int>(all.size()), 0);
    int i = 0;
    for (const auto& [key, s] : all) {
        lua_pushstring(L, s.name.c_str());
        lua_rawseti(L, -2, ++i);
    }
    return 1;
}

}  // namespace

void openResource(Runtime& /*rt*/, lua_State* L) {
    const luaL_Reg resource[] = {
        {"AddFile", rAddFile}, {"AddSingleFile", rAddSingleFile}, {"AddWorkshop", rAddWorkshop}, {nullptr, nullptr}};
    lua_newtable(L);
    setFuncs(L, resource);
    lua_setglobal(L, "resource");
    lua_getglobal(L, "game");  // lib/game.cpp opened it
    lua_pushcfunction(L, rAddParticles);
    lua_setfield(L, -2, "AddParticles");
    lua_pop(L, 1);
    lua_register(L, "PrecacheParticleSystem", rPrecacheParticleSystem);
}

void openSound(Runtime& /*rt*/, lua_State* L) {
    const luaL_Reg sound[] = {
        {"Add", sAdd}, {"GetProperties", sGetProperties}, {"GetTable", sGetTable}, {nullptr, nullptr}};
    lua_newtable(L);
    setFuncs(L, sound);
    lua_setglobal(L, "sound");
}

const std::vector<ClientResource>& Runtime::clientResources() const { return mImpl->api->resources; }

}  // namespace vestige::source::glua
