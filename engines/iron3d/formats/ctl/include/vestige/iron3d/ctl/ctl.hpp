#pragma once
// Iron3D CTLD control resource (.ctl): only the pose-row table is interpreted; every other byte is
// kept raw and written back unchanged.
//
//   +0x00  u32 counts[5]        S, M, T, c3, c4 (c3, c4 not interpreted)
//   +0x14  raw                  up to the row table (shape records etc., not interpreted)
//   row_start = 128 + S * (156 + 16 * M) + 4 * S * S
//   row_start + 36 * i, i < T:  PoseRow36
//       +0x00 i32 node id       +0x04 f32 endpoint frame A   +0x08 f32 endpoint frame B
//       +0x0C f32 blend         +0x10..+0x1F raw             +0x20 u32 flags
//   row_start + 36 * T .. EOF   raw (typed records, effect-group references: not interpreted)
//
// Pose rule (seed 002, Control.dll RVA 0x9950 / AniMesh 0x8BF2), per component instance:
//   rows in source order; flags & 0x4 -> skipped before any float is looked at;
//   blend: flags & 0x1 -> one wrap (b > 1: b - 1; b < 0: b + 1), else clamp to [0, 1];
//          flags & 0x2 -> 1 - blend;
//   time = (1 - blend) * A + blend * B; non-finite or negative -> error;
//   the last enabled row of a node wins; nodes without a row get time 0.
// Example (fr_l_plant.ctl): counts [14, 0, 5, 11, 13] -> row_start 3096 (0xC18), rows end at 0xCCC.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige::iron3d::ctl {

constexpr std::size_t kHeaderSize = 20;
constexpr std::size_t kRowSize = 36;
constexpr std::uint32_t kFlagWrap = 0x1;
constexpr std::uint32_t kFlagInvert = 0x2;
constexpr std::uint32_t kFlagSkip = 0x4;

struct PoseRow {
    std::int32_t nodeId = 0;                   // +0x00
    float frameA = 0;                          // +0x04
    float frameB = 0;                          // +0x08
    float blend = 0;                           // +0x0C initial blend
    std::uint32_t flags = 0;                   // +0x20
    std::array<std::uint8_t, kRowSize> raw{};  // all 36 bytes as read; the writer patches the decoded fields
    [[nodiscard]] bool skipped() const { return (flags & kFlagSkip) != 0; }
};

struct ControlFile {
    std::array<std::uint32_t, 5> counts{};  // S, M, T, c3, c4
    Bytes prefix;                           // bytes [0x14, row_start)
    std::vector<PoseRow> rows;              // T rows
    Bytes tail;                             // bytes after the row table
    [[nodiscard]] std::uint32_t s() const { return counts[0]; }
    [[nodiscard]] std::uint32_t m() const { return counts[1]; }
    [[nodiscard]] std::uint32_t t() const { return counts[2]; }
};

// 128 + S * (156 + 16 * M) + 4 * S * S, overflow-checked.
[[nodiscard]] Result<std::uint64_t> rowTableStart(std::uint32_t s, std::uint32_t m);

[[nodiscard]] Result<ControlFile> read(ByteView bytes);
// Byte-exact inverse of read(); `prefix` must be row_start - 20 bytes and rows.size() == T.
[[nodiscard]] Result<Bytes> write(const ControlFile& file);
// A test/demo writer: zero-filled prefix, the rows (unset raw bytes zero), the given tail.
[[nodiscard]] Result<Bytes> build(std::uint32_t s, std::uint32_t m, std::uint32_t c3, std::uint32_t c4,
                                  const std::vector<PoseRow>& rows, ByteView tail = {});

// The blend after wrap/clamp and invert (may be non-finite when the input was).
[[nodiscard]] float effectiveBlend(float blend, std::uint32_t flags);
// The frame time of one enabled row; error when it is negative or non-finite.
[[nodiscard]] Result<float> rowTime(const PoseRow& row);

struct PoseBindings {
    std::vector<std::optional<float>> times;        // one per node: the bound time, or 0 when unbound
    std::vector<std::optional<std::uint32_t>> row;  // the row that set it (nullopt = unbound)
};
// Per-node times for a model of `nodeCount` nodes; errors carry the row's absolute file offset.
// A row naming a node outside [0, nodeCount) is an error.
[[nodiscard]] Result<PoseBindings> poseBindings(const ControlFile& file, std::size_t nodeCount);

}  // namespace vestige::iron3d::ctl
