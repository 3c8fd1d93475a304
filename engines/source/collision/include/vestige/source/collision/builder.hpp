#pragma once
// ModelBuilder: collects convex brushes (plane lists + contents), brush models at an origin and
// displacement triangle meshes, computes vertices/bounds (each plane-pair line clipped by all
// half-spaces, spec §2.6), adds the missing bevel planes (axial bounds planes and edge x axis planes,
// as vbsp does) and builds the BVH. Primitive helpers (box, ramp, stairs, displacement grid) make the
// test and demo models; a BSP loader can feed addBrush/addDisplacement the same way.
#include <array>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/collision/model.hpp"

namespace vestige::source::collision {

struct BrushInput {
    std::vector<Plane> planes;    // outward normals (need not be unit; normalised on add)
    std::vector<bool> bevel;      // optional, parallel to planes (BSP brush sides carry this flag)
    std::uint32_t contents = contents::kSolid;
    std::int32_t id = -1;         // caller's brush id, reported by traces
};

struct DisplacementInput {
    std::vector<Vec3> vertices;
    // Winding as in BSP displacements: the front (up) normal is cross(v2 - v0, v1 - v0) (spec §1.8).
    std::vector<std::array<std::uint32_t, 3>> triangles;
    std::uint32_t contents = contents::kSolid;
    std::int32_t id = -1;
    Vec3 up{0, 0, 1};  // the column direction; each triangle's volume is the column below it along -up
};

// Classes that never collide with the player (spec §2.5 / seed E17.3); StartDisabled brushes too.
[[nodiscard]] bool isNonCollidingClass(std::string_view className);

// A displacement-style grid: n x n vertices (n = 2^power + 1) over [origin, origin + size] in XY with
// height(x, y) added to origin.z, triangulated with the BSP order of spec §1.8 (alternating diagonals).
[[nodiscard]] DisplacementInput displacementGrid(Vec3 origin, float size, int power,
                                                 const std::function<float(float, float)>& height);

class ModelBuilder {
public:
    // A convex brush; origin translates it (brush models: d' = d + n . origin). model 0 = world.
    Status addBrush(const BrushInput& brush, Vec3 origin = {}, std::int32_t model = 0);
    Status addDisplacement(const DisplacementInput& disp);

    // Primitives (all solid unless contents says otherwise); each returns the brush id it assigned.
    std::int32_t addBox(Vec3 mins, Vec3 maxs, std::uint32_t contents = contents::kSolid, Vec3 origin = {},
                        std::int32_t model = 0);
    // A wedge rising along +x (or -x when descendingX) by angleDegrees from (x0, y0..y1, z0) over length;
    // a vertical back face closes it.
    std::int32_t addRamp(float x0, float y0, float y1, float z0, float length, float angleDegrees,
                         bool descendingX = false, std::uint32_t contents = contents::kSolid);
    // Steps along +x: count steps of stepHeight x stepDepth, width y0..y1, from (x0, z0).
    void addStairs(float x0, float y0, float y1, float z0, int count, float stepHeight, float stepDepth);

    [[nodiscard]] std::int32_t nextBrushId() const { return mNextId; }
    // Ends the build (the builder is left empty).
    [[nodiscard]] CollisionModel build();

private:
    Status addVolume(std::vector<Side> sides, VolumeKind kind, std::uint32_t contents, std::int32_t sourceId,
                     std::int32_t triangle, std::int32_t model);
    CollisionModel mModel;
    std::int32_t mNextId = 0;
    std::int32_t mNextDispId = 0;
};

// Vertices of the convex volume bounded by the planes (dot(n, p) <= d); empty when it has no volume.
// Each pair of non-parallel planes gives a line, clipped by all the other half-spaces.
[[nodiscard]] std::vector<Vec3> convexVertices(std::span<const Plane> planes);

}  // namespace vestige::source::collision
