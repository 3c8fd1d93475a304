#pragma once
// Shared state of the `vestige` command line: registries, output mode, the command to run.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "vestige/core/progress.hpp"
#include "vestige/core/result.hpp"
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::app {

constexpr int kExitOk = 0;
constexpr int kExitError = 1;
constexpr int kExitUsage = 2;

struct AppContext {
    registry::FormatRegistry formats;
    vfs::ArchiveRegistry archives;
    bool json = false;         // set per command by its --json flag
    std::function<int()> run;  // the chosen command's body
    // A progress bar on stderr when stderr is a terminal and not in --json mode; silent otherwise.
    Progress& progress();
};

// Adds the standard --json flag to a command.
inline CLI::Option* addJsonFlag(CLI::App* cmd) {
    static const std::string kDescription = "Machine-readable JSON output on stdout";
    return cmd->add_flag("--json", kDescription);
}

// Prints an error (JSON object on stdout with --json, one line on stderr otherwise); returns kExitError.
int reportError(const AppContext& ctx, const Error& error);
// Prints a JSON document or text followed by a newline.
void printOut(std::string_view text);

// Registers every engine's formats into the context's registries (explicit, no static initialisers).
void registerAllFormats(AppContext& ctx);

// One function per verb family; each adds its subcommand(s) to `cli` and sets ctx.run in the callback.
void addVersionCommand(CLI::App& cli, AppContext& ctx);
void addInfoCommand(CLI::App& cli, AppContext& ctx);
void addDemoCommand(CLI::App& cli, AppContext& ctx);
void addArchiveCommands(CLI::App& cli, AppContext& ctx);  // ls, extract, pack
void addExportCommand(CLI::App& cli, AppContext& ctx);
void addEntsCommand(CLI::App& cli, AppContext& ctx);
void addLuaCommand(CLI::App& cli, AppContext& ctx);
void addPlayCommand(CLI::App& cli, AppContext& ctx);  // headless play: the lua session, screenshots
void addRenderCommand(CLI::App& cli, AppContext& ctx);
void addViewCommand(CLI::App& cli, AppContext& ctx);
void addMoveCommand(CLI::App& cli, AppContext& ctx);
void addEnvironmentCommands(CLI::App& cli, AppContext& ctx);  // weather, ambient
void addSoundCommands(CLI::App& cli, AppContext& ctx);        // play-sound
void addQueryCommand(CLI::App& cli, AppContext& ctx);         // Iron3D segment queries
void addGameCommand(CLI::App& cli, AppContext& ctx);
void addPhysicsCommand(CLI::App& cli, AppContext& ctx);
void addMissionCommand(CLI::App& cli, AppContext& ctx);  // Iron3D mission load and headless run
void addScriptCommand(CLI::App& cli, AppContext& ctx);   // Iron3D AI packages, first Init
void addMountCommands(CLI::App& cli, AppContext& ctx);   // Source content: mount, which

// ---- demo pipeline ----
struct DemoContext {
    AppContext& app;
    std::filesystem::path outDir;
    std::vector<std::string> produced;  // paths relative to outDir, in production order
    std::vector<std::string> notes;     // one-line facts worth printing in the summary
    // Writes a file under outDir (atomically) and records it.
    [[nodiscard]] Status write(const std::string& relative, ByteView data);
    [[nodiscard]] Status write(const std::string& relative, std::string_view text) {
        return write(relative, asBytes(text));
    }
};

struct DemoStage {
    std::string name;
    std::string summary;
    std::function<Status(DemoContext&)> run;
};

// Every stage in pipeline order; each capability adds its own (apps/vestige/demo/*.cpp).
std::vector<DemoStage> demoStages();
DemoStage demoStageVfs();
DemoStage demoStageArchives();
DemoStage demoStageMsh();
DemoStage demoStageIron3dTextures();
DemoStage demoStageTerrain();
DemoStage demoStageAi();
DemoStage demoStageBsp();
DemoStage demoStageSourceTextures();
DemoStage demoStageSourceArchives();
DemoStage demoStageStudio();
DemoStage demoStageMovement();
DemoStage demoStageLua();
DemoStage demoStageEnvironment();
DemoStage demoStageMission();
DemoStage demoStageGame();
DemoStage demoStageRender();
DemoStage demoStageMaterials();
DemoStage demoStageQuery();
DemoStage demoStagePhysics();

}  // namespace vestige::app
