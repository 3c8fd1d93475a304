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
    addSourceCommands(cli, ctx);
    addLuaCommand(cli, ctx);
    addRenderCommands(cli, ctx);
    addPoseCommand(cli, ctx);
    addMoveCommand(cli, ctx);

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
