// `vestige mission`: load an Iron3D mission transactionally, run it headless, probe the terrain (issue 20 item 7):
//   vestige mission DATA_DIR MISSION [--ticks N] [--order IDX:X,Y:STEP ...] [--trace out.jsonl]
//                   [--height-at X,Y ...] [--seed S] [--sound-events out.jsonl [--weather clear|storm]]
//                   [--no-scripts] [--json]
// MISSION is a folder name under DATA_DIR/MISSIONS or a path relative to DATA_DIR.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app.hpp"
#include "options.hpp"
#include "vestige/audio/sound.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/json.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/mission/ai_system.hpp"
#include "vestige/iron3d/mission/environment_system.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/mission/movement.hpp"

namespace vestige::app {
namespace {

namespace mission = iron3d::mission;
using Json = nlohmann::ordered_json;

struct Order {
    std::uint32_t object = 0;
    Vec2 target;
    float step = 0;
    bool reached = false;
};

int missionUsage(const std::string& message) { return usageError("mission", message); }

std::optional<Vec2> parsePoint(std::string_view text) {
    const auto v = parseList<float, 2>(text);
    if (!v) return std::nullopt;
    return Vec2{(*v)[0], (*v)[1]};
}

std::optional<Order> parseOrder(std::string_view text) {
    const auto a = text.find(':'), b = text.rfind(':');
    if (a == std::string_view::npos || a == b) return std::nullopt;
    const auto object = parseInteger<std::uint32_t>(text.substr(0, a));
    const auto target = parsePoint(text.substr(a + 1, b - a - 1));
    const auto step = parseFloat(text.substr(b + 1));
    if (!object || !target || !step) return std::nullopt;
    return Order{*object, *target, *step, false};
}

Json transformJson(const iron3d::world::Transform& t) {
    auto v = [](Vec3 p) { return Json::array({p.x, p.y, p.z}); };
    Json words = Json::array();
    for (const auto w : t.words) words.push_back(fmt::format("{:08x}", w));
    return {
        {"position", v(t.position())}, {"orientation", v(t.orientation())}, {"scale", v(t.scale())}, {"words", words}};
}

Json probeJson(const mission::LoadedMission& m, Vec2 p) {
    Json j{{"x", p.x}, {"y", p.y}};
    const auto h = m.terrain.heightHitAt(p.x, p.y);
    j["height"] = h ? Json(h->z) : Json(nullptr);
    j["face"] = h ? Json(h->face) : Json(nullptr);
    const auto areal = m.terrain.arealAt(p.x, p.y);
    j["areal"] = areal ? Json(*areal) : Json(nullptr);
    return j;
}

}  // namespace

void addMissionCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("mission", "Load an Iron3D mission (prototypes, terrain, World3D), run it headless");
    auto* json = addJsonFlag(cmd);
    static std::string dataDir, missionName, tracePath, soundPath, weather = "clear";
    static bool noScripts = false;
    static std::uint64_t ticks = 0, seed = 0;
    static std::vector<std::string> orders, probes;
    cmd->add_option("DATA_DIR", dataDir, "The game root (objects.rlb, BuildDat.lst, MISSIONS/...)")->required();
    cmd->add_option("MISSION", missionName, "A folder under MISSIONS, or a path relative to DATA_DIR")->required();
    cmd->add_option("--ticks", ticks, "Simulation ticks to run (16 ms each)")->transform(countIn(0, 1000000000));
    cmd->add_option("--order", orders, "Reference movement IDX:X,Y:STEP for TMA object IDX, every tick (repeatable)");
    cmd->add_option("--trace", tracePath, "Write the JSON Lines trace of the run here");
    cmd->add_option("--height-at", probes, "Terrain height and areal at X,Y (repeatable)");
    cmd->add_option("--seed", seed, "The mission's RNG seed (default 0)")->transform(countIn(0, UINT64_MAX));
    cmd->add_option("--sound-events", soundPath, "Run the weather and sound layer; every sound event as JSON lines");
    cmd->add_option("--weather", weather, "clear (default: the mission's sky.ske is not read) or storm")
        ->check(CLI::IsMember({"clear", "storm"}));
    cmd->add_flag("--no-scripts", noScripts, "Load without the scripts/AI step (no SuperAI, Behavior or AI state)");
    cmd->footer(
        "Example: vestige mission vestige-demo/mission DEMO --ticks 600 --order 1:40,40:0.25 --json\n"
        "         vestige mission vestige-demo/mission DEMO --ticks 800 --weather storm --sound-events sound.jsonl\n"
        "The report lists the inventory counts, warnings, each object's final transform, the tick, the section-14\n"
        "World3D state hash and the simulation hash.");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            std::vector<Order> parsedOrders;
            for (const auto& o : orders) {
                auto p = parseOrder(o);
                if (!p) return missionUsage("--order expects IDX:X,Y:STEP (e.g. 3:120.5,80:0.5), got '" + o + "'");
                parsedOrders.push_back(*p);
            }
            std::vector<Vec2> points;
            for (const auto& p : probes) {
                auto v = parsePoint(p);
                if (!v) return missionUsage("--height-at expects X,Y, got '" + p + "'");
                points.push_back(*v);
            }
            vfs::Vfs vfs(&ctx.archives);
            if (auto st = vfs.mountDir("", dataDir); !st) return reportError(ctx, st.error());
            const bool bare = missionName.find_first_of("/\\") == std::string::npos;
            const std::string dir = bare ? "MISSIONS/" + missionName : missionName;
            // The trace goes to a staging file renamed into place at the end: a failed load or tick leaves no
            // trace file (and never a truncated one that looks like a short run).
            const std::filesystem::path stagedTrace = tracePath.empty() ? "" : tracePath + ".partial";
            std::ofstream traceFile;
            struct DropStaged {
                const std::filesystem::path& path;
                bool keep = false;
                ~DropStaged() {
                    std::error_code ec;
                    if (!keep && !path.empty()) std::filesystem::remove(path, ec);
                }
            } dropStaged{stagedTrace};
            if (!tracePath.empty()) {
                traceFile.open(stagedTrace, std::ios::binary | std::ios::trunc);
                if (!traceFile) return reportError(ctx, Error("io.open", "cannot write the trace").file(tracePath));
            }
            TraceSink trace([&traceFile](std::string_view line) {
                if (traceFile) traceFile << line << '\n';
            });
            auto ai = std::make_shared<mission::AiSession>();
            ai->trace = &trace;
            mission::LoadOptions options;
            options.seed = seed;
            options.progress = &ctx.progress();
            if (!noScripts) options.scripts = mission::aiScriptsHook(ai);
            auto loaded = mission::loadMission(vfs, dir, options);
            if (!loaded) return reportError(ctx, loaded.error());
            mission::LoadedMission& m = *loaded;
            m.runtime->setTrace(&trace);
            m.runtime->addSystem(
                iron3d::world::SchedulerPhase::CalculateWorldQueue, "reference_movement",
                [&](mission::SystemContext& c) -> Status {
                    for (auto& o : parsedOrders) {
                        if (o.reached) continue;
                        VESTIGE_TRY(o.reached,
                                    mission::advanceReferenceMovement(c.world, m.terrain, o.object, o.target, o.step));
                        const auto pos = c.world.transform(*c.world.findByOriginalId(o.object))->position();
                        trace.event(c.tick + 1, "CalculateWorldQueue", "reference_movement",
                                    fmt::format(R"({{"object":{},"position":[{},{},{}],"reached":{}}})", o.object,
                                                TraceSink::formatFloat(pos.x), TraceSink::formatFloat(pos.y),
                                                TraceSink::formatFloat(pos.z), o.reached));
                    }
                    return {};
                });
            mission::CameraRig rig;
            std::unique_ptr<mission::EnvironmentSystem> sound;
            std::string soundLines;  // written whole after the run: a failed run leaves no file
            if (!soundPath.empty()) {
                mission::installCamera(*m.runtime, rig);
                sound = std::make_unique<mission::EnvironmentSystem>(
                    *m.runtime, rig, *mission::weatherPreset(weather, m.terrain),
                    [&soundLines](const audio::SoundEvent& e) { soundLines += audio::toJsonLine(e) + '\n'; });
            }
            for (std::uint64_t t = 0; t < ticks; ++t) {
                auto r = m.runtime->tick();
                if (!r) return reportError(ctx, r.error());
            }
            if (sound)
                if (auto st = writeFileAtomic(soundPath, soundLines); !st) return reportError(ctx, st.error());
            if (!tracePath.empty()) {
                traceFile.close();
                std::error_code ec;
                std::filesystem::rename(stagedTrace, tracePath, ec);
                if (!traceFile || ec)
                    return reportError(ctx, Error("io.write", "cannot write the trace").file(tracePath));
                dropStaged.keep = true;
            }

            const auto& world = m.runtime->world();
            Json objects = Json::array();
            for (const auto& o : m.objects)
                objects.push_back({{"index", o.originalId},
                                   {"resource", cp1251ToUtf8(o.placed.resourceName)},
                                   {"components", o.components.size()},
                                   {"transform", transformJson(*world.transform(o.handle))}});
            Json heights = Json::array();
            for (const auto p : points) heights.push_back(probeJson(m, p));
            if (ctx.json) {
                Json doc = Json::parse(mission::summaryJson(m));
                doc["ok"] = true;
                doc["ticks_run"] = ticks;
                doc["trace_hash"] = trace.hashHex();
                doc["trace_events"] = trace.count();
                doc["objects"] = std::move(objects);
                doc["height_at"] = std::move(heights);
                doc["ai"] = mission::aiSummaryJson(*ai);
                if (sound) {
                    const auto& e = sound->summary();
                    doc["sound"] = {{"weather", weather},
                                    {"events", e.events},
                                    {"start_loops", e.startLoops},
                                    {"volume_changes", e.volumeChanges},
                                    {"stop_loops", e.stopLoops},
                                    {"one_shots", e.oneShots},
                                    {"strikes", e.strikes},
                                    {"variations", e.variations},
                                    {"atmosphere_draws", e.atmosphereDraws}};
                }
                printOut(dumpJson(doc));
                return kExitOk;
            }
            const auto& c = m.counts;
            printOut(fmt::format(
                "mission {}: {} objects ({} unit DATs, {} direct keys) -> {} components ({} meshes, {} "
                "non-geometric), {} requests, {} material slots, {} textures, {} lightmaps, {} failures",
                dir, c.objects, c.unitReferences, c.directReferences, c.components, c.meshComponents, c.nonGeometric,
                c.requests, c.materialSlots, c.textureReferences, c.lightmapsResolved, c.failures));
            for (const auto& w : m.warnings) printOut("  warning: " + w.render());
            if (ai->runtime)
                for (const auto& line : ai->runtime->ai.aiLog) printOut("  ai: " + line);
            if (sound)
                printOut(fmt::format("  sound: {} weather, {} events ({} one-shots, {} lightning strikes) -> {}",
                                     weather, sound->summary().events, sound->summary().oneShots,
                                     sound->summary().strikes, soundPath));
            for (const auto& o : objects)
                printOut(fmt::format("  object {:>4} {:<32} position ({}, {}, {})", o["index"].get<std::uint32_t>(),
                                     o["resource"].get<std::string>(), o["transform"]["position"][0].get<float>(),
                                     o["transform"]["position"][1].get<float>(),
                                     o["transform"]["position"][2].get<float>()));
            for (const auto& h : heights)
                printOut(
                    fmt::format("  height at ({}, {}): {}, areal {}", h["x"].get<float>(), h["y"].get<float>(),
                                h["height"].is_null() ? "off surface" : fmt::format("{}", h["height"].get<float>()),
                                h["areal"].is_null() ? "none" : std::to_string(h["areal"].get<std::uint32_t>())));
            printOut(fmt::format("tick {}, state hash {}, simulation hash {}", world.tick(), toHex(world.stateHash()),
                                 toHex(m.runtime->simulationHash())));
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
