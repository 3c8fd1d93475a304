// The Control pipeline contract (seed 002 "Collision pipeline" and the seven "Проверки Control"), driven through
// the mission runtime so the collision messages drain in World3D's queue. The reference stages are [P]: these
// tests pin the order, the phase and the safety rules, not any original Control number.
#include "vestige/iron3d/control/control.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/land/sample.hpp"
#include "vestige/iron3d/mission/runtime.hpp"

namespace vestige::iron3d::control {
namespace {

using world::ObjectHandle;

CollisionProxy ball(float r = 1) { return CollisionProxy{{}, {Sphere{{0, 0, 0}, r}}}; }

struct Scene {
    terrain::TerrainWorld terrain = *terrain::TerrainWorld::build(land::sampleTerrain(8, 8));  // z = x/16 + 9y/16
    mission::MissionRuntime runtime;
    ControlSystem control{&terrain};
    std::vector<ControlReport> reports;
    std::vector<ObjectHandle> handles;

    // Objects constructed in the given order (so tests can swap which gets the lower slot).
    explicit Scene(const std::vector<Vec2>& positions) {
        for (std::size_t i = 0; i < positions.size(); ++i) {
            const Vec2 p = positions[i];
            auto h =
                runtime.world().construct({static_cast<std::uint32_t>(i),
                                           world::Transform::fromFloats({p.x, p.y, *terrain.heightAt(p.x, p.y)}, {})});
            EXPECT_TRUE(runtime.world().registerObject(*h).ok());
            EXPECT_TRUE(control.add(runtime.world(), *h, ball()).ok());
            handles.push_back(*h);
        }
        runtime.addSystem(world::SchedulerPhase::CalculateWorldQueue, "control",
                          [this](mission::SystemContext& c) -> Status {
                              VESTIGE_TRY(ControlReport r, control.step(c.world, 0.016f));
                              reports.push_back(std::move(r));
                              return {};
                          });
    }
    Vec3 position(std::size_t i) { return runtime.world().transform(handles[i])->position(); }
};

TEST(ControlPipeline, StagesRunInTheSeedsOrder) {
    Scene s({{10, 10}});
    ASSERT_TRUE(s.runtime.tick().ok());
    std::vector<std::string_view> names;
    for (auto st : s.reports[0].stages) names.push_back(stageName(st));
    EXPECT_EQ(names, (std::vector<std::string_view>{"request", "candidate", "bounds", "pairs", "narrow", "correct",
                                                    "transform", "event"}));
}

TEST(ControlPipeline, UnobstructedMotionFollowsTheTerrain) {
    Scene s({{10, 10}});
    ASSERT_TRUE(s.control.request(s.handles[0], {62.5f, 31.25f}, 0.5f).ok());
    for (int i = 0; i < 10; ++i) ASSERT_TRUE(s.runtime.tick().ok());
    const Vec3 p = s.position(0);
    EXPECT_NEAR(p.x, 10 + 62.5f * 0.16f, 1e-3f);
    EXPECT_NEAR(p.y, 10 + 31.25f * 0.16f, 1e-3f);
    EXPECT_FLOAT_EQ(p.z, p.x / 16 + 9 * p.y / 16) << "Z is the surface height at every step (slope following)";
    EXPECT_NEAR(s.runtime.world().transform(s.handles[0])->orientation().z, 0.08f, 1e-6f);
    EXPECT_TRUE(s.reports.back().contacts.empty());
}

TEST(ControlPipeline, PairCollisionsAreSymmetricUnderSwappedIds) {
    // A moves +x into B. Constructing B first swaps their slots; the outcome must not change.
    for (bool swapped : {false, true}) {
        const std::vector<Vec2> order =
            swapped ? std::vector<Vec2>{{12, 10}, {10, 10}} : std::vector<Vec2>{{10, 10}, {12, 10}};
        Scene s(order);
        const std::size_t mover = swapped ? 1 : 0, still = swapped ? 0 : 1;
        ASSERT_TRUE(s.control.request(s.handles[mover], {100, 0}, 0).ok());
        int events = 0;
        ASSERT_TRUE(s.runtime
                        .addCommandHandler(std::string(kCollisionMessage),
                                           [&](world::World3D&, const world::Command& c) {
                                               ++events;
                                               EXPECT_EQ(c.target->slot, 0u)
                                                   << "the pair's lower slot receives the event";
                                               EXPECT_EQ(c.args[0], 1u);
                                               return Status{};
                                           })
                        .ok());
        ASSERT_TRUE(s.runtime.tick().ok());
        const auto& r = s.reports[0];
        ASSERT_EQ(r.pairs.size(), 1u);
        EXPECT_EQ(r.pairs[0].first.slot, 0u);
        ASSERT_EQ(r.contacts.size(), 1u);
        EXPECT_EQ(events, 1) << "one event per contacting pair, in this step";
        EXPECT_EQ(s.position(mover).x, 10.0f) << "the contacting mover keeps its transform (no invented push-out)";
        EXPECT_EQ(s.position(still).x, 12.0f);
    }
}

TEST(ControlPipeline, DeletingFromTheCollisionHandlerIsDeferredAndSafe) {
    Scene s({{10, 10}, {11, 10}, {10.5f, 10.8f}});  // three overlapping balls: pairs (0,1), (0,2), (1,2)
    std::vector<std::uint32_t> delivered;
    ASSERT_TRUE(s.runtime
                    .addCommandHandler(std::string(kCollisionMessage),
                                       [&](world::World3D& w, const world::Command& c) -> Status {
                                           delivered.push_back(c.target->slot);
                                           if (c.target->slot == 0 && w.check(s.handles[1]).ok())
                                               return w.requestDelete(s.handles[1]);
                                           return {};
                                       })
                    .ok());
    auto pass = s.runtime.tick();
    ASSERT_TRUE(pass.ok()) << pass.error().render();
    EXPECT_EQ(s.reports[0].contacts.size(), 3u);
    EXPECT_EQ(delivered, (std::vector<std::uint32_t>{0, 0})) << "the (1,2) event targets a pending-delete object";
    ASSERT_EQ(pass->snapshot.skipped.size(), 1u);
    EXPECT_EQ(s.runtime.world().check(s.handles[1]).error().code(), "world.stale_handle");
    ASSERT_TRUE(s.runtime.tick().ok());
    EXPECT_EQ(s.reports[1].droppedProxies, 1u) << "the manager drops the deleted object's proxy";
    EXPECT_EQ(s.control.size(), 2u);
    EXPECT_EQ(s.control.proxy(s.handles[1]), nullptr);
}

TEST(ControlPipeline, ReplayingTheSameInputsGivesTheSameTransformsAndHash) {
    auto run = [] {
        Scene s({{10, 10}, {30, 30}, {31, 12}});
        std::vector<std::string> trace;
        for (int t = 0; t < 120; ++t) {
            EXPECT_TRUE(
                s.control.request(s.handles[t % 3], {std::sin(t * 0.1f) * 20, std::cos(t * 0.07f) * 20}, 0.3f).ok());
            auto r = s.runtime.tick();
            EXPECT_TRUE(r.ok());
            trace.push_back(toHex(r->simulationHash));
        }
        return trace;
    };
    EXPECT_EQ(run(), run());
}

TEST(ControlPipeline, ProxyIsRebuiltAfterAModelStateChange) {
    Scene s({{10, 10}});
    s.control.setProxyBuilder([](ObjectHandle, std::uint32_t state) { return ball(state == 1 ? 3.0f : 1.0f); });
    ASSERT_TRUE(s.runtime.tick().ok());
    EXPECT_EQ(s.control.proxy(s.handles[0])->revision, 0u);
    const float before = s.control.proxy(s.handles[0])->bounds.extents().x;
    ASSERT_TRUE(s.control.setModelState(s.handles[0], 1).ok());
    ASSERT_TRUE(s.runtime.tick().ok());
    EXPECT_EQ(s.control.proxy(s.handles[0])->revision, 1u);
    EXPECT_FLOAT_EQ(s.control.proxy(s.handles[0])->bounds.extents().x, 3 * before);
}

TEST(ControlPipeline, OffSurfaceCandidatesStopAndBadInputIsRefused) {
    Scene s({{63, 10}});
    ASSERT_TRUE(s.control.request(s.handles[0], {500, 0}, 0).ok());
    ASSERT_TRUE(s.runtime.tick().ok());
    EXPECT_TRUE(s.reports[0].objects[0].offSurface);
    EXPECT_EQ(s.position(0).x, 63.0f);
    EXPECT_EQ(s.control.request(s.handles[0], {NAN, 0}, 0).error().code(), "control.bad_request");
    EXPECT_EQ(s.control.request({1, 77}, {0, 0}, 0).error().code(), "control.unknown_object");
}

}  // namespace
}  // namespace vestige::iron3d::control
