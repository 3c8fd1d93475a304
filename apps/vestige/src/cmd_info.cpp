#include <fmt/format.h>

#include "app.hpp"

namespace vestige::app {

void addInfoCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("info", "Describe a file or archive entry (format found by probing)");
    auto* json = addJsonFlag(cmd);
    static std::string path;
    cmd->add_option("PATH", path, "File, or archive entry as archive.lib:entry (nesting allowed)")->required();
    cmd->footer("Example: vestige info --json Textures.lib:FOO.TEX");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            auto resolved = vfs::openSpec(path, ctx.archives);
            if (!resolved) return reportError(ctx, resolved.error());
            const auto* format = ctx.formats.detect(resolved->data, resolved->name);
            if (!format) {
                Error e("info.unknown_format", "unknown file format");
                e.file(path).expected("a format Vestige knows (see `vestige version`)")
                    .actual(fmt::format("{} bytes starting {}", resolved->data.size(), hexBytes(resolved->data, 8)));
                return reportError(ctx, e);
            }
            auto desc = format->describe(resolved->data, resolved->label);
            if (!desc) return reportError(ctx, std::move(desc).error().file(path));
            printOut(ctx.json ? desc->json : desc->text);
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
