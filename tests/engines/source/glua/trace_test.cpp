// util.TraceLine / util.TraceHull as a bridge: what the runtime hands the engine's trace callback (collisiongroup)
// and how it reports TraceHit fields (FractionLeftSolid, DispFlags); COLLISION_GROUP_* globals and
// Entity:SetCollisionGroup / GetCollisionGroup. Both representations (interpreter userdata, JIT ffi).
#include <gtest/gtest.h>

#include <memory>

#include "glua_fixture.hpp"

namespace vestige::source::glua {
namespace {

struct Seen {
    int calls = 0;
    TraceQuery last;
};

// GetParam() is the instruction budget: 0 = JIT mode.
std::unique_ptr<Runtime> boot(std::uint64_t budget, std::shared_ptr<Seen> seen, TraceHit answer) {
    Options opt;
    opt.trace = [seen, answer](const TraceQuery& q) {
        ++seen->calls;
        seen->last = q;
        seen->last.shouldHitEntity = nullptr;
        return answer;
    };
    return bootRuntime(std::move(opt), {.jit = budget == 0, .budget = budget});
}

class GluaTrace : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(GluaTrace, FractionLeftSolidAndDispFlagsAreReported) {
    auto seen = std::make_shared<Seen>();
    TraceHit answer;
    answer.hit = true;
    answer.entity = 0;
    answer.fraction = 0.625f;
    answer.startSolid = true;
    answer.fractionLeftSolid = 0.249755859375f;
    answer.dispFlags = 23;
    answer.texture = "**displacement**";
    auto rt = boot(GetParam(), seen, answer);
    EXPECT_EQ(ev(*rt,
                 "local t = util.TraceLine({start = Vector(0, 0, 0), endpos = Vector(128, 0, 0)}) "
                 "return t.StartSolid, t.FractionLeftSolid, t.DispFlags, t.Fraction, t.HitTexture"),
              "true\t0.249755859375\t23\t0.625\t**displacement**");
    // StartPos stays the query's start (GMod wiki: "Will match the provided startpos").
    EXPECT_EQ(ev(*rt, "return util.TraceLine({start = Vector(1, 2, 3), endpos = Vector(128, 0, 0)}).StartPos"),
              "1.000000 2.000000 3.000000");
}

TEST_P(GluaTrace, MissReportsNoDispFlags) {
    auto seen = std::make_shared<Seen>();
    TraceHit answer;  // a miss whose engine left a stale dispFlags: the result table still says 0
    answer.dispFlags = 15;
    auto rt = boot(GetParam(), seen, answer);
    EXPECT_EQ(ev(*rt,
                 "local t = util.TraceLine({start = Vector(0, 0, 0), endpos = Vector(8, 0, 0)}) "
                 "return t.Hit, t.DispFlags, t.FractionLeftSolid"),
              "false\t0\t0");
}

TEST_P(GluaTrace, CollisionGroupIsForwarded) {
    auto seen = std::make_shared<Seen>();
    auto rt = boot(GetParam(), seen, TraceHit{});
    (void)ev(*rt, "util.TraceLine({start = Vector(0, 0, 0), endpos = Vector(8, 0, 0)})");
    EXPECT_EQ(seen->last.collisionGroup, 0);  // GMod's default: COLLISION_GROUP_NONE
    (void)ev(*rt,
             "util.TraceHull({start = Vector(0, 0, 0), endpos = Vector(8, 0, 0), mins = Vector(-1, -1, -1), "
             "maxs = Vector(1, 1, 1), collisiongroup = COLLISION_GROUP_DEBRIS})");
    EXPECT_EQ(seen->last.collisionGroup, 1);
    (void)ev(*rt, "util.TraceLine({start = Vector(0, 0, 0), endpos = Vector(8, 0, 0), collisiongroup = 15.75})");
    EXPECT_EQ(seen->last.collisionGroup, 15);  // integral part, as a C int conversion
    (void)ev(*rt, "util.TraceLine({start = Vector(0, 0, 0), endpos = Vector(8, 0, 0), collisiongroup = 0/0})");
    EXPECT_EQ(seen->last.collisionGroup, 0);  // NaN: NONE, never an undefined cast
    (void)ev(*rt, "util.TraceLine({start = Vector(0, 0, 0), endpos = Vector(8, 0, 0), collisiongroup = 'x'})");
    EXPECT_EQ(seen->last.collisionGroup, 0);
    EXPECT_EQ(seen->calls, 5);
}

TEST_P(GluaTrace, CollisionGroupConstantsAndEntityMethods) {
    auto seen = std::make_shared<Seen>();
    auto rt = boot(GetParam(), seen, TraceHit{});
    EXPECT_EQ(ev(*rt,
                 "return COLLISION_GROUP_NONE, COLLISION_GROUP_DEBRIS, COLLISION_GROUP_DEBRIS_TRIGGER, "
                 "COLLISION_GROUP_INTERACTIVE_DEBRIS, COLLISION_GROUP_INTERACTIVE, COLLISION_GROUP_PLAYER, "
                 "COLLISION_GROUP_BREAKABLE_GLASS, COLLISION_GROUP_VEHICLE, COLLISION_GROUP_PLAYER_MOVEMENT, "
                 "COLLISION_GROUP_NPC"),
              "0\t1\t2\t3\t4\t5\t6\t7\t8\t9");
    EXPECT_EQ(ev(*rt,
                 "return COLLISION_GROUP_IN_VEHICLE, COLLISION_GROUP_WEAPON, COLLISION_GROUP_VEHICLE_CLIP, "
                 "COLLISION_GROUP_PROJECTILE, COLLISION_GROUP_DOOR_BLOCKER, COLLISION_GROUP_PASSABLE_DOOR, "
                 "COLLISION_GROUP_DISSOLVING, COLLISION_GROUP_PUSHAWAY, COLLISION_GROUP_NPC_ACTOR, "
                 "COLLISION_GROUP_NPC_SCRIPTED"),
              "10\t11\t12\t13\t14\t15\t16\t17\t18\t19");
    EXPECT_EQ(ev(*rt,
                 "local e = ents.Create('prop_physics') local a = e:GetCollisionGroup() "
                 "e:SetCollisionGroup(COLLISION_GROUP_WEAPON) return a, e:GetCollisionGroup()"),
              "0\t11");
    EXPECT_EQ(ev(*rt, "return game.GetWorld():GetCollisionGroup()"), "0");
    rt->tick();  // the player spawns in COLLISION_GROUP_PLAYER
    EXPECT_EQ(ev(*rt, "return Entity(1):GetCollisionGroup()"), "5");
    EXPECT_EQ(ev(*rt, "Entity(1):SetCollisionGroup(COLLISION_GROUP_IN_VEHICLE) return Entity(1):GetCollisionGroup()"),
              "10");
    EXPECT_EQ(rt->world().byIndex(1)->collisionGroup, 10);
    EXPECT_NE(ev(*rt, "NULL:SetCollisionGroup(1)").find("Tried to use a NULL entity!"), std::string::npos);
    EXPECT_NE(ev(*rt, "Entity(1):SetCollisionGroup('x')").find("number expected"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Modes, GluaTrace, ::testing::Values(std::uint64_t{200'000'000}, std::uint64_t{0}));

}  // namespace
}  // namespace vestige::source::glua
