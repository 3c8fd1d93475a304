// view: open a window on a scene (scene_input.hpp) and fly through it (WASD + mouse, F12 screenshot).
#include <fmt/format.h>

#include "options.hpp"
#include "scene_input.hpp"
#include "vestige/render_gl/viewer.hpp"

namespace vestige::app {

void addViewCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("view", "Open a window and fly through a scene (WASD + mouse, F12 screenshot)");
    static SceneArgs a;
    static std::string shots = ".";
    auto* json = addJsonFlag(cmd);
    addSceneOptions(cmd, a, "Model, map (archive.lib:entry) or Iron3D mission folder DATA_DIR/MISSIONS/NAME");
    cmd->add_option("--screenshots", shots, "Directory for F12 screenshots")->capture_default_str();
    cmd->footer("Example: vestige view --test-card   (needs a display; exits 1 without one)");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            std::uint32_t w = 0, h = 0;
            if (auto bad = checkSceneArgs(a, w, h); !bad.empty()) return usageError("view", bad);
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

}  // namespace vestige::app
