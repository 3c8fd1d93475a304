// Neutral key names, the edge/held folding shared by the platform adapter and the script, and the free-fly
// controller (today's viewer behaviour; its numbers are ours, a regression guard).
#include "vestige/viewer/frame_input.hpp"

#include <gtest/gtest.h>

#include "vestige/viewer/controller.hpp"

namespace vestige::viewer {
namespace {

TEST(Keys, EveryNameRoundTrips) {
    for (std::size_t i = 1; i < kKeyCount; ++i) {
        const Key k = static_cast<Key>(i);
        ASSERT_EQ(keyFromName(keyName(k)), k) << keyName(k);
    }
    EXPECT_EQ(keyFromName("LSHIFT"), Key::LeftShift);
    EXPECT_FALSE(keyFromName("unknown").has_value());
    EXPECT_FALSE(keyFromName("hyper").has_value());
}

TEST(KeyState, EdgesOncePerFrameHeldCarriesOver) {
    KeyState keys;
    FrameInput a = keys.begin(0);
    keys.down(a, Key::W);
    keys.down(a, Key::W);  // a repeat is no second edge
    EXPECT_TRUE(a.wasPressed(Key::W));
    EXPECT_TRUE(a.isHeld(Key::W));
    FrameInput b = keys.begin(16'000);
    EXPECT_TRUE(b.isHeld(Key::W));
    EXPECT_FALSE(b.wasPressed(Key::W)) << "an edge is not repeated in a later frame";
    keys.down(b, Key::Space);
    keys.up(b, Key::Space);
    EXPECT_TRUE(b.wasPressed(Key::Space));
    EXPECT_TRUE(b.wasReleased(Key::Space));
    EXPECT_FALSE(b.isHeld(Key::Space)) << "a tap inside one frame is not held";
    keys.buttonDown(b, MouseButton::Right);
    FrameInput c = keys.begin(16'000);
    keys.releaseAll(c);
    EXPECT_TRUE(c.wasReleased(Key::W));
    EXPECT_TRUE(c.buttonsReleased.test(static_cast<std::size_t>(MouseButton::Right)));
    EXPECT_TRUE(c.held.none());
    EXPECT_TRUE(keys.begin(0).held.none()) << "nothing stays held after focus is lost";
}

TEST(FlyController, MovesAtItsSpeedAndLooksWithTheMouse) {
    const scene::Camera start = scene::ironCamera({0, 0, 0}, 0, 0, 0, 1.0f);
    FlyController fly(start, 400.0f);
    KeyState keys;
    FrameInput f = keys.begin(0);
    keys.down(f, Key::W);
    ASSERT_TRUE(fly.update(f).ok());
    for (int i = 0; i < 10; ++i) ASSERT_TRUE(fly.update(keys.begin(100'000)).ok());  // 1 s forward (+X)
    EXPECT_NEAR(fly.camera().position.x, 400.0f, 1e-3f);
    FrameInput slow = keys.begin(1'000'000);  // a 1 s frame moves as 0.1 s
    ASSERT_TRUE(fly.update(slow).ok());
    EXPECT_NEAR(fly.camera().position.x, 440.0f, 1e-3f);
    FrameInput look = keys.begin(0);
    look.mouseDelta = {-100, 0};  // left: heading grows (towards +Y)
    ASSERT_TRUE(fly.update(look).ok());
    EXPECT_GT(fly.camera().forward.y, 0.29f);
    EXPECT_EQ(fly.name(), "free_fly");
}

}  // namespace
}  // namespace vestige::viewer
