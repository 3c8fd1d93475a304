#pragma once
// Iron3D MSH model: an NRes whose entries are typed streams, looked up by type id (never by
// position); the original entry order, attributes and 36-byte name fields are kept for round-trip.
//
//   type  stride  content                                    decoded as
//   1     38      Node38 (attr3 = stride; 24 = rare variant)  Node
//   2     68      0x8C-byte header + Slot68                   slotHeader (raw) + Slot
//   3     attr3   positions float3 (attr1 = count)            Vec3
//   4     4       packed normal i8 x, y, z, w                 PackedNormal
//   5     4       UV0 u16 u, v  (/1024)                        PackedUv
//   6     2       u16 index buffer (relative to base_vertex)  u16
//   7     16      triangle descriptors (optional)             TriangleDescriptor
//   8     24      animation keys AnimKey24                    AnimKey
//   10    var     node names: per node u32 len [len bytes + NUL]  NodeNames
//   13    20      Batch20 draw ranges                         Batch
//   18    4       UV1 u16 u, v (optional; attr3 == 4)          PackedUv
//   19    2       animation frame map u16 (attr2 = frames)    FrameMap
//   9, 15, 16, 17, 20 and unknown types: opaque, byte-exact   OpaqueStream
//
// Node38 (38 B)                         Slot68 (68 B)                      Batch20 (20 B, packed)
//   +0x00 u16 flags (hdr0)                +0x00 u16 tri_start             +0x00 u16 batch_flags
//   +0x02 u16 parent (0xFFFF = root)      +0x02 u16 tri_count             +0x02 u16 material_index_hi
//   +0x04 u16 anim_map_start              +0x04 u16 batch_start           +0x04 u8  material_index (WEAR row)
//   +0x06 u16 fallback_key                +0x06 u16 batch_count           +0x05 u8  lightmap_index (0xFF none)
//   +0x08 u16 slot_index[state*5 + lod]   +0x08 f32 aabb_min[3]           +0x06 u16 local_batch_index
//         3 states x 5 LODs, 0xFFFF none  +0x14 f32 aabb_max[3]           +0x08 u16 index_count
//                                         +0x20 f32 sphere_center[3]      +0x0A u32 index_start (unaligned)
// TriDesc16: +0 u16 flags, +2/+4/+6 raw,  +0x2C f32 sphere_radius         +0x0E u16 vertex_count
//   +8/+0xA/+0xC i16 normal, +0xE raw     +0x30 u32 opaque[5]             +0x10 u32 base_vertex
// AnimKey24: f32 pos[3], f32 time, i16 quaternion stored W, X, Y, Z (/32767).
//
// Specification: ../shared/seeds/000_* (newest, wins) and ../shared/specs/iron3d.md section 5.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::msh {

namespace stream {
constexpr std::uint32_t kNodes = 1;
constexpr std::uint32_t kSlots = 2;
constexpr std::uint32_t kPositions = 3;
constexpr std::uint32_t kNormals = 4;
constexpr std::uint32_t kUv0 = 5;
constexpr std::uint32_t kIndices = 6;
constexpr std::uint32_t kTriangles = 7;
constexpr std::uint32_t kAnimKeys = 8;
constexpr std::uint32_t kService = 9;
constexpr std::uint32_t kNames = 10;
constexpr std::uint32_t kBatches = 13;
constexpr std::uint32_t kAux15 = 15;
constexpr std::uint32_t kColors = 16;
constexpr std::uint32_t kAux17 = 17;
constexpr std::uint32_t kUv1 = 18;
constexpr std::uint32_t kFrameMap = 19;
constexpr std::uint32_t kAux20 = 20;
}  // namespace stream

constexpr std::uint16_t kNone = 0xFFFF;
constexpr std::uint8_t kNoLightmap = 0xFF;
constexpr unsigned kStateCount = 3;
constexpr unsigned kLodCount = 5;
constexpr std::size_t kNodeSize = 38;
constexpr std::size_t kNodeVariantSize = 24;  // rare variant (e.g. MTCHECK): header decoded, the rest kept raw
constexpr std::size_t kSlotHeaderSize = 0x8C;
constexpr std::size_t kSlotSize = 68;
constexpr std::size_t kPositionSize = 12;
constexpr std::size_t kPackedSize = 4;
constexpr std::size_t kTriangleSize = 16;
constexpr std::size_t kAnimKeySize = 24;
constexpr std::size_t kBatchSize = 20;
constexpr float kUvScale = 1.0f / 1024.0f;

struct Node {
    std::uint16_t flags = 0;            // hdr0, raw header mask
    std::uint16_t parent = kNone;       // 0xFFFF = root, else a smaller node index
    std::uint16_t animMapStart = kNone; // first type-19 word of this node, 0xFFFF = no map
    std::uint16_t fallbackKey = 0;      // type-8 key of the static pose
    std::array<std::uint16_t, kStateCount * kLodCount> slotTable;  // [state * 5 + lod], 0xFFFF = none
    Bytes variantTail;                  // stride != 38: the bytes after +0x08, kept raw (slot table not decoded)

    Node() { slotTable.fill(kNone); }
    [[nodiscard]] bool isRoot() const { return parent == kNone; }
    // state 0..2, lod 0..4; kNone when out of range or absent.
    [[nodiscard]] std::uint16_t slot(unsigned state, unsigned lod) const {
        return state < kStateCount && lod < kLodCount ? slotTable[state * kLodCount + lod] : kNone;
    }
    void setSlot(unsigned state, unsigned lod, std::uint16_t slotIndex) { slotTable.at(state * kLodCount + lod) = slotIndex; }
};

struct Slot {
    std::uint16_t triStart = 0;
    std::uint16_t triCount = 0;
    std::uint16_t batchStart = 0;
    std::uint16_t batchCount = 0;
    Vec3 aabbMin, aabbMax;
    Vec3 sphereCenter;
    float sphereRadius = 0;
    std::array<std::uint32_t, 5> opaque{};  // +0x30..0x43, raw
};

struct Batch {
    std::uint16_t flags = 0;
    std::uint16_t materialIndexHi = 0;  // +0x02, native high selector, raw
    std::uint8_t materialIndex = 0;     // +0x04, WEAR row
    std::uint8_t lightmapIndex = kNoLightmap;
    std::uint16_t localBatchIndex = 0;  // +0x06, raw
    std::uint16_t indexCount = 0;
    std::uint32_t indexStart = 0;
    std::uint16_t vertexCount = 0;      // +0x0E, source draw contract
    std::uint32_t baseVertex = 0;
    [[nodiscard]] bool hasLightmap() const { return lightmapIndex != kNoLightmap; }
    // The leading dword used by segment queries: flags | (material_index_hi << 16).
    [[nodiscard]] std::uint32_t leadingDword() const { return flags | (static_cast<std::uint32_t>(materialIndexHi) << 16); }
};

struct PackedNormal {
    std::int8_t x = 0, y = 0, z = 0, w = 0;  // w kept raw
    [[nodiscard]] Vec3 decode() const;       // v / 127 clamped to [-1, 1]
};

struct PackedUv {
    std::uint16_t u = 0, v = 0;
    [[nodiscard]] Vec2 decode() const { return {u * kUvScale, v * kUvScale}; }
};

struct TriangleDescriptor {
    std::uint16_t flags = 0;   // +0
    std::uint16_t word2 = 0, word4 = 0, word6 = 0;  // raw
    std::array<std::int16_t, 3> normal{};          // +8, +0xA, +0xC
    std::uint16_t word14 = 0;  // raw
    [[nodiscard]] Vec3 decodedNormal() const { return Vec3{normal[0] / 32767.0f, normal[1] / 32767.0f, normal[2] / 32767.0f}; }
};

struct AnimKey {
    Vec3 position;
    float time = 0;
    std::array<std::int16_t, 4> wxyz{0, 0, 0, 32767};  // as stored on disk
    [[nodiscard]] Quat rotation() const;                // XYZW, components / 32767 (not conjugated)
};

struct FrameMap {
    std::vector<std::uint16_t> words;  // key index per (node block, frame)
    std::uint32_t frameCount = 0;      // attr2 of the type-19 entry
};

struct NodeNames {
    std::vector<std::optional<std::string>> names;  // one per node; raw CP1251 bytes, nullopt = len 0
    Bytes tail;                                     // bytes after the last node's name, kept raw
};

struct OpaqueStream {
    std::uint32_t type = 0;
    Bytes data;
};

// Directory facts of one entry; the builder follows this order when ModelData::layout is set.
struct EntryLayout {
    std::uint32_t type = 0;
    std::uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
    FixedString nameField;  // all 36 bytes; empty raw = "Res<type>"
};

// Everything a model holds, decoded; the builder encodes exactly this.
struct ModelData {
    std::uint32_t nodeStride = kNodeSize;
    std::vector<Node> nodes;
    Bytes slotHeader = Bytes(kSlotHeaderSize, 0);
    std::vector<Slot> slots;
    std::vector<Vec3> positions;
    std::optional<std::vector<PackedNormal>> normals;
    std::optional<std::vector<PackedUv>> uv0;
    std::optional<std::vector<PackedUv>> uv1;
    std::vector<std::uint16_t> indices;
    std::optional<std::vector<TriangleDescriptor>> triangles;
    std::optional<std::vector<AnimKey>> animKeys;
    std::optional<FrameMap> frameMap;
    std::optional<NodeNames> names;
    std::vector<Batch> batches;
    std::vector<OpaqueStream> opaque;  // 9, 15, 16, 17, 20 and unknown types, in entry order
    std::vector<EntryLayout> layout;   // empty = canonical order and derived attributes
};

struct ReadOptions {
    nres::Profile nresProfile = nres::Profile::Strict;
    // false: a parent link that is not 0xFFFF or < own index is an error. true: the model loads with
    // a flat hierarchy (every node a root) and Model::hierarchyIssue says why; nothing is guessed.
    bool allowFlatHierarchy = false;
};

class Model {
public:
    [[nodiscard]] static Result<Model> read(ByteView bytes, const ReadOptions& options = {});

    [[nodiscard]] const ModelData& data() const { return mData; }
    [[nodiscard]] const nres::Archive& archive() const { return mArchive; }
    // Parent of a node in the validated hierarchy; nullopt for roots and in the flat view.
    [[nodiscard]] std::optional<std::uint16_t> parentOf(std::size_t node) const;
    [[nodiscard]] bool hierarchyFlat() const { return !mHierarchyIssue.empty(); }
    [[nodiscard]] const std::string& hierarchyIssue() const { return mHierarchyIssue; }
    [[nodiscard]] bool type16Present() const;
    [[nodiscard]] std::string nodeName(std::size_t node) const;  // "" when unnamed
    [[nodiscard]] std::size_t triangleCount() const;             // sum of batch index_count / 3

private:
    ModelData mData;
    nres::Archive mArchive;
    std::string mHierarchyIssue;
};

// Validates decoded data with the same rules as the reader (no byte offsets: record and field only).
[[nodiscard]] Status validate(const ModelData& data);
// Encodes ModelData into a .msh (NRes via nres::writeCanonical), then reads it back to prove it valid.
[[nodiscard]] Result<Bytes> build(const ModelData& data);
// Re-writes a read model: the original entries in the original order, payloads byte for byte.
[[nodiscard]] Result<Bytes> write(const Model& model);

// Decoded (state, lod) geometry for renderers and exporters; engine-neutral data.
struct DrawRange {
    std::uint32_t batch = 0;            // index into ModelData::batches
    std::uint16_t flags = 0;
    std::uint8_t materialIndex = 0;     // WEAR row
    std::uint16_t materialIndexHi = 0;  // raw
    std::optional<std::uint8_t> lightmapIndex;
    std::uint16_t localBatchIndex = 0;
    std::uint16_t vertexCount = 0;
    std::uint32_t indexStart = 0;       // into StaticGeometry::indices
    std::uint32_t indexCount = 0;
    std::uint32_t baseVertex = 0;       // added to every index
    std::uint32_t minVertex = 0, maxVertex = 0;  // absolute vertex range actually used (empty range: 0, 0)
};

struct NodeGeometry {
    std::uint16_t node = 0;
    std::string name;
    std::optional<std::uint16_t> parent;  // validated hierarchy; nullopt in the flat view
    std::uint16_t flags = 0;
    std::optional<std::uint16_t> slot;    // nullopt = no geometry for this state/LOD (helper/socket)
    Aabb bounds;                          // slot AABB (empty when no slot)
    Sphere sphere;
    std::vector<DrawRange> ranges;
};

struct StaticGeometry {
    unsigned state = 0, lod = 0;
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;   // empty when the model has no type 4
    std::vector<Vec2> uv0;       // empty when no type 5
    std::vector<Vec2> uv1;       // empty when no type 18
    std::vector<std::uint16_t> indices;
    std::vector<NodeGeometry> nodes;  // one per model node, in node order
};

[[nodiscard]] Result<StaticGeometry> staticGeometry(const Model& model, unsigned state, unsigned lod);

}  // namespace vestige::iron3d::msh
