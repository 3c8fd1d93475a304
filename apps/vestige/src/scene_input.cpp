// The scene of `render` and `view`: the built-in test card, or a file/folder through its format's scene hook
// (FormatInfo::toScene, FolderFormat::toScene), so a format joins both verbs by registering that hook and nothing
// here names one.
#include "scene_input.hpp"

#include <fmt/format.h>

#include "options.hpp"
#include "vestige/core/text.hpp"
#include "vestige/scene/test_card.hpp"

namespace vestige::app {
namespace {

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

}  // namespace

void addSceneOptions(CLI::App* cmd, SceneArgs& a, const char* fileHelp) {
    cmd->add_option("FILE", a.path, fileHelp);
    cmd->add_flag("--test-card", a.testCard, "Use the built-in test card instead of a file");
    cmd->add_option("--size", a.size, "Image or window size WIDTHxHEIGHT")->capture_default_str();
    cmd->add_option("--camera", a.camera, "Camera X,Y,Z,PITCH,YAW (Source setpos/setang convention)");
    cmd->add_option("--fov", a.fov, "Horizontal FOV in degrees on a 4:3 screen (Source convention)")
        ->capture_default_str()
        ->check(numberIn(1, 179));
    addContentOptions(cmd, a.content);
}

std::string checkSceneArgs(const SceneArgs& a, std::uint32_t& width, std::uint32_t& height) {
    if (!parseSize(a.size, width, height)) return fmt::format("--size '{}' is not WIDTHxHEIGHT (1..16384)", a.size);
    Vec3 pos, ang;
    if (!a.camera.empty() && !parseCamera(a.camera, pos, ang))
        return fmt::format("--camera '{}' is not X,Y,Z,PITCH,YAW", a.camera);
    if (a.testCard == !a.path.empty()) return "give either FILE or --test-card";
    if (!(a.fov > 1 && a.fov < 179)) return "--fov must be between 1 and 179 degrees";
    return {};
}

namespace {

registry::ExportOptions sceneOptions(const SceneArgs& a) {
    registry::ExportOptions options;
    for (auto [key, value] : {std::pair{"state", &a.state}, {"lod", &a.lod}, {"time", &a.time}})
        if (!value->empty()) options.values[key] = *value;
    // Source maps take their materials from these mounts ("mount" = newline-separated folders/archives).
    if (!a.content.gmodDir.empty()) options.values["gmod-dir"] = a.content.gmodDir;
    for (const auto& m : a.content.mounts) options.values["mount"] += (options.values["mount"].empty() ? "" : "\n") + m;
    return options;
}

// A folder (an Iron3D mission directory) through the folder format that recognises it.
Result<LoadedScene> loadFolder(AppContext& ctx, const SceneArgs& a) {
    const auto* format = ctx.formats.detectFolder(a.path);
    if (!format || !format->toScene) {
        std::string known;
        for (const auto& f : ctx.formats.folders())
            if (f.toScene) known += (known.empty() ? "" : ", ") + f.name;
        return Error("render.unknown_format", "no format recognises this folder").file(a.path).expected(known);
    }
    VESTIGE_TRY(auto view, format->toScene(a.path, sceneOptions(a)).file(a.path));
    return LoadedScene{std::move(view), format->name, "scene"};
}

}  // namespace

// The scene to draw: the test card, or a file through its format's scene hook.
Result<LoadedScene> loadScene(AppContext& ctx, const SceneArgs& a) {
    if (a.testCard) return LoadedScene{{scene::makeTestCard(), scene::testCardCamera(a.view)}, "test card"};
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
    return LoadedScene{std::move(view), format->name};
}

scene::Camera chooseCamera(const SceneArgs& a, const LoadedScene& loaded, float aspect) {
    if (!a.camera.empty()) {
        Vec3 pos, ang;
        (void)parseCamera(a.camera, pos, ang);  // validated before
        return scene::sourceCamera(pos, ang, a.fov);
    }
    if (loaded.view.camera) return *loaded.view.camera;
    return scene::frameBox(loaded.view.scene.bounds(), degToRad(45), degToRad(-25), scene::sourceFovToVertical(a.fov),
                           aspect);
}

}  // namespace vestige::app
