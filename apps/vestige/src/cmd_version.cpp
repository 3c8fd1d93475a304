#include <fmt/format.h>

#include "app.hpp"

namespace vestige::app {

void addVersionCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("version", "Print the Vestige version and the formats it knows");
    auto* json = addJsonFlag(cmd);
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            std::string names;
            for (const auto& f : ctx.formats.all()) names += fmt::format("{}\"{}\"", names.empty() ? "" : ",", f.name);
            if (ctx.json) {
                printOut(fmt::format(R"({{"name":"vestige","version":"{}","formats":[{}]}})", VESTIGE_VERSION, names));
            } else {
                printOut(fmt::format("vestige {}", VESTIGE_VERSION));
                for (const auto& f : ctx.formats.all()) printOut(fmt::format("  {:<8} {}", f.name, f.summary));
            }
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
