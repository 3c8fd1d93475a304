// Registry entry for .phy (register.hpp).
#include "vestige/source/phy/register.hpp"

#include <fmt/format.h>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/mdl/mdl.hpp"

namespace vestige::source::phy {

namespace {

using Json = nlohmann::ordered_json;

Json vec(Vec3 v) { return Json::array({v.x, v.y, v.z}); }

// The .mdl next to a .phy spec ("dir/a.phy" -> "dir/a.mdl", archive paths alike), when it exists and reads.
std::optional<std::int32_t> siblingChecksum(std::string_view label, const vfs::ArchiveRegistry& archives) {
    if (!endsWithNoCase(label, ".phy")) return std::nullopt;
    const std::string spec = std::string(label.substr(0, label.size() - 4)) + ".mdl";
    auto file = vfs::openSpec(spec, archives);
    if (!file) return std::nullopt;
    auto mdl = mdl::readMdl(file->data);
    if (!mdl) return std::nullopt;
    return mdl->header.checksum;
}

}  // namespace

int probePhy(ByteView data, std::string_view fileName) {
    if (data.size() >= kPhyHeaderSize + 8 && loadU32(data.data()) == kPhyHeaderSize) {
        if (loadU32(data.data() + 20) == kVphyId) return 100;
        if (data.size() >= kPhyHeaderSize + 4 + kSurfaceHeaderSize && loadU32(data.data() + 20 + 44) == kIvpsId)
            return 100;
    }
    return endsWithNoCase(fileName, ".phy") ? 10 : 0;
}

registry::Description describe(const PhyModel& m, std::optional<std::int32_t> mdlChecksum) {
    const PhyHeader& h = m.file.header;
    Json j;
    j["format"] = "phy";
    j["checksum"] = h.checksum;
    j["solid_count"] = h.solidCount;
    if (mdlChecksum) j["mdl_checksum_matches"] = *mdlChecksum == h.checksum;
    std::string text =
        fmt::format("studio collision model, {} solid(s), checksum 0x{:08X}{}", h.solidCount,
                    static_cast<std::uint32_t>(h.checksum), mdlChecksum ? " (matches the .mdl beside it)" : "");
    Json solids = Json::array();
    for (std::size_t i = 0; i < m.solids.size(); ++i) {
        const Solid& s = m.file.collide.solids[i];
        const SolidKeys* keys = nullptr;
        for (const auto& k : m.keys.solids)
            if (k.index == static_cast<std::int32_t>(i)) keys = &k;
        std::size_t triangles = 0, points = 0;
        for (const auto& p : m.solids[i]) {
            triangles += p.triangles.size();
            points += p.points.size();
        }
        Json js;
        js["index"] = i;
        js["legacy"] = s.legacy();
        js["convex_pieces"] = m.solids[i].size();
        js["triangles"] = triangles;
        js["points"] = points;
        js["mass_center"] = vec(m.massCenters[i]);
        js["surface_bytes"] = s.surface->byteSize;
        js["unclaimed_bytes"] = [&] {
            std::size_t n = 0;
            for (const auto& u : s.surface->unclaimed) n += u.bytes.size();
            return n;
        }();
        if (keys) {
            js["name"] = keys->name;
            js["parent"] = keys->parent;
            js["mass"] = keys->mass;
            js["surfaceprop"] = keys->surfaceprop;
            js["damping"] = keys->damping;
            js["rotdamping"] = keys->rotdamping;
            js["inertia"] = keys->inertia;
            js["volume"] = keys->volume;
        }
        text += fmt::format("\n  solid {} \"{}\": {} convex piece(s), {} triangles, mass {} kg, surfaceprop \"{}\"{}",
                            i, keys ? keys->name : "", m.solids[i].size(), triangles, keys ? keys->mass : 0.0f,
                            keys ? keys->surfaceprop : "", s.legacy() ? " (legacy header)" : "");
        solids.push_back(js);
    }
    j["solids"] = solids;
    Json constraints = Json::array();
    for (const auto& r : m.keys.ragdollConstraints) {
        Json axes = Json::array();
        for (const auto& a : r.axes) axes.push_back({{"min", a.min}, {"max", a.max}, {"friction", a.friction}});
        constraints.push_back({{"parent", r.parent}, {"child", r.child}, {"axes", axes}});
    }
    j["ragdoll_constraints"] = constraints;
    if (!m.keys.ragdollConstraints.empty())
        text += fmt::format("\n  {} ragdoll constraint(s)", m.keys.ragdollConstraints.size());
    if (m.keys.collisionRules) {
        Json pairs = Json::array();
        for (const auto& [a, b] : m.keys.collisionRules->disabledPairs) pairs.push_back(Json::array({a, b}));
        j["collision_rules"] = {{"self_collisions", m.keys.collisionRules->selfCollisions}, {"disabled_pairs", pairs}};
        text += fmt::format("\n  collision rules: self collisions {}, {} disabled pair(s)",
                            m.keys.collisionRules->selfCollisions ? "on" : "off", pairs.size());
    }
    Json blocks = Json::array();
    for (const auto& b : m.keys.blocks) {
        Json pairs = Json::object();
        for (const auto& [k, v] : b.pairs) pairs[k] = v;
        blocks.push_back({{"name", b.name}, {"keys", pairs}});
        text += fmt::format("\n  block \"{}\" ({} keys)", b.name, b.pairs.size());
    }
    j["blocks"] = blocks;
    return {dumpJson(j), text};
}

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    const vfs::ArchiveRegistry* registry = &archives;
    registry::FormatInfo info;
    info.name = "phy";
    info.summary = "Source studio model collision (phyheader_t + VPHY/IVP compact surfaces + key text)";
    info.probe = probePhy;
    info.describe = [registry](ByteView data, std::string_view label) -> Result<registry::Description> {
        const auto checksum = siblingChecksum(label, *registry);
        PhyReadOptions options;
        options.expectedChecksum = checksum;
        VESTIGE_TRY(PhyModel m, loadPhyModel(data, options));
        return describe(m, checksum);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::source::phy
