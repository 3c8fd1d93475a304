// Synthetic models for the demo, tests, fuzz seeds and benchmarks.
#include "vestige/iron3d/msh/sample.hpp"

#include <algorithm>
#include <cmath>

namespace vestige::iron3d::msh {
namespace {

std::int8_t packComponent(float v) { return static_cast<std::int8_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * 127.0f)); }
std::uint16_t packUv(float v) { return static_cast<std::uint16_t>(std::lround(v * 1024.0f)); }

struct Builder {
    ModelData d;

    Builder() {
        d.normals.emplace();
        d.uv0.emplace();
        d.uv1.emplace();
        d.triangles.emplace();
    }

    // A box as six quads (24 vertices); faces listed in `faces` (bit i = face i: -x,+x,-y,+y,-z,+z)
    // go into one batch with the given WEAR row and lightmap.
    void boxBatch(Vec3 lo, Vec3 hi, unsigned faces, std::uint8_t material, std::uint8_t lightmap, std::uint16_t local) {
        Batch b;
        b.materialIndex = material;
        b.lightmapIndex = lightmap;
        b.localBatchIndex = local;
        b.baseVertex = static_cast<std::uint32_t>(d.positions.size());
        b.indexStart = static_cast<std::uint32_t>(d.indices.size());
        std::uint16_t local0 = 0;
        for (int f = 0; f < 6; ++f) {
            if (!(faces & (1u << f))) continue;
            const int axis = f / 2;
            const bool positive = f % 2;
            Vec3 n{};
            n[axis] = positive ? 1.0f : -1.0f;
            const int u = (axis + 1) % 3, v = (axis + 2) % 3;
            for (int c = 0; c < 4; ++c) {
                Vec3 p;
                p[axis] = positive ? hi[axis] : lo[axis];
                p[u] = (c == 1 || c == 2) ? hi[u] : lo[u];
                p[v] = (c >= 2) ? hi[v] : lo[v];
                d.positions.push_back(p);
                d.normals->push_back({packComponent(n.x), packComponent(n.y), packComponent(n.z), 0});
                d.uv0->push_back({packUv((c == 1 || c == 2) ? 1.0f : 0.0f), packUv(c >= 2 ? 1.0f : 0.0f)});
                d.uv1->push_back({packUv(0.25f * f / 6.0f + ((c == 1 || c == 2) ? 0.125f : 0.0f)), packUv(c >= 2 ? 0.5f : 0.0f)});
            }
            // Winding chosen so the triangle normal matches n.
            const std::uint16_t q[6] = {0, 1, 2, 0, 2, 3};
            const std::uint16_t qr[6] = {0, 2, 1, 0, 3, 2};
            for (int k = 0; k < 6; ++k) d.indices.push_back(static_cast<std::uint16_t>(local0 + (positive ? q[k] : qr[k])));
            for (int t = 0; t < 2; ++t) {
                TriangleDescriptor td;
                td.flags = static_cast<std::uint16_t>(f == 5 ? 0x0001 : 0x0000);
                td.word2 = td.word4 = td.word6 = kNone;
                td.normal = {static_cast<std::int16_t>(n.x * 32767), static_cast<std::int16_t>(n.y * 32767),
                             static_cast<std::int16_t>(n.z * 32767)};
                td.word14 = 0xFFFF;
                d.triangles->push_back(td);
            }
            local0 = static_cast<std::uint16_t>(local0 + 4);
        }
        b.indexCount = static_cast<std::uint16_t>(d.indices.size() - b.indexStart);
        b.vertexCount = local0;
        d.batches.push_back(b);
    }

    // A slot over the batches and descriptors added since the given marks.
    std::uint16_t slot(std::size_t batchMark, std::size_t triMark) {
        Slot s;
        s.batchStart = static_cast<std::uint16_t>(batchMark);
        s.batchCount = static_cast<std::uint16_t>(d.batches.size() - batchMark);
        s.triStart = static_cast<std::uint16_t>(triMark);
        s.triCount = static_cast<std::uint16_t>(d.triangles->size() - triMark);
        Aabb box;
        for (std::size_t b = batchMark; b < d.batches.size(); ++b)
            for (std::uint32_t v = 0; v < d.batches[b].vertexCount; ++v) box.expand(d.positions[d.batches[b].baseVertex + v]);
        s.aabbMin = box.min;
        s.aabbMax = box.max;
        const Sphere sp = Sphere::around(box);
        s.sphereCenter = sp.center;
        s.sphereRadius = sp.radius;
        s.opaque = {0, 0, 0, 0, static_cast<std::uint32_t>(d.slots.size())};
        d.slots.push_back(s);
        return static_cast<std::uint16_t>(d.slots.size() - 1);
    }
};

AnimKey key(Vec3 p, float time, Quat q = {}) {
    AnimKey k;
    k.position = p;
    k.time = time;
    k.wxyz = {static_cast<std::int16_t>(std::lround(q.w * 32767)), static_cast<std::int16_t>(std::lround(q.x * 32767)),
              static_cast<std::int16_t>(std::lround(q.y * 32767)), static_cast<std::int16_t>(std::lround(q.z * 32767))};
    return k;
}

Bytes pattern(std::size_t n, std::uint8_t seed) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(seed + i * 7);
    return b;
}

}  // namespace

ModelData sampleTank() {
    Builder s;
    // Body: hull sides + bottom (WEAR 0, lightmap 0) and the deck (WEAR 1, no lightmap).
    auto bm = s.d.batches.size();
    auto tm = s.d.triangles->size();
    s.boxBatch({-2.0f, -1.0f, 0.3f}, {2.0f, 1.0f, 1.3f}, 0b011111, 0, 0, 0);
    s.boxBatch({-2.0f, -1.0f, 0.3f}, {2.0f, 1.0f, 1.3f}, 0b100000, 1, kNoLightmap, 1);
    const auto bodyLod0 = s.slot(bm, tm);
    // Body LOD 1: one batch for the whole box.
    bm = s.d.batches.size(); tm = s.d.triangles->size();
    s.boxBatch({-2.0f, -1.0f, 0.3f}, {2.0f, 1.0f, 1.3f}, 0b111111, 0, 0, 0);
    const auto bodyLod1 = s.slot(bm, tm);
    // Body state 1 ("collapsed"): a flattened wreck.
    bm = s.d.batches.size(); tm = s.d.triangles->size();
    s.boxBatch({-2.2f, -1.1f, 0.0f}, {2.2f, 1.1f, 0.4f}, 0b111111, 3, kNoLightmap, 0);
    const auto bodyWreck = s.slot(bm, tm);
    // Tracks (node-local, placed by their fallback pose).
    bm = s.d.batches.size(); tm = s.d.triangles->size();
    s.boxBatch({-2.1f, -0.3f, -0.4f}, {2.1f, 0.3f, 0.4f}, 0b111111, 2, 0, 0);
    const auto trackL = s.slot(bm, tm);
    bm = s.d.batches.size(); tm = s.d.triangles->size();
    s.boxBatch({-2.1f, -0.3f, -0.4f}, {2.1f, 0.3f, 0.4f}, 0b111111, 2, 0, 0);
    const auto trackR = s.slot(bm, tm);

    ModelData& d = s.d;
    auto node = [&](std::uint16_t parent, std::uint16_t flags, std::uint16_t fallbackKey) {
        Node n;
        n.parent = parent;
        n.flags = flags;
        n.fallbackKey = fallbackKey;
        d.nodes.push_back(n);
        return &d.nodes.back();
    };
    node(kNone, 0x0000, 0);
    d.nodes[0].setSlot(0, 0, bodyLod0);
    d.nodes[0].setSlot(0, 1, bodyLod1);
    d.nodes[0].setSlot(1, 0, bodyWreck);
    node(0, 0x0000, 1)->setSlot(0, 0, trackL);
    d.nodes[1].setSlot(0, 1, trackL);
    node(0, 0x0000, 2)->setSlot(0, 0, trackR);
    d.nodes[2].setSlot(0, 1, trackR);
    node(0, 0x0010, 5)->animMapStart = 0;  // the socket: no geometry, animated
    d.names = NodeNames{{"body", "track_left", "track_right", "turret_socket"}, {}};

    const float h = std::sqrt(0.5f);
    d.animKeys = std::vector<AnimKey>{
        key({0, 0, 0}, 0),                          // 0 body
        key({0, 1.4f, 0.4f}, 0),                    // 1 left track
        key({0, -1.4f, 0.4f}, 0),                   // 2 right track
        key({0.3f, 0, 1.3f}, 0),                    // 3 socket, t = 0
        key({0.3f, 0, 1.3f}, 2, Quat{0, 0, h, h}),  // 4 socket, t = 2: quarter turn about Z
        key({0.3f, 0, 1.3f}, 0),                    // 5 socket fallback
    };
    d.frameMap = FrameMap{{3, 3, 4, 4}, 4};

    d.opaque = {{stream::kService, pattern(12, 0x10)},
                {stream::kAux15, pattern(16, 0x20)},
                {stream::kColors, pattern(4 * d.positions.size(), 0x30)},
                {stream::kAux17, pattern(6, 0x40)},
                {stream::kAux20, pattern(10, 0x50)}};
    return d;
}

ModelData sampleGrid(std::size_t triangles, bool descriptors) {
    ModelData d;
    d.normals.emplace();
    d.uv0.emplace();
    if (descriptors) d.triangles.emplace();
    // Each batch is a 127 x 127-cell patch: 128 * 128 = 16384 vertices, 32258 triangles.
    constexpr int kCells = 127;
    constexpr int kSide = kCells + 1;
    const std::size_t perPatch = 2 * kCells * kCells;
    const std::size_t patches = std::max<std::size_t>(1, (triangles + perPatch - 1) / perPatch);
    for (std::size_t p = 0; p < patches; ++p) {
        Batch b;
        b.baseVertex = static_cast<std::uint32_t>(d.positions.size());
        b.indexStart = static_cast<std::uint32_t>(d.indices.size());
        b.materialIndex = static_cast<std::uint8_t>(p % 4);
        b.lightmapIndex = kNoLightmap;
        b.localBatchIndex = static_cast<std::uint16_t>(p);
        const float ox = static_cast<float>(p % 16) * kCells, oy = static_cast<float>(p / 16) * kCells;
        for (int y = 0; y < kSide; ++y)
            for (int x = 0; x < kSide; ++x) {
                d.positions.push_back({ox + x, oy + y, 0.01f * ((x * 7 + y * 3) % 11)});
                d.normals->push_back({0, 0, 127, 0});
                d.uv0->push_back({static_cast<std::uint16_t>(x * 8), static_cast<std::uint16_t>(y * 8)});
            }
        for (int y = 0; y < kCells; ++y)
            for (int x = 0; x < kCells; ++x) {
                const auto i = static_cast<std::uint16_t>(y * kSide + x);
                for (std::uint16_t v : {i, static_cast<std::uint16_t>(i + 1), static_cast<std::uint16_t>(i + kSide + 1), i,
                                        static_cast<std::uint16_t>(i + kSide + 1), static_cast<std::uint16_t>(i + kSide)})
                    d.indices.push_back(v);
                if (descriptors)
                    for (int t = 0; t < 2; ++t) d.triangles->push_back({0, kNone, kNone, kNone, {0, 0, 32767}, 0xFFFF});
            }
        // index_count is a u16 field: a patch's 96774 indices need more than one batch record.
        const std::uint32_t total = static_cast<std::uint32_t>(d.indices.size() - b.indexStart);
        constexpr std::uint32_t kMaxIndices = 65535 - 65535 % 3;
        for (std::uint32_t done = 0; done < total; done += kMaxIndices) {
            Batch part = b;
            part.indexStart = b.indexStart + done;
            part.indexCount = static_cast<std::uint16_t>(std::min(kMaxIndices, total - done));
            part.vertexCount = static_cast<std::uint16_t>(kSide * kSide - 1);
            d.batches.push_back(part);
        }
    }
    Slot s;
    s.batchCount = static_cast<std::uint16_t>(std::min<std::size_t>(d.batches.size(), 0xFFFF));
    s.triCount = static_cast<std::uint16_t>(descriptors ? std::min<std::size_t>(d.triangles->size(), 0xFFFF) : 0);
    Aabb box;
    for (const auto& p : d.positions) box.expand(p);
    s.aabbMin = box.min;
    s.aabbMax = box.max;
    const auto sp = Sphere::around(box);
    s.sphereCenter = sp.center;
    s.sphereRadius = sp.radius;
    d.slots.push_back(s);
    Node n;
    n.setSlot(0, 0, 0);
    d.nodes.push_back(n);
    return d;
}

}  // namespace vestige::iron3d::msh
