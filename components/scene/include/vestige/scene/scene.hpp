#pragma once
// Backend-neutral scene description. Engines build a Scene from their formats; adapters (render_gl)
// draw it. Nothing here knows about GL. World space is right-handed, Z up (both engines agree).
//
// Colours are plain 0..1 floats written straight to the 8-bit output (no sRGB conversion anywhere):
// the classic content was authored for exactly that.
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"

namespace vestige::scene {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

struct Vertex {
    Vec3 position;
    Vec3 normal{0, 0, 1};
    Vec2 uv0;            // base texture
    Vec2 uv1;            // lightmap atlas, normalised to the atlas page
    float alpha = 1.0f;  // blend weight of Material::texture2 (Source displacement alpha, 0..1)
};

enum class CullMode : std::uint8_t { None, Back, Front };
// Which winding (seen from the viewer, in screen space) counts as the front. Source data is clockwise-front.
enum class FrontFace : std::uint8_t { CounterClockwise, Clockwise };

// Iron3D Batch20 raw flags that change the colour-pass face-side test (seed 000).
constexpr std::uint32_t kIronSkipSideTest = 0x0002;   // no software side test for this record
constexpr std::uint32_t kIronFirstFaceOnly = 0x4000;  // the first face decides for the whole record

struct DrawRange {
    std::uint32_t firstIndex = 0;
    std::uint32_t indexCount = 0;  // a multiple of 3 (triangle lists)
    std::uint32_t material = 0;
    CullMode cull = CullMode::Back;
    FrontFace frontFace = FrontFace::CounterClockwise;
    // Iron3D colour pass: hardware culling off, the software side test (face_side.hpp) picks the faces
    // every frame from the raw record flags. `cull` is ignored when this is set.
    bool ironFaceSide = false;
    std::uint32_t ironFlags = 0;  // raw Batch20.flags
};

struct Mesh {
    std::string name;
    std::vector<Vertex> vertices;
    std::vector<std::uint32_t> indices;
    std::vector<DrawRange> ranges;
    Mat4 placement = Mat4::identity();  // model -> world; may mirror (negative determinant)
};

enum class Filter : std::uint8_t { Nearest, Linear };

struct Texture {
    std::string name;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint8_t> rgba;  // width*height*4, row 0 = v 0
    Filter filter = Filter::Linear;
    bool repeat = true;  // lightmap atlas pages clamp
};

// How a material's fragments reach the frame. Translucent and additive ranges are drawn after every opaque one,
// farthest first (by range centre), without depth writes; alpha-tested fragments below alphaRef are discarded.
enum class Blend : std::uint8_t { Opaque, AlphaTest, Translucent, Additive };

struct Material {
    std::string name;
    Vec4 baseColor{1, 1, 1, 1};
    std::uint32_t texture = kNone;  // index into Scene::textures
    // The content names a texture that could not be found: draw the dark checkerboard, never white.
    bool textureMissing = false;
    std::uint32_t lightmap = kNone;  // atlas page (index into Scene::textures), sampled per pixel via UV1
    float lightmapScale = 1.0f;      // decoded lightmap value multiplier (overbright)
    bool lit = false;                // sun + ambient term (ignored when lightmapped: the bake has them)
    bool fog = true;
    // Second texture blended over `texture` by Vertex::alpha (Source WorldVertexTransition: 0 = texture,
    // 1 = texture2). A missing second texture draws the checker where it shows.
    std::uint32_t texture2 = kNone;
    bool texture2Missing = false;
    Blend blend = Blend::Opaque;
    float alphaRef = 0.5f;  // AlphaTest threshold on texture alpha x baseColor.w
};

// A 2D sky box: six textures drawn around the eye at infinite distance before the world (no fog, no depth).
// Faces in this order, each with its in-texture orientation (s right, t up in the image; u = s, v = 1 - t):
//   0 +X: s -> -Y, t -> +Z     1 -X: s -> +Y, t -> +Z     2 +Y: s -> +X, t -> +Z
//   3 -Y: s -> -X, t -> +Z     4 +Z: s -> -Y, t -> -X     5 -Z: s -> -Y, t -> +X
// (Source's st_to_vec of R_DrawSkyBox; its rt, lf, bk, ft, up, dn textures are faces 0..5.)
enum class SkyFace : std::uint8_t { PosX, NegX, PosY, NegY, PosZ, NegZ };
struct SkyBox {
    std::array<std::uint32_t, 6> faces{kNone, kNone, kNone, kNone, kNone, kNone};  // Scene::textures indices
    [[nodiscard]] bool enabled() const { return faces[0] != kNone; }
};

// Linear distance fog: f = clamp((dist - start) / (end - start), 0, maxDensity); end <= start means no fog.
struct Fog {
    bool enabled = false;
    Vec3 color{0.5f, 0.5f, 0.5f};
    float start = 0;
    float end = 0;
    float maxDensity = 1;
    [[nodiscard]] float fraction(float distance) const;
};

struct Sun {
    Vec3 toSun{0, 0, 1};  // world direction towards the sun (normalised by the renderer)
    Vec3 color{1, 1, 1};
    Vec3 ambient{0.3f, 0.3f, 0.3f};
};

struct Scene {
    std::vector<Mesh> meshes;
    std::vector<Material> materials;
    std::vector<Texture> textures;
    Vec3 skyColor{0.45f, 0.55f, 0.65f};
    Fog fog;
    Sun sun;
    SkyBox sky;  // drawn over skyColor when enabled (every face set)

    [[nodiscard]] std::uint64_t triangleCount() const;
    [[nodiscard]] Aabb bounds() const;  // world space, over every mesh's vertices
};

// Checks every index, range, material and texture reference and every texture size. Errors name the
// mesh ("entry"), range or index ("record") and field.
[[nodiscard]] Status validate(const Scene& scene);

// The checkerboard drawn for a missing texture: cells of kCheckerCell UV units in two dark colours.
constexpr float kCheckerCellsPerUv = 8.0f;
constexpr Vec3 kCheckerDark{0.08f, 0.08f, 0.08f};
constexpr Vec3 kCheckerLight{0.38f, 0.0f, 0.38f};

}  // namespace vestige::scene
