// Map I/O as server cbase.cpp does it: CEventAction parsing, FireOutput order and times-to-fire, the event queue's
// timing, target names (!activator/!caller/!self, trailing '*', class names), base inputs, the I/O loop cut.
#include <gtest/gtest.h>

#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

using test::load;
using test::named;
using test::ProbeWorld;
using test::room;

TEST(GameIo, EventActionParsing) {
    // target, input, parameter, delay, times (CEventAction::CEventAction).
    EventAction a = parseEventAction("door,Open,,1.5,2");
    EXPECT_EQ(a.target, "door");
    EXPECT_EQ(a.input, "Open");
    EXPECT_FALSE(a.hasParameter);
    EXPECT_FLOAT_EQ(a.delay, 1.5f);
    EXPECT_EQ(a.timesToFire, 2);
    // An empty input means "Use"; 0 times means always; a missing tail keeps the defaults.
    a = parseEventAction("lamp,,,,0");
    EXPECT_EQ(a.input, "Use");
    EXPECT_EQ(a.timesToFire, kFireAlways);
    a = parseEventAction("lamp");
    EXPECT_EQ(a.input, "Use");
    EXPECT_EQ(a.delay, 0.0f);
    EXPECT_EQ(a.timesToFire, kFireAlways);
    // ESC (0x1B) is the separator when present, so commas survive in the parameter (newer compilers).
    a = parseEventAction(
        "txt\x1b"
        "AddOutput\x1b"
        "OnUser1 a,b,c\x1b"
        "0.25\x1b"
        "-1");
    EXPECT_EQ(a.target, "txt");
    EXPECT_EQ(a.parameter, "OnUser1 a,b,c");
    EXPECT_FLOAT_EQ(a.delay, 0.25f);
    // atof / atoi: trailing junk ignored, junk alone is 0.
    a = parseEventAction("t,i,p,2x,3y");
    EXPECT_FLOAT_EQ(a.delay, 2.0f);
    EXPECT_EQ(a.timesToFire, 3);
    a = parseEventAction("t,i,p,x,y");
    EXPECT_EQ(a.delay, 0.0f);
    EXPECT_EQ(a.timesToFire, kFireAlways);
    // nexttoken keeps 255 bytes of a token and skips the byte after the cut.
    const std::string longName(300, 'n');
    a = parseEventAction(longName + ",Open");
    EXPECT_EQ(a.target.size(), 255u);
    EXPECT_EQ(a.input, std::string(44, 'n'));
}

TEST(GameIo, NamesMatchLikeTheEngine) {
    EXPECT_TRUE(namesMatch("Door", "door"));
    EXPECT_TRUE(namesMatch("door*", "door_left"));
    EXPECT_TRUE(namesMatch("*", "anything"));
    EXPECT_FALSE(namesMatch("door", "door_left"));
    EXPECT_FALSE(namesMatch("door_left", "door"));
    // NamesMatch stops at the first difference and accepts if the query has '*' there: "do*r" is "do*".
    EXPECT_TRUE(namesMatch("do*r", "dogs"));
    EXPECT_FALSE(namesMatch("do*r", "da"));
    EXPECT_TRUE(namesMatch("", ""));
    EXPECT_FALSE(namesMatch("x", ""));
}

TEST(GameIo, OutputsFireNewestFirstOnTheirTickWithTimesToFire) {
    auto map = room();
    // Two connections on one output; the engine prepends each parsed action, so the later key fires first.
    map.addEntity({{"classname", "logic_relay"},
                   {"targetname", "relay"},
                   {"spawnflags", "2"},  // fast retrigger
                   {"OnTrigger", "a,Ping,first,0,-1"},
                   {"OnTrigger", "b,Ping,second,0,-1"},
                   {"OnTrigger", "a,Ping,late,0.3,1"}});
    map.addEntity({{"classname", "probe"}, {"targetname", "a"}});
    map.addEntity({{"classname", "probe"}, {"targetname", "b"}});
    ProbeWorld pw(map);
    World& w = *pw.world;
    w.run(9);
    w.postEvent("relay", "Trigger", {}, 0, {}, {});  // fired on tick 10
    w.run(1);
    // Same tick, newest key first; the 0.3 s one is queued.
    ASSERT_EQ(pw.log.size(), 2u);
    EXPECT_EQ(pw.log[0], "10 b.Ping(second) - relay");
    EXPECT_EQ(pw.log[1], "10 a.Ping(first) - relay");
    // Due at curtime 0.15 + 0.3 (floats, as gpGlobals->curtime): the first tick with tick * 0.015f >= that.
    const float due = 10 * w.interval() + 0.3f;
    int expected = 10;
    while (static_cast<float>(expected) * w.interval() < due) ++expected;
    EXPECT_EQ(expected, 30);
    w.run(static_cast<std::uint64_t>(expected - 10));
    ASSERT_EQ(pw.log.size(), 3u);
    EXPECT_EQ(pw.log[2], std::to_string(expected) + " a.Ping(late) - relay");
    // Times to fire 1: that connection is gone; the others keep firing.
    w.postEvent("relay", "Trigger", {}, 0, {}, {});
    w.run(40);
    EXPECT_EQ(pw.log.size(), 5u);
    EXPECT_EQ(named(w, "relay")->findOutput("OnTrigger")->actions.size(), 2u);
}

TEST(GameIo, ProceduralNamesWildcardsAndClassNames) {
    auto map = room();
    map.addEntity({{"classname", "logic_relay"},
                   {"targetname", "r"},
                   {"spawnflags", "2"},
                   {"OnTrigger", "!activator,Ping,act,0,-1"},
                   {"OnTrigger", "!self,FireUser1,,0,-1"},
                   {"OnUser1", "p*,Ping,wild,0,-1"},
                   {"OnUser1", "probe,Num,7,0,-1"}});  // no entity is named "probe": it is the class name
    map.addEntity({{"classname", "probe"}, {"targetname", "p1"}});
    map.addEntity({{"classname", "probe"}, {"targetname", "p2"}});
    ProbeWorld pw(map);
    World& w = *pw.world;
    const EntityHandle p1 = named(w, "p1")->handle;
    w.postEvent("r", "Trigger", {}, 0, p1, {});
    w.step();
    // r's list is newest first: "!self,FireUser1" then "!activator,Ping", both due now. FireUser1 is delivered
    // first and its OnUser1 events (newest first: the class name, then the wildcard) join the queue behind the
    // Ping already there. A class name reaches every entity of the class, in creation order.
    ASSERT_EQ(pw.log.size(), 5u) << ::testing::PrintToString(pw.log);
    EXPECT_EQ(pw.log[0], "1 p1.Ping(act) p1 r");
    EXPECT_EQ(pw.log[1], "1 p1.Num(7) p1 r");
    EXPECT_EQ(pw.log[2], "1 p2.Num(7) p1 r");
    EXPECT_EQ(pw.log[3], "1 p1.Ping(wild) p1 r");
    EXPECT_EQ(pw.log[4], "1 p2.Ping(wild) p1 r");
}

TEST(GameIo, ZeroDelayLoopIsCutWithAClearError) {
    // A fires B, B fires A, no delay, fast retrigger: Source would spin forever inside one ServiceEvents.
    auto map = room();
    map.addEntity(
        {{"classname", "logic_relay"}, {"targetname", "A"}, {"spawnflags", "2"}, {"OnTrigger", "B,Trigger,,0,-1"}});
    map.addEntity(
        {{"classname", "logic_relay"}, {"targetname", "B"}, {"spawnflags", "2"}, {"OnTrigger", "A,Trigger,,0,-1"}});
    auto w = load(map);
    w->postEvent("A", "Trigger", {}, 0, {}, {});
    w->step();  // returns
    ASSERT_EQ(w->errors().size(), 1u);
    const Error& e = w->errors().front();
    EXPECT_EQ(e.code(), "game.io_loop");
    const std::string text = e.render();
    EXPECT_NE(text.find("A.Trigger -> B.Trigger -> A.Trigger"), std::string::npos) << text;
    EXPECT_TRUE(w->events().empty());
    // With a delay the same pair is not a loop: one hop per due time.
    auto map2 = room();
    map2.addEntity(
        {{"classname", "logic_relay"}, {"targetname", "A"}, {"spawnflags", "2"}, {"OnTrigger", "B,Trigger,,0.1,-1"}});
    map2.addEntity(
        {{"classname", "logic_relay"}, {"targetname", "B"}, {"spawnflags", "2"}, {"OnTrigger", "A,Trigger,,0,-1"}});
    auto w2 = load(map2);
    w2->postEvent("A", "Trigger", {}, 0, {}, {});
    w2->run(100);
    EXPECT_TRUE(w2->errors().empty());
    EXPECT_GT(w2->ioEventsFired(), 20u);
}

TEST(GameIo, RelayWaitsForItsLastOutputUnlessFastRetrigger) {
    // logic_relay without flag 2: after Trigger it ignores Trigger until max delay + 0.001 s (EnableRefire).
    auto map = room();
    map.addEntity({{"classname", "logic_relay"}, {"targetname", "r"}, {"OnTrigger", "c,Add,1,0.5,-1"}});
    map.addEntity({{"classname", "math_counter"}, {"targetname", "c"}});
    map.addEntity({{"classname", "logic_compare"}, {"targetname", "unused"}});
    auto w = load(map);
    for (int i = 0; i < 5; ++i) w->postEvent("r", "Trigger", {}, static_cast<float>(i) * 0.1f, {}, {});
    w->run(200);
    // Triggers at 0, 0.1, 0.2, 0.3, 0.4 s: only the first gets through (refire after 0.501 s).
    const Entity* c = named(*w, "c");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(w->ioEventsFired(), 5u + 1u + 1u);  // 5 Triggers, 1 EnableRefire, 1 Add
}

TEST(GameIo, BaseInputsKillAddOutputFireUserSetParent) {
    auto map = room();
    map.addEntity({{"classname", "probe"}, {"targetname", "p"}});
    map.addEntity({{"classname", "info_target"}, {"targetname", "t"}});
    map.addEntity({{"classname", "info_target"}, {"targetname", "kid"}, {"parentname", "t"}});
    ProbeWorld pw(map);
    World& w = *pw.world;
    // AddOutput "<output> target:input:param:delay:times" (':' for ','), then FireUser1 fires it.
    w.postEvent("t", "AddOutput", Variant::ofString("OnUser1 p:Ping:hello:0:1"), 0, {}, {});
    w.postEvent("t", "FireUser1", {}, 0.05f, {}, {});
    w.run(10);
    ASSERT_EQ(pw.log.size(), 1u);
    EXPECT_EQ(pw.log[0].substr(pw.log[0].find(' ') + 1), "p.Ping(hello) - t");
    // AddOutput with a plain key sets it (KeyValue handles both).
    w.postEvent("t", "AddOutput", Variant::ofString("origin 10 20 30"), 0, {}, {});
    w.step();
    EXPECT_EQ(named(w, "t")->origin, (Vec3{10, 20, 30}));
    EXPECT_EQ(named(w, "kid")->origin, (Vec3{}));  // a key, not a move: children stay
    // KillHierarchy removes the children too; Kill only the target.
    const EntityHandle kid = named(w, "kid")->handle;
    w.postEvent("t", "KillHierarchy", {}, 0, {}, {});
    w.step();
    EXPECT_EQ(w.get(kid), nullptr);
    EXPECT_EQ(named(w, "t"), nullptr);
    // An unknown input is a visible warning, not silence.
    w.postEvent("p", "Explode", {}, 0, {}, {});
    w.step();
    ASSERT_FALSE(w.warnings().empty());
    EXPECT_EQ(w.warnings().back().code(), "game.io_input");
    // A float cannot become a string input (variant_t::Convert refuses): a bad link warning.
    w.postEvent("p", "Ping", Variant::ofFloat(1.5f), 0, {}, {});
    w.step();
    EXPECT_EQ(w.warnings().back().code(), "game.io_link");
}

}  // namespace
}  // namespace vestige::source::game
