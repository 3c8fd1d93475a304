// util's data helpers (shared realm, no entity world): TableToJSON/JSONToTable, Compress/Decompress, CRC,
// MD5/SHA256, Base64Encode/Decode, KeyValuesToTable, SharedRandom, SteamIDTo64/SteamIDFrom64.
// * JSON (nlohmann): sequential tables 1..n are arrays, every other key is written as a string; a Vector is the
//   string "[x y z]", an Angle "{p y r}" (JSONToTable turns both back), entities and functions are left out.
//   JSONToTable accepts comments and trailing commas, turns numeric keys back into numbers unless ignoreConversions,
//   and refuses more than 15,000 keys unless ignoreLimits (wiki).
// * Compress: GMod's container (bootil CompressionLZMA.cpp): 5 bytes of LZMA properties, the uncompressed size as an
//   8-byte little-endian integer, then the raw LZMA stream without an end marker (lc 3, lp 0, pb 2). Decompress reads
//   the same and accepts a stream with an end marker too; maxSize bounds the output.
// * SharedRandom: the SDK's SharedRandomFloat: seed = CRC32(prediction seed, additionalSeed, name) with the
//   prediction seed = the running player command's random_seed, -1 outside one (wiki), then vstdlib's uniform stream
//   (Park-Miller with a 32-entry shuffle table) seeded with it: fl = min(AM * next, RNMX), result = fl * (max - min) +
//   min, in double (the wiki example's outputs are exactly that; the SDK's RandomFloat is float).
#include <fmt/format.h>
#include <lzma.h>

#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

#include "server_api.hpp"
#include "vestige/core/crc32.hpp"
#include "vestige/core/md5.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/core/sha256.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/base/random.hpp"
#include "vestige/source/keyvalues/keyvalues.hpp"

namespace vestige::source::glua {
namespace {

using Json = nlohmann::json;
constexpr std::size_t kJsonKeyLimit = 15000;

// ---- JSON ----
std::string numberText(double v) {
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
        return fmt::format("{}", static_cast<long long>(v));
    return fmt::format("{}", v);
}

// Lua value at idx -> JSON; false when it cannot be written (entities, functions...: left out). Nesting past 64 levels
// (a cycle) sets tooDeep and stops: the caller raises once no JSON object is live.
bool toJson(lua_State* L, int idx, Json& out, int depth, bool& tooDeep) {
    Runtime& rt = runtimeOf(L);
    Vec3 v{};
    switch (lua_type(L, idx)) {
        case LUA_TBOOLEAN:
            out = lua_toboolean(L, idx) != 0;
            return true;
        case LUA_TNUMBER: {
            const double n = lua_tonumber(L, idx);
            if (std::isfinite(n) && n == std::floor(n) && std::fabs(n) < 9e15)
                out = static_cast<long long>(n);
            else
                out = n;
            return true;
        }
        case LUA_TSTRING:
            out = std::string(lua_tostring(L, idx));
            return true;
        case LUA_TTABLE:
            break;
        default:
            if (toVector(rt, L, idx, &v, false)) {
                out = fmt::format("[{} {} {}]", numberText(v.x), numberText(v.y), numberText(v.z));
                return true;
            }
            if (toAngle(rt, L, idx, &v)) {
                out = fmt::format("{{{} {} {}}}", numberText(v.x), numberText(v.y), numberText(v.z));
                return true;
            }
            return false;
    }
    if (depth > 64 || tooDeep) {
        tooDeep = true;
        return false;
    }
    if (idx < 0) idx = lua_gettop(L) + idx + 1;
    const std::size_t n = lua_objlen(L, idx);
    std::size_t count = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        ++count;
        lua_pop(L, 1);
    }
    if (n > 0 && count == n) {  // a sequence: an array
        out = Json::array();
        for (std::size_t i = 1; i <= n; ++i) {
            lua_rawgeti(L, idx, static_cast<int>(i));
            Json item;
            if (toJson(L, -1, item, depth + 1, tooDeep)) out.push_back(std::move(item));
            lua_pop(L, 1);
        }
        return true;
    }
    out = Json::object();
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        std::string key;
        if (lua_type(L, -2) == LUA_TNUMBER)
            key = numberText(lua_tonumber(L, -2));
        else if (lua_type(L, -2) == LUA_TSTRING)
            key = lua_tostring(L, -2);
        else if (lua_type(L, -2) == LUA_TBOOLEAN)
            key = lua_toboolean(L, -2) ? "true" : "false";
        Json item;
        if (!key.empty() && toJson(L, -1, item, depth + 1, tooDeep)) out[key] = std::move(item);
        lua_pop(L, 1);
    }
    return true;
}

// "[x y z]" / "{p y r}" strings back to Vector / Angle.
bool pushVectorString(lua_State* L, const std::string& s) {
    if (s.size() < 7) return false;
    const bool vec = s.front() == '[' && s.back() == ']', ang = s.front() == '{' && s.back() == '}';
    if (!vec && !ang) return false;
    std::array<float, 3> c{};
    const std::string_view body(s.data() + 1, s.size() - 2);
    if (scanFloats<3>(body, c) != 3) return false;
    pushVector(runtimeOf(L), L, {c[0], c[1], c[2]}, ang);
    return true;
}

void pushJson(lua_State* L, const Json& j, bool convertKeys) {
    switch (j.type()) {
        case Json::value_t::boolean:
            lua_pushboolean(L, j.get<bool>());
            return;
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
        case Json::value_t::number_float:
            lua_pushnumber(L, j.get<double>());
            return;
        case Json::value_t::string: {
            const auto& s = j.get_ref<const std::string&>();
            if (!pushVectorString(L, s)) lua_pushlstring(L, s.data(), s.size());
            return;
        }
        case Json::value_t::array: {
            lua_createtable(L, static_cast<int>(j.size()), 0);
            int i = 0;
            for (const auto& item : j) {
                if (item.is_null()) continue;
                pushJson(L, item, convertKeys);
                lua_rawseti(L, -2, ++i);
            }
            return;
        }
        case Json::value_t::object: {
            lua_createtable(L, 0, static_cast<int>(j.size()));
            for (const auto& [key, item] : j.items()) {
                if (item.is_null()) continue;
                const auto num = convertKeys ? parseDouble(key) : std::nullopt;
                if (num)
                    lua_pushnumber(L, *num);
                else
                    lua_pushlstring(L, key.data(), key.size());
                pushJson(L, item, convertKeys);
                lua_rawset(L, -3);
            }
            return;
        }
        default:
            lua_pushnil(L);
            return;
    }
}

std::size_t countKeys(const Json& j) {
    std::size_t n = j.is_structured() ? j.size() : 0;
    if (j.is_structured())
        for (const auto& item : j) n += countKeys(item);
    return n;
}

int uTableToJSON(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    const bool pretty = lua_toboolean(L, 2) != 0;
    std::string text;
    bool tooDeep = false;
    {
        Json j;
        (void)toJson(L, 1, j, 0, tooDeep);
        if (!tooDeep) text = j.dump(pretty ? 1 : -1, '\t', false, Json::error_handler_t::replace);
    }
    if (tooDeep) {
        text = std::string();  // nothing of the C++ side outlives the raise but an empty string
        return luaL_error(L, "util.TableToJSON: table nested too deeply (cyclic?)");
    }
    lua_pushlstring(L, text.data(), text.size());
    return 1;
}

int uJSONToTable(lua_State* L) {
    std::size_t len = 0;
    const char* text = luaL_checklstring(L, 1, &len);
    const bool ignoreLimits = lua_toboolean(L, 2) != 0, ignoreConversions = lua_toboolean(L, 3) != 0;
    Json j = Json::parse(std::string_view(text, len), nullptr, false, true);  // no exceptions, comments allowed
    if (j.is_discarded() || !j.is_structured() || (!ignoreLimits && countKeys(j) > kJsonKeyLimit)) return 0;
    pushJson(L, j, !ignoreConversions);
    return 1;
}

// ---- LZMA (GMod's container) ----
std::optional<std::string> lzmaCompress(std::string_view in) {
    lzma_options_lzma opt{};
    if (lzma_lzma_preset(&opt, 5)) return std::nullopt;
    opt.dict_size = 1u << 16;  // small dictionary: Lua strings, not archives
    opt.lc = 3, opt.lp = 0, opt.pb = 2;
    opt.ext_flags = 0;  // no end marker: the size in the header ends the stream
    lzma_filter filters[] = {{LZMA_FILTER_LZMA1EXT, &opt}, {LZMA_VLI_UNKNOWN, nullptr}};
    std::uint8_t props[5];
    if (lzma_properties_encode(filters, props) != LZMA_OK) return std::nullopt;
    std::string out(13 + in.size() + in.size() / 3 + 128, '\0');
    std::memcpy(out.data(), props, 5);
    const std::uint64_t size = in.size();
    for (int i = 0; i < 8; ++i) out[5 + i] = static_cast<char>((size >> (8 * i)) & 0xFF);
    std::size_t pos = 13;
    if (lzma_raw_buffer_encode(filters, nullptr, reinterpret_cast<const std::uint8_t*>(in.data()), in.size(),
                               reinterpret_cast<std::uint8_t*>(out.data()), &pos, out.size()) != LZMA_OK)
        return std::nullopt;
    out.resize(pos);
    return out;
}

std::optional<std::string> lzmaDecompress(std::string_view in, std::uint64_t maxSize) {
    if (in.size() <= 13) return std::nullopt;
    const auto* p = reinterpret_cast<const std::uint8_t*>(in.data());
    std::uint64_t size = 0;
    for (int i = 0; i < 8; ++i) size |= std::uint64_t(p[5 + i]) << (8 * i);
    if (size > maxSize || p[0] >= 9 * 5 * 5) return std::nullopt;
    lzma_filter filters[] = {{LZMA_FILTER_LZMA1EXT, nullptr}, {LZMA_VLI_UNKNOWN, nullptr}};
    if (lzma_properties_decode(filters, nullptr, p, 5) != LZMA_OK) return std::nullopt;
    auto* opt = static_cast<lzma_options_lzma*>(filters[0].options);
    opt->ext_flags = LZMA_LZMA1EXT_ALLOW_EOPM;
    lzma_set_ext_size(*opt, size);
    std::string out(size, '\0');
    std::size_t inPos = 13, outPos = 0;
    const lzma_ret r = lzma_raw_buffer_decode(filters, nullptr, p, &inPos, in.size(),
                                              reinterpret_cast<std::uint8_t*>(out.data()), &outPos, out.size());
    free(opt);  // lzma_properties_decode allocates with malloc (allocator nullptr)
    if ((r != LZMA_OK && r != LZMA_STREAM_END) || outPos != size) return std::nullopt;
    return out;
}

int uCompress(lua_State* L) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    if (len == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    std::optional<std::string> out = lzmaCompress(std::string_view(s, len));
    if (!out) return 0;
    lua_pushlstring(L, out->data(), out->size());
    return 1;
}

int uDecompress(lua_State* L) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    const lua_Number max = luaL_optnumber(L, 2, 256.0 * 1024 * 1024);  // the Lua heap's own ceiling bounds it too
    if (len == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    const std::uint64_t cap = max > 0 && max < 1e18 ? static_cast<std::uint64_t>(max) : 0;
    std::optional<std::string> out = lzmaDecompress(std::string_view(s, len), cap);
    if (!out) return 0;
    lua_pushlstring(L, out->data(), out->size());
    return 1;
}

// ---- CRC, Base64 ----
int uCRC(lua_State* L) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    const std::uint32_t c = crc32(ByteView(reinterpret_cast<const std::uint8_t*>(s), len));
    lua_pushstring(L, std::to_string(c).c_str());
    return 1;
}

// util.MD5 / util.SHA256: the digest of the string's bytes as lower-case hex (wiki).
int uMD5(lua_State* L) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    lua_pushstring(L, toHex(md5(ByteView(reinterpret_cast<const std::uint8_t*>(s), len))).c_str());
    return 1;
}
int uSHA256(lua_State* L) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    lua_pushstring(L, toHex(sha256(ByteView(reinterpret_cast<const std::uint8_t*>(s), len))).c_str());
    return 1;
}

constexpr char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
int uBase64Encode(lua_State* L) {
    std::size_t len = 0;
    const auto* s = reinterpret_cast<const unsigned char*>(luaL_checklstring(L, 1, &len));
    const bool inlineOnly = lua_toboolean(L, 2) != 0;  // false: a newline every 76 characters, as GMod
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    std::size_t col = 0;
    for (std::size_t i = 0; i < len; i += 3) {
        const std::uint32_t n = (std::uint32_t(s[i]) << 16) | (i + 1 < len ? std::uint32_t(s[i + 1]) << 8 : 0) |
                                (i + 2 < len ? s[i + 2] : 0);
        const char q[4] = {kB64[(n >> 18) & 63], kB64[(n >> 12) & 63], i + 1 < len ? kB64[(n >> 6) & 63] : '=',
                           i + 2 < len ? kB64[n & 63] : '='};
        luaL_addlstring(&b, q, 4);
        if (!inlineOnly && (col += 4) == 76 && i + 3 < len) {
            luaL_addchar(&b, '\n');
            col = 0;
        }
    }
    if (!inlineOnly && len > 0) luaL_addchar(&b, '\n');
    luaL_pushresult(&b);
    return 1;
}
int uBase64Decode(lua_State* L) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    std::uint32_t acc = 0;
    int bits = 0;
    for (std::size_t i = 0; i < len; ++i) {
        const char c = s[i];
        if (c == '=' || c == '\n' || c == '\r') continue;
        const char* at = std::strchr(kB64, c);
        if (!at || !c) return 0;  // not Base64: nil
        acc = (acc << 6) | static_cast<std::uint32_t>(at - kB64);
        if ((bits += 6) >= 8) {
            bits -= 8;
            luaL_addchar(&b, static_cast<char>((acc >> bits) & 0xFF));
        }
    }
    luaL_pushresult(&b);
    return 1;
}

// ---- KeyValues ----
void pushKeyValues(lua_State* L, const keyvalues::Node& node, bool preserveCase) {
    lua_newtable(L);
    for (const auto& child : node.children) {
        std::string key = preserveCase ? child.key : asciiLower(child.key);
        lua_pushlstring(L, key.data(), key.size());
        if (child.isBlock) {
            pushKeyValues(L, child, preserveCase);
        } else if (auto n = parseDouble(child.value)) {
            lua_pushnumber(L, *n);
        } else {
            lua_pushlstring(L, child.value.data(), child.value.size());
        }
        lua_rawset(L, -3);
    }
}
int uKeyValuesToTable(lua_State* L) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 1, &len);
    const bool escapes = lua_toboolean(L, 2) != 0, preserveCase = lua_toboolean(L, 3) != 0;
    keyvalues::ParseOptions options;
    options.escapes = escapes;
    auto doc = keyvalues::parse(std::string_view(s, len), options);
    if (!doc || doc->roots.empty()) {
        lua_newtable(L);
        return 1;
    }
    pushKeyValues(L, doc->roots.front(), preserveCase);  // the root's contents; its own key is dropped
    return 1;
}

// ---- SharedRandom (SDK: SharedRandomFloat over vstdlib's CUniformRandomStream) ----
double sdkRandomFloat(int seed, double low, double high) {
    base::UniformRandomStream stream(seed);
    const int n = stream.next();
    // In double throughout, unlike the SDK's float RandomFloat: the wiki's example outputs (util.SharedRandom page,
    // 15.979786317786 for ("23", 0, 100)) fall between float values, and match the double computation to 12 digits.
    constexpr double kAM = 1.0 / 2147483647, kRNMX = 1.0 - 1.2e-7;
    double fl = kAM * n;
    if (fl > kRNMX) fl = kRNMX;
    return (fl * (high - low)) + low;
}
int uSharedRandom(lua_State* L) {
    std::size_t len = 0;
    const char* name = luaL_checklstring(L, 1, &len);
    const double low = luaL_checknumber(L, 2), high = luaL_checknumber(L, 3);
    const auto additional = static_cast<std::int32_t>(luaL_optinteger(L, 4, 0));
    // The running command's seed inside a player's command (weapons' attacks), -1 outside one.
    const std::int32_t predictionSeed = runtimeOf(L).world().predictionSeed();
    std::uint8_t buf[8];
    std::memcpy(buf, &predictionSeed, 4);
    std::memcpy(buf + 4, &additional, 4);
    std::uint32_t c = crc32(ByteView(buf, 8));
    c = crc32(ByteView(reinterpret_cast<const std::uint8_t*>(name), len), c);
    lua_pushnumber(L, sdkRandomFloat(static_cast<int>(c), low, high));
    return 1;
}

// ---- SteamID ----
constexpr std::uint64_t kSteam64Base = 76561197960265728ull;
int uSteamIDTo64(lua_State* L) {
    const char* id = luaL_checkstring(L, 1);
    unsigned universe = 0, y = 0, z = 0;
    if (std::sscanf(id, "STEAM_%u:%u:%u", &universe, &y, &z) != 3 || y > 1) {
        lua_pushliteral(L, "0");
        return 1;
    }
    lua_pushstring(L, std::to_string(kSteam64Base + std::uint64_t(z) * 2 + y).c_str());
    return 1;
}
int uSteamIDFrom64(lua_State* L) {
    const char* s = luaL_checkstring(L, 1);
    const std::uint64_t v = std::strtoull(s, nullptr, 10);
    if (v < kSteam64Base) {
        lua_pushliteral(L, "STEAM_0:0:0");
        return 1;
    }
    const std::uint64_t account = v - kSteam64Base;
    lua_pushfstring(L, "STEAM_0:%d:%s", static_cast<int>(account & 1), std::to_string(account >> 1).c_str());
    return 1;
}

const luaL_Reg kUtilData[] = {{"TableToJSON", uTableToJSON},
                              {"JSONToTable", uJSONToTable},
                              {"Compress", uCompress},
                              {"Decompress", uDecompress},
                              {"CRC", uCRC},
                              {"MD5", uMD5},
                              {"SHA256", uSHA256},
                              {"Base64Encode", uBase64Encode},
                              {"Base64Decode", uBase64Decode},
                              {"KeyValuesToTable", uKeyValuesToTable},
                              {"SharedRandom", uSharedRandom},
                              {"SteamIDTo64", uSteamIDTo64},
                              {"SteamIDFrom64", uSteamIDFrom64},
                              {nullptr, nullptr}};

}  // namespace

void openUtilData(Runtime& /*rt*/, lua_State* L) {
    lua_getglobal(L, "util");
    setFuncs(L, kUtilData);
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
