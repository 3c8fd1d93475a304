// CPT in the format registry: every point with its raw words, the two float triples and the name.
#include "vestige/iron3d/cpt/register.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/cpt/cpt.hpp"

namespace vestige::iron3d::cpt {
namespace {

nlohmann::ordered_json triple(Vec3 v) { return nlohmann::ordered_json::array({v.x, v.y, v.z}); }

}  // namespace

Result<registry::Description> describe(ByteView data, std::string_view label) {
    VESTIGE_TRY(const PointList list, read(data));
    nlohmann::ordered_json j;
    j["format"] = "cpt";
    j["file"] = std::string(label);
    j["size"] = data.size();
    j["count"] = list.points.size();
    std::string text = fmt::format("{}: CPT point list, {} bytes, {} points\n", label, data.size(), list.points.size());
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < list.points.size(); ++i) {
        const Point& p = list.points[i];
        const std::string name = cp1251ToUtf8(p.name.text());
        points.push_back({{"index", i},
                          {"name", name},
                          {"flags", p.flags},
                          {"word4", p.word4},
                          {"word8", p.word8},
                          {"a", triple(p.a)},
                          {"b", triple(p.b)}});
        text += fmt::format("  [{}] {:<16} flags {:#010x} word4 {} word8 {} a ({}, {}, {}) b ({}, {}, {})\n", i, name,
                            p.flags, p.word4, p.word8, p.a.x, p.a.y, p.a.z, p.b.x, p.b.y, p.b.z);
    }
    j["points"] = std::move(points);
    return registry::Description{dumpJson(j, 2), text};
}

void registerFormat(registry::FormatRegistry& formats) {
    formats.add({"cpt", "Iron3D CPT point list (36-byte records + 32-byte names)",
                 [](ByteView data, std::string_view name) {
                     if (!endsWithNoCase(name, ".cpt") || data.size() < 4) return 0;
                     const std::uint64_t want = 4 + std::uint64_t{loadU32(data.data())} * (kRecordSize + kNameSize);
                     return want == data.size() ? 10 : 0;
                 },
                 [](ByteView data, std::string_view label) { return describe(data, label); }, nullptr});
}

}  // namespace vestige::iron3d::cpt
