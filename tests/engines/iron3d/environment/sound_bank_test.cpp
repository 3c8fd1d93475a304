// Sound resources: the four outcomes of seed 002 "Sound resources и SWAV", one decoded sample per identity.
#include "vestige/iron3d/environment/sound_bank.hpp"

#include <gtest/gtest.h>

#include "memory_provider.hpp"
#include "vestige/audio/wave.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/nres/register.hpp"
#include "vestige/registry/registry.hpp"

using namespace vestige;
using namespace vestige::iron3d;
using namespace vestige::iron3d::environment;

namespace {

constexpr std::uint32_t kSwav = 0x56415753;  // "SWAV"

nres::NewEntry swav(std::string name, Bytes data) {
    nres::NewEntry e;
    e.type = kSwav;
    e.name = std::move(name);
    e.data = std::move(data);
    return e;
}

struct Fixture {
    std::shared_ptr<test::MemoryProvider> files = std::make_shared<test::MemoryProvider>();
    vfs::ArchiveRegistry archives;
    registry::FormatRegistry formats;
    std::unique_ptr<vfs::Vfs> vfs;
    Fixture() {
        nres::registerFormat(formats, archives);
        const std::vector<nres::NewEntry> mission = {
            swav("RAIN.WAV", audio::buildPcm16Wave(22050, 1, {0, 100, -100, 50})),
            swav("ALIEN_ME.WAV", {}),                             // the 0-byte entry of Part 2
            swav("BROKEN.WAV", Bytes{'R', 'I', 'F', 'F', 1, 2}),  // truncated header
        };
        files->add("missions/m1/sounds.lib", nres::writeCanonical(mission).value());
        files->add(
            "sounds.lib",
            nres::writeCanonical(std::vector{swav("THUNDER.WAV", audio::buildPcm16Wave(22050, 1, {7}))}).value());
        vfs = std::make_unique<vfs::Vfs>(&archives);
        EXPECT_TRUE(vfs->mount("", files).ok());
    }
};

}  // namespace

TEST(SoundBank, FourDistinctOutcomes) {
    Fixture fx;
    SoundBank bank(*fx.vfs, "missions/m1/sounds.lib");
    const SoundLoad& ok = bank.load({"", "rain.wav"});  // case-insensitive, mission library
    EXPECT_EQ(ok.outcome, SoundOutcome::DecodedSample);
    ASSERT_TRUE(ok.sample);
    EXPECT_EQ(ok.sample->pcm, (std::vector<std::int16_t>{0, 100, -100, 50}));

    const SoundLoad& empty = bank.load({"", "ALIEN_ME.WAV"});
    EXPECT_EQ(empty.outcome, SoundOutcome::EntryEmpty);
    EXPECT_EQ(empty.error.code(), "sound.entry_empty");
    EXPECT_FALSE(empty.sample);

    const SoundLoad& broken = bank.load({"", "BROKEN.WAV"});
    EXPECT_EQ(broken.outcome, SoundOutcome::WaveInvalid);
    EXPECT_EQ(broken.error.code(), "bytes.eof");
    EXPECT_EQ(broken.error.find("entry"), "BROKEN.WAV");

    const SoundLoad& missing = bank.load({"", "NOPE.WAV"});
    EXPECT_EQ(missing.outcome, SoundOutcome::EntryMissing);
    EXPECT_EQ(missing.error.code(), "sound.entry_missing");
    // The chain names the library and the entry.
    EXPECT_EQ(missing.error.find("file"), "missions/m1/sounds.lib");
    EXPECT_EQ(missing.error.find("entry"), "NOPE.WAV");
    EXPECT_EQ(std::string(outcomeName(missing.outcome)), "entry_missing");
    EXPECT_EQ(std::string(outcomeName(empty.outcome)), "entry_empty");
    EXPECT_EQ(std::string(outcomeName(broken.outcome)), "wave_invalid");
    EXPECT_EQ(std::string(outcomeName(ok.outcome)), "decoded_sample");
}

TEST(SoundBank, OneDecodedSampleIsSharedAndExplicitLibrariesWin) {
    Fixture fx;
    SoundBank bank(*fx.vfs, "missions/m1/sounds.lib");
    const audio::SamplePtr a = bank.load({"", "RAIN.WAV"}).sample;
    const audio::SamplePtr b = bank.load({"", "Rain.Wav"}).sample;
    EXPECT_EQ(a.get(), b.get());
    EXPECT_EQ(bank.reads(), 1u);
    EXPECT_EQ(bank.load({"sounds.lib", "thunder.wav"}).outcome, SoundOutcome::DecodedSample);
    // THUNDER is not in the mission library: without the archive it is missing.
    EXPECT_EQ(bank.load({"", "thunder.wav"}).outcome, SoundOutcome::EntryMissing);
    EXPECT_EQ(bank.cached(), 3u);
}
