#pragma once
// The one way GLua tests make a runtime: options for a mode, create, boot, and check that the boot was clean, plus
// ev() (evaluate and render the results or the error). Every test file uses it instead of its own copy.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "vestige/source/glua/runtime.hpp"

namespace vestige::source::glua {

struct BootSpec {
    bool jit = false;          // instructionBudget 0: the JIT runs and Vector/Angle are ffi structs
    std::uint64_t budget = 0;  // interpreter mode: this instruction budget (0 keeps the Options' own)
    bool tick = false;         // run tick 1 after boot (the player spawns)
    bool clean = true;         // the boot must record no Lua error
};

// Creates and boots a runtime from `opt` (output discarded unless opt.output is set). A failed create or boot (and,
// with spec.clean, any recorded error) fails the test; a runtime that cannot be made throws so the test stops there.
std::unique_ptr<Runtime> bootRuntime(Options opt = {}, BootSpec spec = {});
inline std::unique_ptr<Runtime> bootMode(bool jit, BootSpec spec = {}) {
    spec.jit = jit;
    return bootRuntime({}, spec);
}

// Boots with one addon folder (and a gamemode, "" for the default), tick 1 run so the player has spawned.
std::unique_ptr<Runtime> bootAddon(const std::filesystem::path& addon, bool jit, const std::string& gamemode = {},
                                   bool clean = true);
// The name of a both-modes suite's instance: INSTANTIATE_TEST_SUITE_P(Modes, X, ::testing::Values(false, true),
// modeName).
inline std::string modeName(const ::testing::TestParamInfo<bool>& info) { return info.param ? "Jit" : "Interpreter"; }
// n ticks, each with one command of the joined player holding `buttons` (game::in bits).
void holdButtons(Runtime& rt, int n, std::uint32_t buttons);
// The results of `code` joined by tabs (Runtime::eval), or "ERR: <message>".
std::string ev(Runtime& rt, const std::string& code);
// Writes `bytes` to `path` (binary), creating its parent folders.
void writeFile(const std::filesystem::path& path, std::string_view bytes);
// A fresh empty directory under the system temp dir, named after `name` and the process.
std::filesystem::path tempDir(const std::string& name);
// Every recorded error rendered, one per line (for failure messages).
std::string renderErrors(const Runtime& rt);

}  // namespace vestige::source::glua
