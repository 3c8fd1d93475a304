// World3D lifecycle, queue and rollback rules (spec section 14; the reference project's world queue [P]).
// Regression guards built from our own worlds: every expectation is a rule of the section, not a number we
// measured.
#include "vestige/iron3d/world/world3d.hpp"

#include <gtest/gtest.h>

namespace vestige::iron3d::world {
namespace {

ObjectHandle make(World3D& w, std::optional<OriginalObjectId> id, bool reg = true) {
    auto h = w.construct({id, {}});
    EXPECT_TRUE(h.ok());
    if (reg) EXPECT_TRUE(w.registerObject(*h).ok());
    return *h;
}

TEST(World3D, ConstructRegisterSnapshotAndRegistrationOrder) {
    World3D w;
    const ObjectHandle a = make(w, 7, false);
    EXPECT_EQ(a, (ObjectHandle{1, 0}));  // generations start at 1
    auto s0 = w.step();
    ASSERT_TRUE(s0.ok());
    EXPECT_TRUE(s0->objects.empty()) << "a constructed but unregistered object is not published";
    const ObjectHandle b = make(w, 8);
    ASSERT_TRUE(w.registerObject(a).ok());
    EXPECT_EQ(w.identity(b)->registrationSequence, 0u);
    EXPECT_EQ(w.identity(a)->registrationSequence, 1u);
    auto s1 = w.step();
    ASSERT_TRUE(s1.ok());
    ASSERT_EQ(s1->objects.size(), 2u);
    EXPECT_EQ(s1->objects[0].handle, a) << "slot order, not registration order";
    EXPECT_EQ(s1->tick, 2u);
    EXPECT_EQ(w.registerObject(a).error().code(), "world.already_registered");
}

TEST(World3D, DuplicateOriginalIdIsRejectedAtRegistration) {
    World3D w;
    make(w, 8);
    auto dup = w.construct({8, {}});
    ASSERT_TRUE(dup.ok());
    auto st = w.registerObject(*dup);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "world.duplicate_original_id");
    EXPECT_EQ(st.error().find("original_id"), "8");
    // Objects without an OriginalObjectId never collide.
    make(w, std::nullopt);
    make(w, std::nullopt);
}

TEST(World3D, StaleDeletedAndUnknownHandlesAreErrors) {
    World3D w;
    const ObjectHandle a = make(w, 1);
    ASSERT_TRUE(w.requestDelete(a).ok());  // outside a step: immediate
    EXPECT_EQ(w.registerObject(a).error().code(), "world.stale_handle");
    EXPECT_EQ(w.transform(a).error().code(), "world.stale_handle");
    EXPECT_EQ(w.transform({1, 99}).error().code(), "world.invalid_handle");
    EXPECT_EQ(w.enqueue({0, a, "X", {}}).error().code(), "world.stale_handle");
    // A new object never reuses the slot, so the old handle cannot alias it.
    const ObjectHandle b = make(w, 1);
    EXPECT_EQ(b.slot, 1u);
    EXPECT_FALSE(w.findByOriginalId(2).has_value());
    EXPECT_EQ(w.findByOriginalId(1), b);
}

TEST(World3D, FifoQueueAndDeferredDeduplicatedDelete) {
    World3D w;
    const ObjectHandle first = make(w, 1), second = make(w, 2);
    ASSERT_TRUE(w.enqueue({99, first, "A", {}}).ok());  // sequence is assigned, 99 ignored
    ASSERT_TRUE(w.enqueue({99, second, "B", {}}).ok());
    ASSERT_TRUE(w.enqueue({99, first, "C", {}}).ok());
    ASSERT_TRUE(w.enqueue({99, std::nullopt, "D", {}}).ok());
    std::vector<std::string> seen;
    auto snap = w.step([&](World3D& world, const Command& c) -> Status {
        seen.push_back(c.message);
        if (c.target == first) {
            VESTIGE_CHECK(world.requestDelete(first));
            VESTIGE_CHECK(world.requestDelete(first));  // deduplicated
            EXPECT_EQ(world.deferredDeletes().size(), 1u);
            EXPECT_TRUE(world.check(first).ok()) << "still live until the deferred deletes are applied";
        }
        return {};
    });
    ASSERT_TRUE(snap.ok()) << snap.error().render();
    EXPECT_EQ(seen, (std::vector<std::string>{"A", "B", "D"}));
    ASSERT_EQ(snap->events.size(), 3u);
    EXPECT_EQ(snap->events[0].sequence, 0u);
    EXPECT_EQ(snap->events[1].sequence, 1u);
    EXPECT_EQ(snap->events[2].sequence, 3u);
    ASSERT_EQ(snap->skipped.size(), 1u);
    EXPECT_EQ(snap->skipped[0].message, "C");
    ASSERT_EQ(snap->objects.size(), 1u);
    EXPECT_EQ(snap->objects[0].handle, second);
    EXPECT_EQ(w.requestDelete(first).error().code(), "world.stale_handle");
    EXPECT_TRUE(w.deferredDeletes().empty());
    EXPECT_EQ(w.queueLength(), 0u);
}

TEST(World3D, CommandsEnqueuedByAHandlerRunInTheSameStep) {
    World3D w;
    const ObjectHandle a = make(w, 1);
    ASSERT_TRUE(w.enqueue({0, a, "ping", {}}).ok());
    std::vector<std::uint64_t> order;
    auto snap = w.step([&](World3D& world, const Command& c) -> Status {
        order.push_back(c.sequence);
        if (c.message == "ping")
            VESTIGE_CHECK(world.enqueue({0, a, "pong", {}}).ok() ? Status{} : Status{Error("x", "y")});
        return {};
    });
    ASSERT_TRUE(snap.ok());
    EXPECT_EQ(order, (std::vector<std::uint64_t>{0, 1}));
}

TEST(World3D, RunawayHandlerHitsTheQueueBudget) {
    World3D w;
    w.setCommandBudget(1000);
    ASSERT_TRUE(w.enqueue({}).ok());
    auto snap = w.step([](World3D& world, const Command&) -> Status {
        auto seq = world.enqueue({});
        return seq.ok() ? Status{} : Status{seq.error()};
    });
    ASSERT_FALSE(snap.ok());
    EXPECT_EQ(snap.error().code(), "world.queue_budget");
    EXPECT_EQ(w.queueLength(), 1u) << "rolled back to the single queued command";
}

TEST(World3D, FailedCallbackRollsBackTheWholeWorld) {
    World3D w;
    const ObjectHandle a = make(w, 1), b = make(w, 2);
    ASSERT_TRUE(w.enqueue({0, a, "hit", {}}).ok());
    const Bytes before = w.canonicalBytes();
    auto snap = w.step([&](World3D& world, const Command&) -> Status {
        VESTIGE_CHECK(world.requestDelete(a));
        VESTIGE_CHECK(world.setTransform(b, Transform::fromFloats({5, 5, 5}, {}, {1, 1, 1})));
        auto extra = world.construct({3, {}});
        EXPECT_TRUE(extra.ok());
        return Error("test.fail", "callback failed");
    });
    ASSERT_FALSE(snap.ok());
    EXPECT_EQ(snap.error().code(), "test.fail");
    EXPECT_EQ(snap.error().find("command"), "0 hit");
    EXPECT_EQ(w.canonicalBytes(), before) << "tick, queue, deferred deletes, transforms and slots restored";
    EXPECT_EQ(w.tick(), 0u);
    EXPECT_EQ(w.phase(), WorldPhase::Idle);
    auto retry = w.step();
    ASSERT_TRUE(retry.ok());
    EXPECT_EQ(retry->tick, 1u);
    ASSERT_EQ(retry->events.size(), 1u);
    EXPECT_EQ(retry->events[0].target, a);
    EXPECT_EQ(retry->objects.size(), 2u);
}

TEST(World3D, EndOfFrameCallbacksRunInSequenceOrderAndRollBack) {
    World3D w;
    const ObjectHandle a = make(w, 1);
    ASSERT_TRUE(w.enqueue({0, a, "x", {}}).ok());
    std::vector<int> order;
    auto snap = w.step([&](World3D& world, const Command&) -> Status {
        for (int i = 0; i < 3; ++i) {
            auto seq = world.atEndOfFrame([&order, i](World3D&) -> Status {
                order.push_back(i);
                return {};
            });
            if (!seq) return seq.error();
        }
        return {};
    });
    ASSERT_TRUE(snap.ok());
    EXPECT_TRUE(order.empty()) << "end-of-frame callbacks wait for their phase";
    ASSERT_TRUE(w.runEndOfFrame().ok());
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(w.atEndOfFrame([](World3D&) { return Status{}; }).error().code(), "world.phase");

    ASSERT_TRUE(w.enqueue({0, a, "y", {}}).ok());
    ASSERT_TRUE(w.step([&](World3D& world, const Command&) -> Status {
                     auto s1 = world.atEndOfFrame([a](World3D& wd) { return wd.requestDelete(a); });
                     auto s2 = world.atEndOfFrame([](World3D&) -> Status { return Error("test.eof", "late"); });
                     return s1.ok() && s2.ok() ? Status{} : Status{Error("x", "y")};
                 }).ok());
    auto st = w.runEndOfFrame();
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "test.eof");
    EXPECT_TRUE(w.check(a).ok()) << "the delete done by the first callback was rolled back";
}

TEST(World3D, TransformsKeepRawBits) {
    World3D w;
    Transform t;
    t.words[0] = 0x7FC00001u;  // a NaN payload
    t.words[1] = 0x80000000u;  // -0
    auto h = w.construct({1, t});
    ASSERT_TRUE(h.ok());
    EXPECT_EQ(w.transform(*h)->words, t.words);
    EXPECT_EQ(Transform::fromFloats({1, 2, 3}, {0, 0, 0.5f}).words[5], 0x3F000000u);
    EXPECT_EQ(Transform{}.scale(), (Vec3{1, 1, 1}));
}

TEST(World3D, ShutdownReleasesObjectsBeforeManagers) {
    World3D w;
    const ObjectHandle a = make(w, 1), b = make(w, 2, false);
    const ShutdownReport r = w.shutdown();
    EXPECT_EQ(r.releasedObjects, std::vector<ObjectHandle>{a});
    EXPECT_TRUE(r.managersReleased);
    EXPECT_EQ(w.check(a).error().code(), "world.stale_handle");
    EXPECT_EQ(w.check(b).error().code(), "world.stale_handle");
    EXPECT_TRUE(w.liveRegistered().empty());
}

}  // namespace
}  // namespace vestige::iron3d::world
