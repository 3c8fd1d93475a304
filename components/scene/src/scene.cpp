#include "vestige/scene/scene.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "vestige/core/bytes.hpp"

namespace vestige::scene {

float Fog::fraction(float distance) const {
    if (!enabled || !(end > start)) return 0.0f;
    const float f = (distance - start) / (end - start);
    return std::clamp(f, 0.0f, std::clamp(maxDensity, 0.0f, 1.0f));
}

std::uint64_t Scene::triangleCount() const {
    std::uint64_t n = 0;
    for (const auto& m : meshes)
        for (const auto& r : m.ranges) n += r.indexCount / 3;
    return n;
}

Aabb Scene::bounds() const {
    Aabb box;
    for (const auto& m : meshes)
        for (const auto& v : m.vertices) box.expand(m.placement.transformPoint(v.position));
    return box;
}

namespace {

Status checkTextureRef(const Scene& scene, std::uint32_t index, const char* field, std::size_t materialIndex) {
    if (index == kNone || index < scene.textures.size()) return {};
    return Error("scene.bad_texture_ref", "material names a texture that does not exist")
        .record(materialIndex)
        .field(field)
        .expected(fmt::format("< {} or none", scene.textures.size()))
        .actual(std::to_string(index));
}

}  // namespace

Status validate(const Scene& scene) {
    for (std::size_t t = 0; t < scene.textures.size(); ++t) {
        const Texture& tex = scene.textures[t];
        std::uint64_t want = 0;
        if (tex.width == 0 || tex.height == 0 || !checkedMul(std::uint64_t{tex.width} * 4, tex.height, want) ||
            want != tex.rgba.size()) {
            return Error("scene.bad_texture_size", "texture pixel data does not match its size")
                .entry(tex.name)
                .record(t)
                .field("rgba")
                .expected(fmt::format("{}x{}x4 bytes, both sides >= 1", tex.width, tex.height))
                .actual(fmt::format("{} bytes", tex.rgba.size()));
        }
    }
    for (std::size_t m = 0; m < scene.materials.size(); ++m) {
        VESTIGE_CHECK(checkTextureRef(scene, scene.materials[m].texture, "texture", m).entry(scene.materials[m].name));
        VESTIGE_CHECK(
            checkTextureRef(scene, scene.materials[m].lightmap, "lightmap", m).entry(scene.materials[m].name));
        VESTIGE_CHECK(
            checkTextureRef(scene, scene.materials[m].texture2, "texture2", m).entry(scene.materials[m].name));
    }
    for (std::size_t f = 0; f < scene.sky.faces.size(); ++f) {
        const std::uint32_t t = scene.sky.faces[f];
        if ((t == kNone) != (scene.sky.faces[0] == kNone) || (t != kNone && t >= scene.textures.size()))
            return Error("scene.bad_sky", "a sky box needs all six faces, each an existing texture")
                .record(f)
                .field("sky.faces")
                .expected(fmt::format("< {} on every face, or none at all", scene.textures.size()))
                .actual(t == kNone ? "none" : std::to_string(t));
    }
    for (const Mesh& mesh : scene.meshes) {
        for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
            if (mesh.indices[i] >= mesh.vertices.size()) {
                return Error("scene.bad_index", "index outside the vertex list")
                    .entry(mesh.name)
                    .record(i)
                    .field("indices")
                    .expected(fmt::format("< {}", mesh.vertices.size()))
                    .actual(std::to_string(mesh.indices[i]));
            }
        }
        for (std::size_t r = 0; r < mesh.ranges.size(); ++r) {
            const DrawRange& range = mesh.ranges[r];
            std::uint64_t end = 0;
            if (!checkedAdd(range.firstIndex, range.indexCount, end) || end > mesh.indices.size()) {
                return Error("scene.bad_range", "draw range reaches past the index list")
                    .entry(mesh.name)
                    .record(r)
                    .field("indexCount")
                    .expected(fmt::format("firstIndex + indexCount <= {}", mesh.indices.size()))
                    .actual(fmt::format("{} + {}", range.firstIndex, range.indexCount));
            }
            if (range.indexCount % 3 != 0) {
                return Error("scene.bad_range", "draw range index count is not a multiple of 3")
                    .entry(mesh.name)
                    .record(r)
                    .field("indexCount")
                    .expected("a multiple of 3")
                    .actual(std::to_string(range.indexCount));
            }
            if (range.material >= scene.materials.size()) {
                return Error("scene.bad_material_ref", "draw range names a material that does not exist")
                    .entry(mesh.name)
                    .record(r)
                    .field("material")
                    .expected(fmt::format("< {}", scene.materials.size()))
                    .actual(std::to_string(range.material));
            }
        }
    }
    return {};
}

}  // namespace vestige::scene
