// The OpenAL adapter, rendered through OpenAL Soft's loopback device (no sound card needed): the seed's sound
// checks that concern the backend (seed 002 "Проверки звука").
#include "vestige/audio_openal/output.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

using namespace vestige;
using namespace vestige::audio;
using vestige::audio_openal::Output;
using vestige::audio_openal::OutputOptions;

namespace {

// No sound card on CI machines: OpenAL Soft's null backend serves device opens (unless the caller chose one); the
// tests render through the loopback device, which needs no backend at all.
const bool kNullDriver = (setenv("ALSOFT_DRIVERS", "null", 0), true);

SamplePtr tone(double hz, double seconds, int rate = 22050) {
    auto s = std::make_shared<DecodedSample>();
    s->sampleRate = rate;
    s->channels = 1;
    const auto n = static_cast<std::size_t>(seconds * rate);
    s->pcm.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        s->pcm[i] = static_cast<std::int16_t>(std::lround(16000 * std::sin(2 * M_PI * hz * double(i) / rate)));
    return s;
}

double rms(const std::vector<std::int16_t>& pcm) {
    double sum = 0;
    for (auto v : pcm) sum += double(v) * v;
    return pcm.empty() ? 0 : std::sqrt(sum / double(pcm.size()));
}

struct Loopback : ::testing::Test {
    std::unique_ptr<Output> out;
    SamplePtr sample = tone(440, 1.0);
    int provided = 0;
    void SetUp() override {
        auto o = Output::open(OutputOptions{.loopback = true});
        ASSERT_TRUE(o.ok()) << o.error().render();
        out = std::move(*o);
        out->setSampleProvider([this](const SampleKey& k) -> SamplePtr {
            ++provided;
            return k.name == "missing.wav" ? nullptr : sample;
        });
        out->setListener({});
    }
    std::vector<std::int16_t> seconds(double s) {
        return out->render(static_cast<std::size_t>(s * out->outputRate())).value();
    }
    // Silence after OpenAL's short click-free gain ramp (a few ms) has run out.
    double silence(double s) {
        (void)seconds(0.02);
        return rms(seconds(s));
    }
    static SoundEvent loop(std::uint32_t id, Bus bus = Bus::Ambient) {
        SoundEvent e;
        e.kind = EventKind::StartLoop;
        e.loopId = id;
        e.bus = bus;
        e.sample = {"sounds.lib", "rain.wav"};
        return e;
    }
};

}  // namespace

TEST(AudioOutput, NoDeviceIsAnExplicitResult) {
    auto o = Output::open(OutputOptions{.deviceName = "vestige-no-such-device"});
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.error().code(), "audio.no_device");
    EXPECT_NE(o.error().message().find("3D Sound was not initialized"), std::string::npos);
}

TEST_F(Loopback, LoopPlaysAndSurvivesPauseResume) {
    out->apply(loop(2));
    EXPECT_GT(rms(seconds(0.2)), 3000);
    const double before = out->loopOffset(2).value();
    out->setPaused(true);
    EXPECT_EQ(silence(0.3), 0.0);                           // silence while paused
    EXPECT_NEAR(out->loopOffset(2).value(), before, 1e-3);  // and the position did not move
    out->setPaused(false);
    EXPECT_TRUE(out->loopPlaying(2));
    EXPECT_GT(rms(seconds(0.2)), 3000);
    EXPECT_NEAR(out->loopOffset(2).value(), std::fmod(before + 0.2, 1.0), 0.02);
}

TEST_F(Loopback, MuteSilencesButKeepsPlaybackTime) {
    out->apply(loop(2));
    (void)seconds(0.1);
    const double before = out->loopOffset(2).value();
    out->setMuted(true);
    EXPECT_EQ(silence(0.3), 0.0);
    EXPECT_TRUE(out->loopPlaying(2));
    EXPECT_NEAR(out->loopOffset(2).value(), before + 0.32, 0.02);  // logical time went on
    out->setMuted(false);
    EXPECT_GT(rms(seconds(0.1)), 3000);
}

TEST_F(Loopback, OneDecodedSampleServesSeveralSources) {
    SoundEvent shot;
    shot.kind = EventKind::OneShot;
    shot.sample = {"sounds.lib", "RAIN.WAV"};
    out->apply(shot);
    shot.sample = {"SOUNDS.LIB", "rain.wav"};  // same identity, other case
    out->apply(shot);
    out->apply(loop(5));
    EXPECT_EQ(out->stats().buffers, 1u);
    EXPECT_EQ(out->stats().sources, 3u);
    EXPECT_EQ(provided, 1);
    // One-shots end and are released; the loop stays.
    (void)seconds(1.2);
    EXPECT_EQ(out->stats().sources, 1u);
    EXPECT_EQ(out->stats().loops, 1u);
}

TEST_F(Loopback, BusGainsAndStopLoop) {
    out->apply(loop(2, Bus::Ambient));
    out->setBusGain(Bus::Ambient, 0);
    EXPECT_EQ(silence(0.1), 0.0);
    out->setBusGain(Bus::Ambient, 1);
    EXPECT_GT(rms(seconds(0.1)), 3000);
    SoundEvent vol;
    vol.kind = EventKind::SetLoopVolume;
    vol.loopId = 2;
    vol.volume = 0.5f;
    out->apply(vol);
    const double half = rms(seconds(0.1));
    EXPECT_GT(half, 2500);
    EXPECT_LT(half, 4500);
    SoundEvent stop;
    stop.kind = EventKind::StopLoop;
    stop.loopId = 2;
    out->apply(stop);
    EXPECT_EQ(out->stats().loops, 0u);
    EXPECT_EQ(silence(0.1), 0.0);
}

TEST_F(Loopback, DistanceAttenuationIsInverseClampedFromMinDistance) {
    auto at = [&](float distance) {
        SoundEvent e = loop(9, Bus::Effects);
        e.positional = true;
        e.position = {distance, 0, 0};  // straight ahead of a listener looking along +X
        e.minDistance = 100;
        e.maxDistance = 1500;
        out->apply(e);
        (void)seconds(0.05);
        const double r = rms(seconds(0.2));
        SoundEvent stop;
        stop.kind = EventKind::StopLoop;
        stop.loopId = 9;
        out->apply(stop);
        return r;
    };
    const double near = at(50), min = at(100), twice = at(200), max = at(1500), beyond = at(3000);
    EXPECT_NEAR(near / min, 1.0, 0.05);    // clamped inside min distance
    EXPECT_NEAR(twice / min, 0.5, 0.05);   // min / d
    EXPECT_NEAR(beyond / max, 1.0, 0.05);  // no further change past max distance
    EXPECT_GT(min, 3000);
}

TEST_F(Loopback, MissingSampleIsCountedNotFatal) {
    SoundEvent shot;
    shot.kind = EventKind::OneShot;
    shot.sample = {"", "missing.wav"};
    out->apply(shot);
    EXPECT_EQ(out->stats().missingSamples, 1u);
    EXPECT_EQ(out->stats().sources, 0u);
    EXPECT_EQ(rms(seconds(0.05)), 0.0);  // nothing ever played: exactly silent
}

// Owned one-shots (Source's entity channels): StopOneShots stops the owner's sources of a sample, a replacing
// one-shot cuts the one on its slot; other owners and other slots play on.
TEST_F(Loopback, OwnedOneShotsStopAndReplaceOnTheirSlot) {
    SoundEvent a;
    a.kind = EventKind::OneShot;
    a.sample = {"", "sound/a.wav"};
    a.owner = 5;
    a.slot = 2;
    out->apply(a);
    SoundEvent other = a;
    other.owner = 6;
    out->apply(other);
    EXPECT_EQ(out->stats().sources, 2u);
    // The same owner and slot again, replacing: still one source for owner 5.
    SoundEvent again = a;
    again.replaces = true;
    out->apply(again);
    EXPECT_EQ(out->stats().sources, 2u);
    EXPECT_EQ(out->stats().oneShotsStopped, 1u);
    // Another slot does not replace.
    SoundEvent slot3 = again;
    slot3.slot = 3;
    out->apply(slot3);
    EXPECT_EQ(out->stats().sources, 3u);
    // Stop owner 5's a.wav (both slots), then owner 6's everything: silence.
    SoundEvent stop;
    stop.kind = EventKind::StopOneShots;
    stop.owner = 5;
    stop.sample = {"", "SOUND/A.WAV"};
    out->apply(stop);
    EXPECT_EQ(out->stats().sources, 1u);
    EXPECT_GT(rms(seconds(0.1)), 1000.0) << "owner 6 plays on";
    stop.owner = 6;
    stop.sample = {};
    out->apply(stop);
    EXPECT_EQ(out->stats().sources, 0u);
    EXPECT_LT(silence(0.1), 1.0);
    // Owner 0 is nobody: a stop for it touches nothing.
    out->apply(other);
    stop.owner = 0;
    out->apply(stop);
    EXPECT_EQ(out->stats().sources, 1u);
}

// Source loops a wave that has a loop point whatever plays it: a one-shot of a looping sample still sounds long after
// the sample's own length, and stops only when told. Without a loop point it ends with its samples.
TEST_F(Loopback, AOneShotOfASampleWithALoopPointLoopsUntilStopped) {
    // A silent lead-in of 0.1 s, then the tone: looping from the loop point never returns to the silence.
    auto looped = std::make_shared<DecodedSample>(*tone(440, 0.25));
    std::fill(looped->pcm.begin(), looped->pcm.begin() + 2205, std::int16_t{0});
    looped->loopStart = 2205;  // 0.1 s in
    sample = looped;
    SoundEvent a;
    a.kind = EventKind::OneShot;
    a.sample = {"", "sound/hum.wav"};
    a.owner = 3;
    a.slot = 6;
    out->apply(a);
    (void)seconds(0.5);  // twice the sample's length
    for (int i = 0; i < 10; ++i) EXPECT_GT(rms(seconds(0.04)), 1000.0) << "still looping, from the loop point: " << i;
    EXPECT_EQ(out->stats().sources, 1u);
    SoundEvent stop;
    stop.kind = EventKind::StopOneShots;
    stop.owner = 3;
    stop.sample = a.sample;
    out->apply(stop);
    EXPECT_LT(silence(0.1), 1.0);

    sample = tone(440, 0.25);  // no loop point (another name: its own buffer)
    a.sample = {"", "sound/click.wav"};
    out->apply(a);
    (void)seconds(0.5);
    EXPECT_LT(rms(seconds(0.1)), 1.0) << "played once";
    EXPECT_EQ(out->stats().sources, 0u) << "collected when it finished";
}

// SND_CHANGE_VOL / SND_CHANGE_PITCH: a playing one-shot of the same owner, slot and sample changes in place (no second
// source); with nothing playing it starts.
TEST_F(Loopback, AnAlteringOneShotChangesThePlayingOneOrStartsIt) {
    auto looped = std::make_shared<DecodedSample>(*tone(440, 0.25));
    looped->loopStart = 0;
    sample = looped;
    SoundEvent a;
    a.kind = EventKind::OneShot;
    a.sample = {"", "sound/hum.wav"};
    a.owner = 9;
    a.slot = 0;
    a.alterVolume = true;  // nothing plays yet: it starts
    out->apply(a);
    EXPECT_EQ(out->stats().sources, 1u);
    (void)seconds(0.05);
    const double loud = rms(seconds(0.2));
    a.volume = 0.25f;
    out->apply(a);
    EXPECT_EQ(out->stats().sources, 1u);
    EXPECT_EQ(out->stats().oneShotsAltered, 1u);
    (void)seconds(0.05);
    EXPECT_NEAR(rms(seconds(0.2)) / loud, 0.25, 0.02);
    SoundEvent other = a;
    other.slot = 1;  // another slot: a source of its own
    out->apply(other);
    EXPECT_EQ(out->stats().sources, 2u);
}
