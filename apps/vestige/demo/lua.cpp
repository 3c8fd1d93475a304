// Demo stage: lua. Writes a small addon of our own (a gamemode deriving from the built-in base that spawns
// entities, uses timers, hooks, networked vars, util.TraceLine and util.TraceHull, gives the player its own SWEP and
// fires it on +attack, spawns its own SENT that thinks, opens the map's door through Entity:Fire and hurts the player
// with util.BlastDamage, drops a physics crate and notes its landing tick), runs it for 200 ticks on the
// shared demo map (bsp::demoMap(), loaded from its BSP bytes by the game module: map entities in ents.*, the
// player at info_player_start, traces against the map's brushes) and writes lua/report.json.
#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "../src/app.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/game/map.hpp"
#include "vestige/source/glua/runtime.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/phy/builder.hpp"

namespace vestige::app {
namespace {

namespace glua = vestige::source::glua;
namespace game = vestige::source::game;

constexpr const char* kInit = R"lua(-- Demo gamemode (server). GLua syntax on purpose: != && || ! // /* */ continue.
AddCSLuaFile("shared.lua")
include("shared.lua")
DeriveGamemode("base")

GM.Crates = {}

function GM:Initialize()
    MsgN("[demo] Initialize at tick ", engine.TickCount(), " on ", game.GetMap())
    timer.Create("demo_spawner", 0.25, 8, function() GAMEMODE:SpawnCrate() end)
end

function GM:InitPostEntity()
    local door = ents.FindByName("demo_door")[1]
    MsgN("[demo] map entities: ", ents.GetCount() - 1, ", spawn points: ", #ents.FindByClass("info_player_start"),
         ", door ", door:GetModel(), " at ", tostring(door:GetPos()))
end

// The base PlayerSpawn calls this: the gamemode's weapon, with its 20 rounds of AR2 ammo.
function GM:PlayerLoadout(ply)
    local w = ply:Give("demo_blaster")
    MsgN("[demo] loadout: ", w:GetClass(), " (", w:GetPrimaryAmmoType(), "), ammo ", ply:GetAmmoCount("AR2"))
    local beacon = ents.Create("demo_beacon")
    beacon:SetPos(ply:GetPos() + Vector(64, 0, 0))
    beacon:Spawn()
end

// Hold +attack from t = 1 s to t = 2 s (the player's command, before its movement and ItemPostFrame). Without new
// input the engine runs the last command again, so the button is cleared outside the window too.
function GM:StartCommand(ply, cmd)
    local held = CurTime() >= 1 && CurTime() < 2
    local buttons = cmd:GetButtons()
    cmd:SetButtons(held && bit.bor(buttons, IN_ATTACK) || bit.band(buttons, bit.bnot(IN_ATTACK)))
end

function GM:PlayerSpawn(ply)
    self.BaseClass.PlayerSpawn(self, ply)
    ply:SetNWInt("crates", 0)
    MsgN("[demo] player spawned at ", tostring(ply:GetPos()), " facing yaw ", ply:GetAngles().y)
    // How far can the player walk east? A player-sized hull trace says where the thin wall stops it.
    local pos = ply:GetPos()
    local tr = util.TraceHull({ start = pos, endpos = pos + Vector(2048, 0, 0), filter = ply,
                                mins = Vector(-16, -16, 0), maxs = Vector(16, 16, 72) })
    MsgN(string.format("[demo] walk east: blocked at x=%.5f by %s (fraction %.6f)", tr.HitPos.x,
                       tr.HitWorld && "the world" || tostring(tr.Entity), tr.Fraction))
end

/* Drop a crate over the hill: a trace finds the ground, the crate sits on it. */
function GM:SpawnCrate()
    local i = #self.Crates + 1
    local crate = ents.Create("prop_physics")
    crate:SetModel("models/props_junk/wood_crate001a.mdl")
    local start = Vector(256 + i * 64, -640, 480)
    local tr = util.TraceLine({ start = start, endpos = start - Vector(0, 0, 1024), filter = crate })
    crate:SetPos(tr.HitPos + tr.HitNormal * 16)
    crate:Spawn()
    self.Crates[i] = crate
    MsgN(string.format("[demo] crate %d on the ground at z=%.3f", i, tr.HitPos.z))
    local ply = Entity(1)
    if IsValid(ply) then ply:SetNWInt("crates", ply:GetNWInt("crates") + 1) end
end
)lua";

// The gamemode's weapon: derived from weapon_base, automatic, one bullet per 0.25 s (FireBullets, ViewPunch).
constexpr const char* kBlaster = R"lua(SWEP.Base = "weapon_base"
SWEP.PrintName = "Demo Blaster"
SWEP.Primary.Automatic = true
SWEP.Primary.ClipSize = -1
SWEP.Primary.DefaultClip = 20
SWEP.Primary.Ammo = "AR2"
SWEP.ViewModel = ""  // the demo builds no weapon models: no view model, no world model
SWEP.WorldModel = ""
DEFINE_BASECLASS("weapon_base")

function SWEP:PrimaryAttack()
    demoShots = (demoShots || 0) + 1
    self:EmitSound("Weapon_AR2.Single")
    local owner = self:GetOwner()
    owner:RemoveAmmo(1, self:GetPrimaryAmmoType())
    // A bullet with a little spread (drawn from the command's seed), then the view kicks up.
    owner:FireBullets({ Src = owner:GetShootPos(), Dir = owner:GetAimVector(), Spread = Vector(0.02, 0.02, 0),
                        Damage = 12, AmmoType = "AR2", Inflictor = self,
                        Callback = function(attacker, tr, dmg)
        MsgN(string.format("[demo] shot %d at t=%.3f hits %s at x=%.2f y=%.2f z=%.2f (%g damage, type %d), %d rounds left",
                           demoShots, CurTime(), tr.HitWorld && "the world" || tostring(tr.Entity), tr.HitPos.x,
                           tr.HitPos.y, tr.HitPos.z, dmg:GetDamage(), dmg:GetDamageType(), self:Ammo1()))
    end })
    owner:ViewPunch(Angle(-1, 0, 0))
    self:SetNextPrimaryFire(CurTime() + 0.25)
end
)lua";

// The gamemode's scripted entity: a beacon that thinks twice a second.
constexpr const char* kBeacon = R"lua(ENT.Type = "anim"
ENT.Base = "base_anim"

function ENT:Initialize() self.Pulses = 0 end

function ENT:Think()
    self.Pulses = self.Pulses + 1
    demoPulses = self.Pulses
    self:NextThink(CurTime() + 0.5)
    return true
end
)lua";

constexpr const char* kShared = R"lua(GM.Name = "Vestige Demo"
GM.Author = "Vestige"
)lua";

constexpr const char* kAutorun = R"lua(// Autorun: string-id and object hooks, repeating timers, a door that opens.
thinkCount = 0
hook.Add("Think", "demo_think", function() thinkCount = thinkCount + 1 end)

local watcher = { alive = true }
function watcher:IsValid() return self.alive end
hook.Add("Tick", watcher, function(self)
    if CurTime() >= 1 then self.alive = false end
end)

// Line of sight from the player's eyes towards where the door stood at map start, once a second.
local doorHome
hook.Add("InitPostEntity", "demo_door_home", function() doorHome = ents.FindByName("demo_door")[1]:GetPos() end)
timer.Create("demo_sight", 1, 0, function()
    local ply = Entity(1)
    if !IsValid(ply) || !doorHome then return end
    local eye = ply:GetShootPos()
    local dir = (doorHome - eye):GetNormalized()
    local tr = util.TraceLine({ start = eye, endpos = eye + dir * 4096, filter = ply })
    MsgN(string.format("[demo] t=%.2f sight line hits %s at x=%.2f", CurTime(),
                       tr.HitNonWorld && tr.Entity:GetClass() || "world", tr.HitPos.x))
end)

// Physics: the addon's crate (models/vestige/crate.mdl and its .phy, 25 kg) dropped from 200 u at map start; the
// Tick hook (after the physics step) notes the tick its base meets the floor. A second crate hangs from a rope
// (phys_lengthconstraint, made as constraint.Rope makes one) 60 u below a point of the world.
hook.Add("InitPostEntity", "demo_drop", function()
    DROP = ents.Create("prop_physics")
    DROP:SetModel("models/vestige/crate.mdl")
    DROP:SetPos(Vector(0, 820, 200))
    DROP:Spawn()
    HUNG = ents.Create("prop_physics")
    HUNG:SetModel("models/vestige/crate.mdl")
    HUNG:SetPos(Vector(64, 820, 200))
    HUNG:Spawn()
    local rope = ents.Create("phys_lengthconstraint")
    rope:SetPos(Vector(64, 820, 300))
    rope:SetKeyValue("attachpoint", tostring(HUNG:GetPos() + Vector(0, 0, 32)))
    rope:SetKeyValue("length", 60)
    rope:SetPhysConstraintObjects(game.GetWorld():GetPhysicsObject(), HUNG:GetPhysicsObject())
    rope:Spawn()
    rope:Activate()
    HUNG:DeleteOnRemove(rope)
end)
hook.Add("Tick", "demo_rope_watch", function()
    if engine.TickCount() == 150 && IsValid(HUNG) then
        MsgN(string.format("[demo] roped crate hangs at z=%.1f (rope point 300, length 60, crate 32 tall)",
                           HUNG:GetPos().z))
        local ply = Entity(1)
        MsgN(string.format("[demo] the player has view models %s; the crate model has %d skins, %d body groups",
                           ply:GetViewModel(0):GetClass() .. " 0-" .. ply:GetViewModel(2):ViewModelIndex(),
                           HUNG:SkinCount(), HUNG:GetNumBodyGroups()))
    end
end)
hook.Add("Tick", "demo_drop_watch", function()
    if IsValid(DROP) && !dropLanded && DROP:GetPos().z < 0.5 then
        dropLanded = engine.TickCount()
        MsgN(string.format("[demo] dropped crate landed on tick %d at z=%.3f, %.0f kg", dropLanded, DROP:GetPos().z,
                           DROP:GetPhysicsObject():GetMass()))
    end
end)

// Map I/O: the door's keys get an upward move direction as the map spawns it (GM:EntityKeyValue sees every key),
// and at 0.5 s an Entity:Fire("Open") queued 0.1 s ahead opens it; the sight line then runs on to the far wall.
hook.Add("EntityKeyValue", "demo_door_up", function(ent, key, value)
    if key == "targetname" && value == "demo_door" then ent:SetKeyValue("movedir", "-90 0 0") end
end)
hook.Add("AcceptInput", "demo_door_log", function(ent, input, activator, caller)
    if ent:GetName() == "demo_door" then
        MsgN(string.format("[demo] door input %s on tick %d from %s", input, engine.TickCount(), tostring(caller)))
    end
end)
timer.Simple(0.5, function()
    local door = ents.FindByName("demo_door")[1]
    door:Fire("Open", "", 0.1, Entity(1), Entity(1))
end)

// Damage: at 2 s a blast 128 units from the player (radius 256, 50 damage, the SDK's RadiusDamage falloff).
hook.Add("EntityTakeDamage", "demo_damage", function(target, dmg)
    if target:IsPlayer() then
        MsgN(string.format("[demo] blast damage %.3f to the player (%s)", dmg:GetDamage(),
                           dmg:IsExplosionDamage() && "explosion" || "other"))
    end
end)
timer.Simple(2, function()
    local ply = Entity(1)
    util.BlastDamage(game.GetWorld(), game.GetWorld(), ply:GetPos() + Vector(128, 0, 0), 256, 50)
    MsgN(string.format("[demo] health after the blast: %d", ply:Health()))
end)

// At 2.2 s the player drops the blaster (Player:DropWeapon): it has no world model, so it flies as MOVETYPE_FLYGRAVITY
// (the SDK's PhysicsToss) from the shoot position - 12, thrown forward at 400 u/s.
timer.Simple(2.2, function()
    local ply = Entity(1)
    BLASTER = ply:GetActiveWeapon()
    ply:DropWeapon()
    MsgN(string.format("[demo] dropped the blaster at z=%.2f moving %.0f u/s; the player holds %s", BLASTER:GetPos().z,
                       BLASTER:GetVelocity():Length(), tostring(ply:GetActiveWeapon())))
end)
hook.Add("Tick", "demo_blaster_watch", function()
    if engine.TickCount() == 199 && IsValid(BLASTER) then
        MsgN(string.format("[demo] the blaster flew to x=%.2f z=%.2f, %s", BLASTER:GetPos().x, BLASTER:GetPos().z,
                           BLASTER:GetVelocity():Length() == 0 && "at rest" || "still moving"))
    end
end)

timer.Create("demo_census", 1, 0, function()
    local onHill = 0
    for _, e in ipairs(ents.FindByClass("prop_*")) do
        if e:GetPos().z <= 16.5 then continue end
        onHill = onHill + 1
    end
    MsgN(string.format("[demo] t=%.2f crates above the floor=%d", CurTime(), onHill))
end)

concommand.Add("demo_clear", function(ply)
    for _, e in ipairs(ents.FindByClass("prop_physics")) do e:Remove() end
end)
timer.Simple(2.5, function() RunConsoleCommand("demo_clear") end)
)lua";

}  // namespace

DemoStage demoStageLua() {
    return {
        "lua",
        "GLua: a demo gamemode deriving from base runs 200 ticks on the demo map (timers, hooks, traces, a SWEP "
        "fired on +attack, a thinking SENT, map I/O through Entity:Fire, a blast, a dropped physics crate, a "
        "roped one)",
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
            const auto entities = gm.parent_path() / "entities";
            std::filesystem::create_directories(entities / "weapons", ec);
            std::filesystem::create_directories(entities / "entities", ec);
            if (ec) return Error("io.mkdir", ec.message()).file(entities.string());
            VESTIGE_CHECK(writeFileAtomic(entities / "weapons" / "demo_blaster.lua", std::string_view(kBlaster)));
            VESTIGE_CHECK(writeFileAtomic(entities / "entities" / "demo_beacon.lua", std::string_view(kBeacon)));
            VESTIGE_CHECK(
                writeFileAtomic(addon / "lua" / "autorun" / "server" / "demo.lua", std::string_view(kAutorun)));
            // The crate the autorun drops: the sample studio model and a box .phy of its 32-unit column.
            std::filesystem::create_directories(addon / "models" / "vestige", ec);
            if (ec) return Error("io.mkdir", ec.message()).file(addon.string());
            VESTIGE_TRY(const source::mdl::BuiltModel crate, source::mdl::buildModel(source::mdl::sampleSpec()));
            source::phy::PhyBuilder phy;
            phy.setChecksum(source::mdl::sampleSpec().checksum);
            source::phy::SolidKeys keys;
            keys.mass = 25;
            phy.addSolid({source::phy::boxHull({-8, -8, 0}, {8, 8, 32})}, keys);
            VESTIGE_TRY(const Bytes phyBytes, phy.write());
            VESTIGE_CHECK(writeFileAtomic(addon / "models" / "vestige" / "crate.mdl", crate.mdl));
            VESTIGE_CHECK(writeFileAtomic(addon / "models" / "vestige" / "crate.phy", phyBytes));

            // The shared demo map, through its bytes as a user's map would come.
            VESTIGE_TRY(const Bytes mapBytes, source::bsp::demoMap().write());
            VESTIGE_TRY(auto map, game::GameMap::load(mapBytes, "vestige_demo"));

            std::string console;
            glua::Options opt;
            opt.addonDirs.push_back(addon);
            opt.gamemode = "vestige_demo";
            opt.output = [&console](std::string_view s) { console.append(s); };
            VESTIGE_TRY(auto rt, game::createRuntime(map, std::move(opt)));
            VESTIGE_CHECK(rt->boot());
            constexpr std::uint64_t kTicks = 200;
            rt->runTicks(kTicks);

            // The same fields as `vestige lua --json --map`, minus the memory figure (allocator-dependent).
            nlohmann::json report;
            report["mode"] = "standalone";
            report["gamemode"] = rt->options().gamemode;
            report["map"] = rt->options().map;
            report["mapEntities"] = map->entities().size();
            report["mapBrushEntities"] = map->stats().brushEntities;
            report["mapCollisionVolumes"] = map->stats().worldVolumes + map->stats().modelVolumes;
            report["ticks"] = rt->currentTick();
            report["tickRate"] = rt->clock().rate();
            report["curTime"] = rt->curTime();
            report["filesLoaded"] = rt->filesLoaded();
            report["errors"] = nlohmann::json::array();
            for (const auto& e : rt->errors())
                report["errors"].push_back(
                    {{"file", e.file}, {"line", e.line}, {"message", e.message}, {"traceback", e.traceback}});
            report["hooks"] = nlohmann::json::object();
            for (const auto& [name, count] : rt->hookCounts()) report["hooks"][name] = count;
            std::map<std::string, std::uint64_t> fired;
            for (const auto& f : rt->timersFired()) ++fired[f.name.empty() ? "(simple)" : f.name];
            report["timersFired"] = {{"total", rt->timersFired().size()}, {"byName", fired}};
            nlohmann::json live = nlohmann::json::array();
            rt->world().forEach([&](const auto& e) {
                live.push_back({{"index", e.index},
                                {"class", e.className},
                                {"model", e.model},
                                {"pos", {e.origin.x, e.origin.y, e.origin.z}}});
            });
            report["entities"] = live.size();
            report["entityList"] = live;
            report["standInCalls"] = rt->standInCalls();
            report["missingEnums"] = rt->missingEnums();
            report["warnings"] = rt->warnings();
            report["output"] = console;
            auto thinks = rt->eval("thinkCount");
            report["luaThinkCount"] = thinks ? *thinks : "?";
            auto shots = rt->eval("demoShots");
            auto pulses = rt->eval("demoPulses");
            report["swepShots"] = shots ? *shots : "?";
            report["sentThinks"] = pulses ? *pulses : "?";
            auto landed = rt->eval("dropLanded");
            report["dropLandingTick"] = landed ? *landed : "?";
            if (!rt->errors().empty())
                return Error("demo.lua", fmt::format("{} Lua errors, first: {}", rt->errors().size(),
                                                     rt->errors().front().render()));
            // The I/O and damage parts must have happened (a door input, a blast that hurt the player).
            if (console.find("[demo] door input Open") == std::string::npos ||
                console.find("[demo] blast damage") == std::string::npos)
                return Error("demo.lua", "the door was not opened through Entity:Fire or the blast missed");
            if (!rt->standInCalls().empty() || !rt->missingEnums().empty())  // nothing may pass for success
                return Error("demo.lua", fmt::format("{} stand-in(s) called, {} missing enum(s)",
                                                     rt->standInCalls().size(), rt->missingEnums().size()));
            // +attack held for ticks 67..133 (1 <= CurTime < 2); a shot then waits 0.25 s = 16.7 ticks, so the
            // next is 17 ticks later (m_flNextPrimaryAttack <= curtime): 67, 84, 101, 118. The beacon spawns on
            // tick 1, thinks on tick 2, then every TIME_TO_TICKS(0.5) = 33 ticks: 2, 35, ..., 200 -> 7 thinks.
            if (!shots || *shots != "4" || !pulses || *pulses != "7")
                return Error("demo.lua", fmt::format("SWEP fired {} times (expected 4), SENT thought {} times "
                                                     "(expected 7)",
                                                     shots ? *shots : "?", pulses ? *pulses : "?"));
            // Free fall from 200 u at 600 in/s^2 with the .phy's damping 0.1/s: t0 (1 + d t0 / 6) = 55.2 ticks.
            if (!landed || *landed == "nil" || std::abs(std::stoi(*landed) - 56) > 1)
                return Error("demo.lua", "the dropped crate did not land on tick 56 +- 1")
                    .actual(landed ? *landed : "?");
            const auto counts = rt->hookCounts();
            demo.notes.push_back(fmt::format(
                "GLua demo gamemode on the demo map: {} map entities, {} files, {} ticks, Think x{}, {} timer "
                "fires, {} live entities, 0 errors, 0 stand-in calls",
                map->entities().size(), rt->filesLoaded().size(), rt->currentTick(),
                counts.count("Think") ? counts.at("Think") : 0, rt->timersFired().size(), live.size()));
            // One sound event per shot (EmitSound on the weapon: CHAN_WEAPON by default).
            const std::uint64_t sounds = rt->world().sounds.total();
            if (sounds != 4) return Error("demo.lua", fmt::format("{} sound events (expected 4)", sounds));
            demo.notes.push_back(
                fmt::format("GLua SWEP demo_blaster (derived from weapon_base) fired {} shots on "
                            "+attack ({} sound events); SENT demo_beacon thought {} times",
                            *shots, sounds, *pulses));
            // One console line per fact the traces produced (walk probe, sight line before/after the door).
            for (const auto at : {console.find("[demo] walk east"), console.find("sight line"),
                                  console.rfind("sight line"), console.find("[demo] shot 1 "),
                                  console.find("[demo] dropped the blaster"), console.find("[demo] the blaster flew"),
                                  console.find("[demo] door input"), console.find("[demo] blast damage"),
                                  console.find("[demo] health after"), console.find("[demo] dropped crate")}) {
                if (at == std::string::npos) continue;
                const auto begin = console.rfind("[demo] ", at) + 7, end = console.find('\n', at);
                demo.notes.push_back("GLua " + console.substr(begin, end - begin));
            }
            return demo.write("lua/report.json", report.dump(2));
        }};
}

}  // namespace vestige::app
