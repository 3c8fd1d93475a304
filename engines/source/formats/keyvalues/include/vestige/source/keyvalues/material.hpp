#pragma once
// VMT resolution as the material system does it for GMod's DX9 path (docs/keyvalues.md "Material resolution"):
//
//   materials/<name>.vmt ──parse──▶ Patch? ──include (cycle = error)──▶ insert / replace
//        │                                                                   │
//        ▼                                                                   ▼
//   shader fallback block (<shader>_HDR_DX9 | _DX9 | _DX90) merged over the root
//   dx-level blocks (">=dx90" { }, "<dx90" { }, ...) merged when true at dxLevel
//   $fallbackmaterial when the shader is not one Vestige draws
//        │
//        ▼
//   ResolvedMaterial: shader family, texture names, flags, transform, proxies (evaluated per tick by evaluateProxies)
//
// A material that cannot be resolved (missing, include cycle, parse error) comes back with `error` set: the caller
// draws the error checker and lists it.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/keyvalues/vmt.hpp"

namespace vestige::source::keyvalues {

// Loads the text of "materials/<name>.vmt"; nullopt when no mount has it; an Error when a mount fails to read it.
using VmtLoader = std::function<Result<std::optional<std::string>>(std::string_view vmtPath)>;

struct ResolveOptions {
    int dxLevel = 95;  // GMod on current hardware (mat_dxlevel 95)
    bool hdr = false;  // selects <shader>_HDR_DX9 before <shader>_DX9
    int maxDepth = 8;  // Patch includes and $fallbackmaterial hops
};

// "materials/Brick\\Wall.VMT" / "brick/wall" -> "brick/wall" (lower case, '/', no prefix or extension).
[[nodiscard]] std::string materialKey(std::string_view name);
// "brick/wall" -> "materials/brick/wall.vmt"; textures: "brick/wall" -> "materials/brick/wall.vtf".
[[nodiscard]] std::string vmtPath(std::string_view key);
[[nodiscard]] std::string vtfPath(std::string_view textureName);

// $basetexturetransform "center .5 .5 scale 1 1 rotate 0 translate 0 0".
struct TextureTransform {
    Vec2 center{0.5f, 0.5f}, scale{1.0f, 1.0f}, translate{0.0f, 0.0f};
    float rotateDeg = 0.0f;
    // uv' = translate + R(rotate) * (S * (uv - center)) + center, as the SDK's matrix builds it.
    [[nodiscard]] Vec2 apply(Vec2 uv) const;
};
[[nodiscard]] TextureTransform parseTransform(std::string_view text);

struct Proxy {
    std::string name;                         // "AnimatedTexture", as written
    std::map<std::string, std::string> keys;  // lower-case key -> value
};

// Shader families Vestige draws (the renderer's programs).
enum class ShaderFamily {
    LightmappedGeneric,
    WorldVertexTransition,
    UnlitGeneric,
    VertexLitGeneric,
    Sky,
    Water,
    Other
};
[[nodiscard]] ShaderFamily shaderFamily(std::string_view shader);
[[nodiscard]] std::string_view familyName(ShaderFamily family);

struct ResolvedMaterial {
    std::string key;             // materialKey of the requested name
    std::optional<Error> error;  // set: draw the error material
    std::string shader;          // the shader as written (after $fallbackmaterial), e.g. "LightmappedGeneric"
    ShaderFamily family = ShaderFamily::Other;
    Material material;                // merged parameters
    std::vector<std::string> chain;   // every VMT read, in order (the material, includes, fallback materials)
    std::vector<std::string> blocks;  // fallback / dx-level blocks merged, in order
    std::optional<std::string> baseTexture, baseTexture2, bumpMap, envMap, envMapMask, detail, blendModulate;
    TextureTransform baseTransform;
    Vec3 color{1.0f, 1.0f, 1.0f};
    std::optional<Vec3> fogColor;  // $fogcolor (Water)
    float alpha = 1.0f, alphaTestReference = 0.5f;
    bool translucent = false, alphaTest = false, additive = false, noCull = false, selfIllum = false,
         vertexColor = false, vertexAlpha = false, noFog = false;
    std::vector<Proxy> proxies;
    [[nodiscard]] bool ok() const { return !error.has_value(); }
};

[[nodiscard]] ResolvedMaterial resolveMaterial(std::string_view name, const VmtLoader& load,
                                               const ResolveOptions& options = {});

// Proxies at a time in seconds (tick x interval). AnimatedTexture gives a frame (wrapped by the caller's frame
// count), TextureScroll a translation of the texture transform, Sine / LinearRamp a value for their resultvar.
struct ProxyState {
    std::optional<std::uint32_t> frame;   // raw frame number (not yet wrapped)
    bool frameWraps = true;               // false: $animationnowrap-style clamp at the last frame
    std::optional<Vec2> scroll;           // added to the transform's translate (fraction kept, as Source does)
    std::map<std::string, float> values;  // resultvar (lower case) -> value
    std::size_t ignored = 0;              // proxies not evaluated (unknown names)
    std::vector<std::string> ignoredNames;
};
[[nodiscard]] ProxyState evaluateProxies(const std::vector<Proxy>& proxies, double seconds);
// The frame actually shown for `frames` frames.
[[nodiscard]] std::uint32_t wrapFrame(const ProxyState& state, std::uint32_t frames);

}  // namespace vestige::source::keyvalues
