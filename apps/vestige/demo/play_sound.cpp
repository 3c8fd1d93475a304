// Demo stage: play_sound. A button's press heard: a room with a use-activated func_button ("sounds" 1, so
// CBaseButton plays the soundscript Buttons.snd1), its soundscript in the map's maps/button_level_sounds.txt and
// its wave (a click we synthesise, MS ADPCM as Source's own waves often are) in the map's pakfile. The console
// presses +use facing it, then walks back: footsteps (Default.StepLeft / StepRight, a synthesised thump).
// `vestige play --headless --sound-capture` renders the sound through OpenAL Soft's loopback device. Outputs:
// play_sound/button.bsp, play_sound/press.cfg, play_sound/capture.wav, play_sound/report.json.
#include <fmt/format.h>

#include <cmath>

#include "../src/app.hpp"
#include "../src/play_session.hpp"
#include "vestige/audio/decode.hpp"
#include "vestige/source/bsp/builder.hpp"

namespace vestige::app {
namespace {

constexpr const char* kLevelSounds = R"("Buttons.snd1"
{
	"channel"	"CHAN_VOICE"
	"volume"	"1"
	"soundlevel"	"SNDLVL_NORM"
	"wave"	"buttons/vestige_click.wav"
}
"Default.StepLeft"
{
	"channel"	"CHAN_BODY"
	"soundlevel"	"SNDLVL_70dB"
	"pitch"	"95, 105"
	"wave"	"player/footsteps/vestige_step.wav"
}
"Default.StepRight"
{
	"channel"	"CHAN_BODY"
	"soundlevel"	"SNDLVL_70dB"
	"pitch"	"95, 105"
	"wave"	"player/footsteps/vestige_step.wav"
}
)";

// Stand for half a second facing the button, press use for two ticks, listen, then walk back from it: footsteps.
constexpr const char* kPressCfg =
    "// vestige demo: play_sound\nwait 32\n+use\nwait 2\n-use\nwait 30\n+back\nwait 60\n-back\n";
constexpr std::uint64_t kTicks = 140;

// A decaying tone at 22050 Hz, mono: the button's click (1 kHz, 250 ms) and the footstep's thump (120 Hz, 80 ms).
audio::DecodedSample tone(double hz, double seconds, double decay, double amplitude) {
    audio::DecodedSample s;
    s.sampleRate = 22050;
    s.channels = 1;
    const auto frames = static_cast<std::size_t>(seconds * s.sampleRate);
    s.pcm.resize(frames);
    for (std::size_t i = 0; i < frames; ++i) {
        const double t = static_cast<double>(i) / s.sampleRate;
        s.pcm[i] = static_cast<std::int16_t>(
            std::lround(amplitude * std::exp(-t * decay) * std::sin(2 * 3.14159265358979 * hz * t)));
    }
    return s;
}

}  // namespace

Result<Bytes> buttonSoundMap() {
    source::bsp::MapBuilder map;
    const std::string wall = "dev/dev_measuregeneric01";
    map.addRoom({-256, -256, 0}, {256, 256, 256}, 16, wall);
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}, {"angles", "0 0 0"}});
    // At eye height (64), 48 units ahead: inside use range.
    map.addBrushEntity(
        {{"classname", "func_button"}, {"targetname", "bell"}, {"spawnflags", "1025"}, {"sounds", "1"}, {"wait", "1"}},
        {source::bsp::MapBuilder::box({48, -16, 48}, {56, 16, 80}, "dev/dev_measuredoor01")}, Vec3{52, 0, 64});
    VESTIGE_TRY(auto wave, audio::encodeWave(tone(1000, 0.25, 12, 20000), audio::WaveEncoding::MsAdpcm));
    map.addPakFile("sound/buttons/vestige_click.wav", std::move(wave));
    VESTIGE_TRY(auto thump, audio::encodeWave(tone(120, 0.08, 40, 16000), audio::WaveEncoding::Pcm16));
    map.addPakFile("sound/player/footsteps/vestige_step.wav", std::move(thump));
    map.addPakFile("maps/button_level_sounds.txt",
                   Bytes(kLevelSounds, kLevelSounds + std::string_view(kLevelSounds).size()));
    return map.write();
}

DemoStage demoStagePlaySound() {
    return {"play_sound", "a button's press heard: soundscripts, the pakfile's wave, OpenAL's loopback capture",
            [](DemoContext& demo) -> Status {
                VESTIGE_TRY(const Bytes mapBytes, buttonSoundMap());
                VESTIGE_CHECK(demo.write("play_sound/button.bsp", mapBytes));
                VESTIGE_CHECK(demo.write("play_sound/press.cfg", std::string_view(kPressCfg)));
                LuaSessionArgs args;
                args.map = (demo.outDir / "play_sound" / "button.bsp").string();
                args.ticks = std::to_string(kTicks);
                args.ticksGiven = true;
                LuaNumbers n;
                if (std::string error; !parseLuaNumbers(args, &n, &error)) return Error("demo.play_sound", error);
                SceneArgs scene;
                scene.path = args.map;
                VESTIGE_TRY(auto loaded, loadScene(demo.app, scene));
                VESTIGE_TRY(auto session, openLuaSession(args, n, demo.app, true));
                PlayConsoleOptions co;
                co.execFile = (demo.outDir / "play_sound" / "press.cfg").string();
                VESTIGE_TRY(auto console, PlayConsole::create(*session, co));
                // The capture's file name; demo.write puts the bytes there.
                const std::filesystem::path capture = "capture.wav";
                VESTIGE_TRY(auto sound, openPlaySound(demo.app, args.map, {}, {}, *session, {.capture = capture}));
                PlayTape tape;
                tape.sound = sound.get();
                const auto none = [](const PlayShot&, const image::Image&) -> Status { return {}; };
                VESTIGE_TRY(auto shots, playHeadless(*session, *console, loaded, {64, 36, 1000}, {}, none, tape));
                (void)shots;
                VESTIGE_CHECK(demo.write("play_sound/capture.wav", sound->captureWave()));
                auto report = playReport(*session, "play_sound/button.bsp", {64, 36, 1000}, {});
                report.erase("memoryBytes");
                report.erase("shots");
                report["sound"] = sound->report();
                report["sound"]["capture"]["file"] = "play_sound/capture.wav";
                const auto& s = report["sound"];
                // The file keeps what the game decides; the mixer's own numbers (peak, first audible frame) vary
                // with OpenAL Soft's version and stay in the note.
                auto written = report;
                written["sound"]["capture"].erase("peak");
                written["sound"]["capture"].erase("firstAudibleFrame");
                VESTIGE_CHECK(demo.write("play_sound/report.json", written.dump(2)));
                if (s["first"].empty() || s["capture"]["firstAudibleTick"].is_null() || !s["missingSamples"].empty())
                    return Error("demo.play_sound", "the button's press was not heard in the capture");
                const auto pressed = s["first"][0]["tick"].get<std::uint64_t>();
                const auto audible = s["capture"]["firstAudibleTick"].get<std::uint64_t>();
                if (audible != pressed)
                    return Error("demo.play_sound", "the capture is not audible in the tick of the press")
                        .expected(std::to_string(pressed))
                        .actual(std::to_string(audible));
                std::vector<std::uint64_t> stepTicks;
                for (const auto& f : s["first"])
                    if (f["wave"] == "sound/player/footsteps/vestige_step.wav")
                        stepTicks.push_back(f["tick"].get<std::uint64_t>());
                if (stepTicks.size() < 2) return Error("demo.play_sound", "walking back made no footsteps");
                demo.notes.push_back(fmt::format(
                    "play_sound: +use pressed the button, Buttons.snd1 -> {} at tick {}; the loopback capture "
                    "(play_sound/capture.wav, {} Hz) is silent before and audible from tick {}, peak {}; walking back, "
                    "{} footsteps from tick {}, {} ticks apart (350 ms)",
                    s["first"][0]["wave"].get<std::string>(), pressed, s["capture"]["rate"].get<int>(), audible,
                    s["capture"]["peak"].get<std::uint64_t>(), stepTicks.size(), stepTicks[0],
                    stepTicks[1] - stepTicks[0]));
                return {};
            }};
}

}  // namespace vestige::app
