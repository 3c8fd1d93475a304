#include "glua_fixture.hpp"

#include <unistd.h>

#include <fstream>
#include <stdexcept>

#include "vestige/source/game/usercmd.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {

std::unique_ptr<Runtime> bootRuntime(Options opt, BootSpec spec) {
    if (spec.jit)
        opt.instructionBudget = 0;
    else if (spec.budget != 0)
        opt.instructionBudget = spec.budget;
    if (!opt.output) opt.output = [](std::string_view) {};
    auto rt = Runtime::create(std::move(opt));
    if (!rt) {
        ADD_FAILURE() << "Runtime::create: " << rt.error().render();
        throw std::runtime_error("no runtime");
    }
    auto st = (*rt)->boot();
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().render());
    if (spec.clean) { EXPECT_TRUE((*rt)->errors().empty()) << renderErrors(**rt); }
    if (spec.tick) (*rt)->tick();
    return std::move(*rt);
}

std::string ev(Runtime& rt, const std::string& code) {
    auto r = rt.eval(code);
    if (!r) return "ERR: " + r.error().message();
    return *r;
}

std::filesystem::path tempDir(const std::string& name) {
    const auto d = std::filesystem::temp_directory_path() / ("vestige_glua_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

std::string renderErrors(const Runtime& rt) {
    std::string all = std::to_string(rt.errors().size()) + " errors:\n";
    for (const auto& e : rt.errors()) all += e.render() + "\n";
    return all;
}

std::unique_ptr<Runtime> bootAddon(const std::filesystem::path& addon, bool jit, const std::string& gamemode,
                                   bool clean) {
    Options opt;
    opt.addonDirs = {addon};
    if (!gamemode.empty()) opt.gamemode = gamemode;
    BootSpec spec;
    spec.jit = jit;
    spec.tick = true;
    spec.clean = clean;
    return bootRuntime(std::move(opt), spec);
}

void writeFile(const std::filesystem::path& path, std::string_view bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

void holdButtons(Runtime& rt, int n, std::uint32_t buttons) {
    for (int i = 0; i < n; ++i) {
        game::UserCmd cmd;
        cmd.buttons = buttons;
        rt.world().setCommand(rt.joinPlayer(), cmd);
        rt.tick();
    }
}

}  // namespace vestige::source::glua
