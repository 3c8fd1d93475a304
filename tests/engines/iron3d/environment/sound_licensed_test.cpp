// Licensed test: with VESTIGE_PARKAN_DIR set, every SWAV entry (a *.wav entry of an NRes library, or any entry
// starting with RIFF) decodes or gives its outcome, and the corpus counts of spec §4.3 / seed 002 hold:
// Part 1: 399 = 306 MS ADPCM + 93 PCM; Part 2: 540 = 446 MS ADPCM + 93 PCM + 1 empty (ALIEN_ME.WAV). Skipped otherwise.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "shared.hpp"
#include "vestige/audio/load.hpp"
#include "vestige/audio/wave.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d {
namespace {

TEST(SoundLicensed, EverySwavEntryDecodesOrGivesItsOutcome) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::vector<std::filesystem::path> files;
    for (const auto& de : std::filesystem::recursive_directory_iterator(*root))
        if (de.is_regular_file() && endsWithNoCase(de.path().filename().string(), ".lib")) files.push_back(de.path());
    std::sort(files.begin(), files.end());
    std::size_t total = 0, adpcm = 0, pcm = 0, empty = 0, invalid = 0, other = 0;
    for (const auto& path : files) {
        auto bytes = readFile(path);
        ASSERT_TRUE(bytes.ok()) << path;
        if (bytes->size() < 4 || !std::equal(bytes->begin(), bytes->begin() + 4, "NRes")) continue;
        auto a = nres::Archive::read(*bytes);
        if (!a) continue;
        for (std::size_t i = 0; i < a->size(); ++i) {
            const ByteView payload = a->payload(i);
            const std::string name(a->entries()[i].name());
            const bool riff = payload.size() >= 4 && asChars(payload.first(4)) == "RIFF";
            if (!riff && !(payload.empty() && endsWithNoCase(name, ".wav"))) continue;
            ++total;
            const audio::SoundLoad load =
                audio::classifySound(Bytes(payload.begin(), payload.end()), path.string(), name);
            if (load.outcome == audio::SoundOutcome::EntryEmpty) {
                ++empty;
                continue;
            }
            if (load.outcome != audio::SoundOutcome::DecodedSample) {
                ++invalid;
                ADD_FAILURE() << path << ":" << name << ": " << load.error.render();
                continue;
            }
            EXPECT_EQ(load.sample->sampleRate, 22050) << path << ":" << name;
            const auto w = audio::Wave::read(payload);
            ASSERT_TRUE(w.ok());
            EXPECT_EQ(w->write(), Bytes(payload.begin(), payload.end())) << path << ":" << name;
            if (w->format.formatTag == audio::kWaveFormatMsAdpcm)
                ++adpcm;
            else if (w->format.formatTag == audio::kWaveFormatPcm)
                ++pcm;
            else
                ++other;
        }
    }
    RecordProperty("swav_total", static_cast<int>(total));
    const bool part1 = total == 399 && adpcm == 306 && pcm == 93 && empty == 0;
    const bool part2 = total == 540 && adpcm == 446 && pcm == 93 && empty == 1;
    EXPECT_TRUE(part1 || part2) << total << " entries: " << adpcm << " MS ADPCM, " << pcm << " PCM, " << empty
                                << " empty, " << invalid << " invalid, " << other << " other";
}

}  // namespace
}  // namespace vestige::iron3d
