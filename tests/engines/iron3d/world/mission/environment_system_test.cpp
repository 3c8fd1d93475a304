// The weather and sound layer driven by the mission runtime (issue 22 item 6) on the sample game root: the storm
// preset's events at the ticks its schedule and the seed's lightning rules give, lightning drawn from World3D's
// "atmosphere" stream, and the event list as the deterministic output.
#include "vestige/iron3d/mission/environment_system.hpp"

#include <gtest/gtest.h>

#include "memory_vfs.hpp"
#include "vestige/iron3d/mission/ai_system.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/mission/sample.hpp"

namespace vestige::iron3d::mission {
namespace {

using audio::EventKind;

struct StormRun {
    std::vector<audio::SoundEvent> events;
    std::string lines;
    EnvironmentSummary summary;
    std::uint64_t atmosphereCalls = 0;
};

StormRun runStorm(std::uint64_t seed, int ticks, const char* preset = "storm") {
    test::MemoryVfs fs;
    auto g = sampleGame();
    EXPECT_TRUE(g.ok());
    for (auto& [path, bytes] : g->files) fs.files->put(path, bytes);
    LoadOptions o;
    o.seed = seed;
    o.scripts = aiScriptsHook(std::make_shared<AiSession>());  // as `vestige mission` loads it
    auto m = loadMission(fs.vfs, kSampleMission, o);
    EXPECT_TRUE(m.ok()) << m.error().render();
    CameraRig rig;
    installCamera(*m->runtime, rig);
    auto config = weatherPreset(preset, m->terrain);
    EXPECT_TRUE(config);
    EnvironmentSystem sound(*m->runtime, rig, *config);
    for (int t = 0; t < ticks; ++t) EXPECT_TRUE(m->runtime->tick().ok());
    StormRun r;
    r.events = sound.events();
    for (const auto& e : r.events) r.lines += audio::toJsonLine(e) + "\n";
    r.summary = sound.summary();
    if (const auto* s = m->runtime->rng().find("atmosphere")) r.atmosphereCalls = s->calls();
    return r;
}

const audio::SoundEvent* first(const StormRun& r, EventKind kind, audio::Bus bus) {
    for (const auto& e : r.events)
        if (e.kind == kind && e.bus == bus) return &e;
    return nullptr;
}

TEST(MissionEnvironment, StormEventsArriveAtTheirTicks) {
    const StormRun r = runStorm(0, 800);  // 12.8 s of 16 ms ticks: the whole 12 s storm
    ASSERT_FALSE(r.events.empty());
    // THEME at mission start, before the first tick.
    EXPECT_EQ(r.events[0].tick, 0u);
    EXPECT_EQ(r.events[0].kind, EventKind::StartLoop);
    EXPECT_EQ(r.events[0].bus, audio::Bus::Music);
    EXPECT_EQ(r.events[0].sample.name, "THEME.WAV");
    // Rain rises from 0 at 0 ms: the first tick (16 ms) starts the loop; it reaches 0 at 12000 ms = tick 750.
    const auto* start = first(r, EventKind::StartLoop, audio::Bus::Ambient);
    ASSERT_NE(start, nullptr);
    EXPECT_EQ(start->tick, 1u);
    EXPECT_EQ(start->sample.name, "RAIN.WAV");
    EXPECT_EQ(start->sample.library, "") << "a bare name means the mission's library";
    const auto* stop = first(r, EventKind::StopLoop, audio::Bus::Ambient);
    ASSERT_NE(stop, nullptr);
    EXPECT_EQ(stop->tick, 750u);
    // Lightning 0.95 from 5000 ms (the first tick at it: 5008 ms = tick 313): delay = round_even(0.05 x 60000 x U)
    // <= 3000 ms, so the one strike falls in ticks 313..501; the next attempt (6000 ms later) meets intensity 0.
    EXPECT_EQ(r.summary.strikes, 1u);
    const auto* thunder = first(r, EventKind::OneShot, audio::Bus::Effects);
    ASSERT_NE(thunder, nullptr);
    EXPECT_GE(thunder->tick, 313u);
    EXPECT_LE(thunder->tick, 313u + 188u);
    EXPECT_EQ(thunder->sample.library, "sounds.lib");
    EXPECT_EQ(thunder->sample.name, "THUNDER.WAV");
    EXPECT_TRUE(thunder->positional);
    EXPECT_GE(thunder->position.x, 0.0f);  // inside the terrain's XY bounds (64 x 64)
    EXPECT_LE(thunder->position.x, 64.0f);
    EXPECT_GE(thunder->position.y, 0.0f);
    EXPECT_LE(thunder->position.y, 64.0f);
    EXPECT_FLOAT_EQ(thunder->minDistance, 100.0f);
    EXPECT_FLOAT_EQ(thunder->maxDistance, 1500.0f);
    // The delay and the strike's X and Y are World3D's atmosphere stream draws, counted in the simulation hash.
    EXPECT_EQ(r.atmosphereCalls, 3u);
    EXPECT_EQ(r.summary.atmosphereDraws, 3u);
    // Ticks never go back; the day pool's first variation plays on the first positive tick.
    for (std::size_t i = 1; i < r.events.size(); ++i) EXPECT_LE(r.events[i - 1].tick, r.events[i].tick);
    const auto* variation = first(r, EventKind::OneShot, audio::Bus::Music);
    ASSERT_NE(variation, nullptr);
    EXPECT_EQ(variation->tick, 1u);
}

TEST(MissionEnvironment, TwoRunsGiveIdenticalEventFiles) {
    const StormRun a = runStorm(0, 800), b = runStorm(0, 800);
    EXPECT_EQ(a.lines, b.lines);
    EXPECT_GT(a.summary.events, 100u);
    // Another mission seed moves the lightning: the draws really come from the runtime's streams.
    const StormRun other = runStorm(7, 800);
    EXPECT_NE(other.lines, a.lines);
}

TEST(MissionEnvironment, ClearWeatherGivesNoEvents) {
    const StormRun r = runStorm(0, 100, "clear");
    EXPECT_TRUE(r.events.empty());
    EXPECT_EQ(r.atmosphereCalls, 0u);
    EXPECT_FALSE(weatherPreset("fog", terrain::TerrainWorld{}));
}

}  // namespace
}  // namespace vestige::iron3d::mission
