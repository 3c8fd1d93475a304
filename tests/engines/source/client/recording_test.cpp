// Recordings (`vestige play --record/--playback`): written and read back exactly, refused with the line and what was
// expected. Our own format; these are regression guards.
#include "vestige/source/client/recording.hpp"

#include <gtest/gtest.h>

namespace vestige::source::client {
namespace {

TEST(ClientRecording, WritesAndReadsBackEveryField) {
    RecordedTick t;
    t.cmd.viewAngles = {12.5f, -179.25f, 0.1f};
    t.cmd.forwardMove = 10000;
    t.cmd.sideMove = -0.3f;
    t.cmd.upMove = 320;
    t.cmd.buttons = game::in::kJump | game::in::kAttack;
    t.cmd.impulse = 201;
    t.cmd.mouseX = -32768;
    t.cmd.mouseY = 7;
    t.cmd.weaponSelect = 5;
    t.console = {"lua_run print(\"hi\")", "sv_cheats 1"};
    const std::string text = recordingHeader("demo", 66.666666666666667) + "\n" + recordingLine(1, t) + "\n" +
                             recordingLine(2, RecordedTick{}) + "\n" + recordingFooter(2, "00ff") + "\n";
    auto r = parseRecording(text);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->map, "demo");
    EXPECT_EQ(r->tickRate, 66.666666666666667);
    ASSERT_EQ(r->ticks.size(), 2u);
    const auto& c = r->ticks[0].cmd;
    EXPECT_EQ(c.viewAngles.x, 12.5f);
    EXPECT_EQ(c.viewAngles.y, -179.25f);
    EXPECT_EQ(c.viewAngles.z, 0.1f);  // floats survive the text exactly
    EXPECT_EQ(c.sideMove, -0.3f);
    EXPECT_EQ(c.buttons, t.cmd.buttons);
    EXPECT_EQ(c.impulse, 201);
    EXPECT_EQ(c.mouseX, -32768);
    EXPECT_EQ(c.weaponSelect, 5);
    EXPECT_EQ(r->ticks[0].console, t.console);
    EXPECT_TRUE(r->complete);
    EXPECT_EQ(r->traceHash, "00ff");
    // Without the end line it still reads (a recording cut off by a crash), marked incomplete.
    auto cut = parseRecording(text.substr(0, text.rfind("{\"end\"")));
    ASSERT_TRUE(cut.ok());
    EXPECT_FALSE(cut->complete);
}

TEST(ClientRecording, RefusesWhatItCannotReplay) {
    const std::string head = recordingHeader("m", 66) + "\n";
    const std::string good = recordingLine(1, RecordedTick{});
    for (const std::string& bad :
         {std::string("{}\n"), std::string(R"({"format":1,"version":"1","map":"m","tickRate":66})"),
          head + "not json\n", head + recordingLine(2, RecordedTick{}), head + good + "\n" + recordingFooter(5, "x"),
          head + good + "\n" + recordingFooter(1, "x") + "\n" + good,
          head + R"({"tick":1,"cmd":{"angles":[1e39,0,0],"forward":0,"side":0,"up":0,)"
                 R"("buttons":0,"impulse":0,"mouse":[0,0],"weapon":0,"subtype":0},"console":[]})",
          head + R"({"tick":1,"cmd":{"angles":[0,0,0],"forward":0,"side":0,"up":0,)"
                 R"("buttons":0,"impulse":300,"mouse":[0,0],"weapon":0,"subtype":0},"console":[]})",
          // Lines missing a member and a header member of the wrong type (found by fuzz_client_recording:
          // a const lookup of an absent key asserted, a typed lookup threw).
          head + "{\"cmdon\":1}\n", head + R"({"tick":1,"cmd":{"angle0s":[0,0,0]},"console":[]})",
          head + good + "\n" + R"({"end":true})", head + R"({"tick":1,"console":[]})", std::string()}) {
        auto r = parseRecording(bad);
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_EQ(r.error().code(), "play.bad_recording");
    }
}

}  // namespace
}  // namespace vestige::source::client
