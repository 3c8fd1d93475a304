// What `render` and `view` share: their scene arguments, the scene a FILE or folder turns into through its format's
// scene hook (FormatInfo::toScene / FolderFormat::toScene), and the camera to start from.
#pragma once

#include <string>

#include "app.hpp"
#include "content_options.hpp"
#include "vestige/scene/camera.hpp"

namespace vestige::app {

struct SceneArgs {
    std::string path;
    bool testCard = false;
    std::string size = "1280x720";
    std::string camera;  // X,Y,Z,PITCH,YAW (Source convention)
    float fov = 90.0f;   // Source horizontal FOV at 4:3
    int view = 0;        // test-card view
    std::string state, lod, time;
    ContentOptions content;  // Source maps: --gmod-dir, --mount
};

struct LoadedScene {
    registry::SceneView view;
    std::string source;                   // "test card" or the format name
    std::string reportKey = "materials";  // the --json key of view.report: a file's materials, a folder's scene
};

// Options shared by both verbs: FILE, --test-card, --size, --camera, --fov, the content mounts.
void addSceneOptions(CLI::App* cmd, SceneArgs& a, const char* fileHelp);
// Checks --size, --camera and FILE/--test-card; an empty string when they are usable, else the usage message.
[[nodiscard]] std::string checkSceneArgs(const SceneArgs& a, std::uint32_t& width, std::uint32_t& height);
[[nodiscard]] Result<LoadedScene> loadScene(AppContext& ctx, const SceneArgs& a);
// --camera when given, else the scene's own camera, else one framing the scene's bounds.
[[nodiscard]] scene::Camera chooseCamera(const SceneArgs& a, const LoadedScene& loaded, float aspect);
int usage(const std::string& message);

}  // namespace vestige::app
