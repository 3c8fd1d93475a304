#pragma once
// Test helpers: locating ../shared (corpus, specs) and skipping cleanly when it is absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>

namespace vestige::test {

// ../shared next to the project root (or $VESTIGE_SHARED_DIR), if present.
std::optional<std::filesystem::path> sharedDir();
// An environment variable naming a directory of user-owned game data, if set and present.
std::optional<std::filesystem::path> gameDir(const char* envVar);

}  // namespace vestige::test

// Skips the current test with a clear message when ../shared/<rel> is absent; else binds `var`.
#define VESTIGE_REQUIRE_SHARED(var, rel)                                                           \
    auto var##_dir = ::vestige::test::sharedDir();                                                 \
    if (!var##_dir || !std::filesystem::exists(*var##_dir / (rel)))                                \
        GTEST_SKIP() << "../shared/" << (rel) << " not found (a fresh clone has no ../shared)";   \
    const std::filesystem::path var = *var##_dir / (rel)
