// The map's static collision for physics (map.hpp).
#include "vestige/source/physics/map.hpp"

#include <fmt/format.h>

#include <map>

#include "vestige/core/text.hpp"
#include "vestige/source/collision/builder.hpp"
#include "vestige/source/collision/map_collision.hpp"
#include "vestige/source/phy/builder.hpp"
#include "vestige/source/phy/physcollide.hpp"

namespace vestige::source::physics {

namespace {

namespace cc = collision::contents;
// Brush contents props collide with (MASK_SOLID without the NPC/player-only parts); clips stop only players/NPCs.
constexpr std::uint32_t kPhysicsContents = cc::kSolid | cc::kWindow | cc::kGrate | cc::kMoveable;
constexpr std::uint32_t kClipContents = cc::kPlayerClip | cc::kMonsterClip;

struct Piece {
    std::vector<Vec3> points;
    std::uint32_t contents = 0;
    std::int32_t model = 0, sourceId = -1;
    bool displacement = false;
};

// Every collision volume of the map as a point set (the planes' vertices, spec §2.6).
Result<std::vector<Piece>> collisionPieces(const bsp::Bsp& map, std::size_t& skipped) {
    VESTIGE_TRY(collision::MapCollision cw, collision::fromBsp(map));
    std::vector<Piece> out;
    for (const auto& v : cw.model.volumes()) {
        std::vector<Plane> planes;
        for (const auto& side : cw.model.sidesOf(v)) planes.push_back(side.plane);
        Piece p;
        p.points = collision::convexVertices(planes);
        if (p.points.size() < 4) {
            ++skipped;
            continue;
        }
        p.contents = v.contents;
        p.model = v.model;
        p.sourceId = v.sourceId;
        p.displacement = v.kind == collision::VolumeKind::Displacement;
        out.push_back(std::move(p));
    }
    return out;
}

Result<BodyId> addStatic(PhysicsWorld& world, const std::vector<std::vector<Vec3>>& pieces, MapPhysics& out) {
    VESTIGE_TRY(ShapeId shape, world.createMultiConvex(pieces));
    VESTIGE_TRY(BodyId body, world.createStaticBody(shape));
    out.staticBodies.push_back(body);
    ++out.stats.solids;
    out.stats.convexPieces += pieces.size();
    return body;
}

// "staticsolid" blocks of a PHYSCOLLIDE model: solid index -> contents (CONTENTS_SOLID when a solid has none).
std::map<std::int32_t, std::uint32_t> staticContents(const phy::PhyKeys& keys) {
    std::map<std::int32_t, std::uint32_t> out;
    for (const auto& b : keys.blocks) {
        if (!iequals(b.name, "staticsolid")) continue;
        std::int32_t index = -1;
        std::uint32_t contents = cc::kSolid;
        for (const auto& [k, v] : b.pairs) {
            if (iequals(k, "index")) index = static_cast<std::int32_t>(std::strtol(v.c_str(), nullptr, 10));
            if (iequals(k, "contents")) contents = static_cast<std::uint32_t>(std::strtoul(v.c_str(), nullptr, 10));
        }
        out[index] = contents;
    }
    return out;
}

}  // namespace

Result<MapPhysics> addMapCollision(PhysicsWorld& world, const bsp::Bsp& map) {
    VESTIGE_TRY(auto physCollide, phy::physCollideOf(map));
    const auto disp = phy::physDispOf(map);  // kept in its Result: moving the optional out trips GCC 12's warnings
    if (!disp) return disp.error();
    const std::optional<phy::PhysDispLump>& physDisp = *disp;
    MapPhysics out;
    VESTIGE_TRY(std::vector<Piece> pieces, collisionPieces(map, out.stats.skipped));
    if (physCollide) {
        out.stats.source = "physcollide";
        for (const auto& model : physCollide->models) {
            if (model.modelIndex != 0) continue;  // brush entities are the entity world's (their own bodies)
            VESTIGE_TRY(phy::PhyKeys keys, phy::parseKeys(model.collide.keyText));
            const auto contents = staticContents(keys);
            for (std::size_t i = 0; i < model.collide.solids.size(); ++i) {
                const auto& solid = model.collide.solids[i];
                const auto c = contents.find(static_cast<std::int32_t>(i));
                const std::uint32_t bits = c != contents.end() ? c->second : cc::kSolid;
                if ((bits & kPhysicsContents) == 0) {
                    ++((bits & kClipContents) != 0 ? out.stats.clipSolids : out.stats.otherSolids);
                    continue;
                }
                if (!solid.surface) continue;  // MOPP/virtual world solids: no geometry to build
                std::vector<std::vector<Vec3>> hulls;
                for (const auto& p : phy::convexPieces(*solid.surface)) hulls.push_back(p.points);
                if (hulls.empty()) continue;
                VESTIGE_CHECK(std::move(addStatic(world, hulls, out)).in("solid", std::to_string(i)));
            }
        }
    } else {
        out.stats.source = "brushes";
        std::vector<std::vector<Vec3>> hulls;
        for (const auto& p : pieces)
            if (!p.displacement && p.model == 0 && (p.contents & kPhysicsContents) != 0) hulls.push_back(p.points);
        if (!hulls.empty()) VESTIGE_CHECK(addStatic(world, hulls, out));
    }
    std::vector<std::vector<Vec3>> columns;
    for (const auto& p : pieces) {
        if (!p.displacement) continue;
        const auto d = static_cast<std::size_t>(p.sourceId);
        if (physDisp && (d >= physDisp->displacements.size() || !physDisp->displacements[d])) continue;
        columns.push_back(p.points);
    }
    out.stats.displacementColumns = columns.size();
    if (!columns.empty()) VESTIGE_CHECK(addStatic(world, columns, out));
    return out;
}

Result<Bytes> buildPhysCollide(const bsp::Bsp& map) {
    std::size_t skipped = 0;
    VESTIGE_TRY(std::vector<Piece> pieces, collisionPieces(map, skipped));
    // vbsp's grouping: one solid per contents value of the world model, in order of first appearance.
    std::vector<std::pair<std::uint32_t, std::vector<phy::ConvexInput>>> groups;
    for (const auto& p : pieces) {
        // Props meet solids, grates, windows; clips are kept for players/NPCs; liquids are not written (vbsp gives
        // them "fluid" blocks, which this writer does not make).
        if (p.displacement || p.model != 0 || (p.contents & (kPhysicsContents | kClipContents)) == 0) continue;
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == p.contents; });
        if (it == groups.end()) it = groups.insert(groups.end(), {p.contents, {}});
        VESTIGE_TRY(phy::ConvexInput hull, phy::hullFromPoints(p.points));
        hull.clientData = p.sourceId;
        hull.material = 1;  // materialtable entry "default"
        it->second.push_back(std::move(hull));
    }
    phy::PhysCollideLump lump;
    if (!groups.empty()) {
        phy::PhysModel world;
        world.modelIndex = 0;
        std::string text;
        for (std::size_t i = 0; i < groups.size(); ++i) {
            VESTIGE_TRY(phy::Solid solid, std::move(phy::buildSolid(groups[i].second)).record(i));
            world.collide.solids.push_back(std::move(solid));
            text += fmt::format("staticsolid {{\n\"index\" \"{}\"\n\"contents\" \"{}\"\n}}\n", i, groups[i].first);
        }
        text += "virtualterrain {}\nmaterialtable {\n\"default\" \"1\"\n}\n";
        world.collide.keyText.assign(text.begin(), text.end());
        world.collide.keyText.push_back(0);
        lump.models.push_back(std::move(world));
    }
    return phy::writePhysCollide(lump);
}

Result<Bytes> withPhysCollide(bsp::Bsp map) {
    VESTIGE_TRY(Bytes lump, buildPhysCollide(map));
    map.lumps[bsp::kLumpPhysCollide].data = std::move(lump);
    return bsp::writeBsp(map);
}

}  // namespace vestige::source::physics
