// Demo stage: lua. Writes a small addon of our own (a gamemode deriving from the built-in base that
// spawns entities, uses timers, hooks, networked vars and util.TraceLine), runs it for 200 ticks on a
// flat stand-in map (ground plane z = 0 through the trace callback) and writes lua/report.json.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "../src/app.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/glua/runtime.hpp"

namespace vestige::app {
namespace {

namespace glua = vestige::source::glua;

constexpr const char* kInit = R"lua(-- Demo gamemode (server). GLua syntax on purpose: != && || ! // /* */ continue.
AddCSLuaFile("shared.lua")
include("shared.lua")
DeriveGamemode("base")

GM.Crates = {}

function GM:Initialize()
    MsgN("[demo] Initialize at tick ", engine.TickCount())
    timer.Create("demo_spawner", 0.25, 8, function() GAMEMODE:SpawnCrate() end)
end

function GM:InitPostEntity()
    local n = #ents.FindByClass("info_player_start")
    MsgN("[demo] map entities: ", ents.GetCount(), ", spawn points: ", n)
end

function GM:PlayerSpawn(ply)
    self.BaseClass.PlayerSpawn(self, ply)
    ply:SetPos(Vector(0, 0, 64))
    ply:SetNWInt("crates", 0)
end

/* Drop a crate from the sky and put it on the ground with a trace. */
function GM:SpawnCrate()
    local i = #self.Crates + 1
    local crate = ents.Create("prop_physics")
    crate:SetModel("models/props_junk/wood_crate001a.mdl")
    local start = Vector(i * 64, (i % 2 == 0) && 32 || -32, 512)
    local tr = util.TraceLine({ start = start, endpos = start - Vector(0, 0, 1024), filter = crate })
    crate:SetPos(tr.HitPos + tr.HitNormal * 16)
    crate:Spawn()
    self.Crates[i] = crate
    local ply = Entity(1)
    if IsValid(ply) then ply:SetNWInt("crates", ply:GetNWInt("crates") + 1) end
end
)lua";

constexpr const char* kShared = R"lua(GM.Name = "Vestige Demo"
GM.Author = "Vestige"
)lua";

constexpr const char* kAutorun = R"lua(// Autorun: a hook with a string id, a self-cleaning object hook and a repeating timer.
thinkCount = 0
hook.Add("Think", "demo_think", function() thinkCount = thinkCount + 1 end)

local watcher = { alive = true }
function watcher:IsValid() return self.alive end
hook.Add("Tick", watcher, function(self)
    if CurTime() >= 1 then self.alive = false end
end)

timer.Create("demo_census", 1, 0, function()
    local near, heavy = 0, 0
    for _, e in ipairs(ents.FindByClass("prop_*")) do
        if e:GetPos().z != 16 then continue end
        if e:GetPos():Distance(Vector(0, 0, 0)) < 300 then near = near + 1 end
        heavy = heavy + 1
    end
    MsgN(string.format("[demo] t=%.2f crates on ground=%d near origin=%d", CurTime(), heavy, near))
end)

concommand.Add("demo_clear", function(ply)
    for _, e in ipairs(ents.FindByClass("prop_physics")) do e:Remove() end
end)
timer.Simple(2.5, function() RunConsoleCommand("demo_clear") end)
)lua";

// Ground plane z = 0: the hit fraction is where the segment crosses it.
glua::TraceHit groundTrace(const glua::TraceQuery& q) {
    glua::TraceHit h;
    h.hitPos = q.end;
    const float a = q.start.z, b = q.end.z;
    if (a >= 0 && b < 0) {
        h.hit = true;
        h.fraction = a / (a - b);
        h.hitPos = lerp(q.start, q.end, h.fraction);
        h.hitPos.z = 0;
        h.hitNormal = {0, 0, 1};
        h.entity = 0;
    }
    return h;
}

}  // namespace

DemoStage demoStageLua() {
    return {"lua", "GLua: a demo gamemode deriving from base runs 200 ticks (timers, hooks, traces)",
            [](DemoContext& demo) -> Status {
                const auto addon = demo.outDir / "lua" / "addon";
                std::error_code ec;
                std::filesystem::remove_all(addon, ec);
                const auto gm = addon / "gamemodes" / "vestige_demo" / "gamemode";
                std::filesystem::create_directories(gm, ec);
                std::filesystem::create_directories(addon / "lua" / "autorun" / "server", ec);
                if (ec) return Error("io.mkdir", ec.message()).file(addon.string());
                VESTIGE_CHECK(writeFileAtomic(gm / "init.lua", std::string_view(kInit)));
                VESTIGE_CHECK(writeFileAtomic(gm / "shared.lua", std::string_view(kShared)));
                VESTIGE_CHECK(writeFileAtomic(addon / "lua" / "autorun" / "server" / "demo.lua", std::string_view(kAutorun)));

                std::string console;
                glua::Options opt;
                opt.addonDirs.push_back(addon);
                opt.gamemode = "vestige_demo";
                opt.map = "vestige_demo_flat";
                opt.trace = groundTrace;
                opt.output = [&console](std::string_view s) { console.append(s); };
                opt.mapEntities = {{"info_player_start", "", "spawn", {0, 0, 0}, {0, 90, 0}},
                                   {"prop_dynamic", "models/props_c17/oildrum001.mdl", "drum", {128, 0, 0}, {}},
                                   {"light", "", "", {0, 0, 256}, {}}};
                VESTIGE_TRY(auto rt, glua::Runtime::create(std::move(opt)));
                VESTIGE_CHECK(rt->boot());
                constexpr std::uint64_t kTicks = 200;
                rt->runTicks(kTicks);

                nlohmann::json report;
                report["gamemode"] = "vestige_demo";
                report["ticks"] = rt->currentTick();
                report["curTime"] = rt->curTime();
                report["filesLoaded"] = rt->filesLoaded();
                for (const auto& [name, count] : rt->hookCounts()) report["hooks"][name] = count;
                std::map<std::string, int> fired;
                for (const auto& f : rt->timersFired()) ++fired[f.name.empty() ? "(simple)" : f.name];
                report["timersFired"] = fired;
                report["errors"] = nlohmann::json::array();
                for (const auto& e : rt->errors()) report["errors"].push_back(e.render());
                for (const auto& e : rt->entities()) {
                    if (!e.alive) continue;
                    report["entities"].push_back({{"index", e.index},
                                                  {"class", e.className},
                                                  {"pos", {e.pos.x, e.pos.y, e.pos.z}}});
                }
                report["console"] = console;
                auto thinks = rt->eval("thinkCount");
                report["luaThinkCount"] = thinks ? *thinks : "?";
                if (!rt->errors().empty())
                    return Error("demo.lua", fmt::format("{} Lua errors, first: {}", rt->errors().size(),
                                                         rt->errors().front().render()));
                const auto counts = rt->hookCounts();
                demo.notes.push_back(fmt::format(
                    "GLua demo gamemode: {} files, {} ticks, Think x{}, {} timer fires, {} live entities, 0 errors",
                    rt->filesLoaded().size(), rt->currentTick(), counts.count("Think") ? counts.at("Think") : 0,
                    rt->timersFired().size(), report["entities"].size()));
                return demo.write("lua/report.json", report.dump(2));
            }};
}

}  // namespace vestige::app
