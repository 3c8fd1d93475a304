// The report of `vestige lua` (lua_report.hpp).
#include "lua_report.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <map>

namespace vestige::app {

namespace glua = vestige::source::glua;
namespace game = vestige::source::game;

nlohmann::json luaReport(glua::Runtime& rt, const std::string& mapFile, const game::GameMap* map,
                         const std::string& output, bool withOutput, const std::vector<std::string>& notes) {
    nlohmann::json j;
    j["mode"] = rt.options().gmodDir ? "gmod" : "standalone";
    j["gamemode"] = rt.options().gamemode;
    j["map"] = rt.options().map;
    if (map) {
        j["mapFile"] = mapFile;
        j["mapEntities"] = map->entities().size();
        j["mapBrushEntities"] = map->stats().brushEntities;
        j["mapCollisionVolumes"] = map->stats().worldVolumes + map->stats().modelVolumes;
        j["mapWarnings"] = nlohmann::json::array();
        for (const auto& w : map->warnings()) j["mapWarnings"].push_back(w.render());
    }
    j["ticks"] = rt.currentTick();
    j["tickRate"] = rt.clock().rate();
    j["curTime"] = rt.curTime();
    j["filesLoaded"] = rt.filesLoaded();
    j["errors"] = luaErrorsJson(rt);
    j["hooks"] = nlohmann::json::object();
    for (const auto& [name, count] : rt.hookCounts()) j["hooks"][name] = count;
    std::map<std::string, std::uint64_t> byName;
    for (const auto& f : rt.timersFired()) ++byName[f.name.empty() ? "(simple)" : f.name];
    j["timersFired"] = {{"total", rt.timersFired().size()}, {"byName", byName}};
    // The session's entity world: how many entities (removed-this-tick ones included) and how many of each class.
    const auto& world = rt.world();
    std::map<std::string, std::uint64_t> classes;
    for (const auto h : world.order())
        if (const auto* e = world.get(h)) ++classes[e->className];
    j["entities"] = world.count();
    j["soundsEmitted"] = world.sounds.total();
    j["entityClasses"] = classes;
    if (auto player = playerJson(rt.world()); !player.is_null()) j["player"] = std::move(player);
    // What Vestige lacks, visibly: calls to the counted stand-ins (gmod_natives.lua) and enum-shaped globals read
    // while undefined (nil, as in GMod). Either makes the run fail (luaRunClean).
    j["standInCalls"] = nlohmann::json::object();
    for (const auto& [name, count] : rt.standInCalls()) j["standInCalls"][name] = count;
    j["missingEnums"] = rt.missingEnums();
    j["warnings"] = rt.warnings();
    j["memoryBytes"] = rt.memoryUsed();
    if (rt.outputDropped() > 0) j["outputDroppedBytes"] = rt.outputDropped();
    if (!output.empty() || withOutput) j["output"] = output;
    if (!notes.empty()) j["notes"] = notes;
    return j;
}

nlohmann::json luaErrorsJson(const glua::Runtime& rt) {
    nlohmann::json errors = nlohmann::json::array();
    for (const auto& e : rt.errors())
        errors.push_back({{"file", e.file},
                          {"line", e.line},
                          {"kind", glua::LuaError::kindName(e.kind)},
                          {"message", e.message},
                          {"traceback", e.traceback}});
    return errors;
}

bool luaRunClean(const glua::Runtime& rt) {
    return rt.errors().empty() && rt.standInCalls().empty() && rt.missingEnums().empty();
}

void printLuaReport(const nlohmann::json& r) {
    std::string out =
        fmt::format("mode {}  gamemode {}  map {}  ticks {}  CurTime {:.3f}\n", r["mode"].get<std::string>(),
                    r["gamemode"].get<std::string>(), r["map"].get<std::string>(), r["ticks"].get<std::uint64_t>(),
                    r["curTime"].get<double>());
    if (r.contains("mapEntities")) {
        out += fmt::format("map entities: {} ({} brush entities, {} collision volumes) from {}\n",
                           r["mapEntities"].get<std::size_t>(), r["mapBrushEntities"].get<std::size_t>(),
                           r["mapCollisionVolumes"].get<std::size_t>(), r["mapFile"].get<std::string>());
        for (const auto& w : r["mapWarnings"]) out += fmt::format("  map warning: {}\n", w.get<std::string>());
    }
    out += fmt::format("files loaded: {}\n", r["filesLoaded"].size());
    for (const auto& f : r["filesLoaded"]) out += fmt::format("  {}\n", f.get<std::string>());
    out += "hooks called:\n";
    for (const auto& [name, count] : r["hooks"].items())
        out += fmt::format("  {:<24} {}\n", name, count.get<std::uint64_t>());
    out += fmt::format("timers fired: {}\n", r["timersFired"]["total"].get<std::uint64_t>());
    out += fmt::format("entities: {}\n", r["entities"].get<int>());
    out += fmt::format("sounds emitted: {}\n", r["soundsEmitted"].get<std::uint64_t>());
    if (r.contains("player")) {
        const auto& o = r["player"]["origin"];
        out += fmt::format("player at ({}, {}, {})\n", o[0].get<float>(), o[1].get<float>(), o[2].get<float>());
    }
    if (r.contains("traceHash")) out += fmt::format("trace hash: {}\n", r["traceHash"].get<std::string>());
    out += fmt::format("errors: {}\n", r["errors"].size());
    for (const auto& e : r["errors"]) {
        const auto file = e["file"].get<std::string>();
        const auto kind = e["kind"].get<std::string>();
        const auto tag = kind == "runtime" ? std::string() : "[" + kind + "] ";
        out += file.empty()
                   ? fmt::format("  {}{}\n", tag, e["message"].get<std::string>())
                   : fmt::format("  {}{}:{}: {}\n", tag, file, e["line"].get<int>(), e["message"].get<std::string>());
    }
    std::uint64_t standInTotal = 0;
    for (const auto& [name, count] : r["standInCalls"].items()) standInTotal += count.get<std::uint64_t>();
    out +=
        fmt::format("stand-in calls: {} ({} functions not implemented yet)\n", standInTotal, r["standInCalls"].size());
    for (const auto& [name, count] : r["standInCalls"].items())
        out += fmt::format("  {:<32} {}\n", name, count.get<std::uint64_t>());
    out += fmt::format("missing enums: {}\n", r["missingEnums"].size());
    for (const auto& n : r["missingEnums"]) out += fmt::format("  {}\n", n.get<std::string>());
    if (r.contains("notes"))
        for (const auto& n : r["notes"]) out += fmt::format("note: {}\n", n.get<std::string>());
    std::fwrite(out.data(), 1, out.size(), stdout);
}

}  // namespace vestige::app
