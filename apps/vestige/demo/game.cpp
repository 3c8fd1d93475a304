// Demo stage: game. A builder map with a touch button that opens a door through map I/O, a trigger_teleport behind
// the door that drops the player from 400 units onto the floor; the entity world runs it headless from an input
// script, like `vestige game`. Outputs: game/game.bsp, game/walk.txt (replay with `vestige game`),
// game/trace.jsonl (one line per tick) and game/summary.txt (the ticks and numbers measured from the run).
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>

#include "../src/app.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/game/headless.hpp"
#include "vestige/source/movement/script.hpp"

namespace vestige::app {

namespace {

using namespace vestige::source;

bsp::MapBuilder gameMap() {
    bsp::MapBuilder map;
    const std::string tex = "dev/dev_measuregeneric01";
    map.addRoom({-512, -512, 0}, {1024, 512, 640}, 16, tex);
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    map.addBrushEntity({{"classname", "func_door"}, {"targetname", "door"}, {"movedir", "-90 0 0"}, {"wait", "-1"}},
                       {bsp::MapBuilder::box({200, -512, 0}, {208, 512, 128}, tex)}, Vec3{204, 0, 64});
    map.addBrushEntity({{"classname", "func_button"}, {"spawnflags", "257"}, {"OnPressed", "door,Open,,0,-1"}},
                       {bsp::MapBuilder::box({-32, -512, 0}, {32, -490, 64}, tex)}, Vec3{0, -501, 32});
    map.addBrushEntity({{"classname", "trigger_teleport"}, {"spawnflags", "1"}, {"target", "drop"}},
                       {bsp::MapBuilder::box({400, -512, 0}, {500, 512, 128}, "tools/toolstrigger")});
    map.addEntity({{"classname", "info_teleport_destination"}, {"targetname", "drop"}, {"origin", "800 0 400"}});
    return map;
}

constexpr const char* kScript =
    "# vestige demo: game\n"
    "220 +forward 10000 0 -90 0\n"  // south into the button
    "100 - 0 0 0 0\n"               // the door rises (1.28 s)
    "60 +forward 10000 0 90 0\n"    // back north to the middle
    "260 +forward 10000 0 0 0\n"    // east through the door into the teleport
    "120 - 0 0 0 0\n";              // the fall

}  // namespace

DemoStage demoStageGame() {
    return {
        "game", "Source entity world: a button opens a door through map I/O, a teleport drops the player (fall damage)",
        [](DemoContext& demo) -> Status {
            VESTIGE_TRY(auto bytes, gameMap().write());
            VESTIGE_CHECK(demo.write("game/game.bsp", bytes));
            VESTIGE_CHECK(demo.write("game/walk.txt", std::string_view(kScript)));
            VESTIGE_TRY(auto map, bsp::readBsp(bytes));
            VESTIGE_TRY(auto world, game::World::fromBsp(map));
            VESTIGE_TRY(auto script, movement::parseInputScript(kScript));
            std::string trace;
            int doorTick = -1, teleportTick = -1, landTick = -1;
            float landing = 0;
            VESTIGE_TRY(auto summary, game::runHeadless(*world, script, 0, [&](std::string_view line) {
                            trace.append(line).push_back('\n');
                            const auto j = nlohmann::json::parse(line);
                            for (const auto& e : j["entities"])
                                if (doorTick < 0 && e["class"] == "func_door" && e["origin"][2].get<double>() > 64.0)
                                    doorTick = j["tick"].get<int>();
                            const auto& p = j["player"];
                            if (teleportTick < 0 && p["origin"][0].get<double>() > 700.0)
                                teleportTick = j["tick"].get<int>();
                            if (teleportTick > 0 && landTick < 0 && p["on_ground"].get<bool>())
                                landTick = j["tick"].get<int>();
                        }));
            if (const game::Entity* p = world->player()) landing = p->player->lastFallDamage;
            VESTIGE_CHECK(demo.write("game/trace.jsonl", trace));
            if (doorTick < 0 || teleportTick < 0 || landTick < 0 || summary.health != 90) {
                return Error("demo.game", "the scripted run did not open the door, teleport and land as planned")
                    .actual(fmt::format("door {}, teleport {}, land {}, health {}", doorTick, teleportTick, landTick,
                                        summary.health));
            }
            const std::string text = fmt::format(
                "ticks {}\ndoor starts rising on tick {}\nteleported on tick {}\nlanded on tick {}, "
                "fall damage {} (mp_falldamage 0)\nhealth {}\nI/O events {}\nfinal hash {:016x}\n",
                summary.ticks, doorTick, teleportTick, landTick, landing, summary.health, summary.ioEvents,
                summary.finalHash);
            VESTIGE_CHECK(demo.write("game/summary.txt", text));
            demo.notes.push_back(
                fmt::format("game: door opened by the button on tick {}, teleport on {}, fall "
                            "damage {} -> health {}",
                            doorTick, teleportTick, landing, summary.health));
            return {};
        }};
}

}  // namespace vestige::app
