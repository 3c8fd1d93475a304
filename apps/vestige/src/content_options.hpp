#pragma once
// The Source content options shared by `mount`, `which`, `render` and `view`: --gmod-dir, --mount, and the map
// whose pakfile is searched first.
#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/source/content/gmod.hpp"

namespace vestige::app {

struct ContentOptions {
    std::string gmodDir;
    std::vector<std::string> mounts;
};
void addContentOptions(CLI::App* cmd, ContentOptions& options);
// GMod's mounts (content/gmod.hpp) plus, when `map` is given, its PAKFILE lump first. `mapLabel` names it.
[[nodiscard]] Result<source::content::GmodMounts> openContent(const ContentOptions& options, ByteView map = {},
                                                              std::string mapLabel = {});
[[nodiscard]] bool wantsContent(const ContentOptions& options);

}  // namespace vestige::app
