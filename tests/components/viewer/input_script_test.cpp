// `vestige view --script`: parsing (structured errors with the line) and delivery at a fixed frame rate.
#include "vestige/viewer/input_script.hpp"

#include <gtest/gtest.h>

namespace vestige::viewer {
namespace {

InputScript parse(std::string_view text) {
    auto s = InputScript::parse(text);
    EXPECT_TRUE(s.ok()) << s.error().render();
    return s.ok() ? std::move(*s) : InputScript{};
}

TEST(InputScript, ReadsEveryEventKind) {
    const auto s = parse(
        "# keys\n\n0 down left\r\n1000 up left\n1000 tap c\n1500 mouse 10 -2.5\n2000 button down right\n"
        "2000 button up right\n2100 focus-lost\n3000 quit\n");
    ASSERT_EQ(s.events().size(), 8u);
    EXPECT_EQ(s.events()[1].timeMicros, 1'000'000u);
    EXPECT_EQ(s.events()[2].kind, ScriptEvent::Kind::Tap);
    EXPECT_EQ(s.events()[3].motion, (Vec2{10, -2.5f}));
    EXPECT_EQ(s.events()[4].button, MouseButton::Right);
    EXPECT_EQ(s.lastFrame(30), 90u);
    EXPECT_EQ(s.lastFrame(144), 432u);
}

TEST(InputScript, BadLinesNameTheLineAndField) {
    struct Case {
        const char* text;
        const char* field;
    };
    for (const Case& c :
         {Case{"0 down left\nx down a\n", "time"}, Case{"10 down a\n5 up a\n", "time"}, Case{"0 down hyper\n", "key"},
          Case{"0 mouse 1 nan\n", "motion"}, Case{"0 button down side\n", "button"}, Case{"0 jump\n", "event"},
          Case{"0 down a b\n", "event"}}) {
        const auto s = InputScript::parse(c.text);
        ASSERT_FALSE(s.ok()) << c.text;
        EXPECT_EQ(s.error().code(), "view.bad_script");
        const std::string r = s.error().render();
        EXPECT_NE(r.find(c.field), std::string::npos) << r;
        EXPECT_NE(r.find("line"), std::string::npos) << r;
    }
}

// An event is seen in the first frame at or after its time; 1000 ms is frame 30 at 30 fps and frame 144 at 144.
TEST(ScriptPlayer, DeliversAtTheFirstFrameAtOrAfterTheEvent) {
    const auto s = parse("0 down left\n1000 up left\n1000 tap i\n1000 mouse 4 0\n1000 mouse 1 0\n");
    for (std::uint32_t fps : {30u, 144u}) {
        ScriptPlayer p(s, fps);
        std::uint64_t heldFrames = 0, elapsed = 0;
        for (std::uint64_t k = 0; k <= fps; ++k) {
            const FrameInput f = p.next();
            elapsed += f.elapsedMicros;
            if (k == 0) { EXPECT_EQ(f.elapsedMicros, 0u); }
            if (f.isHeld(Key::Left)) ++heldFrames;
            if (k == fps) {
                EXPECT_TRUE(f.wasReleased(Key::Left));
                EXPECT_TRUE(f.wasPressed(Key::I));
                EXPECT_TRUE(f.wasReleased(Key::I));
                EXPECT_FALSE(f.isHeld(Key::I));
                EXPECT_EQ(f.mouseDelta, (Vec2{5, 0})) << "motion sums within a frame";
            } else {
                EXPECT_EQ(f.mouseDelta, (Vec2{}));
            }
        }
        EXPECT_EQ(heldFrames, fps) << fps;
        EXPECT_EQ(elapsed, 1'000'000u) << "frame time adds up to the wall time exactly";
    }
}

TEST(ScriptPlayer, FocusLostReleasesAndQuitIsReported) {
    const auto s = parse("0 down w\n0 button down left\n100 focus-lost\n200 quit\n");
    ScriptPlayer p(s, 10);
    EXPECT_TRUE(p.next().isHeld(Key::W));
    const FrameInput lost = p.next();
    EXPECT_TRUE(lost.focusLost);
    EXPECT_TRUE(lost.wasReleased(Key::W));
    EXPECT_TRUE(lost.held.none());
    EXPECT_TRUE(lost.buttonsHeld.none());
    EXPECT_TRUE(p.next().quit);
}

TEST(ScriptPlayer, TypedTextAndWheelNotchesArriveInTheirFrame) {
    const auto s = parse("0 text echo  two spaces \n0 text !\n100 wheel -3\n100 wheel 1\n");
    ScriptPlayer p(s, 10);
    const FrameInput first = p.next();
    EXPECT_EQ(first.text, "echo  two spaces!");  // inner spaces kept, the line's trailing ones dropped
    EXPECT_EQ(first.wheel, 0);
    const FrameInput second = p.next();
    EXPECT_EQ(second.text, "");
    EXPECT_EQ(second.wheel, -2);
    EXPECT_FALSE(InputScript::parse("0 wheel 101\n").ok());
    EXPECT_FALSE(InputScript::parse("0 text\n").ok());
}

}  // namespace
}  // namespace vestige::viewer
