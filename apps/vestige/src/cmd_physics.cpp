// `vestige physics`: props on a Source map's collision, simulated headless on the 15 ms tick (issue 18 item 6):
//   vestige physics MAP.bsp --spawn SPEC [--spawn SPEC ...] [--ticks N] [--every K] [--gmod DIR] [--json]
// SPEC is box:WxDxH@X,Y,Z, sphere:R@X,Y,Z or PATH.mdl@X,Y,Z (its .phy beside it), each optionally ,MASS.
#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <vector>

#include "app.hpp"
#include "options.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/json.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/mdl/mdl.hpp"
#include "vestige/source/physics/driver.hpp"
#include "vestige/source/physics/map.hpp"

namespace vestige::app {

namespace {

using namespace vestige::source;

int physicsUsage(const std::string& message) {
    std::fprintf(stderr, "vestige physics: usage error: %s\n", message.c_str());
    return kExitUsage;
}

// The game's surface properties (physics::loadSurfaceProps) from the install's folder.
Result<physics::SurfaceProps> loadSurfaceProps(const std::string& gmodDir) {
    if (gmodDir.empty()) return physics::SurfaceProps{};
    return physics::loadSurfaceProps([&](std::string_view path) -> std::optional<Bytes> {
        auto bytes = readFile(std::filesystem::path(gmodDir) / std::string(path));
        if (!bytes) return std::nullopt;
        return std::move(*bytes);
    });
}

// The .mdl's hull, mass and checksum, and the .phy beside it when there is one.
Result<physics::ModelFiles> readModel(const std::string& spec, const vfs::ArchiveRegistry& archives) {
    VESTIGE_TRY(vfs::Resolved mdlFile, vfs::openSpec(spec, archives));
    VESTIGE_TRY(mdl::Mdl model, std::move(mdl::readMdl(mdlFile.data)).file(spec));
    physics::ModelFiles files;
    files.hullMin = model.header.hullMin;
    files.hullMax = model.header.hullMax;
    files.mass = model.header.mass;
    files.checksum = model.header.checksum;
    if (auto phy = vfs::openSpec(spec.substr(0, spec.size() - 4) + ".phy", archives)) files.phy = std::move(phy->data);
    return files;
}

std::string textLine(std::uint64_t tick, std::size_t i, const physics::SpawnedProp& p, const physics::BodyState& s) {
    return fmt::format("{:>6}  body {:>2} {:<28} origin {:9.2f} {:9.2f} {:9.2f}  speed {:8.2f}  {}", tick, i, p.label,
                       s.position.x, s.position.y, s.position.z, length(s.velocity), s.asleep ? "asleep" : "awake");
}

}  // namespace

void addPhysicsCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("physics", "Simulate props on a Source map's collision (Bullet, headless)");
    auto* json = addJsonFlag(cmd);
    static std::string mapPath, gmodDir;
    static std::vector<std::string> spawns;
    static int ticks = 200, every = 66;
    cmd->add_option("MAP", mapPath, "BSP file, or archive entry as archive:entry")->required();
    cmd->add_option("--spawn", spawns, "A prop: box:WxDxH@X,Y,Z, sphere:R@X,Y,Z or PATH.mdl@X,Y,Z (,MASS optional)")
        ->required();
    cmd->add_option("--ticks", ticks, "Ticks to simulate at 66.67 Hz (default 200)")
        ->transform(integerIn(0, 100000000));
    cmd->add_option("--every", every, "Text mode: print the bodies every K ticks (default 66)")
        ->transform(integerIn(1, 0x7FFFFFFF));
    cmd->add_option("--gmod", gmodDir, "Game directory whose scripts/surfaceproperties*.txt give the materials");
    cmd->footer(
        "Example: vestige physics vestige-demo/physics/demo_physics.bsp --spawn box:32x32x32@0,820,200 --ticks 120 "
        "--json\n"
        "--json prints a map line, then one object per tick: tick, hash (the physics state hash), bodies[] with\n"
        "origin, velocity and asleep, then a summary line.");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            if (ticks < 0 || ticks > 1000000) return physicsUsage("--ticks must be within 0..1000000");
            if (every < 1) return physicsUsage("--every must be >= 1");
            std::vector<physics::SpawnSpec> specs;
            for (const auto& s : spawns) {
                auto spec = physics::parseSpawn(s);
                if (!spec) return physicsUsage(spec.error().render());
                specs.push_back(std::move(*spec));
            }
            auto props = loadSurfaceProps(gmodDir);
            if (!props) return reportError(ctx, props.error());
            auto file = vfs::openSpec(mapPath, ctx.archives);
            if (!file) return reportError(ctx, file.error());
            auto map = bsp::readBsp(file->data);
            if (!map) return reportError(ctx, std::move(map).error().file(mapPath));
            physics::PhysicsWorld world({}, std::move(*props));
            auto collision = physics::addMapCollision(world, *map);
            if (!collision) return reportError(ctx, std::move(collision).error().file(mapPath));
            std::vector<physics::SpawnedProp> bodies;
            for (const auto& spec : specs) {
                std::optional<physics::ModelFiles> files;
                if (spec.kind == physics::SpawnSpec::Kind::Model) {
                    auto read = readModel(spec.model, ctx.archives);
                    if (!read) return reportError(ctx, read.error());
                    files = std::move(*read);
                }
                auto prop = physics::spawnProp(world, spec, files ? &*files : nullptr);
                if (!prop) return reportError(ctx, std::move(prop).error().in("spawn", spec.text));
                if (prop->warning && !ctx.json)
                    std::fprintf(stderr, "vestige physics: warning: %s: falling back to the model's box: %s\n",
                                 spec.text.c_str(), prop->warning->render().c_str());
                bodies.push_back(std::move(*prop));
            }
            const auto& st = collision->stats;
            if (ctx.json) {
                nlohmann::ordered_json head;
                head["map"] = {{"source", st.source},
                               {"solids", st.solids},
                               {"convex_pieces", st.convexPieces},
                               {"clip_solids", st.clipSolids},
                               {"other_solids", st.otherSolids},
                               {"displacement_columns", st.displacementColumns}};
                auto warnings = nlohmann::ordered_json::array();
                for (const auto& b : bodies)
                    if (b.warning)
                        warnings.push_back({{"spawn", b.label}, {"error", nlohmann::json::parse(b.warning->toJson())}});
                head["warnings"] = warnings;
                printOut(dumpJson(head));
            } else {
                printOut(
                    fmt::format("map {}: collision from {}, {} static solids, {} convex pieces, {} clip solids "
                                "left out, {} displacement columns",
                                mapPath, st.source, st.solids, st.convexPieces, st.clipSolids, st.displacementColumns));
            }
            std::size_t collisions = 0, breaks = 0;
            for (int t = 1; t <= ticks; ++t) {
                const physics::StepEvents ev = world.step();
                collisions += ev.collisions.size();
                breaks += ev.breaks.size();
                if (ctx.json) {
                    printOut(physics::tickJson(world, bodies));
                } else if (t % every == 0 || t == ticks) {
                    for (std::size_t i = 0; i < bodies.size(); ++i)
                        printOut(textLine(world.tick(), i, bodies[i], world.state(bodies[i].body).value()));
                }
            }
            std::size_t asleep = 0;
            for (const auto& b : bodies) asleep += world.state(b.body)->asleep ? 1 : 0;
            const std::string hash = fmt::format("0x{:016x}", world.stateHash());
            if (ctx.json) {
                nlohmann::ordered_json tail;
                tail["summary"] = {{"ticks", ticks},           {"bodies", bodies.size()}, {"asleep", asleep},
                                   {"collisions", collisions}, {"breaks", breaks},        {"hash", hash}};
                printOut(dumpJson(tail));
            } else {
                printOut(fmt::format("{} ticks: {} of {} bodies asleep, {} collision events, state hash {}", ticks,
                                     asleep, bodies.size(), collisions, hash));
            }
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
