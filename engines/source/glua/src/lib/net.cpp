// GMod's net library in C (its Lua half, net.Receive/Incoming and the typed helpers, is includes/extensions/net.lua).
// util.AddNetworkString pools a name (ids from 1; 0 = unknown); net.Start begins a message with its 16-bit id and
// net.Write* append bits as Source's bf_write does (LSB first):
//   Bit 1, UInt/Int n bits (1..32), UInt64 64, Float 32, Double 64, String bytes + NUL, Data bytes,
//   Vector/Angle: WriteBitVec3Coord (3 flags, then per non-zero component 2 flags + sign + 14-bit integer - 1 +
//   5-bit fraction, truncated), Normal: WriteBitVec3Normal (2 flags, x/y sign + 11-bit fraction of 2047, z sign).
// A message holds at most 64 KB (65536 bytes, header included); the write that crosses it raises. Send/SendOmit/
// Broadcast/SendPAS/SendPVS (server) queue it for its recipients (the players; there is no PVS, so PAS/PVS reach
// every player), SendToServer (client) for the server, and count it per name with net.BytesWritten's size (payload +
// the engine's 3 bytes). Read* decode an arriving message (Runtime::receiveNetMessage runs it through net.Incoming);
// deliverNetMessages carries them between the realms of one process.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "server_api.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::glua {

void BitWriter::write(std::uint64_t value, int count) {
    for (int i = 0; i < count; ++i, ++bits) {
        if (bits % 8 == 0) bytes.push_back(0);
        if ((value >> i) & 1u) bytes.back() |= static_cast<std::uint8_t>(1u << (bits % 8));
    }
}

std::uint64_t BitReader::read(int count) {
    std::uint64_t v = 0;
    for (int i = 0; i < count; ++i, ++pos) {
        if (pos >= bits) {
            overflow = true;
            return 0;
        }
        if (((*bytes)[pos / 8] >> (pos % 8)) & 1u) v |= std::uint64_t(1) << i;
    }
    return v;
}

namespace {

constexpr std::uint64_t kMaxMessageBits = 65536ull * 8;
constexpr int kCoordIntBits = 14, kCoordFracBits = 5, kCoordDenominator = 1 << kCoordFracBits;
constexpr float kCoordResolution = 1.0f / kCoordDenominator;
constexpr int kNormalFracBits = 11, kNormalDenominator = (1 << kNormalFracBits) - 1;
constexpr float kNormalResolution = 1.0f / kNormalDenominator;

ServerApi& api(lua_State* L) { return serverApi(L); }

// The message being written, or a Lua error naming the caller (no C++ object is live in the callers).
BitWriter& writer(lua_State* L) {
    auto& a = api(L);
    if (!a.building) luaL_error(L, "net message not started (call net.Start first)");
    return a.message;
}
void put(lua_State* L, std::uint64_t value, int count) {
    auto& a = api(L);
    BitWriter& w = writer(L);
    if (w.bits + static_cast<std::uint64_t>(count) > kMaxMessageBits)
        luaL_error(L, "net message '%s' exceeds the 64 KB limit (65536 bytes)", a.buildingName.c_str());
    w.write(value, count);
}
BitReader& reader(lua_State* L) {
    auto& a = api(L);
    if (!a.incoming) luaL_error(L, "no net message is being read");
    return *a.incoming;
}

int bitCount(lua_State* L, int idx) {
    const lua_Integer n = luaL_checkinteger(L, idx);
    if (n < 1 || n > 32) luaL_argerror(L, idx, "bit count must be between 1 and 32");
    return static_cast<int>(n);
}
// A Lua number as the integer GMod's C++ gets (truncation; NaN and out-of-range become 0).
std::int64_t truncated(lua_Number v) {
    return std::isfinite(v) && std::fabs(v) < 9.2e18 ? static_cast<std::int64_t>(v) : 0;
}

void writeCoord(lua_State* L, float f) {
    const bool sign = f <= -kCoordResolution;
    const int intval = static_cast<int>(std::fabs(f));
    const int fractval = std::abs(static_cast<int>(f * kCoordDenominator)) & (kCoordDenominator - 1);
    put(L, intval != 0, 1);
    put(L, fractval != 0, 1);
    if (!intval && !fractval) return;
    put(L, sign, 1);
    if (intval) put(L, static_cast<std::uint32_t>(intval - 1), kCoordIntBits);
    if (fractval) put(L, static_cast<std::uint32_t>(fractval), kCoordFracBits);
}
float readCoord(BitReader& r) {
    const bool hasInt = r.read(1), hasFrac = r.read(1);
    if (!hasInt && !hasFrac) return 0.0f;
    const bool sign = r.read(1);
    const auto intval = hasInt ? static_cast<int>(r.read(kCoordIntBits)) + 1 : 0;
    const auto fractval = hasFrac ? static_cast<int>(r.read(kCoordFracBits)) : 0;
    const float v = static_cast<float>(intval) + static_cast<float>(fractval) * kCoordResolution;
    return sign ? -v : v;
}
void writeVec3Coord(lua_State* L, Vec3 v) {
    const float c[3] = {v.x, v.y, v.z};
    bool flag[3];
    for (int i = 0; i < 3; ++i) {
        flag[i] = c[i] >= kCoordResolution || c[i] <= -kCoordResolution;
        put(L, flag[i], 1);
    }
    for (int i = 0; i < 3; ++i)
        if (flag[i]) writeCoord(L, c[i]);
}
Vec3 readVec3Coord(BitReader& r) {
    bool flag[3];
    for (bool& f : flag) f = r.read(1);
    float c[3] = {};
    for (int i = 0; i < 3; ++i)
        if (flag[i]) c[i] = readCoord(r);
    return {c[0], c[1], c[2]};
}
void writeNormalComponent(lua_State* L, float f) {
    put(L, f <= -kNormalResolution, 1);
    unsigned fractval = static_cast<unsigned>(std::abs(static_cast<int>(f * kNormalDenominator)));
    if (fractval > kNormalDenominator) fractval = kNormalDenominator;
    put(L, fractval, kNormalFracBits);
}
float readNormalComponent(BitReader& r) {
    const bool sign = r.read(1);
    const float v = static_cast<float>(r.read(kNormalFracBits)) * kNormalResolution;
    return sign ? -v : v;
}

Vec3 checkVec(lua_State* L, int idx, bool angle) {
    Vec3 v{};
    if (!toVector(runtimeOf(L), L, idx, &v, angle)) luaL_typerror(L, idx, angle ? "Angle" : "Vector");
    return v;
}

// ---- util: the network string pool ----
int uAddNetworkString(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    std::uint16_t id = 0;
    {
        auto& a = api(L);
        const std::string key = asciiLower(name);
        if (auto it = a.networkIds.find(key); it != a.networkIds.end()) {
            id = it->second;
        } else if (a.networkStrings.size() < 4095) {  // Source's string table of 4096 entries
            a.networkStrings.emplace_back(name);
            id = static_cast<std::uint16_t>(a.networkStrings.size());
            a.networkIds.emplace(key, id);
        }
    }
    lua_pushinteger(L, id);
    return 1;
}
int uNetworkStringToID(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    std::uint16_t id = 0;
    {
        auto& ids = api(L).networkIds;
        if (auto it = ids.find(asciiLower(name)); it != ids.end()) id = it->second;
    }
    lua_pushinteger(L, id);
    return 1;
}
int uNetworkIDToString(lua_State* L) {
    const lua_Integer id = luaL_checkinteger(L, 1);
    const auto& names = api(L).networkStrings;
    if (id < 1 || static_cast<std::size_t>(id) > names.size()) return 0;
    const std::string& n = names[static_cast<std::size_t>(id - 1)];
    lua_pushlstring(L, n.data(), n.size());
    return 1;
}

// ---- writing ----
int nStart(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    const bool unreliable = lua_toboolean(L, 2) != 0;
    std::uint16_t id = 0;
    {
        auto& a = api(L);
        if (auto it = a.networkIds.find(asciiLower(name)); it != a.networkIds.end()) id = it->second;
        if (id != 0) {
            a.building = true;
            a.buildingName = a.networkStrings[id - 1u];
            a.buildingUnreliable = unreliable;
            a.message = {};
            a.message.write(id, 16);
        }
    }
    if (id == 0) return luaL_error(L, "Calling net.Start with unpooled message name! [util.AddNetworkString]");
    lua_pushboolean(L, 1);
    return 1;
}
int nAbort(lua_State* L) {
    api(L).building = false;
    return 0;
}
int nWriteBit(lua_State* L) {
    put(L, lua_toboolean(L, 1) ? 1u : 0u, 1);
    return 0;
}
int nWriteUInt(lua_State* L) {
    const auto v = static_cast<std::uint64_t>(truncated(luaL_checknumber(L, 1)));
    put(L, v & 0xFFFFFFFFu, bitCount(L, 2));
    return 0;
}
int nWriteInt(lua_State* L) {
    const auto v = static_cast<std::uint64_t>(truncated(luaL_checknumber(L, 1)));
    put(L, v & 0xFFFFFFFFu, bitCount(L, 2));  // two's complement in `bits` bits
    return 0;
}
int nWriteUInt64(lua_State* L) {
    std::uint64_t v = 0;
    if (lua_type(L, 1) == LUA_TNUMBER) {
        const lua_Number n = lua_tonumber(L, 1);
        v = n <= 0 || !std::isfinite(n) ? 0 : n >= 1.8446744073709552e19 ? ~0ull : static_cast<std::uint64_t>(n);
    } else {
        const char* s = luaL_checkstring(L, 1);
        v = std::strtoull(s, nullptr, 10);  // saturates at the limit, as the wiki says
    }
    put(L, v, 64);
    return 0;
}
int nWriteFloat(lua_State* L) {
    put(L, std::bit_cast<std::uint32_t>(static_cast<float>(luaL_checknumber(L, 1))), 32);
    return 0;
}
int nWriteDouble(lua_State* L) {
    put(L, std::bit_cast<std::uint64_t>(static_cast<double>(luaL_checknumber(L, 1))), 64);
    return 0;
}
int nWriteString(lua_State* L) {
    const char* s = luaL_checkstring(L, 1);  // bf_write::WriteString stops at the first NUL
    for (; *s; ++s) put(L, static_cast<unsigned char>(*s), 8);
    put(L, 0, 8);
    return 0;
}
int nWriteData(lua_State* L) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    const lua_Integer n = luaL_optinteger(L, 2, static_cast<lua_Integer>(len));
    const std::size_t count = n < 0 ? 0 : std::min(len, static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < count; ++i) put(L, static_cast<unsigned char>(s[i]), 8);
    return 0;
}
int nWriteVector(lua_State* L) {
    writeVec3Coord(L, checkVec(L, 1, false));
    return 0;
}
int nWriteAngle(lua_State* L) {
    writeVec3Coord(L, checkVec(L, 1, true));
    return 0;
}
int nWriteNormal(lua_State* L) {
    const Vec3 v = checkVec(L, 1, false);
    const bool xflag = v.x >= kNormalResolution || v.x <= -kNormalResolution;
    const bool yflag = v.y >= kNormalResolution || v.y <= -kNormalResolution;
    put(L, xflag, 1);
    put(L, yflag, 1);
    if (xflag) writeNormalComponent(L, v.x);
    if (yflag) writeNormalComponent(L, v.y);
    put(L, v.z <= -kNormalResolution, 1);
    return 0;
}
int nBytesWritten(lua_State* L) {
    auto& a = api(L);
    if (!a.building) return 0;
    const std::uint64_t bits = a.message.bits - 16 + 24;  // the id's 16 bits are part of the engine's 3 bytes
    lua_pushinteger(L, static_cast<lua_Integer>((bits + 7) / 8));
    lua_pushinteger(L, static_cast<lua_Integer>(bits));
    return 2;
}

// Queues the message for `recipients` and counts it; the message ends.
void finish(Runtime& rt, std::vector<int> recipients) {
    auto& a = serverApi(rt);
    NetMessage m;
    m.name = a.buildingName;
    m.bits = a.message.bits;
    m.data = std::move(a.message.bytes);
    m.recipients = std::move(recipients);
    m.unreliable = a.buildingUnreliable;
    auto& count = a.netCounts[m.name];
    ++count.messages;
    count.bytes += (m.bits - 16 + 24 + 7) / 8;
    a.outbox.push_back(std::move(m));
    a.building = false;
    a.message = {};
}
std::vector<int> allPlayers(Runtime& rt) {
    std::vector<int> out;
    entityTable(rt).world().forEach([&](const GameEntity& e) {
        if (e.isPlayer()) out.push_back(e.index);
    });
    return out;
}
// Players named by a Player, a table of players or a CRecipientFilter-like table; `omit` inverts the set.
std::vector<int> recipientsAt(Runtime& rt, lua_State* L, int idx, bool omit) {
    std::vector<int> named;
    if (GameEntity* e = toEntity(rt, L, idx)) {
        if (e->isPlayer()) named.push_back(e->index);
    } else if (lua_istable(L, idx)) {
        for (int i = 1;; ++i) {
            lua_rawgeti(L, idx, i);
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
                break;
            }
            if (GameEntity* p = toEntity(rt, L, -1); p && p->isPlayer()) named.push_back(p->index);
            lua_pop(L, 1);
        }
    }
    if (!omit) return named;
    std::vector<int> out;
    for (int p : allPlayers(rt))
        if (std::find(named.begin(), named.end(), p) == named.end()) out.push_back(p);
    return out;
}
int sendTo(lua_State* L, bool omit) {
    (void)writer(L);
    finish(runtimeOf(L), recipientsAt(runtimeOf(L), L, 1, omit));
    return 0;
}
int nSend(lua_State* L) { return sendTo(L, false); }
int nSendOmit(lua_State* L) { return sendTo(L, true); }
int nBroadcast(lua_State* L) {
    (void)writer(L);
    finish(runtimeOf(L), allPlayers(runtimeOf(L)));
    return 0;
}
int nSendPos(lua_State* L) {
    (void)checkVec(L, 1, false);
    return nBroadcast(L);
}
// The client's one destination: the server (recipient 0).
int nSendToServer(lua_State* L) {
    (void)writer(L);
    finish(runtimeOf(L), {0});
    return 0;
}

// ---- reading ----
int nReadHeader(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(reader(L).read(16)));
    return 1;
}
int nReadBit(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(reader(L).read(1)));
    return 1;
}
int nReadUInt(lua_State* L) {
    const int n = bitCount(L, 1);
    lua_pushnumber(L, static_cast<lua_Number>(reader(L).read(n)));
    return 1;
}
int nReadInt(lua_State* L) {
    const int n = bitCount(L, 1);
    const std::uint64_t v = reader(L).read(n);
    const std::int64_t s =
        (v >> (n - 1)) & 1u ? static_cast<std::int64_t>(v) - (std::int64_t(1) << n) : static_cast<std::int64_t>(v);
    lua_pushnumber(L, static_cast<lua_Number>(s));
    return 1;
}
int nReadUInt64(lua_State* L) {
    lua_pushfstring(L, "%s", std::to_string(reader(L).read(64)).c_str());
    return 1;
}
int nReadFloat(lua_State* L) {
    lua_pushnumber(L, std::bit_cast<float>(static_cast<std::uint32_t>(reader(L).read(32))));
    return 1;
}
int nReadDouble(lua_State* L) {
    lua_pushnumber(L, std::bit_cast<double>(reader(L).read(64)));
    return 1;
}
int nReadString(lua_State* L) {
    BitReader& r = reader(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    while (true) {
        const auto c = static_cast<char>(r.read(8));
        if (c == 0 || r.overflow) break;
        luaL_addchar(&b, c);
    }
    luaL_pushresult(&b);
    return 1;
}
int nReadData(lua_State* L) {
    const lua_Integer n = luaL_checkinteger(L, 1);
    BitReader& r = reader(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (lua_Integer i = 0; i < n && !r.overflow; ++i) {
        const auto c = static_cast<char>(r.read(8));
        if (!r.overflow) luaL_addchar(&b, c);
    }
    luaL_pushresult(&b);
    return 1;
}
int nReadVector(lua_State* L) {
    pushVector(runtimeOf(L), L, readVec3Coord(reader(L)));
    return 1;
}
int nReadAngle(lua_State* L) {
    pushAngle(runtimeOf(L), L, readVec3Coord(reader(L)));
    return 1;
}
int nReadNormal(lua_State* L) {
    BitReader& r = reader(L);
    const bool xflag = r.read(1), yflag = r.read(1);
    Vec3 v{};
    if (xflag) v.x = readNormalComponent(r);
    if (yflag) v.y = readNormalComponent(r);
    const bool zneg = r.read(1);
    const float sq = v.x * v.x + v.y * v.y;
    v.z = sq < 1.0f ? std::sqrt(1.0f - sq) : 0.0f;
    if (zneg) v.z = -v.z;
    pushVector(runtimeOf(L), L, v);
    return 1;
}
int nBytesLeft(lua_State* L) {
    auto& a = api(L);
    if (!a.incoming) return 0;
    const std::uint64_t left = a.incoming->bits - std::min(a.incoming->pos, a.incoming->bits);
    lua_pushinteger(L, static_cast<lua_Integer>((left + 7) / 8));
    lua_pushinteger(L, static_cast<lua_Integer>(left));
    return 2;
}

// Both realms: building and reading.
const luaL_Reg kNet[] = {{"Start", nStart},
                         {"Abort", nAbort},
                         {"WriteBit", nWriteBit},
                         {"WriteUInt", nWriteUInt},
                         {"WriteInt", nWriteInt},
                         {"WriteUInt64", nWriteUInt64},
                         {"WriteFloat", nWriteFloat},
                         {"WriteDouble", nWriteDouble},
                         {"WriteString", nWriteString},
                         {"WriteData", nWriteData},
                         {"WriteVector", nWriteVector},
                         {"WriteAngle", nWriteAngle},
                         {"WriteNormal", nWriteNormal},
                         {"BytesWritten", nBytesWritten},
                         {"ReadHeader", nReadHeader},
                         {"ReadBit", nReadBit},
                         {"ReadUInt", nReadUInt},
                         {"ReadInt", nReadInt},
                         {"ReadUInt64", nReadUInt64},
                         {"ReadFloat", nReadFloat},
                         {"ReadDouble", nReadDouble},
                         {"ReadString", nReadString},
                         {"ReadData", nReadData},
                         {"ReadVector", nReadVector},
                         {"ReadAngle", nReadAngle},
                         {"ReadNormal", nReadNormal},
                         {"BytesLeft", nBytesLeft},
                         {nullptr, nullptr}};
const luaL_Reg kNetServer[] = {{"Send", nSend},       {"SendOmit", nSendOmit},   {"SendPAS", nSendPos},
                               {"SendPVS", nSendPos}, {"Broadcast", nBroadcast}, {nullptr, nullptr}};
const luaL_Reg kNetClient[] = {{"SendToServer", nSendToServer}, {nullptr, nullptr}};
const luaL_Reg kUtilNet[] = {
    {"NetworkStringToID", uNetworkStringToID}, {"NetworkIDToString", uNetworkIDToString}, {nullptr, nullptr}};
const luaL_Reg kUtilNetServer[] = {{"AddNetworkString", uAddNetworkString}, {nullptr, nullptr}};

}  // namespace

void openNet(Runtime& rt, lua_State* L) {
    const bool server = rt.realm() == Realm::Server;
    lua_newtable(L);
    setFuncs(L, kNet);
    setFuncs(L, server ? kNetServer : kNetClient);
    lua_setglobal(L, "net");
    lua_getglobal(L, "util");
    setFuncs(L, kUtilNet);
    if (server) setFuncs(L, kUtilNetServer);  // the string table is the server's; clients read its copy
    lua_pop(L, 1);
}

void Runtime::adoptNetworkStrings(const Runtime& server) {
    mImpl->api->networkStrings = server.mImpl->api->networkStrings;
    mImpl->api->networkIds = server.mImpl->api->networkIds;
}

std::vector<NetMessage> Runtime::takeNetMessages() { return std::exchange(mImpl->api->outbox, {}); }
std::map<std::string, NetCount> Runtime::netCounts() const { return mImpl->api->netCounts; }

bool Runtime::receiveNetMessage(const std::vector<std::uint8_t>& data, std::uint64_t bits, int fromPlayer) {
    auto& a = *mImpl->api;
    if (a.incoming || bits > data.size() * 8 || bits > kMaxMessageBits) return false;
    a.incomingBytes = data;
    a.incoming = BitReader{&a.incomingBytes, bits, 0, false};
    lua_State* L = mL;
    bool ok = false;
    lua_getglobal(L, "net");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "Incoming");
        lua_remove(L, -2);
        lua_pushnumber(L, static_cast<lua_Number>(bits));
        if (realm() == Realm::Client) {
            lua_pushnil(L);  // on the client the sender is nil (the server)
        } else {
            pushEntity(*this, L, fromPlayer);
        }
        ok = protectedCall(2, 0);
    } else {
        lua_pop(L, 1);
    }
    a.incoming.reset();
    resetStack(*this);
    return ok;
}

std::size_t deliverNetMessages(Runtime& from, Runtime& to, int localPlayer) {
    const bool toClient = to.realm() == Realm::Client;
    if (toClient) to.adoptNetworkStrings(from);
    std::size_t n = 0;
    for (const NetMessage& m : from.takeNetMessages()) {
        if (toClient && std::find(m.recipients.begin(), m.recipients.end(), localPlayer) == m.recipients.end())
            continue;
        (void)to.receiveNetMessage(m.data, m.bits, toClient ? 0 : localPlayer);  // a failing receiver is recorded
        ++n;
    }
    return n;
}

}  // namespace vestige::source::glua
