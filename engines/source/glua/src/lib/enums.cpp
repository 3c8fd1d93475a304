// GMod's enumerations and global constants of the server realm. The enumerations are one data file,
// data/gmod_enums.txt (every wiki family of realm shared/server with the wiki's values, embedded at build time as
// kGmodEnums); the global constants (GAME_DLL, VERSIONSTR, MAX_EDICT_BITS, ...) follow the wiki's Global_Variables
// page. Natives that own a family (util.cpp: CONTENTS/MASK/COLLISION_GROUP, base.cpp: TYPE_*) set the same values
// afterwards; server_api_test.cpp checks them against values copied from the wiki and every data-file entry as a
// global.
#include <string_view>

#include "../internal.hpp"
#include "vestige/core/parse.hpp"

namespace vestige::source::glua {
namespace {

// Calls fn(family, tableName, name, value) for every entry of the data file; malformed lines are skipped (the test
// reads the file itself and checks every entry is a global, so a line skipped here fails it).
template <class Fn>
void forEachEnum(std::string_view text, Fn&& fn) {
    std::string_view family, table;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        if (line.empty() || line[0] == '#') continue;
        if (line[0] == '@') {  // "@ <page> [table <NAME>]"
            line.remove_prefix(std::min<std::size_t>(2, line.size()));
            const auto sp = line.find(' ');
            family = line.substr(0, sp);
            table = sp == std::string_view::npos ? std::string_view() : line.substr(sp + 1);
            if (table.substr(0, 6) == "table ") table.remove_prefix(6);
            continue;
        }
        const auto sp = line.find(' ');
        if (sp == std::string_view::npos) continue;
        const auto value = parseInteger<long long>(line.substr(sp + 1));
        if (!value) continue;
        fn(family, table, line.substr(0, sp), *value);
    }
}

}  // namespace

std::string enumName(std::string_view family, long long value) {
    const std::string_view text(reinterpret_cast<const char*>(kGmodEnums), kGmodEnumsSize);
    std::string found;
    forEachEnum(text, [&](std::string_view fam, std::string_view, std::string_view name, long long v) {
        if (found.empty() && v == value && fam == family) found = name;
    });
    return found;
}

void openEnums(Runtime& rt, lua_State* L) {
    const std::string_view text(reinterpret_cast<const char*>(kGmodEnums), kGmodEnumsSize);
    forEachEnum(text, [L](std::string_view, std::string_view table, std::string_view name, long long value) {
        if (table.empty()) {
            lua_pushlstring(L, name.data(), name.size());
            lua_pushnumber(L, static_cast<lua_Number>(value));
            lua_rawset(L, LUA_GLOBALSINDEX);
            return;
        }
        lua_pushlstring(L, table.data(), table.size());
        lua_rawget(L, LUA_GLOBALSINDEX);
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            lua_newtable(L);
            lua_pushlstring(L, table.data(), table.size());
            lua_pushvalue(L, -2);
            lua_rawset(L, LUA_GLOBALSINDEX);
        }
        lua_pushlstring(L, name.data(), name.size());
        lua_pushnumber(L, static_cast<lua_Number>(value));
        lua_rawset(L, -3);
        lua_pop(L, 1);
    });

    // Global constants (wiki: Global_Variables). The server realm is the game DLL; one player slot, so player indices
    // need one bit; GMod networks 8192 edicts (13 bits). VERSION/BRANCH are set with SERVER/CLIENT in base.cpp.
    lua_pushboolean(L, 1);
    lua_setglobal(L, "GAME_DLL");
    lua_pushstring(L, "2024.00.00");  // base.cpp's VERSION 240000 (YYMMDD) spelled the way VERSIONSTR is
    lua_setglobal(L, "VERSIONSTR");
    lua_pushinteger(L, 13);
    lua_setglobal(L, "MAX_EDICT_BITS");
    lua_pushinteger(L, 1);
    lua_setglobal(L, "MAX_PLAYER_BITS");
    lua_pushstring(L, rt.options().gamemode.c_str());
    lua_setglobal(L, "GAMEMODE_NAME");
}

}  // namespace vestige::source::glua
