// GMod install mode: with a local garrysmod/ tree (VESTIGE_GMOD_DIR), its own lua/includes/init.lua
// and the base and sandbox gamemodes load with zero errors. Skipped when the variable is unset.
#include <gtest/gtest.h>

#include "shared.hpp"
#include "vestige/source/glua/runtime.hpp"

namespace vestige::source::glua {
namespace {

void bootGamemode(const std::filesystem::path& gmod, const std::string& gamemode) {
    Options opt;
    opt.gmodDir = gmod;
    opt.gamemode = gamemode;
    opt.output = [](std::string_view) {};
    auto rt = Runtime::create(std::move(opt));
    ASSERT_TRUE(rt.ok());
    auto st = (*rt)->boot();
    ASSERT_TRUE(st.ok()) << st.error().render();
    (*rt)->runTicks(10);
    std::string all;
    for (const auto& e : (*rt)->errors()) all += e.render() + "\n";
    EXPECT_TRUE((*rt)->errors().empty()) << (*rt)->errors().size() << " errors:\n" << all;
}

TEST(GluaGmodInstall, BaseGamemodeLoads) {
    auto gmod = test::gameDir("VESTIGE_GMOD_DIR");
    if (!gmod) GTEST_SKIP() << "VESTIGE_GMOD_DIR not set";
    bootGamemode(*gmod, "base");
}

TEST(GluaGmodInstall, SandboxGamemodeLoads) {
    auto gmod = test::gameDir("VESTIGE_GMOD_DIR");
    if (!gmod) GTEST_SKIP() << "VESTIGE_GMOD_DIR not set";
    bootGamemode(*gmod, "sandbox");
}

}  // namespace
}  // namespace vestige::source::glua
