// ModelAnimation: decode and validation of type 8 / type 19, and the Node38 pose sampler.
// Layout picture and rules: include/vestige/iron3d/animation/animation.hpp.
#include "vestige/iron3d/animation/animation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace vestige::iron3d::animation {

const char* toString(PoseSource s) {
    switch (s) {
        case PoseSource::NoKeys:
            return "no_keys";
        case PoseSource::Fallback:
            return "fallback";
        case PoseSource::Sampled:
            return "sampled";
        case PoseSource::SampledKey:
            return "sampled_key";
    }
    return "?";
}

Key keyFromMsh(const msh::AnimKey& k) {
    Key out;
    out.position = k.position;
    out.time = k.time;
    out.raw = k.wxyz;
    out.rotation = Quat{k.wxyz[1] * kQuatScale, k.wxyz[2] * kQuatScale, k.wxyz[3] * kQuatScale, k.wxyz[0] * kQuatScale};
    return out;
}

Result<std::vector<Key>> decodeKeys(ByteView type8, std::uint64_t baseOffset) {
    if (type8.size() % kKeySize != 0)
        return Error("animation.stream_size", "type 8 payload is not a whole number of 24-byte keys")
            .field("size")
            .at(baseOffset)
            .expected("multiple of 24")
            .actual(std::to_string(type8.size()));
    std::vector<Key> keys(type8.size() / kKeySize);
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const std::uint8_t* p = type8.data() + i * kKeySize;
        Key& k = keys[i];
        k.position = {loadF32(p), loadF32(p + 4), loadF32(p + 8)};
        k.time = loadF32(p + 12);
        for (int c = 0; c < 4; ++c) k.raw[c] = static_cast<std::int16_t>(loadU16(p + 16 + 2 * c));
        // Disk order W, X, Y, Z; held as X, Y, Z, W.
        k.rotation = Quat{k.raw[1] * kQuatScale, k.raw[2] * kQuatScale, k.raw[3] * kQuatScale, k.raw[0] * kQuatScale};
        if (!std::isfinite(k.time))
            return Error("animation.key_time", "animation key time is not finite")
                .record(i)
                .field("time")
                .at(baseOffset + i * kKeySize + 12)
                .expected("a finite float")
                .actual(fmt::format("{}", k.time));
    }
    return keys;
}

Result<std::vector<std::uint16_t>> decodeFrameMap(ByteView type19, std::uint64_t baseOffset) {
    if (type19.size() % 2 != 0)
        return Error("animation.stream_size", "type 19 payload is not a whole number of u16 words")
            .field("size")
            .at(baseOffset)
            .expected("even size")
            .actual(std::to_string(type19.size()));
    std::vector<std::uint16_t> words(type19.size() / 2);
    for (std::size_t i = 0; i < words.size(); ++i) words[i] = loadU16(type19.data() + 2 * i);
    return words;
}

Result<ModelAnimation> ModelAnimation::create(std::vector<NodeTrack> nodes, std::optional<std::vector<Key>> keys,
                                              std::optional<std::vector<std::uint16_t>> frameMap,
                                              std::uint32_t frameCount) {
    ModelAnimation a;
    a.mHasKeys = keys.has_value();
    a.mHasMap = frameMap.has_value();
    if (keys) a.mKeys = std::move(*keys);
    if (frameMap) a.mMap = std::move(*frameMap);
    a.mFrameCount = a.mHasMap ? frameCount : 0;
    for (std::size_t i = 0; i < a.mKeys.size(); ++i)
        if (!std::isfinite(a.mKeys[i].time))
            return Error("animation.key_time", "animation key time is not finite").record(i).field("time");
    const std::size_t keyCount = a.mKeys.size();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const NodeTrack& n = nodes[i];
        if (n.parent && *n.parent >= i)
            return Error("animation.parent_order", "a parent must come before its child (no hierarchy is invented)")
                .record(i)
                .field("parent")
                .expected(fmt::format("0xFFFF or < {}", i))
                .actual(std::to_string(*n.parent));
        if (a.mHasKeys && n.fallbackKey >= keyCount)
            return Error("animation.fallback_key", "fallback_key points past the type 8 keys")
                .record(i)
                .field("fallback_key")
                .expected(fmt::format("< {}", keyCount))
                .actual(std::to_string(n.fallbackKey));
        if (n.animMapStart == kNone) continue;
        if (!a.mHasMap)
            return Error("animation.no_map", "anim_map_start is set but there is no type 19 map")
                .record(i)
                .field("anim_map_start")
                .expected("0xFFFF")
                .actual(std::to_string(n.animMapStart));
        if (!a.mHasKeys)
            return Error("animation.no_keys", "anim_map_start is set but there are no type 8 keys")
                .record(i)
                .field("anim_map_start")
                .expected("0xFFFF");
        const std::uint64_t end = std::uint64_t{n.animMapStart} + a.mFrameCount;
        if (end > a.mMap.size())
            return Error("animation.map_block", "the node's frame-map block runs past type 19")
                .record(i)
                .field("anim_map_start")
                .expected(fmt::format("anim_map_start + {} frames <= {} words", a.mFrameCount, a.mMap.size()))
                .actual(std::to_string(n.animMapStart));
        for (std::uint64_t w = n.animMapStart; w < end; ++w)
            if (a.mMap[w] >= keyCount)
                return Error("animation.map_key", "a frame-map word points past the type 8 keys")
                    .record(i)
                    .field(fmt::format("type19[{}] (frame {})", w, w - n.animMapStart))
                    .expected(fmt::format("< {}", keyCount))
                    .actual(std::to_string(a.mMap[w]));
    }
    a.mNodes = std::move(nodes);
    return a;
}

Result<ModelAnimation> ModelAnimation::fromModel(const msh::ModelData& data) {
    std::vector<NodeTrack> nodes(data.nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const msh::Node& n = data.nodes[i];
        if (n.parent != msh::kNone) nodes[i].parent = n.parent;
        nodes[i].animMapStart = n.animMapStart;
        nodes[i].fallbackKey = n.fallbackKey;
    }
    std::optional<std::vector<Key>> keys;
    if (data.animKeys) {
        keys.emplace();
        keys->reserve(data.animKeys->size());
        for (const auto& k : *data.animKeys) keys->push_back(keyFromMsh(k));
    }
    std::optional<std::vector<std::uint16_t>> map;
    std::uint32_t frames = 0;
    if (data.frameMap) {
        map = data.frameMap->words;
        frames = data.frameMap->frameCount;
    }
    return create(std::move(nodes), std::move(keys), std::move(map), frames);
}

Result<std::uint64_t> frameForTime(float time) {
    if (!std::isfinite(time) || time < 0.0f)
        return Error("animation.bad_time", "an animation time must be finite and non-negative")
            .field("time")
            .expected("finite, >= 0")
            .actual(fmt::format("{}", time));
    // Ties go to the even frame: 1.0 -> 0, 2.0 -> 2, 3.0 -> 2, 4.0 -> 4 (time - 0.5 is a tie there).
    const double f = roundHalfEven(static_cast<double>(time) - 0.5);
    if (f >= 18446744073709551616.0)  // 2^64: no frame number holds it (a float time can reach 3.4e38)
        return Error("animation.bad_time", "an animation time past the last representable frame")
            .field("time")
            .expected("< 2^64 frames")
            .actual(fmt::format("{}", time));
    return static_cast<std::uint64_t>(f < 0 ? 0.0 : f);  // only -0 can come out below zero
}

Pose blend(const Pose& a, const Pose& b, float alpha) {
    if (alpha <= 0.0f) return a;
    if (alpha >= 1.0f) return b;
    return {lerp(a.translation, b.translation, alpha), nlerp(a.rotation, b.rotation, alpha)};
}

Pose compose(const Pose& parent, const Pose& child) {
    return {parent.translation + rotate(parent.rotation, child.translation),
            normalize(parent.rotation * child.rotation)};
}

Mat4 Placement::matrix() const {
    const Mat3 r = Mat3::rotationZ(orientation.z) * Mat3::rotationY(orientation.y) * Mat3::rotationX(orientation.x);
    return Mat4::fromMat3(r * Mat3::scale(scale), position);
}

Pose ModelAnimation::keyPose(std::uint16_t key) const {
    const Key& k = mKeys[key];
    // An all-zero quaternion normalises to identity (core normalize), the safe static pose.
    return {k.position, normalize(k.rotation)};
}

Pose ModelAnimation::framePose(std::size_t node, std::uint32_t frame, float time, SampleInfo* info) const {
    const NodeTrack& n = mNodes[node];
    SampleInfo local;
    SampleInfo& out = info ? *info : local;
    out = {};
    if (!mHasMap || n.animMapStart == kNone || frame >= mFrameCount) {
        out.source = PoseSource::Fallback;
        out.keyA = out.keyB = n.fallbackKey;
        return keyPose(n.fallbackKey);
    }
    out.frame = frame;
    const std::uint16_t k = mMap[std::size_t{n.animMapStart} + frame];
    out.keyA = out.keyB = k;
    out.source = PoseSource::SampledKey;
    const std::size_t next = std::size_t{k} + 1;
    if (next >= mKeys.size() || !(mKeys[next].time > mKeys[k].time)) return keyPose(k);
    // Interpolate at the original float time; no extrapolation outside [k.time, k+1.time].
    const float alpha = std::clamp((time - mKeys[k].time) / (mKeys[next].time - mKeys[k].time), 0.0f, 1.0f);
    if (alpha == 0.0f) return keyPose(k);
    out.source = PoseSource::Sampled;
    out.keyB = static_cast<std::uint16_t>(next);
    out.alpha = alpha;
    return blend(keyPose(k), keyPose(static_cast<std::uint16_t>(next)), alpha);
}

Result<Pose> ModelAnimation::sourcePose(std::size_t node, std::optional<float> time, SampleInfo* info) const {
    if (node >= mNodes.size())
        return Error("animation.node_index", "no such node")
            .field("node")
            .expected(fmt::format("< {}", mNodes.size()))
            .actual(std::to_string(node));
    std::uint64_t frame = 0;
    if (time) { VESTIGE_TRY(frame, frameForTime(*time).record(node)); }
    if (!mHasKeys) {
        if (info) *info = {PoseSource::NoKeys, std::nullopt, 0, 0, 0};
        return Pose{};
    }
    if (!time) {
        if (info) *info = {PoseSource::Fallback, std::nullopt, mNodes[node].fallbackKey, mNodes[node].fallbackKey, 0};
        return keyPose(mNodes[node].fallbackKey);
    }
    const auto f = frame > 0xFFFFFFFFull ? 0xFFFFFFFFu : static_cast<std::uint32_t>(frame);
    return framePose(node, f, *time, info);
}

Result<Pose> ModelAnimation::sourcePoseAtFrame(std::size_t node, std::uint32_t frame, SampleInfo* info) const {
    if (node >= mNodes.size())
        return Error("animation.node_index", "no such node")
            .field("node")
            .expected(fmt::format("< {}", mNodes.size()))
            .actual(std::to_string(node));
    if (!mHasKeys) {
        if (info) *info = {PoseSource::NoKeys, std::nullopt, 0, 0, 0};
        return Pose{};
    }
    return framePose(node, frame, static_cast<float>(frame), info);
}

Result<Pose> ModelAnimation::localPose(std::size_t node, std::optional<float> time, SampleInfo* info) const {
    VESTIGE_TRY(Pose p, sourcePose(node, time, info));
    return conjugated(p);
}

Status ModelAnimation::sampleInto(std::span<const std::optional<float>> times, std::vector<Pose>& local,
                                  std::vector<Pose>& global, std::vector<SampleInfo>* info) const {
    if (times.size() != mNodes.size())
        return Error("animation.times_count", "one optional time per node is required")
            .field("times")
            .expected(std::to_string(mNodes.size()))
            .actual(std::to_string(times.size()));
    local.resize(mNodes.size());
    global.resize(mNodes.size());
    if (info) info->resize(mNodes.size());
    for (std::size_t i = 0; i < mNodes.size(); ++i) {
        VESTIGE_TRY(const Pose source, sourcePose(i, times[i], info ? &(*info)[i] : nullptr));
        local[i] = conjugated(source);  // the one conjugation of the Node38 path
        const auto& parent = mNodes[i].parent;
        global[i] = parent ? compose(global[*parent], local[i]) : local[i];
    }
    return {};
}

Result<std::vector<Pose>> ModelAnimation::sampledHierarchyAtTimes(std::span<const std::optional<float>> times) const {
    std::vector<Pose> local, global;
    VESTIGE_CHECK(sampleInto(times, local, global));
    return global;
}

Result<std::vector<Pose>> ModelAnimation::fallbackHierarchy() const {
    const std::vector<std::optional<float>> none(mNodes.size());
    return sampledHierarchyAtTimes(none);
}

Result<std::vector<Pose>> ModelAnimation::sampledHierarchy(float time) const {
    const std::vector<std::optional<float>> times(mNodes.size(), time);
    return sampledHierarchyAtTimes(times);
}

Result<std::vector<Pose>> ModelAnimation::sampledHierarchyAtFrame(std::uint32_t frame) const {
    std::vector<Pose> global(mNodes.size());
    for (std::size_t i = 0; i < mNodes.size(); ++i) {
        VESTIGE_TRY(const Pose source, sourcePoseAtFrame(i, frame));
        const Pose local = conjugated(source);
        const auto& parent = mNodes[i].parent;
        global[i] = parent ? compose(global[*parent], local) : local;
    }
    return global;
}

}  // namespace vestige::iron3d::animation
