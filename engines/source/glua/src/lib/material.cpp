// Material(name [, pngParameters]) -> IMaterial, 0: a material of the game's content as the material system
// resolves it (keyvalues::resolveMaterial over the session's search path: VMT includes, patches, fallbacks), or,
// for a name ending in .png, the PNG GMod wraps in an UnlitGeneric (VertexLitGeneric when the parameters ask)
// material. A material that cannot be found or resolved is an error material: IsError() is true and it has no
// parameters. The same name gives the same object. The second result, the load time, is 0: wall-clock time is no
// input to a deterministic session.
#include "vestige/source/keyvalues/material.hpp"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "../internal.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::glua {
namespace {

constexpr const char* kMetaName = "IMaterial";
constexpr const char* kCacheKey = "vestige.materials";  // registry: material key -> its userdata

// The userdata: this header, then the name's bytes. Everything a script can multiply lives in the Lua heap (the
// name, the object), so --memory-mb bounds it; only a material that resolved holds memory outside it, and there are
// as many of those as the content has materials. An error material holds nothing (resolved = nullptr).
struct MaterialBox {
    std::uint32_t magic;
    std::uint32_t nameLength;
    keyvalues::ResolvedMaterial* resolved;  // owned (deleted by __gc); nullptr for an error material
};
constexpr std::uint32_t kMagic = 0x4D415431;  // "MAT1"

MaterialBox* testMaterial(lua_State* L, int idx) {
    auto* box = static_cast<MaterialBox*>(lua_touserdata(L, idx));
    if (!box || lua_objlen(L, idx) < sizeof(MaterialBox) || box->magic != kMagic ||
        lua_objlen(L, idx) != sizeof(MaterialBox) + box->nameLength)
        return nullptr;
    return box;
}
MaterialBox& checkMaterial(lua_State* L) {
    MaterialBox* box = luaL_checkudata(L, 1, kMetaName) ? testMaterial(L, 1) : nullptr;
    if (!box) luaL_typerror(L, 1, kMetaName);
    return *box;
}
std::string_view nameOf(const MaterialBox& box) { return {reinterpret_cast<const char*>(&box + 1), box.nameLength}; }
// The error material's view: no shader, no parameters.
const keyvalues::ResolvedMaterial& viewOf(const MaterialBox& box) {
    static const keyvalues::ResolvedMaterial kError = [] {
        keyvalues::ResolvedMaterial m;
        m.error = Error("glua.material", "error material");
        return m;
    }();
    return box.resolved ? *box.resolved : kError;
}

int mGc(lua_State* L) {
    if (MaterialBox* box = testMaterial(L, 1)) {
        delete box->resolved;
        box->resolved = nullptr;
    }
    return 0;
}

keyvalues::ResolvedMaterial resolvePng(Runtime& rt, const std::string& name, std::string_view flags) {
    keyvalues::ResolvedMaterial m;
    m.key = asciiLower(name);
    if (!findGameFile(rt, "materials/" + m.key)) {
        m.error = Error("glua.material", "no such PNG in the game's materials").in("file", "materials/" + name);
        return m;
    }
    m.shader = !flags.empty() && flags[0] == '1' ? "VertexLitGeneric" : "UnlitGeneric";
    m.material.shader = m.shader;
    m.material.params.emplace_back("$basetexture", name);
    m.baseTexture = name;
    return m;
}

int lMaterial(lua_State* L) {
    Runtime& rt = runtimeOf(L);
    const std::string name = luaL_checkstring(L, 1);
    const std::string flags = luaL_optstring(L, 2, "");
    const bool png = asciiLower(name).ends_with(".png");
    const std::string key = png ? asciiLower(name) : keyvalues::materialKey(name);
    lua_getfield(L, LUA_REGISTRYINDEX, kCacheKey);
    lua_getfield(L, -1, key.c_str());
    if (!lua_isnil(L, -1)) {
        lua_pushinteger(L, 0);
        return 2;
    }
    lua_pop(L, 1);
    if (name.size() > 4096) luaL_argerror(L, 1, "material name longer than 4096 bytes");
    auto resolved = std::make_unique<keyvalues::ResolvedMaterial>(
        png ? resolvePng(rt, name, flags)
            : keyvalues::resolveMaterial(name, [&rt](std::string_view path) -> Result<std::optional<std::string>> {
                  auto found = findGameFile(rt, std::string(path));
                  if (!found) return std::optional<std::string>{};
                  return std::optional<std::string>(std::move(found->data));
              }));
    if (!resolved->ok()) resolved.reset();  // error materials share one view
    auto* box = static_cast<MaterialBox*>(lua_newuserdata(L, sizeof(MaterialBox) + name.size()));
    box->magic = kMagic;
    box->nameLength = static_cast<std::uint32_t>(name.size());
    box->resolved = resolved.release();
    std::memcpy(box + 1, name.data(), name.size());
    luaL_getmetatable(L, kMetaName);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, key.c_str());
    lua_pushinteger(L, 0);
    return 2;
}

int mGetName(lua_State* L) {
    const std::string_view name = nameOf(checkMaterial(L));
    lua_pushlstring(L, name.data(), name.size());
    return 1;
}
int mGetShader(lua_State* L) {
    lua_pushstring(L, viewOf(checkMaterial(L)).shader.c_str());
    return 1;
}
int mIsError(lua_State* L) {
    lua_pushboolean(L, checkMaterial(L).resolved == nullptr);
    return 1;
}
int pushNil(lua_State* L) {
    lua_pushnil(L);
    return 1;
}
std::optional<std::string_view> param(lua_State* L) {
    return viewOf(checkMaterial(L)).material.param(luaL_checkstring(L, 2));
}
int mGetString(lua_State* L) {
    const auto v = param(L);
    if (!v) return pushNil(L);
    lua_pushlstring(L, v->data(), v->size());
    return 1;
}
// GetFloat / GetInt: the value when it reads as a number (GetInt rounds), nil when absent or not a number.
int numberParam(lua_State* L, bool round) {
    const auto v = param(L);
    if (!v) return pushNil(L);
    const std::string text(*v);
    char* end = nullptr;
    const double d = std::strtod(text.c_str(), &end);
    if (end == text.c_str()) return pushNil(L);
    lua_pushnumber(L, round ? std::round(d) : d);
    return 1;
}
int mGetFloat(lua_State* L) { return numberParam(L, false); }
int mGetInt(lua_State* L) { return numberParam(L, true); }
// GetVector: "[1 0.5 0]" or "{255 128 0}" (0..255, scaled to 0..1 as the material system reads colours); nil
// otherwise.
int mGetVector(lua_State* L) {
    const auto v = param(L);
    if (!v) return pushNil(L);
    std::string text(*v);
    const bool bytes = text.find('{') != std::string::npos;
    for (char& c : text)
        if (c == '[' || c == ']' || c == '{' || c == '}') c = ' ';
    float xyz[3] = {0, 0, 0};
    const char* p = text.c_str();
    int n = 0;
    for (; n < 3; ++n) {
        char* end = nullptr;
        const double d = std::strtod(p, &end);
        if (end == p) break;
        xyz[n] = static_cast<float>(bytes ? d / 255.0 : d);
        p = end;
    }
    if (n == 0) return pushNil(L);
    if (n == 1) xyz[1] = xyz[2] = xyz[0];  // a single number fills the vector
    pushVector(runtimeOf(L), L, Vec3{xyz[0], xyz[1], xyz[2]});
    return 1;
}

const luaL_Reg kMaterialMethods[] = {{"GetName", mGetName},     {"GetShader", mGetShader}, {"IsError", mIsError},
                                     {"GetString", mGetString}, {"GetFloat", mGetFloat},   {"GetInt", mGetInt},
                                     {"GetVector", mGetVector}, {nullptr, nullptr}};

}  // namespace

void openMaterials(Runtime&, lua_State* L) {
    luaL_newmetatable(L, kMetaName);
    setFuncs(L, kMaterialMethods);
    lua_pushcfunction(L, mGc);
    lua_setfield(L, -2, "__gc");
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, kMetaName);
    lua_setfield(L, -2, "MetaName");
    lua_pushinteger(L, 21);  // TYPE_MATERIAL
    lua_setfield(L, -2, "MetaID");
    lua_pop(L, 1);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kCacheKey);
    lua_pushcfunction(L, lMaterial);
    lua_setglobal(L, "Material");
}

}  // namespace vestige::source::glua
