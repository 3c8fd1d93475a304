// Builder geometry for segment queries. Layout facts: include/vestige/iron3d/query/builder.hpp.
#include "vestige/iron3d/query/builder.hpp"

#include <algorithm>
#include <cmath>

namespace vestige::iron3d::query {
namespace {

std::int16_t quantize(float v) { return static_cast<std::int16_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * 32767.0f)); }

msh::AnimKey makeKey(Vec3 position, float time, Quat rotation) {
    // Stored conjugated: the Node38 path conjugates the source quaternion once before composing.
    const Quat q = normalize(rotation).conjugate();
    msh::AnimKey k;
    k.position = position;
    k.time = time;
    k.wxyz = {quantize(q.w), quantize(q.x), quantize(q.y), quantize(q.z)};
    return k;
}

// A wall rectangle in the plane x = `x`, facing -x (a segment along +x meets its front).
void wallQuad(ModelBuilder& b, float x, float y0, float y1, float z0, float z1) {
    b.addQuad({x, y0, z0}, {x, y0, z1}, {x, y1, z1}, {x, y1, z0});
}

}  // namespace

std::uint32_t ModelBuilder::addNode(std::uint16_t parent, std::uint16_t flags, std::string name) {
    msh::Node n;
    n.parent = parent;
    n.flags = flags;
    mData.nodes.push_back(n);
    if (!name.empty() || mData.names) {
        if (!mData.names) mData.names.emplace();
        mData.names->names.resize(mData.nodes.size() - 1);
        mData.names->names.push_back(name.empty() ? std::nullopt : std::optional<std::string>(std::move(name)));
    }
    mFallback.emplace_back();
    mTracks.emplace_back();
    return static_cast<std::uint32_t>(mData.nodes.size() - 1);
}

std::uint32_t ModelBuilder::beginSlot(std::uint32_t node, unsigned state, unsigned lod) {
    msh::Slot s;
    s.triStart = static_cast<std::uint16_t>(mTriangles.size());
    s.batchStart = static_cast<std::uint16_t>(mData.batches.size());
    mData.slots.push_back(s);
    const auto index = static_cast<std::uint32_t>(mData.slots.size() - 1);
    mData.nodes.at(node).setSlot(state, lod, static_cast<std::uint16_t>(index));
    return index;
}

std::uint32_t ModelBuilder::addBatch(std::uint16_t flags, std::uint16_t materialIndexHi,
                                     std::uint16_t localBatchIndex) {
    msh::Batch b;
    b.flags = flags;
    b.materialIndexHi = materialIndexHi;
    b.localBatchIndex = localBatchIndex;
    b.baseVertex = static_cast<std::uint32_t>(mData.positions.size());
    b.indexStart = static_cast<std::uint32_t>(mData.indices.size());
    mData.batches.push_back(b);
    ++mData.slots.back().batchCount;
    return static_cast<std::uint32_t>(mData.batches.size() - 1);
}

std::uint32_t ModelBuilder::addTriangle(Vec3 a, Vec3 b, Vec3 c, std::uint16_t triFlags, std::optional<Vec3> normal) {
    msh::Batch& batch = mData.batches.back();
    for (Vec3 p : {a, b, c}) {
        mData.indices.push_back(static_cast<std::uint16_t>(mData.positions.size() - batch.baseVertex));
        mData.positions.push_back(p);
    }
    batch.indexCount = static_cast<std::uint16_t>(batch.indexCount + 3);
    const Vec3 n = normal.value_or(vestige::normalize(cross(b - a, c - a)));
    msh::TriangleDescriptor t;
    t.flags = triFlags;
    t.word2 = t.word4 = t.word6 = msh::kNone;
    t.normal = {quantize(n.x), quantize(n.y), quantize(n.z)};
    mTriangles.push_back(t);
    ++mData.slots.back().triCount;
    return static_cast<std::uint32_t>(mTriangles.size() - 1);
}

void ModelBuilder::addQuad(Vec3 a, Vec3 b, Vec3 c, Vec3 d, std::uint16_t triFlags) {
    addTriangle(a, b, c, triFlags);
    addTriangle(a, c, d, triFlags);
}

void ModelBuilder::setFallbackPose(std::uint32_t node, Vec3 translation, Quat rotation) {
    mFallback.at(node) = std::pair{translation, rotation};
}

void ModelBuilder::setTrack(std::uint32_t node, const std::vector<std::pair<Vec3, Quat>>& framePoses) {
    mTracks.at(node) = framePoses;
}

msh::ModelData ModelBuilder::finish() {
    msh::ModelData d = mData;
    if (mDescriptors) d.triangles = mTriangles;
    for (msh::Slot& s : d.slots) {
        Aabb box;
        for (std::uint32_t b = s.batchStart; b < std::uint32_t{s.batchStart} + s.batchCount; ++b)
            for (std::uint32_t k = 0; k < d.batches[b].indexCount; ++k)
                box.expand(d.positions[d.batches[b].baseVertex + d.indices[d.batches[b].indexStart + k]]);
        if (box.isEmpty()) box = Aabb::fromPoint({});
        s.aabbMin = box.min;
        s.aabbMax = box.max;
        const Sphere sp = Sphere::around(box);
        s.sphereCenter = sp.center;
        s.sphereRadius = sp.radius;
    }
    for (msh::Batch& b : d.batches) b.vertexCount = b.indexCount;
    const bool animated =
        std::any_of(mFallback.begin(), mFallback.end(), [](const auto& f) { return f.has_value(); }) ||
        std::any_of(mTracks.begin(), mTracks.end(), [](const auto& t) { return !t.empty(); });
    if (!animated) return d;
    std::size_t frames = 0;
    for (const auto& t : mTracks) frames = std::max(frames, t.size());
    d.animKeys.emplace();
    if (frames > 0) {
        d.frameMap.emplace();
        d.frameMap->frameCount = static_cast<std::uint32_t>(frames);
    }
    for (std::size_t n = 0; n < d.nodes.size(); ++n) {
        const auto& track = mTracks[n];
        if (track.empty()) continue;
        d.nodes[n].animMapStart = static_cast<std::uint16_t>(d.frameMap->words.size());
        // One key per frame at time = frame; a shorter track holds its last key.
        for (std::size_t f = 0; f < frames; ++f) {
            if (f < track.size())
                d.animKeys->push_back(makeKey(track[f].first, static_cast<float>(f), track[f].second));
            d.frameMap->words.push_back(static_cast<std::uint16_t>(d.animKeys->size() - 1));
        }
    }
    for (std::size_t n = 0; n < d.nodes.size(); ++n) {
        const auto pose = mFallback[n].value_or(std::pair{Vec3{}, Quat{}});
        d.nodes[n].fallbackKey = static_cast<std::uint16_t>(d.animKeys->size());
        d.animKeys->push_back(makeKey(pose.first, 0.0f, pose.second));
    }
    return d;
}

msh::ModelData samplePlant() {
    ModelBuilder b;
    const auto plant = b.addNode(msh::kNone, 0, "plant");
    const auto roof = b.addNode(0, 0, "roof");
    b.addNode(0, 0, "socket");
    const auto door = b.addNode(0, 0, "door");
    b.beginSlot(plant);
    b.addBatch();
    wallQuad(b, 0, -4, -1, 0, 4);  // left of the doorway
    wallQuad(b, 0, 1, 4, 0, 4);    // right
    wallQuad(b, 0, -1, 1, 2, 4);   // above
    b.beginSlot(roof);
    b.addBatch();
    b.addQuad({-2, -4, 4}, {2, -4, 4}, {2, 4, 4}, {-2, 4, 4});  // faces +z
    b.beginSlot(door);
    b.addBatch();
    wallQuad(b, 0, 0, 2, 0, 2);  // node space: the hinge at the origin
    const Vec3 hinge{0.1f, -1, 0};
    const Quat open = Quat::fromAxisAngle({0, 0, 1}, kPi / 2);
    b.setFallbackPose(door, hinge);
    b.setTrack(door, {{hinge, Quat{}}, {hinge, open}});
    return b.finish();
}

msh::ModelData sampleHelperChain(std::uint32_t helpers) {
    ModelBuilder b;
    for (std::uint32_t i = 0; i <= helpers; ++i) {
        const auto node = b.addNode();
        b.beginSlot(node);
        if (i < helpers)
            b.addBatch(0x0008, 0, static_cast<std::uint16_t>(i + 1));
        else
            b.addBatch();
        wallQuad(b, static_cast<float>(i + 1), -1, 1, -1, 1);
    }
    return b.finish();
}

msh::ModelData sampleSheet(std::uint32_t triangles) {
    ModelBuilder b;
    const auto node = b.addNode(msh::kNone, 0, "sheet");
    b.beginSlot(node);
    const auto cells = static_cast<int>(std::ceil(std::sqrt(triangles / 2.0)));
    auto z = [](float x, float y) { return 0.25f * std::sin(0.3f * x) * std::cos(0.2f * y); };
    constexpr std::uint32_t kFacesPerBatch = 21845;  // 3 vertices each: base_vertex + u16 index stays in range
    std::uint32_t inBatch = kFacesPerBatch;
    for (int y = 0; y < cells; ++y)
        for (int x = 0; x < cells; ++x) {
            const auto fx = static_cast<float>(x), fy = static_cast<float>(y);
            const Vec3 p00{fx, fy, z(fx, fy)}, p10{fx + 1, fy, z(fx + 1, fy)};
            const Vec3 p11{fx + 1, fy + 1, z(fx + 1, fy + 1)}, p01{fx, fy + 1, z(fx, fy + 1)};
            for (int t = 0; t < 2; ++t) {
                if (inBatch == kFacesPerBatch) {
                    b.addBatch();
                    inBatch = 0;
                }
                if (t == 0)
                    b.addTriangle(p00, p10, p11);
                else
                    b.addTriangle(p00, p11, p01);
                ++inBatch;
            }
        }
    return b.finish();
}

}  // namespace vestige::iron3d::query
