// Animation decoding (source.md §5.4).
//
//   animdesc (+sectionindex) -> section[8] {i32 animblock, i32 animindex} when sectionframes != 0
//   block -1: no data (rest pose) | block 0: data at desc + animindex in the .mdl
//   block b > 0: data at .ani + animblocks[b].datastart + animindex (animblocks: 8-byte {datastart, dataend})
//
//   track list: { u8 bone, u8 flags, i16 nextoffset (rel track, 0 = last) } + payload at +4:
//     RAWROT  Quaternion48 (6) | RAWROT2 Quaternion64 (8) | ANIMROT value pointer {i16 offset[3]} (6)
//     then RAWPOS Vector48 (6)  | ANIMPOS value pointer (6)
//   value pointer channel i: offset[i] > 0 -> RLE stream at valueptr + offset[i]; else constant 0
//   RLE entry (2 bytes): run header {u8 valid, u8 total} followed by `valid` i16 values covering `total` frames
#include "vestige/source/mdl/animation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "vestige/source/mdl/builder.hpp"

namespace vestige::source::mdl {

namespace {

constexpr int kMaxTracks = 4096;

struct Span {
    ByteView data;         // the file the animation lives in
    std::uint64_t origin;  // absolute offset of the track list in `data`
    const char* file;
};

Error animError(const Span& s, std::string message, std::uint64_t at) {
    return Error::atField("mdl.bad_animation", std::move(message), "animation data", at).file(s.file);
}

Result<std::int16_t> entryAt(const Span& s, std::uint64_t at) {
    if (at + 2 > s.data.size()) return animError(s, "RLE stream runs past the end of the file", at);
    return static_cast<std::int16_t>(loadU16(s.data.data() + at));
}

// Raw value of one RLE channel at frame k and k + 1 (for interpolation).
Result<std::pair<float, float>> rleValue(const Span& s, std::uint64_t at, int k) {
    for (int guard = 0;; ++guard) {
        if (guard > 65536) return animError(s, "RLE stream does not reach the frame", at);
        if (at + 2 > s.data.size()) return animError(s, "RLE stream runs past the end of the file", at);
        const std::uint8_t valid = s.data[at], total = s.data[at + 1];
        if (total == 0) return animError(s, "RLE run covers no frames", at);
        if (k >= total) {
            k -= total;
            at += (std::uint64_t{valid} + 1) * 2;
            continue;
        }
        if (valid == 0) return animError(s, "RLE run has no values", at);
        VESTIGE_TRY(std::int16_t v0, entryAt(s, at + 2 * (std::uint64_t(k < valid ? k : valid - 1) + 1)));
        std::int16_t v1 = v0;
        if (k + 1 < valid) {
            VESTIGE_TRY(v1, entryAt(s, at + 2 * (std::uint64_t(k) + 2)));
        } else if (k + 1 >= total) {
            // The next frame is the first value of the next run.
            const std::uint64_t next = at + (std::uint64_t{valid} + 1) * 2;
            if (next + 4 <= s.data.size() && s.data[next] > 0) { VESTIGE_TRY(v1, entryAt(s, next + 2)); }
        }
        return std::pair<float, float>{static_cast<float>(v0), static_cast<float>(v1)};
    }
}

// Three channels of a value pointer at `at`: each the raw value at k and k + 1 (0 when the channel is absent).
Result<std::array<std::pair<float, float>, 3>> channels(const Span& s, std::uint64_t at, int k) {
    if (at + 6 > s.data.size()) return animError(s, "value pointer runs past the end of the file", at);
    std::array<std::pair<float, float>, 3> out{};
    for (int i = 0; i < 3; ++i) {
        const auto off = static_cast<std::int16_t>(loadU16(s.data.data() + at + 2 * i));
        if (off > 0) {
            VESTIGE_TRY(out[static_cast<std::size_t>(i)], rleValue(s, at + static_cast<std::uint64_t>(off), k));
        }
    }
    return out;
}

Quat blend(Quat a, Quat b, float t) {
    if (t <= 0) return a;
    return nlerp(a, b, t);
}

}  // namespace

float halfToFloat(std::uint16_t h) {
    const int sign = (h >> 15) & 1, exp = (h >> 10) & 0x1F, mant = h & 0x3FF;
    float v;
    if (exp == 0x1F)
        v = mant ? 0.0f : 65504.0f;  // NaN -> 0, Inf -> max (Source's convention)
    else if (exp == 0)
        v = std::ldexp(static_cast<float>(mant), -24);
    else
        v = std::ldexp(static_cast<float>(mant | 0x400), exp - 25);
    return sign ? -v : v;
}

Vec3 decodeVector48(const std::uint8_t* p) {
    return {halfToFloat(loadU16(p)), halfToFloat(loadU16(p + 2)), halfToFloat(loadU16(p + 4))};
}

Quat decodeQuaternion48(const std::uint8_t* p) {
    const std::uint16_t a = loadU16(p), b = loadU16(p + 2), c = loadU16(p + 4);
    Quat q;
    q.x = (static_cast<float>(a) - 32768.0f) / 32768.0f;
    q.y = (static_cast<float>(b) - 32768.0f) / 32768.0f;
    q.z = (static_cast<float>(c & 0x7FFF) - 16384.0f) / 16384.0f;
    q.w = std::sqrt(std::max(0.0f, 1.0f - q.x * q.x - q.y * q.y - q.z * q.z));
    if (c & 0x8000) q.w = -q.w;
    return q;
}

Quat decodeQuaternion64(const std::uint8_t* p) {
    const std::uint64_t v = loadU64(p);
    auto field = [&](int shift) { return (static_cast<double>((v >> shift) & 0x1FFFFF) - 1048576.0) / 1048576.5; };
    Quat q;
    q.x = static_cast<float>(field(0));
    q.y = static_cast<float>(field(21));
    q.z = static_cast<float>(field(42));
    q.w = std::sqrt(std::max(0.0f, 1.0f - q.x * q.x - q.y * q.y - q.z * q.z));
    if (v >> 63) q.w = -q.w;
    return q;
}

Result<std::vector<BonePose>> sampleAnimation(const Mdl& m, int anim, float frame, ByteView ani) {
    if (anim < 0 || static_cast<std::size_t>(anim) >= m.animations.size())
        return Error("mdl.bad_anim_ref", "no such local animation")
            .expected(fmt::format("0..{}", static_cast<int>(m.animations.size()) - 1))
            .actual(std::to_string(anim));
    const AnimDesc& d = m.animations[static_cast<std::size_t>(anim)];
    const bool deltaAnim = (d.flags & kAnimDescDelta) != 0;
    std::vector<BonePose> pose(m.bones.size());
    for (std::size_t i = 0; i < m.bones.size(); ++i)
        pose[i] = deltaAnim ? BonePose{} : BonePose{normalize(m.bones[i].quat), m.bones[i].pos};
    if (d.numFrames <= 0) return pose;
    // In double: numFrames - 1 near 2^31 does not fit a float exactly, and the int conversion must not overflow.
    const double clamped = std::isfinite(frame) ? std::clamp(static_cast<double>(frame), 0.0, d.numFrames - 1.0) : 0.0;
    int f = static_cast<int>(std::floor(clamped));
    const auto t = static_cast<float>(clamped - f);

    std::int32_t block = d.animBlock, index = d.animIndex;
    if (d.sectionFrames != 0) {
        int section = 0;
        if (d.numFrames > d.sectionFrames && f == d.numFrames - 1) {
            section = d.numFrames / d.sectionFrames + 1;  // the last frame of a long animation
            f = 0;
        } else {
            section = f / d.sectionFrames;
            f -= section * d.sectionFrames;
        }
        const std::int64_t at = static_cast<std::int64_t>(d.offset) + d.sectionIndex + std::int64_t{section} * 8;
        if (d.sectionFrames < 0 || at < 0 || static_cast<std::uint64_t>(at) + 8 > m.raw.size())
            return Error::atField("mdl.bad_animation", "animation section record outside the file",
                                  "animdesc.sectionindex", d.offset + 80)
                .record(static_cast<std::uint64_t>(anim));
        block = static_cast<std::int32_t>(loadU32(m.raw.data() + at));
        index = static_cast<std::int32_t>(loadU32(m.raw.data() + at + 4));
    }
    if (block == -1) return pose;
    Span span{m.raw, 0, "model.mdl"};
    if (block == 0) {
        const std::int64_t at = static_cast<std::int64_t>(d.offset) + index;
        if (at < 0)
            return Error::atField("mdl.bad_animation", "animation data before the file start", "animdesc.animindex",
                                  d.offset + 56);
        span.origin = static_cast<std::uint64_t>(at);
    } else {
        if (block < 0 || block >= m.header.numAnimBlocks)
            return Error::atField("mdl.bad_animation", "animation block out of range", "animdesc.animblock",
                                  d.offset + 52)
                .expected(fmt::format("-1..{}", m.header.numAnimBlocks - 1))
                .actual(std::to_string(block));
        const std::int64_t rec = std::int64_t{m.header.animBlockIndex} + std::int64_t{block} * 8;
        if (rec < 0 || static_cast<std::uint64_t>(rec) + 8 > m.raw.size())
            return Error::atField("mdl.bad_animation", "animation block table outside the file", "animblockindex", 356);
        const auto start = static_cast<std::int32_t>(loadU32(m.raw.data() + rec));
        if (ani.empty())
            return Error("mdl.missing_ani", "animation lives in the .ani block file, which was not given")
                .entry(m.animBlockName);
        span = Span{ani, 0, "model.ani"};
        const std::int64_t at = std::int64_t{start} + index;
        if (start < 0 || at < 0)
            return Error::atField("mdl.bad_animation", "animation block start", "animblock.datastart",
                                  static_cast<std::uint64_t>(rec));
        span.origin = static_cast<std::uint64_t>(at);
    }

    std::uint64_t at = span.origin;
    for (int n = 0; n < kMaxTracks; ++n) {
        if (at + 4 > span.data.size()) return animError(span, "track header runs past the end of the file", at);
        const std::uint8_t bone = span.data[at], flags = span.data[at + 1];
        const auto next = static_cast<std::int16_t>(loadU16(span.data.data() + at + 2));
        if (bone >= m.bones.size())
            return animError(span, fmt::format("track names bone {} of {}", bone, m.bones.size()), at);
        const Bone& b = m.bones[bone];
        const bool delta = (flags & anim_flag::kDelta) != 0 || deltaAnim;
        BonePose& out = pose[bone];
        std::uint64_t p = at + 4;
        // Rotation.
        if (flags & (anim_flag::kRawRot | anim_flag::kRawRot2)) {
            const std::uint64_t size = (flags & anim_flag::kRawRot) ? 6 : 8;
            if (p + size > span.data.size()) return animError(span, "raw rotation runs past the end of the file", p);
            out.rot = (flags & anim_flag::kRawRot) ? decodeQuaternion48(span.data.data() + p)
                                                   : decodeQuaternion64(span.data.data() + p);
            p += size;
        } else if (flags & anim_flag::kAnimRot) {
            VESTIGE_TRY(auto ch, channels(span, p, f));
            Vec3 a0, a1;
            for (int i = 0; i < 3; ++i) {
                a0[i] = ch[static_cast<std::size_t>(i)].first * b.rotScale[i] + (delta ? 0.0f : b.rot[i]);
                a1[i] = ch[static_cast<std::size_t>(i)].second * b.rotScale[i] + (delta ? 0.0f : b.rot[i]);
            }
            out.rot = normalize(blend(quatFromRadianEuler(a0), quatFromRadianEuler(a1), t));
            if ((b.flags & kBoneFixedAlignment) && dot(out.rot, b.alignment) < 0)
                out.rot = {-out.rot.x, -out.rot.y, -out.rot.z, -out.rot.w};
        } else if (delta) {
            out.rot = Quat{};
        }
        // Position.
        if (flags & anim_flag::kRawPos) {
            if (p + 6 > span.data.size()) return animError(span, "raw position runs past the end of the file", p);
            out.pos = decodeVector48(span.data.data() + p);
        } else if (flags & anim_flag::kAnimPos) {
            const std::uint64_t vp = at + 4 + ((flags & anim_flag::kAnimRot) ? 6 : 0);
            VESTIGE_TRY(auto ch, channels(span, vp, f));
            for (int i = 0; i < 3; ++i) {
                const float p0 = ch[static_cast<std::size_t>(i)].first * b.posScale[i];
                const float p1 = ch[static_cast<std::size_t>(i)].second * b.posScale[i];
                out.pos[i] = p0 + (p1 - p0) * t + (delta ? 0.0f : b.pos[i]);
            }
        } else if (delta) {
            out.pos = {};
        }
        if (next == 0) return pose;
        if (next < 4) return animError(span, "track nextoffset does not move forward", at + 2);
        at += static_cast<std::uint64_t>(next);
    }
    return animError(span, "track list does not end", span.origin);
}

std::vector<Mat4> poseToWorld(const Mdl& m, const std::vector<BonePose>& local) {
    std::vector<Mat4> world(local.size());
    for (std::size_t i = 0; i < local.size() && i < m.bones.size(); ++i) {
        const Mat4 l = Mat4::fromTRS(local[i].pos, local[i].rot);
        const int parent = m.bones[i].parent;
        world[i] = parent < 0 ? l : world[static_cast<std::size_t>(parent)] * l;
    }
    return world;
}

}  // namespace vestige::source::mdl
