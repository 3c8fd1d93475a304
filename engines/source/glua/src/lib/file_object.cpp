// file.Open(name, mode, pathId) and the File object, inside file.cpp's sandbox: "r"/"rb" read any path id (the whole
// file is read at open, at most 64 MiB), "w"/"wb"/"a"/"ab" write under DATA only, with file.Write's rules (lower-cased
// names, GMod's extensions, no symlinks); the content is written atomically on Flush, Close or collection. Every wiki
// method of File: Read/Write of bytes, lines, bools, (U)Byte/(U)Short/(U)Long/(U)LongLong/UInt64 (little-endian),
// Float/Double, Seek/Skip/Tell/Size/EndOfFile, Flush/Close. A closed file raises on use; reads past the end return nil.
#include <bit>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "server_api.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::glua {
namespace {

constexpr int kTypeFile = 34;  // TYPE_FILE
constexpr const char* kFileMeta = "File";

struct FileHandle {
    std::string data;
    std::size_t pos = 0;
    bool writable = false, dirty = false, closed = false;
    std::filesystem::path target;
};

FileHandle& checkFile(lua_State* L) {
    auto** h = static_cast<FileHandle**>(luaL_checkudata(L, 1, kFileMeta));
    if (!*h || (*h)->closed) luaL_error(L, "attempt to use a closed file");
    return **h;
}

bool flush(Runtime& rt, FileHandle& f) {
    if (!f.writable || !f.dirty) return true;
    f.dirty = false;
    auto st = writeFileAtomic(f.target, std::string_view(f.data));
    if (!st) warn(rt, "File:Flush failed: " + st.error().render());
    return st.ok();
}

int fileOpen(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    const std::string_view mode = luaL_checkstring(L, 2);
    const char* pathId = luaL_optstring(L, 3, "GAME");
    if (mode != "r" && mode != "rb" && mode != "w" && mode != "wb" && mode != "a" && mode != "ab")
        return luaL_argerror(L, 2, "mode must be r, rb, w, wb, a or ab");
    auto** slot = static_cast<FileHandle**>(lua_newuserdata(L, sizeof(FileHandle*)));
    *slot = nullptr;
    luaL_getmetatable(L, kFileMeta);
    lua_setmetatable(L, -2);  // from here the userdata's __gc owns the handle
    auto* h = *slot = new FileHandle;
    bool ok = false;
    {
        Runtime& rt = runtimeOf(L);
        if (mode[0] == 'r') {
            if (auto data = readGameFile(rt, name, pathId)) h->data = std::move(*data), ok = true;
        } else if (asciiUpper(pathId) == "DATA") {
            if (auto target = dataWriteTarget(rt, name)) {
                h->target = *target;
                h->writable = true;
                ok = true;
                if (mode[0] == 'a') {
                    if (auto old = readFile(*target)) h->data.assign(asChars(*old));
                    h->pos = h->data.size();
                }
                h->dirty = true;  // "w" truncates: the empty file exists after Close, as in GMod
            } else {
                warn(rt, "file.Open refused '" + std::string(name) + "': " + target.error().render());
            }
        }
    }
    if (!ok) {
        h->closed = true;  // nothing to flush; collected later
        return 0;          // nil, as GMod returns for a file it cannot open
    }
    return 1;
}

int fGc(lua_State* L) {
    auto** h = static_cast<FileHandle**>(lua_touserdata(L, 1));
    if (h && *h) {
        if (!(*h)->closed) (void)flush(runtimeOf(L), **h);
        delete *h;
        *h = nullptr;
    }
    return 0;
}
int fClose(lua_State* L) {
    FileHandle& f = checkFile(L);
    (void)flush(runtimeOf(L), f);
    f.closed = true;
    f.data.clear();
    return 0;
}
int fFlush(lua_State* L) {
    (void)flush(runtimeOf(L), checkFile(L));
    return 0;
}

// Reads n bytes at the position (nullptr past the end: nothing moves).
const char* take(FileHandle& f, std::size_t n) {
    if (f.pos + n > f.data.size()) return nullptr;
    const char* p = f.data.data() + f.pos;
    f.pos += n;
    return p;
}
void put(FileHandle& f, const void* bytes, std::size_t n) {
    if (f.pos > f.data.size()) f.data.resize(f.pos, '\0');
    f.data.replace(f.pos, std::min(n, f.data.size() - f.pos), static_cast<const char*>(bytes), n);
    f.pos += n;
    f.dirty = true;
}
FileHandle& checkWritable(lua_State* L) {
    FileHandle& f = checkFile(L);
    if (!f.writable) luaL_error(L, "file is not open for writing");
    return f;
}

template <class T>
int readScalar(lua_State* L) {
    FileHandle& f = checkFile(L);
    const char* p = take(f, sizeof(T));
    if (!p) return 0;
    T v;
    std::memcpy(&v, p, sizeof v);
    lua_pushnumber(L, static_cast<lua_Number>(v));
    return 1;
}
template <class T>
int writeScalar(lua_State* L) {
    FileHandle& f = checkWritable(L);
    const lua_Number n = luaL_checknumber(L, 2);
    T v{};
    if constexpr (std::is_floating_point_v<T>)
        v = static_cast<T>(n);
    else
        v = static_cast<T>(std::isfinite(n) && std::fabs(n) < 9.2e18 ? static_cast<std::int64_t>(n) : 0);
    put(f, &v, sizeof v);
    return 0;
}

int fRead(lua_State* L) {
    FileHandle& f = checkFile(L);
    const std::size_t left = f.data.size() - std::min(f.pos, f.data.size());
    const lua_Integer want = luaL_optinteger(L, 2, static_cast<lua_Integer>(left));
    if (left == 0) return 0;
    const std::size_t n = want < 0 ? 0 : std::min(left, static_cast<std::size_t>(want));
    lua_pushlstring(L, take(f, n), n);
    return 1;
}
int fReadLine(lua_State* L) {
    FileHandle& f = checkFile(L);
    if (f.pos >= f.data.size()) return 0;
    const std::size_t nl = f.data.find('\n', f.pos);
    const std::size_t end = nl == std::string::npos ? f.data.size() : nl + 1;  // the newline is kept, as in GMod
    lua_pushlstring(L, f.data.data() + f.pos, end - f.pos);
    f.pos = end;
    return 1;
}
int fReadBool(lua_State* L) {
    FileHandle& f = checkFile(L);
    const char* p = take(f, 1);
    if (!p) return 0;
    lua_pushboolean(L, *p != 0);
    return 1;
}
int fReadUInt64(lua_State* L) {
    FileHandle& f = checkFile(L);
    const char* p = take(f, 8);
    if (!p) return 0;
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    lua_pushstring(L, std::to_string(v).c_str());
    return 1;
}
int fWrite(lua_State* L) {
    FileHandle& f = checkWritable(L);
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 2, &len);
    put(f, s, len);
    return 0;
}
int fWriteBool(lua_State* L) {
    FileHandle& f = checkWritable(L);
    const char b = lua_toboolean(L, 2) ? 1 : 0;
    put(f, &b, 1);
    return 0;
}
int fWriteUInt64(lua_State* L) {
    FileHandle& f = checkWritable(L);
    const std::uint64_t v = lua_type(L, 2) == LUA_TSTRING ? std::strtoull(lua_tostring(L, 2), nullptr, 10)
                                                          : static_cast<std::uint64_t>(luaL_checknumber(L, 2));
    put(f, &v, 8);
    return 0;
}
int fSeek(lua_State* L) {
    FileHandle& f = checkFile(L);
    const lua_Integer p = luaL_checkinteger(L, 2);
    f.pos = p < 0 ? 0 : static_cast<std::size_t>(p);
    return 0;
}
int fSkip(lua_State* L) {
    FileHandle& f = checkFile(L);
    const lua_Integer n = luaL_checkinteger(L, 2);
    const auto next = static_cast<lua_Integer>(f.pos) + n;
    f.pos = next < 0 ? 0 : std::min(static_cast<std::size_t>(next), f.data.size());
    lua_pushinteger(L, static_cast<lua_Integer>(f.pos));
    return 1;
}
int fTell(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(checkFile(L).pos));
    return 1;
}
int fSize(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(checkFile(L).data.size()));
    return 1;
}
int fEndOfFile(lua_State* L) {
    FileHandle& f = checkFile(L);
    lua_pushboolean(L, f.pos >= f.data.size());
    return 1;
}
int fToString(lua_State* L) {
    lua_pushfstring(L, "File [%p]", lua_touserdata(L, 1));
    return 1;
}

const luaL_Reg kFileMethods[] = {{"Close", fClose},
                                 {"Flush", fFlush},
                                 {"Read", fRead},
                                 {"ReadLine", fReadLine},
                                 {"ReadBool", fReadBool},
                                 {"ReadByte", readScalar<std::uint8_t>},
                                 {"ReadShort", readScalar<std::int16_t>},
                                 {"ReadUShort", readScalar<std::uint16_t>},
                                 {"ReadLong", readScalar<std::int32_t>},
                                 {"ReadULong", readScalar<std::uint32_t>},
                                 {"ReadULongLong", readScalar<std::uint64_t>},
                                 {"ReadUInt64", fReadUInt64},
                                 {"ReadFloat", readScalar<float>},
                                 {"ReadDouble", readScalar<double>},
                                 {"Write", fWrite},
                                 {"WriteBool", fWriteBool},
                                 {"WriteByte", writeScalar<std::uint8_t>},
                                 {"WriteShort", writeScalar<std::int16_t>},
                                 {"WriteUShort", writeScalar<std::uint16_t>},
                                 {"WriteLong", writeScalar<std::int32_t>},
                                 {"WriteULong", writeScalar<std::uint32_t>},
                                 {"WriteULongLong", writeScalar<std::uint64_t>},
                                 {"WriteUInt64", fWriteUInt64},
                                 {"WriteFloat", writeScalar<float>},
                                 {"WriteDouble", writeScalar<double>},
                                 {"Seek", fSeek},
                                 {"Skip", fSkip},
                                 {"Tell", fTell},
                                 {"Size", fSize},
                                 {"EndOfFile", fEndOfFile},
                                 {"__gc", fGc},
                                 {"__tostring", fToString},
                                 {nullptr, nullptr}};

}  // namespace

void openFileObject(Runtime& /*rt*/, lua_State* L) {
    const void* identity = nullptr;
    const int ref = newMetatable(L, kFileMeta, kFileMethods, kTypeFile, &identity);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_getglobal(L, "file");
    lua_pushcfunction(L, fileOpen);
    lua_setfield(L, -2, "Open");
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
