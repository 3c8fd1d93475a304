// Demo stage: play. Headless play on the shared demo map (bsp::demoMap): the GLua session `vestige lua --map
// --input` runs, a scripted walk from info_player_start, and every 60 ticks the map drawn from the player's eye with
// the demo gamemode's HUD (the client realm's HUDPaint) over it, as `vestige play --headless` does. Then the same
// session again without a renderer: the trace hash must not change (one game, two front ends). Outputs: play/demo.bsp,
// play/walk.txt (replay with `vestige play`), play/trace.jsonl, play/tick_NNNNNN.png (GL driver bytes), play/hud/ (the
// demo gamemode) and play/report.json. Then the console drives the player (play/console.cfg through `--exec`, as
// `vestige play --headless --exec` runs it): a walk, noclip and a climb, a kill; play/console_report.json; its
// recording play/console.vrec replayed in a fresh session to the same trace hash (`--record` / `--playback`).
#include <fmt/format.h>

#include <sstream>

#include "../src/app.hpp"
#include "../src/play_session.hpp"
#include "vestige/source/bsp/sample.hpp"

namespace vestige::app {
namespace {

constexpr const char* kWalk =
    "# vestige demo: play\n"
    "30 - 0 0 45 0\n"              // stand at the spawn, facing the room
    "150 +forward 10000 0 45 0\n"  // walk north-east past the stairs
    "60 +forward 10000 0 90 0\n"   // turn north
    "60 - 0 0 180 10\n";           // look back west, a little down

// The console's walk: CInput's buttons held over `wait`ed ticks, the server's engine commands, a weapon chosen by
// its bucket (slot3: SWEP.Slot 2).
constexpr const char* kConsoleCfg =
    "// vestige demo: play --headless --exec console.cfg\n"
    "+forward\nwait 60\n-forward\n"
    "lua_run print('walked to x', math.floor(Entity(1):GetPos().x))\n"
    "wait 20\nnoclip\n+moveup\nwait 30\n-moveup\n"
    "lua_run print('flew to z', math.floor(Entity(1):GetPos().z))\n"
    "lua_run weapons.Register({Slot = 1}, 'demo_pistol') weapons.Register({Slot = 2}, 'demo_smg') "
    "Entity(1):Give('demo_pistol') Entity(1):Give('demo_smg')\n"
    "wait 2\nslot3\nwait 2\nlua_run print('slot3 holds', Entity(1):GetActiveWeapon():GetClass())\n"
    "wait 10\nkill\n";

// The demo gamemode: the base rules on the server, a small HUD on the client (a translucent panel with the local
// player's health, a crosshair, the welcome the server sent over net at spawn and a networked spawn count), drawn
// through surface.* and draw.SimpleText in HUDPaint.
constexpr const char* kInit =
    "AddCSLuaFile('cl_init.lua')\nAddCSLuaFile('shared.lua')\ninclude('shared.lua')\n"
    "util.AddNetworkString('vestige_demo_welcome')\n"
    "hook.Add('PlayerSpawn', 'vestige_demo', function(ply)\n"
    "\tnet.Start('vestige_demo_welcome') net.WriteString('welcome to ' .. game.GetMap()) net.WriteUInt(ply:Health(), 8)"
    " net.Send(ply)\n"
    "\tply:SetNWInt('vestige_demo_spawns', ply:GetNWInt('vestige_demo_spawns') + 1)\n"
    "end)\n";
constexpr const char* kShared = "DeriveGamemode('base')\nGM.Name = 'Vestige demo'\n";
constexpr const char* kClInit = R"(include('shared.lua')
surface.CreateFont('DemoHud', {font = 'DejaVu Sans', size = 20, weight = 700})
local welcome = ''
net.Receive('vestige_demo_welcome', function(len)
	welcome = net.ReadString() .. ' (' .. net.ReadUInt(8) .. ' hp, ' .. len .. ' bits)'
end)
function GM:HUDPaint()
	local ply = LocalPlayer()
	if not IsValid(ply) then return end
	local h = ScrH()
	surface.SetDrawColor(0, 0, 0, 160)
	surface.DrawRect(16, h - 52, 150, 36)
	surface.SetDrawColor(255, 200, 0, 255)
	surface.DrawOutlinedRect(16, h - 52, 150, 36)
	draw.SimpleText('HEALTH ' .. ply:Health(), 'DemoHud', 28, h - 34, Color(255, 200, 0), TEXT_ALIGN_LEFT, TEXT_ALIGN_CENTER)
	draw.SimpleText(welcome, 'DemoHud', 16, 16, Color(255, 255, 255), TEXT_ALIGN_LEFT, TEXT_ALIGN_TOP)
	draw.SimpleText('spawns ' .. ply:GetNWInt('vestige_demo_spawns'), 'DemoHud', 16, 40, Color(255, 255, 255), TEXT_ALIGN_LEFT, TEXT_ALIGN_TOP)
	local cx, cy = ScrW() / 2, h / 2
	surface.SetDrawColor(255, 255, 255, 220)
	surface.DrawLine(cx - 8, cy, cx + 8, cy)
	surface.DrawLine(cx, cy - 8, cx, cy + 8)
end
)";

}  // namespace

DemoStage demoStagePlay() {
    return {"play", "headless play: the lua session walks the demo map, screenshots from the player's eye",
            [](DemoContext& demo) -> Status {
                VESTIGE_TRY(const Bytes mapBytes, source::bsp::demoMap().write());
                VESTIGE_CHECK(demo.write("play/demo.bsp", mapBytes));
                VESTIGE_CHECK(demo.write("play/walk.txt", std::string_view(kWalk)));
                const std::string gm = "play/hud/gamemodes/vestige_demo/gamemode/";
                VESTIGE_CHECK(demo.write(gm + "init.lua", std::string_view(kInit)));
                VESTIGE_CHECK(demo.write(gm + "shared.lua", std::string_view(kShared)));
                VESTIGE_CHECK(demo.write(gm + "cl_init.lua", std::string_view(kClInit)));
                LuaSessionArgs args;
                args.map = (demo.outDir / "play" / "demo.bsp").string();
                args.input = (demo.outDir / "play" / "walk.txt").string();
                args.target = (demo.outDir / "play" / "hud").string();  // its one gamemode runs
                LuaNumbers n;
                if (std::string error; !parseLuaNumbers(args, &n, &error)) return Error("demo.play", error);
                SceneArgs scene;
                scene.path = args.map;
                VESTIGE_TRY(auto loaded, loadScene(demo.app, scene));
                VESTIGE_TRY(auto session, openLuaSession(args, n, demo.app, true));
                std::string trace;
                const auto line = [&trace](std::string_view l) { trace.append(l).push_back('\n'); };
                const auto sink = [&demo](const PlayShot& shot, const image::Image& img) -> Status {
                    VESTIGE_TRY(auto png, image::encodePng(img));
                    return demo.write("play/" + shot.file, png);
                };
                const PlayView view{640, 360, 60};
                VESTIGE_TRY(auto console, PlayConsole::create(*session, PlayConsoleOptions{}));
                VESTIGE_TRY(auto shots, playHeadless(*session, *console, loaded, view, line, sink));
                VESTIGE_CHECK(demo.write("play/trace.jsonl", trace));
                auto report = playReport(*session, "play/demo.bsp", view, shots);
                report.erase("memoryBytes");  // allocator-dependent
                VESTIGE_CHECK(demo.write("play/report.json", report.dump(2)));
                if (!luaRunClean(*session->runtime))
                    return Error("demo.play", "the session had Lua errors, stand-in calls or missing enums");
                if (!session->client || !session->client->errors().empty() || !session->client->fontNotes().empty())
                    return Error("demo.play", "the client realm did not run its HUD cleanly");

                // The other front end: the same session with no renderer, as `vestige lua` ticks it.
                VESTIGE_TRY(auto plain, openLuaSession(args, n, demo.app, true));
                VESTIGE_CHECK(runLuaTicks(*plain->runtime, plain->script, plain->ticks, {}));
                if (plain->trace.hash() != session->trace.hash())
                    return Error("demo.play", "the trace hash differs from the session without screenshots")
                        .expected(plain->trace.hashHex())
                        .actual(session->trace.hashHex());
                // The console's walk: no --input, the commands come from CInput.
                VESTIGE_CHECK(demo.write("play/console.cfg", std::string_view(kConsoleCfg)));
                LuaSessionArgs cargs = args;
                cargs.input.clear();
                cargs.ticks = "150";
                cargs.ticksGiven = true;
                LuaNumbers cn;
                if (std::string error; !parseLuaNumbers(cargs, &cn, &error)) return Error("demo.play", error);
                VESTIGE_TRY(auto cs, openLuaSession(cargs, cn, demo.app, true));
                PlayConsoleOptions co;
                co.execFile = (demo.outDir / "play" / "console.cfg").string();
                VESTIGE_TRY(auto cc, PlayConsole::create(*cs, co));
                int deadAt = 0;
                const auto cline = [&](std::string_view) {
                    const auto* p = cs->runtime->world().player(1);
                    if (!deadAt && p && !p->alive) deadAt = static_cast<int>(cs->runtime->currentTick());
                };
                const auto none = [](const PlayShot&, const image::Image&) -> Status { return {}; };
                const PlayView small{64, 36, 1000};
                std::ostringstream recorded;
                PlayTape tape;
                tape.record = &recorded;
                VESTIGE_TRY(auto cshots, playHeadless(*cs, *cc, loaded, small, cline, none, tape));
                VESTIGE_CHECK(demo.write("play/console.vrec", recorded.str()));
                auto creport = playReport(*cs, "play/demo.bsp", small, cshots);
                creport.erase("memoryBytes");
                creport.erase("shots");
                creport["console"] = cc->reportJson();
                VESTIGE_CHECK(demo.write("play/console_report.json", creport.dump(2)));
                if (!luaRunClean(*cs->runtime) || !cc->console().unknownCommands().empty())
                    return Error("demo.play", "the console's walk had Lua errors or unknown commands");
                // The recording replayed in a fresh session: the same trace hash, with no console of its own.
                VESTIGE_TRY(auto recording, source::client::parseRecording(recorded.str()));
                VESTIGE_TRY(auto ps, openLuaSession(cargs, cn, demo.app, true));
                PlayConsoleOptions po;
                po.playback = true;
                VESTIGE_TRY(auto pc, PlayConsole::create(*ps, po));
                PlayTape replay;
                replay.playback = &recording;
                VESTIGE_TRY(auto pshots, playHeadless(*ps, *pc, loaded, small, {}, none, replay));
                (void)pshots;
                if (ps->trace.hash() != cs->trace.hash())
                    return Error("demo.play", "the console walk's recording did not replay to its trace hash")
                        .expected(cs->trace.hashHex())
                        .actual(ps->trace.hashHex());
                const std::string out = cs->output;
                const auto number = [&out](const std::string& label) {  // "label<TAB>value" as print writes it
                    const auto at = out.find(label + "\t");
                    if (at == std::string::npos) return std::string("?");
                    const auto from = at + label.size() + 1;
                    return out.substr(from, out.find('\n', from) - from);
                };
                demo.notes.push_back(fmt::format(
                    "play: the console's walk (play/console.cfg): +forward for 60 ticks reached x={}, noclip and "
                    "+moveup for 30 ticks z={}, slot3 switched to {}, kill at tick {}; recorded (play/console.vrec) "
                    "and replayed to the "
                    "same trace hash {}",
                    number("walked to x"), number("flew to z"), number("slot3 holds"), deadAt, ps->trace.hashHex()));
                const auto& o = report["player"]["origin"];
                demo.notes.push_back(fmt::format(
                    "play: {} ticks, {} screenshots {}x{} from the player's eye with the client realm's HUD, player at "
                    "({:.1f}, {:.1f}, {:.1f}); trace hash {} = the session without a renderer",
                    report["ticks"].get<std::uint64_t>(), shots.size(), view.width, view.height, o[0].get<float>(),
                    o[1].get<float>(), o[2].get<float>(), session->trace.hashHex()));
                return {};
            }};
}

}  // namespace vestige::app
