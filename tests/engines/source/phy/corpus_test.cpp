// Real IVP data: the PHYSCOLLIDE lump vbsp wrote into ../shared/corpus/bsp/gmod_tooltextures.bsp (a 512-unit room
// of 36 brushes, GMod's compiler). Evidence for the layout in collide.hpp, not our own output.
#include <gtest/gtest.h>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/phy/builder.hpp"
#include "vestige/source/phy/keys.hpp"
#include "vestige/source/phy/physcollide.hpp"

using namespace vestige;
using namespace vestige::source;
using namespace vestige::source::phy;

namespace {

struct Corpus {
    bsp::Bsp map;
    PhysCollideLump lump;
};

std::optional<Corpus> load(const std::filesystem::path& path) {
    auto data = readFile(path);
    if (!data) return std::nullopt;
    auto map = bsp::readBsp(*data);
    if (!map) return std::nullopt;
    auto lump = physCollideOf(*map);
    if (!lump || !*lump) return std::nullopt;
    return Corpus{std::move(*map), std::move(**lump)};
}

}  // namespace

TEST(PhyCorpus, GmodRoomPhysCollideReadsAndRewritesExactly) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/bsp/gmod_tooltextures.bsp");
    auto c = load(path);
    ASSERT_TRUE(c);
    ASSERT_EQ(c->lump.models.size(), 1u);
    const PhysModel& world = c->lump.models[0];
    EXPECT_EQ(world.modelIndex, 0);
    ASSERT_EQ(world.collide.solids.size(), 4u);  // solid, grate, player clip, monster clip groups
    EXPECT_EQ(c->lump.endDataSize, -1);
    EXPECT_EQ(c->lump.endKeySize, 0);
    EXPECT_EQ(c->lump.endSolidCount, 0);
    EXPECT_TRUE(c->lump.trailing.empty());
    for (const auto& s : world.collide.solids) {
        ASSERT_TRUE(s.header);
        EXPECT_EQ(s.header->modelType, 0);
        EXPECT_EQ(s.header->dragAxisAreas, (Vec3{1, 1, 1}));
        ASSERT_TRUE(s.surface);
        EXPECT_TRUE(s.surface->unclaimed.empty()) << "every byte of vbsp's surface is a known structure";
        EXPECT_EQ(s.surface->dummy[2], static_cast<std::int32_t>(kIvpsId));
    }
    const CompactSurface& solid = *world.collide.solids[0].surface;
    EXPECT_EQ(solid.byteSize, 4580u);
    EXPECT_EQ(solid.ledges.size(), 12u);
    EXPECT_EQ(solid.pointArrays.size(), 1u);
    EXPECT_EQ(solid.pointArrays[0].points.size(), 87u);
    EXPECT_EQ(solid.nodes.size(), 23u);  // 12 leaves + 11 inner nodes
    // The stored mass centre (IVP meters) is near the room's middle, (256, 256, 256) inches, with IVP's axes.
    EXPECT_FLOAT_EQ(solid.massCenter.x, 6.5002217f);
    EXPECT_FLOAT_EQ(solid.massCenter.y, -6.4994249f);
    const Vec3 mc = massCenter(solid);
    EXPECT_FLOAT_EQ(mc.x, 6.5002217f / 0.0254f);
    EXPECT_FLOAT_EQ(mc.z, 6.4994249f / 0.0254f);  // Source z = -IVP y
    EXPECT_NEAR(mc.y, 256, 0.2);
    auto again = writePhysCollide(c->lump);
    ASSERT_TRUE(again.ok()) << again.error().render();
    EXPECT_EQ(*again, c->map.lumps[bsp::kLumpPhysCollide].data);
    auto disp = physDispOf(c->map);
    ASSERT_TRUE(disp.ok());
    ASSERT_TRUE(*disp);
    EXPECT_TRUE((*disp)->displacements.empty());
    EXPECT_EQ(writePhysDisp(**disp).value(), c->map.lumps[bsp::kLumpPhysDisp].data);
}

TEST(PhyCorpus, GmodRoomKeyTextAndConvexPieces) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/bsp/gmod_tooltextures.bsp");
    auto c = load(path);
    ASSERT_TRUE(c);
    auto keys = parseKeys(c->lump.models[0].collide.keyText);
    ASSERT_TRUE(keys.ok()) << keys.error().render();
    std::vector<std::string> contents;
    for (const auto& b : keys->blocks)
        if (b.name == "staticsolid") contents.push_back(b.pairs.at(1).second);
    EXPECT_EQ(contents, (std::vector<std::string>{"33570819", "8", "65536", "131072"}));
    ASSERT_NE(keys->block("materialtable"), nullptr);
    EXPECT_EQ(keys->block("materialtable")->pairs[0], std::make_pair(std::string("concrete"), std::string("1")));
    // Every piece is a closed box (12 triangles, 8 points) inside the 512-unit room's walls.
    const auto pieces = convexPieces(*c->lump.models[0].collide.solids[0].surface);
    ASSERT_EQ(pieces.size(), 12u);
    for (const auto& p : pieces) {
        EXPECT_EQ(p.triangles.size(), 12u);
        EXPECT_EQ(p.points.size(), 8u);
        for (Vec3 v : p.points) {
            EXPECT_GE(v.x, -32.01f);
            EXPECT_LE(v.x, 544.01f);
            EXPECT_GE(v.z, -32.01f);
            EXPECT_LE(v.z, 544.01f);
        }
    }
}

TEST(PhyCorpus, BuilderReproducesVbspPierceIndicesAndEdgeLinks) {
    // Feed one of vbsp's ledges back through our builder: triangle order, edge links and the pierce triangle each
    // ledge records come out the same.
    VESTIGE_REQUIRE_SHARED(path, "corpus/bsp/gmod_tooltextures.bsp");
    auto c = load(path);
    ASSERT_TRUE(c);
    const CompactSurface& s = *c->lump.models[0].collide.solids[0].surface;
    const auto pieces = convexPieces(s);
    std::size_t compared = 0, pierceMatches = 0;
    for (std::size_t i = 0; i < s.ledges.size(); ++i) {
        const Ledge& original = s.ledges[i];
        // The ledge's own piece (convexPieces walks the tree; match by client data).
        const ConvexPiece* piece = nullptr;
        for (const auto& p : pieces)
            if (p.clientData == original.clientData) piece = &p;
        ASSERT_NE(piece, nullptr);
        ConvexInput in{piece->points, piece->triangles, piece->clientData, piece->material};
        auto built = buildCompactSurface(std::vector<ConvexInput>{in});
        ASSERT_TRUE(built.ok()) << built.error().render();
        const Ledge& ours = built->ledges[0];
        ASSERT_EQ(ours.triangles.size(), original.triangles.size());
        for (std::size_t t = 0; t < ours.triangles.size(); ++t) {
            EXPECT_EQ(ours.triangles[t].index, original.triangles[t].index);
            for (std::size_t e = 0; e < 3; ++e)
                EXPECT_EQ(ours.triangles[t].edges[e].opposite, original.triangles[t].edges[e].opposite);
            ++compared;
            pierceMatches += ours.triangles[t].pierceIndex == original.triangles[t].pierceIndex;
        }
        EXPECT_EQ(ours.sizeDiv16, original.sizeDiv16);
        EXPECT_EQ(ours.isCompact, original.isCompact);
    }
    EXPECT_EQ(compared, 144u);
    RecordProperty("pierce_matches", static_cast<int>(pierceMatches));
    EXPECT_EQ(pierceMatches, compared);
}
