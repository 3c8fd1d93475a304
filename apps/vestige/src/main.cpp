// vestige: one binary, one verb per capability. Exit codes: 0 ok, 1 error, 2 usage.
#include <cstdio>

#include "app.hpp"
#include "cmd_pose.hpp"

int main(int argc, char** argv) {
    using namespace vestige::app;
    AppContext ctx;
    registerAllFormats(ctx);

    CLI::App cli{"Vestige: runs the content of classic 3D games (Iron3D, Source), compatibility first.", "vestige"};
    cli.require_subcommand(1);
    cli.set_help_all_flag("--help-all", "Show help for every command");
    addVersionCommand(cli, ctx);
    addInfoCommand(cli, ctx);
    addDemoCommand(cli, ctx);
    addArchiveCommands(cli, ctx);
    addExportCommand(cli, ctx);
    addEntsCommand(cli, ctx);
    addLuaCommand(cli, ctx);
    addPlayCommand(cli, ctx);
    addRenderCommand(cli, ctx);
    addViewCommand(cli, ctx);
    addPoseCommand(cli, ctx);
    addMoveCommand(cli, ctx);
    addEnvironmentCommands(cli, ctx);
    addSoundCommands(cli, ctx);
    addQueryCommand(cli, ctx);
    addGameCommand(cli, ctx);
    addPhysicsCommand(cli, ctx);
    addMissionCommand(cli, ctx);
    addScriptCommand(cli, ctx);
    addMountCommands(cli, ctx);

    // Name an unknown verb instead of CLI11's generic "A subcommand is required".
    if (argc > 1 && argv[1][0] != '-') {
        bool known = false;
        for (const auto* sub : cli.get_subcommands({})) known = known || sub->check_name(argv[1]);
        if (!known) {
            std::fprintf(stderr, "vestige: unknown command '%s' (see vestige --help)\n", argv[1]);
            return kExitUsage;
        }
    }
    try {
        cli.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return cli.exit(e);  // --help
    } catch (const CLI::ParseError& e) {
        cli.exit(e);
        return kExitUsage;
    }
    if (!ctx.run) return kExitUsage;
    return ctx.run();
}
