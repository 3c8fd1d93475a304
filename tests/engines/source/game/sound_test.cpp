// Soundscripts (game_sounds files, the manifest) and the world's sound events: a func_button's press sound as
// buttons.cpp (SDK 2013) emits it — "Buttons.snd<sounds>", CHAN_VOICE, volume 1, SNDLVL_NORM —, a func_door's four
// sounds as doors.cpp does, and a soundscript name played with the script's own parameters.
#include <gtest/gtest.h>

#include <map>

#include "vestige/core/text.hpp"
#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

using test::kTex;
using test::load;
using test::named;
using test::room;

constexpr std::string_view kScripts = R"("Buttons.snd3"
{
	"channel"	"CHAN_STATIC"
	"volume"	"0.8, 1.0"
	"soundlevel"	"SNDLVL_80dB"
	"pitch"	"PITCH_LOW, 105"
	"rndwave"
	{
		"wave"	")buttons/button3.wav"
		"wave"	"^buttons/button3b.wav"
	}
}
"Door.Move"
{
	"channel"	"6"
	"soundlevel"	"SNDLVL_NORM"
	"volume"	"VOL_NORM"
	"wave"	"doors\door_move1.wav"
}
"Broken.NoWave"
{
	"channel"	"CHAN_ITEM"
}
"Broken.Level"
{
	"soundlevel"	"loud"
	"wave"	"x.wav"
}
)";

TEST(SoundScripts, GameSoundsFilesReadAsSourceWritesThem) {
    SoundScripts s;
    auto n = s.addFile(kScripts, "scripts/game_sounds_test.txt");
    ASSERT_TRUE(n.ok()) << n.error().render();
    EXPECT_EQ(*n, 2u);
    const SoundScript* b = s.find("BUTTONS.SND3");  // case-insensitive, as Source looks names up
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->channel, 6);  // CHAN_STATIC
    EXPECT_EQ(b->soundLevel, 80.0f);
    EXPECT_EQ(b->volumeMin, 0.8f);
    EXPECT_EQ(b->volumeMax, 1.0f);
    EXPECT_EQ(b->pitchMin, 95.0f);  // PITCH_LOW
    EXPECT_EQ(b->pitchMax, 105.0f);
    ASSERT_EQ(b->waves.size(), 2u);
    EXPECT_EQ(soundPath(b->waves[0]), "sound/buttons/button3.wav");
    EXPECT_EQ(soundPath(b->waves[1]), "sound/buttons/button3b.wav");
    const SoundScript* d = s.find("door.move");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->channel, 6);
    EXPECT_EQ(d->soundLevel, 75.0f);
    EXPECT_EQ(d->volumeMax, 1.0f);
    EXPECT_EQ(soundPath(d->waves[0]), "sound/doors/door_move1.wav");
    // The two unusable blocks are skipped with their line, never half-defined.
    EXPECT_EQ(s.find("Broken.NoWave"), nullptr);
    EXPECT_EQ(s.find("Broken.Level"), nullptr);
    ASSERT_EQ(s.notes().size(), 2u);
    EXPECT_NE(s.notes()[0].find("scripts/game_sounds_test.txt:"), std::string::npos);
    EXPECT_NE(s.notes()[0].find("Broken.NoWave has no wave"), std::string::npos);
    EXPECT_NE(s.notes()[1].find("unreadable soundlevel"), std::string::npos);
    EXPECT_EQ(soundPath("!HG_ALERT"), "");  // a sentence, not a file
}

TEST(SoundScripts, TheManifestLoadsPrecacheAndPreloadFilesThenTheLevelsOwn) {
    std::map<std::string, std::string> files{
        {"scripts/game_sounds_manifest.txt", R"("game_sounds_manifest"
{
	"precache_file"	"scripts/game_sounds_a.txt"
	"declare_file"	"scripts/game_sounds_b.txt"
	"preload_file"	"scripts/game_sounds_c.txt"
	"precache_file"	"scripts/game_sounds_missing.txt"
})"},
        {"scripts/game_sounds_a.txt", R"("A.One" { "wave" "a.wav" } "Same" { "wave" "first.wav" })"},
        {"scripts/game_sounds_b.txt", R"("B.One" { "wave" "b.wav" })"},
        {"scripts/game_sounds_c.txt", R"("Same" { "wave" "second.wav" })"}};
    SoundScripts s;
    const auto read = [&](std::string_view path) -> Result<Bytes> {
        auto it = files.find(std::string(path));
        if (it == files.end()) return Error("content.not_found", "no such file").file(std::string(path));
        return Bytes(it->second.begin(), it->second.end());
    };
    EXPECT_EQ(s.loadManifest(read), 3u);
    EXPECT_NE(s.find("A.One"), nullptr);
    EXPECT_EQ(s.find("B.One"), nullptr);
    ASSERT_NE(s.find("same"), nullptr);
    EXPECT_EQ(s.find("same")->waves.front(), "second.wav");  // the later definition wins
    ASSERT_EQ(s.notes().size(), 1u);
    EXPECT_NE(s.notes()[0].find("game_sounds_missing.txt is missing"), std::string::npos);
    // The map's own file replaces scripts of the same name (CSoundEmitterSystem's level init).
    files["maps/gm_test_level_sounds.txt"] = R"("Same" { "wave" "level.wav" })";
    EXPECT_EQ(s.loadLevel(read, "gm_test"), 1u);
    EXPECT_EQ(s.find("same")->waves.front(), "level.wav");
    EXPECT_EQ(s.loadLevel(read, "gm_other"), 0u);
    // No manifest: nothing, quietly (a game without soundscripts).
    SoundScripts none;
    EXPECT_EQ(none.loadManifest([](std::string_view) -> Result<Bytes> { return Error("x", "none"); }), 0u);
    EXPECT_TRUE(none.notes().empty());
}

// A use-activated button (64 x 16 x 32 at x 100) with press sound 3 that comes back out 0.5 s after a press.
std::unique_ptr<World> buttonWorld(const char* spawnflags, const char* sounds = "3") {
    auto map = room();
    map.addBrushEntity({{"classname", "func_button"},
                        {"targetname", "b"},
                        {"spawnflags", spawnflags},
                        {"sounds", sounds},
                        {"wait", "0.5"},
                        {"speed", "100"}},
                       {bsp::MapBuilder::box({100, -32, 0}, {116, 32, 32}, kTex)}, Vec3{108, 0, 16});
    return load(map);
}

std::vector<SoundEvent> heard(World& w, int ticks) {
    std::vector<SoundEvent> out;
    for (int i = 0; i < ticks; ++i) {
        w.step();
        for (const SoundEvent& e : w.sounds.events()) out.push_back(e);
    }
    return out;
}

TEST(GameSound, AButtonPressPlaysButtonsSndNOnTheVoiceChannel) {
    auto w = buttonWorld("1025");  // don't move + use activates
    w->step();
    w->postEvent("b", "Press", {}, 0, {}, {});
    auto events = heard(*w, 1);
    ASSERT_EQ(events.size(), 1u);
    const SoundEvent& e = events[0];
    EXPECT_EQ(e.name, "Buttons.snd3");
    EXPECT_FALSE(e.script);   // no soundscripts loaded: the name as it is
    EXPECT_EQ(e.channel, 2);  // CHAN_VOICE
    EXPECT_EQ(e.volume, 1.0f);
    EXPECT_EQ(e.soundLevel, 75.0f);  // SNDLVL_NORM
    EXPECT_EQ(e.tick, w->tick());
    EXPECT_EQ(e.entity, static_cast<std::uint32_t>(named(*w, "b")->index));
    // From the brush's centre.
    EXPECT_NEAR(e.origin.x, 108.0f, 1.01f);
    EXPECT_NEAR(e.origin.y, 0.0f, 1e-3f);
    EXPECT_NEAR(e.origin.z, 16.0f, 1.01f);
    // Coming back out by itself after `wait` is silent (only a press sends it out with the sound).
    EXPECT_TRUE(heard(*w, 100).empty());
}

TEST(GameSound, AToggleButtonSoundsGoingInAndBeingPressedOut) {
    auto w = buttonWorld("1057");  // + toggle
    w->step();
    w->postEvent("b", "Press", {}, 0, {}, {});
    EXPECT_EQ(heard(*w, 30).size(), 1u);
    w->postEvent("b", "Press", {}, 0, {}, {});
    EXPECT_EQ(heard(*w, 30).size(), 1u);
    // sounds 0 is silent.
    auto quiet = buttonWorld("1057", "0");
    quiet->step();
    quiet->postEvent("b", "Press", {}, 0, {}, {});
    EXPECT_TRUE(heard(*quiet, 30).empty());
}

TEST(GameSound, ASoundscriptNamePlaysWithTheScriptsParameters) {
    auto w = buttonWorld("1025");
    ASSERT_TRUE(w->sounds.scripts().addFile(kScripts, "scripts/game_sounds_test.txt").ok());
    w->step();
    const std::uint64_t before = w->sounds.total();
    w->postEvent("b", "Press", {}, 0, {}, {});
    w->step();
    ASSERT_EQ(w->sounds.since(before).size(), 1u);
    const SoundEvent& e = w->sounds.since(before)[0];
    EXPECT_TRUE(e.script);
    EXPECT_EQ(e.channel, 6);
    EXPECT_EQ(e.soundLevel, 80.0f);
    EXPECT_EQ(e.volume, 1.0f);
    EXPECT_EQ(e.pitchMin, 95.0f);
    EXPECT_EQ(e.pitchMax, 105.0f);
    EXPECT_TRUE(w->sounds.since(w->sounds.total()).empty());
}

// A door 64 units of travel at 100 u/s with its four sounds: CBaseDoor's CHAN_STATIC moving sound when it starts,
// stopped on arrival, then the arrival sound; the closing pair when set.
std::unique_ptr<World> doorWorld(const char* spawnflags) {
    auto map = room();
    map.addBrushEntity({{"classname", "func_door"},
                        {"targetname", "d"},
                        {"spawnflags", spawnflags},
                        {"movedir", "-90 0 0"},
                        {"speed", "100"},
                        {"wait", "-1"},
                        {"lip", "0"},
                        {"noise1", "Door.Move"},
                        {"noise2", "Door.Stop"},
                        {"startclosesound", "Door.CloseMove"},
                        {"closesound", "Door.Shut"}},
                       {bsp::MapBuilder::box({300, -32, 0}, {308, 32, 64}, kTex)}, Vec3{304, 0, 32});
    return load(map);
}

TEST(GameSound, ADoorPlaysItsMovingSoundUntilItArrivesThenItsArrivalSound) {
    auto w = doorWorld("0");
    w->step();
    w->postEvent("d", "Open", {}, 0, {}, {});
    auto opening = heard(*w, 100);
    ASSERT_EQ(opening.size(), 3u);
    EXPECT_EQ(opening[0].name, "Door.Move");
    EXPECT_FALSE(opening[0].stop);
    EXPECT_EQ(opening[0].channel, 6);  // CHAN_STATIC
    EXPECT_EQ(opening[0].soundLevel, 75.0f);
    EXPECT_EQ(opening[1].name, "Door.Move");
    EXPECT_TRUE(opening[1].stop);
    EXPECT_EQ(opening[2].name, "Door.Stop");
    // 64 units (the model's 64, spread by 1 on load, minus 2) at 100 u/s: 0.64 s = 42.7 ticks, the arrival in
    // the 43rd moving tick.
    EXPECT_EQ(opening[1].tick - opening[0].tick, 43u);
    EXPECT_EQ(opening[2].tick, opening[1].tick);
    w->postEvent("d", "Close", {}, 0, {}, {});
    auto closing = heard(*w, 100);
    ASSERT_EQ(closing.size(), 3u);
    EXPECT_EQ(closing[0].name, "Door.CloseMove");
    EXPECT_EQ(closing[1].name, "Door.CloseMove");
    EXPECT_TRUE(closing[1].stop);
    EXPECT_EQ(closing[2].name, "Door.Shut");
    // Silent (4096): nothing.
    auto quiet = doorWorld("4096");
    quiet->step();
    quiet->postEvent("d", "Open", {}, 0, {}, {});
    EXPECT_TRUE(heard(*quiet, 100).empty());
}

// Footsteps (CBasePlayer::UpdateStepSound / PlayStepSound, the base gamemode's PlayerStepSoundTime): walking at
// sandbox's 200 u/s is "walking" (under 220), 350 ms apart at a max speed of 200 (24 ticks of 15 ms: the timer runs
// down 15 ms per command and plays when it reaches 0), right foot first, 0.2 volume on "default" (concrete), the
// soundscript's wave on CHAN_BODY at its level. Sprinting (400 u/s) runs: 250 ms, 0.5.
std::vector<SoundEvent> steps(World& w, Entity& p, const UserCmd& c, int ticks) {
    std::vector<SoundEvent> out;
    for (int i = 0; i < ticks; ++i) {
        w.setCommand(p, c);
        w.step();
        for (const SoundEvent& e : w.sounds.events()) out.push_back(e);
    }
    return out;
}

TEST(GameSound, FootstepsAlternateAtTheStepTimeWithTheSurfacesVolume) {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-800 0 0"}});
    auto w = load(map);
    ASSERT_TRUE(w->sounds.scripts()
                    .addFile(R"("Default.StepLeft" { "channel" "CHAN_BODY" "soundlevel" "SNDLVL_70dB" "wave" "l.wav" }
"Default.StepRight" { "soundlevel" "SNDLVL_70dB" "pitch" "90, 110" "rndwave" { "wave" "r1.wav" "wave" "r2.wav" } })",
                             "scripts/game_sounds_player.txt")
                    .ok());
    Entity& p = w->addPlayer();
    w->run(10);  // settle on the floor
    ASSERT_TRUE(steps(*w, p, test::cmd(0), 30).empty()) << "standing still is silent";
    auto walk = steps(*w, p, test::cmd(10000), 200);
    ASSERT_GE(walk.size(), 6u);
    for (std::size_t i = 0; i < walk.size(); ++i) {
        const bool right = i % 2 == 0;
        EXPECT_EQ(walk[i].name.front(), right ? 'r' : 'l') << i;
        EXPECT_EQ(walk[i].channel, 4);  // CHAN_BODY
        EXPECT_FLOAT_EQ(walk[i].volume, 0.2f);
        EXPECT_EQ(walk[i].soundLevel, 70.0f);
        EXPECT_EQ(walk[i].entity, static_cast<std::uint32_t>(p.index));
        if (right) {
            EXPECT_GE(walk[i].pitchMin, 90.0f);
            EXPECT_LE(walk[i].pitchMin, 110.0f);
        }
        if (i >= 2) EXPECT_EQ(walk[i].tick - walk[i - 1].tick, 24u) << "350 ms at 15 ms a tick";
    }
    auto run = steps(*w, p, test::cmd(10000, 0, 0, in::kSpeed), 150);
    ASSERT_GE(run.size(), 4u);
    EXPECT_FLOAT_EQ(run.back().volume, 0.5f);
    EXPECT_EQ(run.back().tick - run[run.size() - 2].tick, 17u) << "250 ms: 16.7 ticks";
    // Noclip is silent.
    p.moveType = MoveType::Noclip;
    EXPECT_TRUE(steps(*w, p, test::cmd(10000), 60).empty());
}

TEST(GameSound, NoSoundscriptForTheSurfacesStepNoFootstep) {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-800 0 0"}});
    auto w = load(map);
    Entity& p = w->addPlayer();
    w->run(10);
    EXPECT_TRUE(steps(*w, p, test::cmd(10000), 120).empty());
    EXPECT_NEAR(baseGamemodeStepSoundTime(100, StepSoundTime::Normal, false), 400.0f, 0);
    EXPECT_NEAR(baseGamemodeStepSoundTime(300, StepSoundTime::WaterFoot, true), 400.0f, 0);
    EXPECT_NEAR(baseGamemodeStepSoundTime(400, StepSoundTime::OnLadder, false), 450.0f, 0);
    EXPECT_NEAR(baseGamemodeStepSoundTime(400, StepSoundTime::WaterKnee, false), 600.0f, 0);
}

}  // namespace
}  // namespace vestige::source::game
