// CTLD pose rows: reader, writer, blend rules. Layout picture: include/vestige/iron3d/ctl/ctl.hpp.
#include "vestige/iron3d/ctl/ctl.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace vestige::iron3d::ctl {

Result<std::uint64_t> rowTableStart(std::uint32_t s, std::uint32_t m) {
    std::uint64_t perS = 0, shapes = 0, square = 0, square4 = 0, sum = 0, out = 0;
    if (!checkedMul(16, m, perS) || !checkedAdd(perS, 156, perS) || !checkedMul(s, perS, shapes) ||
        !checkedMul(s, s, square) || !checkedMul(square, 4, square4) || !checkedAdd(shapes, square4, sum) ||
        !checkedAdd(sum, 128, out))
        return Error("ctl.overflow", "row table start overflows").field("counts").at(0);
    return out;
}

namespace {

void patchRow(PoseRow& row) {
    auto put32 = [&](std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i) row.raw[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
    };
    put32(0x00, static_cast<std::uint32_t>(row.nodeId));
    put32(0x04, std::bit_cast<std::uint32_t>(row.frameA));
    put32(0x08, std::bit_cast<std::uint32_t>(row.frameB));
    put32(0x0C, std::bit_cast<std::uint32_t>(row.blend));
    put32(0x20, row.flags);
}

}  // namespace

Result<ControlFile> read(ByteView bytes) {
    ByteReader r(bytes);
    ControlFile f;
    for (int i = 0; i < 5; ++i) { VESTIGE_TRY(f.counts[i], r.u32(fmt::format("counts[{}]", i))); }
    VESTIGE_TRY(const std::uint64_t start, rowTableStart(f.s(), f.m()));
    if (start > bytes.size())
        return Error("ctl.truncated", "the file ends before the pose-row table starts")
            .field("row_start")
            .at(bytes.size())
            .expected(
                fmt::format("at least {} bytes (128 + S*(156 + 16*M) + 4*S*S, S = {}, M = {})", start, f.s(), f.m()))
            .actual(std::to_string(bytes.size()));
    VESTIGE_TRY(ByteView prefix, r.bytes(static_cast<std::size_t>(start) - kHeaderSize, "prefix"));
    f.prefix.assign(prefix.begin(), prefix.end());
    // T rows of 36 bytes: checked against the remaining bytes before anything is allocated.
    auto table = r.array(f.t(), kRowSize, "pose_rows");
    if (!table) return std::move(table).error().expected(fmt::format("{} rows of 36 bytes from {}", f.t(), hex(start)));
    ByteView rows = table->data();
    f.rows.resize(f.t());
    for (std::size_t i = 0; i < f.rows.size(); ++i) {
        const std::uint8_t* p = rows.data() + i * kRowSize;
        PoseRow& row = f.rows[i];
        std::memcpy(row.raw.data(), p, kRowSize);
        row.nodeId = static_cast<std::int32_t>(loadU32(p));
        row.frameA = loadF32(p + 0x04);
        row.frameB = loadF32(p + 0x08);
        row.blend = loadF32(p + 0x0C);
        row.flags = loadU32(p + 0x20);
    }
    const ByteView tail = r.rest();
    f.tail.assign(tail.begin(), tail.end());
    return f;
}

Result<Bytes> write(const ControlFile& file) {
    VESTIGE_TRY(const std::uint64_t start, rowTableStart(file.s(), file.m()));
    if (file.prefix.size() + kHeaderSize != start)
        return Error("ctl.layout", "the raw prefix does not reach the row table start")
            .field("prefix")
            .expected(std::to_string(start - kHeaderSize))
            .actual(std::to_string(file.prefix.size()));
    if (file.rows.size() != file.t())
        return Error("ctl.layout", "row count differs from the header's T")
            .field("counts[2]")
            .expected(std::to_string(file.rows.size()))
            .actual(std::to_string(file.t()));
    ByteWriter out;
    for (std::uint32_t c : file.counts) out.u32(c);
    out.bytes(file.prefix);
    for (PoseRow row : file.rows) {
        patchRow(row);
        out.bytes(row.raw);
    }
    out.bytes(file.tail);
    return out.take();
}

Result<Bytes> build(std::uint32_t s, std::uint32_t m, std::uint32_t c3, std::uint32_t c4,
                    const std::vector<PoseRow>& rows, ByteView tail) {
    VESTIGE_TRY(const std::uint64_t start, rowTableStart(s, m));
    if (start > (1u << 26)) return Error("ctl.too_large", "build() is for small test files").field("row_start");
    ControlFile f;
    f.counts = {s, m, static_cast<std::uint32_t>(rows.size()), c3, c4};
    f.prefix.assign(static_cast<std::size_t>(start) - kHeaderSize, 0);
    f.rows = rows;
    f.tail.assign(tail.begin(), tail.end());
    return write(f);
}

float effectiveBlend(float blend, std::uint32_t flags) {
    if (flags & kFlagWrap) {
        // One wrap only: 2.5 becomes 1.5, not 0.5.
        if (blend > 1.0f)
            blend -= 1.0f;
        else if (blend < 0.0f)
            blend += 1.0f;
    } else if (!std::isnan(blend)) {
        blend = std::clamp(blend, 0.0f, 1.0f);
    }
    if (flags & kFlagInvert) blend = 1.0f - blend;
    return blend;
}

Result<float> rowTime(const PoseRow& row) {
    const float b = effectiveBlend(row.blend, row.flags);
    const float time = (1.0f - b) * row.frameA + b * row.frameB;
    if (!std::isfinite(time) || time < 0.0f)
        return Error("ctl.bad_time", "the row's frame time is negative or not finite after wrap/clamp/invert")
            .field("blend")
            .expected("a finite time >= 0")
            .actual(fmt::format("(1 - {}) * {} + {} * {} = {}", b, row.frameA, b, row.frameB, time));
    return time;
}

Result<PoseBindings> poseBindings(const ControlFile& file, std::size_t nodeCount) {
    VESTIGE_TRY(const std::uint64_t start, rowTableStart(file.s(), file.m()));
    PoseBindings out;
    out.times.assign(nodeCount, 0.0f);  // nodes without a control binding get time 0
    out.row.assign(nodeCount, std::nullopt);
    for (std::size_t i = 0; i < file.rows.size(); ++i) {
        const PoseRow& row = file.rows[i];
        const std::uint64_t at = start + i * kRowSize;
        if (row.skipped()) continue;  // before any float check: endpoints may be -1 sentinels
        if (row.nodeId < 0 || static_cast<std::uint64_t>(row.nodeId) >= nodeCount)
            return Error("ctl.node_id", "a pose row names a node the model does not have")
                .record(i)
                .field("node_id")
                .at(at)
                .expected(fmt::format("0 <= node < {}", nodeCount))
                .actual(std::to_string(row.nodeId));
        auto time = rowTime(row);
        if (!time) return std::move(time).error().record(i).at(at + 0x0C);
        out.times[static_cast<std::size_t>(row.nodeId)] = *time;  // later rows replace earlier ones
        out.row[static_cast<std::size_t>(row.nodeId)] = static_cast<std::uint32_t>(i);
    }
    return out;
}

}  // namespace vestige::iron3d::ctl
