// `vestige weather` and `vestige ambient`: the Iron3D environment model on its own (issue 22 item 6).
//   vestige weather --vfov 60 --aspect 1.7778 --viewport-width 1920 --intensity 0.8 --rain --lightning-u 0.5 --json
//   vestige ambient --seed 1,1 --pool-sizes 3,2,2 --rgb 1.2,1,0.9 --ticks 2000 --json
#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "app.hpp"
#include "options.hpp"
#include "vestige/core/json.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/iron3d/environment/ambient.hpp"
#include "vestige/iron3d/environment/lightning.hpp"
#include "vestige/iron3d/environment/precipitation.hpp"

namespace vestige::app {

namespace {

namespace env = vestige::iron3d::environment;
using Json = nlohmann::ordered_json;

int usage(const char* verb, const std::string& message) { return usageError(verb, message); }

void addWeather(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("weather", "Iron3D precipitation and lightning numbers for a camera (headless)");
    auto* json = addJsonFlag(cmd);
    static double vfovDeg = 2 * 0.4875 * 180 / M_PI, aspect = 4.0 / 3.0, width = 640, intensity = 1, lightningU = -1;
    static bool snow = false, rain = false;
    cmd->add_option("--vfov", vfovDeg, "Vertical field of view in degrees")->check(numberIn(0.01, 179.99));
    cmd->add_option("--aspect", aspect, "Viewport aspect ratio (width / height)")->check(numberIn(0.01, 100.0));
    cmd->add_option("--viewport-width", width, "Viewport width in pixels")->check(numberIn(1.0, 65536.0));
    cmd->add_option("--intensity", intensity, "Precipitation and lightning intensity")->check(numberIn(0.0, 1000.0));
    auto* rainFlag = cmd->add_flag("--rain", rain, "Rain (default)");
    cmd->add_flag("--snow", snow, "Snow")->excludes(rainFlag);
    cmd->add_option("--lightning-u", lightningU, "The lightning draw U in [0, 1]: prints the delay")
        ->check(numberIn(0.0, 1.0));
    cmd->footer("Example: vestige weather --vfov 60 --aspect 1.7778 --viewport-width 1920 --intensity 0.8 --json");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            const auto kind = snow ? env::Precipitation::Snow : env::Precipitation::Rain;
            const float vfov = static_cast<float>(vfovDeg * M_PI / 180);
            const auto box = env::boxFor(vfov, static_cast<float>(aspect));
            const auto ref = env::referenceBox();
            const double ratio = env::volumeRatio(box);
            const std::uint32_t count = env::particleCount(ratio, env::kEmitterDensity, static_cast<float>(intensity));
            const double hfov = env::horizontalFov(vfov, static_cast<float>(aspect));
            const double scalar = env::precipitationScalar(static_cast<float>(width), vfov, static_cast<float>(aspect));
            const float size = env::particleSize(kind, scalar);
            const Vec3 vel = env::fallVelocity(kind);
            Json j;
            j["kind"] = snow ? "snow" : "rain";
            j["box"] = {{"near", box.nearDepth}, {"far", box.farDepth}, {"half_x", box.halfX}, {"half_y", box.halfY}};
            j["reference_box"] = {{"half_x", ref.halfX}, {"half_y", ref.halfY}};
            j["volume_ratio"] = ratio;
            j["particles"] = count;
            j["horizontal_fov"] = hfov;
            j["precipitation_scalar"] = scalar;
            j["size"] = size;
            j["velocity"] = {vel.x, vel.y, vel.z};
            if (lightningU >= 0)
                j["lightning_delay_ms"] = env::lightningDelayMs(static_cast<float>(intensity), lightningU);
            if (ctx.json) {
                printOut(dumpJson(j));
                return kExitOk;
            }
            printOut(fmt::format(
                "{}: box depth {}..{}, half {:.4f} x {:.4f} (reference {:.4f} x {:.4f}), volume ratio {:.6f}",
                snow ? "snow" : "rain", box.nearDepth, box.farDepth, box.halfX, box.halfY, ref.halfX, ref.halfY,
                ratio));
            printOut(fmt::format(
                "particles {} at intensity {}; hfov {:.6f} rad, scalar {:.4f}, size {:.5f}; velocity [{}, {}, {}]",
                count, intensity, hfov, scalar, size, vel.x, vel.y, vel.z));
            if (lightningU >= 0)
                printOut(fmt::format("lightning delay {} ms (U = {})",
                                     env::lightningDelayMs(static_cast<float>(intensity), lightningU), lightningU));
            return kExitOk;
        };
    });
}

void addAmbient(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("ambient", "Iron3D ambient music variations: timer and index sequence (headless)");
    auto* json = addJsonFlag(cmd);
    static std::string seed = "1,1", sizes = "3,0,0", rgb = "1,1,1";
    static std::uint64_t ticks = 2000;
    static std::uint32_t crtSeed = 1, tickMs = 16;
    cmd->add_option("--seed", seed, "The 16-bit pair generator's start state A,B");
    cmd->add_option("--pool-sizes", sizes, "Pool sizes DEFAULT,NIGHT,DAY");
    cmd->add_option("--rgb", rgb, "The first active sky object's base RGB R,G,B");
    cmd->add_option("--ticks", ticks, "Ticks to run")->transform(countIn(0, 100000000));
    cmd->add_option("--rand-seed", crtSeed, "srand() seed of the delay's rand() (the runtime starts at 1)")
        ->transform(countIn(0, 0xFFFFFFFF));
    cmd->add_option("--tick-ms", tickMs, "Tick length in ms (World3D: 16)")->transform(countIn(1, 1000));
    cmd->footer("Example: vestige ambient --seed 1,1 --pool-sizes 3,2,2 --rgb 1.2,1,0.9 --ticks 2000 --json");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            const auto ab = parseList<std::uint16_t, 2>(seed);
            const auto n = parseList<std::uint32_t, 3>(sizes);
            const auto c = parseList<float, 3>(rgb);
            if (!ab) return usage("ambient", "--seed expects A,B (two 16-bit integers)");
            if (!n || (*n)[0] > 1000 || (*n)[1] > 1000 || (*n)[2] > 1000)
                return usage("ambient", "--pool-sizes expects DEFAULT,NIGHT,DAY (integers up to 1000)");
            if (!c) return usage("ambient", "--rgb expects R,G,B (three numbers)");
            env::AmbientConfig cfg;
            cfg.theme = {"", "THEME"};
            auto fill = [](std::vector<audio::SampleKey>& pool, std::uint32_t count, const char* prefix) {
                for (std::uint32_t i = 0; i < count; ++i)
                    pool.push_back({"", fmt::format("{}_VARIATION{}", prefix, i + 1)});
            };
            fill(cfg.defaultPool, (*n)[0], "DEFAULT");
            fill(cfg.nightPool, (*n)[1], "NIGHT");
            fill(cfg.dayPool, (*n)[2], "DAY");
            env::AmbientMusic music(cfg, env::PairGenerator16((*ab)[0], (*ab)[1]), env::CrtRand(crtSeed));
            const Vec3 sky{(*c)[0], (*c)[1], (*c)[2]};
            Json picks = Json::array();
            for (std::uint64_t t = 0; t < ticks; ++t) {
                auto p = music.update(tickMs / 1000.0, sky);
                if (!p) continue;
                Json row{{"tick", t},
                         {"time", p->atSeconds},
                         {"pool", env::poolName(p->pool)},
                         {"index", p->index},
                         {"sample", p->sample ? Json(p->sample->name) : Json(nullptr)},
                         {"next_delay", p->nextDelay}};
                if (!ctx.json)
                    printOut(fmt::format("tick {:>8}  t {:>9.3f} s  {:<7} index {:>3}  {}  next in {} s", t,
                                         p->atSeconds, env::poolName(p->pool), p->index,
                                         p->sample ? p->sample->name : "(nothing)", p->nextDelay));
                picks.push_back(std::move(row));
            }
            Json j{{"pool", env::poolName(env::AmbientMusic::choosePool(cfg, sky))},
                   {"picks", std::move(picks)},
                   {"generator", {{"a", music.generator().a()}, {"b", music.generator().b()}}},
                   {"rand_calls", music.rand().calls()}};
            if (ctx.json)
                printOut(dumpJson(j));
            else
                printOut(fmt::format("{} pick(s) in {} ticks; generator a={} b={}", j["picks"].size(), ticks,
                                     music.generator().a(), music.generator().b()));
            return kExitOk;
        };
    });
}

}  // namespace

void addEnvironmentCommands(CLI::App& cli, AppContext& ctx) {
    addWeather(cli, ctx);
    addAmbient(cli, ctx);
}

}  // namespace vestige::app
