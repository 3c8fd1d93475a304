// Segment queries over fuzzed models. The input is either an MSH file ("NRes" magic: segments are made from
// each slot's bounds) or a byte program that builds a small model (nodes, parents, flags, slots, batches with
// random flags and helper keys, faces on a coarse grid or raw floats, raw descriptor normals) followed by
// queries with random masks. Invariants (a break traps): the index and the literal scan give the same answer
// to the bit, or the same error code; hits are finite and inside the slot; the world query ends with a known
// error or with passes == trace size, fewer than 200 visits and a non-helper final hit.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "vestige/iron3d/query/builder.hpp"
#include "vestige/iron3d/query/slot_query.hpp"
#include "vestige/iron3d/query/world_query.hpp"

using namespace vestige;
using namespace vestige::iron3d;

namespace {

struct Input {
    const std::uint8_t* p;
    std::size_t n, i = 0;
    std::uint8_t u8() { return i < n ? p[i++] : 0; }
    std::uint16_t u16() { return static_cast<std::uint16_t>(u8() | (u8() << 8)); }
    std::uint32_t u32() { return u16() | (static_cast<std::uint32_t>(u16()) << 16); }
    // Mostly exact values on a quarter grid (coplanar faces, edge hits, ties); now and then raw float bits.
    float coord() {
        const std::uint8_t b = u8();
        if ((b >> 5) == 7) {
            const float raw = std::bit_cast<float>(u32());
            return std::isfinite(raw) ? raw : 0.5f;
        }
        return static_cast<float>(static_cast<int>(b & 0x3F) - 32) * 0.25f;
    }
    Vec3 vec() { return {coord(), coord(), coord()}; }
    std::uint32_t mask() {
        const std::uint8_t b = u8();
        if (!(b & 0x80)) return 0;
        return (b & 0x3Fu) | ((b & 0x40u) ? 0x00010200u : 0u);
    }
};

[[noreturn]] void fail() { __builtin_trap(); }

bool sameHit(const std::optional<query::SlotHit>& a, const std::optional<query::SlotHit>& b) {
    if (a.has_value() != b.has_value()) return false;
    if (!a) return true;
    auto bits = [](float f) { return std::bit_cast<std::uint32_t>(f); };
    return bits(a->point.x) == bits(b->point.x) && bits(a->point.y) == bits(b->point.y) &&
           bits(a->point.z) == bits(b->point.z) && bits(a->distance2) == bits(b->distance2) && a->batch == b->batch &&
           a->face == b->face && a->descriptor == b->descriptor && a->reversed == b->reversed;
}

void compare(const query::QueryModel& model, std::uint32_t node, std::uint32_t slot, const Segment& s,
             const query::Masks& m) {
    const auto& d = model.data();
    auto scan = query::scanSlotSegment(d, node, slot, s, m);
    auto idx = model.querySlot(node, slot, s, m);
    if (scan.ok() != idx.ok()) fail();
    if (!scan.ok()) {
        if (scan.error().code() != idx.error().code()) fail();
        return;
    }
    if (scan->outcome != idx->outcome || !sameHit(scan->hit, idx->hit)) fail();
    if (scan->hit) {
        const auto& h = *scan->hit;
        const auto& sl = d.slots[slot];
        if (!isFinite(h.point) || !(h.distance2 >= 0.0f) || h.batch < sl.batchStart ||
            h.batch >= std::uint32_t{sl.batchStart} + sl.batchCount || h.descriptor >= d.triangles->size())
            fail();
    }
}

void world(const query::QueryModel& model, const std::vector<query::WorldNode>& list, const Segment& s) {
    auto r = query::queryBuildingSegmentWorld(model, list, s);
    if (!r) {
        static const char* known[] = {"query.visit_limit",        "query.helper_key",       "query.segment",
                                      "query.singular_transform", "query.descriptor_range", "query.world_entry"};
        for (const char* k : known)
            if (r.error().code() == k) return;
        fail();
    }
    if (r->passes != r->trace.size() || r->visits >= query::kVisitLimit || r->passes > r->visits + 1) fail();
    if (r->outcome == query::Outcome::Hit && (!r->hit || r->hit->helper || !isFinite(r->hit->point))) fail();
}

void fromMsh(ByteView bytes) {
    auto model = msh::Model::read(bytes);
    if (!model) return;
    auto q = query::QueryModel::create(model->data());
    if (!q) return;
    const auto& d = q->data();
    for (std::uint32_t slot = 0; slot < d.slots.size() && slot < 64; ++slot) {
        const auto& sl = d.slots[slot];
        const Vec3 c = (sl.aabbMin + sl.aabbMax) * 0.5f, e = sl.aabbMax - sl.aabbMin + Vec3{1, 1, 1};
        for (int k = 0; k < 3; ++k) {
            Vec3 a = c, b = c;
            a[k] -= e[k];
            b[k] += e[k];
            compare(*q, 0, slot, {a, b}, {});
            compare(*q, 0, slot, {b, a}, {});
        }
    }
}

void fromProgram(Input& in) {
    query::ModelBuilder b;
    const std::uint32_t nodes = 1 + in.u8() % 6;
    for (std::uint32_t i = 0; i < nodes; ++i) {
        const std::uint32_t p = in.u8() % (i + 1);
        b.addNode(p == 0 ? msh::kNone : static_cast<std::uint16_t>(p - 1), in.u8());
    }
    const std::uint32_t slots = 1 + in.u8() % 4;
    for (std::uint32_t s = 0; s < slots; ++s) {
        b.beginSlot(in.u8() % nodes);
        const std::uint32_t batches = in.u8() % 4;
        for (std::uint32_t k = 0; k < batches; ++k) {
            const std::uint8_t f = in.u8();
            const std::uint8_t key = in.u8();
            b.addBatch(static_cast<std::uint16_t>((f & 0x7F) | ((f & 0x80) ? 0x0200 : 0)), in.u8() & 3u,
                       key == 255 ? msh::kNone : static_cast<std::uint16_t>(key % (nodes + 2)));
            const std::uint32_t faces = in.u8() % 6;
            for (std::uint32_t t = 0; t < faces; ++t) {
                const Vec3 v0 = in.vec(), v1 = in.vec(), v2 = in.vec();
                b.addTriangle(v0, v1, v2, in.u8() & 0x3Fu);
            }
        }
    }
    msh::ModelData d = b.finish();
    if (d.triangles)
        for (auto& t : *d.triangles)
            if (in.u8() & 1)
                t.normal = {static_cast<std::int16_t>(in.u16()), static_cast<std::int16_t>(in.u16()),
                            static_cast<std::int16_t>(in.u16())};
    if (in.u8() == 0xA5) d.slots[0].triStart = static_cast<std::uint16_t>(d.slots[0].triStart + 1);  // cursor overrun
    if (in.u8() == 0x5A) d.triangles.reset();                                                        // no type 7
    auto model = query::QueryModel::create(std::move(d));
    if (!model) return;
    const std::uint32_t queries = 1 + in.u8() % 16;
    for (std::uint32_t k = 0; k < queries && in.i < in.n; ++k) {
        query::Masks m;
        m.node = {in.mask(), in.mask()};
        m.batch = {in.mask(), in.mask()};
        m.tri = {in.mask(), in.mask()};
        const std::uint32_t node = in.u8() % (nodes + 1), slot = in.u8() % (slots + 1);
        const Segment s{in.vec(), in.vec()};
        compare(*model, node, slot, s, m);
    }
    // The world query over every node that has a slot, with transforms from the input.
    std::vector<query::WorldNode> list;
    const auto& md = model->data();
    for (std::uint32_t n = 0; n < md.nodes.size(); ++n) {
        const std::uint16_t slot = md.nodes[n].slot(0, 0);
        if (slot == msh::kNone) continue;
        Mat4 m = Mat4::identity();
        if (in.u8() & 1) {
            const Quat q = normalize(Quat{in.coord(), in.coord(), in.coord(), 1.0f});
            m = Mat4::fromTRS(in.vec(), q, Vec3{1, 1, 1} * (0.5f + static_cast<float>(in.u8() % 8) * 0.5f));
        }
        list.push_back({n, slot, m});
    }
    world(*model, list, {in.vec(), in.vec()});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size >= 4 && std::memcmp(data, "NRes", 4) == 0) {
        fromMsh(ByteView(data, size));
        return 0;
    }
    Input in{data, size};
    fromProgram(in);
    return 0;
}
