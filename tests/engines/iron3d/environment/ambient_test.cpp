// Ambient variations of seed 002 "Ambient variations и переход день/ночь".
#include "vestige/iron3d/environment/ambient.hpp"

#include <gtest/gtest.h>

using namespace vestige;
using namespace vestige::iron3d::environment;

namespace {

AmbientConfig pools(std::size_t def, std::size_t day, std::size_t night) {
    AmbientConfig c;
    c.theme = {"music.lib", "THEME.WAV"};
    for (std::size_t i = 0; i < def; ++i) c.defaultPool.push_back({"", "DEF" + std::to_string(i + 1)});
    for (std::size_t i = 0; i < day; ++i) c.dayPool.push_back({"", "DAY" + std::to_string(i + 1)});
    for (std::size_t i = 0; i < night; ++i) c.nightPool.push_back({"", "NIGHT" + std::to_string(i + 1)});
    return c;
}

}  // namespace

TEST(Ambient, PairGeneratorSequenceByHand) {
    // a = (a << 1) ^ b; b = (b >> 1) ^ a, 16-bit: from (1, 1): (3,3) (5,4) (14,12) (16,22) (54,61).
    PairGenerator16 g(1, 1);
    EXPECT_EQ(g.step(), 3);
    EXPECT_EQ(g.step(), 4);
    EXPECT_EQ(g.step(), 12);
    EXPECT_EQ(g.step(), 22);
    EXPECT_EQ(g.step(), 61);
    EXPECT_EQ(g.a(), 54);
    PairGenerator16 top(0x8000, 0);  // the shift drops bit 15: state stays 16-bit
    EXPECT_EQ(top.step(), 0);
    EXPECT_EQ(top.a(), 0);
}

TEST(Ambient, CrtRandIsMsvcsSequence) {
    CrtRand r;  // srand(1): 41, 18467, 6334, 26500, 19169 (the MSVC runtime's well-known sequence)
    EXPECT_EQ(r.next(), 41u);
    EXPECT_EQ(r.next(), 18467u);
    EXPECT_EQ(r.next(), 6334u);
    EXPECT_EQ(r.next(), 26500u);
    EXPECT_EQ(r.next(), 19169u);
    EXPECT_EQ(r.calls(), 5u);
}

TEST(Ambient, FirstPositiveTickPlaysThenTenPlusRandModTen) {
    AmbientMusic m(pools(3, 0, 0), PairGenerator16(1, 1), CrtRand(1));
    const auto theme = m.start(0);
    EXPECT_EQ(theme.kind, audio::EventKind::StartLoop);
    EXPECT_EQ(theme.bus, audio::Bus::Music);
    EXPECT_EQ(theme.sample.name, "THEME.WAV");
    EXPECT_FALSE(m.update(0.0, {}));  // a zero tick is not positive
    std::vector<int> pickTicks, indices;
    std::vector<std::uint32_t> delays;
    for (int tick = 1; tick <= 3000; ++tick) {
        if (auto p = m.update(0.016, {})) {
            pickTicks.push_back(tick);
            indices.push_back(p->index);
            delays.push_back(p->nextDelay);
            EXPECT_EQ(p->pool, AmbientPool::Default);
        }
    }
    // rand() from srand(1): 41, 18467, 6334 -> delays 11, 17, 14 s. With 16 ms ticks a delay of D seconds fires on
    // the first tick where elapsed > D: 11 s -> 688 ticks (11.008 > 11), 17 s -> 1063 ticks.
    ASSERT_GE(pickTicks.size(), 3u);
    EXPECT_EQ(pickTicks[0], 1);
    EXPECT_EQ(delays[0], 11u);
    EXPECT_EQ(pickTicks[1], 1 + 688);
    EXPECT_EQ(delays[1], 17u);
    EXPECT_EQ(pickTicks[2], 1 + 688 + 1063);
    EXPECT_EQ(delays[2], 14u);
    // b sequence 3, 4, 12, 22, 61 over a pool of 3: 0, 1, 0 (never the previous index twice in a row).
    EXPECT_EQ(indices[0], 0);
    EXPECT_EQ(indices[1], 1);
    EXPECT_EQ(indices[2], 0);
}

TEST(Ambient, PreviousIndexIsDrawnAgainInAPoolOfTwo) {
    AmbientMusic m(pools(2, 0, 0), PairGenerator16(1, 1), CrtRand(1));
    std::vector<int> indices;
    for (int tick = 0; tick < 4000 && indices.size() < 3; ++tick)
        if (auto p = m.update(0.016, {})) indices.push_back(p->index);
    // b: 3 -> 1; 4 -> 0; 12 -> 0 (== previous, drawn again), 22 -> 0 (again), 61 -> 1.
    EXPECT_EQ(indices, (std::vector<int>{1, 0, 1}));
    EXPECT_EQ(m.generator().b(), 61);
}

TEST(Ambient, PoolChoiceByBaseRgbLength) {
    const AmbientConfig c = pools(1, 1, 1);
    EXPECT_EQ(AmbientMusic::choosePool(c, {1.2f, 0, 0}), AmbientPool::Day);
    EXPECT_EQ(AmbientMusic::choosePool(c, {0.5f, 0.5f, 0.5f}), AmbientPool::Night);  // 0.866
    // The boundary: the float 1.1f is 1.10000002 > 1.1 (the comparison is made in double, as C promotes a float
    // against the literal 1.1), so it is day; the next float below is night.
    EXPECT_EQ(AmbientMusic::choosePool(c, {1.1f, 0, 0}), AmbientPool::Day);
    EXPECT_EQ(AmbientMusic::choosePool(c, {std::nextafter(1.1f, 0.0f), 0, 0}), AmbientPool::Night);
    EXPECT_EQ(AmbientMusic::choosePool(pools(2, 0, 0), {5, 5, 5}), AmbientPool::Default);  // no day/night pools
}

TEST(Ambient, EmptyChosenPoolGivesMinusOneAndTheTimerGoesOn) {
    // A night pool exists, the day pool is empty, and it is day: nothing plays, index -1, no fallback.
    AmbientMusic m(pools(4, 0, 2), PairGenerator16(1, 1), CrtRand(1));
    auto p = m.update(0.016, {2, 0, 0});
    ASSERT_TRUE(p);
    EXPECT_EQ(p->pool, AmbientPool::Day);
    EXPECT_EQ(p->index, -1);
    EXPECT_FALSE(p->sample);
    EXPECT_EQ(p->nextDelay, 11u);
    EXPECT_EQ(m.generator().b(), 1);  // no draw was made
    // Night falls: the night pool plays, and the index survives the switch.
    std::optional<VariationPick> next;
    for (int i = 0; i < 1000 && !next; ++i) next = m.update(0.016, {0.1f, 0.1f, 0.1f});
    ASSERT_TRUE(next);
    EXPECT_EQ(next->pool, AmbientPool::Night);
    EXPECT_EQ(next->index, 1);  // b = 3 -> 3 % 2
    ASSERT_TRUE(next->sample);
    EXPECT_EQ(next->sample->name, "NIGHT2");
}
