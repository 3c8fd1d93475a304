#pragma once
// Iron3D node animation: type 8 keys + type 19 frame map, decoded into a validated ModelAnimation,
// and the Node38 pose sampler (fallback pose, per-node times, hierarchy composition).
//
// Type 8 (AnimKey24, 24 B)                  Type 19 (u16 words, attr2 = frame count F)
//   +0x00 f32 pos[3]                          word[anim_map_start + f] = key index k for frame f < F
//   +0x0C f32 time (must be finite)           one block of F words per animated node
//   +0x10 i16 w, x, y, z  (/32767)            keys k and k+1 are interpolated at the float time
//   decoded and held as XYZW (not conjugated)
//
// Node38 fields used here: +0x02 parent (0xFFFF = root, else < own index), +0x04 anim_map_start
// (0xFFFF = no map), +0x06 fallback_key (the static pose).
//
// Sampling rules (seed 000, newest; ../shared/specs/iron3d.md section 6 for the older digest):
//   time None            -> fallback key
//   time t (finite, >= 0) -> frame f = roundHalfEven(t - 0.5); f >= F or no map -> fallback key;
//                           else k = map[start + f], pose = interp(key k, key k+1, t)
//   the source-local quaternion is conjugated exactly once (x, y, z negated) after sampling and
//   before composition, for sampled and fallback poses alike: the native AniMesh builds the
//   transposed basis of the ordinary active quaternion matrix.
//   composition: global.t = parent.t + rotate(parent.q, child.t); global.q = parent.q * child.q.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::animation {

constexpr std::uint16_t kNone = 0xFFFF;
constexpr std::size_t kKeySize = 24;
constexpr float kQuatScale = 1.0f / 32767.0f;

// A decoded type 8 key. `rotation` is XYZW as stored (W, X, Y, Z on disk), components / 32767,
// neither normalised nor conjugated; `raw` keeps the four words in disk order.
struct Key {
    Vec3 position;
    float time = 0;
    Quat rotation;
    std::array<std::int16_t, 4> raw{0, 0, 0, 32767};  // w, x, y, z as on disk
};

struct NodeTrack {
    std::optional<std::uint16_t> parent;  // validated: < own index
    std::uint16_t animMapStart = kNone;   // kNone = no map for this node
    std::uint16_t fallbackKey = 0;
};

// A translation + unit quaternion (XYZW).
struct Pose {
    Vec3 translation;
    Quat rotation;
    [[nodiscard]] Mat4 matrix() const { return Mat4::fromTRS(translation, rotation); }
    friend bool operator==(const Pose&, const Pose&) = default;
};

// Where a node's pose came from (for tools and tests; not used by the math).
enum class PoseSource : std::uint8_t {
    NoKeys,      // the model has no type 8 stream: identity pose
    Fallback,    // fallback_key (time None, no map, or frame outside the frame count)
    Sampled,     // keys k and k+1 interpolated
    SampledKey,  // key k as is (no usable k+1, equal times, or exact match)
};
[[nodiscard]] const char* toString(PoseSource s);

struct SampleInfo {
    PoseSource source = PoseSource::Fallback;
    std::optional<std::uint32_t> frame;  // type 19 frame, when one was chosen
    std::uint16_t keyA = 0, keyB = 0;    // keys used (keyA == keyB for a single key)
    float alpha = 0;                     // weight of keyB
};

// Raw stream decoders with absolute byte offsets in errors (baseOffset = payload start in the file).
[[nodiscard]] Result<std::vector<Key>> decodeKeys(ByteView type8, std::uint64_t baseOffset = 0);
[[nodiscard]] Result<std::vector<std::uint16_t>> decodeFrameMap(ByteView type19, std::uint64_t baseOffset = 0);
[[nodiscard]] Key keyFromMsh(const msh::AnimKey& k);

class ModelAnimation {
public:
    // Validates: parents before children, fallback_key < key count (when keys exist), each animated
    // node's map block inside type 19 and every word of it < key count, key times finite.
    [[nodiscard]] static Result<ModelAnimation> create(std::vector<NodeTrack> nodes,
                                                       std::optional<std::vector<Key>> keys,
                                                       std::optional<std::vector<std::uint16_t>> frameMap,
                                                       std::uint32_t frameCount);
    [[nodiscard]] static Result<ModelAnimation> fromModel(const msh::ModelData& data);

    [[nodiscard]] std::size_t nodeCount() const { return mNodes.size(); }
    [[nodiscard]] const std::vector<NodeTrack>& nodes() const { return mNodes; }
    [[nodiscard]] const std::vector<Key>& keys() const { return mKeys; }
    [[nodiscard]] bool hasKeys() const { return mHasKeys; }
    [[nodiscard]] bool hasFrameMap() const { return mHasMap; }
    [[nodiscard]] const std::vector<std::uint16_t>& frameMap() const { return mMap; }
    [[nodiscard]] std::uint32_t frameCount() const { return mFrameCount; }

    // Source-local pose (NOT conjugated) of one node at an optional time. Errors on a non-finite or
    // negative time.
    [[nodiscard]] Result<Pose> sourcePose(std::size_t node, std::optional<float> time,
                                          SampleInfo* info = nullptr) const;
    // Source-local pose of one node at an explicit type 19 frame (keys k, k+1 interpolated at time = frame).
    [[nodiscard]] Result<Pose> sourcePoseAtFrame(std::size_t node, std::uint32_t frame,
                                                 SampleInfo* info = nullptr) const;
    // The pose fed to composition: sourcePose with the quaternion conjugated once.
    [[nodiscard]] Result<Pose> localPose(std::size_t node, std::optional<float> time, SampleInfo* info = nullptr) const;

    // Global poses, parent before child. `times` has one entry per node (None = fallback key).
    [[nodiscard]] Result<std::vector<Pose>> fallbackHierarchy() const;
    [[nodiscard]] Result<std::vector<Pose>> sampledHierarchy(float time) const;
    [[nodiscard]] Result<std::vector<Pose>> sampledHierarchyAtTimes(std::span<const std::optional<float>> times) const;
    [[nodiscard]] Result<std::vector<Pose>> sampledHierarchyAtFrame(std::uint32_t frame) const;
    // Allocation-free variant: `local` and `global` are resized to nodeCount(); `info` optional.
    [[nodiscard]] Status sampleInto(std::span<const std::optional<float>> times, std::vector<Pose>& local,
                                    std::vector<Pose>& global, std::vector<SampleInfo>* info = nullptr) const;

private:
    [[nodiscard]] Pose keyPose(std::uint16_t key) const;
    [[nodiscard]] Pose framePose(std::size_t node, std::uint32_t frame, float time, SampleInfo* info) const;

    std::vector<NodeTrack> mNodes;
    std::vector<Key> mKeys;
    std::vector<std::uint16_t> mMap;
    std::uint32_t mFrameCount = 0;
    bool mHasKeys = false;
    bool mHasMap = false;
};

// The frame a float time selects: roundHalfEven(time - 0.5). Error for a non-finite or negative time.
[[nodiscard]] Result<std::uint64_t> frameForTime(float time);
// Interpolation of two keys' poses at alpha: translation lerp, quaternion nlerp on the shorter arc.
[[nodiscard]] Pose blend(const Pose& a, const Pose& b, float alpha);
// The conjugation boundary (negate x, y, z of the rotation).
[[nodiscard]] constexpr Pose conjugated(const Pose& p) { return {p.translation, p.rotation.conjugate()}; }
// parent.t + rotate(parent.q, child.t), normalize(parent.q * child.q).
[[nodiscard]] Pose compose(const Pose& parent, const Pose& child);

// Mission placement: world = T(position) * Rz * Ry * Rx * S(scale) * nodeGlobal (radians).
struct Placement {
    Vec3 position;
    Vec3 orientation;  // radians about x, y, z; applied as Rz * Ry * Rx
    Vec3 scale{1, 1, 1};
    [[nodiscard]] Mat4 matrix() const;
};

}  // namespace vestige::iron3d::animation
