// The client's mixer: world sound events to audio events, with Source's attenuation constants (snd_refdb 60,
// snd_refdist 36: SDK 2013 snd_dma.cpp) and a soundscript's wave, volume and pitch picks.
#include "vestige/source/client/sound_mixer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace vestige::source::client {
namespace {

game::SoundEvent at(std::string name, Vec3 origin, float level = 75) {
    game::SoundEvent e;
    e.name = std::move(name);
    e.origin = origin;
    e.soundLevel = level;
    return e;
}

TEST(SoundMixer, ReferenceDistanceIsWhereSourcesGainReachesOne) {
    // gain = 1 / (d * 10^((60 - L) / 20) / 36): 1 at d = 36 * 10^((L - 60) / 20).
    EXPECT_NEAR(referenceDistance(75), 202.44f, 0.01f);  // SNDLVL_NORM
    EXPECT_NEAR(referenceDistance(60), 36.0f, 1e-4f);
    EXPECT_NEAR(referenceDistance(140), 360000.0f, 1.0f);  // SNDLVL_GUNFIRE
    EXPECT_EQ(referenceDistance(0), 0.0f);                 // SNDLVL_NONE: no attenuation
    // At twice the reference distance Source's gain is 1/2: the inverse-distance curve the output uses.
    const float d = 2 * referenceDistance(75);
    EXPECT_NEAR(1.0f / (d * std::pow(10.0f, (60.0f - 75.0f) / 20.0f) / 36.0f), 0.5f, 1e-5f);
}

TEST(SoundMixer, APathPlaysAsItIsAtTheCallersVolumeAndPitch) {
    game::SoundEvents events;
    auto e = at(")Buttons\\Button1.wav", {10, 20, 30});
    e.volume = 0.5f;
    e.pitchMin = e.pitchMax = 150;
    e.channel = 2;
    events.emit(e);
    events.emit(at("!HG_ALERT", {}));
    game::SoundEvent stop = at("x.wav", {});
    stop.stop = true;
    events.emit(stop);
    events.emit(at("ambient/hum.wav", {}, 0));
    events.emit(at("loud.wav", {}, 1e30f));  // a level no game uses: still a finite distance
    SoundMixer mixer;
    std::uint64_t seen = 0;
    auto out = mixer.take(events, &seen);
    ASSERT_EQ(out.size(), 4u);  // the stop of x.wav too
    EXPECT_TRUE(std::isfinite(out[3].minDistance));
    EXPECT_LE(out[3].minDistance, out[3].maxDistance);
    EXPECT_EQ(out[1].kind, audio::EventKind::StopOneShots);
    EXPECT_EQ(out[1].sample.name, "sound/x.wav");
    EXPECT_EQ(out[0].sample.name, "sound/buttons/button1.wav");
    EXPECT_EQ(out[0].volume, 0.5f);
    EXPECT_FLOAT_EQ(out[0].frequencyRatio, 1.5f);
    EXPECT_EQ(out[0].bus, audio::Bus::Voice);  // CHAN_VOICE
    EXPECT_TRUE(out[0].positional);
    EXPECT_EQ(out[0].position, (Vec3{10, 20, 30}));
    EXPECT_NEAR(out[0].minDistance, 202.44f, 0.01f);
    EXPECT_FALSE(out[2].positional);  // SNDLVL_NONE
    EXPECT_EQ(mixer.stats().played, 3u);
    EXPECT_EQ(mixer.stats().sentences, 1u);
    EXPECT_EQ(mixer.stats().stops, 1u);
    // Nothing twice.
    EXPECT_TRUE(mixer.take(events, &seen).empty());
}

TEST(SoundMixer, AScriptPicksItsWaveAndRangesFromTheMixersOwnStream) {
    game::SoundEvents events;
    game::SoundScript s;
    s.name = "Test.Pick";
    s.volumeMin = 0.25f;
    s.volumeMax = 0.75f;
    s.pitchMin = 90;
    s.pitchMax = 110;
    s.waves = {"a.wav", "b.wav", "c.wav"};
    events.scripts().add(s);
    const auto run = [&](std::uint64_t seed) {
        SoundMixer mixer(seed);
        std::uint64_t seen = events.total();
        for (int i = 0; i < 64; ++i) events.emit(at("test.pick", {}));
        return mixer.take(events, &seen);
    };
    const auto first = run(7);
    ASSERT_EQ(first.size(), 64u);
    std::set<std::string> waves;
    for (const auto& a : first) {
        waves.insert(a.sample.name);
        EXPECT_GE(a.volume, 0.25f);
        EXPECT_LE(a.volume, 0.75f);
        EXPECT_GE(a.frequencyRatio, 0.9f);
        EXPECT_LE(a.frequencyRatio, 1.1f);
    }
    EXPECT_EQ(waves, (std::set<std::string>{"sound/a.wav", "sound/b.wav", "sound/c.wav"}));
    // Same seed, same picks (the events list was cleared in between: a new tick).
    events.beginTick();
    const auto again = run(7);
    for (std::size_t i = 0; i < first.size(); ++i) {
        EXPECT_EQ(first[i].sample, again[i].sample);
        EXPECT_EQ(first[i].volume, again[i].volume);
    }
}

TEST(SoundMixer, EventsBetweenTicksAreReadBeforeTheNextTickClearsThem) {
    game::SoundEvents events;
    SoundMixer mixer;
    std::uint64_t seen = 0;
    events.beginTick();
    events.emit(at("tick1.wav", {}));
    EXPECT_EQ(mixer.take(events, &seen).size(), 1u);
    events.emit(at("console.wav", {}));  // a console command between ticks: same list, after the tick's
    auto between = mixer.take(events, &seen);
    ASSERT_EQ(between.size(), 1u);
    EXPECT_EQ(between[0].sample.name, "sound/console.wav");
    events.beginTick();
    EXPECT_TRUE(mixer.take(events, &seen).empty());
}

TEST(SoundMixer, ChannelsReplaceExceptAutoAndStaticAndStopSoundStopsTheEntitysWaves) {
    game::SoundEvents events;
    game::SoundScript s;
    s.name = "Door.Move";
    s.channel = 6;
    s.waves = {"doors/move1.wav", "doors/move2.wav"};
    events.scripts().add(s);
    auto voice = at("vo/hello.wav", {});
    voice.entity = 4;
    voice.channel = 2;  // CHAN_VOICE
    events.emit(voice);
    auto any = voice;
    any.channel = 0;  // CHAN_AUTO
    events.emit(any);
    auto door = at("Door.Move", {});
    door.entity = 9;
    events.emit(door);  // resolved: CHAN_STATIC
    game::SoundEvent stop;
    stop.name = "door.move";
    stop.stop = true;
    stop.entity = 9;
    events.emit(stop);
    SoundMixer mixer;
    std::uint64_t seen = 0;
    const auto out = mixer.take(events, &seen);
    ASSERT_EQ(out.size(), 5u);
    EXPECT_EQ(out[0].owner, 5u);  // entity 4 + 1
    EXPECT_EQ(out[0].slot, 2);
    EXPECT_TRUE(out[0].replaces);
    EXPECT_FALSE(out[1].replaces);  // CHAN_AUTO
    EXPECT_EQ(out[2].slot, 6);
    EXPECT_FALSE(out[2].replaces);  // CHAN_STATIC
    // StopSound of a script: each of its waves, for entity 9.
    EXPECT_EQ(out[3].kind, audio::EventKind::StopOneShots);
    EXPECT_EQ(out[3].owner, 10u);
    EXPECT_EQ(out[3].sample.name, "sound/doors/move1.wav");
    EXPECT_EQ(out[4].sample.name, "sound/doors/move2.wav");
    EXPECT_EQ(mixer.stats().stops, 1u);
    EXPECT_EQ(mixer.stats().played, 3u);
}

}  // namespace
}  // namespace vestige::source::client
