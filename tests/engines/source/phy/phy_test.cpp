// .phy files built by PhyBuilder: the layout, byte-exact rewrites, unit conversion, the key text, and the errors
// for every truncated field, a wrong checksum, a wrong solid count and a NaN point.
#include "vestige/source/phy/phy.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>

#include "vestige/source/phy/builder.hpp"

using namespace vestige;
using namespace vestige::source::phy;

namespace {

Bytes crate(std::int32_t checksum = 0x1234, bool legacy = false) {
    PhyBuilder b;
    b.setChecksum(checksum);
    b.setLegacySolids(legacy);
    SolidKeys keys;
    keys.name = "crate";
    keys.mass = 20;
    keys.surfaceprop = "wood";
    b.addSolid({boxHull({-16, -8, 0}, {16, 8, 24})}, keys);
    b.addBlock({"editparams", {{"rootname", ""}, {"totalmass", "20.000000"}}});
    return b.write().value();
}

// Two solids, the second of two pieces (an L shape), a ragdoll constraint and collision rules.
Bytes ragdoll() {
    PhyBuilder b;
    b.setChecksum(-7);
    SolidKeys pelvis;
    pelvis.name = "pelvis";
    pelvis.mass = 10;
    b.addSolid({boxHull({-4, -4, -4}, {4, 4, 4})}, pelvis);
    SolidKeys leg;
    leg.name = "leg";
    leg.parent = "pelvis";
    leg.mass = 5;
    leg.damping = 0.5f;
    b.addSolid({boxHull({-2, -2, -20}, {2, 2, -4}), boxHull({-2, 2, -20}, {2, 8, -16})}, leg);
    RagdollConstraintKeys c;
    c.parent = 0;
    c.child = 1;
    c.axes[0] = {-30, 45, 0.5f};
    c.axes[2] = {-10, 10, 0};
    b.addRagdollConstraint(c);
    CollisionRulesKeys rules;
    rules.disabledPairs = {{0, 1}};
    b.setCollisionRules(rules);
    return b.write().value();
}

}  // namespace

TEST(Phy, BuiltBoxHasTheVphyLayout) {
    const Bytes file = crate();
    // header 16 + size 4 + VPHY 28 + surface (48 + ledge 16 + 12 tris * 16 + 8 points * 16 + one leaf node 28).
    const std::size_t surface = 48 + 16 + 12 * 16 + 8 * 16 + 28;
    ASSERT_GE(file.size(), 16 + 4 + 28 + surface);
    EXPECT_EQ(loadU32(file.data()), 16u);
    EXPECT_EQ(loadU32(file.data() + 8), 1u);
    EXPECT_EQ(loadU32(file.data() + 12), 0x1234u);
    EXPECT_EQ(loadU32(file.data() + 16), 28 + surface);
    EXPECT_EQ(loadU32(file.data() + 20), kVphyId);
    EXPECT_EQ(loadU16(file.data() + 24), 0x100u);
    EXPECT_EQ(loadU16(file.data() + 26), 0u);
    EXPECT_EQ(loadU32(file.data() + 28), surface);
    EXPECT_EQ(loadU32(file.data() + 48 + 44), kIvpsId);
    EXPECT_EQ(loadU32(file.data() + 48 + 28) >> 8, surface);  // byte_size:24
    const std::string text(file.begin() + static_cast<std::ptrdiff_t>(48 + surface), file.end());
    EXPECT_EQ(text.substr(0, 8), "solid {\n");
    EXPECT_NE(text.find("\"surfaceprop\" \"wood\""), std::string::npos);
    EXPECT_EQ(file.back(), 0);
}

TEST(Phy, RewriteIsByteExact) {
    for (const Bytes& file : {crate(), crate(5, true), ragdoll()}) {
        auto phy = readPhy(file);
        ASSERT_TRUE(phy.ok()) << phy.error().render();
        for (const auto& s : phy->collide.solids) EXPECT_TRUE(s.surface->unclaimed.empty());
        auto again = writePhy(*phy);
        ASSERT_TRUE(again.ok()) << again.error().render();
        EXPECT_EQ(*again, file);
    }
}

TEST(Phy, UnclaimedBytesAreKept) {
    // A gap between the ledge and the points (a layout only another tool would write) survives a rewrite.
    auto phy = readPhy(crate()).value();
    CompactSurface& s = *phy.collide.solids[0].surface;
    const std::uint32_t gap = 16;
    for (auto& a : s.pointArrays) a.offset += gap;
    for (auto& l : s.ledges) l.pointOffset += static_cast<std::int32_t>(gap);
    for (auto& n : s.nodes) {
        n.offset += gap;
        n.ledgeOffset -= static_cast<std::int32_t>(gap);
    }
    s.ledgeTreeRoot += static_cast<std::int32_t>(gap);
    s.byteSize += gap;
    s.unclaimed.push_back({s.pointArrays[0].offset - gap, Bytes(gap, 0xAB)});
    phy.collide.solids[0].header->surfaceSize = static_cast<std::int32_t>(s.byteSize);
    const Bytes file = writePhy(phy).value();
    auto back = readPhy(file);
    ASSERT_TRUE(back.ok()) << back.error().render();
    ASSERT_EQ(back->collide.solids[0].surface->unclaimed.size(), 1u);
    EXPECT_EQ(back->collide.solids[0].surface->unclaimed[0].bytes, Bytes(gap, 0xAB));
    EXPECT_EQ(writePhy(*back).value(), file);
}

TEST(Phy, PointsConvertMetersToInchesOnce) {
    auto model = loadPhyModel(crate());
    ASSERT_TRUE(model.ok()) << model.error().render();
    ASSERT_EQ(model->solids.size(), 1u);
    ASSERT_EQ(model->solids[0].size(), 1u);
    const ConvexPiece& piece = model->solids[0][0];
    ASSERT_EQ(piece.points.size(), 8u);
    EXPECT_EQ(piece.triangles.size(), 12u);
    Vec3 lo{1e9f, 1e9f, 1e9f}, hi{-1e9f, -1e9f, -1e9f};
    for (Vec3 p : piece.points) {
        lo = minComponents(lo, p);
        hi = maxComponents(hi, p);
    }
    EXPECT_NEAR(lo.x, -16, 1e-4);
    EXPECT_NEAR(lo.y, -8, 1e-4);
    EXPECT_NEAR(lo.z, 0, 1e-4);
    EXPECT_NEAR(hi.x, 16, 1e-4);
    EXPECT_NEAR(hi.z, 24, 1e-4);
    EXPECT_NEAR(model->massCenters[0].z, 12, 1e-4);
    // Stored IVP values: Source z = -ivp.y, so the box's 24-inch height is 0.6096 m along -Y.
    const CompactSurface& s = *model->file.collide.solids[0].surface;
    EXPECT_NEAR(s.massCenter.y, -12 * 0.0254, 1e-6);
    // Inertia per unit mass of a 32x16x24 inch box about IVP x (Source x): (b^2 + c^2) / 12 in m^2.
    const double b = 16 * 0.0254, c = 24 * 0.0254, a = 32 * 0.0254;
    EXPECT_NEAR(s.rotationInertia.x, (b * b + c * c) / 12, 1e-6);
    EXPECT_NEAR(s.rotationInertia.y, (a * a + b * b) / 12, 1e-6);  // IVP y = Source z
    // Counter-clockwise from outside in Source space: every triangle's normal points away from the centre.
    for (const auto& t : piece.triangles) {
        const Vec3 n = cross(piece.points[t[1]] - piece.points[t[0]], piece.points[t[2]] - piece.points[t[0]]);
        EXPECT_GT(dot(n, piece.points[t[0]] - model->massCenters[0]), 0);
    }
}

TEST(Phy, KeyTextIsInterpreted) {
    auto model = loadPhyModel(ragdoll());
    ASSERT_TRUE(model.ok()) << model.error().render();
    ASSERT_EQ(model->keys.solids.size(), 2u);
    EXPECT_EQ(model->keys.solids[1].name, "leg");
    EXPECT_EQ(model->keys.solids[1].parent, "pelvis");
    EXPECT_FLOAT_EQ(model->keys.solids[1].mass, 5);
    EXPECT_FLOAT_EQ(model->keys.solids[1].damping, 0.5f);
    EXPECT_FLOAT_EQ(model->keys.solids[0].rotdamping, 0.1f);  // default kept: written as 0.100000
    EXPECT_EQ(model->keys.solids[0].surfaceprop, "default");
    ASSERT_EQ(model->keys.ragdollConstraints.size(), 1u);
    const auto& rc = model->keys.ragdollConstraints[0];
    EXPECT_EQ(rc.child, 1);
    EXPECT_FLOAT_EQ(rc.axes[0].min, -30);
    EXPECT_FLOAT_EQ(rc.axes[0].max, 45);
    EXPECT_FLOAT_EQ(rc.axes[0].friction, 0.5f);
    ASSERT_TRUE(model->keys.collisionRules);
    EXPECT_TRUE(model->keys.collisionRules->selfCollisions);
    ASSERT_EQ(model->keys.collisionRules->disabledPairs.size(), 1u);
    EXPECT_EQ(model->keys.collisionRules->disabledPairs[0], std::make_pair(0, 1));
    EXPECT_EQ(model->solids[1].size(), 2u);  // the L is two convex pieces
}

TEST(Phy, VphysicsStyleTextParses) {
    // As studiomdl writes it: unquoted block names, values as atof reads them (trailing junk ignored).
    const std::string text =
        "solid {\n\"index\" \"0\"\n\"mass\" \"35.5kg\"\n\"massCenterOverride\" \"1 2\"\n\"custom\" \"x\"\n}\n"
        "collisionrules {\n\"selfcollisions\" \"0\"\n}\nanimatedfriction {\n\"animfrictionmin\" \"1.0\"\n}\n";
    Bytes bytes(text.begin(), text.end());
    bytes.push_back(0);
    bytes.push_back('J');  // after the NUL: ignored, as a C string ends there
    auto keys = parseKeys(bytes);
    ASSERT_TRUE(keys.ok()) << keys.error().render();
    EXPECT_FLOAT_EQ(keys->solids[0].mass, 35.5f);
    ASSERT_TRUE(keys->solids[0].massCenterOverride);
    EXPECT_EQ(*keys->solids[0].massCenterOverride, (Vec3{1, 2, 0}));
    ASSERT_EQ(keys->solids[0].extra.size(), 1u);
    EXPECT_EQ(keys->solids[0].extra[0].first, "custom");
    EXPECT_FALSE(keys->collisionRules->selfCollisions);
    ASSERT_NE(keys->block("animatedfriction"), nullptr);
    EXPECT_EQ(keys->block("AnimatedFriction")->pairs[0].second, "1.0");
}

TEST(Phy, EveryTruncatedFieldGivesAStructuredError) {
    const Bytes file = ragdoll();
    const auto phy = readPhy(file).value();
    const std::size_t solidsEnd = file.size() - phy.collide.keyText.size();
    for (std::size_t n = 0; n < solidsEnd; ++n) {
        auto r = readPhy(ByteView(file).subspan(0, n));
        ASSERT_FALSE(r.ok()) << "prefix " << n;
        ASSERT_TRUE(r.error().offset().has_value()) << r.error().render();
        EXPECT_LE(*r.error().offset(), n) << r.error().render();
        EXPECT_EQ(r.error().code().substr(0, 4) == "phy." || r.error().code() == "bytes.eof", true) << r.error().code();
    }
}

TEST(Phy, WrongChecksumIsRefused) {
    PhyReadOptions options;
    options.expectedChecksum = 0x1235;
    auto r = readPhy(crate(0x1234), options);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "phy.checksum");
    EXPECT_EQ(r.error().offset(), 12u);
    EXPECT_NE(r.error().render().find("0x00001234"), std::string::npos);
    options.expectedChecksum = 0x1234;
    EXPECT_TRUE(readPhy(crate(0x1234), options).ok());
}

TEST(Phy, WrongSolidCountIsRefused) {
    Bytes file = crate();
    // The header claims 2 solids; the second "size" field is read from the key text and runs past the end.
    file[8] = 2;
    auto r = readPhy(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "phy.solid_size");
    // With a text that names one solid block while the header and data have two, the model load refuses.
    PhyBuilder b;
    b.addSolid({boxHull({0, 0, 0}, {1, 1, 1})});
    b.addSolid({boxHull({2, 0, 0}, {3, 1, 1})});
    auto two = b.build().value();
    PhyKeys one;
    one.solids.push_back(SolidKeys{});
    one.solids[0].index = 0;
    two.collide.keyText = writeKeys(one);
    auto m = loadPhyModel(writePhy(two).value());
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code(), "phy.solid_count");
    EXPECT_EQ(m.error().offset(), 8u);
    file[8] = 0xFF;
    file[9] = 0xFF;
    file[10] = 0xFF;
    file[11] = 0x7F;
    EXPECT_EQ(readPhy(file).error().code(), "phy.solid_count");
}

TEST(Phy, NanPointIsRefusedAtItsOffset) {
    Bytes file = crate();
    const auto phy = readPhy(file).value();
    const auto& s = *phy.collide.solids[0].surface;
    const std::size_t surfaceAt = 16 + 4 + 28;
    const std::size_t pointAt = surfaceAt + s.pointArrays[0].offset + 16 * 3 + 4;  // point 3, its y
    const float nan = std::nanf("");
    std::memcpy(file.data() + pointAt, &nan, 4);
    auto r = readPhy(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "phy.nan_point");
    EXPECT_EQ(r.error().offset(), pointAt - 4);
    // A finite value in metres that overflows to inf in inches (x 39.37) is refused the same way (found by fuzz_phy).
    const float huge = 1e38f;
    std::memcpy(file.data() + pointAt, &huge, 4);
    auto big = readPhy(file);
    ASSERT_FALSE(big.ok());
    EXPECT_EQ(big.error().code(), "phy.nan_point");
    EXPECT_EQ(big.error().offset(), pointAt - 4);
    // And the builder never writes one.
    ConvexInput bad = boxHull({0, 0, 0}, {1, 1, 1});
    bad.points[2].x = nan;
    EXPECT_EQ(buildCompactSurface(std::vector<ConvexInput>{bad}).error().code(), "phy.nan_point");
}

TEST(Phy, BrokenTopologyIsRefused) {
    Bytes file = crate();
    const std::size_t ledgeAt = 16 + 4 + 28 + 48;
    const std::size_t edgeAt = ledgeAt + 16 + 4;  // triangle 0, edge 0
    file[edgeAt + 2] ^= 0x01;                     // opposite += 1: no longer points back
    auto r = readPhy(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "phy.topology");
    EXPECT_EQ(r.error().offset(), edgeAt);
}

TEST(Phy, HullFromPointsIsClosedAndOutward) {
    std::vector<Vec3> pts;
    for (int i = 0; i < 64; ++i) {
        const float a = static_cast<float>(i) * 0.7f, b = static_cast<float>(i) * 1.3f;
        pts.push_back({10 * std::cos(a) * std::sin(b), 10 * std::sin(a) * std::sin(b), 10 * std::cos(b)});
    }
    pts.push_back({0, 0, 0});  // interior: not a hull vertex
    auto hull = hullFromPoints(pts);
    ASSERT_TRUE(hull.ok()) << hull.error().render();
    EXPECT_LT(hull->points.size(), pts.size());
    auto surface = buildCompactSurface(std::vector<ConvexInput>{*hull});
    ASSERT_TRUE(surface.ok()) << surface.error().render();  // closed: every edge found its opposite
    EXPECT_EQ(hullFromPoints(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}).error().code(),
              "phy.degenerate");
}
