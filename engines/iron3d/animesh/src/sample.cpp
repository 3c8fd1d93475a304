// Synthetic turret, cannon, launcher and chain models built with the MSH builder types.
#include "vestige/iron3d/animesh/sample.hpp"

#include <cmath>

#include "vestige/iron3d/msh/sample.hpp"

namespace vestige::iron3d::animesh {
namespace {

std::int16_t q16(float v) { return static_cast<std::int16_t>(std::lround(v * 32767.0f)); }

msh::AnimKey key(Vec3 p, float time, Quat q = {}) {
    msh::AnimKey k;
    k.position = p;
    k.time = time;
    k.wxyz = {q16(q.w), q16(q.x), q16(q.y), q16(q.z)};
    return k;
}

struct ModelBuilder {
    msh::ModelData d;
    std::vector<std::optional<std::string>> names;

    ModelBuilder() { d.animKeys.emplace(); }

    // One box: 8 corners, 12 triangles, one batch, one slot; returns the slot index.
    std::uint16_t box(Vec3 lo, Vec3 hi, std::uint8_t material) {
        msh::Batch b;
        b.materialIndex = material;
        b.baseVertex = static_cast<std::uint32_t>(d.positions.size());
        b.indexStart = static_cast<std::uint32_t>(d.indices.size());
        b.vertexCount = 8;
        const Aabb bounds{lo, hi};
        for (const Vec3& c : bounds.corners()) d.positions.push_back(c);
        // Corner bit 0 = x, 1 = y, 2 = z; two triangles per face, outward winding.
        static constexpr std::uint16_t kFaces[36] = {0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4,
                                                     2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5};
        for (std::uint16_t i : kFaces) d.indices.push_back(i);
        b.indexCount = 36;
        d.batches.push_back(b);
        msh::Slot s;
        s.batchStart = static_cast<std::uint16_t>(d.batches.size() - 1);
        s.batchCount = 1;
        s.aabbMin = lo;
        s.aabbMax = hi;
        const Sphere sp = Sphere::around(bounds);
        s.sphereCenter = sp.center;
        s.sphereRadius = sp.radius;
        d.slots.push_back(s);
        return static_cast<std::uint16_t>(d.slots.size() - 1);
    }

    // A node with its fallback key (appended now) and optional geometry in state 0 / LODs 0-1.
    std::size_t node(std::uint16_t parent, std::uint16_t flags, const char* name, Vec3 rest,
                     std::optional<std::uint16_t> slot) {
        msh::Node n;
        n.parent = parent;
        n.flags = flags;
        n.fallbackKey = static_cast<std::uint16_t>(d.animKeys->size());
        d.animKeys->push_back(key(rest, 0));
        if (slot) {
            n.setSlot(0, 0, *slot);
            n.setSlot(0, 1, *slot);
        }
        d.nodes.push_back(n);
        names.emplace_back(name);
        return d.nodes.size() - 1;
    }

    // Animates a node: keys (appended now) at the given times, and a frame map block of `frames`
    // words where frame f uses the last key whose time is <= f.
    void animate(std::size_t node, Vec3 position, const std::vector<std::pair<float, Quat>>& keys,
                 std::uint32_t frames) {
        if (!d.frameMap) d.frameMap = msh::FrameMap{{}, frames};
        const auto first = static_cast<std::uint16_t>(d.animKeys->size());
        for (const auto& [t, q] : keys) d.animKeys->push_back(key(position, t, q));
        d.nodes[node].animMapStart = static_cast<std::uint16_t>(d.frameMap->words.size());
        for (std::uint32_t f = 0; f < frames; ++f) {
            std::uint16_t k = 0;
            for (std::size_t i = 0; i < keys.size(); ++i)
                if (keys[i].first <= static_cast<float>(f)) k = static_cast<std::uint16_t>(i);
            d.frameMap->words.push_back(static_cast<std::uint16_t>(first + k));
        }
    }

    msh::ModelData finish() {
        d.names = msh::NodeNames{names, {}};
        return std::move(d);
    }
};

Quat aboutZ(float degrees) { return Quat::fromAxisAngle({0, 0, 1}, degToRad(degrees)); }
Quat aboutY(float degrees) { return Quat::fromAxisAngle({0, 1, 0}, degToRad(degrees)); }

}  // namespace

msh::ModelData sampleTurret() {
    ModelBuilder b;
    const auto base = b.box({-1.0f, -1.0f, 0.0f}, {1.0f, 1.0f, 0.4f}, 4);
    const auto rotor = b.box({-0.8f, -0.7f, 0.0f}, {0.9f, 0.7f, 0.6f}, 5);
    b.node(msh::kNone, 0x0000, "attach", {}, std::nullopt);
    b.node(0, 0x0000, "turret_base", {}, base);
    const auto r = b.node(1, 0x0000, "turret_rotor", {0, 0, 0.4f}, rotor);
    b.node(2, 0x0000, "cannon_socket", {0.9f, 0, 0.3f}, std::nullopt);
    b.node(2, 0x0000, "rocket_socket", {-0.4f, 0.6f, 0.6f}, std::nullopt);
    b.animate(r, {0, 0, 0.4f},
              {{0, aboutZ(0)}, {4, aboutZ(90)}, {8, aboutZ(180)}, {12, aboutZ(270)}, {16, aboutZ(360)}}, 16);
    return b.finish();
}

msh::ModelData sampleCannon() {
    ModelBuilder b;
    const auto barrel = b.box({0.0f, -0.12f, -0.12f}, {2.4f, 0.12f, 0.12f}, 6);
    b.node(msh::kNone, 0x0000, "attach", {}, std::nullopt);
    const auto c = b.node(0, 0x0000, "cannon_body", {}, barrel);
    b.animate(c, {}, {{0, aboutY(0)}, {8, aboutY(-20)}, {16, aboutY(0)}}, 16);
    return b.finish();
}

msh::ModelData sampleLauncher() {
    ModelBuilder b;
    const auto body = b.box({-0.3f, -0.3f, 0.0f}, {0.3f, 0.3f, 0.4f}, 7);
    b.node(msh::kNone, 0x0000, "attach", {}, std::nullopt);
    b.node(0, 0x0000, "launcher_body", {}, body);
    return b.finish();
}

msh::ModelData sampleChain(std::size_t nodes) {
    ModelBuilder b;
    const auto slot = b.box({-0.1f, -0.1f, 0.0f}, {0.1f, 0.1f, 0.5f}, 0);
    for (std::size_t i = 0; i < nodes; ++i) {
        const auto parent = i == 0 ? msh::kNone : static_cast<std::uint16_t>((i - 1) / 2);
        const auto n = b.node(parent, 0, "link", {0, 0, 0.5f}, slot);
        const float turn = static_cast<float>(i % 7) * 10.0f;
        b.animate(n, {0.05f * static_cast<float>(i % 5), 0, 0.5f},
                  {{0, aboutZ(0)}, {8, aboutZ(turn)}, {16, aboutY(turn)}, {24, aboutZ(-turn)}, {32, aboutZ(0)}}, 32);
    }
    return b.finish();
}

Result<AniMesh> sampleAssembly(bool withLauncher) {
    AniMesh mesh;
    VESTIGE_TRY(const auto tank, mesh.append("tank.msh", msh::sampleTank(), 0));
    VESTIGE_TRY(const auto turret, mesh.append("turret.msh", sampleTurret(), 1, tank + 3));
    VESTIGE_TRY(const auto cannon, mesh.append("cannon.msh", sampleCannon(), 2, turret + 2));
    (void)cannon;
    if (withLauncher) {
        VESTIGE_TRY(const auto launcher, mesh.append("launcher.msh", sampleLauncher(), 3, turret + 3));
        (void)launcher;
    }
    VESTIGE_CHECK(mesh.update());
    return mesh;
}

}  // namespace vestige::iron3d::animesh
