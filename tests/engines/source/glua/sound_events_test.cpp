// Sounds from Lua become the world's sound events with the wiki's arguments and defaults (Entity:EmitSound,
// EmitSound, sound.Play, Entity:StopSound pages): level 75, pitch 100, volume 1, CHAN_AUTO (CHAN_WEAPON on a
// weapon), dsp 1 (sound.Play: 0); a soundscript's own channel, volume, level and pitch win over the call's (the
// Entity:EmitSound warning); EmitSound's entity -1 / -2 act as the world on the server. Both modes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "glua_fixture.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {

class SoundEvents : public ::testing::TestWithParam<bool> {};
INSTANTIATE_TEST_SUITE_P(Modes, SoundEvents, ::testing::Values(false, true), modeName);

TEST_P(SoundEvents, EmitSoundSoundPlayAndStopSoundWithTheWikisDefaults) {
    auto rt = bootMode(GetParam(), {.tick = true});
    ASSERT_EQ(ev(*rt,
                 "P = ents.Create('prop_dynamic') P:SetPos(Vector(10, 0, 0)) P:Spawn() "
                 "P:EmitSound('ambient/beep.wav') "
                 "sound.Add({ name = 'Test.Beep', channel = CHAN_ITEM, volume = 0.5, level = 90, pitch = { 90, 110 }, "
                 "sound = 'buttons/beep.wav' }) "
                 "P:EmitSound('test.beep', 60, 50, 1, CHAN_VOICE) "
                 "EmitSound('x.wav', Vector(1, 2, 3), -1, CHAN_STATIC, 0.25, 80, 0, 120) "
                 "sound.Play('y.wav', Vector(4, 5, 6), 70, 130, 0.3) "
                 "P:StopSound('ambient/beep.wav') "
                 "return P:EntIndex()"),
              "5");  // slots 2-4: the player's view models
    const auto events = rt->world().sounds.events();
    ASSERT_EQ(events.size(), 5u);
    const auto& plain = events[0];
    EXPECT_EQ(plain.name, "ambient/beep.wav");
    EXPECT_EQ(plain.entity, 5u);
    EXPECT_EQ(plain.origin, (Vec3{10, 0, 0}));
    EXPECT_FALSE(plain.script);
    EXPECT_EQ(plain.soundLevel, 75);
    EXPECT_EQ(plain.pitchMin, 100);
    EXPECT_EQ(plain.pitchMax, 100);
    EXPECT_EQ(plain.volume, 1);
    EXPECT_EQ(plain.channel, 0);
    EXPECT_EQ(plain.dsp, 1);
    const auto& script = events[1];
    EXPECT_TRUE(script.script);
    EXPECT_EQ(script.channel, 3);  // CHAN_ITEM from the script, not the call's CHAN_VOICE
    EXPECT_FLOAT_EQ(script.volume, 0.5f);
    EXPECT_EQ(script.soundLevel, 90);
    EXPECT_EQ(script.pitchMin, 90);
    EXPECT_EQ(script.pitchMax, 110);
    const auto& global = events[2];
    EXPECT_EQ(global.entity, 0u);  // -1 (the local player) is the world on the server
    EXPECT_EQ(global.origin, (Vec3{1, 2, 3}));
    EXPECT_EQ(global.channel, 6);  // CHAN_STATIC
    EXPECT_FLOAT_EQ(global.volume, 0.25f);
    EXPECT_EQ(global.soundLevel, 80);
    EXPECT_EQ(global.pitchMin, 120);
    const auto& play = events[3];
    EXPECT_EQ(play.origin, (Vec3{4, 5, 6}));
    EXPECT_EQ(play.soundLevel, 70);
    EXPECT_EQ(play.pitchMin, 130);
    EXPECT_FLOAT_EQ(play.volume, 0.3f);
    EXPECT_EQ(play.dsp, 0);
    EXPECT_TRUE(events[4].stop);
    EXPECT_EQ(events[4].name, "ambient/beep.wav");
    // A weapon's default channel is CHAN_WEAPON; bad numbers are refused; the next tick starts a new list.
    EXPECT_EQ(ev(*rt, "Entity(1):Give('weapon_base'):EmitSound('w.wav') return pcall(P.EmitSound, P, 'z.wav', 0/0)"),
              "false\tbad argument #3 to '?' (finite number expected)");
    ASSERT_EQ(rt->world().sounds.events().size(), 6u);
    EXPECT_EQ(rt->world().sounds.events().back().channel, 1);
    rt->tick();
    EXPECT_TRUE(rt->world().sounds.events().empty());
    EXPECT_EQ(rt->world().sounds.total(), 6u);
}

// The tick's sounds are in the session trace, so two runs that differ only in what they play differ in hash.
TEST_P(SoundEvents, TheTicksSoundsAreInTheTrace) {
    const auto run = [&](const char* code) {
        std::vector<std::string> lines;
        TraceSink sink([&lines](std::string_view line) { lines.emplace_back(line); });
        Options opt;
        opt.traceSink = &sink;
        auto rt = bootRuntime(std::move(opt), {.jit = GetParam()});
        EXPECT_TRUE(rt->runString(std::string("hook.Add('Tick', 's', function() ") + code + " end)", "s.lua").ok());
        rt->runTicks(2);
        return std::pair{sink.hash(), lines.back()};
    };
    const auto a = run("EmitSound('a.wav', Vector(0, 0, 0))");
    const auto b = run("EmitSound('b.wav', Vector(0, 0, 0))");
    EXPECT_NE(a.second.find(R"("sounds":[[0,"a.wav",false]],"soundsTotal":2)"), std::string::npos) << a.second;
    EXPECT_NE(a.first, b.first);
}

}  // namespace
}  // namespace vestige::source::glua
