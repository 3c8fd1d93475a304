#pragma once
// Iron3D areal map `Land.map`: an NRes with exactly one entry, type 12, attr1 = areal count.
// The payload is areal_count areals, then the candidate grid, then EOF (nothing may follow).
//
//   Areal
//   +0x00 f32 anchor[3]
//   +0x0C f32 reserved_12          (0 in the corpus; kept)
//   +0x10 f32 area_metric
//   +0x14 f32 normal[3]            (unit length in the corpus; not enforced)
//   +0x20 u32 logic_flag
//   +0x24 u32 reserved_36          (kept)
//   +0x28 u32 class_id
//   +0x2C u32 reserved_44          (kept)
//   +0x30 u32 vertex_count
//   +0x34 u32 poly_count           (0 in every known map)
//   +0x38 f32 vertices[vertex_count][3]
//         EdgeLink8 links[vertex_count + 3 * poly_count]   { i32 area_ref, i32 edge_ref }, (-1, -1) = none
//         poly_count polygon blocks: u32 n, then 4 * (3n + 1) raw bytes [L] (kept as 3n + 1 u32 words)
//
//   Grid
//   u32 cells_x, u32 cells_y       (both > 0; 128 x 128 in every known map)
//   cells_x * cells_y cells:  u16 hit_count, hit_count x u16 area_id (each < areal_count)
//
// Cell order (row- or column-major) and the world -> cell mapping are unknown [?]: cells are kept in file order.
// Specification: ../shared/specs/iron3d.md section 12.2.
#include <array>
#include <cstdint>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::land {

constexpr std::uint32_t kArealEntryType = 12;
constexpr std::size_t kArealPrefixSize = 56;
constexpr std::size_t kEdgeLinkSize = 8;

struct EdgeLink {
    std::int32_t areaRef = -1;
    std::int32_t edgeRef = -1;
    [[nodiscard]] bool none() const { return areaRef == -1 && edgeRef == -1; }
};

// A polygon block [L]: never seen in the corpus, so only its framing is checked.
struct PolygonBlock {
    std::vector<std::uint32_t> words;  // the 3n + 1 words after the count n (so n = (words.size() - 1) / 3)
};

struct Areal {
    Vec3 anchor;
    float reserved12 = 0;
    float areaMetric = 0;
    Vec3 normal;
    std::uint32_t logicFlag = 0;
    std::uint32_t reserved36 = 0;
    std::uint32_t classId = 0;
    std::uint32_t reserved44 = 0;
    std::vector<Vec3> vertices;
    std::vector<EdgeLink> links;  // vertices.size() + 3 * polygons.size()
    std::vector<PolygonBlock> polygons;
};

struct Grid {
    std::uint32_t cellsX = 0, cellsY = 0;
    std::vector<std::vector<std::uint16_t>> cells;  // file order, cellsX * cellsY lists of area ids
};

struct ArealMapData {
    std::vector<Areal> areals;
    Grid grid;
    std::uint32_t attr2 = 0, attr3 = 0;  // of the type-12 entry, kept raw
    FixedString nameField;               // empty raw = "Res12"
};

// The runtime's packed cells: (hit_count << 22) | offset into one shared candidate pool (10-bit count,
// 22-bit offset), with the pool listing every cell's area ids in file order.
struct PackedGrid {
    std::vector<std::uint32_t> cells;
    std::vector<std::uint16_t> pool;
};
[[nodiscard]] Result<PackedGrid> packGrid(const Grid& grid);

class ArealMap {
public:
    [[nodiscard]] static Result<ArealMap> read(ByteView bytes, nres::Profile profile = nres::Profile::Strict);
    // Parses a type-12 payload alone; `arealCount` is the entry's attr1, `base` the payload's absolute offset.
    [[nodiscard]] static Result<ArealMapData> readPayload(ByteView payload, std::uint32_t arealCount,
                                                          std::uint64_t base = 0);

    [[nodiscard]] const ArealMapData& data() const { return mData; }
    [[nodiscard]] const nres::Archive& archive() const { return mArchive; }
    [[nodiscard]] std::size_t vertexCount() const;  // over all areals

private:
    ArealMapData mData;
    nres::Archive mArchive;
};

[[nodiscard]] Status validate(const ArealMapData& data);
[[nodiscard]] Bytes encodePayload(const ArealMapData& data);
// Canonical NRes with the single type-12 entry, read back to prove it valid.
[[nodiscard]] Result<Bytes> build(const ArealMapData& data);
// Re-encodes the payload and puts it back through the lossless NRes editor.
[[nodiscard]] Result<Bytes> write(const ArealMap& map);

}  // namespace vestige::iron3d::land
