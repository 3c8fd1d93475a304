// JSON and text for query answers. Keys: include/vestige/iron3d/query/report.hpp.
#include "vestige/iron3d/query/report.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/json.hpp"

namespace vestige::iron3d::query {
namespace {

using Json = nlohmann::ordered_json;

Json vec(Vec3 v) { return Json::array({v.x, v.y, v.z}); }
std::string vecText(Vec3 v) { return fmt::format("({}, {}, {})", v.x, v.y, v.z); }

Json hitJson(Vec3 point, float d2, std::uint32_t node, std::uint32_t slot, std::uint32_t batch, std::uint32_t face,
             std::uint32_t descriptor, bool reversed) {
    return {{"point", vec(point)}, {"distance2", d2},          {"node", node},        {"slot", slot}, {"batch", batch},
            {"face", face},        {"descriptor", descriptor}, {"reversed", reversed}};
}

Json worldHitJson(const WorldHit& h) {
    Json j = hitJson(h.point, h.distance2, h.node, h.slot, h.batch, h.face, h.descriptor, h.reversed);
    j["helper"] = h.helper;
    j["entry"] = h.entry;
    return j;
}

std::string hitLine(Vec3 point, float d2, std::uint32_t batch, std::uint32_t face, std::uint32_t descriptor,
                    bool reversed) {
    return fmt::format("  point {}  distance2 {}\n  batch {} face {} descriptor {} ({})\n", vecText(point), d2, batch,
                       face, descriptor, reversed ? "reverse test, 0x0002" : "forward");
}

}  // namespace

std::string slotJson(const SlotResult& r, std::uint32_t node, std::uint32_t slot) {
    Json j{{"mode", "slot"}, {"node", node}, {"slot", slot}, {"outcome", toString(r.outcome)}};
    j["hit"] = r.hit ? hitJson(r.hit->point, r.hit->distance2, node, slot, r.hit->batch, r.hit->face, r.hit->descriptor,
                               r.hit->reversed)
                     : Json(nullptr);
    j["faces_tested"] = r.facesTested;
    return dumpJson(j);
}

std::string slotText(const SlotResult& r, std::uint32_t node, std::uint32_t slot) {
    std::string out = fmt::format("node {} slot {}: {}\n", node, slot, toString(r.outcome));
    if (r.hit)
        out += hitLine(r.hit->point, r.hit->distance2, r.hit->batch, r.hit->face, r.hit->descriptor, r.hit->reversed);
    if (r.outcome != Outcome::NoDescriptors) out += fmt::format("  faces tested {}\n", r.facesTested);
    return out;
}

std::string worldJson(const WorldResult& r) {
    Json j{{"mode", "world"}, {"outcome", toString(r.outcome)}};
    j["hit"] = r.hit ? worldHitJson(*r.hit) : Json(nullptr);
    j["passes"] = r.passes;
    j["visits"] = r.visits;
    Json trace = Json::array();
    for (const PassInfo& p : r.trace)
        trace.push_back({{"root", p.root ? Json(*p.root) : Json(nullptr)},
                         {"start", vec(p.start)},
                         {"slot_queries", p.slotQueries},
                         {"nearest", p.nearest ? worldHitJson(*p.nearest) : Json(nullptr)}});
    j["trace"] = std::move(trace);
    return dumpJson(j);
}

std::string worldText(const WorldResult& r) {
    std::string out =
        fmt::format("world: {} after {} pass(es), {} visit(s)\n", toString(r.outcome), r.passes, r.visits);
    if (r.hit) {
        out += fmt::format("  node {} slot {}\n", r.hit->node, r.hit->slot);
        out += hitLine(r.hit->point, r.hit->distance2, r.hit->batch, r.hit->face, r.hit->descriptor, r.hit->reversed);
    }
    for (std::size_t i = 0; i < r.trace.size(); ++i) {
        const PassInfo& p = r.trace[i];
        out += fmt::format("  pass {}: {} from {}, {} slot queries, ", i + 1,
                           p.root ? fmt::format("root node {}", *p.root) : std::string("input list"), vecText(p.start),
                           p.slotQueries);
        out += p.nearest ? fmt::format("nearest node {} batch {}{}\n", p.nearest->node, p.nearest->batch,
                                       p.nearest->helper ? " (helper 0x0008)" : "")
                         : std::string("no hit\n");
    }
    return out;
}

}  // namespace vestige::iron3d::query
