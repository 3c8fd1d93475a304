// VCollide solids and IVP compact surfaces (layout in collide.hpp). The ledge tree is walked from its root; the
// ledges and point arrays it reaches are decoded and every other byte of the surface is kept as `unclaimed`.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "vestige/source/phy/collide.hpp"

namespace vestige::source::phy {

namespace {

constexpr std::int32_t kMaxSolids = 0x7FFF;    // vcollide_t::solidCount is a 15-bit field
constexpr std::uint32_t kMoppId = 0x5050504D;  // "MOPP": a legacy MOPP surface, not decoded

Error layoutError(std::string code, std::string message, std::string field, std::uint64_t at) {
    return Error::atField(std::move(code), std::move(message), std::move(field), at);
}

bool finite(Vec3 v) { return isFinite(v); }

Triangle decodeTriangle(const std::uint8_t* p) {
    Triangle t;
    const std::uint32_t w = loadU32(p);
    t.index = static_cast<std::uint16_t>(w & 0xFFF);
    t.pierceIndex = static_cast<std::uint16_t>((w >> 12) & 0xFFF);
    t.material = static_cast<std::uint8_t>((w >> 24) & 0x7F);
    t.isVirtual = (w >> 31) != 0;
    for (int e = 0; e < 3; ++e) {
        const std::uint32_t ew = loadU32(p + 4 + 4 * e);
        auto& edge = t.edges[static_cast<std::size_t>(e)];
        edge.startPoint = static_cast<std::uint16_t>(ew & 0xFFFF);
        const auto raw = static_cast<std::int32_t>((ew >> 16) & 0x7FFF);
        edge.opposite = static_cast<std::int16_t>((raw & 0x4000) ? raw - 0x8000 : raw);
        edge.isVirtual = (ew >> 31) != 0;
    }
    return t;
}

// Edge slot `unit` (in 4-byte steps from the ledge start) -> (triangle, edge), or nullopt for a non-edge slot.
std::optional<std::pair<int, int>> edgeAtUnit(int unit, int triangleCount) {
    const int rel = unit - static_cast<int>(kLedgeHeaderSize / 4);
    if (rel < 0 || rel % 4 == 0) return std::nullopt;
    const int tri = rel / 4;
    if (tri >= triangleCount) return std::nullopt;
    return std::make_pair(tri, rel % 4 - 1);
}

class SurfaceReader {
public:
    SurfaceReader(ByteView data, std::uint64_t base) : mData(data), mBase(base) {}

    Result<CompactSurface> read() {
        if (mData.size() < kSurfaceHeaderSize)
            return ByteReader(mData, mBase).eofError(kSurfaceHeaderSize, "compact_surface");
        const std::uint8_t* p = mData.data();
        CompactSurface s;
        s.massCenter = {loadF32(p), loadF32(p + 4), loadF32(p + 8)};
        s.rotationInertia = {loadF32(p + 12), loadF32(p + 16), loadF32(p + 20)};
        s.upperLimitRadius = loadF32(p + 24);
        const std::uint32_t packed = loadU32(p + 28);
        s.maxDeviation = static_cast<std::uint8_t>(packed & 0xFF);
        s.byteSize = packed >> 8;
        s.ledgeTreeRoot = static_cast<std::int32_t>(loadU32(p + 32));
        for (int i = 0; i < 3; ++i)
            s.dummy[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(loadU32(p + 36 + 4 * i));
        if (!finite(s.massCenter) || !finite(s.rotationInertia) || !isFinite(s.upperLimitRadius))
            return layoutError("phy.nan", "non-finite mass properties in the compact surface", "mass_center", mBase);
        if (s.byteSize != mData.size())
            return layoutError("phy.surface_size", "compact surface byte size disagrees with its solid", "byte_size",
                               mBase + 28)
                .expected(std::to_string(mData.size()))
                .actual(std::to_string(s.byteSize));
        VESTIGE_CHECK(walkTree(s));
        VESTIGE_CHECK(readPoints(s));
        VESTIGE_CHECK(collectUnclaimed(s));
        return s;
    }

private:
    struct Range {
        std::uint32_t begin, end;
        const char* what;
    };

    Status checkRange(std::int64_t offset, std::uint64_t size, const char* field, std::uint64_t refAt) const {
        if (offset < static_cast<std::int64_t>(kSurfaceHeaderSize) || offset % 4 != 0 ||
            static_cast<std::uint64_t>(offset) + size > mData.size())
            return layoutError("phy.offset", fmt::format("{} outside the compact surface", field), field, refAt)
                .expected(fmt::format("4-aligned, within [{}, {}]", kSurfaceHeaderSize, mData.size()))
                .actual(std::to_string(offset));
        return okStatus();
    }

    Status walkTree(CompactSurface& s) {
        std::vector<std::int64_t> stack{s.ledgeTreeRoot};
        std::set<std::uint32_t> seen;
        while (!stack.empty()) {
            const std::int64_t at = stack.back();
            stack.pop_back();
            VESTIGE_CHECK(checkRange(at, kNodeSize, "ledge_tree_node", mBase + 32));
            const auto off = static_cast<std::uint32_t>(at);
            if (!seen.insert(off).second)
                return layoutError("phy.topology", "ledge tree node reached twice", "ledge_tree_node", mBase + off);
            const std::uint8_t* p = mData.data() + off;
            LedgeNode n;
            n.offset = off;
            n.rightOffset = static_cast<std::int32_t>(loadU32(p));
            n.ledgeOffset = static_cast<std::int32_t>(loadU32(p + 4));
            n.center = {loadF32(p + 8), loadF32(p + 12), loadF32(p + 16)};
            n.radius = loadF32(p + 20);
            n.boxSizes = {p[24], p[25], p[26]};
            n.free = p[27];
            if (!finite(n.center) || !isFinite(n.radius))
                return layoutError("phy.nan", "non-finite ledge tree sphere", "ledge_tree_node.center",
                                   mBase + off + 8);
            if (n.isLeaf() && n.ledgeOffset == 0)
                return layoutError("phy.topology", "leaf node without a ledge", "ledge_tree_node.ledge",
                                   mBase + off + 4);
            if (!n.isLeaf()) {
                // Children lie after their parent: the left one right behind it, the right one beyond the left.
                if (n.rightOffset < static_cast<std::int32_t>(2 * kNodeSize))
                    return layoutError("phy.topology", "right child does not follow the left subtree",
                                       "ledge_tree_node.right", mBase + off)
                        .actual(std::to_string(n.rightOffset));
                stack.push_back(static_cast<std::int64_t>(off) + n.rightOffset);
                stack.push_back(static_cast<std::int64_t>(off) + static_cast<std::int64_t>(kNodeSize));
            }
            if (n.ledgeOffset != 0) VESTIGE_CHECK(readLedge(s, static_cast<std::int64_t>(off) + n.ledgeOffset, off));
            s.nodes.push_back(n);
        }
        std::sort(s.nodes.begin(), s.nodes.end(),
                  [](const LedgeNode& a, const LedgeNode& b) { return a.offset < b.offset; });
        std::sort(s.ledges.begin(), s.ledges.end(), [](const Ledge& a, const Ledge& b) { return a.offset < b.offset; });
        return okStatus();
    }

    Status readLedge(CompactSurface& s, std::int64_t at, std::uint32_t nodeOffset) {
        VESTIGE_CHECK(checkRange(at, kLedgeHeaderSize, "ledge", mBase + nodeOffset + 4));
        const auto off = static_cast<std::uint32_t>(at);
        if (!mLedgeOffsets.insert(off).second)
            return layoutError("phy.topology", "ledge referenced by two tree nodes", "ledge", mBase + off);
        const std::uint8_t* p = mData.data() + off;
        Ledge l;
        l.offset = off;
        l.pointOffset = static_cast<std::int32_t>(loadU32(p));
        l.clientData = static_cast<std::int32_t>(loadU32(p + 4));
        const std::uint32_t flags = loadU32(p + 8);
        l.hasChildren = static_cast<std::uint8_t>(flags & 3);
        l.isCompact = static_cast<std::uint8_t>((flags >> 2) & 3);
        l.reservedBits = static_cast<std::uint8_t>((flags >> 4) & 0xF);
        l.sizeDiv16 = flags >> 8;
        const auto count = static_cast<std::int16_t>(loadU16(p + 12));
        l.reserved = static_cast<std::int16_t>(loadU16(p + 14));
        if (count <= 0)
            return layoutError("phy.topology", "ledge without triangles", "ledge.triangle_count", mBase + off + 12)
                .actual(std::to_string(count));
        VESTIGE_CHECK(checkRange(at, kLedgeHeaderSize + kTriangleSize * static_cast<std::uint64_t>(count),
                                 "ledge.triangles", mBase + off + 12));
        l.triangles.reserve(static_cast<std::size_t>(count));
        for (int t = 0; t < count; ++t)
            l.triangles.push_back(decodeTriangle(p + kLedgeHeaderSize + kTriangleSize * static_cast<std::size_t>(t)));
        VESTIGE_CHECK(checkEdges(l));
        // Point arrays are shared by ledges that point at the same base; the largest index sizes the array.
        const std::int64_t base = static_cast<std::int64_t>(off) + l.pointOffset;
        int maxIndex = 0;
        for (const auto& t : l.triangles)
            for (const auto& e : t.edges) maxIndex = std::max<int>(maxIndex, e.startPoint);
        VESTIGE_CHECK(
            checkRange(base, kPointSize * static_cast<std::uint64_t>(maxIndex + 1), "ledge.points", mBase + off));
        auto [it, inserted] = mPointCounts.emplace(static_cast<std::uint32_t>(base), maxIndex + 1);
        if (!inserted) it->second = std::max(it->second, maxIndex + 1);
        s.ledges.push_back(std::move(l));
        return okStatus();
    }

    // Each edge's `opposite` must land on an edge of the same ledge whose own opposite points back.
    Status checkEdges(const Ledge& l) const {
        const int n = static_cast<int>(l.triangles.size());
        for (int t = 0; t < n; ++t)
            for (int e = 0; e < 3; ++e) {
                const Edge& edge = l.triangles[static_cast<std::size_t>(t)].edges[static_cast<std::size_t>(e)];
                const int unit = static_cast<int>(kLedgeHeaderSize / 4) + 4 * t + 1 + e;
                const auto target = edgeAtUnit(unit + edge.opposite, n);
                const std::uint64_t at = mBase + l.offset + kLedgeHeaderSize + kTriangleSize * t + 4 + 4 * e;
                if (!target)
                    return layoutError("phy.topology", "edge's opposite is not an edge of its ledge", "edge.opposite",
                                       at)
                        .actual(std::to_string(edge.opposite));
                const Edge& back = l.triangles[static_cast<std::size_t>(target->first)]
                                       .edges[static_cast<std::size_t>(target->second)];
                if (back.opposite != -edge.opposite)
                    return layoutError("phy.topology", "opposite edges do not point at each other", "edge.opposite", at)
                        .expected(std::to_string(-edge.opposite))
                        .actual(std::to_string(back.opposite));
            }
        return okStatus();
    }

    Status readPoints(CompactSurface& s) const {
        for (const auto& [base, count] : mPointCounts) {
            PointArray a;
            a.offset = base;
            a.points.resize(static_cast<std::size_t>(count));
            for (int i = 0; i < count; ++i) {
                const std::uint8_t* p = mData.data() + base + kPointSize * static_cast<std::size_t>(i);
                auto& pt = a.points[static_cast<std::size_t>(i)];
                for (int k = 0; k < 4; ++k) pt[static_cast<std::size_t>(k)] = loadF32(p + 4 * k);
                // Finite in metres is not enough: a huge value overflows to inf when scaled to inches.
                const Vec3 metres{pt[0], pt[1], pt[2]};
                if (!isFinite(metres) || !isFinite(ivpToSource(metres)))
                    return layoutError("phy.nan_point", "convex point not finite in metres and inches",
                                       fmt::format("point[{}]", i),
                                       mBase + base + kPointSize * static_cast<std::size_t>(i));
            }
            s.pointArrays.push_back(std::move(a));
        }
        return okStatus();
    }

    Status collectUnclaimed(CompactSurface& s) const {
        std::vector<Range> ranges{{0, static_cast<std::uint32_t>(kSurfaceHeaderSize), "header"}};
        for (const auto& l : s.ledges)
            ranges.push_back(
                {l.offset, l.offset + static_cast<std::uint32_t>(kLedgeHeaderSize + kTriangleSize * l.triangles.size()),
                 "ledge"});
        for (const auto& a : s.pointArrays)
            ranges.push_back({a.offset, a.offset + static_cast<std::uint32_t>(kPointSize * a.points.size()), "points"});
        for (const auto& n : s.nodes)
            ranges.push_back({n.offset, n.offset + static_cast<std::uint32_t>(kNodeSize), "node"});
        std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.begin < b.begin; });
        std::uint32_t cursor = 0;
        for (const auto& r : ranges) {
            if (r.begin < cursor)
                return layoutError("phy.overlap", fmt::format("{} overlaps the structure before it", r.what), r.what,
                                   mBase + r.begin);
            if (r.begin > cursor)
                s.unclaimed.push_back({cursor, Bytes(mData.begin() + cursor, mData.begin() + r.begin)});
            cursor = r.end;
        }
        if (cursor < mData.size()) s.unclaimed.push_back({cursor, Bytes(mData.begin() + cursor, mData.end())});
        return okStatus();
    }

    ByteView mData;
    std::uint64_t mBase;
    std::set<std::uint32_t> mLedgeOffsets;
    std::map<std::uint32_t, int> mPointCounts;
};

}  // namespace

Result<CompactSurface> readCompactSurface(ByteView data, std::uint64_t baseOffset) {
    return SurfaceReader(data, baseOffset).read();
}

Result<Solid> readSolid(ByteView data, std::uint64_t baseOffset) {
    Solid solid;
    if (data.size() >= 4 && loadU32(data.data()) == kVphyId) {
        ByteReader r(data, baseOffset);
        VESTIGE_CHECK(r.skip(4, "vphysics_id"));
        CollideHeader h;
        VESTIGE_TRY(h.version, r.i16("version"));
        VESTIGE_TRY(h.modelType, r.i16("model_type"));
        if (h.version != kVphyVersion)
            return layoutError("phy.version", "unsupported VPHY collide version", "version", baseOffset + 4)
                .expected(hex(static_cast<std::uint16_t>(kVphyVersion)))
                .actual(hex(static_cast<std::uint16_t>(h.version)));
        if (h.modelType != static_cast<std::int16_t>(ModelType::Poly)) {
            // MOPP/BALL/VIRTUAL payloads are kept whole; only POLY (every studio model and brush) is decoded.
            solid.header = h;
            solid.opaque.assign(data.begin() + 8, data.end());
            return solid;
        }
        VESTIGE_TRY(h.surfaceSize, r.i32("surface_size"));
        for (int i = 0; i < 3; ++i) { VESTIGE_TRY(h.dragAxisAreas[i], r.f32("drag_axis_areas")); }
        VESTIGE_TRY(h.axisMapSize, r.i32("axis_map_size"));
        if (!isFinite(h.dragAxisAreas))
            return layoutError("phy.nan", "non-finite drag axis areas", "drag_axis_areas", baseOffset + 12);
        if (h.surfaceSize < 0 || static_cast<std::uint64_t>(h.surfaceSize) != r.remaining())
            return layoutError("phy.surface_size", "surface size disagrees with the solid's size", "surface_size",
                               baseOffset + 8)
                .expected(std::to_string(r.remaining()))
                .actual(std::to_string(h.surfaceSize));
        solid.header = h;
        VESTIGE_TRY(solid.surface, readCompactSurface(r.rest(), r.absolute()));
        return solid;
    }
    if (data.size() < kSurfaceHeaderSize)
        return ByteReader(data, baseOffset).eofError(kSurfaceHeaderSize, "compact_surface");
    const std::uint32_t id = loadU32(data.data() + 44);
    if (id == kMoppId) {
        solid.opaque.assign(data.begin(), data.end());
        return solid;
    }
    if (id != kIvpsId && id != 0)
        return layoutError("phy.bad_header", "solid is neither a VPHY collide nor an IVP compact surface",
                           "vphysics_id", baseOffset)
            .expected("\"VPHY\", or \"IVPS\"/0 at offset 44")
            .actual(hexBytes(data.subspan(0, 4)));
    VESTIGE_TRY(solid.surface, readCompactSurface(data, baseOffset));
    return solid;
}

Result<Collide> readCollide(ByteView data, std::int32_t solidCount, std::uint64_t baseOffset) {
    if (solidCount < 0 || solidCount > kMaxSolids)
        return Error("phy.solid_count", "solid count out of range")
            .field("solid_count")
            .expected(fmt::format("0..{}", kMaxSolids))
            .actual(std::to_string(solidCount));
    ByteReader r(data, baseOffset);
    Collide c;
    for (std::int32_t i = 0; i < solidCount; ++i) {
        const std::uint64_t at = r.absolute();
        VESTIGE_TRY(std::int32_t size, std::move(r.i32("solid.size")).record(static_cast<std::uint64_t>(i)));
        if (size < 0 || static_cast<std::uint64_t>(size) > r.remaining())
            return layoutError("phy.solid_size", "solid size runs past the data", "solid.size", at)
                .record(static_cast<std::uint64_t>(i))
                .expected(fmt::format("0..{}", r.remaining()))
                .actual(std::to_string(size));
        VESTIGE_TRY(ByteReader sub, r.sub(static_cast<std::size_t>(size), "solid"));
        VESTIGE_TRY(Solid solid,
                    std::move(readSolid(sub.data(), sub.baseOffset())).record(static_cast<std::uint64_t>(i)));
        c.solids.push_back(std::move(solid));
    }
    c.keyText.assign(r.rest().begin(), r.rest().end());
    return c;
}

}  // namespace vestige::source::phy
