// The server-realm libraries beyond the core set, opened in one place so the runtime's list stays short: console
// variables, sql, net, util's data helpers, resource and sound, file.Open (one file each under lib/). `bit` is
// LuaJIT's BitOp module (luaL_openlibs), the library GMod itself ships.
#include "server_api.hpp"

namespace vestige::source::glua {

ServerApi& serverApi(Runtime& rt) { return *implOf(rt).api; }
ServerApi& serverApi(lua_State* L) { return *implOf(L).api; }

void openServerApi(Runtime& rt, lua_State* L) {
    implOf(rt).api = std::make_shared<ServerApi>();
    for (auto open : {openCvars, openNet, openSql, openUtilData, openResource, openSound, openFileObject}) open(rt, L);
}

}  // namespace vestige::source::glua
