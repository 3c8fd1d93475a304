#pragma once
// The report of `vestige lua`: one JSON document (--json) and its human rendering.
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "vestige/source/game/map.hpp"
#include "vestige/source/glua/runtime.hpp"
#include "vestige/source/movement/script.hpp"

namespace vestige::app {

// What a session did: mode, map, ticks, files, errors (with their kind), hooks, timers, entities, memory, output
// (`output` when captured; `withOutput` keeps the key even when empty, for -e runs) and notes.
nlohmann::json luaReport(const source::glua::Runtime& rt, const std::string& mapFile, const source::game::GameMap* map,
                         const std::string& output, bool withOutput, const std::vector<std::string>& notes);
// True when the run had no error, called no stand-in and read no missing enum: the exit code is 0 only then.
bool luaRunClean(const vestige::source::glua::Runtime& rt);
void printLuaReport(const nlohmann::json& report);
// Runs `ticks` ticks of a booted session (lua_ticks.cpp): with a script the player gets its commands tick by tick,
// with `trace` one JSON line per tick (the player and the entities that changed) goes to stdout.
void runLuaTicks(source::glua::Runtime& rt, std::span<const source::movement::ScriptCommand> script,
                 std::uint64_t ticks, bool trace);

}  // namespace vestige::app
