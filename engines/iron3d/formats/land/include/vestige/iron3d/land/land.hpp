#pragma once
// Iron3D terrain mesh `Land.msh`: an NRes holding exactly one entry of each type 1, 2, 3, 4, 5, 18, 14, 11, 21
// (that is also the physical order in every known map; other orders are read, and kept). For every stream
// attr1 = element count and attr3 = stride, both checked; attr2 and the 36-byte name fields are kept raw.
//
//   type  stride      content                                  decoded as
//   1     38          Node38 (same record as MSH models)       msh::Node
//   2     0x8C + 68n  raw 0x8C header, then attr1 slots        slotHeader (raw) + Slot
//   3     12          positions f32 x, y, z (Z is height)      Vec3
//   4     4           packed normal i8 x, y, z, w              msh::PackedNormal
//   5     4           UV0 u16 u, v (/1024)                     msh::PackedUv
//   18    4           micro-texture mapping words [?]          u32 raw (UV1 reading is tentative, see below)
//   14    4           auxiliary words [?]                      u32 raw
//   11    4           material pair u16 lookup, u16 flags      MaterialPair (flags & 0x10 = batch boundary)
//   21    28          faces                                    Face
//
// Slot68 (terrain)                       Face28
//   +0x00 u16 pair_table_index (type 11)   +0x00 u32 flags         full 32-bit surface mask
//   +0x02 u16 pair_count                   +0x04 u16 material_tag  low = Land2.wea row, high = Land1 (0xFF none)
//   +0x04 u8  rest[64] [?] kept raw        +0x06 u16 aux_tag [?]
//                                          +0x08 u16 v[3]    each < type-3 count
//                                          +0x0E u16 nbr[3]  0xFFFF or < face count
//                                          +0x14 u8  tail[8] [?] kept raw
//
// Cross-stream checks: attr1 * stride == payload size (type 2: 0x8C + 68 * attr1), face vertices and
// neighbours in range, every slot's pair run inside type 11. Nothing else is inferred.
// Specification: ../shared/specs/iron3d.md section 12.1 (and section 5 for Node38/normals/UVs).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::land {

namespace stream {
constexpr std::uint32_t kNodes = 1;
constexpr std::uint32_t kSlots = 2;
constexpr std::uint32_t kPositions = 3;
constexpr std::uint32_t kNormals = 4;
constexpr std::uint32_t kUv0 = 5;
constexpr std::uint32_t kMicro = 18;
constexpr std::uint32_t kAux14 = 14;
constexpr std::uint32_t kMaterialPairs = 11;
constexpr std::uint32_t kFaces = 21;
}  // namespace stream

// The canonical (and, in every known map, the physical) stream order.
constexpr std::array<std::uint32_t, 9> kStreamOrder{1, 2, 3, 4, 5, 18, 14, 11, 21};
constexpr std::size_t kNodeSize = 38;
constexpr std::size_t kSlotHeaderSize = 0x8C;
constexpr std::size_t kSlotSize = 68;
constexpr std::size_t kSlotTailSize = 64;
constexpr std::size_t kPositionSize = 12;
constexpr std::size_t kWordSize = 4;
constexpr std::size_t kFaceSize = 28;
constexpr std::size_t kFaceTailSize = 8;
constexpr std::uint16_t kNoNeighbour = 0xFFFF;
constexpr std::uint8_t kNoRow = 0xFF;
constexpr std::uint16_t kBatchBoundary = 0x10;

// The stride each stream's attr3 must hold (type 2: the slot record).
[[nodiscard]] std::size_t strideOf(std::uint32_t type);

struct Slot {
    std::uint16_t pairTableIndex = 0;                // first type-11 word
    std::uint16_t pairCount = 0;                     // number of type-11 words
    std::array<std::uint8_t, kSlotTailSize> tail{};  // +0x04..0x43 [?], raw
};

struct MaterialPair {
    std::uint16_t materialLookup = 0;  // key into the Shade.wea material manager (not a WEAR row)
    std::uint16_t flags = 0;
    [[nodiscard]] bool batchBoundary() const { return (flags & kBatchBoundary) != 0; }
};

struct Face {
    std::uint32_t flags = 0;  // full surface mask
    std::uint16_t materialTag = 0;
    std::uint16_t auxTag = 0;          // [?]
    std::array<std::uint16_t, 3> v{};  // vertex indices into type 3
    std::array<std::uint16_t, 3> nbr{kNoNeighbour, kNoNeighbour, kNoNeighbour};
    std::array<std::uint8_t, kFaceTailSize> tail{};  // [?], raw
    // Land2.wea row (material table 1).
    [[nodiscard]] std::uint8_t land2Row() const { return static_cast<std::uint8_t>(materialTag & 0xFF); }
    // Land1.wea row (material table 0); nullopt when the high byte is 0xFF.
    [[nodiscard]] std::optional<std::uint8_t> land1Row() const {
        const auto hi = static_cast<std::uint8_t>(materialTag >> 8);
        return hi == kNoRow ? std::nullopt : std::optional<std::uint8_t>(hi);
    }
};

// Material key of one face layer: (table_index << 16) | row.
[[nodiscard]] constexpr std::uint32_t materialKey(std::uint32_t table, std::uint32_t row) {
    return (table << 16) | row;
}

// Full 32-bit surface mask -> compact 16-bit mask + 6-bit material class (fixed bit maps, not truncation).
// The full-mask bits neither map uses are kept in `unmapped`, so expand() gives the full mask back.
struct SurfaceMask {
    std::uint16_t compact = 0;
    std::uint8_t materialClass = 0;
    std::uint32_t unmapped = 0;
};
[[nodiscard]] SurfaceMask compactSurfaceMask(std::uint32_t full);
[[nodiscard]] std::uint32_t expandSurfaceMask(const SurfaceMask& mask);

// Directory facts of one entry, in directory order (attr1/attr3 are derived and checked; attr2 and the name kept).
struct EntryLayout {
    std::uint32_t type = 0;
    std::uint32_t attr2 = 0;
    FixedString nameField;  // all 36 bytes; empty raw = "Res<type>"
};

struct TerrainData {
    std::vector<msh::Node> nodes;                  // type 1
    Bytes slotHeader = Bytes(kSlotHeaderSize, 0);  // type 2 header [?], raw
    std::vector<Slot> slots;                       // type 2
    std::vector<Vec3> positions;                   // type 3
    std::vector<msh::PackedNormal> normals;        // type 4
    std::vector<msh::PackedUv> uv0;                // type 5
    std::vector<std::uint32_t> micro;              // type 18, raw words
    std::vector<std::uint32_t> aux14;              // type 14, raw words
    std::vector<MaterialPair> pairs;               // type 11
    std::vector<Face> faces;                       // type 21
    std::vector<EntryLayout> layout;               // empty = kStreamOrder with names "Res<type>"
};

class Terrain {
public:
    // Strict: exactly the nine streams, every count/stride/cross reference checked, payloads consumed exactly.
    [[nodiscard]] static Result<Terrain> read(ByteView bytes, nres::Profile profile = nres::Profile::Strict);

    [[nodiscard]] const TerrainData& data() const { return mData; }
    [[nodiscard]] const nres::Archive& archive() const { return mArchive; }
    // True when the entries sit in kStreamOrder.
    [[nodiscard]] bool canonicalOrder() const { return mCanonicalOrder; }

private:
    TerrainData mData;
    nres::Archive mArchive;
    bool mCanonicalOrder = true;
};

// Validates decoded data with the reader's rules (record and field named; no byte offsets).
[[nodiscard]] Status validate(const TerrainData& data);
// Encodes one stream's payload from decoded data (the exact bytes the reader consumed).
[[nodiscard]] Bytes encodeStream(const TerrainData& data, std::uint32_t type);
// Encodes TerrainData as a canonical NRes (payloads 8-aligned) and reads it back to prove it valid.
[[nodiscard]] Result<Bytes> build(const TerrainData& data);
// Re-writes a read terrain: every payload re-encoded from the decoded data and put back through the lossless
// NRes editor (gaps, padding and unindexed bytes kept). Equal to the input bytes for any valid file.
[[nodiscard]] Result<Bytes> write(const Terrain& terrain);

// Interpreted view: one triangle per face, vertex streams decoded where their count matches type 3.
struct FaceMaterial {
    std::uint16_t tag = 0;
    std::uint32_t land2Key = 0;             // materialKey(1, low byte)
    std::optional<std::uint32_t> land1Key;  // materialKey(0, high byte), nullopt for 0xFF
};
struct Geometry {
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;  // empty unless type 4 has one word per vertex
    std::vector<Vec2> uv0;      // empty unless type 5 has one pair per vertex
    // Type 18 read as packed u16 pairs / 1024 (the MSH UV1 reading from seed 000); tentative for terrain,
    // where the digest calls the words micro-texture mapping [?]. Empty unless one word per vertex.
    std::vector<Vec2> uv1Tentative;
    std::vector<std::uint32_t> indices;  // 3 per face, in face order
    std::vector<FaceMaterial> faceMaterials;
    Aabb bounds;
};
[[nodiscard]] Geometry geometry(const TerrainData& data);

}  // namespace vestige::iron3d::land
