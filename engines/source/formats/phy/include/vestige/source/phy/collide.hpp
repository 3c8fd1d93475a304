#pragma once
// VCollide solids: the collision data shared by a studio model's .phy file and a map's PHYSCOLLIDE lump.
//
// A block of `solidCount` solids, each an int32 size and that many bytes, followed by the key text:
//
//   i32 size                         bytes that follow, up to the next solid
//   ┌ "VPHY" header, 28 bytes (absent in legacy files, which start with the compact surface) ─────┐
//   │  0 u32 'VPHY'   4 i16 version 0x100   6 i16 modelType (0 POLY, 1 MOPP, 2 BALL, 3 VIRTUAL)   │
//   │  8 i32 surfaceSize   12 f32 dragAxisAreas[3]   24 i32 axisMapSize                           │
//   └──────────────────────────────────────────────────────────────────────────────────────────────┘
//   IVP compact surface, `surfaceSize` bytes; every offset below is relative to its first byte:
//     0 f32 massCenter[3] (IVP space)   12 f32 rotationInertia[3]   24 f32 upperLimitRadius
//    28 u32 maxDeviation:8 | byteSize:24   32 i32 ledgeTreeRoot   36 i32 dummy[3] (dummy[2] "IVPS" or 0)
//    48 ledges, each 16 bytes + 16 per triangle:
//         i32 pointOffset (relative to the ledge)   i32 clientData
//         u32 hasChildren:2 | isCompact:2 | reserved:4 | sizeDiv16:24   i16 triangleCount   i16 reserved
//         triangle: u32 index:12 | pierceIndex:12 | material:7 | virtual:1, then 3 edges
//         edge:     u32 startPoint:16 | opposite:15 (signed, in 4-byte edge steps) | virtual:1
//       points, 16 bytes each: f32 x, y, z, w (IVP space; w is IVP's spare "hesse" slot)
//       ledge tree, 28-byte nodes, the left child right after its parent:
//         i32 rightOffset (0 = leaf)   i32 ledgeOffset (relative to the node; 0 = no hull)
//         f32 center[3]   f32 radius   u8 boxSizes[3]   u8 free
//
// IVP space is meters, Y down, Z forward: Source (x, y, z) inches = (ivp.x, ivp.z, -ivp.y) / METERS_PER_INCH.
// The reader keeps every byte no structure covers (`unclaimed`), so writeSolid(readSolid(x)) == x.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::phy {

constexpr float kMetersPerInch = 0.0254f;      // METERS_PER_INCH
constexpr std::uint32_t kVphyId = 0x59485056;  // "VPHY"
constexpr std::uint32_t kIvpsId = 0x53505649;  // "IVPS"
constexpr std::int16_t kVphyVersion = 0x100;
constexpr std::size_t kCollideHeaderSize = 28;
constexpr std::size_t kSurfaceHeaderSize = 48;
constexpr std::size_t kLedgeHeaderSize = 16;
constexpr std::size_t kTriangleSize = 16;
constexpr std::size_t kPointSize = 16;
constexpr std::size_t kNodeSize = 28;

enum class ModelType : std::int16_t { Poly = 0, Mopp = 1, Ball = 2, Virtual = 3 };

struct CollideHeader {
    std::int16_t version = kVphyVersion;
    std::int16_t modelType = 0;
    std::int32_t surfaceSize = 0;
    Vec3 dragAxisAreas{1, 1, 1};
    std::int32_t axisMapSize = 0;
    friend bool operator==(const CollideHeader&, const CollideHeader&) = default;
};

struct Edge {
    std::uint16_t startPoint = 0;
    std::int16_t opposite = 0;  // in edges (4 bytes) from this edge to the neighbour's reverse edge
    bool isVirtual = false;
    friend bool operator==(const Edge&, const Edge&) = default;
};

struct Triangle {
    std::uint16_t index = 0, pierceIndex = 0;  // 12 bits each
    std::uint8_t material = 0;                 // 7 bits: the collide's material table index
    bool isVirtual = false;
    std::array<Edge, 3> edges{};
    friend bool operator==(const Triangle&, const Triangle&) = default;
};

struct Ledge {
    std::uint32_t offset = 0;  // from the surface start
    std::int32_t pointOffset = 0;
    std::int32_t clientData = 0;  // game data of a convex (vbsp: the brush's convex index)
    std::uint8_t hasChildren = 0, isCompact = 0, reservedBits = 0;
    std::uint32_t sizeDiv16 = 0;
    std::int16_t reserved = 0;
    std::vector<Triangle> triangles;
    friend bool operator==(const Ledge&, const Ledge&) = default;
};

struct PointArray {
    std::uint32_t offset = 0;  // from the surface start
    std::vector<std::array<float, 4>> points;
    friend bool operator==(const PointArray&, const PointArray&) = default;
};

struct LedgeNode {
    std::uint32_t offset = 0;  // from the surface start
    std::int32_t rightOffset = 0, ledgeOffset = 0;
    Vec3 center;
    float radius = 0;
    std::array<std::uint8_t, 3> boxSizes{};
    std::uint8_t free = 0;
    [[nodiscard]] bool isLeaf() const { return rightOffset == 0; }
    friend bool operator==(const LedgeNode&, const LedgeNode&) = default;
};

struct Unclaimed {
    std::uint32_t offset = 0;
    Bytes bytes;
    friend bool operator==(const Unclaimed&, const Unclaimed&) = default;
};

struct CompactSurface {
    Vec3 massCenter, rotationInertia;  // IVP space, as stored
    float upperLimitRadius = 0;
    std::uint8_t maxDeviation = 0;
    std::uint32_t byteSize = 0;
    std::int32_t ledgeTreeRoot = 0;
    std::array<std::int32_t, 3> dummy{0, 0, static_cast<std::int32_t>(kIvpsId)};
    std::vector<Ledge> ledges;            // by offset
    std::vector<PointArray> pointArrays;  // by offset
    std::vector<LedgeNode> nodes;         // by offset (pre-order: the root first)
    std::vector<Unclaimed> unclaimed;     // bytes no structure covers, by offset
    friend bool operator==(const CompactSurface&, const CompactSurface&) = default;
};

struct Solid {
    std::optional<CollideHeader> header;    // nullopt: a legacy solid (compact surface only)
    std::optional<CompactSurface> surface;  // POLY and legacy solids
    Bytes opaque;  // the payload after the header of a model type this reader does not decode (MOPP, BALL, VIRTUAL)
    [[nodiscard]] bool legacy() const { return !header.has_value(); }
    friend bool operator==(const Solid&, const Solid&) = default;
};

struct Collide {
    std::vector<Solid> solids;
    Bytes keyText;  // everything after the last solid, verbatim (normally NUL-terminated text)
    friend bool operator==(const Collide&, const Collide&) = default;
};

// Reads `solidCount` size-prefixed solids and the rest as key text. `baseOffset` is the absolute offset of
// data[0] for error messages. Errors (phy.*): truncated, solid_size, bad_header, version, surface_size, offset,
// overlap, topology, nan_point, limit.
[[nodiscard]] Result<Collide> readCollide(ByteView data, std::int32_t solidCount, std::uint64_t baseOffset = 0);
// One solid's bytes (after its size prefix).
[[nodiscard]] Result<Solid> readSolid(ByteView data, std::uint64_t baseOffset = 0);
[[nodiscard]] Result<CompactSurface> readCompactSurface(ByteView data, std::uint64_t baseOffset = 0);

// Serialisers; they refuse structures whose pieces overlap or leave the surface (phy.layout).
[[nodiscard]] Result<Bytes> writeCompactSurface(const CompactSurface& surface);
[[nodiscard]] Result<Bytes> writeSolid(const Solid& solid);
// The solids with their size prefixes, then the key text.
[[nodiscard]] Result<Bytes> writeCollide(const Collide& collide);

// ---- interpreted view ----------------------------------------------------------------------------------------

// IVP space (meters) <-> Source space (inches), once, at the boundary.
[[nodiscard]] Vec3 ivpToSource(Vec3 ivp);
[[nodiscard]] Vec3 sourceToIvp(Vec3 source);

// One convex piece (a leaf ledge) in Source inches: its own points, triangles wound counter-clockwise seen from
// outside (IVP's order, mapped through the proper rotation above).
struct ConvexPiece {
    std::vector<Vec3> points;
    std::vector<std::array<std::uint16_t, 3>> triangles;
    std::int32_t clientData = 0;
    std::uint8_t material = 0;  // of the first triangle
};

// The leaf ledges of the ledge tree, in tree order (left first). Hull ledges of inner nodes are skipped.
[[nodiscard]] std::vector<ConvexPiece> convexPieces(const CompactSurface& surface);
// Mass centre in Source inches.
[[nodiscard]] Vec3 massCenter(const CompactSurface& surface);

}  // namespace vestige::source::phy
