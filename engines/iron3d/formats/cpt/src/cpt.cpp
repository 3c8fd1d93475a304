// CPT point list reader and writer. Layout picture: include/vestige/iron3d/cpt/cpt.hpp.
#include "vestige/iron3d/cpt/cpt.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

namespace vestige::iron3d::cpt {
namespace {

constexpr const char* kFloatField[6] = {"a[0]", "a[1]", "a[2]", "b[0]", "b[1]", "b[2]"};

}  // namespace

Result<PointList> read(ByteView bytes) {
    ByteReader r(bytes);
    VESTIGE_TRY(const std::uint32_t count, r.u32("count"));
    std::uint64_t want = 0;
    if (!checkedMul(count, kRecordSize + kNameSize, want) || !checkedAdd(want, 4, want) || want != bytes.size())
        return Error("cpt.size", "the file size does not match the point count")
            .field("count")
            .at(0)
            .expected(fmt::format("4 + 68 * {} = {} bytes", count, want))
            .actual(fmt::format("{} bytes", bytes.size()));
    PointList list;
    list.points.resize(count);
    const std::uint8_t* records = bytes.data() + 4;
    const std::uint8_t* names = records + std::size_t{count} * kRecordSize;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint8_t* p = records + std::size_t{i} * kRecordSize;
        Point& pt = list.points[i];
        pt.flags = loadU32(p);
        pt.word4 = static_cast<std::int32_t>(loadU32(p + 4));
        pt.word8 = static_cast<std::int32_t>(loadU32(p + 8));
        float f[6];
        for (int k = 0; k < 6; ++k) {
            f[k] = loadF32(p + 0x0C + 4 * k);
            if (!std::isfinite(f[k]))
                return Error("cpt.non_finite", "a point coordinate is not finite")
                    .record(i)
                    .field(kFloatField[k])
                    .at(4 + std::uint64_t{i} * kRecordSize + 0x0C + 4 * k)
                    .expected("a finite float")
                    .actual(fmt::format("{}", f[k]));
        }
        pt.a = {f[0], f[1], f[2]};
        pt.b = {f[3], f[4], f[5]};
        const std::uint8_t* n = names + std::size_t{i} * kNameSize;
        pt.name.raw.assign(n, n + kNameSize);
        pt.name.terminated = std::memchr(n, 0, kNameSize) != nullptr;
    }
    return list;
}

Result<Bytes> write(const PointList& list) {
    ByteWriter out;
    out.u32(static_cast<std::uint32_t>(list.points.size()));
    for (std::size_t i = 0; i < list.points.size(); ++i) {
        const Point& p = list.points[i];
        const float f[6] = {p.a.x, p.a.y, p.a.z, p.b.x, p.b.y, p.b.z};
        for (int k = 0; k < 6; ++k)
            if (!std::isfinite(f[k]))
                return Error("cpt.non_finite", "a point coordinate is not finite").record(i).field(kFloatField[k]);
        out.u32(p.flags);
        out.u32(static_cast<std::uint32_t>(p.word4));
        out.u32(static_cast<std::uint32_t>(p.word8));
        for (float v : f) out.f32(v);
    }
    for (std::size_t i = 0; i < list.points.size(); ++i) {
        const FixedString& n = list.points[i].name;
        if (n.raw.size() != kNameSize)
            return Error("cpt.name_field", "a point name is a 32-byte field")
                .record(i)
                .field("name")
                .expected("32 bytes")
                .actual(std::to_string(n.raw.size()));
        out.bytes(n.raw);
    }
    return out.take();
}

Point makePoint(std::string_view name, Vec3 a, Vec3 b, std::int32_t word4, std::int32_t word8, std::uint32_t flags) {
    Point p;
    p.flags = flags;
    p.word4 = word4;
    p.word8 = word8;
    p.a = a;
    p.b = b;
    p.name.raw.assign(kNameSize, 0);
    std::memcpy(p.name.raw.data(), name.data(), std::min(name.size(), kNameSize - 1));
    p.name.terminated = true;
    return p;
}

}  // namespace vestige::iron3d::cpt
