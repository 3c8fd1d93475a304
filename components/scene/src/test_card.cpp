#include "vestige/scene/test_card.hpp"

#include <cmath>

namespace vestige::scene {

std::uint32_t appendQuad(Mesh& mesh, const std::array<Vec3, 4>& c, float uvRepeat, Vec2 uv1Min, Vec2 uv1Max) {
    const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
    const auto first = static_cast<std::uint32_t>(mesh.indices.size());
    const Vec3 n = normalize(cross(c[1] - c[0], c[2] - c[0]));
    const Vec2 uv0[4] = {{0, 0}, {uvRepeat, 0}, {uvRepeat, uvRepeat}, {0, uvRepeat}};
    const Vec2 uv1[4] = {uv1Min, {uv1Max.x, uv1Min.y}, uv1Max, {uv1Min.x, uv1Max.y}};
    for (int i = 0; i < 4; ++i) mesh.vertices.push_back({c[i], n, uv0[i], uv1[i]});
    for (std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) mesh.indices.push_back(base + i);
    return first;
}

std::uint32_t appendBox(Mesh& mesh, Vec3 a, Vec3 b) {
    const auto first = static_cast<std::uint32_t>(mesh.indices.size());
    // Each face listed counter-clockwise when seen from outside.
    appendQuad(mesh, {Vec3{a.x, a.y, b.z}, {b.x, a.y, b.z}, {b.x, b.y, b.z}, {a.x, b.y, b.z}});  // +Z
    appendQuad(mesh, {Vec3{a.x, a.y, a.z}, {a.x, b.y, a.z}, {b.x, b.y, a.z}, {b.x, a.y, a.z}});  // -Z
    appendQuad(mesh, {Vec3{b.x, a.y, a.z}, {b.x, b.y, a.z}, {b.x, b.y, b.z}, {b.x, a.y, b.z}});  // +X
    appendQuad(mesh, {Vec3{a.x, a.y, a.z}, {a.x, a.y, b.z}, {a.x, b.y, b.z}, {a.x, b.y, a.z}});  // -X
    appendQuad(mesh, {Vec3{a.x, b.y, a.z}, {a.x, b.y, b.z}, {b.x, b.y, b.z}, {b.x, b.y, a.z}});  // +Y
    appendQuad(mesh, {Vec3{a.x, a.y, a.z}, {b.x, a.y, a.z}, {b.x, a.y, b.z}, {a.x, a.y, b.z}});  // -Y
    return first;
}

DrawRange& addRangeToEnd(Mesh& mesh, std::uint32_t firstIndex, std::uint32_t material) {
    DrawRange r;
    r.firstIndex = firstIndex;
    r.indexCount = static_cast<std::uint32_t>(mesh.indices.size()) - firstIndex;
    r.material = material;
    mesh.ranges.push_back(r);
    return mesh.ranges.back();
}

Texture solidTexture(std::string name, std::uint32_t w, std::uint32_t h, std::array<std::uint8_t, 4> rgba) {
    Texture t;
    t.name = std::move(name);
    t.width = w;
    t.height = h;
    t.rgba.resize(static_cast<std::size_t>(w) * h * 4);
    for (std::size_t i = 0; i < t.rgba.size(); i += 4)
        for (int c = 0; c < 4; ++c) t.rgba[i + c] = rgba[c];
    return t;
}

namespace {

// Concrete-like tiles: a light base with darker grout lines every 16 texels.
Texture tileTexture() {
    Texture t = solidTexture("testcard/tiles", 64, 64, {178, 172, 160, 255});
    for (std::uint32_t y = 0; y < 64; ++y) {
        for (std::uint32_t x = 0; x < 64; ++x) {
            auto* p = t.rgba.data() + (y * 64 + x) * 4;
            const bool grout = (x % 32) == 0 || (y % 32) == 0;
            const int noise = static_cast<int>((x * 7 + y * 13) % 11) - 5;
            for (int c = 0; c < 3; ++c) p[c] = static_cast<std::uint8_t>(grout ? 96 : p[c] + noise);
        }
    }
    return t;
}

// A lightmap page: warm light falling off from one corner with a hard shadow band across it.
Texture lightmapPage() {
    constexpr std::uint32_t kSize = 32;
    Texture t = solidTexture("testcard/lightmap", kSize, kSize, {0, 0, 0, 255});
    t.repeat = false;
    for (std::uint32_t y = 0; y < kSize; ++y) {
        for (std::uint32_t x = 0; x < kSize; ++x) {
            const float fx = (x + 0.5f) / kSize, fy = (y + 0.5f) / kSize;
            float light = 1.0f - 0.6f * std::sqrt(fx * fx + fy * fy) / std::sqrt(2.0f);
            if (y >= 17 && y < 20 && x >= 7 && x < 23) light *= 0.35f;  // shadow of the long box
            auto* p = t.rgba.data() + (y * kSize + x) * 4;
            p[0] = static_cast<std::uint8_t>(std::lround(255 * light));
            p[1] = static_cast<std::uint8_t>(std::lround(235 * light));
            p[2] = static_cast<std::uint8_t>(std::lround(205 * light));
        }
    }
    return t;
}

Material colour(std::string name, Vec4 c, bool lit) {
    Material m;
    m.name = std::move(name);
    m.baseColor = c;
    m.lit = lit;
    return m;
}

}  // namespace

Scene makeTestCard() {
    Scene s;
    s.skyColor = {0.45f, 0.58f, 0.72f};
    s.fog = {true, {0.55f, 0.64f, 0.70f}, 512.0f, 4096.0f, 0.8f};
    s.sun = {normalize(Vec3{-0.33f, 0.45f, 0.83f}), {0.95f, 0.92f, 0.85f}, {0.30f, 0.34f, 0.38f}};
    s.textures.push_back(tileTexture());    // 0
    s.textures.push_back(lightmapPage());   // 1

    Material floor = colour("testcard/floor", {1, 1, 1, 1}, false);
    floor.texture = 0;
    floor.lightmap = 1;
    floor.lightmapScale = 1.25f;
    s.materials.push_back(floor);                                            // 0
    s.materials.push_back(colour("testcard/red", {0.85f, 0.18f, 0.15f, 1}, true));     // 1
    s.materials.push_back(colour("testcard/green", {0.20f, 0.70f, 0.25f, 1}, true));   // 2
    s.materials.push_back(colour("testcard/blue", {0.18f, 0.32f, 0.85f, 1}, true));    // 3
    s.materials.push_back(colour("testcard/yellow", {0.90f, 0.80f, 0.20f, 1}, true));  // 4
    Material missing = colour("testcard/missing", {1, 1, 1, 1}, false);
    missing.textureMissing = true;
    s.materials.push_back(missing);                                          // 5

    Mesh world;
    world.name = "testcard/world";
    const float h = 1024.0f;
    addRangeToEnd(world, appendQuad(world, {Vec3{-h, -h, 0}, {h, -h, 0}, {h, h, 0}, {-h, h, 0}}, 16.0f), 0);
    addRangeToEnd(world, appendBox(world, {-200, -120, 0}, {-40, 40, 160}), 1);
    addRangeToEnd(world, appendBox(world, {120, -300, 0}, {240, -180, 260}), 2);
    addRangeToEnd(world, appendBox(world, {-600, 200, 0}, {400, 280, 64}), 3);  // the long low box
    addRangeToEnd(world, appendBox(world, {300, 260, 0}, {420, 380, 120}), 4);
    // A wall whose texture is missing: shows the checkerboard instead of hiding the problem in white.
    addRangeToEnd(world, appendQuad(world, {Vec3{-850, -350, 0}, {-550, -350, 0}, {-550, -350, 300},
                                            {-850, -350, 300}}, 2.0f), 5);
    s.meshes.push_back(std::move(world));

    // An Iron3D-style piece placed with a mirroring matrix: its single record uses the software side test.
    Mesh piece;
    piece.name = "testcard/mirrored_piece";
    DrawRange& r = addRangeToEnd(piece, appendBox(piece, {-50, -50, 0}, {50, 50, 100}), 4);
    r.ironFaceSide = true;
    piece.placement = Mat4::fromTRS({500, -500, 0}, Quat::identity(), {-1, 1, 1});
    s.meshes.push_back(std::move(piece));
    return s;
}

Camera testCardCamera(int view) {
    if (view == 1) return sourceCamera({-1300, -1300, 1500}, {42, 45, 0}, 90);
    return sourceCamera({-1150, -950, 300}, {14, 32, 0}, 90);
}

Scene makeTriangleField(std::uint32_t triangles) {
    Scene s;
    s.fog = {true, {0.5f, 0.55f, 0.6f}, 1000.0f, 8000.0f, 1.0f};
    s.materials.push_back(colour("field/floor", {0.5f, 0.5f, 0.5f, 1}, true));
    s.materials.push_back(colour("field/box", {0.7f, 0.4f, 0.3f, 1}, true));
    Mesh m;
    m.name = "field";
    addRangeToEnd(m, appendQuad(m, {Vec3{-4096, -4096, 0}, {4096, -4096, 0}, {4096, 4096, 0}, {-4096, 4096, 0}}), 0);
    const std::uint32_t boxes = triangles > 2 ? (triangles - 2) / 12 : 0;
    const auto side = static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(boxes))));
    const std::uint32_t first = static_cast<std::uint32_t>(m.indices.size());
    for (std::uint32_t i = 0; i < boxes; ++i) {
        const float x = -3000.0f + 6000.0f * static_cast<float>(i % side) / static_cast<float>(side);
        const float y = -3000.0f + 6000.0f * static_cast<float>(i / side) / static_cast<float>(side);
        const float height = 20.0f + static_cast<float>((i * 37) % 100);
        appendBox(m, {x, y, 0}, {x + 40, y + 40, height});
    }
    if (boxes) addRangeToEnd(m, first, 1);
    s.meshes.push_back(std::move(m));
    return s;
}

Camera triangleFieldCamera() { return sourceCamera({-3600, -3600, 900}, {20, 45, 0}, 90); }

}  // namespace vestige::scene
