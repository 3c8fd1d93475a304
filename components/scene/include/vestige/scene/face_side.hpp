#pragma once
// Iron3D colour-pass face-side policy (seed 000, "Сторона грани в цветовом проходе"), as a pure function.
//
// For a face (v0, v1, v2) in world space, d = dot(eye - v0, cross(v1 - v0, v2 - v0)); the face is kept when
// d * sign(det(placement)) > 0. The determinant term exists because the game tests in model space: a
// mirroring placement (negative scale) flips the world-space winding, and the sign undoes that.
// Per record (one Batch20 record = one draw range), from the raw flags:
//   0x0002  no test: every face is kept (wins over 0x4000);
//   0x4000  only the first face is tested: d <= 0 drops the whole record (index count 0) for this frame,
//           d > 0 keeps all of its faces without testing them;
//   neither each face is tested on its own.
// The result depends on the eye, so it is recomputed every frame.
#include <cstdint>
#include <span>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"

namespace vestige::scene {

struct FaceSideRecord {
    std::uint32_t firstIndex = 0;
    std::uint32_t indexCount = 0;  // a multiple of 3
    std::uint32_t rawFlags = 0;
};

// The signed triple product for one face (vertices already in world space).
[[nodiscard]] float faceSideValue(Vec3 eye, Vec3 v0, Vec3 v1, Vec3 v2);

struct FaceSideResult {
    // One entry per face of every record, in record order (face i of record r at recordFaceStart[r] + i).
    std::vector<std::uint8_t> keepFace;
    std::vector<std::uint32_t> recordFaceStart;
    // Per record: the range into `indices` holding its kept faces (count 0 when the record is dropped).
    std::vector<std::uint32_t> recordFirst;
    std::vector<std::uint32_t> recordCount;
    // Kept triangles' indices, records in order, each record's faces in their original order.
    std::vector<std::uint32_t> indices;
};

// positions: model-space vertex positions; indices: the mesh's triangle list; placement: model -> world.
// Fails on a record outside `indices`, a count that is not a multiple of 3, or an index outside `positions`.
[[nodiscard]] Result<FaceSideResult> applyFaceSide(std::span<const Vec3> positions, std::span<const std::uint32_t> indices,
                                                   std::span<const FaceSideRecord> records, Vec3 eyeWorld,
                                                   const Mat4& placement);

}  // namespace vestige::scene
