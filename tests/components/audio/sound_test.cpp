#include "vestige/audio/sound.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

using namespace vestige::audio;

TEST(SoundEvent, JsonLineIsStableAndParses) {
    SoundEvent e;
    e.tick = 42;
    e.kind = EventKind::OneShot;
    e.bus = Bus::Effects;
    e.sample = {"sounds.lib", "thunder1.wav"};
    e.positional = true;
    e.position = {1.5f, -2, 300};
    e.minDistance = 100;
    e.maxDistance = 1500;
    const std::string line = toJsonLine(e);
    EXPECT_EQ(
        line,
        R"({"tick":42,"event":"OneShot","bus":"effects","sample":{"library":"sounds.lib","name":"thunder1.wav"},)"
        R"("position":[1.5,-2.0,300.0],"volume":1.0,"min_distance":100.0,"max_distance":1500.0,"frequency_ratio":1.0})");
    const auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["event"], "OneShot");
    SoundEvent stop;
    stop.kind = EventKind::StopLoop;
    stop.loopId = 2;
    stop.bus = Bus::Ambient;
    EXPECT_EQ(toJsonLine(stop), R"({"tick":0,"event":"StopLoop","bus":"ambient","loop":2})");
}

TEST(SoundEvent, CacheKeyFoldsCaseOnly) {
    EXPECT_EQ(cacheKey({"Sounds.LIB", "ATM_Rain1.wav"}), cacheKey({"sounds.lib", "atm_rain1.WAV"}));
    EXPECT_NE(cacheKey({"a.lib", "x.wav"}), cacheKey({"b.lib", "x.wav"}));
}
