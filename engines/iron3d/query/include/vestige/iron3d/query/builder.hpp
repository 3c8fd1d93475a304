#pragma once
// Builder geometry for segment queries (our own data, no game bytes): a small model writer that keeps
// the type-7 descriptors in step with the faces, and the sample models the tests, demo, fuzz target
// and benchmark use.
#include <optional>
#include <string>

#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::query {

// One face per triangle; a slot's descriptors start at the descriptor count when the slot begins, so
// the default layout is the one the cursor rule expects (override with setDescriptor for tests).
class ModelBuilder {
public:
    std::uint32_t addNode(std::uint16_t parent = msh::kNone, std::uint16_t flags = 0, std::string name = {});
    // A new slot for `node` at (state, lod); following batches belong to it.
    std::uint32_t beginSlot(std::uint32_t node, unsigned state = 0, unsigned lod = 0);
    // A new batch of the current slot: its own vertices (base_vertex = positions so far).
    std::uint32_t addBatch(std::uint16_t flags = 0, std::uint16_t materialIndexHi = 0,
                           std::uint16_t localBatchIndex = 0);
    // A triangle of the current batch and its descriptor; the normal defaults to the winding's
    // (normalize(cross(b - a, c - a)) quantised x 32767).
    std::uint32_t addTriangle(Vec3 a, Vec3 b, Vec3 c, std::uint16_t triFlags = 0, std::optional<Vec3> normal = {});
    // Two triangles (a, b, c) and (a, c, d).
    void addQuad(Vec3 a, Vec3 b, Vec3 c, Vec3 d, std::uint16_t triFlags = 0);
    // Node pose keys: a fallback (static) pose, and an optional type-19 track of one key per frame.
    // `rotation` is the pose the hierarchy should compose with; the builder stores its conjugate, as
    // the Node38 path conjugates once on load.
    void setFallbackPose(std::uint32_t node, Vec3 translation, Quat rotation = {});
    void setTrack(std::uint32_t node, const std::vector<std::pair<Vec3, Quat>>& framePoses);
    void withoutDescriptors() { mDescriptors = false; }
    msh::ModelData& data() { return mData; }

    // Fills batch/slot counts, bounds and the animation streams; the result passes msh::validate.
    [[nodiscard]] msh::ModelData finish();

private:
    msh::ModelData mData;
    std::vector<msh::TriangleDescriptor> mTriangles;
    std::vector<std::optional<std::pair<Vec3, Quat>>> mFallback;
    std::vector<std::vector<std::pair<Vec3, Quat>>> mTracks;
    bool mDescriptors = true;
};

// The seed's door case in builder form: node 0 "plant" (a wall in the plane x = 0 facing -x with a
// doorway y in [-1, 1], z in [0, 2]), node 1 "roof", node 2 "socket" (no geometry), node 3 "door"
// (child of 0, hinged at (0.1, -1, 0)): frame 0 and the fallback pose close the doorway, frame 1
// swings the door 90 degrees about +z out of it.
[[nodiscard]] msh::ModelData samplePlant();
// `helpers` walls at x = 1, 2, ...: wall i is node i, a root, its batch a 0x0008 helper whose key is
// node i + 1; the last wall (node `helpers`) is plain. A segment along +x visits helpers + 1 walls.
[[nodiscard]] msh::ModelData sampleHelperChain(std::uint32_t helpers);
// A gently curved sheet of at least `triangles` faces over [0, side] x [0, side] (one node, one slot,
// one batch per 21845 faces), for benchmarks and fuzz seeds.
[[nodiscard]] msh::ModelData sampleSheet(std::uint32_t triangles);

}  // namespace vestige::iron3d::query
