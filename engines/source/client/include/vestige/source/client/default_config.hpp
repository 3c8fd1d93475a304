#pragma once
// The key bindings a fresh install starts with when no config.cfg exists: GMod's layout (the binds of its
// cfg/config_default.cfg, written out here as our own table), executed before autoexec.cfg as Source does.
#include <string_view>

namespace vestige::source::client {

[[nodiscard]] std::string_view defaultConfig();

}  // namespace vestige::source::client
