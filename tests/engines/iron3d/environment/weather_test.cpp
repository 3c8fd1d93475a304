// EnvironmentFrame: the weather schedule drives particles, lightning and sound transitions.
#include "vestige/iron3d/environment/weather.hpp"

#include <gtest/gtest.h>

using namespace vestige;
using namespace vestige::iron3d::environment;

namespace {

EnvironmentConfig stormConfig() {
    EnvironmentConfig c;
    c.schedule.keys = {{0, {0, 0, 0}}, {1000, {1, 0, 0}}, {2000, {1, 0, 0.95f}}, {3000, {0, 0, 0}}};
    c.rainLoop = parseSoundName("atm_rain1.wav");
    c.thunder = parseSoundName("sounds.lib/thunder1.wav");
    c.lightningBounds = {-500, -500, 500, 500, 400};
    c.worldSeed = 99;
    return c;
}

std::vector<std::string> run(EnvironmentConfig config, int ticks) {
    Environment env(std::move(config));
    std::vector<std::string> lines;
    for (const auto& e : env.start()) lines.push_back(audio::toJsonLine(e));
    CameraFrame cam;
    for (int i = 0; i < ticks; ++i)
        for (const auto& e : env.step(cam, {}).sounds) lines.push_back(audio::toJsonLine(e));
    return lines;
}

}  // namespace

TEST(Weather, ScheduleInterpolatesBetweenKeysAndClampsAtTheEnds) {
    WeatherSchedule s;
    s.keys = {{1000, {0, 1, 0}}, {3000, {1, 0, 0.5f}}};
    EXPECT_EQ(s.at(0), (WeatherState{0, 1, 0}));
    EXPECT_EQ(s.at(2000), (WeatherState{0.5f, 0.5f, 0.25f}));
    EXPECT_EQ(s.at(3000), (WeatherState{1, 0, 0.5f}));
    EXPECT_EQ(s.at(9000), (WeatherState{1, 0, 0.5f}));
    EXPECT_EQ(WeatherSchedule{}.at(5), WeatherState{});
}

TEST(Weather, SoundNamesWithoutArchiveUseTheMissionLibrary) {
    EXPECT_EQ(parseSoundName("atm_rain1.wav"), (audio::SampleKey{"", "atm_rain1.wav"}));
    EXPECT_EQ(parseSoundName("sounds.lib/thunder1.wav"), (audio::SampleKey{"sounds.lib", "thunder1.wav"}));
}

TEST(Weather, RainLoopStartsFollowsTheIntensityAndStops) {
    Environment env(stormConfig());
    CameraFrame cam;
    std::vector<audio::SoundEvent> events;
    std::size_t maxRain = 0;
    for (int i = 0; i < 200; ++i) {
        const EnvironmentFrame f = env.step(cam, {});
        maxRain = std::max(maxRain, f.rain->size());
        for (const auto& e : f.sounds)
            if (e.loopId == kRainLoopId) events.push_back(e);
    }
    ASSERT_GE(events.size(), 3u);
    EXPECT_EQ(events.front().kind, audio::EventKind::StartLoop);
    EXPECT_EQ(events.front().tick, 0u);  // first tick: t = 16 ms, rain 0.016 > 0
    EXPECT_FLOAT_EQ(events.front().volume, 0.016f);
    EXPECT_EQ(events.front().sample.library, "");  // resolved by the audio owner to the mission library
    EXPECT_EQ(events.front().bus, audio::Bus::Ambient);
    EXPECT_EQ(events.back().kind, audio::EventKind::StopLoop);
    EXPECT_EQ(events.back().tick, 187u);  // t = 3008 ms: past the last key, rain 0
    for (std::size_t i = 1; i + 1 < events.size(); ++i) EXPECT_EQ(events[i].kind, audio::EventKind::SetLoopVolume);
    // Volume stays at 1 from 1008 ms (tick 62) to 2000 ms (tick 124): nothing is sent while it does not change.
    for (const auto& e : events)
        if (e.kind == audio::EventKind::SetLoopVolume) { EXPECT_TRUE(e.tick < 63 || e.tick > 124) << e.tick; }
    // 1000 points at intensity 1 with a default camera (vfov 0.975, 4:3: the box is 0.930 of the reference).
    const double ratio = volumeRatio(boxFor(0.975f, 4.0f / 3.0f));
    EXPECT_EQ(maxRain, particleCount(ratio, 1, 1));
    EXPECT_EQ(maxRain, 930u);
}

TEST(Weather, LightningGivesAStrikeAndAThunderOneShotAtTheSamePoint) {
    Environment env(stormConfig());
    CameraFrame cam;
    int strikes = 0;
    for (int i = 0; i < 200; ++i) {
        const EnvironmentFrame f = env.step(cam, {});
        for (const auto& s : f.lightning) {
            ++strikes;
            bool found = false;
            for (const auto& e : f.sounds)
                if (e.kind == audio::EventKind::OneShot && e.sample.name == "thunder1.wav") {
                    found = true;
                    EXPECT_EQ(e.position, s.position);
                    EXPECT_TRUE(e.positional);
                    EXPECT_EQ(e.minDistance, 100.0f);
                    EXPECT_EQ(e.maxDistance, 1500.0f);
                    EXPECT_EQ(e.frequencyRatio, 1.0f);
                    EXPECT_EQ(e.sample.library, "sounds.lib");
                    EXPECT_EQ(e.bus, audio::Bus::Effects);
                }
            EXPECT_TRUE(found);
            EXPECT_EQ(s.position.z, 400.0f);
            EXPECT_GE(s.position.x, -500.0f);
            EXPECT_LE(s.position.x, 500.0f);
        }
    }
    EXPECT_GE(env.atmosphereDraws(), 1u);  // lightning draws only from the named atmosphere stream
    (void)strikes;
}

TEST(Weather, SameConfigGivesTheSameEventListAndASeedChangesLightningOnly) {
    const auto a = run(stormConfig(), 400);
    const auto b = run(stormConfig(), 400);
    EXPECT_EQ(a, b);
    ASSERT_FALSE(a.empty());
}

TEST(Weather, PauseHoldsTimeTimersAndParticles) {
    EnvironmentConfig c = stormConfig();
    AmbientConfig amb;
    amb.theme = {"", "THEME.WAV"};
    amb.defaultPool = {{"", "V1"}, {"", "V2"}};
    c.ambient = amb;
    Environment env(std::move(c));
    CameraFrame cam;
    for (int i = 0; i < 70; ++i) (void)env.step(cam, {});
    const std::uint32_t t = env.timeMs();
    const auto before = *env.step(cam, {}).rain;
    env.setPaused(true);
    for (int i = 0; i < 100; ++i) {
        const EnvironmentFrame f = env.step(cam, {});
        EXPECT_TRUE(f.sounds.empty());
        EXPECT_FALSE(f.variation);
        EXPECT_EQ(*f.rain, before);
    }
    EXPECT_EQ(env.timeMs(), t + 16);
    env.setPaused(false);
    const EnvironmentFrame f = env.step(cam, {});
    EXPECT_EQ(f.timeMs, t + 32);
}

TEST(Weather, ListenerIsTheCameraFrame) {
    CameraFrame cam;
    cam.position = {10, 20, 30};
    cam.forward = {0, 1, 0};
    cam.right = {1, 0, 0};
    cam.up = {0, 0, 1};
    const audio::Listener l = listenerFor(cam);
    EXPECT_EQ(l.position, cam.position);
    EXPECT_EQ(l.forward, cam.forward);
    EXPECT_EQ(l.up, cam.up);
    EXPECT_EQ(l.velocity, (Vec3{}));
}
