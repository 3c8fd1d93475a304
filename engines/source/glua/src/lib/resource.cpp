// resource (the files offered to clients, Runtime::clientResources; game.AddParticles and PrecacheParticleSystem
// add theirs) and sound.Add's soundscripts.
// resource.AddFile adds the file and its companions as the wiki lists them (.vmt -> .vtf; .mdl -> .vvd, .ani,
// .dx80.vtx, .dx90.vtx, .sw.vtx, .phy, .jpg), each only when it exists under a GAME root (a missing one is a
// warning, as GMod reports it); AddSingleFile adds just the file, AddWorkshop an item id. Each entry is offered once.
// sound.Add stores the wiki's SoundData (name, channel, volume, level, pitch, sound: numbers or {min, max} ranges,
// one wave or a list) in the world's soundscript registry, beside the game_sounds files' scripts; sound.GetProperties
// returns any of them, sound.GetTable lists the names.
#include <algorithm>

#include "entity_binding.hpp"
#include "server_api.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/game/world.hpp"

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

// sound.Add: a script in the world's registry beside the game_sounds files' (a later name replaces an earlier).
int sAdd(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, 1, "name");
    const char* name = lua_tostring(L, -1);
    if (!name) return luaL_argerror(L, 1, "SoundData.name must be a string");
    game::SoundScript s;
    s.name = name;
    s.file = "lua";
    lua_getfield(L, 1, "channel");
    s.channel = static_cast<int>(luaL_optinteger(L, -1, 0));  // CHAN_AUTO
    lua_getfield(L, 1, "level");
    s.soundLevel = static_cast<float>(luaL_optinteger(L, -1, 75));  // SNDLVL_NORM
    lua_pop(L, 3);
    const auto [v0, v1] = rangeField(L, 1, "volume", 1.0);
    const auto [p0, p1] = rangeField(L, 1, "pitch", 100.0);
    s.volumeMin = static_cast<float>(v0);
    s.volumeMax = static_cast<float>(v1);
    s.pitchMin = static_cast<float>(p0);
    s.pitchMax = static_cast<float>(p1);
    lua_getfield(L, 1, "sound");
    if (lua_isstring(L, -1)) {
        s.waves.emplace_back(lua_tostring(L, -1));
    } else if (lua_istable(L, -1)) {
        for (int i = 1;; ++i) {
            lua_rawgeti(L, -1, i);
            if (!lua_isstring(L, -1)) {
                lua_pop(L, 1);
                break;
            }
            s.waves.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    binding::rtOf(L).world().sounds.scripts().add(std::move(s));
    return 0;
}

void pushRange(lua_State* L, float lo, float hi) {
    if (lo == hi) {
        lua_pushnumber(L, lo);
        return;
    }
    lua_createtable(L, 2, 0);
    lua_pushnumber(L, lo);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, hi);
    lua_rawseti(L, -2, 2);
}

int sGetProperties(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    const game::SoundScript* s = binding::rtOf(L).world().sounds.scripts().find(name);
    if (!s) return 0;
    lua_createtable(L, 0, 6);
    lua_pushstring(L, s->name.c_str());
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, s->channel);
    lua_setfield(L, -2, "channel");
    pushRange(L, s->volumeMin, s->volumeMax);
    lua_setfield(L, -2, "volume");
    lua_pushinteger(L, static_cast<lua_Integer>(s->soundLevel));
    lua_setfield(L, -2, "level");
    pushRange(L, s->pitchMin, s->pitchMax);
    lua_setfield(L, -2, "pitch");
    if (s->waves.size() == 1) {
        lua_pushstring(L, s->waves.front().c_str());
    } else {
        lua_createtable(L, static_cast<int>(s->waves.size()), 0);
        for (std::size_t i = 0; i < s->waves.size(); ++i) {
            lua_pushstring(L, s->waves[i].c_str());
            lua_rawseti(L, -2, static_cast<int>(i + 1));
        }
    }
    lua_setfield(L, -2, "sound");
    return 1;
}

int sGetTable(lua_State* L) {
    const auto& all = binding::rtOf(L).world().sounds.scripts().all();
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
