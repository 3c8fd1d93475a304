// `vestige move`: scripted player movement on a Source map, headless, one line per tick (issue 9 item 3):
//   vestige move [--json] MAP.bsp [--spawn X,Y,Z] [--tick-rate HZ] --input FILE
// The default spawn is the map's first info_player_start; --json prints PlayerMovement::stateJson per tick.
#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "app.hpp"
#include "options.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/collision/map_collision.hpp"
#include "vestige/source/movement/movement.hpp"
#include "vestige/source/movement/script.hpp"

namespace vestige::app {

namespace {

int moveUsage(const std::string& message) { return usageError("move", message); }

// "X,Y,Z" with three finite numbers.
bool parseSpawn(const std::string& text, Vec3& out) {
    const auto v = parseList<float, 3>(text);
    if (!v) return false;
    out = {(*v)[0], (*v)[1], (*v)[2]};
    return true;
}

std::string textLine(const source::movement::PlayerState& s) {
    std::string plane = "-";
    if (s.blockingPlane) {
        plane = fmt::format("({:.3f} {:.3f} {:.3f}) {:.2f}", s.blockingPlane->normal.x, s.blockingPlane->normal.y,
                            s.blockingPlane->normal.z, s.blockingPlane->dist);
    }
    return fmt::format("{:>6}  pos {:9.2f} {:9.2f} {:9.2f}  vel {:8.2f} {:8.2f} {:8.2f}  {}  water {}  {}  block {}",
                       s.tick, s.origin.x, s.origin.y, s.origin.z, s.velocity.x, s.velocity.y, s.velocity.z,
                       s.moveType == source::movement::MoveType::Ladder   ? "ladder"
                       : s.moveType == source::movement::MoveType::Noclip ? "noclip"
                       : s.onGround                                       ? "ground"
                                                                          : "air   ",
                       static_cast<int>(s.waterLevel), s.ducked ? "ducked " : "standing", plane);
}

}  // namespace

void addMoveCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("move", "Run scripted player movement on a Source map (GMod movement, headless)");
    auto* json = addJsonFlag(cmd);
    static std::string path, spawnText, inputPath;
    static double tickRate = kSourceTickRate;
    cmd->add_option("MAP", path, "BSP file, or archive entry as archive:entry")->required();
    cmd->add_option("--spawn", spawnText, "Start position X,Y,Z (default: the map's info_player_start)");
    cmd->add_option("--tick-rate", tickRate, "Ticks per second (default 66.67)")->check(numberIn(0, 10000, true));
    cmd->add_option("--input", inputPath,
                    "Input script, one command per line: TICKS [+button ...] FORWARD SIDE YAW PITCH")
        ->required();
    cmd->footer(
        "Example: vestige move --json vestige-demo/bsp/demo.bsp --input vestige-demo/movement/walk.txt\n"
        "  walk.txt:  120 +forward +jump 250 0 90 0\n"
        "Buttons: +forward +back +moveleft +moveright +jump +duck +speed +walk +use +attack +noclip ('-' for none).\n"
        "--json prints one object per tick: tick, origin, velocity, on_ground, water_level, ducked, blocking_plane.");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            using namespace vestige::source;
            if (!(tickRate >= 1.0 && tickRate <= 10000.0)) return moveUsage("--tick-rate must be within 1..10000");
            Vec3 spawn;
            const bool haveSpawn = !spawnText.empty();
            if (haveSpawn && !parseSpawn(spawnText, spawn)) return moveUsage("--spawn expects X,Y,Z (three numbers)");

            auto scriptBytes = readFile(inputPath);
            if (!scriptBytes) return reportError(ctx, scriptBytes.error());  // readFile names the file
            const std::string_view scriptText(reinterpret_cast<const char*>(scriptBytes->data()), scriptBytes->size());
            auto script = movement::parseInputScript(scriptText);
            if (!script) return reportError(ctx, std::move(script).error().file(inputPath));

            auto resolved = vfs::openSpec(path, ctx.archives);
            if (!resolved) return reportError(ctx, resolved.error());
            auto map = bsp::readBsp(resolved->data);
            if (!map) return reportError(ctx, std::move(map).error().file(path));
            auto world = collision::fromBsp(*map);
            if (!world) return reportError(ctx, std::move(world).error().file(path));
            if (!haveSpawn) {
                if (!world->spawn) {
                    Error e("move.no_spawn", "the map has no info_player_start and no --spawn was given");
                    return reportError(ctx, e.file(path).expected("an info_player_start entity or --spawn X,Y,Z"));
                }
                spawn = *world->spawn;
            }

            movement::MoveSettings settings;
            settings.tickRate = static_cast<float>(tickRate);
            const movement::PlayerMovement pm(world->model, settings);
            movement::PlayerState state = pm.spawn(spawn);
            for (const auto& command : *script) {
                const movement::MoveInput input = command.input();
                for (std::uint32_t i = 0; i < command.ticks; ++i) {
                    pm.tick(state, input);
                    printOut(ctx.json ? movement::PlayerMovement::stateJson(state) : textLine(state));
                }
            }
            if (!ctx.json) {
                printOut(fmt::format("{} ticks at {:.2f} Hz; {} brushes, {} displacement triangles", state.tick,
                                     tickRate, world->model.stats().brushes,
                                     world->model.stats().displacementTriangles));
            }
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
