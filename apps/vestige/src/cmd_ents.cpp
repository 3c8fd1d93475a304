// ents: the entity list of a Source BSP map (ordered key/value pairs), optionally one class.
#include <fmt/format.h>

#include "app.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/describe.hpp"

namespace vestige::app {

void addEntsCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("ents", "List the entities of a Source BSP map (ordered key/value pairs)");
    auto* json = addJsonFlag(cmd);
    static std::string path, className;
    cmd->add_option("MAP", path, "BSP file, or archive entry as archive:entry")->required();
    cmd->add_option("--class", className, "Only entities whose classname equals NAME (case-insensitive)");
    cmd->footer("Example: vestige ents --json gm_construct.bsp --class light_environment");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            auto resolved = vfs::openSpec(path, ctx.archives);
            if (!resolved) return reportError(ctx, resolved.error());
            auto map = source::bsp::readBsp(resolved->data);
            if (!map) return reportError(ctx, std::move(map).error().file(path));
            if (ctx.json) {
                printOut(source::bsp::entitiesJson(*map, className));
                return kExitOk;
            }
            std::string text;
            std::size_t shown = 0;
            for (std::size_t i = 0; i < map->entities.size(); ++i) {
                const auto& e = map->entities[i];
                if (!className.empty() && !iequals(e.className(), className)) continue;
                ++shown;
                text += fmt::format("[{}] {}\n", i, e.className());
                for (const auto& [k, v] : e.keys) text += fmt::format("    {:<24} {}\n", k, v);
            }
            text += fmt::format("{} of {} entities", shown, map->entities.size());
            printOut(text);
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
