#pragma once
// Interpreted view of a BSP: renderable world meshes, a lightmap atlas and the environment (sun, fog, sky).
//
// Rules (spec §1.6–1.8, each pinned by a test):
//  * faces of model 0 are the world; models 1..N are drawn only through the entity whose "model" is "*N",
//    transformed local -> world by R(angles) * p + origin (base::angleMatrix; UVs from the stored local vertex);
//  * classes that are never drawn (func_vehicleclip, func_occluder, func_areaportal*, func_clip_vphysics,
//    func_precipitation, trigger_*) and entities with StartDisabled "1" or rendermode 10 are skipped;
//  * faces whose texinfo has NODRAW | SKY | SKY2D | SKIP | HINT are skipped (NOPORTAL and TRIGGER are drawn);
//  * output triangles are counter-clockwise seen from the front (glTF / GL); Source stores them clockwise;
//  * displacements: corners rotated so corner 0 is nearest startPosition, (2^p+1)^2 vertices at
//    lerp(...) + vec * dist, Valve's alternating quad split; texture UV from the flat position;
//  * lightmaps: ColorRGBExp32 = bytes r, g, b, signed exponent, linear c * 2^exp / 255; block (size+1)^2 per
//    style (4 blocks per style with SURF_BUMPLIGHT; the flat one is used), atlas with a 1-texel border.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/source/bsp/bsp.hpp"

namespace vestige::source::mapmesh {

constexpr std::uint32_t kSkipSurfaceMask =
    base::surf::kNoDraw | base::surf::kSky | base::surf::kSky2d | base::surf::kSkip | base::surf::kHint;

struct Vertex {
    Vec3 position;   // world space
    Vec3 normal;     // face normal (out of the solid), world space
    Vec2 uv;         // texture: texels / texdata size
    Vec2 lightmapUv; // atlas 0..1 (texel centres)
    float alpha = 0; // displacement blend 0..1
};

// All triangles of one material (texdata name), counter-clockwise from the front.
struct Mesh {
    std::string material;
    std::vector<Vertex> vertices;
    std::vector<std::uint32_t> indices;
};

struct LightmapAtlas {
    int width = 0, height = 0;
    std::vector<Vec3> texels;  // linear RGB, row-major
};

struct Environment {
    std::optional<Vec3> toSun;    // unit vector towards the sun (light_environment)
    Vec3 sunColor;                // linear 0..1 colour from _light RGB ((c/255)^2.2)
    float sunBrightness = 0;      // _light 4th component (a brightness scale, not a radius)
    Vec3 ambientColor;
    float ambientBrightness = 0;
    bool fogEnabled = false;
    Vec3 fogColor;                // 0..255 as written
    float fogStart = 0, fogEnd = 0, fogMaxDensity = 1;
    std::string skyName;
    std::optional<Vec3> skyCameraOrigin;
    float skyCameraScale = 16;
};

struct MapMeshStats {
    std::size_t facesDrawn = 0;
    std::size_t facesSkippedByFlags = 0;
    std::size_t facesSkippedByClass = 0;  // faces of models whose entity is not drawn
    std::size_t displacementTriangles = 0;
    std::size_t triangles = 0;
};

struct MapMesh {
    std::vector<Mesh> meshes;  // sorted by material name
    LightmapAtlas lightmap;
    Environment environment;
    MapMeshStats stats;
};

struct MapMeshOptions {
    std::uint32_t skipSurfaceFlags = kSkipSurfaceMask;
    int atlasWidth = 1024;
};

// Linear value of one ColorRGBExp32 sample.
Vec3 decodeLuxel(const std::uint8_t* rgbe);
// True for classes/entities whose brush model is never drawn.
bool isHiddenEntity(const bsp::Entity& entity);

[[nodiscard]] Result<MapMesh> buildMapMesh(const bsp::Bsp& map, const MapMeshOptions& options = {});
// Binary glTF: one node per material mesh, TEXCOORD_0 texture UV, TEXCOORD_1 lightmap UV, the atlas as a PNG.
[[nodiscard]] Result<Bytes> exportGlb(const MapMesh& mesh);
// Registry glue: read, build and export a map file.
[[nodiscard]] Result<Bytes> exportMapGlb(ByteView data);

}  // namespace vestige::source::mapmesh
