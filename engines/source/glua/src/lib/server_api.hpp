#pragma once
// State of the server-realm libraries under lib/ (cvars, net, sql, resource, sound), kept apart from Runtime::Impl so
// each library owns its part; Impl holds one ServerApi (Impl::api).
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../internal.hpp"

struct sqlite3;

namespace vestige::source::glua {

// One console variable (CreateConVar / the engine's own). Values are strings, as in Source; numeric reads parse them.
struct ConVarRecord {
    std::string name;  // as created (lookups fold ASCII case)
    std::string value, defaultValue, help;
    std::uint32_t flags = 0;  // FCVAR_*
    std::optional<double> min, max;
};

// The net message being built between net.Start and a Send*, as Source's bf_write: bits LSB first.
struct BitWriter {
    std::vector<std::uint8_t> bytes;
    std::uint64_t bits = 0;
    void write(std::uint64_t value, int count);  // the low `count` bits of value (count <= 64)
};

struct BitReader {
    const std::vector<std::uint8_t>* bytes = nullptr;
    std::uint64_t bits = 0, pos = 0;
    bool overflow = false;
    std::uint64_t read(int count);  // 0 and overflow past the end
};

struct ServerApi {
    ~ServerApi();
    // cvars.cpp
    std::map<std::string, ConVarRecord> convars;  // key: ASCII-lowered name
    int convarMetaRef = LUA_NOREF;
    const void* convarMeta = nullptr;
    // net.cpp
    std::vector<std::string> networkStrings;          // id = index + 1
    std::map<std::string, std::uint16_t> networkIds;  // ASCII-lowered name -> id
    bool building = false;
    std::string buildingName;
    bool buildingUnreliable = false;
    BitWriter message;
    std::vector<NetMessage> outbox;
    std::map<std::string, NetCount> netCounts;
    std::optional<BitReader> incoming;  // while net.Incoming runs
    std::vector<std::uint8_t> incomingBytes;
    // sql.cpp
    sqlite3* db = nullptr;
    bool dbTried = false;
    std::string sqlError;
    // resource.cpp
    std::vector<ClientResource> resources;
};

ServerApi& serverApi(lua_State* L);
ServerApi& serverApi(Runtime& rt);

// RunConsoleCommand(name, value...) of a console variable sets it (cvars.cpp); false when `name` is no variable.
bool setConVarFromCommand(lua_State* L, const char* name, int firstArg);
void openCvars(Runtime& rt, lua_State* L);     // CreateConVar, GetConVar, ConVar metatable, cvars natives
void openNet(Runtime& rt, lua_State* L);       // net (server half), util.AddNetworkString & co.
void openSql(Runtime& rt, lua_State* L);       // sql on SQLite (sv.db under the data dir)
void openUtilData(Runtime& rt, lua_State* L);  // util JSON/Compress/CRC/Base64/KeyValues/SharedRandom...
void openResource(Runtime& rt, lua_State* L);  // resource.AddFile/AddSingleFile/AddWorkshop
void openSound(Runtime& rt, lua_State* L);     // sound.Add/GetProperties/GetTable
void openFileObject(Runtime& rt, lua_State* L);
// file.cpp's sandbox for file.Open: the bytes of `name` under `pathId` (nullopt: absent, a directory, refused), and
// the DATA host path a write of `name` goes to (refused: no data dir, escapes, extension, symlink).
std::optional<std::string> readGameFile(Runtime& rt, const std::string& name, const std::string& pathId);
Result<std::filesystem::path> dataWriteTarget(Runtime& rt,
                                              const std::string& name);  // file.Open and the File metatable

}  // namespace vestige::source::glua
