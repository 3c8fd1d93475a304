// TMA probe, `info` description and placement export.
#include "vestige/iron3d/tma/inspect.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::tma {
namespace {

using Json = nlohmann::ordered_json;

Json vec(Vec3 v) { return Json::array({v.x, v.y, v.z}); }
std::string text(const std::string& raw) { return cp1251ToUtf8(raw); }

}  // namespace

int probe(ByteView data, std::string_view fileName) {
    if (!endsWithNoCase(fileName, ".tma")) return 0;
    return readLandPath(data).ok() ? 100 : 0;
}

registry::Description describe(const Mission& m, std::string_view label) {
    Json j;
    j["format"] = "tma";
    j["label"] = std::string(label);
    j["land_path"] = text(m.landPath);
    const LandFiles land = landFiles(m.landPath);
    j["land_msh"] = text(land.mesh);
    j["land_map"] = text(land.map);
    j["mission_flag"] = m.missionFlag;
    j["description_bytes"] = m.descriptionRaw.size();
    std::size_t points = 0;
    Json jp = Json::array();
    for (const auto& p : m.paths) {
        points += p.points.size();
        jp.push_back({{"id", p.id}, {"points", p.points.size()}});
    }
    j["paths"] = std::move(jp);
    Json jc = Json::array();
    for (const auto& c : m.clans)
        jc.push_back({{"name", text(c.name)},
                      {"raw_id", c.rawId},
                      {"mode", c.mode},
                      {"anchor", {c.anchorX, c.anchorY}},
                      {"res0", text(c.res0)},
                      {"res1", text(c.res1)},
                      {"groups", c.groups.size()},
                      {"relations", c.relations.size()}});
    j["clans"] = std::move(jc);
    Json jo = Json::array();
    std::size_t properties = 0;
    for (std::size_t i = 0; i < m.objects.size(); ++i) {
        const auto& o = m.objects[i];
        properties += o.properties.size();
        Json props = Json::array();
        for (const auto& p : o.properties)
            props.push_back({{"name", text(p.name)}, {"raw", Json::array({p.raw[0], p.raw[1], p.raw[2], p.raw[3]})}});
        const Mat4 world = placement(o);
        jo.push_back({{"index", i},
                      {"raw_kind", o.rawKind},
                      {"resource", text(o.resourceName)},
                      {"instance", text(o.instanceName)},
                      {"position", vec(o.position)},
                      {"orientation", vec(o.orientation)},
                      {"scale", vec(o.scale)},
                      {"world_origin", vec(world.transformPoint({0, 0, 0}))},
                      {"world_x_axis", vec(world.transformVector({1, 0, 0}))},
                      {"link0", o.link0},
                      {"link1", o.link1},
                      {"properties", std::move(props)}});
    }
    j["objects"] = std::move(jo);
    j["extras"] = m.extras.size();
    std::string t =
        fmt::format("TMA {}: {} paths ({} points), {} clans, {} objects ({} properties), {} extras\n", label,
                    m.paths.size(), points, m.clans.size(), m.objects.size(), properties, m.extras.size());
    t += fmt::format("  land {} -> {}, {}\n", text(m.landPath), text(land.mesh), text(land.map));
    for (const auto& c : m.clans)
        t += fmt::format("  clan {} mode {} anchor ({}, {}) {} relation(s)\n", text(c.name), c.mode, c.anchorX,
                         c.anchorY, c.relations.size());
    for (std::size_t i = 0; i < m.objects.size(); ++i) {
        const auto& o = m.objects[i];
        t += fmt::format("  object {} {} \"{}\" at ({} {} {}) rot ({} {} {}) scale ({} {} {}), {} properties\n", i,
                         text(o.resourceName), text(o.instanceName), o.position.x, o.position.y, o.position.z,
                         o.orientation.x, o.orientation.y, o.orientation.z, o.scale.x, o.scale.y, o.scale.z,
                         o.properties.size());
    }
    if (!t.empty() && t.back() == '\n') t.pop_back();
    return {j.dump(-1, ' ', false, Json::error_handler_t::replace), std::move(t)};
}

Result<gltf::Document> toGltf(const Mission& m) {
    gltf::Document doc;
    doc.sceneName = "mission";
    doc.extras.strings["up_axis"] = "Z (Iron3D world coordinates, unchanged)";
    doc.extras.strings["land_path"] = text(m.landPath);
    for (std::size_t i = 0; i < m.objects.size(); ++i) {
        const auto& o = m.objects[i];
        gltf::Node n;
        n.name = fmt::format("{} {}", i, text(o.instanceName.empty() ? o.resourceName : o.instanceName));
        n.matrix = placement(o);
        n.extras.strings["resource"] = text(o.resourceName);
        n.extras.ints["object"] = static_cast<std::int64_t>(i);
        n.extras.ints["raw_kind"] = o.rawKind;
        doc.nodes.push_back(std::move(n));
    }
    for (const auto& p : m.paths)
        for (std::size_t k = 0; k < p.points.size(); ++k) {
            gltf::Node n;
            n.name = fmt::format("path {} point {}", p.id, k);
            n.translation = p.points[k];
            doc.nodes.push_back(std::move(n));
        }
    for (std::size_t i = 0; i < m.extras.size(); ++i) {
        gltf::Node n;
        n.name = fmt::format("extra {}", i);
        n.translation = m.extras[i].position;
        doc.nodes.push_back(std::move(n));
    }
    return doc;
}

Result<Bytes> exportGlb(const Mission& m) {
    VESTIGE_TRY(gltf::Document doc, toGltf(m));
    return gltf::writeGlb(doc);
}

}  // namespace vestige::iron3d::tma
