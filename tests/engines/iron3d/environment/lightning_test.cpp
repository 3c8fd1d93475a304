// Lightning numbers of seed 002: delay_ms = round_even((1 - min(I, 0.95)) * 60000 * U), 6000 ms retry,
// body [40, 40, 600] from z + 300, thunder min 100 / max 1500 / ratio 1.
#include "vestige/iron3d/environment/lightning.hpp"

#include <gtest/gtest.h>

#include <deque>

using namespace vestige;
using namespace vestige::iron3d::environment;

TEST(Lightning, DelayForGivenIntensityAndU) {
    EXPECT_EQ(lightningDelayMs(0.5f, 0.5), 15000u);  // 0.5 * 60000 * 0.5
    EXPECT_EQ(lightningDelayMs(0.0f, 1.0), 60000u);  // no storm: a whole minute at U = 1
    EXPECT_EQ(lightningDelayMs(0.95f, 1.0), 3000u);  // (1 - 0.95) * 60000, float 0.95 rounds to 3000
    EXPECT_EQ(lightningDelayMs(1.0f, 1.0), 3000u);   // intensity capped at 0.95
    EXPECT_EQ(lightningDelayMs(7.0f, 1.0), 3000u);
    EXPECT_EQ(lightningDelayMs(0.5f, 0.0), 0u);
    EXPECT_EQ(lightningDelayMs(0.25f, unitFrom15(16384)), 22501u);  // 45000 * 16384/32767 = 22500.69 -> 22501
    EXPECT_DOUBLE_EQ(unitFrom15(32767), 1.0);
    EXPECT_DOUBLE_EQ(unitFrom15(0), 0.0);
}

TEST(Lightning, StrikesAfterItsDelayThenWaits6000Ms) {
    LightningBounds bounds{-100, -200, 100, 200, 500};
    std::deque<std::uint32_t> draws = {0, 32767, 0, 0, 16384, 16384};  // delay 0, x = max, y = min, then delay 0...
    LightningTimer timer(bounds, [&] {
        const std::uint32_t v = draws.empty() ? 0 : draws.front();
        if (!draws.empty()) draws.pop_front();
        return v;
    });
    std::vector<std::uint32_t> strikeTimes;
    std::vector<LightningStrike> strikes;
    std::uint32_t t = 0;
    for (int i = 0; i < 800; ++i) {
        t += 16;
        if (auto s = timer.update(16, 0.95f)) {
            strikeTimes.push_back(t);
            strikes.push_back(*s);
        }
    }
    // First strike on the first step (delay 0), the next one 6000 ms later (375 steps of 16 ms), then again.
    ASSERT_GE(strikeTimes.size(), 3u);
    EXPECT_EQ(strikeTimes[0], 16u);
    EXPECT_EQ(strikeTimes[1], 6016u);
    EXPECT_EQ(strikeTimes[2], 12016u);
    const LightningStrike& s = strikes[0];
    EXPECT_EQ(s.position, (Vec3{100, -200, 500}));  // x from the bounds' max (U = 1), y min (U = 0), z copied
    EXPECT_EQ(s.bodyOpcode, 3u);
    EXPECT_EQ(s.bodyDescriptor, (Vec3{40, 40, 600}));
    EXPECT_EQ(s.bodyStartZ, 800.0f);  // z + 300
    EXPECT_EQ(s.bodyLowZ, 500.0f);    // ends at z and z + 600
    EXPECT_EQ(s.bodyHighZ, 1100.0f);
    EXPECT_EQ(s.lightOpcode, 1u);
    EXPECT_NEAR(strikes[1].position.x, 0.0f, 0.01f);  // U = 16384/32767 ~ 0.5 in both axes
    EXPECT_NEAR(strikes[1].position.y, 0.0f, 0.01f);
}

TEST(Lightning, NoIntensityMeansNoTimer) {
    int drawsMade = 0;
    LightningTimer timer({0, 0, 1, 1, 0}, [&] {
        ++drawsMade;
        return 0u;
    });
    for (int i = 0; i < 100; ++i) EXPECT_FALSE(timer.update(16, 0.0f));
    EXPECT_EQ(drawsMade, 0);
    EXPECT_FALSE(timer.pendingDelay());
    // A storm arriving draws one delay, counted down by the steps.
    std::uint32_t r = 32767;
    LightningTimer t2({0, 0, 1, 1, 0}, [&] { return r; });
    EXPECT_FALSE(t2.update(16, 0.5f));
    ASSERT_TRUE(t2.pendingDelay());
    EXPECT_EQ(*t2.pendingDelay(), 30000u - 16u);
}
