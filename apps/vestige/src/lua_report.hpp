#pragma once
// The report of `vestige lua`: one JSON document (--json) and its human rendering.
#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/source/game/map.hpp"
#include "vestige/source/glua/runtime.hpp"
#include "vestige/source/movement/script.hpp"

namespace vestige::app {

// What a session did: mode, map, ticks, files, errors (with their kind), hooks, timers, entities, memory, output
// (`output` when captured; `withOutput` keeps the key even when empty, for -e runs), the player and notes.
nlohmann::json luaReport(source::glua::Runtime& rt, const std::string& mapFile, const source::game::GameMap* map,
                         const std::string& output, bool withOutput, const std::vector<std::string>& notes);
// Every recorded error: file, line, kind, message, traceback.
[[nodiscard]] nlohmann::json luaErrorsJson(const source::glua::Runtime& rt);
// True when the run had no error, called no stand-in and read no missing enum: the exit code is 0 only then.
bool luaRunClean(const vestige::source::glua::Runtime& rt);
void printLuaReport(const nlohmann::json& report);
// One JSON line per tick (game::tickJson: the player and the entities that changed).
using TraceLine = std::function<void(std::string_view line)>;
// Called after each tick with the tick's number; an error stops the run there.
using AfterTick = std::function<Status(std::uint64_t tick)>;
// Runs `ticks` ticks of a booted session (lua_ticks.cpp): with a script the player gets its commands tick by tick;
// `line` (when set) gets each tick's trace line, then `after` (when set) runs.
[[nodiscard]] Status runLuaTicks(source::glua::Runtime& rt, std::span<const source::movement::ScriptCommand> script,
                                 std::uint64_t ticks, const TraceLine& line, const AfterTick& after = {});
// The first player's state ({"index", "origin", "eyeAngles", "viewOffset", "health", "alive"}), null without one.
[[nodiscard]] nlohmann::json playerJson(source::game::World& world);

}  // namespace vestige::app
