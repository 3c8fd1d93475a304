// fromBsp on maps made by the BSP MapBuilder: ownership via model subtrees, entity origins, excluded classes,
// water as a volume, displacements, spawn point.
#include <gtest/gtest.h>

#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/collision/map_collision.hpp"

namespace vestige::source::collision {
namespace {

const Vec3 kMins{-16, -16, 0};
const Vec3 kMaxs{16, 16, 72};
const std::string kTex = "dev/dev_measuregeneric01";

Result<MapCollision> load(const bsp::MapBuilder& mb) {
    auto bytes = mb.write();
    if (!bytes) return std::move(bytes).error();
    auto map = bsp::readBsp(*bytes);
    if (!map) return std::move(map).error();
    return fromBsp(*map);
}

TEST(MapCollision, BrushesModelsWaterAndSpawn) {
    bsp::MapBuilder mb;
    mb.addBox({-1024, -1024, -64}, {1024, 1024, 0}, kTex);
    mb.addWater({-1024, 512, -64}, {-512, 1024, 0}, "nature/water");
    mb.addEntity({{"classname", "info_player_start"}, {"origin", "10 20 1"}});
    // A func_brush drawn at x 300..364 (stored relative to its origin).
    mb.addBrushEntity({{"classname", "func_brush"}}, {bsp::MapBuilder::box({300, -32, 0}, {364, 32, 64}, kTex)},
                      Vec3{332, 0, 32});
    // Not solid for the player.
    mb.addBrushEntity({{"classname", "func_illusionary"}}, {bsp::MapBuilder::box({-300, -32, 0}, {-236, 32, 64}, kTex)},
                      Vec3{-268, 0, 32});
    mb.addBrushEntity({{"classname", "trigger_multiple"}}, {bsp::MapBuilder::box({0, 300, 0}, {64, 364, 64}, kTex)});
    auto r = load(mb);
    ASSERT_TRUE(r.ok()) << r.error().render();
    const MapCollision& w = *r;
    ASSERT_TRUE(w.spawn.has_value());
    EXPECT_EQ(*w.spawn, (Vec3{10, 20, 1}));
    EXPECT_EQ(w.stats.modelBrushes, 1u);
    EXPECT_EQ(w.stats.excludedBrushes, 2u);
    EXPECT_EQ(w.stats.unreferencedBrushes, 0u);
    // The func_brush collides where it is drawn ...
    const TraceResult tr = w.model.traceBox({0, 0, 1}, {600, 0, 1}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_NEAR(tr.endPos.x, 300 - 16 - kDistEpsilon, 1e-3f);
    EXPECT_EQ(w.model.volumes()[static_cast<std::size_t>(tr.hitVolume)].model, 1);
    // ... and nothing blocks at the illusionary or the trigger.
    EXPECT_EQ(w.model.traceBox({0, 0, 1}, {-600, 0, 1}, kMins, kMaxs, mask::kPlayerSolid).fraction, 1.0f);
    EXPECT_EQ(w.model.traceBox({32, 0, 1}, {32, 600, 1}, kMins, kMaxs, mask::kPlayerSolid).fraction, 1.0f);
    // Water is a volume for point contents, not a wall.
    EXPECT_NE(w.model.pointContents({-700, 700, -10}) & contents::kWater, 0u);
    EXPECT_EQ(w.model.traceBox({-400, 700, 1}, {-900, 700, 1}, kMins, kMaxs, mask::kPlayerSolid).fraction, 1.0f);
    // The floor stops a fall DIST_EPSILON above it.
    const TraceResult fall = w.model.traceBox({0, 0, 100}, {0, 0, -100}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_NEAR(fall.endPos.z, kDistEpsilon, 1e-4f);
}

TEST(MapCollision, DisplacementSurface) {
    bsp::MapBuilder mb;
    mb.addBox({-1024, -1024, -64}, {1024, 1024, 0}, kTex);
    bsp::DisplacementDesc d;
    d.min = {0, 0, 0};
    d.size = {512, 512};
    d.power = 3;
    d.height = [](float x, float y) { return 0.2f * x + 0.05f * y; };
    mb.addDisplacement(d);
    auto r = load(mb);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->stats.displacements, 1u);
    EXPECT_EQ(r->model.stats().displacementTriangles, 128u);
    for (float x : {30.f, 200.f, 480.f}) {
        const TraceResult tr = r->model.traceRay({x, 100, 500}, {x, 100, -50}, mask::kPlayerSolid);
        ASSERT_LT(tr.fraction, 1.0f);
        EXPECT_EQ(tr.hitKind, HitKind::Displacement);
        EXPECT_NEAR(tr.endPos.z, 0.2f * x + 5.0f, 0.05f) << x;
        EXPECT_GT(tr.plane.normal.z, 0.95f);
    }
}

TEST(MapCollision, SpawnIsTheFirstInfoPlayerStartWhateverItsCase) {
    // The engine matches class names ASCII case-insensitively (CBaseEntity::ClassMatches) and an entity without
    // an origin stands at 0 0 0: the first spawn point wins even without one.
    bsp::MapBuilder mb;
    mb.addBox({-512, -512, -64}, {512, 512, 0}, kTex);
    mb.addEntity({{"classname", "Info_Player_Start"}});
    mb.addEntity({{"classname", "info_player_start"}, {"origin", "10 20 1"}});
    auto r = load(mb);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->spawn, std::optional<Vec3>(Vec3{}));
    bsp::MapBuilder none;
    none.addBox({-512, -512, -64}, {512, 512, 0}, kTex);
    EXPECT_FALSE(load(none)->spawn.has_value());
}

}  // namespace
}  // namespace vestige::source::collision
