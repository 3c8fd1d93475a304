#pragma once
// Iron3D CPT point list (.cpt; seed 002 "CTLD и physical resources"): control points of a component,
// loaded only from an explicit prototype reference (the name is never derived from the .ctl's).
//
//   +0x00            u32 count
//   +0x04            count x 36-byte records:
//                      +0x00 u32 flags (raw)
//                      +0x04 i32 word4   copied into the derived point; Control+0x1B4F0 passes it to the
//                                        model-node selection callback
//                      +0x08 i32 word8   role unknown
//                      +0x0C f32 a[3]    \ two float triples, both must be finite;
//                      +0x18 f32 b[3]    / their coordinate frame is unknown
//   +0x04 + 36*count count x 32-byte names (raw; the text is the bytes before the first NUL)
//   end of file      exactly 4 + 68 * count bytes
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"

namespace vestige::iron3d::cpt {

constexpr std::size_t kRecordSize = 36;
constexpr std::size_t kNameSize = 32;

struct Point {
    std::uint32_t flags = 0;
    std::int32_t word4 = 0;
    std::int32_t word8 = 0;
    Vec3 a, b;
    FixedString name;  // 32 raw bytes
};

struct PointList {
    std::vector<Point> points;
};

[[nodiscard]] Result<PointList> read(ByteView bytes);
// Byte-exact inverse of read(); every name must be a 32-byte field and every float finite.
[[nodiscard]] Result<Bytes> write(const PointList& list);
// A point with a zero-padded name (builders, tests, demo).
[[nodiscard]] Point makePoint(std::string_view name, Vec3 a, Vec3 b = {}, std::int32_t word4 = 0,
                              std::int32_t word8 = 0, std::uint32_t flags = 0);

}  // namespace vestige::iron3d::cpt
