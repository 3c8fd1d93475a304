// view: open a window on a scene (scene_input.hpp) and move through it with the camera controller of what was
// loaded (the free-fly one unless the content's format supplies its own, as Iron3D missions do).
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "options.hpp"
#include "scene_input.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/json.hpp"
#include "view_loop.hpp"

namespace vestige::app {
namespace {

constexpr const char* kKeys = R"(Keys:
  any scene (free flight)   W/S forward/back, A/D strafe, Space/LCtrl up/down, LShift x4, mouse look
  Iron3D mission folder     the game's camera (orbit of the first placed object, at the game tick):
                            Left/A Right/D turn (CMD_CAMERA_LEFT/RIGHT, wraps), Up/W Down/S tilt
                            (CMD_CAMERA_UP/DOWN, clamped), C or Home centre (CMD_CAMERA_CENTER),
                            I infrared (CMD_CAMERA_INFRARED: the camera's flag, in --json;
                            not drawn differently yet), mouse MCMD_ANGLE_X/Y
  always                    F12 screenshot, Esc or closing the window quits

Scripted runs (--script FILE): the input comes from FILE at --fps frames per second of frame time, one event
a line: "TIME down|up|tap KEY", "TIME mouse DX DY", "TIME button down|up left|middle|right",
"TIME focus-lost", "TIME quit" (TIME in ms, KEY as in "left", "a", "space", "f12"). With SDL_VIDEODRIVER=offscreen
a scripted run needs no display.

Examples:
  vestige view --test-card                       (needs a display; exits 1 without one)
  vestige view DATA/MISSIONS/M01
  SDL_VIDEODRIVER=offscreen vestige view DATA/MISSIONS/M01 --script keys.txt --fps 30 --screenshot-at 60 --json)";

}  // namespace

void addViewCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("view", "Open a window and move through a scene (keys below, F12 screenshot)");
    static SceneArgs a;
    static std::string shots = ".";
    static std::string scriptPath;
    static std::uint32_t fps = 60;
    static std::uint64_t frames = 0;
    static std::vector<std::uint64_t> shotsAt;
    auto* json = addJsonFlag(cmd);
    addSceneOptions(cmd, a, "Model, map (archive.lib:entry) or Iron3D mission folder DATA_DIR/MISSIONS/NAME");
    cmd->add_option("--screenshots", shots, "Directory for screenshots")->capture_default_str();
    auto* script = cmd->add_option("--script", scriptPath, "Take the input from this script file (format below)");
    cmd->add_option("--fps", fps, "Frames per second of frame time in a scripted run")
        ->capture_default_str()
        ->check(numberIn(1, 1000))
        ->needs(script);
    cmd->add_option("--frames", frames, "Frames of a scripted run (default: until the script's last event)")
        ->check(numberIn(1, 1e7))
        ->needs(script);
    cmd->add_option("--screenshot-at", shotsAt, "Write a screenshot after drawing frame K (0-based; repeatable)")
        ->needs(script);
    cmd->footer(kKeys);
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            std::uint32_t w = 0, h = 0;
            if (auto bad = checkSceneArgs(a, w, h); !bad.empty()) return usageError("view", bad);
            std::optional<viewer::InputScript> input;
            if (!scriptPath.empty()) {
                auto text = readFile(scriptPath);
                if (!text) return reportError(ctx, text.error());
                auto parsed = viewer::InputScript::parse(
                    std::string_view(reinterpret_cast<const char*>(text->data()), text->size()));
                if (!parsed) return reportError(ctx, Error(parsed.error()).file(scriptPath));
                input = std::move(*parsed);
            }
            auto loaded = loadScene(ctx, a);
            if (!loaded) return reportError(ctx, loaded.error());
            ViewRun run;
            run.width = w;
            run.height = h;
            run.title = fmt::format("Vestige - {}", a.testCard ? std::string("test card") : a.path);
            run.screenshotDir = shots;
            if (input) {
                run.script = &*input;
                run.fps = fps;
                run.screenshotAt = shotsAt;
                const std::uint64_t lastShot =
                    shotsAt.empty() ? 0 : *std::max_element(shotsAt.begin(), shotsAt.end()) + 1;
                run.frames = frames ? frames : std::max(input->lastFrame(fps) + 1, lastShot);
            }
            const float aspect = static_cast<float>(w) / static_cast<float>(h);
            const scene::Camera start = chooseCamera(a, *loaded, aspect);
            std::unique_ptr<viewer::CameraController> controller;
            if (loaded->view.controller) {
                auto made = loaded->view.controller(start, aspect);
                if (!made) return reportError(ctx, made.error());
                controller = std::move(*made);
            } else {
                controller = std::make_unique<viewer::FlyController>(start);
            }
            auto done = runView(loaded->view.scene, *controller, run);
            if (!done) return reportError(ctx, done.error());
            if (ctx.json) {
                nlohmann::ordered_json doc;
                doc["ok"] = true;
                doc["source"] = loaded->source;
                doc["driver"] = done->driver;
                doc["frames"] = done->frames;
                doc["screenshots"] = nlohmann::ordered_json::array();
                for (const auto& p : done->screenshots) doc["screenshots"].push_back(p.string());
                doc["controller"] = nlohmann::ordered_json::parse(controller->stateJson());
                printOut(dumpJson(doc));
            } else if (input) {
                printOut(fmt::format("viewed {} frames of {} ({} driver, {} screenshots); camera {}", done->frames,
                                     loaded->source, done->driver, done->screenshots.size(), controller->stateJson()));
            }
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
