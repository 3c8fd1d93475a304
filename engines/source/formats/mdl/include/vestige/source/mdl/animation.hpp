#pragma once
// Animation decoding (§5.4): local bone poses of one local animation at a (fractional) frame, from the track
// lists in the .mdl (anim block 0) or the .ani block file (blocks > 0), sections included.
#include <cstdint>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/mdl/mdl.hpp"

namespace vestige::source::mdl {

namespace anim_flag {  // mstudioanim_t::flags
constexpr std::uint8_t kRawPos = 0x01;
constexpr std::uint8_t kRawRot = 0x02;
constexpr std::uint8_t kAnimPos = 0x04;
constexpr std::uint8_t kAnimRot = 0x08;
constexpr std::uint8_t kDelta = 0x10;
constexpr std::uint8_t kRawRot2 = 0x20;
}  // namespace anim_flag

constexpr std::int32_t kAnimDescDelta = 0x0004;         // STUDIO_DELTA on the animation descriptor
constexpr std::int32_t kBoneFixedAlignment = 0x100000;  // BONE_FIXED_ALIGNMENT

struct BonePose {
    Quat rot;
    Vec3 pos;
};

// Packed value decoders (exposed for tests).
Quat decodeQuaternion48(const std::uint8_t* p);
Quat decodeQuaternion64(const std::uint8_t* p);
Vec3 decodeVector48(const std::uint8_t* p);
float halfToFloat(std::uint16_t h);  // Source's half: Inf -> +-65504, NaN -> 0

// Local (parent-relative) pose of every bone for animation `anim` at `frame` (clamped to 0..numFrames-1;
// the fraction interpolates, rotations by normalised blend). `ani` is the .ani block file for anim blocks > 0.
[[nodiscard]] Result<std::vector<BonePose>> sampleAnimation(const Mdl& mdl, int anim, float frame, ByteView ani = {});

// Parent-first accumulation of local poses into model-space matrices.
std::vector<Mat4> poseToWorld(const Mdl& mdl, const std::vector<BonePose>& local);

}  // namespace vestige::source::mdl
