// `vestige play MAP --headless` as a user runs it (issue #23 item 6): one game, two front ends. On the builder's demo
// map (bsp::demoMap) written to disk, a scripted walk through `play --headless` must be the very session `vestige lua
// --map --input` runs: same trace hash, same trace lines, same final player. The screenshots follow the player.
// These compare Vestige with itself (a regression guard, not a parity claim with GMod).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "vestige/audio/decode.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/image/image.hpp"
#include "vestige/source/bsp/sample.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

// Stand still for half a second, then walk north-east (yaw 45, the spawn's facing) for 150 ticks.
constexpr const char* kWalk = "# play test\n30 - 0 0 45 0\n150 +forward 10000 0 45 0\n";

class PlayCli : public test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        auto bytes = source::bsp::demoMap().write();
        ASSERT_TRUE(bytes.ok());
        mMap = mDir / "demo.bsp";
        std::ofstream(mMap, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
        mWalk = mDir / "walk.txt";
        std::ofstream(mWalk) << kWalk;
    }
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
    // A play run at a small size; skips without a GL context unless CI=true (CI has llvmpipe: a skip would hide a
    // defect there), like the render_gl suites.
    test::CliRun play(std::vector<std::string> extra) {
        std::vector<std::string> args = {"play",    mMap.string(),  "--headless",
                                         "--input", mWalk.string(), "--size",
                                         "160x120", "-o",           (mDir / "shots").string()};
        args.insert(args.end(), extra.begin(), extra.end());
        return run(args);
    }
    static bool noGl(const test::CliRun& r) {
        const char* ci = std::getenv("CI");
        const std::string text = r.out + r.err;
        return r.code != 0 &&
               (text.find("render.no_egl") != std::string::npos ||
                text.find("render.no_display") != std::string::npos) &&
               !(ci && std::string(ci) == "true");
    }
    fs::path mMap, mWalk;
};

// SDL's offscreen video driver for a window test, restored afterwards. Under ASan the subprocess runs without leak
// checking: llvmpipe, loaded and unloaded by SDL, leaves bytes LeakSanitizer cannot attribute (view_cli_test.cpp).
class ScopedDriver {
public:
    ScopedDriver() {
        save("SDL_VIDEODRIVER", 0);
        save("ASAN_OPTIONS", 1);
        setenv("SDL_VIDEODRIVER", "offscreen", 1);
        const std::string asan = mOld[1] ? *mOld[1] + ":detect_leaks=0" : std::string("detect_leaks=0");
        setenv("ASAN_OPTIONS", asan.c_str(), 1);
    }
    ~ScopedDriver() {
        restore("SDL_VIDEODRIVER", 0);
        restore("ASAN_OPTIONS", 1);
    }
    ScopedDriver(const ScopedDriver&) = delete;
    ScopedDriver& operator=(const ScopedDriver&) = delete;

private:
    void save(const char* name, int i) {
        if (const char* v = std::getenv(name); v && *v) mOld[i] = v;
    }
    void restore(const char* name, int i) {
        if (mOld[i]) {
            setenv(name, mOld[i]->c_str(), 1);
        } else {
            unsetenv(name);
        }
    }
    std::optional<std::string> mOld[2];
};

// The issue's acceptance: a scripted walk in `play --headless` produces the same trace as `vestige lua --input`.
TEST_F(PlayCli, HeadlessPlayIsTheLuaSessionTickForTick) {
    const auto p = play({"--json", "--screenshot-every", "90"});
    if (noGl(p)) GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(p.code, 0) << p.out << p.err;
    const auto pj = nlohmann::json::parse(p.out);
    const auto l = run({"lua", "--json", "--map", mMap.string(), "--input", mWalk.string()});
    ASSERT_EQ(l.code, 0) << l.out << l.err;
    const auto lj = nlohmann::json::parse(l.out);
    EXPECT_EQ(pj["ticks"], 180) << "the script's length";
    EXPECT_EQ(pj["ticks"], lj["ticks"]);
    EXPECT_EQ(pj["tickRate"], lj["tickRate"]);
    ASSERT_TRUE(pj["traceHash"].is_string());
    EXPECT_EQ(pj["traceHash"], lj["traceHash"]);
    ASSERT_TRUE(pj.contains("player")) << pj.dump();
    EXPECT_EQ(pj["player"], lj["player"]);
    // The walk moved the player from info_player_start (-960, -960, 8) towards the room's middle.
    EXPECT_GT(pj["player"]["origin"][0].get<double>(), -900.0) << pj["player"].dump();
    EXPECT_GT(pj["player"]["origin"][1].get<double>(), -900.0) << pj["player"].dump();

    // trace.jsonl holds exactly the lines `vestige lua --trace` prints before its report.
    const auto t = run({"lua", "--trace", "--map", mMap.string(), "--input", mWalk.string()});
    ASSERT_EQ(t.code, 0) << t.err;
    std::string luaLines;
    std::istringstream in(t.out);
    for (std::string line; std::getline(in, line) && line.starts_with("{");) luaLines += line + "\n";
    EXPECT_EQ(test::slurp(mDir / "shots" / "trace.jsonl"), luaLines);
}

TEST_F(PlayCli, ScreenshotsAreNamedByTickAndFollowThePlayer) {
    const auto p = play({"--json", "--screenshot-every", "60"});
    if (noGl(p)) GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(p.code, 0) << p.out << p.err;
    const auto j = nlohmann::json::parse(p.out);
    ASSERT_EQ(j["shots"].size(), 3u) << "ticks 60, 120 and the last, 180";
    EXPECT_EQ(j["shots"][0]["tick"], 60);
    EXPECT_EQ(j["shots"][0]["file"], "tick_000060.png");
    EXPECT_EQ(j["shots"][2]["file"], "tick_000180.png");
    EXPECT_EQ(j["shots"][2]["eye"], "player");
    EXPECT_EQ(j["size"], nlohmann::json::parse("[160,120]"));
    // The camera is the player's eye: origin + 64 units standing, the script's yaw.
    const auto& last = j["shots"][2]["camera"];
    EXPECT_EQ(last["position"][2].get<float>(), j["player"]["origin"][2].get<float>() + 64.0f);
    EXPECT_EQ(last["angles"][1].get<float>(), 45.0f);
    // Tick 60 is 30 ticks into the walk, tick 120 is 90: the eye moved, so the pixels changed.
    auto a = image::readPng(mDir / "shots" / "tick_000060.png");
    auto b = image::readPng(mDir / "shots" / "tick_000120.png");
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->width(), 160u);
    EXPECT_EQ(a->height(), 120u);
    std::uint64_t differing = 0;
    for (std::uint32_t y = 0; y < a->height(); ++y)
        for (std::uint32_t x = 0; x < a->width(); ++x) differing += !(a->at(x, y) == b->at(x, y));
    EXPECT_GT(differing, 160u * 120u / 20) << "at least 5% of the pixels change as the player walks";
    EXPECT_FALSE(fs::exists(mDir / "shots" / "tick_000090.png"));
    // The shot is what `vestige render --camera` draws from that eye: the same scene hook, camera and renderer.
    const auto& pos = last["position"];
    const std::string camera = pos[0].dump() + "," + pos[1].dump() + "," + pos[2].dump() + "," +
                               last["angles"][0].dump() + "," + last["angles"][1].dump();
    const auto r =
        run({"render", mMap.string(), "--camera=" + camera, "--size", "160x120", "-o", (mDir / "render.png").string()});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_EQ(test::slurp(mDir / "render.png"), test::slurp(mDir / "shots" / "tick_000180.png")) << camera;

    // Human output: one summary line, then the files.
    const auto h = play({"--screenshot-every", "100"});
    ASSERT_EQ(h.code, 0) << h.err;
    EXPECT_EQ(h.out.rfind("played demo: 180 ticks at 66.67 Hz, 2 screenshot(s) 160x120, trace hash ", 0), 0u) << h.out;
    EXPECT_NE(h.out.find("tick_000100.png\n"), std::string::npos) << h.out;
    EXPECT_NE(h.out.find("trace.jsonl\n"), std::string::npos) << h.out;
}

// The addon and gamemode options are the lua verb's: a script that speeds the player up runs in both front ends the
// same way, and a Lua error fails the run (exit 1) and is counted in the summary line, as `vestige lua` fails it.
TEST_F(PlayCli, AnAddonRunsInBothFrontEndsAndItsErrorsFailTheRun) {
    std::ofstream(mDir / "fast.lua") << "hook.Add('PlayerSpawn', 'fast', function(p) p:SetWalkSpeed(300) end)\n";
    const auto p = play({"--json", "--addon", (mDir / "fast.lua").string(), "--gamemode", "base"});
    if (noGl(p)) GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(p.code, 0) << p.out << p.err;
    const auto l = run({"lua", "--json", "--map", mMap.string(), "--input", mWalk.string(), "--gamemode", "base",
                        (mDir / "fast.lua").string()});
    ASSERT_EQ(l.code, 0) << l.out << l.err;
    const auto pj = nlohmann::json::parse(p.out), lj = nlohmann::json::parse(l.out);
    EXPECT_EQ(pj["traceHash"], lj["traceHash"]);
    EXPECT_EQ(pj["player"], lj["player"]);
    EXPECT_EQ(pj["filesLoaded"], lj["filesLoaded"]);
    const auto plain = nlohmann::json::parse(play({"--json"}).out);
    EXPECT_NE(plain["traceHash"], pj["traceHash"]) << "the addon changed the game";

    std::ofstream(mDir / "bad.lua") << "error('boom')\n";
    const auto bad = play({"--addon", (mDir / "bad.lua").string()});
    EXPECT_EQ(bad.code, 1) << bad.out << bad.err;
    EXPECT_NE(bad.out.find(", 1 Lua error(s)"), std::string::npos) << bad.out;
    EXPECT_TRUE(fs::is_regular_file(mDir / "shots" / "tick_000180.png")) << "the game went on";
}

// The issue's acceptance for the client realm: a HUDPaint hook drawing a rectangle and a text string shows up at the
// expected pixels of the headless screenshot. The rectangle's pixels are exact; the text's ink lies inside the box
// surface.GetTextSize gives (the client prints it) and nowhere else on the black plate drawn under it. A HUDPaint
// error on a later frame is counted in the client's own counter and the game goes on (exit 1, as for any Lua error).
TEST_F(PlayCli, AHudPaintRectangleAndTextShowUpAtTheirPixels) {
    const fs::path gm = mDir / "hud" / "gamemodes" / "hudtest" / "gamemode";
    fs::create_directories(gm);
    std::ofstream(gm / "init.lua")
        << "AddCSLuaFile('cl_init.lua')\nAddCSLuaFile('shared.lua')\ninclude('shared.lua')\n";
    std::ofstream(gm / "shared.lua") << "DeriveGamemode('base')\n";
    std::ofstream(gm / "cl_init.lua") << R"(include('shared.lua')
function GM:InitPostEntity()
	surface.SetFont('Trebuchet24')
	local w, h = surface.GetTextSize('HUD 42')
	print('TEXTBOX ' .. w .. ' ' .. h)
end
function GM:HUDPaint()
	surface.SetDrawColor(255, 0, 255, 255)
	surface.DrawRect(10, 12, 30, 20)
	surface.SetDrawColor(0, 0, 0, 255)
	surface.DrawRect(50, 50, 100, 50)
	surface.SetFont('Trebuchet24')
	surface.SetTextColor(0, 255, 0, 255)
	surface.SetTextPos(60, 60)
	surface.DrawText('HUD 42')
	if FAIL_AFTER and CurTime() > FAIL_AFTER then error('hud broke') end
end
)";
    const auto p = play({"--json", "--addon", (mDir / "hud").string(), "--ticks", "20"});
    if (noGl(p)) GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(p.code, 0) << p.out << p.err;
    const auto j = nlohmann::json::parse(p.out);
    ASSERT_TRUE(j["client"]["started"].get<bool>()) << j["client"].dump();
    EXPECT_TRUE(j["client"]["errors"].empty()) << j["client"].dump();
    const std::string out = j["output"].get<std::string>();
    const auto at = out.find("TEXTBOX ");
    ASSERT_NE(at, std::string::npos) << out;
    int tw = 0, th = 0;
    std::istringstream(out.substr(at + 8)) >> tw >> th;
    EXPECT_EQ(th, 24);  // wiki: Trebuchet24 is 24 high
    ASSERT_GT(tw, 20);
    ASSERT_LT(60 + tw, 150) << "the text fits the plate";

    auto img = image::readPng(mDir / "shots" / "tick_000020.png");
    ASSERT_TRUE(img.ok()) << img.error().render();
    int inRect = 0, magenta = 0, inkInside = 0, inkOutside = 0;
    for (std::uint32_t y = 0; y < img->height(); ++y)
        for (std::uint32_t x = 0; x < img->width(); ++x) {
            const auto px = img->at(x, y);
            const bool rect = x >= 10 && x < 40 && y >= 12 && y < 32;
            if (rect) inRect += px == image::Rgba8{255, 0, 255, 255};
            magenta += px == image::Rgba8{255, 0, 255, 255};
            const bool plate = x >= 50 && x < 150 && y >= 50 && y < 100;
            if (!plate) continue;
            const bool box = x >= 60 && x < 60u + tw && y >= 60 && y < 60u + th;
            if (px.g > 0) (box ? inkInside : inkOutside) += 1;
            EXPECT_EQ(px.r, 0) << x << "," << y;  // the plate is black, the ink pure green
        }
    EXPECT_EQ(inRect, 30 * 20);
    EXPECT_EQ(magenta, 30 * 20) << "no magenta outside the rectangle";
    EXPECT_GT(inkInside, 40);
    EXPECT_EQ(inkOutside, 0);

    // A HUDPaint that starts failing: counted per frame in the client's counter, the ticks all run.
    std::ofstream(gm / "cl_init.lua", std::ios::app) << "FAIL_AFTER = 0.1\n";
    const auto bad = play({"--json", "--addon", (mDir / "hud").string(), "--ticks", "20"});
    EXPECT_EQ(bad.code, 1) << bad.out << bad.err;
    const auto bj = nlohmann::json::parse(bad.out);
    EXPECT_EQ(bj["ticks"], 20);
    EXPECT_TRUE(bj["errors"].empty()) << "the server had none";
    EXPECT_EQ(bj["client"]["errors"].size(), 14u) << "ticks 7..20 have CurTime > 0.1 (tick x 0.015)";
    EXPECT_EQ(bj["traceHash"], j["traceHash"]) << "client errors never touch the server's game";
    const auto human = play({"--addon", (mDir / "hud").string(), "--ticks", "20"});
    EXPECT_NE(human.out.find(", 14 client Lua error(s)"), std::string::npos) << human.out;
}

// With no tick run the player has joined but not spawned (it spawns on its first tick): the one shot is the map's
// own camera (info_player_start at (-960, -960, 8) plus the 64-unit eye), marked as such.
TEST_F(PlayCli, ZeroTicksShootTheMapCameraBeforeThePlayerSpawns) {
    const auto p = play({"--json", "--ticks", "0"});
    if (noGl(p)) GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(p.code, 0) << p.out << p.err;
    const auto j = nlohmann::json::parse(p.out);
    EXPECT_EQ(j["ticks"], 0);
    ASSERT_EQ(j["shots"].size(), 1u);
    EXPECT_EQ(j["shots"][0]["file"], "tick_000000.png");
    EXPECT_EQ(j["shots"][0]["eye"], "map");
    EXPECT_EQ(j["shots"][0]["camera"]["position"], nlohmann::json::parse("[-960.0,-960.0,72.0]"));
    EXPECT_TRUE(fs::is_regular_file(mDir / "shots" / "tick_000000.png"));
}

// The window through SDL's offscreen video driver (EGL + llvmpipe), keys from a `vestige view` script: the binds of
// config.cfg in --cfg-dir drive CInput, the player walks, config.cfg is written back on quit (host_writeconfig).
TEST_F(PlayCli, AWindowWalksByTheBindsOfConfigCfgAndWritesItBackOnQuit) {
    const fs::path cfg = mDir / "cfg";
    fs::create_directories(cfg);
    std::ofstream(cfg / "config.cfg") << "unbindall\nbind i +forward\nsensitivity 2\n";
    std::ofstream(cfg / "autoexec.cfg") << "echo autoexec ran\n";
    std::ofstream(mDir / "keys.txt") << "0 down i\n1000 up i\n1000 mouse 100 0\n1500 quit\n";
    ScopedDriver driver;
    const auto r = run({"play", mMap.string(), "--script", (mDir / "keys.txt").string(), "--fps", "60", "--size",
                        "160x90", "--cfg-dir", cfg.string(), "--json", "+echo", "from", "the", "command", "line"});
    if (noGl(r)) GTEST_SKIP() << "no offscreen OpenGL context";
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["driver"], "offscreen");
    EXPECT_EQ(j["frames"], 90) << "1.5 s at 60 fps, the script's quit frame not drawn";
    // 89 frames of 16,666 µs (integer frame times) = 1.483 s of game time: 98 ticks of 15 ms.
    EXPECT_EQ(j["ticks"], 98);
    // The spawn faces +x (yaw 0); about one second of walking at 200 u/s (accelerating from rest) moves it ~180 u.
    const double x = j["player"]["origin"][0].get<double>();
    EXPECT_GT(x, -960.0 + 150.0) << j["player"].dump();
    EXPECT_LT(x, -960.0 + 200.0) << j["player"].dump();
    EXPECT_EQ(j["player"]["origin"][1].get<double>(), -960.0);
    // Mouse look at sensitivity 2 (config.cfg): 100 counts right = yaw −0.022 × 2 × 100.
    EXPECT_NEAR(j["player"]["eyeAngles"][1].get<double>(), -4.4, 1e-4) << j["player"].dump();
    const std::string output = j["console"]["output"];
    EXPECT_NE(output.find("autoexec ran\n"), std::string::npos) << output;
    EXPECT_NE(output.find("from the command line\n"), std::string::npos) << output;
    EXPECT_TRUE(j["console"]["unknownCommands"].empty()) << j["console"].dump();
    const std::string written = test::slurp(cfg / "config.cfg");
    EXPECT_NE(written.find("bind \"i\" \"+forward\"\n"), std::string::npos) << written;
    EXPECT_NE(written.find("sensitivity \"2\"\n"), std::string::npos) << written;
    EXPECT_EQ(written.find("bind \"w\""), std::string::npos) << "config.cfg's unbindall kept the defaults out";
}

// The on-screen console in the window: ` opens it (GMod's default bind), typing and Enter run a line, the game's
// binds see nothing while it is open (W held does not walk), Escape closes it, the next Escape quits.
TEST_F(PlayCli, TheOnScreenConsoleOwnsTheKeyboardWhileOpen) {
    std::ofstream(mDir / "keys.txt") << "0 tap grave\n100 down w\n100 text lua_run print('typed', 1 + 1)\n"
                                        "200 tap enter\n600 up w\n700 tap escape\n800 tap escape\n5000 quit\n";
    ScopedDriver driver;
    const auto r = run(
        {"play", mMap.string(), "--script", (mDir / "keys.txt").string(), "--fps", "60", "--size", "160x90", "--json"});
    if (noGl(r)) GTEST_SKIP() << "no offscreen OpenGL context";
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["frames"], 48) << "the second Escape (frame 48, 800 ms) quits";
    EXPECT_EQ(j["console"]["output"], "] lua_run print('typed', 1 + 1)\n");
    EXPECT_NE(j["output"].get<std::string>().find("typed\t2\n"), std::string::npos) << j["output"];
    EXPECT_FALSE(j["console"]["panelOpen"].get<bool>());
    EXPECT_EQ(j["player"]["origin"][0].get<double>(), -960.0) << "W went to the console, not to +forward";
}

// The client realm's CreateMove edits the command CInput built: headless, no keys, yet the player walks.
TEST_F(PlayCli, ClientCreateMoveDrivesTheCommand) {
    const fs::path gm = mDir / "cm" / "gamemodes" / "cm" / "gamemode";
    fs::create_directories(gm);
    std::ofstream(gm / "init.lua") << "AddCSLuaFile('cl_init.lua') DeriveGamemode('base')\n";
    std::ofstream(gm / "cl_init.lua")
        << "DeriveGamemode('base')\n"
           "hook.Add('CreateMove', 'walk', function(cmd) cmd:SetForwardMove(10000) end)\n";
    const auto r = run({"play", mMap.string(), "--headless", "--addon", (mDir / "cm").string(), "--ticks", "66",
                        "--size", "96x54", "-o", (mDir / "shots").string(), "--json"});
    if (noGl(r)) GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["client"]["started"].get<bool>());
    EXPECT_GT(j["player"]["origin"][0].get<double>(), -960.0 + 100.0) << j["player"].dump();
}

// --record / --playback: a window run (keys, mouse, a console line) recorded, replayed headless, gives the recorded
// trace hash; an edited command does not, and the run says so (exit 1). A regression guard of our own determinism.
TEST_F(PlayCli, ARecordedWindowRunPlaysBackHeadlessToTheSameTraceHash) {
    std::ofstream(mDir / "keys.txt") << "0 down w\n500 mouse 300 40\n900 up w\n900 down d\n1200 up d\n1300 quit\n";
    ScopedDriver driver;
    const fs::path rec = mDir / "game.vrec";
    const auto w = run({"play", mMap.string(), "--script", (mDir / "keys.txt").string(), "--fps", "75", "--size",
                        "96x54", "--record", rec.string(), "--json", "+lua_run", "vt_recorded = 1"});
    if (noGl(w)) GTEST_SKIP() << "no offscreen OpenGL context";
    ASSERT_EQ(w.code, 0) << w.out << w.err;
    const auto wj = nlohmann::json::parse(w.out);
    EXPECT_EQ(wj["recording"]["ticks"], wj["ticks"]);
    const auto p = run({"play", mMap.string(), "--headless", "--playback", rec.string(), "--size", "96x54", "-o",
                        (mDir / "pb").string(), "--json"});
    ASSERT_EQ(p.code, 0) << p.out << p.err;
    const auto pj = nlohmann::json::parse(p.out);
    EXPECT_EQ(pj["ticks"], wj["ticks"]);
    EXPECT_EQ(pj["traceHash"], wj["traceHash"]);
    EXPECT_TRUE(pj["playback"]["matches"].get<bool>()) << pj["playback"].dump();
    EXPECT_EQ(pj["player"], wj["player"]);
    EXPECT_NE(pj["output"].get<std::string>().find("> vt_recorded = 1..."), std::string::npos) << "the console line";

    // One edited command: the replay differs and fails.
    std::string text = test::slurp(rec);
    const std::string forward = "\"forward\":10000.0";
    const auto at = text.find(forward);
    ASSERT_NE(at, std::string::npos);
    text.replace(at, forward.size(), "\"forward\":-10000.0");
    std::ofstream(mDir / "edited.vrec", std::ios::binary) << text;
    const auto e = run({"play", mMap.string(), "--headless", "--playback", (mDir / "edited.vrec").string(), "--size",
                        "96x54", "-o", (mDir / "pb2").string(), "--json"});
    EXPECT_EQ(e.code, 1) << e.out << e.err;
    EXPECT_FALSE(nlohmann::json::parse(e.out)["playback"]["matches"].get<bool>());

    // A broken file is an error of the input; --playback with --input a usage error.
    std::ofstream(mDir / "bad.vrec")
        << "{\"format\":\"vestige-recording\",\"version\":1,\"map\":\"x\",\"tickRate\":66}\n"
           "{\"tick\":2}\n";
    const auto b = run({"play", mMap.string(), "--headless", "--playback", (mDir / "bad.vrec").string(), "-o",
                        (mDir / "pb3").string(), "--json"});
    EXPECT_EQ(b.code, 1);
    EXPECT_EQ(nlohmann::json::parse(b.out)["error"]["code"], "play.bad_recording") << b.out;
    // Another map's recording is refused before anything runs.
    std::string other = test::slurp(rec);
    const std::string demoMap = "\"map\":\"demo\"";
    other.replace(other.find(demoMap), demoMap.size(), "\"map\":\"else\"");
    std::ofstream(mDir / "other.vrec", std::ios::binary) << other;
    const auto o = run({"play", mMap.string(), "--headless", "--playback", (mDir / "other.vrec").string(), "-o",
                        (mDir / "pb5").string(), "--json"});
    EXPECT_EQ(o.code, 1);
    EXPECT_EQ(nlohmann::json::parse(o.out)["error"]["code"], "play.recording_map") << o.out;
    EXPECT_EQ(run({"play", mMap.string(), "--headless", "--playback", rec.string(), "--input", mWalk.string(), "-o",
                   (mDir / "pb4").string()})
                  .code,
              2);
}

// One game, two front ends, also with a window: an --input script gives the window the same ticks as headless play.
TEST_F(PlayCli, AWindowPlayingAnInputScriptIsTheHeadlessGame) {
    std::ofstream(mDir / "keys.txt") << "5000 quit\n";
    ScopedDriver driver;
    const auto w = run({"play", mMap.string(), "--input", mWalk.string(), "--ticks", "180", "--script",
                        (mDir / "keys.txt").string(), "--fps", "100", "--size", "96x54", "--json"});
    if (noGl(w)) GTEST_SKIP() << "no offscreen OpenGL context";
    ASSERT_EQ(w.code, 0) << w.out << w.err;
    const auto h = play({"--json", "--screenshot-every", "1000"});
    ASSERT_EQ(h.code, 0) << h.out << h.err;
    const auto wj = nlohmann::json::parse(w.out), hj = nlohmann::json::parse(h.out);
    EXPECT_EQ(wj["ticks"], 180);
    EXPECT_EQ(wj["traceHash"], hj["traceHash"]);
    EXPECT_EQ(wj["player"], hj["player"]);
}

// The issue's latency benchmark: the command of tick N moves the view in the frame that ran tick N. W goes down in a
// frame; CInput puts +forward into the first tick that frame runs; the player accelerates in it, and the frame is
// drawn between that tick and the one before (lerp > 0), so its eye already moved: 0 ticks, 0 frames behind the key.
TEST_F(PlayCli, AKeysCommandMovesTheViewInTheFrameThatRanItsTick) {
    std::ofstream(mDir / "keys.txt") << "500 down w\n800 up w\n900 quit\n";
    ScopedDriver driver;
    const fs::path out = mDir / "latency";
    const auto r = run({"play", mMap.string(), "--script", (mDir / "keys.txt").string(), "--fps", "60", "--size",
                        "96x54", "-o", out.string(), "--json"});
    if (noGl(r)) GTEST_SKIP() << "no offscreen OpenGL context";
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto lines = [](const fs::path& path) {
        std::vector<nlohmann::json> rows;
        std::istringstream in(test::slurp(path));
        for (std::string l; std::getline(in, l);) rows.push_back(nlohmann::json::parse(l));
        return rows;
    };
    const auto ticks = lines(out / "trace.jsonl"), frames = lines(out / "frames.jsonl");
    std::uint64_t firstForward = 0;  // IN_FORWARD (1 << 3) in the player's buttons
    for (const auto& t : ticks) {
        if (t.contains("player") && (t["player"]["buttons"].get<int>() & 8) != 0) {
            firstForward = t["tick"];
            break;
        }
    }
    ASSERT_GT(firstForward, 20U) << "W goes down at 500 ms";
    // The first frame whose eye moved across the floor (the spawn first settles onto it: z alone changes).
    std::size_t moved = 0;
    const auto across = [&](std::size_t i) {
        const auto &a = frames[i]["position"], &b = frames[i - 1]["position"];
        return a[0] != b[0] || a[1] != b[1];
    };
    for (std::size_t i = 1; i < frames.size() && moved == 0; ++i) {
        if (across(i)) moved = i;
    }
    ASSERT_GT(moved, 10U) << "the player stood still until the key";
    ASSERT_EQ(frames[moved]["ticks"].size(), 2U) << frames[moved].dump();
    EXPECT_EQ(frames[moved]["ticks"][0], firstForward) << "the key's frame ran the command's tick first";
    EXPECT_GT(frames[moved]["lerp"].get<double>(), 0.0) << frames[moved].dump();
    EXPECT_EQ(frames[moved]["frame"], 30) << "500 ms at 60 fps: the key's own frame";
    for (std::size_t i = moved + 1; i < frames.size(); ++i) EXPECT_EQ(frames[i]["eye"], "player");
}

// Headless, the console drives the player when no --input is given: --exec and +commands, the server's engine
// commands (lua_run, kill), unknown names printed and counted as Source prints them.
TEST_F(PlayCli, HeadlessConsoleCommandsDriveThePlayerAndReachTheServer) {
    std::ofstream(mDir / "walk.cfg")
        << "+forward\nwait 60\n-forward\nlua_run print('pos', Entity(1):GetPos().x > -900)\n"
           "wait 10\nkill\nnosuchcommand 1\nbind nosuchkey x\n";
    const auto r = run({"play", mMap.string(), "--headless", "--exec", (mDir / "walk.cfg").string(), "--ticks", "90",
                        "--size", "96x54", "-o", (mDir / "shots").string(), "--json", "+echo", "hi"});
    if (noGl(r)) GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    const std::string output = j["console"]["output"];
    EXPECT_NE(output.find("Unknown command: nosuchcommand\n"), std::string::npos) << output;
    EXPECT_NE(output.find("\"nosuchkey\" isn't a valid key\n"), std::string::npos) << output;
    EXPECT_EQ(j["console"]["unknownCommands"]["nosuchcommand"], 1);
    // lua_run's echo and its print, on the server.
    EXPECT_NE(j["output"].get<std::string>().find("> print('pos', Entity(1):GetPos().x > -900)...\npos\ttrue\n"),
              std::string::npos)
        << j["output"];
    EXPECT_FALSE(j["player"]["alive"].get<bool>()) << "kill, 70 ticks in";
    std::ifstream trace(mDir / "shots" / "trace.jsonl");
    int deadFrom = 0, n = 0;
    for (std::string line; std::getline(trace, line); ++n)
        if (!nlohmann::json::parse(line)["player"]["alive"].get<bool>() && !deadFrom) deadFrom = n + 1;
    // The start-up runs the buffer up to "wait 60"; the frame of tick 60 runs -forward .. "wait 10", that of tick 70
    // the kill, before the tick's command.
    EXPECT_EQ(deadFrom, 70);
}

// The keyboard's weapon commands choose from what the server says the player carries (SWEP.Slot buckets, the
// previous weapon), and the choice goes out in the next command (CUserCmd weaponselect).
TEST_F(PlayCli, SlotAndLastinvSwitchTheServersWeapon) {
    std::ofstream(mDir / "weapons.cfg")
        << "lua_run weapons.Register({Slot = 0}, 'vt_a') weapons.Register({Slot = 2}, 'vt_b')\n"
           "wait 5\nlua_run Entity(1):Give('vt_a') Entity(1):Give('vt_b')\nwait 2\n"
           "lua_run print('first', Entity(1):GetActiveWeapon():GetClass())\n"
           "slot3\nwait 2\nlua_run print('slot3', Entity(1):GetActiveWeapon():GetClass())\n"
           "lastinv\nwait 2\nlua_run print('lastinv', Entity(1):GetActiveWeapon():GetClass())\n"
           "slot4\ninvnext\nwait 2\nlua_run print('invnext', Entity(1):GetActiveWeapon():GetClass())\n";
    const auto r = run({"play", mMap.string(), "--headless", "--exec", (mDir / "weapons.cfg").string(), "--ticks", "30",
                        "--size", "96x54", "-o", (mDir / "shots").string(), "--json"});
    if (noGl(r)) GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const std::string output = nlohmann::json::parse(r.out)["output"];
    for (const char* line : {"first\tvt_a\n", "slot3\tvt_b\n", "lastinv\tvt_a\n", "invnext\tvt_b\n"})
        EXPECT_NE(output.find(line), std::string::npos) << line << " in " << output;
}

TEST_F(PlayCli, BadNumbersAreUsageErrors) {
    const std::vector<std::vector<std::string>> bad = {{"--ticks", "-1"},           {"--ticks", "1.5"},
                                                       {"--ticks", "1000000001"},   {"--screenshot-every", "0"},
                                                       {"--screenshot-every", "x"}, {"--size", "0x10"},
                                                       {"--size", "100"},           {"--size", "20000x10"},
                                                       {"--ticks", "0x10"},         {"--screenshot-every", "-5"}};
    for (const auto& extra : bad) {
        std::vector<std::string> args = {"play", mMap.string(), "--headless", "-o", (mDir / "shots").string()};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = run(args);
        EXPECT_EQ(r.code, 2) << extra[0] << " " << extra[1] << "\n" << r.out << r.err;
    }
    EXPECT_EQ(run({"play", mMap.string(), "--headless"}).code, 2) << "no -o";
    EXPECT_EQ(run({"play", "--headless", "-o", "x"}).code, 2) << "no MAP";
    EXPECT_FALSE(fs::exists(mDir / "shots" / "trace.jsonl"));
    // A broken map or script is an error of the input (exit 1), not of the command line.
    std::ofstream(mDir / "bad.txt") << "ten +forward\n";
    EXPECT_EQ(run({"play", mMap.string(), "--headless", "--input", (mDir / "bad.txt").string(), "-o",
                   (mDir / "shots").string()})
                  .code,
              1);
}

// A button press heard (issue #23's acceptance): the demo's play_sound map (a use button with "sounds" 1, its
// Buttons.snd1 soundscript and wave in the pakfile), +use from the console. The capture through OpenAL Soft's
// loopback device is silent until the tick the button sounded and loud from it. The tick comes from the game's own
// event (a regression guard: Vestige against itself); Buttons.snd<N> on CHAN_VOICE at SNDLVL_NORM is the SDK's.
TEST_F(PlayCli, AButtonPressIsHeardInTheCaptureFromItsTick) {
    const fs::path demo = mDir / "demo";
    const auto d = run({"demo", "--stage", "play_sound", "--out", demo.string()});
    if (noGl(d)) GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(d.code, 0) << d.out << d.err;
    const fs::path wav = mDir / "press.wav";
    const auto p = run({"play", (demo / "play_sound" / "button.bsp").string(), "--headless", "--exec",
                        (demo / "play_sound" / "press.cfg").string(), "--ticks", "60", "--size", "64x36", "-o",
                        (mDir / "shots").string(), "--sound-capture", wav.string(), "--json"});
    ASSERT_EQ(p.code, 0) << p.out << p.err;
    const auto j = nlohmann::json::parse(p.out);
    const auto& s = j["sound"];
    EXPECT_EQ(s["output"], "loopback");
    EXPECT_EQ(s["soundscripts"], 3) << "maps/button_level_sounds.txt";
    ASSERT_EQ(s["played"], 1) << s.dump();
    EXPECT_EQ(s["first"][0]["wave"], "sound/buttons/vestige_click.wav");
    EXPECT_TRUE(s["missingSamples"].empty());
    const auto pressed = s["first"][0]["tick"].get<std::uint64_t>();
    EXPECT_GE(pressed, 32u) << "after the console's wait 32";
    EXPECT_LT(pressed, 40u);
    EXPECT_EQ(s["capture"]["firstAudibleTick"], pressed);

    // The file itself: 60 ticks of stereo (before the walk back), nothing before the press's tick, the click in it.
    auto bytes = readFile(wav);
    ASSERT_TRUE(bytes.ok());
    auto pcm = audio::decodeWave(*bytes);
    ASSERT_TRUE(pcm.ok()) << pcm.error().render();
    ASSERT_EQ(pcm->channels, 2);
    const double perTick = pcm->sampleRate * (1.0 / 66.666666666666667);
    EXPECT_EQ(pcm->frames(), static_cast<std::size_t>(std::llround(60 * perTick)));
    const auto start = static_cast<std::size_t>((pressed - 1) * perTick);
    int before = 0, during = 0;
    for (std::size_t f = 0; f < pcm->frames(); ++f) {
        const int v = std::abs(static_cast<int>(pcm->pcm[2 * f]));
        (f < start ? before : during) = std::max(f < start ? before : during, v);
    }
    EXPECT_EQ(before, 0);
    EXPECT_GT(during, 3000) << "a 20000-peak click 52 units away: inside the 202-unit reference distance";
    // Without --headless the option is a usage error; headless without it nothing is captured.
    EXPECT_EQ(run({"play", (demo / "play_sound" / "button.bsp").string(), "--sound-capture", wav.string()}).code, 2);
}

}  // namespace
}  // namespace vestige
