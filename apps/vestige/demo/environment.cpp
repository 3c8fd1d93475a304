// Demo stage: environment. Builds sounds.lib from our own synthesised SWAV entries (PCM, MS ADPCM, one empty),
// runs the sample rain-to-storm schedule for 12 s of World3D ticks (particles, lightning, ambient variations),
// writes every sound event as JSON Lines and renders them through OpenAL Soft's loopback device into capture.wav;
// then writes effect.fx (an FXID effect with an op-2 sound command) and lists the sound event it gives.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "../src/app.hpp"
#include "vestige/audio/wave.hpp"
#include "vestige/audio_openal/output.hpp"
#include "vestige/core/json.hpp"
#include "vestige/core/rng.hpp"
#include "vestige/iron3d/environment/fx_sound.hpp"
#include "vestige/iron3d/environment/sample.hpp"
#include "vestige/iron3d/environment/sound_bank.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::app {

namespace {

namespace env = iron3d::environment;
constexpr std::uint32_t kSwavType = 0x56415753;  // "SWAV"; entries are found by name, the type is not checked
constexpr int kCaptureRate = 22050;

Result<Bytes> soundsLib(const std::vector<env::SampleSound>& sounds) {
    std::vector<iron3d::nres::NewEntry> entries;
    for (const auto& s : sounds) {
        iron3d::nres::NewEntry e;
        e.type = kSwavType;
        e.name = s.name;
        e.data = s.wave;
        entries.push_back(std::move(e));
    }
    return iron3d::nres::writeCanonical(entries);
}

}  // namespace

DemoStage demoStageEnvironment() {
    return {
        "environment", "Iron3D weather and sound: sounds.lib, a storm's particles/lightning/events, WAV capture",
        [](DemoContext& demo) -> Status {
            VESTIGE_TRY(auto sounds, env::sampleSounds());
            VESTIGE_TRY(Bytes lib, soundsLib(sounds));
            VESTIGE_CHECK(demo.write("environment/sounds.lib", lib));

            vfs::Vfs files(&demo.app.archives);
            VESTIGE_CHECK(files.mountDir("", demo.outDir / "environment"));
            env::SoundBank bank(files, "sounds.lib");
            nlohmann::ordered_json outcomes;
            for (const auto& s : sounds) outcomes[s.name] = audio::outcomeName(bank.load({"", s.name}).outcome);

            auto output = audio_openal::Output::open({.loopback = true, .loopbackRate = kCaptureRate});
            if (output) (*output)->setSampleProvider([&](const audio::SampleKey& k) { return bank.load(k).sample; });

            env::Environment world(env::sampleStorm());
            env::CameraFrame camera;  // at the origin looking along +X, 4:3, 640 wide
            if (output) (*output)->setListener(env::listenerFor(camera));
            std::string lines;
            std::vector<std::int16_t> capture;
            auto emit = [&](const audio::SoundEvent& e) {
                lines += audio::toJsonLine(e) + "\n";
                if (output) (*output)->apply(e);
            };
            for (const auto& e : world.start()) emit(e);
            const std::uint64_t ticks = env::kSampleStormMs / env::kEnvironmentTickMs;
            std::size_t maxRain = 0, strikes = 0, picks = 0;
            for (std::uint64_t t = 0; t < ticks; ++t) {
                const env::EnvironmentFrame f = world.step(camera, {1.2f, 1.1f, 1.0f});  // a day sky
                maxRain = std::max(maxRain, f.rain->size());
                strikes += f.lightning.size();
                picks += f.variation ? 1 : 0;
                for (const auto& e : f.sounds) emit(e);
                if (!output) continue;
                // Audio for this tick: the frames between this tick's start and the next one's, exactly.
                const std::uint64_t from = t * kCaptureRate * env::kEnvironmentTickMs / 1000;
                const std::uint64_t to = (t + 1) * kCaptureRate * env::kEnvironmentTickMs / 1000;
                VESTIGE_TRY(auto pcm, (*output)->render(static_cast<std::size_t>(to - from)));
                capture.insert(capture.end(), pcm.begin(), pcm.end());
            }
            VESTIGE_CHECK(demo.write("environment/sound-events.jsonl", lines));
            const std::uint64_t eventsHash = fnv1a64(lines);
            nlohmann::ordered_json summary{{"ticks", ticks},
                                           {"tick_ms", env::kEnvironmentTickMs},
                                           {"max_rain_particles", maxRain},
                                           {"lightning_strikes", strikes},
                                           {"variation_picks", picks},
                                           {"atmosphere_draws", world.atmosphereDraws()},
                                           {"events_fnv1a64", fmt::format("{:016x}", eventsHash)},
                                           {"sound_outcomes", outcomes}};
            if (output) {
                VESTIGE_CHECK(demo.write("environment/capture.wav", audio::buildPcm16Wave(kCaptureRate, 2, capture)));
                summary["capture"] = {{"rate", kCaptureRate},
                                      {"seconds", capture.size() / 2.0 / kCaptureRate},
                                      {"buffers", (*output)->stats().buffers}};
            } else {
                summary["capture"] = {{"skipped", output.error().message()}};
            }
            // The effect goes through its own writer and reader, then fires at a point of the storm's bounds on the
            // tick after the storm (when and where an effect fires is the caller's: the time modes are unknown).
            VESTIGE_TRY(const Bytes fxBytes, iron3d::fx::write(env::sampleEffect()));
            VESTIGE_CHECK(demo.write("environment/effect.fx", fxBytes));
            VESTIGE_TRY(const auto effect, iron3d::fx::read(fxBytes));
            VESTIGE_TRY(const auto fxEvents, env::fxSoundEvents(effect, {120, -80, 300}, ticks));
            nlohmann::ordered_json fxLines = nlohmann::ordered_json::array();
            for (const auto& e : fxEvents) fxLines.push_back(nlohmann::ordered_json::parse(audio::toJsonLine(e)));
            summary["effect"] = {
                {"file", "effect.fx"}, {"commands", effect.commands.size()}, {"sound_events", std::move(fxLines)}};
            VESTIGE_CHECK(demo.write("environment/weather.json", dumpJson(summary, 2)));
            demo.notes.push_back(fmt::format(
                "environment: {} ticks, up to {} rain particles, {} lightning strike(s), {} variation pick(s), "
                "events hash {:016x}; ALIEN_ME.WAV -> {}; effect.fx: {} command(s), {} sound event(s) ({}); {}",
                ticks, maxRain, strikes, picks, eventsHash, outcomes["ALIEN_ME.WAV"].get<std::string>(),
                effect.commands.size(), fxEvents.size(), fxEvents.empty() ? "" : fxEvents[0].sample.name,
                output ? fmt::format("capture.wav {:.1f} s", capture.size() / 2.0 / kCaptureRate)
                       : "no capture: " + output.error().message()));
            return Status{};
        }};
}

}  // namespace vestige::app
