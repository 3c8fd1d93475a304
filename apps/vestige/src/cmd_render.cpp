// render: draw a scene (scene_input.hpp) headless to PNG, one frame or an orbit of frames.
#include <fmt/format.h>

#include "options.hpp"
#include "scene_input.hpp"
#include "vestige/core/text.hpp"
#include "vestige/image/image.hpp"
#include "vestige/render_gl/headless.hpp"

namespace vestige::app {
namespace {

struct RenderArgs {
    SceneArgs scene;
    std::string out;
    int frames = 1;
    bool orbit = false;
    bool stats = false;
};

std::string frameName(const std::string& out, int frame, int frames) {
    if (frames <= 1) return out;
    std::filesystem::path p(out);
    return (p.parent_path() / fmt::format("{}_{:03}{}", p.stem().string(), frame, p.extension().string())).string();
}

}  // namespace

void addRenderCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("render", "Render a scene headless (OpenGL 4.5, EGL) to PNG");
    static RenderArgs a;
    auto* json = addJsonFlag(cmd);
    addSceneOptions(
        cmd, a.scene,
        "Model, map (archive entries as archive.lib:entry) or Iron3D mission folder DATA_DIR/MISSIONS/NAME");
    cmd->add_option("-o,--out", a.out, "Output PNG (with --frames N: NAME_000.png ...)")->required();
    cmd->add_option("--view", a.scene.view, "Test card view: 0 (ground) or 1 (high)")
        ->capture_default_str()
        ->transform(integerIn(0, 1));
    cmd->add_option("--frames", a.frames, "Number of frames (with --orbit), 1..100000")
        ->capture_default_str()
        ->transform(integerIn(1, 100000));
    cmd->add_flag("--orbit", a.orbit, "Orbit the camera once around the scene over the frames");
    cmd->add_option("--state", a.scene.state, "Iron3D model state")->transform(indexOption());
    cmd->add_option("--lod", a.scene.lod, "Iron3D level of detail")->transform(indexOption());
    cmd->add_option("--time", a.scene.time, "Animation time for the pose")->check(timeOption());
    cmd->add_flag("--stats", a.stats, "Print draw calls, materials, props and what is missing (JSON: \"materials\")");
    cmd->footer(
        "Example: vestige render --test-card -o card.png --size 1280x720 --camera -1100,-900,260,12,38\n"
        "         vestige render gm_construct.bsp --gmod-dir ~/GarrysMod/garrysmod --stats -o shot.png\n"
        "         vestige render vestige-demo/mission/MISSIONS/DEMO --stats -o mission.png");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            std::uint32_t w = 0, h = 0;
            if (auto bad = checkSceneArgs(a.scene, w, h); !bad.empty()) return usageError("render", bad);
            if (a.frames < 1 || a.frames > 100000) return usageError("render", "--frames must be 1..100000");

            auto loaded = loadScene(ctx, a.scene);
            if (!loaded) return reportError(ctx, loaded.error());
            auto off = render_gl::Offscreen::create(w, h);
            if (!off) return reportError(ctx, off.error());
            auto& r = *off->renderer;
            if (auto st = r.setScene(loaded->view.scene); !st) return reportError(ctx, st.error());
            const float aspect = static_cast<float>(w) / static_cast<float>(h);
            const scene::Camera base = chooseCamera(a.scene, *loaded, aspect);
            const Aabb box = loaded->view.scene.bounds();
            const Vec3 pivot = box.isEmpty() ? Vec3{} : box.center();
            Progress& progress = ctx.progress();
            if (a.frames > 1) progress.begin("render", static_cast<std::uint64_t>(a.frames));
            std::string files;
            for (int f = 0; f < a.frames; ++f) {
                scene::Camera cam = base;
                if (a.orbit && a.frames > 1) {
                    // Turn the eye about the vertical axis through the scene centre, still facing it.
                    const float t = 2 * kPi * static_cast<float>(f) / static_cast<float>(a.frames);
                    const Mat3 rot = Mat3::rotationZ(t);
                    cam.position = pivot + rot * (base.position - pivot);
                    cam.forward = rot * base.forward;
                    cam.left = rot * base.left;
                    cam.up = rot * base.up;
                }
                if (auto st = r.draw(cam); !st) return reportError(ctx, st.error());
                auto img = r.readColor();
                if (!img) return reportError(ctx, img.error());
                const std::string name = frameName(a.out, f, a.frames);
                if (auto st = image::writePng(name, *img); !st) return reportError(ctx, st.error());
                files += fmt::format("{}\"{}\"", files.empty() ? "" : ",",
                                     jsonEscape(name));  // paths may hold quotes, backslashes
                if (a.frames > 1) progress.update(static_cast<std::uint64_t>(f + 1));
            }
            if (a.frames > 1) progress.end();
            const auto& stats = r.lastFrame();
            const bool report = a.stats && !loaded->view.report.empty();
            if (ctx.json) {
                printOut(fmt::format(
                    R"({{"ok":true,"source":"{}","width":{},"height":{},"frames":{},"files":[{}],"triangles":{},"drawCalls":{},"camera":{{"position":[{},{},{}],"forward":[{},{},{}]}}{}}})",
                    loaded->source, w, h, a.frames, files, stats.trianglesSubmitted, stats.drawCalls, base.position.x,
                    base.position.y, base.position.z, base.forward.x, base.forward.y, base.forward.z,
                    report ? fmt::format(R"(,"blendedDraws":{},"{}":{})", stats.blendedDraws, loaded->reportKey,
                                         loaded->view.report)
                           : std::string()));
            } else {
                printOut(fmt::format("rendered {} ({}x{}, {} frame(s), {} triangles, {} draw calls) to {}",
                                     loaded->source, w, h, a.frames, stats.trianglesSubmitted, stats.drawCalls,
                                     frameName(a.out, 0, a.frames) + (a.frames > 1 ? " ..." : "")));
                if (report) printOut(loaded->reportKey + ": " + loaded->view.report);
            }
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
