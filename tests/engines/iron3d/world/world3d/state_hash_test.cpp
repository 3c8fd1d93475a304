// The canonical state hash laid out exactly as spec section 14 says. Evidence of the layout: the expected bytes
// are written out by hand below from the section's field list, and the digest literals were computed from
// those same bytes with an independent SHA-256 (Python hashlib), not by this code.
#include "vestige/iron3d/world/state_hash.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/world/world3d.hpp"

namespace vestige::iron3d::world {
namespace {

void f32(ByteWriter& w, float v) { w.f32(v); }

TEST(StateHash, EmptyWorld) {
    World3D w;
    EXPECT_EQ(w.canonicalBytes().size(), 23u + 6 * 8);
    EXPECT_EQ(toHex(w.stateHash()), "b77b2c7757af4a06f50b08f5c31a3907f82b12057737dbf9e2cee8c34e3f0994");
}

TEST(StateHash, KnownWorldMatchesTheHandWrittenLayout) {
    World3D w;
    auto a = w.construct({42, Transform::fromFloats({1, 2, 3}, {0, 0, 0.5f}, {1, 1, 1})});
    ASSERT_TRUE(a.ok());
    ASSERT_TRUE(w.setMirror(*a, 420).ok());
    ASSERT_TRUE(w.setOwner(*a, 9).ok());
    ASSERT_TRUE(w.registerObject(*a).ok());
    ASSERT_TRUE(w.construct({std::nullopt, {}}).ok());
    ASSERT_TRUE(w.enqueue({0, *a, "ignored by the hash", {1, 2, 3, 4}}).ok());

    ByteWriter e;
    for (const char c : std::string_view("fparkan-world-state-v3\0", 23)) e.u8(static_cast<std::uint8_t>(c));
    e.u64(0);  // tick
    e.u64(1);  // next_sequence
    e.u64(1);  // next_registration_seq
    e.u64(2);  // slot_count
    e.u64(0);  // slot 0: index, generation, live, registered
    e.u32(1);
    e.u8(1);
    e.u8(1);
    e.u8(1);  // original_id present
    e.u32(42);
    e.u8(1);  // mirror_id
    e.u32(420);
    e.u8(1);  // owner
    e.u16(9);
    e.u8(1);  // registration_seq
    e.u64(0);
    for (float v : {1.f, 2.f, 3.f, 0.f, 0.f, 0.5f, 1.f, 1.f, 1.f}) f32(e, v);
    e.u64(1);  // slot 1: unregistered, nothing optional present, default transform
    e.u32(1);
    e.u8(1);
    e.u8(0);
    for (int i = 0; i < 4; ++i) e.u8(0);
    for (float v : {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 1.f, 1.f, 1.f}) f32(e, v);
    e.u64(1);  // queue_len; command: seq 0, target present, generation 1, slot 0
    e.u64(0);
    e.u8(1);
    e.u32(1);
    e.u32(0);
    e.u64(0);  // deferred_len
    EXPECT_EQ(w.canonicalBytes(), e.data());
    EXPECT_EQ(w.canonicalBytes().size(), 214u);
    EXPECT_EQ(toHex(w.stateHash()), "39eaf2dd7ee82c37266de7d8167edf74f53675891c33d9b2556d6220b9fba6cc");
}

TEST(StateHash, DeterministicAcrossRunsAndIndependentOfCommandPayloads) {
    auto run = [](std::string message) {
        World3D w;
        auto h = w.construct({1, {}});
        EXPECT_TRUE(w.registerObject(*h).ok());
        EXPECT_TRUE(w.enqueue({0, *h, std::move(message), {}}).ok());
        std::vector<Sha256Digest> hashes;
        for (int i = 0; i < 1000; ++i) hashes.push_back(w.step()->hash);
        return hashes;
    };
    EXPECT_EQ(run("a"), run("b"));
    World3D w;
    EXPECT_NE(w.step()->hash, World3D{}.stateHash()) << "the tick is hashed";
}

}  // namespace
}  // namespace vestige::iron3d::world

namespace vestige::iron3d::world {
namespace {

TEST(StateHash, CacheNeverServesAStaleHash) {
    World3D w;
    auto h = w.construct({1, {}});
    ASSERT_TRUE(w.registerObject(*h).ok());
    ASSERT_TRUE(w.enqueue({0, *h, "x", {}}).ok());
    Sha256Digest midStep{};
    auto snap = w.step([&](World3D& world, const Command&) -> Status {
        midStep = world.stateHash();  // cached inside the step ...
        return world.setTransform(*h, Transform::fromFloats({1, 2, 3}, {}));
    });
    ASSERT_TRUE(snap.ok());
    EXPECT_NE(snap->hash, midStep);
    EXPECT_EQ(snap->hash, sha256(w.canonicalBytes())) << "... but the snapshot hashes the state after the step";
    ASSERT_TRUE(w.setTransform(*h, Transform::fromFloats({4, 5, 6}, {})).ok());
    EXPECT_EQ(w.stateHash(), sha256(w.canonicalBytes()));
    auto fail = w.step([](World3D&, const Command&) -> Status { return Error("x", "y"); });
    ASSERT_TRUE(fail.ok()) << "no command queued: the handler never runs";
    EXPECT_EQ(w.stateHash(), sha256(w.canonicalBytes()));
}

}  // namespace
}  // namespace vestige::iron3d::world
