// `vestige view` through its real window path without a display: SDL's offscreen video driver (EGL + llvmpipe in
// SDL 2.26) and a scripted input sequence on the mission the demo writes. The camera numbers follow the engine's
// rules with Vestige's [P] CameraConfig defaults (docs/world.md "Input and camera"), so they are rule checks and
// regression guards, not values of the original.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

// Sets (or unsets, with nullptr) an environment variable for the subprocesses of one test.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : mName(name) {
        if (const char* old = std::getenv(name)) mOld = old;
        if (value)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~ScopedEnv() {
        if (mOld)
            setenv(mName, mOld->c_str(), 1);
        else
            unsetenv(mName);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* mName;
    std::optional<std::string> mOld;
};

// Under ASan, SDL's offscreen driver loads Mesa's llvmpipe and unloads it at SDL_Quit; llvmpipe leaves 112 bytes that
// LeakSanitizer traces into no loaded module (the frames land in the unmapped library), so no suppression can name
// them. Leak checking stays on for every other subprocess and for vestige's own code on the headless EGL path (render
// tests).
std::string asanOptionsWithoutLeakCheck() {
    const char* old = std::getenv("ASAN_OPTIONS");
    return (old && *old ? std::string(old) + ":" : std::string()) + "detect_leaks=0";
}

class ViewCli : public test::TempDirTest {
protected:
    test::CliRun run(const std::vector<std::string>& args) {
        ScopedEnv leaks("ASAN_OPTIONS", asanOptionsWithoutLeakCheck().c_str());
        return test::runCli(VESTIGE_BIN, args, mDir);
    }
    fs::path mission() {
        const auto r =
            test::runCli(VESTIGE_BIN, {"demo", "--out", (mDir / "demo").string(), "--stage", "mission"}, mDir);
        EXPECT_EQ(r.code, 0) << r.out << r.err;
        return mDir / "demo" / "mission" / "MISSIONS" / "DEMO";
    }
    fs::path script(const std::string& name, const std::string& text) {
        const fs::path p = mDir / name;
        std::ofstream(p) << text;
        return p;
    }
};

// Left + Up held 1.5 s (yaw past -pi? no: -2.25 rad; pitch to its top), mouse, centre, then Right 2.5 s (wraps).
constexpr const char* kScript =
    "# the camera keys of an Iron3D mission\n"
    "0 down left\n0 down up\n1500 up left\n1500 up up\n1500 mouse 30 -20\n2000 tap c\n2000 tap i\n"
    "4000 down right\n6500 up right\n7000 quit\n";

TEST_F(ViewCli, MissionCameraIsTheSameAtThirtyAndOneFortyFourFpsAndWritesAScreenshot) {
    const fs::path dir = mission();
    const fs::path keys = script("keys.txt", kScript);
    ScopedEnv driver("SDL_VIDEODRIVER", "offscreen");
    nlohmann::json runs[2];
    int i = 0;
    for (const char* fps : {"30", "144"}) {
        const fs::path shots = mDir / (std::string("shots") + fps);
        fs::create_directories(shots);
        const auto r = run({"view", dir.string(), "--script", keys.string(), "--fps", fps, "--size", "160x90",
                            "--screenshot-at", "3", "--screenshots", shots.string(), "--json"});
        ASSERT_EQ(r.code, 0) << r.out << r.err;
        runs[i] = nlohmann::json::parse(r.out);
        EXPECT_EQ(runs[i]["driver"], "offscreen");
        EXPECT_EQ(runs[i]["source"], "iron3d_mission");
        ASSERT_EQ(runs[i]["screenshots"].size(), 1u);
        const fs::path png = runs[i]["screenshots"][0].get<std::string>();
        EXPECT_GT(fs::file_size(png), 100u);
        EXPECT_EQ(test::slurp(png).substr(1, 3), "PNG");
        ++i;
    }
    const auto& a = runs[0]["controller"];
    const auto& b = runs[1]["controller"];
    EXPECT_EQ(a["name"], "iron3d_mission");
    EXPECT_EQ(runs[0]["frames"], 210) << "7 s at 30 fps, the quit frame not drawn";
    EXPECT_EQ(runs[1]["frames"], 1008);
    EXPECT_EQ(a["tick"], 437) << "7 s of 16 ms game ticks";
    EXPECT_EQ(a, b) << "the same game camera after the same game time";
    // Centred at 2 s (yaw 0, pitch -0.4), then Right for 2.5 s at 1.5 rad/s: 3.75 rad wraps to 3.75 - 2 pi.
    const float yaw = a["yaw"].get<float>();
    EXPECT_GE(yaw, -3.14159265f);
    EXPECT_LT(yaw, 3.14159265f);
    EXPECT_NEAR(yaw, 1.5f * 0.016f * 157 - 2 * 3.14159265f, 1e-3f) << "ticks 250..406 held (their ends 4000..6496 ms)";
    EXPECT_NEAR(a["pitch"].get<float>(), -0.4f, 1e-6f) << "the centre pitch";
    EXPECT_EQ(a["infrared"], true);
}

TEST_F(ViewCli, PitchClampsAtItsLimit) {
    const fs::path dir = mission();
    ScopedEnv driver("SDL_VIDEODRIVER", "offscreen");
    const auto r = run({"view", dir.string(), "--script", script("down.txt", "0 down s\n3000 up s\n").string(), "--fps",
                        "60", "--size", "64x36", "--json"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_FLOAT_EQ(j["controller"]["pitch"].get<float>(), -1.2f) << "CameraConfig::pitchMin";
    EXPECT_EQ(j["frames"], 181);
}

TEST_F(ViewCli, TestCardFliesFreely) {
    ScopedEnv driver("SDL_VIDEODRIVER", "offscreen");
    const auto r = run({"view", "--test-card", "--script", script("fly.txt", "0 down w\n1000 up w\n").string(), "--fps",
                        "10", "--size", "64x36", "--json"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["controller"]["name"], "free_fly");
    EXPECT_EQ(j["frames"], 11);
}

TEST_F(ViewCli, NoDisplayIsAnErrorNotAFakeWindow) {
    ScopedEnv display("DISPLAY", nullptr), wayland("WAYLAND_DISPLAY", nullptr);
    {
        ScopedEnv driver("SDL_VIDEODRIVER", nullptr);  // SDL falls back to offscreen on its own: refused
        const auto r = run({"view", "--test-card"});
        EXPECT_EQ(r.code, 1) << r.out << r.err;
        EXPECT_NE(r.err.find("render.no_display"), std::string::npos) << r.err;
        const auto scripted = run({"view", "--test-card", "--script", script("s.txt", "0 tap a\n").string()});
        EXPECT_EQ(scripted.code, 1) << "offscreen only when the user chose it";
        EXPECT_NE(scripted.err.find("render.no_display"), std::string::npos) << scripted.err;
    }
    ScopedEnv driver("SDL_VIDEODRIVER", "dummy");
    const auto r = run({"view", "--test-card", "--script", script("t.txt", "0 tap a\n").string()});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("render.no_display"), std::string::npos) << r.err;
}

TEST_F(ViewCli, UsageAndScriptErrors) {
    EXPECT_EQ(run({"view", "--test-card", "--fps", "30"}).code, 2) << "--fps needs --script";
    EXPECT_EQ(run({"view", "--test-card", "--screenshot-at", "3"}).code, 2);
    const auto bad = run({"view", "--test-card", "--script", script("bad.txt", "0 down a\n5 jump\n").string()});
    EXPECT_EQ(bad.code, 1);
    EXPECT_NE(bad.err.find("view.bad_script"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find("bad.txt"), std::string::npos) << bad.err;
    const auto help = run({"view", "--help"});
    EXPECT_EQ(help.code, 0);
    EXPECT_NE(help.out.find("CMD_CAMERA_CENTER"), std::string::npos);
    EXPECT_NE(help.out.find("--screenshot-at"), std::string::npos);
}

}  // namespace
}  // namespace vestige
