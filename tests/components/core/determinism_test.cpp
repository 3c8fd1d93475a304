// Deterministic helpers: generational handles, insertion-ordered map, PCG32 and named RNG streams,
// the fixed-tick clock.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "vestige/core/handles.hpp"
#include "vestige/core/rng.hpp"
#include "vestige/core/tick.hpp"

namespace vestige {
namespace {

// ---- HandlePool ----

TEST(HandlePool, StaleHandleInvalidAfterSlotReuse) {
    HandlePool<std::string> pool;
    const Handle a = pool.insert("alpha");
    const Handle b = pool.insert("beta");
    EXPECT_EQ(a.slot, 0u);
    EXPECT_EQ(b.slot, 1u);
    EXPECT_EQ(a.generation, 0u);
    EXPECT_EQ(pool.size(), 2u);

    ASSERT_TRUE(pool.remove(a));
    EXPECT_FALSE(pool.valid(a));
    EXPECT_EQ(pool.get(a), nullptr);
    EXPECT_FALSE(pool.remove(a)) << "double remove";
    EXPECT_EQ(pool.size(), 1u);

    const Handle c = pool.insert("gamma");
    EXPECT_EQ(c.slot, a.slot) << "the freed slot is reused";
    EXPECT_EQ(c.generation, a.generation + 1);
    EXPECT_FALSE(pool.valid(a)) << "the old handle stays invalid after reuse";
    EXPECT_EQ(pool.get(a), nullptr);
    EXPECT_FALSE(pool.remove(a));
    ASSERT_NE(pool.get(c), nullptr);
    EXPECT_EQ(*pool.get(c), "gamma");
    EXPECT_EQ(*pool.get(b), "beta");
    EXPECT_FALSE(a == c);
}

TEST(HandlePool, NullAndForeignHandles) {
    HandlePool<int> pool;
    EXPECT_TRUE(Handle{}.isNull());
    EXPECT_FALSE(pool.valid(Handle{}));
    const Handle h = pool.insert(1);
    EXPECT_FALSE(h.isNull());
    EXPECT_FALSE(pool.valid(Handle{h.slot, h.generation + 1}));
    EXPECT_FALSE(pool.valid(Handle{h.slot + 5, 0}));
    const auto& cpool = pool;
    EXPECT_EQ(*cpool.get(h), 1);
}

TEST(HandlePool, LifoReuseAndSlotOrderIteration) {
    HandlePool<int> pool;
    std::vector<Handle> hs;
    for (int i = 0; i < 5; ++i) hs.push_back(pool.insert(i * 10));
    ASSERT_TRUE(pool.remove(hs[1]));
    ASSERT_TRUE(pool.remove(hs[3]));
    const Handle x = pool.insert(99);  // last freed first
    EXPECT_EQ(x.slot, 3u);
    const Handle y = pool.insert(98);
    EXPECT_EQ(y.slot, 1u);
    const Handle z = pool.insert(97);
    EXPECT_EQ(z.slot, 5u);

    std::vector<std::pair<std::uint32_t, int>> seen;
    pool.forEach([&](Handle h, int& v) { seen.emplace_back(h.slot, v); });
    const std::vector<std::pair<std::uint32_t, int>> expected = {{0, 0}, {1, 98}, {2, 20}, {3, 99}, {4, 40}, {5, 97}};
    EXPECT_EQ(seen, expected);
    EXPECT_EQ(pool.size(), 6u);
}

TEST(HandlePool, GenerationsKeepCountingOverManyReuses) {
    HandlePool<int> pool;
    Handle h = pool.insert(0);
    std::vector<Handle> old;
    for (int i = 1; i <= 1000; ++i) {
        old.push_back(h);
        ASSERT_TRUE(pool.remove(h));
        h = pool.insert(i);
        EXPECT_EQ(h.slot, 0u);
        EXPECT_EQ(h.generation, static_cast<std::uint32_t>(i));
    }
    for (const Handle& o : old) EXPECT_FALSE(pool.valid(o));
    EXPECT_EQ(*pool.get(h), 1000);
}

TEST(HandlePool, InsertAtReservesLowSlotsAndInsertLowestSkipsThem) {
    HandlePool<int> pool;
    const Handle world = pool.insertAt(0, 100);  // slot 0 taken, slot 1 left for a player
    EXPECT_EQ(world.slot, 0u);
    EXPECT_TRUE(pool.insertAt(0, 5).isNull());  // taken
    const auto notReserved = [](std::uint32_t s) { return s > 1; };
    const Handle a = pool.insertLowest(2, notReserved);
    const Handle b = pool.insertLowest(3, notReserved);
    EXPECT_EQ(a.slot, 2u);
    EXPECT_EQ(b.slot, 3u);
    const Handle player = pool.insertAt(1, 1);
    EXPECT_EQ(player.slot, 1u);
    EXPECT_EQ(pool.handleAt(1), player);
    ASSERT_TRUE(pool.remove(a));
    ASSERT_TRUE(pool.remove(b));
    EXPECT_TRUE(pool.handleAt(2).isNull());
    EXPECT_EQ(pool.generationAt(2), 1u);
    // Lowest usable free slot first (not LIFO), and the predicate can refuse a slot (slot 2: "freed too recently").
    const Handle c = pool.insertLowest(4, [](std::uint32_t s) { return s > 2; });
    EXPECT_EQ(c.slot, 3u);
    EXPECT_EQ(c.generation, 1u);
    const Handle d = pool.insertLowest(5, notReserved);
    EXPECT_EQ(d.slot, 2u);
    EXPECT_FALSE(pool.valid(a));
    EXPECT_EQ(*pool.get(d), 5);
    // Growing past the end leaves the skipped slots free.
    const Handle far = pool.insertAt(7, 7);
    EXPECT_EQ(far.slot, 7u);
    EXPECT_EQ(pool.slotCount(), 8u);
    EXPECT_EQ(pool.insertLowest(6, notReserved).slot, 4u);
    EXPECT_EQ(pool.size(), 6u);  // 0, 1, 2, 3, 4, 7
}

// ---- PCG32 ----

TEST(Pcg32, MatchesTheReferenceSequence) {
    // pcg32_srandom_r(&rng, 42u, 54u) from the PCG reference implementation (pcg32-demo output).
    Pcg32 rng(42, 54);
    const std::uint32_t expected[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    for (auto e : expected) EXPECT_EQ(rng.next(), e);
}

TEST(Pcg32, DefaultSeedIsPinned) {
    Pcg32 rng;
    const std::uint32_t expected[] = {0x1bbeb4f2, 0xe82e89e9, 0x681cfdeb, 0xe00fa2ec};
    for (auto e : expected) EXPECT_EQ(rng.next(), e);
}

TEST(Pcg32, BelowAndUnit) {
    Pcg32 rng(42, 54);
    const std::uint32_t expected[] = {3, 3, 2, 1, 1};
    for (auto e : expected) EXPECT_EQ(rng.below(6), e);
    EXPECT_FLOAT_EQ(rng.unit(), 0.796590805f);
    EXPECT_EQ(rng.below(0), 0u);
    EXPECT_EQ(rng.below(1), 0u);
    Pcg32 r2(1, 1);
    std::uint32_t hist[3] = {};
    for (int i = 0; i < 30000; ++i) {
        const auto v = r2.below(3);
        ASSERT_LT(v, 3u);
        ++hist[v];
        const float u = r2.unit();
        ASSERT_GE(u, 0.0f);
        ASSERT_LT(u, 1.0f);
    }
    for (auto h : hist) EXPECT_NEAR(h, 10000, 500);
    // The largest bound still terminates and stays in range.
    EXPECT_LT(r2.below(0xFFFFFFFFu), 0xFFFFFFFFu);
}

TEST(Fnv1a64, KnownVectors) {
    EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
    EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
    EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ull);
    EXPECT_EQ(fnv1a64("bar", fnv1a64("foo")), fnv1a64("foobar")) << "chaining by seed";
}

// ---- RngStreams ----

std::vector<std::uint32_t> take(Pcg32& rng, int n) {
    std::vector<std::uint32_t> out;
    for (int i = 0; i < n; ++i) out.push_back(rng.next());
    return out;
}

TEST(RngStreams, PinnedStream) {
    RngStreams streams(1);
    EXPECT_EQ(take(streams.stream("physics"), 4), (std::vector<std::uint32_t>{0x625b8fc0, 0x3e430bb4, 0x0e4e1e3c, 0x3a1f0874}));
    RngStreams zero;
    EXPECT_EQ(zero.worldSeed(), 0u);
    EXPECT_EQ(take(zero.stream("ai"), 4), (std::vector<std::uint32_t>{0xee2a87e5, 0x19437e4c, 0xeb4efc85, 0xf61fcfe5}));
}

TEST(RngStreams, AddingAStreamDoesNotShiftAnother) {
    RngStreams lone(1234);
    const auto reference = take(lone.stream("physics"), 64);

    RngStreams busy(1234);
    take(busy.stream("ai"), 10);
    auto first = take(busy.stream("physics"), 20);
    take(busy.stream("audio"), 33);
    take(busy.stream("zzz-new-stream"), 1);
    auto rest = take(busy.stream("physics"), 44);
    first.insert(first.end(), rest.begin(), rest.end());
    EXPECT_EQ(first, reference);
}

TEST(RngStreams, StreamsAndSeedsDiffer) {
    RngStreams a(7), b(8);
    const auto a1 = take(a.stream("x"), 8);
    const auto a2 = take(a.stream("y"), 8);
    const auto b1 = take(b.stream("x"), 8);
    EXPECT_NE(a1, a2);
    EXPECT_NE(a1, b1);
    // Same name, same reference; the lookup is by value, not by the string's address.
    std::string name = "x";
    EXPECT_EQ(&a.stream(name), &a.stream("x"));
}

// ---- TickClock ----

TEST(TickClock, TimeComesFromTheTickCount) {
    TickClock exact(1.0 / 64.0);
    exact.advance(1000);
    EXPECT_EQ(exact.time(), 15.625);
    EXPECT_EQ(exact.rate(), 64.0);

    TickClock clock;  // Source's default: 0.015 s per tick, 66.67 Hz derived
    EXPECT_EQ(clock.interval(), 0.015);
    EXPECT_EQ(clock.interval(), kSourceTickInterval);
    EXPECT_EQ(clock.rate(), 1.0 / 0.015);
    EXPECT_DOUBLE_EQ(clock.rate(), 66.666666666666667);
    double accumulated = 0;
    for (int i = 0; i < 1000; ++i) {
        clock.advance();
        accumulated += clock.interval();
    }
    EXPECT_EQ(clock.tick(), 1000u);
    EXPECT_EQ(clock.time(), clock.timeAt(1000)) << "time is tick * interval, bit for bit";
    EXPECT_EQ(clock.time(), 1000 * 0.015);
    EXPECT_EQ(clock.time(), 15.0);
    EXPECT_NE(std::bit_cast<std::uint64_t>(accumulated), std::bit_cast<std::uint64_t>(clock.time()))
        << "(this is why the clock never accumulates)";
    // Source's TICKS_TO_TIME multiplies by the interval; dividing by the derived rate is not the same number.
    EXPECT_NE(std::bit_cast<std::uint64_t>(clock.timeAt(9)), std::bit_cast<std::uint64_t>(9 / clock.rate()));
    EXPECT_EQ(clock.timeAt(9), 9 * 0.015);
    clock.reset(5);
    EXPECT_EQ(clock.tick(), 5u);
    EXPECT_EQ(clock.time(), clock.timeAt(5));
    clock.reset();
    EXPECT_EQ(clock.time(), 0.0);
}

TEST(TickClock, FromRateStoresTheInterval) {
    const TickClock ten = TickClock::fromRate(10.0);
    EXPECT_EQ(ten.interval(), 0.1);
    EXPECT_EQ(ten.timeAt(3), 3 * 0.1);
    // The CLI's default --tick-rate (66.666666666666667) gives back Source's interval exactly.
    EXPECT_EQ(TickClock::fromRate(66.666666666666667).interval(), kSourceTickInterval);
}

TEST(TickClock, ConsumeRealTimeCarriesTheRemainder) {
    TickClock clock(0.1);
    EXPECT_EQ(clock.consumeRealTime(0.25), 2u);  // 0.05 carried
    EXPECT_EQ(clock.consumeRealTime(0.04), 0u);  // 0.09
    EXPECT_EQ(clock.consumeRealTime(0.02), 1u);  // 0.11 -> 0.01
    EXPECT_EQ(clock.tick(), 3u);
    EXPECT_EQ(clock.consumeRealTime(0.0), 0u);
}

TEST(TickClock, ConsumeRealTimeSurvivesNonFiniteInput) {
    TickClock clock(0.1);
    EXPECT_EQ(clock.consumeRealTime(std::numeric_limits<double>::quiet_NaN()), 0u);
    EXPECT_EQ(clock.consumeRealTime(0.1), 1u);
    EXPECT_EQ(clock.consumeRealTime(-1.0), 0u);
    EXPECT_EQ(clock.consumeRealTime(0.1), 1u) << "a negative frame time must not be owed back";
    EXPECT_EQ(clock.consumeRealTime(std::numeric_limits<double>::infinity()), 0u) << "must return, not loop";
    EXPECT_EQ(clock.consumeRealTime(0.1), 1u);
    EXPECT_EQ(clock.tick(), 3u);
    // A huge but finite frame runs its ticks in one step (no per-tick loop).
    EXPECT_EQ(clock.consumeRealTime(1e9), 10000000000u);
}

}  // namespace
}  // namespace vestige
