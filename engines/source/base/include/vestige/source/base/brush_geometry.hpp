#pragma once
// Brush geometry as vbsp computes it, shared by the BSP builder (faces, bevel sides) and the collision builder
// (volumes, bounds, bevel planes): double-precision vectors, side windings clipped by the other half-spaces, and
// vbsp's bevel planes.
//
//   * a brush is a list of half-spaces dot(normal, p) <= dist with unit, outward normals;
//   * a side's winding starts as a square of half-size 262144 on its plane and is clipped by every other side
//     (points within 0.001 of a plane count as on it); coordinates within 0.001 of an integer snap to it, repeated
//     points go, and the polygon runs clockwise seen from the front (Source's face order);
//   * a brush is closed when at least 4 sides keep a winding and every point lies inside +-65536 (an open brush
//     keeps pieces of the huge starting squares);
//   * bevels (vbsp's AddBrushBevels): first the axial planes of the bounds that the brush lacks, then, for every
//     non-axial winding edge, the planes edge x axis whose normal keeps at least half its length before
//     normalising and that keep every vertex behind them (within 0.01). A plane whose normal matches an existing
//     one (per component within 1e-5) is never added twice.
#include <cstddef>
#include <span>
#include <vector>

#include "vestige/core/math.hpp"

namespace vestige::source::base {

struct DVec3 {
    double x = 0, y = 0, z = 0;
    constexpr double& operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }
    constexpr double operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
    friend constexpr DVec3 operator+(DVec3 a, DVec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    friend constexpr DVec3 operator-(DVec3 a, DVec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    friend constexpr DVec3 operator*(DVec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
    friend constexpr DVec3 operator-(DVec3 a) { return {-a.x, -a.y, -a.z}; }
};

constexpr DVec3 toDouble(Vec3 v) { return {v.x, v.y, v.z}; }
constexpr Vec3 toFloat(DVec3 v) { return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)}; }
constexpr double dot(DVec3 a, DVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
constexpr DVec3 cross(DVec3 a, DVec3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
// Unit vector (zero stays zero).
[[nodiscard]] DVec3 normalized(DVec3 v);

using Winding = std::vector<DVec3>;

// The winding of side `which` (empty when the side does not touch the brush).
[[nodiscard]] Winding sideWinding(std::span<const Plane> sides, std::size_t which);

struct BrushHull {
    std::vector<Winding> windings;  // one per side, in side order
    Aabb bounds;                    // of every winding point (as floats)
    std::size_t faces = 0;          // sides with a winding
    bool open = false;              // some point beyond +-65536: the planes do not enclose the brush
    [[nodiscard]] bool closed() const { return !open && faces >= 4; }
};
[[nodiscard]] BrushHull brushHull(std::span<const Plane> sides);

// The bevel planes vbsp adds to a brush with these sides and windings (the hull's), in the order it adds them.
[[nodiscard]] std::vector<Plane> bevelPlanes(std::span<const Plane> sides, std::span<const Winding> windings);

}  // namespace vestige::source::base
