// `vestige weather`, `ambient`, `play-sound` and the environment demo stage, as a user runs them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli.hpp"

using namespace vestige::test;
using Json = nlohmann::json;

namespace {

class EnvironmentCli : public TempDirTest {
protected:
    CliRun run(const std::vector<std::string>& args) { return runCli(VESTIGE_BIN, args, mDir); }
};

}  // namespace

TEST_F(EnvironmentCli, WeatherPrintsTheModelsNumbers) {
    const CliRun r = run({"weather", "--vfov", "90", "--aspect", "1", "--viewport-width", "800", "--intensity",
                          "0.0625", "--lightning-u", "0.5", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["kind"], "rain");
    EXPECT_NEAR(j["box"]["half_y"].get<double>(), 50.0, 1e-4);
    EXPECT_EQ(j["particles"], 62);  // 62.5 rounds to even (the box is wider than the reference: ratio clamped)
    EXPECT_NEAR(j["precipitation_scalar"].get<double>(), 509.2958, 1e-3);
    EXPECT_EQ(j["lightning_delay_ms"], 28125);  // (1 - 0.0625) * 60000 * 0.5
    const CliRun snow = run({"weather", "--snow", "--vfov", "90", "--aspect", "1", "--viewport-width", "800"});
    ASSERT_EQ(snow.code, 0) << snow.err;
    EXPECT_NE(snow.out.find("snow"), std::string::npos);
}

TEST_F(EnvironmentCli, OutOfRangeNumbersAreUsageErrors) {
    EXPECT_EQ(run({"weather", "--vfov", "-5"}).code, 2);
    EXPECT_EQ(run({"weather", "--lightning-u", "1.5"}).code, 2);
    EXPECT_EQ(run({"weather", "--rain", "--snow"}).code, 2);
    EXPECT_EQ(run({"ambient", "--ticks", "-1"}).code, 2);
    EXPECT_EQ(run({"ambient", "--seed", "70000,1"}).code, 2);  // not a 16-bit value
    EXPECT_EQ(run({"ambient", "--rgb", "1,2"}).code, 2);
}

TEST_F(EnvironmentCli, AmbientPrintsTheVariationSequence) {
    const CliRun r = run({"ambient", "--seed", "1,1", "--pool-sizes", "3,0,0", "--ticks", "1800", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    ASSERT_EQ(j["picks"].size(), 3u);  // ticks 0, 688 and 1751 (11 s and 17 s from srand(1))
    EXPECT_EQ(j["picks"][0]["tick"], 0);
    EXPECT_EQ(j["picks"][1]["tick"], 688);
    EXPECT_EQ(j["picks"][2]["tick"], 1751);
    EXPECT_EQ(j["picks"][0]["index"], 0);
    EXPECT_EQ(j["picks"][1]["index"], 1);
    EXPECT_EQ(j["picks"][0]["next_delay"], 11);
    EXPECT_EQ(j["picks"][0]["sample"], "DEFAULT_VARIATION1");
    EXPECT_EQ(j["pool"], "default");
}

TEST_F(EnvironmentCli, DemoStageThenPlaySoundOfItsEntries) {
    const std::string out = (mDir / "demo").string();
    const CliRun d = run({"demo", "--out", out, "--stage", "environment", "--json"});
    ASSERT_EQ(d.code, 0) << d.out << d.err;
    const Json summary = Json::parse(slurp(mDir / "demo/environment/weather.json"));
    EXPECT_EQ(summary["ticks"], 750);
    EXPECT_EQ(summary["sound_outcomes"]["ALIEN_ME.WAV"], "entry_empty");
    EXPECT_EQ(summary["sound_outcomes"]["THUNDER.WAV"], "decoded_sample");
    EXPECT_GE(summary["lightning_strikes"].get<int>(), 1);
    EXPECT_EQ(summary["capture"]["seconds"], 12.0);
    // effect.fx: the enabled op-2 command gives one OneShot from the mission's library; the disabled one none.
    ASSERT_EQ(summary["effect"]["sound_events"].size(), 1u);
    EXPECT_EQ(summary["effect"]["sound_events"][0]["sample"]["name"], "THUNDER.WAV");
    EXPECT_EQ(summary["effect"]["sound_events"][0]["tick"], 750);
    const CliRun fx = run({"info", "--json", out + "/environment/effect.fx"});
    ASSERT_EQ(fx.code, 0) << fx.err;
    const Json fj = Json::parse(fx.out);
    EXPECT_EQ(fj["format"], "fx");
    EXPECT_EQ(fj["size"], 60 + 224 + 148 + 148 + 4);
    EXPECT_EQ(fj["commands"][1]["name"], "THUNDER.WAV");
    EXPECT_EQ(fj["commands"][2]["enabled"], false);
    // Every event line parses.
    const std::string events = slurp(mDir / "demo/environment/sound-events.jsonl");
    std::size_t lines = 0;
    for (std::size_t at = 0, nl; (nl = events.find('\n', at)) != std::string::npos; at = nl + 1, ++lines)
        EXPECT_NO_THROW((void)Json::parse(events.substr(at, nl - at)));
    EXPECT_GT(lines, 10u);

    const std::string lib = out + "/environment/sounds.lib";
    const CliRun ok = run({"play-sound", lib + ":THUNDER.WAV", "--no-device", "--json"});
    ASSERT_EQ(ok.code, 0) << ok.err;
    const Json t = Json::parse(ok.out);
    EXPECT_EQ(t["outcome"], "decoded_sample");
    EXPECT_EQ(t["sample_rate"], 22050);
    EXPECT_EQ(t["channels"], 1);
    EXPECT_EQ(t["frames"], 33075);  // 1.5 s, cut to the fact chunk
    const CliRun empty = run({"play-sound", lib + ":ALIEN_ME.WAV", "--json"});
    EXPECT_EQ(empty.code, 1);
    EXPECT_EQ(Json::parse(empty.out)["outcome"], "entry_empty");
    const CliRun missing = run({"play-sound", lib + ":NOPE.WAV", "--json"});
    EXPECT_EQ(missing.code, 1);
    EXPECT_EQ(Json::parse(missing.out)["outcome"], "entry_missing");
    // A capture through the loopback device is a WAV the info verb reads back.
    const std::string wav = (mDir / "theme.wav").string();
    const CliRun cap = run({"play-sound", lib + ":THEME.WAV", "--capture", wav});
    ASSERT_EQ(cap.code, 0) << cap.err;
    const CliRun info = run({"info", "--json", wav});
    ASSERT_EQ(info.code, 0) << info.err;
    const Json w = Json::parse(info.out);
    EXPECT_EQ(w["format"], "wav");
    EXPECT_EQ(w["channels"], 2);
    EXPECT_NEAR(w["seconds"].get<double>(), 4.0, 0.01);
}
