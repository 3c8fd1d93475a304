#include "vestige/scene/face_side.hpp"

#include <fmt/format.h>

#include "vestige/core/bytes.hpp"

#include "vestige/scene/scene.hpp"

namespace vestige::scene {

float faceSideValue(Vec3 eye, Vec3 v0, Vec3 v1, Vec3 v2) { return dot(eye - v0, cross(v1 - v0, v2 - v0)); }

Result<FaceSideResult> applyFaceSide(std::span<const Vec3> positions, std::span<const std::uint32_t> indices,
                                     std::span<const FaceSideRecord> records, Vec3 eye, const Mat4& placement) {
    FaceSideResult out;
    const float det = placement.upper3x3().determinant();
    const float sign = det < 0 ? -1.0f : 1.0f;
    out.recordFaceStart.reserve(records.size());
    out.recordFirst.reserve(records.size());
    out.recordCount.reserve(records.size());

    auto world = [&](std::uint32_t i) { return placement.transformPoint(positions[i]); };
    auto kept = [&](std::uint32_t firstIndex) {
        const float d = faceSideValue(eye, world(indices[firstIndex]), world(indices[firstIndex + 1]),
                                      world(indices[firstIndex + 2]));
        return d * sign > 0;
    };

    for (std::size_t r = 0; r < records.size(); ++r) {
        const FaceSideRecord& rec = records[r];
        std::uint64_t end = 0;
        if (!checkedAdd(rec.firstIndex, rec.indexCount, end) || end > indices.size()) {
            return Error("scene.face_side_range", "record reaches past the index list")
                .record(r).field("indexCount")
                .expected(fmt::format("firstIndex + indexCount <= {}", indices.size()))
                .actual(fmt::format("{} + {}", rec.firstIndex, rec.indexCount));
        }
        if (rec.indexCount % 3 != 0) {
            return Error("scene.face_side_count", "record index count is not a multiple of 3")
                .record(r).field("indexCount").expected("a multiple of 3").actual(std::to_string(rec.indexCount));
        }
        for (std::uint64_t i = rec.firstIndex; i < end; ++i) {
            if (indices[i] >= positions.size()) {
                return Error("scene.face_side_index", "index outside the vertex list")
                    .record(r).field(fmt::format("indices[{}]", i))
                    .expected(fmt::format("< {}", positions.size())).actual(std::to_string(indices[i]));
            }
        }
        const std::uint32_t faces = rec.indexCount / 3;
        out.recordFaceStart.push_back(static_cast<std::uint32_t>(out.keepFace.size()));
        out.recordFirst.push_back(static_cast<std::uint32_t>(out.indices.size()));
        const bool skipTest = (rec.rawFlags & kIronSkipSideTest) != 0;
        const bool firstOnly = !skipTest && (rec.rawFlags & kIronFirstFaceOnly) != 0;
        const bool recordVisible = !firstOnly || faces == 0 || kept(rec.firstIndex);
        for (std::uint32_t f = 0; f < faces; ++f) {
            const std::uint32_t at = rec.firstIndex + f * 3;
            bool keep = false;
            if (skipTest) keep = true;
            else if (firstOnly) keep = recordVisible;
            else keep = kept(at);
            out.keepFace.push_back(keep ? 1 : 0);
            if (keep) out.indices.insert(out.indices.end(), indices.begin() + at, indices.begin() + at + 3);
        }
        out.recordCount.push_back(static_cast<std::uint32_t>(out.indices.size()) - out.recordFirst.back());
    }
    return out;
}

}  // namespace vestige::scene
