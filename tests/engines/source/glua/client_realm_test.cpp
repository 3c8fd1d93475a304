// The client realm (issue #23 item 2): a second runtime in the process, as a listen server runs it. CLIENT/SERVER per
// realm, realm-correct loading (cl_init.lua, SENT/SWEP client files, AddCSLuaFile), LocalPlayer mirrored from the
// server's world after a tick, the HUD pass (PreDrawHUD, HUDShouldDraw per element, HUDPaint) filling the draw list
// through surface.*, and client errors counted while the frame goes on.
//
// Evidence: the flags, the loading rules and the unsent file's message follow the wiki (Global.AddCSLuaFile, its
// auto-sent folders; include's "Couldn't include file 'x' - File not found"); Trebuchet24 measuring 24 high is the
// wiki's surface.GetTextSize example. Rectangle coordinates and text widths are regression guards of our own output.
#include <gtest/gtest.h>

#include <fstream>

#include "glua_fixture.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {

// A gamemode with server, client and shared parts, a SENT folder, a single-file SWEP and a client file nobody sent.
std::filesystem::path addon() {
    static const std::filesystem::path dir = [] {
        const auto d = tempDir("client_realm");
        const auto gm = d / "gamemodes/clt";
        writeFile(gm / "gamemode/init.lua", R"(
AddCSLuaFile("cl_init.lua")
AddCSLuaFile("shared.lua")
AddCSLuaFile("cl_sent.lua")
include("shared.lua")
FILES = (FILES or "") .. "init "
)");
        writeFile(gm / "gamemode/shared.lua", R"(
DeriveGamemode("base")
FILES = (FILES or "") .. "shared "
)");
        writeFile(gm / "gamemode/cl_init.lua", R"(
include("shared.lua")
FILES = (FILES or "") .. "cl_init "
include("cl_sent.lua")
include("cl_secret.lua")
)");
        writeFile(gm / "gamemode/cl_sent.lua", "SENT_LOADED = true\n");
        writeFile(gm / "gamemode/cl_secret.lua", "SECRET_LOADED = true\n");
        writeFile(gm / "entities/entities/ent_clt/init.lua", R"(
AddCSLuaFile("cl_init.lua")
AddCSLuaFile("shared.lua")
include("shared.lua")
ENT.Part = "server"
)");
        writeFile(gm / "entities/entities/ent_clt/shared.lua", "ENT.Type = 'anim'\nENT.Shared = true\n");
        writeFile(gm / "entities/entities/ent_clt/cl_init.lua", "include('shared.lua')\nENT.Part = 'client'\n");
        writeFile(gm / "entities/weapons/weapon_clt.lua", R"(
AddCSLuaFile()
SWEP.PrintName = "clt"
if CLIENT then SWEP.DrawnBy = "client" else SWEP.DrawnBy = "server" end
)");
        return d;
    }();
    return dir;
}

struct Listen {
    std::unique_ptr<Runtime> server, client;
};

// Server first (its AddCSLuaFile calls decide what the client may load), then the client.
Listen bootListen(bool jit = false, bool clean = false) {
    Listen l;
    Options so;
    so.addonDirs = {addon()};
    so.gamemode = "clt";
    l.server = bootRuntime(so, {.jit = jit, .clean = false});
    Options co = so;
    co.realm = Realm::Client;
    co.sentToClient = [srv = l.server.get()](std::string_view p) { return srv->sentToClient(p); };
    co.screenWidth = 640;
    co.screenHeight = 360;
    l.client = bootRuntime(co, {.jit = jit, .clean = clean});
    return l;
}

TEST(ClientRealm, FlagsPerRealm) {
    for (bool jit : {false, true}) {
        auto l = bootListen(jit);
        EXPECT_EQ(ev(*l.server, "SERVER, CLIENT"), "true\tfalse");
        EXPECT_EQ(ev(*l.client, "SERVER, CLIENT"), "false\ttrue");
        EXPECT_EQ(ev(*l.client, "ScrW(), ScrH()"), "640\t360");
        EXPECT_EQ(ev(*l.server, "LocalPlayer"), "nil");  // client-only names are absent on the server
        EXPECT_EQ(ev(*l.server, "surface"), "nil");
    }
}

// surface.PlaySound: a 2D sound event in the client realm's world (no level: heard everywhere, unpanned).
TEST(ClientRealm, SurfacePlaySoundIsAUiSoundOfTheClientsWorld) {
    auto l = bootListen();
    const std::uint64_t before = l.client->world().sounds.total();
    EXPECT_EQ(ev(*l.client, "surface.PlaySound('garrysmod/ui_click.wav')"), "");
    const auto fresh = l.client->world().sounds.since(before);
    ASSERT_EQ(fresh.size(), 1u);
    EXPECT_EQ(fresh[0].name, "garrysmod/ui_click.wav");
    EXPECT_EQ(fresh[0].soundLevel, 0.0f);
    EXPECT_EQ(fresh[0].entity, 0u);
    EXPECT_EQ(l.server->world().sounds.total(), 0u) << "the server hears nothing of it";
    EXPECT_NE(ev(*l.client, "surface.PlaySound()").find("bad argument"), std::string::npos);
}

TEST(ClientRealm, EachRealmLoadsItsOwnFiles) {
    auto l = bootListen();
    EXPECT_EQ(ev(*l.server, "FILES"), "shared init ");
    EXPECT_EQ(ev(*l.client, "FILES"), "shared cl_init ");
    EXPECT_EQ(ev(*l.client, "SENT_LOADED"), "true");
    EXPECT_EQ(ev(*l.server, "scripted_ents.Get('ent_clt').Part"), "server");
    EXPECT_EQ(ev(*l.client, "scripted_ents.Get('ent_clt').Part .. tostring(scripted_ents.Get('ent_clt').Shared)"),
              "clienttrue");
    EXPECT_EQ(ev(*l.client, "weapons.Get('weapon_clt').DrawnBy"), "client");
    EXPECT_EQ(ev(*l.server, "weapons.Get('weapon_clt').DrawnBy"), "server");
    const auto& sent = l.server->clientLuaFiles();
    EXPECT_NE(std::find(sent.begin(), sent.end(), "gamemodes/clt/gamemode/cl_init.lua"), sent.end());
    EXPECT_NE(std::find(sent.begin(), sent.end(), "gamemodes/clt/entities/weapons/weapon_clt.lua"), sent.end());
    EXPECT_NE(std::find(sent.begin(), sent.end(), "gamemodes/base/gamemode/cl_init.lua"), sent.end());
}

TEST(ClientRealm, AFileTheServerDidNotSendCannotBeIncluded) {
    auto l = bootListen();
    EXPECT_EQ(ev(*l.client, "SECRET_LOADED"), "nil");
    ASSERT_EQ(l.client->errors().size(), 1u) << renderErrors(*l.client);
    const LuaError& e = l.client->errors()[0];
    EXPECT_EQ(e.message, "Couldn't include file 'cl_secret.lua' - File not found");
    EXPECT_EQ(e.file, "gamemodes/clt/gamemode/cl_init.lua");
    EXPECT_EQ(e.kind, LuaError::Kind::File);
    // The server has the file: it is only the client that never got it.
    EXPECT_EQ(ev(*l.server, "include('clt/gamemode/cl_secret.lua') return SECRET_LOADED"), "true");
    EXPECT_TRUE(l.server->errors().empty()) << renderErrors(*l.server);
}

TEST(ClientRealm, AddCSLuaFileOfAMissingFileIsAnError) {
    auto srv = bootRuntime({}, {});
    EXPECT_EQ(ev(*srv, "AddCSLuaFile('no_such_file.lua')"), "");
    ASSERT_EQ(srv->errors().size(), 1u);
    EXPECT_EQ(srv->errors()[0].message, "[AddCSLuaFile] Couldn't find 'no_such_file.lua'");
}

TEST(ClientRealm, LocalPlayerIsTheServersPlayerAfterATick) {
    for (bool jit : {false, true}) {
        auto l = bootListen(jit);
        EXPECT_EQ(ev(*l.client, "IsValid(LocalPlayer())"), "false");  // no entities yet (wiki: NULL until then)
        EXPECT_EQ(ev(*l.client, "INITPOST = 0 hook.Add('InitPostEntity', 't', function() INITPOST = INITPOST + 1 end)"),
                  "");
        l.server->tick();
        ASSERT_EQ(ev(*l.server,
                     "Entity(1):SetPos(Vector(12.5, -3, 64)) Entity(1):SetHealth(73) Entity(1):SetArmor(9) "
                     "Entity(1):SetEyeAngles(Angle(10, 90, 0))"),
                  "");
        l.client->updateLocalPlayer(*l.server);
        l.client->frame();
        l.client->frame();
        EXPECT_EQ(ev(*l.client, "INITPOST"), "1");
        EXPECT_EQ(ev(*l.client, "tostring(LocalPlayer():GetPos())"), ev(*l.server, "tostring(Entity(1):GetPos())"));
        EXPECT_EQ(ev(*l.client, "tostring(LocalPlayer():GetPos())"), "12.500000 -3.000000 64.000000");
        EXPECT_EQ(ev(*l.client, "LocalPlayer():Health(), LocalPlayer():Armor(), LocalPlayer():Alive()"), "73\t9\ttrue");
        EXPECT_EQ(ev(*l.client, "tostring(LocalPlayer():EyeAngles())"),
                  ev(*l.server, "tostring(Entity(1):EyeAngles())"));
        EXPECT_EQ(ev(*l.client, "LocalPlayer() == Entity(1), LocalPlayer():IsPlayer()"), "true\ttrue");
        // What the client writes lasts until the next update (the server's state wins).
        EXPECT_EQ(ev(*l.client, "LocalPlayer():SetPos(Vector(0, 0, 0))"), "");
        l.server->tick();
        l.client->updateLocalPlayer(*l.server);
        EXPECT_EQ(ev(*l.client, "tostring(LocalPlayer():GetPos())"), ev(*l.server, "tostring(Entity(1):GetPos())"));
        EXPECT_EQ(ev(*l.server, "tostring(Entity(1):GetPos().x)"), "12.5");
    }
}

TEST(ClientRealm, TheActiveWeaponIsMirrored) {
    auto l = bootListen();
    l.server->tick();
    ASSERT_EQ(ev(*l.server,
                 "Entity(1):Give('weapon_clt') Entity(1):SelectWeapon('weapon_clt') "
                 "return Entity(1):GetActiveWeapon():GetClass()"),
              "weapon_clt");
    l.client->updateLocalPlayer(*l.server);
    EXPECT_EQ(ev(*l.client, "LocalPlayer():GetActiveWeapon():GetClass()"), "weapon_clt");
    EXPECT_EQ(ev(*l.client, "LocalPlayer():GetActiveWeapon():GetOwner() == LocalPlayer()"), "true");
}

TEST(ClientRealm, TheHudPassFillsTheDrawList) {
    auto l = bootListen();
    ASSERT_EQ(ev(*l.client, R"(
hook.Add("HUDPaint", "t", function()
	surface.SetDrawColor(255, 0, 0, 255)
	surface.DrawRect(10.9, 20, 30, 40)
	surface.SetDrawColor(Color(0, 0, 255))
	surface.DrawOutlinedRect(100, 100, 10, 10, 2)
	surface.SetFont("Trebuchet24")
	surface.SetTextColor(255, 255, 255)
	surface.SetTextPos(50, 60)
	surface.DrawText("Vestige")
	TW, TH = surface.GetTextSize("Vestige")
	TX, TY = surface.GetTextPos()
end)
hook.Add("PreDrawHUD", "t", function() PRE = (PRE or 0) + 1 end)
hook.Add("HUDShouldDraw", "t", function(name) if name == "CHudHealth" then return false end end)
)"),
              "");
    EXPECT_EQ(ev(*l.client, "surface.DrawRect(0, 0, 1, 1)"), "");  // outside the pass: nothing, counted
    EXPECT_EQ(l.client->surfaceCallsOutsidePaint(), 1u);
    scene::DrawList2D list;
    l.client->paintHud(list);
    EXPECT_EQ(ev(*l.client, "PRE"), "1");
    EXPECT_EQ(ev(*l.client, "TH"), "24");               // wiki: Trebuchet24 measures 24 high
    EXPECT_EQ(ev(*l.client, "TX - TW, TY"), "50\t60");  // DrawText moved the text position on by the width
    ASSERT_EQ(list.items.size(), 6u);
    const scene::Draw2D& r = list.items[0];
    EXPECT_EQ(r.kind, scene::Draw2D::Kind::Rect);
    EXPECT_EQ(std::vector<int>({r.x0, r.y0, r.x1, r.y1}), std::vector<int>({10, 20, 40, 60}));  // truncated
    EXPECT_EQ(r.color, (scene::Rgba8{255, 0, 0, 255}));
    EXPECT_EQ(list.items[1].color, (scene::Rgba8{0, 0, 255, 255}));  // Color table, alpha 255
    EXPECT_EQ(std::vector<int>({list.items[1].x0, list.items[1].y0, list.items[1].x1, list.items[1].y1}),
              std::vector<int>({100, 100, 110, 102}));  // top edge, 2 thick, inside the box
    const scene::Draw2D& t = list.items[5];
    EXPECT_EQ(t.kind, scene::Draw2D::Kind::Text);
    EXPECT_EQ(t.x0, 50);
    EXPECT_EQ(t.y0, 60);
    ASSERT_LT(t.bitmap, list.bitmaps.size());
    EXPECT_EQ(std::to_string(list.bitmaps[t.bitmap].width), ev(*l.client, "TW"));
    EXPECT_EQ(list.bitmaps[t.bitmap].height, 24u);
    EXPECT_EQ(l.client->hudElements().at("CHudHealth"), false);
    EXPECT_EQ(l.client->hudElements().at("CHudAmmo"), true);
    EXPECT_EQ(l.client->hudElements().size(), 5u);
    // The standalone draw module: SimpleText centred puts the box's middle at x.
    ASSERT_EQ(ev(*l.client,
                 "hook.Remove('HUDPaint', 't') hook.Add('HUDPaint', 'd', function() "
                 "SW, SH = draw.SimpleText('Hi', 'Trebuchet24', 200, 100, nil, TEXT_ALIGN_CENTER) end)"),
              "");
    l.client->paintHud(list);
    ASSERT_EQ(list.items.size(), 1u);
    EXPECT_EQ(std::to_string(list.items[0].x0), ev(*l.client, "math.ceil(200 - SW / 2)"));
}

// Only the part of a line on the screen becomes a bitmap: 100,000 characters at x = 600 of a 640-pixel screen.
TEST(ClientRealm, ALongLineIsClippedToTheScreenBeforeItIsRendered) {
    auto l = bootListen();
    ASSERT_EQ(ev(*l.client,
                 "hook.Add('HUDPaint', 't', function() surface.SetFont('Trebuchet24') "
                 "surface.SetTextPos(600, 10) surface.DrawText(string.rep('W', 100000)) "
                 "surface.SetTextPos(-50, 40) surface.DrawText('WWWWWWWWWW') end)"),
              "");
    scene::DrawList2D list;
    l.client->paintHud(list);
    ASSERT_EQ(list.items.size(), 2u);
    EXPECT_EQ(list.items[0].x0, 600);
    EXPECT_EQ(list.items[0].x1, 640);
    EXPECT_EQ(list.bitmaps[0].width, 40u);
    EXPECT_EQ(list.items[1].x0, 0) << "the part left of the screen is cut";
    EXPECT_EQ(list.bitmaps[1].width, static_cast<std::uint32_t>(list.items[1].x1));
    EXPECT_EQ(ev(*l.client, "surface.SetFont('Trebuchet24') return surface.GetTextSize('WWWWWWWWWW') - 50"),
              std::to_string(list.items[1].x1));
}

TEST(ClientRealm, AClientErrorIsCountedAndTheFrameGoesOn) {
    auto l = bootListen();
    const std::size_t before = l.client->errors().size();
    ASSERT_EQ(ev(*l.client,
                 "hook.Add('HUDPaint', 'bad', function() error('hud broke') end) "
                 "hook.Add('Think', 'n', function() THINKS = (THINKS or 0) + 1 end)"),
              "");
    scene::DrawList2D list;
    for (int i = 0; i < 3; ++i) {
        l.server->tick();
        l.client->updateLocalPlayer(*l.server);
        l.client->frame();
        l.client->paintHud(list);
    }
    EXPECT_EQ(l.client->errors().size(), before + 3);
    EXPECT_NE(l.client->errors().back().message.find("hud broke"), std::string::npos);
    EXPECT_EQ(ev(*l.client, "THINKS"), "3");
    EXPECT_EQ(l.server->currentTick(), 3u);
    EXPECT_TRUE(l.server->errors().empty()) << renderErrors(*l.server);
}

TEST(ClientRealm, AMissingFontFallsBackToDejaVuSansWithANote) {
    auto l = bootListen();
    ASSERT_EQ(ev(*l.client, "surface.CreateFont('T', {font = 'No Such Font Vestige', size = 30, weight = 500})"), "");
    ASSERT_FALSE(l.client->fontNotes().empty());
    EXPECT_NE(l.client->fontNotes().back().find("'No Such Font Vestige' (CreateFont 'T') not found: DejaVu Sans"),
              std::string::npos)
        << l.client->fontNotes().back();
    EXPECT_EQ(ev(*l.client, "surface.SetFont('T') local w, h = surface.GetTextSize('abc') return w > 0, h"),
              "true\t30");
    // Created again every frame (a common script pattern): one note, not one per call.
    for (int i = 0; i < 50; ++i)
        ASSERT_EQ(ev(*l.client, "surface.CreateFont('T', {font = 'No Such Font Vestige', size = 30})"), "");
    EXPECT_EQ(std::count(l.client->fontNotes().begin(), l.client->fontNotes().end(), l.client->fontNotes().back()), 1);
    // Text in a font nobody created is not drawn, and that is said once.
    ASSERT_EQ(ev(*l.client, "surface.SetFont('NeverMade') return surface.GetTextSize('x')"), "0\t0");
    EXPECT_EQ(l.client->fontNotes().back(), "font 'NeverMade' was never created: text in it is not drawn");
    // A family that exists is found by file name, with no note.
    const std::size_t notes = l.client->fontNotes().size();
    ASSERT_EQ(ev(*l.client, "surface.CreateFont('D', {font = 'DejaVu Sans Mono', size = 12})"), "");
    EXPECT_EQ(l.client->fontNotes().size(), notes);
}

// The host console's forward (Runtime::consoleCommand): each realm runs its own Lua commands with the raw argument
// text, its variables and its engine commands; what it does not have is false, so the console prints "Unknown
// command". ent_fire, kill, noclip and lua_run are the server's; lua_run_cl the client's (sv_allowcslua 1, the wiki's
// default).
TEST(ClientRealm, TheHostConsoleReachesEachRealmsCommands) {
    auto l = bootListen();
    ASSERT_EQ(ev(*l.server, "concommand.Add('vt_srv', function(p, c, a, s) got = c .. '|' .. #a .. '|' .. s end)"), "");
    ASSERT_EQ(ev(*l.client, "concommand.Add('vt_cl', function(p, c, a, s) got = c .. '|' .. s end)"), "");
    EXPECT_TRUE(l.server->consoleCommand({"vt_srv", "a b", "c"}, "\"a b\" c"));
    EXPECT_EQ(ev(*l.server, "got"), "vt_srv|2|\"a b\" c");
    EXPECT_FALSE(l.server->consoleCommand({"vt_cl"}, ""));
    EXPECT_TRUE(l.client->consoleCommand({"vt_cl", "x"}, "x"));
    EXPECT_EQ(ev(*l.client, "got"), "vt_cl|x");
    EXPECT_TRUE(l.server->consoleCommand({"sv_gravity", "300"}, "300"));
    EXPECT_EQ(ev(*l.server, "GetConVarNumber('sv_gravity')"), "300");
    EXPECT_TRUE(l.server->consoleCommand({"lua_run", "vt_ran", "=", "1"}, "vt_ran = 1"));
    EXPECT_EQ(ev(*l.server, "vt_ran"), "1");
    EXPECT_FALSE(l.client->consoleCommand({"lua_run", "vt_ran=1"}, "vt_ran=1"));  // the server's command
    EXPECT_TRUE(l.client->consoleCommand({"lua_run_cl", "vt_cl_ran=2"}, "vt_cl_ran=2"));
    EXPECT_EQ(ev(*l.client, "vt_cl_ran"), "2");
    EXPECT_FALSE(l.client->consoleCommand({"ent_fire", "x"}, "x"));
    EXPECT_FALSE(l.server->consoleCommand({"nosuchcommand"}, ""));
    // A Lua error inside a command is recorded and the command counts as run.
    ASSERT_EQ(ev(*l.server, "concommand.Add('vt_bad', function() error('boom') end)"), "");
    const auto before = l.server->errors().size();
    EXPECT_TRUE(l.server->consoleCommand({"vt_bad"}, ""));
    EXPECT_EQ(l.server->errors().size(), before + 1);
}

TEST(ClientRealm, KillAndNoclipAskTheGamemode) {
    auto l = bootListen();
    l.server->joinPlayer();
    l.server->tick();
    game::Entity* p = l.server->world().player(1);
    ASSERT_TRUE(p && p->alive);
    // Base's rule: single player and alive may enter noclip; leaving is always allowed.
    EXPECT_TRUE(l.server->consoleCommand({"noclip"}, ""));
    EXPECT_EQ(p->moveType, game::MoveType::Noclip);
    EXPECT_TRUE(l.server->consoleCommand({"noclip"}, ""));
    EXPECT_EQ(p->moveType, game::MoveType::Walk);
    ASSERT_EQ(ev(*l.server, "function GAMEMODE:PlayerNoClip(ply, on) vt_on = on return false end"), "");
    EXPECT_TRUE(l.server->consoleCommand({"noclip"}, ""));
    EXPECT_EQ(p->moveType, game::MoveType::Walk);
    EXPECT_EQ(ev(*l.server, "vt_on"), "true");
    // No answer at all: Source's own rule, a cheat.
    ASSERT_EQ(ev(*l.server, "GAMEMODE.PlayerNoClip = nil"), "");
    EXPECT_TRUE(l.server->consoleCommand({"noclip"}, ""));
    EXPECT_EQ(p->moveType, game::MoveType::Walk);
    EXPECT_TRUE(l.server->consoleCommand({"sv_cheats", "1"}, "1"));
    EXPECT_TRUE(l.server->consoleCommand({"noclip"}, ""));
    EXPECT_EQ(p->moveType, game::MoveType::Noclip);
    ASSERT_EQ(ev(*l.server, "function GAMEMODE:CanPlayerSuicide(ply) return false end"), "");
    EXPECT_TRUE(l.server->consoleCommand({"kill"}, ""));
    EXPECT_TRUE(p->alive);
    ASSERT_EQ(ev(*l.server, "function GAMEMODE:CanPlayerSuicide(ply) return true end"), "");
    EXPECT_TRUE(l.server->consoleCommand({"kill"}, ""));
    EXPECT_FALSE(p->alive);
}

// net between the realms of a listen server (deliverNetMessages, the in-process channel): every Write*/Read* pair
// round-trips bit for bit from the server to the client and back; the client reads the server's string table;
// receivers get the payload's length without the 16-bit header and, on the client, no sender. The bit sizes are
// GMod's (the wiki's net pages); the exact values are our own round trip (a regression guard).
TEST(ClientRealm, NetMessagesOfEveryTypeCrossTheRealms) {
    auto l = bootListen();
    l.server->joinPlayer();
    l.server->tick();
    l.client->updateLocalPlayer(*l.server);               // Entity(1) exists on the client
    const auto clientErrors = l.client->errors().size();  // the fixture's client boot has one on purpose
    ASSERT_EQ(ev(*l.server, R"(
        util.AddNetworkString('vt_down') util.AddNetworkString('vt_up')
        net.Receive('vt_up', function(len, ply) up = len .. ' ' .. tostring(ply == Entity(1)) .. ' ' .. net.ReadString() end)
        net.Start('vt_down')
        net.WriteBit(true) net.WriteBool(false) net.WriteUInt(1234567, 24) net.WriteInt(-5, 7)
        net.WriteUInt64('18446744073709551615') net.WriteFloat(1.5) net.WriteDouble(-0.1)
        net.WriteString('hi there') net.WriteData('ab\0cd', 5) net.WriteVector(Vector(1.5, -2.25, 3000))
        net.WriteAngle(Angle(10, -20.5, 30)) net.WriteNormal(Vector(0, 0.6, 0.8)) net.WriteEntity(Entity(1))
        net.WriteColor(Color(1, 2, 3, 4)) net.WriteTable({a = 1, [2] = 'b', c = {true}})
        net.WriteType(Vector(1, 2, 3)) net.WriteType(nil)
        net.Send(Entity(1)))"),
              "");
    ASSERT_EQ(ev(*l.client, R"(
        net.Receive('VT_DOWN', function(len, ply)
            got = {len, ply == nil, net.ReadBit(), net.ReadBool(), net.ReadUInt(24), net.ReadInt(7), net.ReadUInt64(),
                   net.ReadFloat(), net.ReadDouble(), net.ReadString(), (function(d) return #d .. ':' .. d:byte(3) end)(net.ReadData(5)),
                   tostring(net.ReadVector()),
                   tostring(net.ReadAngle()), tostring(net.ReadNormal()), net.ReadEntity():EntIndex()}
            local c = net.ReadColor()
            got[#got + 1] = c.r .. c.g .. c.b .. c.a
            local t = net.ReadTable()
            got[#got + 1] = t.a .. t[2] .. tostring(t.c[1])
            got[#got + 1] = tostring(net.ReadType())
            got[#got + 1] = tostring(net.ReadType())
            got[#got + 1] = net.BytesLeft()
        end))"),
              "");
    EXPECT_EQ(deliverNetMessages(*l.server, *l.client, 1), 1u);
    EXPECT_EQ(
        ev(*l.client, "local t = {} for i = 2, #got do t[#t + 1] = tostring(got[i]) end return table.concat(t, '|')"),
        "true|1|false|1234567|-5|18446744073709551615|1.5|-0.1|hi there|5:0|1.500000 -2.250000 3000.000000|"
        "10.000000 -20.500000 30.000000|0.000000 0.599902 0.800073|1|1234|1btrue|1.000000 2.000000 3.000000|"
        "nil|0");
    EXPECT_EQ(ev(*l.client, "return got[1] == net.BytesWritten and 0 or got[1] > 0"), "true");
    // Back up: the client's SendToServer reaches the server's receiver from the local player.
    EXPECT_EQ(ev(*l.client, "return net.Send, net.Broadcast, util.AddNetworkString"), "nil\tnil\tnil");
    ASSERT_EQ(ev(*l.client, "net.Start('vt_up') net.WriteString('pong') net.SendToServer()"), "");
    EXPECT_EQ(deliverNetMessages(*l.client, *l.server, 1), 1u);
    EXPECT_EQ(ev(*l.server, "up"), "40 true pong");
    EXPECT_EQ(ev(*l.server, "return net.SendToServer"), "nil");
    // A message for another player is not the local client's.
    ASSERT_EQ(ev(*l.server, "net.Start('vt_down') net.Send({})"), "");
    EXPECT_EQ(deliverNetMessages(*l.server, *l.client, 1), 0u);
    EXPECT_EQ(l.client->errors().size(), clientErrors) << renderErrors(*l.client);
    EXPECT_TRUE(l.server->errors().empty()) << renderErrors(*l.server);
}

// The client's say over input (wiki: GM:PlayerBindPress returns true to block, its `pressed` is always true;
// GM:CreateMove edits the command about to be sent).
TEST(ClientRealm, PlayerBindPressAndCreateMoveRunInTheClientRealm) {
    auto l = bootListen();
    l.server->joinPlayer();
    l.server->tick();
    l.client->updateLocalPlayer(*l.server);
    ASSERT_EQ(ev(*l.client, R"(
        hook.Add('PlayerBindPress', 't', function(ply, bind, pressed, code)
            seen = tostring(ply == LocalPlayer()) .. ' ' .. bind .. ' ' .. tostring(pressed) .. ' ' .. code
            if bind == 'impulse 100' then return true end
        end)
        hook.Add('CreateMove', 't', function(cmd) cmd:SetForwardMove(123) cmd:AddKey(IN_JUMP) end))"),
              "");
    EXPECT_TRUE(l.client->playerBindPress("impulse 100", 16));
    EXPECT_EQ(ev(*l.client, "seen"), "true impulse 100 true 16");
    EXPECT_FALSE(l.client->playerBindPress("+forward", 33));
    game::UserCmd cmd;
    l.client->createMove(cmd);
    EXPECT_EQ(cmd.forwardMove, 123.0f);
    EXPECT_TRUE(cmd.buttons & game::in::kJump);
    EXPECT_FALSE(l.server->playerBindPress("x", 1)) << "a server realm has no binds";
}

// Networked variables: set on the server, read on the client after the next update (the acceptance's "on the next
// tick"); every NW type by value; the server's values win over the client's own; NW2 shares the store.
TEST(ClientRealm, NetworkedVariablesReachTheClientAfterTheUpdate) {
    auto l = bootListen();
    l.server->joinPlayer();
    l.server->tick();
    l.client->updateLocalPlayer(*l.server);
    ASSERT_EQ(ev(*l.server, R"(
        local p = Entity(1)
        p:SetNWInt('i', 41.9) p:SetNWFloat('f', 0.25) p:SetNWBool('b', true) p:SetNWString('s', 'hi')
        p:SetNWVector('v', Vector(1, 2, 3)) p:SetNWAngle('a', Angle(4, 5, 6)) p:SetNWEntity('e', p)
        p:SetNW2Int('n2', 7) Entity(0):SetNWString('round', 'warmup'))"),
              "");
    EXPECT_EQ(ev(*l.client, "return LocalPlayer():GetNWInt('i', -1)"), "-1") << "not before the update";
    l.client->replicateNetworkedVars(*l.server);
    EXPECT_EQ(ev(*l.client, R"(
        local p = LocalPlayer()
        return p:GetNWInt('i'), p:GetNWFloat('f'), p:GetNWBool('b'), p:GetNWString('s'), tostring(p:GetNWVector('v')),
               tostring(p:GetNWAngle('a')), p:GetNWEntity('e') == p, p:GetNW2Int('n2'), Entity(0):GetNWString('round'))"),
              "41\t0.25\ttrue\thi\t1.000000 2.000000 3.000000\t4.000000 5.000000 6.000000\ttrue\t7\twarmup");
    // A change on the server reaches the client at the next update; what the client wrote itself is overwritten.
    ASSERT_EQ(ev(*l.server, "Entity(1):SetNWString('s', 'bye')"), "");
    ASSERT_EQ(ev(*l.client, "LocalPlayer():SetNWInt('i', 5)"), "");
    l.client->replicateNetworkedVars(*l.server);
    EXPECT_EQ(ev(*l.client, "return LocalPlayer():GetNWString('s'), LocalPlayer():GetNWInt('i')"), "bye\t41");
}

}  // namespace
}  // namespace vestige::source::glua
