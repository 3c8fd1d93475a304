// `vestige play-sound SPEC`: decodes one RIFF/WAVE sound (a host file or an archive entry such as
// sounds.lib:RAIN.WAV), prints its format and duration and plays it when an audio device exists; `--capture`
// renders it through OpenAL Soft's loopback device into a WAV file instead (issue 22 item 6).
#include <fmt/format.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "app.hpp"
#include "vestige/audio/load.hpp"
#include "vestige/audio/wave.hpp"
#include "vestige/audio_openal/output.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/json.hpp"

namespace vestige::app {

namespace {

using Json = nlohmann::ordered_json;

// Plays `sample` once as a 2D one-shot; with `capture`, renders into a stereo 16-bit WAV instead.
Result<std::string> playOrCapture(const audio::SamplePtr& sample, const std::string& capture, bool noDevice) {
    if (noDevice && capture.empty()) return std::string("not played (--no-device)");
    auto out = audio_openal::Output::open({.loopback = !capture.empty()});
    if (!out) {
        if (!capture.empty()) return std::move(out).error();
        return fmt::format("not played: {}", out.error().message());  // no device never fails the command
    }
    (*out)->setSampleProvider([&](const audio::SampleKey&) { return sample; });
    audio::SoundEvent e;
    e.kind = audio::EventKind::OneShot;
    e.sample = {"", "sample"};
    (*out)->apply(e);
    if (capture.empty()) {
        std::this_thread::sleep_for(std::chrono::duration<double>(sample->seconds() + 0.1));
        return fmt::format("played on {}", (*out)->deviceName());
    }
    const auto frames = static_cast<std::size_t>(sample->seconds() * (*out)->outputRate()) + 1;
    VESTIGE_TRY(auto pcm, (*out)->render(frames));
    VESTIGE_CHECK(writeFileAtomic(capture, audio::buildPcm16Wave((*out)->outputRate(), 2, pcm)));
    return fmt::format("captured to {} ({} Hz stereo)", capture, (*out)->outputRate());
}

}  // namespace

void addSoundCommands(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("play-sound", "Decode a RIFF/WAVE sound and play it (or capture it to a WAV)");
    auto* json = addJsonFlag(cmd);
    static std::string spec, capture;
    static bool noDevice = false;
    cmd->add_option("SOUND", spec, "A .wav file, or an archive entry as archive:entry (sounds.lib:RAIN.WAV)")
        ->required();
    cmd->add_option("--capture", capture, "Render through OpenAL Soft's loopback device into this WAV file");
    cmd->add_flag("--no-device", noDevice, "Decode only; do not open an audio device");
    cmd->footer("Example: vestige play-sound vestige-demo/environment/sounds.lib:THUNDER.WAV --capture thunder.wav");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            auto resolved = vfs::openSpec(spec, ctx.archives);
            // A spec that does not resolve is a missing entry; the other outcomes need the bytes.
            const Result<Bytes> bytes =
                resolved ? Result<Bytes>(std::move(resolved->data)) : Result<Bytes>(resolved.error());
            const audio::SoundLoad load = audio::classifySound(bytes, spec, resolved ? resolved->name : spec);
            if (load.outcome != audio::SoundOutcome::DecodedSample) {
                if (ctx.json) {
                    printOut(dumpJson(Json{{"ok", false},
                                           {"outcome", audio::outcomeName(load.outcome)},
                                           {"error", Json::parse(load.error.toJson())}}));
                    return kExitError;
                }
                std::fprintf(stderr, "vestige: %s: %s\n", audio::outcomeName(load.outcome),
                             load.error.render().c_str());
                return kExitError;
            }
            const auto& s = *load.sample;
            auto played = playOrCapture(load.sample, capture, noDevice);
            if (!played) return reportError(ctx, played.error());
            if (ctx.json) {
                printOut(dumpJson(Json{{"ok", true},
                                       {"outcome", audio::outcomeName(load.outcome)},
                                       {"sound", spec},
                                       {"sample_rate", s.sampleRate},
                                       {"channels", s.channels},
                                       {"frames", s.frames()},
                                       {"seconds", s.seconds()},
                                       {"playback", *played}}));
            } else {
                printOut(fmt::format("{}: {} Hz, {} channel(s), {} frames ({:.3f} s); {}", spec, s.sampleRate,
                                     s.channels, s.frames(), s.seconds(), *played));
            }
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
