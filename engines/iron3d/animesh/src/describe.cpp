// Text and JSON views of a posed AniMesh (the `pose` verb and the demo print these).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/iron3d/animesh/animesh.hpp"

namespace vestige::iron3d::animesh {
namespace {

using Json = nlohmann::ordered_json;

// -0 (from conjugating an identity quaternion) prints as 0 in these human/tool views.
std::string num(float v) { return TraceSink::formatFloat(v == 0.0f ? 0.0f : v); }
// The shortest text that round-trips the float, as a JSON number (null when not finite).
Json jnum(float v) { return std::isfinite(v) ? Json(std::stod(fmt::format("{}", v == 0.0f ? 0.0f : v))) : Json(); }
Json jvec(Vec3 v) { return Json::array({jnum(v.x), jnum(v.y), jnum(v.z)}); }
Json jquat(Quat q) { return Json::array({jnum(q.x), jnum(q.y), jnum(q.z), jnum(q.w)}); }
Json jmat(const Mat4& m) {  // row-major rows for reading
    Json rows = Json::array();
    for (int r = 0; r < 4; ++r)
        rows.push_back(Json::array({jnum(m.m[0][r]), jnum(m.m[1][r]), jnum(m.m[2][r]), jnum(m.m[3][r])}));
    return rows;
}
std::string tvec(Vec3 v) { return fmt::format("({}, {}, {})", num(v.x), num(v.y), num(v.z)); }
std::string tquat(Quat q) { return fmt::format("({}, {}, {}, {})", num(q.x), num(q.y), num(q.z), num(q.w)); }

struct PieceBounds {
    Aabb single, subtree;
    Sphere singleSphere, subtreeSphere;
};

Result<PieceBounds> boundsOf(const AniMesh& mesh, std::uint32_t i, const BoundsQuery& q) {
    PieceBounds b;
    BoundsQuery s = q;
    s.scope = BoundsScope::SinglePiece;
    BoundsQuery t = q;
    t.scope = BoundsScope::Subtree;
    VESTIGE_TRY(b.single, mesh.computeJointBoundingBox(i, s));
    VESTIGE_TRY(b.subtree, mesh.computeJointBoundingBox(i, t));
    VESTIGE_TRY(b.singleSphere, mesh.computeJointBoundingSphere(i, s));
    VESTIGE_TRY(b.subtreeSphere, mesh.computeJointBoundingSphere(i, t));
    return b;
}

std::string sampleText(const animation::SampleInfo& s) {
    using animation::PoseSource;
    switch (s.source) {
        case PoseSource::NoKeys:
            return "no keys (identity)";
        case PoseSource::Fallback:
            return fmt::format("fallback key {}", s.keyA);
        case PoseSource::SampledKey:
            return fmt::format("frame {} key {}", s.frame.value_or(0), s.keyA);
        case PoseSource::Sampled:
            return fmt::format("frame {} keys {}->{} alpha {}", s.frame.value_or(0), s.keyA, s.keyB, num(s.alpha));
    }
    return "?";
}

}  // namespace

Result<std::string> describeText(const AniMesh& mesh, const BoundsQuery& q) {
    std::string out = fmt::format("{} piece(s) from {} load(s); lod {}, state {}, {} space\n", mesh.pieces().size(),
                                  mesh.loads().size(), q.lod, q.state, q.space == JointSpace::World ? "world" : "mesh");
    for (std::size_t l = 0; l < mesh.loads().size(); ++l) {
        const Load& load = mesh.loads()[l];
        out += fmt::format("load {} '{}': tag {}, {} piece(s) from index {}{}\n", l, load.name, load.tag,
                           load.pieceCount, load.firstPiece,
                           load.attachParent ? fmt::format(", attached to piece {}", *load.attachParent) : "");
    }
    for (std::uint32_t i = 0; i < mesh.pieces().size(); ++i) {
        const Piece& p = mesh.pieces()[i];
        VESTIGE_TRY(const PieceBounds b, boundsOf(mesh, i, q));
        // Depth for the tree drawing.
        int depth = 0;
        for (auto a = p.parent; a; a = mesh.pieces()[*a].parent) ++depth;
        out +=
            fmt::format("{}piece[{}] {}  tag {}  node {}  parent {}  flags {:#010x}{}\n", std::string(2 * depth, ' '),
                        i, p.name.empty() ? "(unnamed)" : p.name, p.tag, p.sourceNode,
                        p.parent ? std::to_string(*p.parent) : "-", p.flags, p.submodelRoot() ? " SUBMODEL_ROOT" : "");
        const std::string pad(2 * depth + 4, ' ');
        out += fmt::format("{}local t {} q {}\n", pad, tvec(p.local.translation), tquat(p.local.rotation));
        out += fmt::format("{}mesh  t {} q {}  ({})\n", pad, tvec(p.mesh.translation), tquat(p.mesh.rotation),
                           sampleText(p.sample));
        out += fmt::format("{}box {}..{}  subtree {}..{}\n", pad, tvec(b.single.min), tvec(b.single.max),
                           tvec(b.subtree.min), tvec(b.subtree.max));
        out += fmt::format("{}sphere {} r {}  subtree {} r {}\n", pad, tvec(b.singleSphere.center),
                           num(b.singleSphere.radius), tvec(b.subtreeSphere.center), num(b.subtreeSphere.radius));
    }
    return out;
}

Result<std::string> describeJson(const AniMesh& mesh, const BoundsQuery& q) {
    Json doc;
    doc["lod"] = q.lod;
    doc["state"] = q.state;
    doc["space"] = q.space == JointSpace::World ? "world" : "mesh";
    Json loads = Json::array();
    for (const Load& l : mesh.loads())
        loads.push_back({{"name", l.name},
                         {"tag", l.tag},
                         {"first_piece", l.firstPiece},
                         {"piece_count", l.pieceCount},
                         {"attach_parent", l.attachParent ? Json(*l.attachParent) : Json()}});
    doc["loads"] = loads;
    Json pieces = Json::array();
    for (std::uint32_t i = 0; i < mesh.pieces().size(); ++i) {
        const Piece& p = mesh.pieces()[i];
        VESTIGE_TRY(const PieceBounds b, boundsOf(mesh, i, q));
        Json j;
        j["index"] = i;
        j["tag"] = p.tag;
        j["source_node"] = p.sourceNode;
        j["name"] = p.name;
        j["parent"] = p.parent ? Json(*p.parent) : Json();
        j["flags"] = p.flags;
        j["submodel_root"] = p.submodelRoot();
        j["time"] = p.time ? jnum(*p.time) : Json();
        j["sample"] = {{"source", animation::toString(p.sample.source)},
                       {"frame", p.sample.frame ? Json(*p.sample.frame) : Json()},
                       {"key_a", p.sample.keyA},
                       {"key_b", p.sample.keyB},
                       {"alpha", jnum(p.sample.alpha)}};
        j["local"] = {{"translation", jvec(p.local.translation)},
                      {"rotation_xyzw", jquat(p.local.rotation)},
                      {"matrix", jmat(p.local.matrix())}};
        j["global"] = {{"translation", jvec(p.mesh.translation)},
                       {"rotation_xyzw", jquat(p.mesh.rotation)},
                       {"matrix", jmat(mesh.jointMatrix(i, q.space))}};
        j["bounds"] = {
            {"box", {{"min", jvec(b.single.min)}, {"max", jvec(b.single.max)}}},
            {"sphere", {{"center", jvec(b.singleSphere.center)}, {"radius", jnum(b.singleSphere.radius)}}},
            {"subtree_box", {{"min", jvec(b.subtree.min)}, {"max", jvec(b.subtree.max)}}},
            {"subtree_sphere", {{"center", jvec(b.subtreeSphere.center)}, {"radius", jnum(b.subtreeSphere.radius)}}}};
        pieces.push_back(std::move(j));
    }
    doc["pieces"] = pieces;
    return doc.dump(2);
}

}  // namespace vestige::iron3d::animesh
