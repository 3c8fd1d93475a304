// Serialisers for compact surfaces, solids and VCollide blocks, plus the interpreted view (convex pieces in
// Source inches). Every structure goes back to its recorded offset; a byte claimed twice is refused.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "vestige/source/phy/collide.hpp"

namespace vestige::source::phy {

namespace {

constexpr float kInchesPerMeter = 1.0f / kMetersPerInch;  // IVP2HL's factor

class SurfaceWriter {
public:
    explicit SurfaceWriter(std::uint32_t size) : mOut(size, 0), mClaimed(size, false) {}

    Status claim(std::uint64_t offset, std::uint64_t size, const char* what) {
        if (offset + size > mOut.size())
            return Error("phy.layout", fmt::format("{} leaves the compact surface", what))
                .field(what)
                .expected(fmt::format("end <= {}", mOut.size()))
                .actual(std::to_string(offset + size));
        for (std::uint64_t i = offset; i < offset + size; ++i) {
            if (mClaimed[i])
                return Error("phy.layout", fmt::format("{} overlaps another structure", what)).field(what).at(offset);
            mClaimed[i] = true;
        }
        return okStatus();
    }
    void u32(std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i) mOut[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
    }
    void i16(std::size_t at, std::int16_t v) {
        const auto u = static_cast<std::uint16_t>(v);
        mOut[at] = static_cast<std::uint8_t>(u);
        mOut[at + 1] = static_cast<std::uint8_t>(u >> 8);
    }
    void f32(std::size_t at, float v) { u32(at, std::bit_cast<std::uint32_t>(v)); }
    void vec(std::size_t at, Vec3 v) {
        f32(at, v.x);
        f32(at + 4, v.y);
        f32(at + 8, v.z);
    }
    void bytes(std::size_t at, ByteView b) {
        std::copy(b.begin(), b.end(), mOut.begin() + static_cast<std::ptrdiff_t>(at));
    }
    Bytes take() { return std::move(mOut); }

private:
    Bytes mOut;
    std::vector<bool> mClaimed;
};

Result<std::uint32_t> encodeTriangle(const Triangle& t) {
    if (t.index > 0xFFF || t.pierceIndex > 0xFFF || t.material > 0x7F)
        return Error("phy.layout", "triangle field exceeds its bit width").field("triangle");
    return static_cast<std::uint32_t>(t.index) | (static_cast<std::uint32_t>(t.pierceIndex) << 12) |
           (static_cast<std::uint32_t>(t.material) << 24) | (t.isVirtual ? 0x80000000u : 0u);
}

Result<std::uint32_t> encodeEdge(const Edge& e) {
    if (e.opposite < -0x4000 || e.opposite > 0x3FFF)
        return Error("phy.layout", "edge opposite exceeds 15 bits")
            .field("edge.opposite")
            .actual(std::to_string(e.opposite));
    return static_cast<std::uint32_t>(e.startPoint) | ((static_cast<std::uint32_t>(e.opposite) & 0x7FFF) << 16) |
           (e.isVirtual ? 0x80000000u : 0u);
}

}  // namespace

Result<Bytes> writeCompactSurface(const CompactSurface& s) {
    if (s.byteSize < kSurfaceHeaderSize || s.byteSize > 0xFFFFFF)
        return Error("phy.layout", "compact surface size out of range")
            .field("byte_size")
            .actual(std::to_string(s.byteSize));
    SurfaceWriter w(s.byteSize);
    VESTIGE_CHECK(w.claim(0, kSurfaceHeaderSize, "header"));
    w.vec(0, s.massCenter);
    w.vec(12, s.rotationInertia);
    w.f32(24, s.upperLimitRadius);
    w.u32(28, static_cast<std::uint32_t>(s.maxDeviation) | (s.byteSize << 8));
    w.u32(32, static_cast<std::uint32_t>(s.ledgeTreeRoot));
    for (std::size_t i = 0; i < 3; ++i) w.u32(36 + 4 * i, static_cast<std::uint32_t>(s.dummy[i]));
    for (const auto& l : s.ledges) {
        if (l.triangles.empty() || l.triangles.size() > 0x7FFF || l.sizeDiv16 > 0xFFFFFF || l.hasChildren > 3 ||
            l.isCompact > 3 || l.reservedBits > 15)
            return Error("phy.layout", "ledge field out of range").field("ledge").at(l.offset);
        VESTIGE_CHECK(w.claim(l.offset, kLedgeHeaderSize + kTriangleSize * l.triangles.size(), "ledge"));
        w.u32(l.offset, static_cast<std::uint32_t>(l.pointOffset));
        w.u32(l.offset + 4, static_cast<std::uint32_t>(l.clientData));
        w.u32(l.offset + 8, static_cast<std::uint32_t>(l.hasChildren) | (static_cast<std::uint32_t>(l.isCompact) << 2) |
                                (static_cast<std::uint32_t>(l.reservedBits) << 4) | (l.sizeDiv16 << 8));
        w.i16(l.offset + 12, static_cast<std::int16_t>(l.triangles.size()));
        w.i16(l.offset + 14, l.reserved);
        for (std::size_t t = 0; t < l.triangles.size(); ++t) {
            const std::size_t at = l.offset + kLedgeHeaderSize + kTriangleSize * t;
            VESTIGE_TRY(std::uint32_t word, encodeTriangle(l.triangles[t]));
            w.u32(at, word);
            for (std::size_t e = 0; e < 3; ++e) {
                VESTIGE_TRY(std::uint32_t ew, encodeEdge(l.triangles[t].edges[e]));
                w.u32(at + 4 + 4 * e, ew);
            }
        }
    }
    for (const auto& a : s.pointArrays) {
        VESTIGE_CHECK(w.claim(a.offset, kPointSize * a.points.size(), "points"));
        for (std::size_t i = 0; i < a.points.size(); ++i)
            for (std::size_t k = 0; k < 4; ++k) w.f32(a.offset + kPointSize * i + 4 * k, a.points[i][k]);
    }
    for (const auto& n : s.nodes) {
        VESTIGE_CHECK(w.claim(n.offset, kNodeSize, "node"));
        w.u32(n.offset, static_cast<std::uint32_t>(n.rightOffset));
        w.u32(n.offset + 4, static_cast<std::uint32_t>(n.ledgeOffset));
        w.vec(n.offset + 8, n.center);
        w.f32(n.offset + 20, n.radius);
        w.bytes(n.offset + 24, n.boxSizes);
        w.bytes(n.offset + 27, ByteView(&n.free, 1));
    }
    for (const auto& u : s.unclaimed) {
        VESTIGE_CHECK(w.claim(u.offset, u.bytes.size(), "unclaimed"));
        w.bytes(u.offset, u.bytes);
    }
    return w.take();
}

Result<Bytes> writeSolid(const Solid& solid) {
    ByteWriter w;
    if (solid.header) {
        const CollideHeader& h = *solid.header;
        w.u32(kVphyId);
        w.i16(h.version);
        w.i16(h.modelType);
        if (h.modelType != static_cast<std::int16_t>(ModelType::Poly)) {
            w.bytes(solid.opaque);
            return w.take();
        }
        if (!solid.surface) return Error("phy.layout", "a POLY solid needs its compact surface").field("surface");
        w.i32(h.surfaceSize);
        w.f32(h.dragAxisAreas.x);
        w.f32(h.dragAxisAreas.y);
        w.f32(h.dragAxisAreas.z);
        w.i32(h.axisMapSize);
    }
    if (!solid.surface) {
        w.bytes(solid.opaque);
        return w.take();
    }
    VESTIGE_TRY(Bytes surface, writeCompactSurface(*solid.surface));
    w.bytes(surface);
    return w.take();
}

Result<Bytes> writeCollide(const Collide& c) {
    ByteWriter w;
    for (std::size_t i = 0; i < c.solids.size(); ++i) {
        VESTIGE_TRY(Bytes solid, std::move(writeSolid(c.solids[i])).record(i));
        w.i32(static_cast<std::int32_t>(solid.size()));
        w.bytes(solid);
    }
    w.bytes(c.keyText);
    return w.take();
}

Vec3 ivpToSource(Vec3 ivp) { return Vec3{ivp.x, ivp.z, -ivp.y} * kInchesPerMeter; }
Vec3 sourceToIvp(Vec3 s) { return Vec3{s.x, -s.z, s.y} * kMetersPerInch; }

Vec3 massCenter(const CompactSurface& s) { return ivpToSource(s.massCenter); }

std::vector<ConvexPiece> convexPieces(const CompactSurface& s) {
    std::map<std::uint32_t, const LedgeNode*> nodes;
    for (const auto& n : s.nodes) nodes[n.offset] = &n;
    std::map<std::uint32_t, const Ledge*> ledges;
    for (const auto& l : s.ledges) ledges[l.offset] = &l;
    std::map<std::uint32_t, const PointArray*> arrays;
    for (const auto& a : s.pointArrays) arrays[a.offset] = &a;

    std::vector<ConvexPiece> out;
    std::vector<std::uint32_t> stack{static_cast<std::uint32_t>(s.ledgeTreeRoot)};
    while (!stack.empty()) {
        const auto it = nodes.find(stack.back());
        stack.pop_back();
        if (it == nodes.end()) continue;  // only for hand-made structures; the reader guarantees the tree
        const LedgeNode& n = *it->second;
        if (!n.isLeaf()) {
            stack.push_back(n.offset + static_cast<std::uint32_t>(n.rightOffset));
            stack.push_back(n.offset + static_cast<std::uint32_t>(kNodeSize));
            continue;
        }
        const auto lt = ledges.find(n.offset + static_cast<std::uint32_t>(n.ledgeOffset));
        if (lt == ledges.end()) continue;
        const Ledge& l = *lt->second;
        const auto at = arrays.find(l.offset + static_cast<std::uint32_t>(l.pointOffset));
        if (at == arrays.end()) continue;
        ConvexPiece piece;
        piece.clientData = l.clientData;
        piece.material = l.triangles.empty() ? 0 : l.triangles.front().material;
        std::map<std::uint16_t, std::uint16_t> remap;  // shared array index -> piece index, by first use
        for (const auto& t : l.triangles) {
            std::array<std::uint16_t, 3> tri{};
            for (std::size_t e = 0; e < 3; ++e) {
                const std::uint16_t src = t.edges[e].startPoint;
                auto [r, inserted] = remap.emplace(src, static_cast<std::uint16_t>(piece.points.size()));
                if (inserted) {
                    const auto& p = at->second->points[src];
                    piece.points.push_back(ivpToSource({p[0], p[1], p[2]}));
                }
                tri[e] = r->second;
            }
            piece.triangles.push_back(tri);
        }
        out.push_back(std::move(piece));
    }
    return out;
}

}  // namespace vestige::source::phy
