// Source's trace rules behind util.TraceLine / util.TraceHull on a MapBuilder map: FractionLeftSolid (lines
// only, CEngineTrace zeroes it for boxes), a start inside the world ends the trace there, DispFlags from the
// DISP_TRIS tags and vertex alphas, collision groups (CTraceFilterSimple -> CGameRules::ShouldCollide), and
// brush entities turned by SetAngles (CM_TransformedBoxTrace). Exact numbers: fractions are (d1 -+ 1/32)/length.
#include <gtest/gtest.h>

#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/game/map.hpp"

namespace vestige::source::game {
namespace {

// Floor z -16..0; a thick wall x 256..320; a func_brush "door" x -264..-248, y -64..64, z 0..128 around its
// origin (-256, 0, 64); a flat displacement x -512..-384, y 256..384 at z 8 whose alpha is 255 for x < -448.
std::shared_ptr<const GameMap> rulesMap() {
    static const std::shared_ptr<const GameMap> map = [] {
        bsp::MapBuilder b;
        b.addBox({-1024, -1024, -16}, {1024, 1024, 0}, "dev/dev_measuregeneric01b");
        b.addBox({256, -512, 0}, {320, 512, 256}, "dev/dev_measurewall01a");
        b.addBrushEntity({{"classname", "func_brush"}, {"targetname", "door"}},
                         {bsp::MapBuilder::box({-264, -64, 0}, {-248, 64, 128}, "dev/dev_measuredoor01")},
                         Vec3{-256, 0, 64});
        bsp::DisplacementDesc d;
        d.min = {-512, 256, 0};
        d.size = {128, 128};
        d.power = 2;
        d.height = [](float, float) { return 8.0f; };
        d.alpha = [](float x, float) { return x < -448.0f ? 255.0f : 0.0f; };
        b.addDisplacement(d);
        b.addEntity({{"classname", "info_player_start"}, {"origin", "0 -256 0"}});
        auto built = b.build();
        EXPECT_TRUE(built.ok()) << (built.ok() ? "" : built.error().render());
        auto m = GameMap::fromBsp(*built, "rules");
        EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().render());
        return *m;
    }();
    return map;
}

TraceQuery line(Vec3 s, Vec3 e) {
    TraceQuery q;
    q.start = s;
    q.end = e;
    return q;
}
TraceQuery hull(Vec3 s, Vec3 e, Vec3 mins, Vec3 maxs) {
    TraceQuery q = line(s, e);
    q.hull = true;
    q.mins = mins;
    q.maxs = maxs;
    return q;
}

int doorIndex(const std::vector<SceneEntity>& scene) {
    for (const auto& e : scene)
        if (e.name == "door") return e.index;
    return -1;
}

TEST(GameTraceRules, FractionLeftSolidForLinesOnly) {
    const auto map = rulesMap();
    const auto scene = map->initialScene();
    // From inside the wall (x 256..320) out to x = 416: leaves at (-32 + 1/32) / -128.
    const TraceHit out = map->trace(line({288, 0, 64}, {416, 0, 64}), scene);
    EXPECT_TRUE(out.hit);
    EXPECT_TRUE(out.startSolid);
    EXPECT_FALSE(out.allSolid);
    EXPECT_EQ(out.fractionLeftSolid, 0.249755859375f);
    EXPECT_EQ(out.fraction, 1.0f);
    EXPECT_EQ(out.hitPos, (Vec3{416, 0, 64}));
    EXPECT_EQ(out.entity, 0);
    EXPECT_EQ(out.contents, 1u);
    // Never leaves: all solid, FractionLeftSolid 1, HitPos = start.
    const TraceHit stuck = map->trace(line({288, 0, 64}, {300, 0, 64}), scene);
    EXPECT_TRUE(stuck.allSolid);
    EXPECT_EQ(stuck.fractionLeftSolid, 1.0f);
    EXPECT_EQ(stuck.fraction, 0.0f);
    EXPECT_EQ(stuck.hitPos, (Vec3{288, 0, 64}));
    // A box sweep starting inside: StartSolid, but the engine reports no FractionLeftSolid for boxes.
    const TraceHit box = map->trace(hull({288, 0, 64}, {416, 0, 64}, {-8, -8, -8}, {8, 8, 8}), scene);
    EXPECT_TRUE(box.startSolid);
    EXPECT_EQ(box.fractionLeftSolid, 0.0f);
    // Not inside anything: 0.
    const TraceHit clear = map->trace(line({0, 0, 64}, {0, 0, -64}), scene);
    EXPECT_FALSE(clear.startSolid);
    EXPECT_EQ(clear.fractionLeftSolid, 0.0f);
    EXPECT_EQ(clear.fraction, 0.499755859375f);  // (64 - 1/32) / 128
}

TEST(GameTraceRules, StartInsideTheWorldTestsNoEntity) {
    const auto map = rulesMap();
    auto scene = map->initialScene();
    const int door = doorIndex(scene);
    ASSERT_GT(door, 0);
    // Move the door right behind the wall: from outside the wall the door is hit ...
    scene[static_cast<std::size_t>(door)].pos = {600, 0, 64};
    const TraceHit fromOutside = map->trace(line({400, 0, 64}, {700, 0, 64}), scene);
    EXPECT_EQ(fromOutside.entity, door);
    EXPECT_EQ(fromOutside.fraction, (192.0f - 1.0f / 32.0f) / 300.0f);
    // ... from inside the wall the trace stops with the world (CEngineTrace::TraceRay returns after it).
    const TraceHit fromInside = map->trace(line({288, 0, 64}, {800, 0, 64}), scene);
    EXPECT_EQ(fromInside.entity, 0);
    EXPECT_TRUE(fromInside.startSolid);
    EXPECT_EQ(fromInside.fraction, 1.0f);
    EXPECT_EQ(fromInside.fractionLeftSolid, 31.96875f / 512.0f);
}

TEST(GameTraceRules, DispFlagsFromTagsAndAlpha) {
    const auto map = rulesMap();
    const auto scene = map->initialScene();
    // Flat: MapBuilder tags SURFACE|WALKABLE|BUILDABLE (7); alpha 255 at x < -448 -> SURFPROP2 (16), else 8.
    const TraceHit blended = map->trace(line({-500, 300, 64}, {-500, 300, -8}), scene);
    EXPECT_EQ(blended.texture, "**displacement**");
    EXPECT_EQ(blended.dispFlags, 7u | kDispSurfProp2 | kDispSurface);  // 23
    EXPECT_EQ(blended.dispFlags, 23u);
    const TraceHit plain = map->trace(line({-400, 300, 64}, {-400, 300, -8}), scene);
    EXPECT_EQ(plain.dispFlags, 15u);
    // Brushes and misses carry none.
    EXPECT_EQ(map->trace(line({0, 0, 64}, {0, 0, -64}), scene).dispFlags, 0u);
    EXPECT_EQ(map->trace(line({0, 0, 64}, {0, 0, 32}), scene).dispFlags, 0u);
    // The rule itself: the alpha sum against 382.5.
    EXPECT_EQ(dispTriangleFlags(0, 382.5f), kDispSurfProp1 | kDispSurface);
    EXPECT_EQ(dispTriangleFlags(0, 383.0f), kDispSurfProp2 | kDispSurface);
    EXPECT_EQ(dispTriangleFlags(0x20, 0.0f), 0x20u | 9u);  // unknown tag bits are kept
}

TEST(GameTraceRules, CollisionGroupPairsFromGameRules) {
    using namespace group;
    EXPECT_TRUE(shouldCollide(kNone, kNone));
    EXPECT_TRUE(shouldCollide(kDebris, kNone));  // debris collides with NONE only (and PUSHAWAY)
    EXPECT_FALSE(shouldCollide(kDebris, kDebris));
    EXPECT_FALSE(shouldCollide(kPlayer, kDebris));
    EXPECT_TRUE(shouldCollide(kDebris, kPushaway));
    EXPECT_FALSE(shouldCollide(kDebrisTrigger, kPushaway));
    EXPECT_FALSE(shouldCollide(kPlayer, kPushaway));
    EXPECT_FALSE(shouldCollide(kNone, kInVehicle));
    EXPECT_FALSE(shouldCollide(kPlayer, kPassableDoor));
    EXPECT_TRUE(shouldCollide(kNone, kPassableDoor));
    EXPECT_FALSE(shouldCollide(kPlayer, kDoorBlocker));
    EXPECT_TRUE(shouldCollide(kNpc, kDoorBlocker));
    EXPECT_FALSE(shouldCollide(kDissolving, kPlayer));
    EXPECT_TRUE(shouldCollide(kDissolving, kNone));
    EXPECT_FALSE(shouldCollide(kInteractiveDebris, kInteractiveDebris));
    EXPECT_FALSE(shouldCollide(kInteractiveDebris, kPlayer));
    EXPECT_FALSE(shouldCollide(kBreakableGlass, kBreakableGlass));
    EXPECT_TRUE(shouldCollide(kPlayer, kInteractive));  // the rule only reads lower groups: debris kinds
    EXPECT_FALSE(shouldCollide(kInteractiveDebris, kInteractive));
    EXPECT_TRUE(shouldCollide(kNone, kInteractive));
    EXPECT_FALSE(shouldCollide(kProjectile, kProjectile));
    EXPECT_FALSE(shouldCollide(kWeapon, kProjectile));
    EXPECT_FALSE(shouldCollide(kWeapon, kPlayer));
    EXPECT_TRUE(shouldCollide(kWeapon, kNone));
    EXPECT_TRUE(shouldCollide(kVehicle, kVehicleClip));
    EXPECT_FALSE(shouldCollide(kPlayer, kVehicleClip));
    // Symmetric over every pair.
    int blocked = 0;
    for (int a = 0; a < kCount; ++a)
        for (int b = 0; b < kCount; ++b) {
            EXPECT_EQ(shouldCollide(a, b), shouldCollide(b, a)) << a << " " << b;
            if (!shouldCollide(a, b)) ++blocked;
        }
    EXPECT_EQ(blocked, 208);
    // A debris entity also needs CONTENTS_DEBRIS in the mask.
    EXPECT_FALSE(traceShouldHitGroup(kNone, kDebris, collision::mask::kSolid));
    EXPECT_TRUE(traceShouldHitGroup(kNone, kDebris, collision::mask::kShot));
}

TEST(GameTraceRules, RotatedBrushEntityTracesInModelSpace) {
    const auto map = rulesMap();
    auto scene = map->initialScene();
    const int door = doorIndex(scene);
    ASSERT_GT(door, 0);
    auto& rec = scene[static_cast<std::size_t>(door)];
    // Along +y at x = -216: outside the door (x -264..-248) as compiled ...
    const TraceQuery q = line({-216, -200, 64}, {-216, 200, 64});
    EXPECT_EQ(map->trace(q, scene).entity, -1);
    EXPECT_EQ(map->pointContents({-216, 0, 64}, scene), 0u);
    // ... turned 90 degrees of yaw the door spans x -320..-192, y -8..8: hit at y = -8.
    rec.angles = {0, 90, 0};
    const TraceHit turned = map->trace(q, scene);
    EXPECT_EQ(turned.entity, door);
    EXPECT_FLOAT_EQ(turned.fraction, (192.0f - 1.0f / 32.0f) / 400.0f);
    EXPECT_NEAR(turned.hitPos.y, -8.03125f, 1e-4f);
    EXPECT_NEAR(turned.hitNormal.x, 0.0f, 1e-6f);
    EXPECT_FLOAT_EQ(turned.hitNormal.y, -1.0f);
    EXPECT_EQ(turned.texture, "dev/dev_measuredoor01");
    EXPECT_EQ(map->pointContents({-216, 0, 64}, scene), 1u);
    // A box keeps its extents in the model's space (CM_TransformedBoxTrace), so it turns with the door:
    // 32 along local x = world y here -> the face moves out to y = -40, not -12 as an unturned box would.
    const TraceHit box = map->trace(hull(q.start, q.end, {-32, -4, -4}, {32, 4, 4}), scene);
    EXPECT_EQ(box.entity, door);
    EXPECT_FLOAT_EQ(box.fraction, (160.0f - 1.0f / 32.0f) / 400.0f);
    EXPECT_NEAR(box.hitPos.y, -40.03125f, 1e-4f);
    // Angles back to 0: the compiled orientation again (the translation-only path).
    rec.angles = {0, 0, 0};
    EXPECT_EQ(map->trace(q, scene).entity, -1);
}

std::string ev(glua::Runtime& rt, const std::string& code) {
    auto r = rt.eval(code);
    if (!r) return "ERR: " + r.error().message();
    if (!rt.errors().empty()) return "LUA ERROR: " + rt.errors().back().render();
    return *r;
}

class GameTraceSession : public ::testing::TestWithParam<std::uint64_t> {
protected:
    std::unique_ptr<glua::Runtime> boot() {
        glua::Options opt;
        opt.instructionBudget = GetParam();
        opt.output = [](std::string_view) {};
        auto rt = createRuntime(rulesMap(), std::move(opt));
        EXPECT_TRUE(rt.ok()) << (rt.ok() ? "" : rt.error().render());
        EXPECT_TRUE((*rt)->boot().ok());
        return std::move(*rt);
    }
};

// From Lua: a trace along the door (x -264..-248) at x = -256, y from -200: hits its face y = -64 at
// (136 - 1/32) / 400 unless the groups say otherwise.
TEST_P(GameTraceSession, TraceCollisionGroups) {
    auto rt = boot();
    const std::string trace =
        "local function tr(extra) local q = {start = Vector(-256, -200, 64), "
        "endpos = Vector(-256, 200, 64)} for k, v in pairs(extra or {}) do q[k] = v end "
        "local t = util.TraceLine(q) return t.Entity == door and 'door' or tostring(t.Hit) end ";
    (void)ev(*rt, "door = ents.FindByName('door')[1]");
    EXPECT_EQ(ev(*rt, "return door:GetCollisionGroup()"), "0");
    EXPECT_EQ(ev(*rt, trace + "return tr(), string.format('%.9f', util.TraceLine({start = Vector(-256, -200, 64), "
                              "endpos = Vector(-256, 200, 64)}).Fraction)"),
              "door\t0.339921862");
    // Debris: not hit by MASK_SOLID (no CONTENTS_DEBRIS), hit by MASK_SHOT, never by a debris trace.
    EXPECT_EQ(ev(*rt, trace + "door:SetCollisionGroup(COLLISION_GROUP_DEBRIS) return tr(), tr({mask = MASK_SHOT}), "
                              "tr({mask = MASK_SHOT, collisiongroup = COLLISION_GROUP_DEBRIS})"),
              "false\tdoor\tfalse");
    // Passable door: players pass, NONE traces hit.
    EXPECT_EQ(ev(*rt, trace + "door:SetCollisionGroup(COLLISION_GROUP_PASSABLE_DOOR) return tr(), "
                              "tr({collisiongroup = COLLISION_GROUP_PLAYER}), "
                              "tr({collisiongroup = COLLISION_GROUP_NPC})"),
              "door\tfalse\tdoor");
    // In a vehicle: nothing collides. A debris trace hits a NONE entity.
    EXPECT_EQ(ev(*rt, trace + "door:SetCollisionGroup(COLLISION_GROUP_NONE) return "
                              "tr({collisiongroup = COLLISION_GROUP_IN_VEHICLE}), "
                              "tr({collisiongroup = COLLISION_GROUP_DEBRIS})"),
              "false\tdoor");
    // The player (COLLISION_GROUP_PLAYER from its spawn at 0 -256 0): weapons pass through it.
    rt->tick();
    const std::string atPlayer =
        "local function pt(g) local t = util.TraceLine({start = Vector(-64, -256, 36), "
        "endpos = Vector(64, -256, 36), collisiongroup = g}) "
        "return t.Entity == Entity(1) end ";
    EXPECT_EQ(ev(*rt, atPlayer + "return Entity(1):GetCollisionGroup(), pt(COLLISION_GROUP_NONE), "
                                 "pt(COLLISION_GROUP_WEAPON), pt(COLLISION_GROUP_PLAYER)"),
              "5\ttrue\tfalse\ttrue");
}

TEST_P(GameTraceSession, SetAnglesTurnsTheDoorsCollision) {
    auto rt = boot();
    const std::string probe =
        "local function probe() local t = util.TraceLine({start = Vector(-216, -200, 64), "
        "endpos = Vector(-216, 200, 64)}) return t.Entity == door, "
        "string.format('%.3f %.4f', t.HitPos.y, t.HitNormal.y), "
        "util.PointContents(Vector(-216, 0, 64)) end ";
    (void)ev(*rt, "door = ents.FindByName('door')[1]");
    EXPECT_EQ(ev(*rt, probe + "return probe()"), "false\t200.000 0.0000\t0");
    EXPECT_EQ(ev(*rt, probe + "door:SetAngles(Angle(0, 90, 0)) return probe()"), "true\t-8.031 -1.0000\t1");
    // FractionLeftSolid from inside the turned door (y -8..8) out along +y: (-8 + 1/32) / -400 (to y = 392).
    EXPECT_EQ(ev(*rt,
                 "local t = util.TraceLine({start = Vector(-216, 0, 64), endpos = Vector(-216, 400, 64)}) "
                 "return t.StartSolid, t.Entity == door, string.format('%.9f', t.FractionLeftSolid)"),
              "true\ttrue\t0.019921875");
    EXPECT_EQ(ev(*rt, probe + "door:SetAngles(Angle(0, 0, 0)) return probe()"), "false\t200.000 0.0000\t0");
}

INSTANTIATE_TEST_SUITE_P(Modes, GameTraceSession, ::testing::Values(std::uint64_t{200'000'000}, std::uint64_t{0}));

}  // namespace
}  // namespace vestige::source::game
