// render / view: draw a scene headless to PNG, or in a window.
//
// Content reaches the renderer as a scene::Scene: the built-in test card needs no file; any other file is probed and
// drawn through its format's scene hook (FormatInfo::toScene), so a format joins `render` and `view` by registering
// that hook, and nothing here names one.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "app.hpp"
#include "content_options.hpp"
#include "options.hpp"
#include "vestige/core/log.hpp"
#include "vestige/core/text.hpp"
#include "vestige/image/image.hpp"
#include "vestige/render_gl/headless.hpp"
#include "vestige/render_gl/viewer.hpp"
#include "vestige/scene/test_card.hpp"

namespace vestige::app {
namespace {

struct RenderArgs {
    std::string path;
    std::string out;
    bool testCard = false;
    std::string size = "1280x720";
    std::string camera;  // X,Y,Z,PITCH,YAW (Source convention)
    float fov = 90.0f;   // Source horizontal FOV at 4:3
    int view = 0;        // test-card view
    int frames = 1;
    bool orbit = false;
    std::string state, lod, time;
    ContentOptions content;  // Source maps: --gmod-dir, --mount
    bool stats = false;
};

bool parseSize(const std::string& s, std::uint32_t& w, std::uint32_t& h) {
    const auto x = s.find('x');
    if (x == std::string::npos) return false;
    const auto width = parseInteger<std::uint32_t>(std::string_view(s).substr(0, x));
    const auto height = parseInteger<std::uint32_t>(std::string_view(s).substr(x + 1));
    if (!width || !height || *width < 1 || *width > 16384 || *height < 1 || *height > 16384) return false;
    w = *width;
    h = *height;
    return true;
}

bool parseCamera(const std::string& s, Vec3& pos, Vec3& ang) {
    const auto v = parseList<float, 5>(s);
    if (!v) return false;
    pos = {(*v)[0], (*v)[1], (*v)[2]};
    ang = {(*v)[3], (*v)[4], 0};
    return true;
}

int usage(const std::string& message) {
    std::fprintf(stderr, "vestige: usage error: %s\n", message.c_str());
    return kExitUsage;
}

struct Loaded {
    registry::SceneView view;
    std::string source;                   // "test card" or the format name
    std::string reportKey = "materials";  // the --json key of view.report: a file's materials, a folder's scene
};

registry::ExportOptions sceneOptions(const RenderArgs& a) {
    registry::ExportOptions options;
    for (auto [key, value] : {std::pair{"state", &a.state}, {"lod", &a.lod}, {"time", &a.time}})
        if (!value->empty()) options.values[key] = *value;
    // Source maps take their materials from these mounts ("mount" = newline-separated folders/archives).
    if (!a.content.gmodDir.empty()) options.values["gmod-dir"] = a.content.gmodDir;
    for (const auto& m : a.content.mounts) options.values["mount"] += (options.values["mount"].empty() ? "" : "\n") + m;
    return options;
}

// A folder (an Iron3D mission directory) through the folder format that recognises it.
Result<Loaded> loadFolder(AppContext& ctx, const RenderArgs& a) {
    const auto* format = ctx.formats.detectFolder(a.path);
    if (!format || !format->toScene) {
        std::string known;
        for (const auto& f : ctx.formats.folders())
            if (f.toScene) known += (known.empty() ? "" : ", ") + f.name;
        return Error("render.unknown_format", "no format recognises this folder").file(a.path).expected(known);
    }
    VESTIGE_TRY(auto view, format->toScene(a.path, sceneOptions(a)).file(a.path));
    return Loaded{std::move(view), format->name, "scene"};
}

// The scene to draw: the test card, or a file through its format's scene hook.
Result<Loaded> loadScene(AppContext& ctx, const RenderArgs& a) {
    if (a.testCard) return Loaded{{scene::makeTestCard(), scene::testCardCamera(a.view)}, "test card"};
    std::error_code ec;
    if (std::filesystem::is_directory(a.path, ec)) return loadFolder(ctx, a);
    auto resolved = vfs::openSpec(a.path, ctx.archives);
    if (!resolved) return std::move(resolved).error();
    const auto* format = ctx.formats.detect(resolved->data, resolved->name);
    if (!format) {
        return Error("render.unknown_format", "unknown file format")
            .file(a.path)
            .actual(fmt::format("{} bytes starting {}", resolved->data.size(), hexBytes(resolved->data, 8)));
    }
    if (!format->toScene) {
        std::string known;
        for (const auto& f : ctx.formats.all())
            if (f.toScene) known += (known.empty() ? "" : ", ") + f.name;
        return Error("render.unsupported", fmt::format("{} files cannot be rendered yet", format->name))
            .file(a.path)
            .expected(known);
    }
    VESTIGE_TRY(auto view, format->toScene(resolved->data, resolved->label, sceneOptions(a)).file(a.path));
    return Loaded{std::move(view), format->name};
}

scene::Camera chooseCamera(const RenderArgs& a, const Loaded& loaded, float aspect) {
    if (!a.camera.empty()) {
        Vec3 pos, ang;
        (void)parseCamera(a.camera, pos, ang);  // validated before
        return scene::sourceCamera(pos, ang, a.fov);
    }
    if (loaded.view.camera) return *loaded.view.camera;
    return scene::frameBox(loaded.view.scene.bounds(), degToRad(45), degToRad(-25), scene::sourceFovToVertical(a.fov),
                           aspect);
}

std::string frameName(const std::string& out, int frame, int frames) {
    if (frames <= 1) return out;
    std::filesystem::path p(out);
    return (p.parent_path() / fmt::format("{}_{:03}{}", p.stem().string(), frame, p.extension().string())).string();
}

void addRender(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("render", "Render a scene headless (OpenGL 4.5, EGL) to PNG");
    static RenderArgs a;
    auto* json = addJsonFlag(cmd);
    cmd->add_option(
        "FILE", a.path,
        "Model, map (archive entries as archive.lib:entry) or Iron3D mission folder DATA_DIR/MISSIONS/NAME");
    cmd->add_option("-o,--out", a.out, "Output PNG (with --frames N: NAME_000.png ...)")->required();
    cmd->add_flag("--test-card", a.testCard, "Render the built-in test card instead of a file");
    cmd->add_option("--size", a.size, "Image size WIDTHxHEIGHT")->capture_default_str();
    cmd->add_option("--camera", a.camera, "Camera X,Y,Z,PITCH,YAW (Source setpos/setang convention)");
    cmd->add_option("--fov", a.fov, "Horizontal FOV in degrees on a 4:3 screen (Source convention)")
        ->capture_default_str()
        ->check(numberIn(1, 179));
    cmd->add_option("--view", a.view, "Test card view: 0 (ground) or 1 (high)")
        ->capture_default_str()
        ->transform(integerIn(0, 1));
    cmd->add_option("--frames", a.frames, "Number of frames (with --orbit), 1..100000")
        ->capture_default_str()
        ->transform(integerIn(1, 100000));
    cmd->add_flag("--orbit", a.orbit, "Orbit the camera once around the scene over the frames");
    cmd->add_option("--state", a.state, "Iron3D model state")->transform(indexOption());
    cmd->add_option("--lod", a.lod, "Iron3D level of detail")->transform(indexOption());
    cmd->add_option("--time", a.time, "Animation time for the pose")->check(timeOption());
    addContentOptions(cmd, a.content);
    cmd->add_flag("--stats", a.stats, "Print draw calls, materials and what is missing (JSON: \"materials\")");
    cmd->footer(
        "Example: vestige render --test-card -o card.png --size 1280x720 --camera -1100,-900,260,12,38\n"
        "         vestige render gm_construct.bsp --gmod-dir ~/GarrysMod/garrysmod --stats -o shot.png\n"
        "         vestige render vestige-demo/mission/MISSIONS/DEMO --stats -o mission.png");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            std::uint32_t w = 0, h = 0;
            if (!parseSize(a.size, w, h))
                return usage(fmt::format("--size '{}' is not WIDTHxHEIGHT (1..16384)", a.size));
            Vec3 pos, ang;
            if (!a.camera.empty() && !parseCamera(a.camera, pos, ang))
                return usage(fmt::format("--camera '{}' is not X,Y,Z,PITCH,YAW", a.camera));
            if (a.testCard == !a.path.empty()) return usage("give either FILE or --test-card");
            if (a.frames < 1 || a.frames > 100000) return usage("--frames must be 1..100000");
            if (!(a.fov > 1 && a.fov < 179)) return usage("--fov must be between 1 and 179 degrees");

            auto loaded = loadScene(ctx, a);
            if (!loaded) return reportError(ctx, loaded.error());
            auto off = render_gl::Offscreen::create(w, h);
            if (!off) return reportError(ctx, off.error());
            auto& r = *off->renderer;
            if (auto st = r.setScene(loaded->view.scene); !st) return reportError(ctx, st.error());
            const float aspect = static_cast<float>(w) / static_cast<float>(h);
            const scene::Camera base = chooseCamera(a, *loaded, aspect);
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

void addView(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("view", "Open a window and fly through a scene (WASD + mouse, F12 screenshot)");
    static RenderArgs a;
    static std::string shots = ".";
    auto* json = addJsonFlag(cmd);
    cmd->add_option("FILE", a.path, "Model, map (archive.lib:entry) or Iron3D mission folder DATA_DIR/MISSIONS/NAME");
    cmd->add_flag("--test-card", a.testCard, "View the built-in test card");
    cmd->add_option("--size", a.size, "Window size WIDTHxHEIGHT")->capture_default_str();
    cmd->add_option("--camera", a.camera, "Start camera X,Y,Z,PITCH,YAW (Source convention)");
    cmd->add_option("--fov", a.fov, "Horizontal FOV in degrees on a 4:3 screen")
        ->capture_default_str()
        ->check(numberIn(1, 179));
    cmd->add_option("--screenshots", shots, "Directory for F12 screenshots")->capture_default_str();
    addContentOptions(cmd, a.content);
    cmd->footer("Example: vestige view --test-card   (needs a display; exits 1 without one)");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            std::uint32_t w = 0, h = 0;
            if (!parseSize(a.size, w, h)) return usage(fmt::format("--size '{}' is not WIDTHxHEIGHT", a.size));
            Vec3 pos, ang;
            if (!a.camera.empty() && !parseCamera(a.camera, pos, ang))
                return usage(fmt::format("--camera '{}' is not X,Y,Z,PITCH,YAW", a.camera));
            if (a.testCard == !a.path.empty()) return usage("give either FILE or --test-card");
            auto loaded = loadScene(ctx, a);
            if (!loaded) return reportError(ctx, loaded.error());
            render_gl::ViewerOptions options;
            options.width = w;
            options.height = h;
            options.title = fmt::format("Vestige - {}", a.testCard ? std::string("test card") : a.path);
            options.screenshotDir = shots;
            const float aspect = static_cast<float>(w) / static_cast<float>(h);
            auto st = render_gl::runViewer(loaded->view.scene, chooseCamera(a, *loaded, aspect), options);
            if (!st) return reportError(ctx, st.error());
            if (ctx.json) printOut(R"({"ok":true})");
            return kExitOk;
        };
    });
}

}  // namespace

void addRenderCommands(CLI::App& cli, AppContext& ctx) {
    addRender(cli, ctx);
    addView(cli, ctx);
}

}  // namespace vestige::app
