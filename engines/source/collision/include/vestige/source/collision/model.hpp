#pragma once
// Collision model: convex volumes (brushes and displacement-triangle columns) in one BVH, traced with
// Source's CM_ClipBoxToBrush rules (spec §2.3): per volume the latest entering plane wins when it comes
// before the earliest leaving plane, DIST_EPSILON = 1/32, start-solid / all-solid reported, never resolved.
//
// Volumes are built by ModelBuilder (builder.hpp), which also adds bevel planes so that the
// expanded-plane test is an exact separating-axis test for boxes. Positions are floats like Source's.
#include <cstdint>
#include <span>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/source/collision/contents.hpp"

namespace vestige::source::collision {

constexpr float kDistEpsilon = 1.0f / 32.0f;

enum class VolumeKind : std::uint8_t { Brush, Displacement };

struct Side {
    Plane plane;         // world space, normal unit, points out of the solid
    bool bevel = false;  // used by box traces only (spec §2.2)
};

struct Volume {
    VolumeKind kind = VolumeKind::Brush;
    std::uint32_t contents = 0;
    std::int32_t sourceId = -1;   // brush id, or displacement id
    std::int32_t triangle = -1;   // displacement triangle index, -1 for brushes
    std::int32_t model = 0;       // 0 = world, n = brush model n
    std::uint32_t firstSide = 0;
    std::uint32_t numSides = 0;
    Aabb bounds;                  // world space, from the clipped vertices
};

enum class HitKind : std::uint8_t { None, Brush, Displacement };

struct TraceResult {
    float fraction = 1.0f;
    Vec3 endPos;
    Plane plane;                 // the hit side's plane (not expanded); zero normal when nothing was hit
    std::uint32_t contents = 0;  // contents of the hit (or start-solid) volume
    bool startSolid = false;
    bool allSolid = false;
    HitKind hitKind = HitKind::None;
    std::int32_t hitVolume = -1;  // index into CollisionModel::volumes()
    std::int32_t hitId = -1;      // brush id or displacement id of that volume
    // Started inside a volume: the fraction where the sweep leaves it (CM_ClipBoxToBrush's leave fraction, the
    // largest over the volumes it started in); 1 when it never leaves (allSolid); 0 when it did not start inside,
    // or left within DIST_EPSILON of the start. Never changes fraction/endPos/plane above.
    float fractionLeftSolid = 0.0f;
    [[nodiscard]] bool didHit() const { return fraction < 1.0f || startSolid; }
};

struct ModelStats {
    std::size_t brushes = 0;
    std::size_t displacementTriangles = 0;
    std::size_t sides = 0;
    std::size_t bevels = 0;
    std::size_t degenerateSkipped = 0;  // inputs without volume (no vertices), kept out of the world
    std::size_t nodes = 0;
};

class CollisionModel {
public:
    CollisionModel() = default;

    // Swept box (mins/maxs relative to the origin) from start to end; blocks on volumes with contents & mask.
    [[nodiscard]] TraceResult traceBox(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask) const;
    // Zero-extent trace; bevel planes are skipped like Source does for rays.
    [[nodiscard]] TraceResult traceRay(Vec3 start, Vec3 end, std::uint32_t mask) const;
    // traceBox plus the engine's rules for a zero-extent trace that starts inside solid (CM_ClipBoxToBrush's
    // point case): a volume the ray enters before it has left the solid it started in counts as part of that
    // solid (fractionLeftSolid grows to its leave fraction, or allSolid when the ray ends inside it), and
    // nothing entered before fractionLeftSolid is a hit: the hit is the first volume entered after it (none:
    // fraction 1). Source applies this in brush order; here the volumes are taken in order of entry, which is the
    // order-independent result. Boxes (and rays that do not start inside) get traceBox's result unchanged.
    [[nodiscard]] TraceResult traceEngine(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask) const;
    // OR of the contents of every volume containing p (GetPointContents equivalent; liquids included).
    [[nodiscard]] std::uint32_t pointContents(Vec3 p) const;
    // Same result as traceBox, testing every volume (benchmark / test baseline).
    [[nodiscard]] TraceResult traceBoxBruteForce(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs,
                                                 std::uint32_t mask) const;

    // Benchmark baseline switch: traceBox tests every volume instead of descending the BVH (same results).
    void setBruteForce(bool on) { mBruteForce = on; }

    [[nodiscard]] std::span<const Volume> volumes() const { return mVolumes; }
    [[nodiscard]] std::span<const Side> sides() const { return mSides; }
    [[nodiscard]] std::span<const Side> sidesOf(const Volume& v) const {
        return std::span<const Side>(mSides).subspan(v.firstSide, v.numSides);
    }
    [[nodiscard]] const ModelStats& stats() const { return mStats; }
    [[nodiscard]] Aabb bounds() const { return mNodes.empty() ? Aabb{} : mNodes[0].bounds; }

private:
    friend class ModelBuilder;
    struct Node {
        Aabb bounds;
        std::uint32_t contents = 0;  // OR over the subtree, to skip subtrees the mask ignores
        std::uint32_t first = 0;     // leaf: first index into mItems; inner: index of the left child
        std::uint32_t count = 0;     // leaf: item count; inner: 0 (right child = left + 1)
    };
    struct Work;
    struct Clip;
    [[nodiscard]] Clip clipVolume(std::uint32_t volume, const Work& w) const;
    void clip(std::uint32_t volume, Work& w) const;
    TraceResult finish(Work& w) const;
    void buildTree();

    std::vector<Volume> mVolumes;
    std::vector<Side> mSides;
    std::vector<Node> mNodes;
    std::vector<std::uint32_t> mItems;
    ModelStats mStats;
    bool mBruteForce = false;
};

}  // namespace vestige::source::collision
