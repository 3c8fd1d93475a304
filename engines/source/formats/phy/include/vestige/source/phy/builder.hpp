#pragma once
// Builders: IVP compact surfaces, VPHY solids and whole .phy files from convex pieces given in Source inches.
//
//   PhyBuilder b;
//   b.setChecksum(mdl.header.checksum);
//   b.addSolid({boxHull({-8, -8, 0}, {8, 8, 16})}, SolidKeys{.name = "crate", .mass = 20, .surfaceprop = "wood"});
//   Bytes phy = b.write().value();
//
// Surface layout (the one vbsp/studiomdl files use): header, the ledges in piece order, one shared point array,
// the ledge tree in pre-order. Per ledge: triangles with IVP's edge links, tri_index = position, pierce_index from
// IVP's pairing of most-opposite normals (insert_pierce_info; reproduces vbsp's ledges exactly, see the corpus
// test); ledge size = header + triangles + its points. Mass centre,
// rotation inertia (per unit mass, the inertia tensor's diagonal about the centre) and radius are computed from
// the pieces as one uniform solid. Tree: split at the median piece centre along the longest axis; node sphere
// centred on the subtree's box, box sizes = ceil(half extent / radius * 250) (our rule: IVP's exact quantisation
// is not documented; readers only use the sphere).
#include <span>
#include <vector>

#include "vestige/source/phy/keys.hpp"

namespace vestige::source::phy {

struct ConvexInput {
    std::vector<Vec3> points;                             // Source inches
    std::vector<std::array<std::uint16_t, 3>> triangles;  // counter-clockwise seen from outside
    std::int32_t clientData = 0;
    std::uint8_t material = 0;
};

// The box as 8 points and 12 triangles.
[[nodiscard]] ConvexInput boxHull(Vec3 mins, Vec3 maxs);
// The convex hull of a point cloud (Bullet's btConvexHullComputer), polygons fanned into triangles.
// Errors: phy.degenerate (fewer than 4 affinely independent points), phy.nan_point.
[[nodiscard]] Result<ConvexInput> hullFromPoints(std::span<const Vec3> points);

// Volume, mass centre and per-unit-mass inertia of pieces taken as one uniform solid, in Source space.
struct MassProperties {
    double volume = 0;    // cubic inches
    Vec3 center;          // inches
    Vec3 inertiaPerMass;  // square inches: the inertia tensor's diagonal about the centre, per unit mass
    float radius = 0;     // inches: the farthest point from the centre
};
// Errors: phy.degenerate (no positive volume: open or inward-wound triangles).
[[nodiscard]] Result<MassProperties> massProperties(std::span<const ConvexInput> pieces);

[[nodiscard]] Result<CompactSurface> buildCompactSurface(std::span<const ConvexInput> pieces);
// A VPHY POLY solid (or a legacy one: the compact surface alone).
[[nodiscard]] Result<Solid> buildSolid(std::span<const ConvexInput> pieces, bool legacy = false);

class PhyBuilder {
public:
    void setChecksum(std::int32_t checksum) { mChecksum = checksum; }
    // Solid i gets `keys.index = i`.
    void addSolid(std::vector<ConvexInput> pieces, SolidKeys keys = {});
    void addRagdollConstraint(RagdollConstraintKeys constraint) {
        mKeys.ragdollConstraints.push_back(std::move(constraint));
    }
    void setCollisionRules(CollisionRulesKeys rules) { mKeys.collisionRules = std::move(rules); }
    void addBlock(KeyBlock block) { mKeys.blocks.push_back(std::move(block)); }
    void setLegacySolids(bool legacy) { mLegacy = legacy; }

    [[nodiscard]] Result<PhyFile> build() const;
    [[nodiscard]] Result<Bytes> write() const;

private:
    std::int32_t mChecksum = 0;
    std::vector<std::vector<ConvexInput>> mSolids;
    PhyKeys mKeys;
    bool mLegacy = false;
};

}  // namespace vestige::source::phy
