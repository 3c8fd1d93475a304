// The server-realm libraries (issue #16 items 6 and 7): enumerations with the wiki's values, nothing silent (missing
// enums are nil and reported, stand-ins are counted, printed errors are errors), cvars, file.Open, sql, util's data
// helpers, net's server half, resource and sound. Each test says whether its numbers come from the wiki or SDK
// (evidence) or from our own output (a regression guard).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "glua_fixture.hpp"

namespace vestige::source::glua {
namespace {

namespace fs = std::filesystem;

std::unique_ptr<Runtime> bootWithData(const fs::path& data) {
    Options opt;
    opt.dataDir = data;
    return bootRuntime(std::move(opt));
}

// Evidence: values copied from the wiki pages named (wiki.facepunch.com/gmod/<page>).
TEST(GluaEnums, ValuesAreTheWikis) {
    struct Entry {
        const char* page;
        const char* name;
        long long value;
    };
    const Entry wiki[] = {
        {"Enums/SOLID", "SOLID_NONE", 0},
        {"Enums/SOLID", "SOLID_BSP", 1},
        {"Enums/SOLID", "SOLID_BBOX", 2},
        {"Enums/SOLID", "SOLID_OBB", 3},
        {"Enums/SOLID", "SOLID_OBB_YAW", 4},
        {"Enums/SOLID", "SOLID_CUSTOM", 5},
        {"Enums/SOLID", "SOLID_VPHYSICS", 6},
        {"Enums/MOVETYPE", "MOVETYPE_NONE", 0},
        {"Enums/MOVETYPE", "MOVETYPE_ISOMETRIC", 1},
        {"Enums/MOVETYPE", "MOVETYPE_WALK", 2},
        {"Enums/MOVETYPE", "MOVETYPE_STEP", 3},
        {"Enums/MOVETYPE", "MOVETYPE_FLY", 4},
        {"Enums/MOVETYPE", "MOVETYPE_FLYGRAVITY", 5},
        {"Enums/MOVETYPE", "MOVETYPE_VPHYSICS", 6},
        {"Enums/MOVETYPE", "MOVETYPE_PUSH", 7},
        {"Enums/MOVETYPE", "MOVETYPE_NOCLIP", 8},
        {"Enums/MOVETYPE", "MOVETYPE_LADDER", 9},
        {"Enums/MOVETYPE", "MOVETYPE_OBSERVER", 10},
        {"Enums/MOVETYPE", "MOVETYPE_CUSTOM", 11},
        {"Enums/FCVAR", "FCVAR_ARCHIVE", 128},
        {"Enums/FCVAR", "FCVAR_ARCHIVE_XBOX", 16777216},
        {"Enums/FCVAR", "FCVAR_CHEAT", 16384},
        {"Enums/FCVAR", "FCVAR_CLIENTCMD_CAN_EXECUTE", 1073741824},
        {"Enums/FCVAR", "FCVAR_CLIENTDLL", 8},
        {"Enums/FCVAR", "FCVAR_DEMO", 65536},
        {"Enums/FCVAR", "FCVAR_DONTRECORD", 131072},
        {"Enums/FCVAR", "FCVAR_GAMEDLL", 4},
        {"Enums/FCVAR", "FCVAR_LUA_CLIENT", 262144},
        {"Enums/FCVAR", "FCVAR_LUA_SERVER", 524288},
        {"Enums/FCVAR", "FCVAR_NEVER_AS_STRING", 4096},
        {"Enums/FSOLID", "FSOLID_CUSTOMRAYTEST", 1},
        {"Enums/FSOLID", "FSOLID_NOT_SOLID", 4},
        {"Enums/FSOLID", "FSOLID_TRIGGER", 8},
        {"Enums/FSOLID", "FSOLID_TRIGGER_TOUCH_DEBRIS", 512},
        {"Enums/FSOLID", "FSOLID_MAX_BITS", 10},
        {"Enums/TEAM", "TEAM_CONNECTING", 0},
        {"Enums/TEAM", "TEAM_UNASSIGNED", 1001},
        {"Enums/TEAM", "TEAM_SPECTATOR", 1002},
        {"Enums/IN", "IN_ATTACK", 1},
        {"Enums/IN", "IN_JUMP", 2},
        {"Enums/IN", "IN_DUCK", 4},
        {"Enums/IN", "IN_FORWARD", 8},
        {"Enums/IN", "IN_BACK", 16},
        {"Enums/IN", "IN_USE", 32},
        {"Enums/IN", "IN_CANCEL", 64},
        {"Enums/IN", "IN_LEFT", 128},
        {"Enums/IN", "IN_RIGHT", 256},
        {"Enums/IN", "IN_MOVELEFT", 512},
        {"Enums/IN", "IN_MOVERIGHT", 1024},
        {"Enums/IN", "IN_ATTACK2", 2048},
        {"Enums/IN", "IN_RUN", 4096},
        {"Enums/IN", "IN_RELOAD", 8192},
        {"Enums/PLAYER", "PLAYER_IDLE", 0},
        {"Enums/PLAYER", "PLAYER_ATTACK1", 5},
        {"Enums/PLAYER", "PLAYER_RELOAD", 7},
        {"Enums/PLAYER", "PLAYER_LEAVE_AIMING", 9},
    };
    for (bool jit : {false, true}) {
        auto rt = bootMode(jit);
        for (const auto& e : wiki)
            EXPECT_EQ(ev(*rt, std::string("return ") + e.name), std::to_string(e.value))
                << e.page << " " << e.name << (jit ? " (jit)" : "");
        EXPECT_TRUE(rt->missingEnums().empty());
    }
}

// Regression guard (our own behaviour, GMod's rule): an undefined global is nil, never 0; enum-shaped names read while
// undefined are listed, so the report can say what is missing.
TEST(GluaEnums, UnknownCapitalGlobalsAreNilAndReported) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt, "return SOLID_NOT_A_THING, type(NOT_AN_ENUM_EITHER), lowercase_name"), "nil\tnil\tnil");
    EXPECT_EQ(rt->missingEnums(), (std::vector<std::string>{"NOT_AN_ENUM_EITHER", "SOLID_NOT_A_THING"}));
    EXPECT_EQ(ev(*rt, "return SOLID_NOT_A_THING + 1").substr(0, 5), "ERR: ");  // arithmetic on nil fails, as in GMod
}

// Regression guard: functions Vestige lacks are absent, so calling one fails as it does in GMod.
TEST(GluaStandIns, MissingFunctionsAreAbsent) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt, "return util.NotAFunction, net.NotAFunction, sql.NotAFunction, game.NotAFunction"),
              "nil\tnil\tnil\tnil");
    const std::string err = ev(*rt, "util.NotAFunction()");
    EXPECT_NE(err.find("attempt to call field 'NotAFunction' (a nil value)"), std::string::npos) << err;
}

// Regression guard: natives without their behaviour yet are counted per call, and the count reaches the API.
// engine.GetGamemodes: the gamemode folders of the search path with their <name>.txt, as the wiki's fields (a folder
// without one is not listed; absent keys give the name as title and empty / false values).
TEST(GluaEngine, GetGamemodesListsTheFoldersWithTheirInfoFiles) {
    const auto dir = tempDir("gamemodes");
    writeFile(dir / "gamemodes/racing/racing.txt",
              "\"racing\"\n{\n\t\"base\" \"base\"\n\t\"title\" \"Racing\"\n\t\"maps\" \"^rc_\"\n"
              "\t\"menusystem\" \"1\"\n\t\"workshopid\" \"123\"\n}\n");
    writeFile(dir / "gamemodes/bare/bare.txt", "\"bare\"\n{\n}\n");
    writeFile(dir / "gamemodes/noinfo/gamemode/init.lua", "");
    auto rt = bootAddon(dir, false);
    EXPECT_EQ(ev(*rt,
                 "local by, n = {}, 0 for _, g in ipairs(engine.GetGamemodes()) do by[g.name] = g n = n + 1 end "
                 "local r, b = by.racing, by.bare "
                 "return r.title, r.maps, r.menusystem, r.workshopid, b.title, b.maps, b.menusystem, by.noinfo == nil"),
              "Racing\t^rc_\ttrue\t123\tbare\t\tfalse\ttrue");
    EXPECT_TRUE(rt->standInCalls().empty());
}

TEST(GluaStandIns, NativesWithoutBehaviourAreCounted) {
    auto rt = bootRuntime();
    EXPECT_TRUE(rt->standInCalls().empty());
    EXPECT_EQ(ev(*rt,
                 "local e = ents.Create('prop_physics') local ok = e:PhysicsInit(SOLID_VPHYSICS) "
                 "e:SetSolid(SOLID_BBOX) e:SetMoveType(MOVETYPE_FLY) local n = #engine.GetAddons() "
                 "return e:GetMoveType(), ok, e:GetSolid(), n"),
              "4\tfalse\t2\t0");  // SetMoveType, PhysicsInit and SetSolid are the world's (no model here: false)
    const auto calls = rt->standInCalls();
    EXPECT_EQ(calls.count("Entity:PhysicsInit"), 0u);
    EXPECT_EQ(calls.count("Entity:SetSolid"), 0u);
    EXPECT_EQ(calls.count("Entity:SetMoveType"), 0u);
    EXPECT_EQ(calls.at("engine.GetAddons"), 1u);  // an empty list where Vestige knows the addons: counted
    const auto listed = rt->standIns();
    EXPECT_NE(std::find(listed.begin(), listed.end(), "engine.GetAddons"), listed.end());
    EXPECT_EQ(std::find(listed.begin(), listed.end(), "Entity:SetOwner"), listed.end());
    EXPECT_EQ(std::find(listed.begin(), listed.end(), "Entity:SetSolid"), listed.end());
}

// Regression guard: GMod's Lua reports some failures by printing "ERROR..." (scripted_ents.lua's missing base);
// those lines are errors with the printer's file and line; ordinary output is not.
TEST(GluaStandIns, PrintedErrorsAreErrors) {
    auto rt = bootRuntime();
    ASSERT_TRUE(rt->runString("Msg('fine\\n') print('Errors are fine', 2) MsgN('an ERROR inside')\n"
                              "MsgN('ERROR: Trying to derive entity a from non existant entity b!')\n"
                              "MsgC(Color and Color(255, 0, 0) or {}, '[tag] Error: bad thing\\n')\n"
                              "ErrorNoHalt('halt-free\\n')",
                              "lua/autorun/printer.lua")
                    .ok());
    ASSERT_EQ(rt->errors().size(), 3u) << renderErrors(*rt);
    EXPECT_EQ(rt->errors()[0].file, "lua/autorun/printer.lua");
    EXPECT_EQ(rt->errors()[0].line, 2);
    EXPECT_EQ(rt->errors()[0].message, "ERROR: Trying to derive entity a from non existant entity b!");
    EXPECT_EQ(rt->errors()[1].message, "[tag] Error: bad thing");
    EXPECT_EQ(rt->errors()[2].message, "halt-free");
    EXPECT_EQ(ev(*rt, "return pcall(Error, 'bad ', 42)"), "false\tbad 42");  // Error raises; from C no position
}

// Regression guard for the convar rules of Source's ConVar (values are strings; clamped to min/max).
TEST(GluaServerApi, ConVarsAreTypedClampedAndReportChanges) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "local cv = CreateConVar('vt_speed', '5', FCVAR_ARCHIVE, 'help text', 0, 10) "
                 "return cv:GetInt(), cv:GetString(), cv:GetHelpText(), cv:IsFlagSet(FCVAR_ARCHIVE), cv:GetMin(), "
                 "cv:GetMax(), GetConVar('VT_SPEED') == cv"),
              "5\t5\thelp text\ttrue\t0\t10\ttrue");
    EXPECT_EQ(ev(*rt,
                 "local seen = {} cvars = cvars or {} "
                 "cvars.OnConVarChanged = function(n, o, v) seen[#seen + 1] = n .. ':' .. o .. '>' .. v end "
                 "local cv = GetConVar('vt_speed') cv:SetInt(20) RunConsoleCommand('vt_speed', '3') "
                 "return cv:GetInt(), cv:GetBool(), table.concat(seen, ' ')"),
              "3\ttrue\tvt_speed:5>10.000000 vt_speed:10.000000>3");
    EXPECT_EQ(ev(*rt, "return GetConVar('nope'), GetConVarNumber('sv_gravity'), ConVarExists('nope')"),
              "nil\t600\tfalse");
}

// The movement cvars are the world's: GMod's values to start with (sv_friction 8 and sv_stopspeed 10, spec
// "GMod constants"), and a change is what the player's next move uses; physics keeps its gravity (the SDK sets it
// once, at PhysCreateWorld).
TEST(GluaServerApi, MovementConVarsAreTheWorldsSettings) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "return GetConVarString('sv_friction'), GetConVarNumber('sv_stopspeed'), "
                 "GetConVarNumber('sv_airaccelerate'), GetConVarNumber('mp_falldamage')"),
              "8\t10\t10\t0");
    EXPECT_EQ(ev(*rt,
                 "RunConsoleCommand('sv_gravity', '300') GetConVar('mp_falldamage'):SetInt(1) "
                 "return GetConVarNumber('sv_gravity'), physenv.GetGravity().z"),
              "300\t-600");
    EXPECT_FLOAT_EQ(rt->world().options().move.gravity, 300.0f);
    EXPECT_TRUE(rt->world().options().realisticFallDamage);
}

// Regression guard: file.Open's File object over the DATA sandbox, write then read back.
TEST(GluaServerApi, FileOpenReadsAndWritesInsideData) {
    const fs::path data = tempDir("api_fileopen");
    auto rt = bootWithData(data);
    EXPECT_EQ(ev(*rt,
                 "local f = file.Open('notes.txt', 'wb', 'DATA') f:Write('line one\\nline two\\n') f:WriteBool(true) "
                 "f:Close() local r = file.Open('notes.txt', 'rb', 'DATA') "
                 "local a = r:ReadLine() local size = r:Size() r:Seek(18) local b = r:ReadBool() "
                 "local eof = r:EndOfFile() r:Close() return a, size, b, eof"),
              "line one\n\t19\ttrue\ttrue");
    EXPECT_EQ(ev(*rt, "return file.Open('../escape.txt', 'wb', 'DATA'), file.Open('nope.txt', 'rb', 'DATA'), 1"),
              "nil\tnil\t1");
    EXPECT_FALSE(fs::exists(data.parent_path() / "escape.txt"));
}

// Regression guard: sql on SQLite, GMod's result shapes (rows of strings, nil without rows, false on error).
TEST(GluaServerApi, SqlRunsOnSqliteWithGmodsShapes) {
    const fs::path data = tempDir("api_sql");
    auto rt = bootWithData(data);
    EXPECT_EQ(ev(*rt,
                 "local a = sql.Query('CREATE TABLE t (k TEXT, v INTEGER)') "
                 "local b = sql.Query(\"INSERT INTO t VALUES ('x', 42)\") "
                 "local rows = sql.Query('SELECT * FROM t') "
                 "return a, b, #rows, rows[1].k, rows[1].v, type(rows[1].v), sql.Query('SELEKT') "),
              "nil\tnil\t1\tx\t42\tstring\tfalse");
    EXPECT_TRUE(fs::exists(data / "sv.db"));
}

// Regression guard: SQLite's work counts against the call's budget, so a query that never ends is cut like a loop.
TEST(GluaServerApi, ARunawayQueryEndsWithTheBudgetError) {
    auto rt = bootRuntime({}, {.budget = 5'000'000});
    const std::string err = ev(*rt,
                               "return sql.Query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                               "SELECT count(*) FROM c')");
    EXPECT_NE(err.find("instruction budget exceeded"), std::string::npos) << err;
    EXPECT_EQ(ev(*rt, "return sql.Query('SELECT 1 AS one')[1].one"), "1");  // the database still works
}

// Evidence: util.SharedRandom's outputs printed by the wiki's example (util.SharedRandom page).
TEST(GluaServerApi, SharedRandomMatchesTheWikiExample) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "return string.format('%.10f %.10f %.10f %.10f', util.SharedRandom('23', 0, 100), "
                 "util.SharedRandom('23', 0, 100, 0), util.SharedRandom('23', 0, 100, 1337), "
                 "util.SharedRandom('lol', 0, 100, 1337))"),
              "15.9797863178 15.9797863178 24.0812447034 78.4801936143");
}

// Evidence for the container: bootil's CompressionLZMA.cpp (GMod's util.Compress) writes 5 bytes of LZMA
// properties, the input size as 8 bytes little-endian, then the stream. The round trip is a regression guard.
TEST(GluaServerApi, CompressWritesGmodsLzmaContainer) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "local s = string.rep('vestige ', 100) local c = util.Compress(s) "
                 "local size = c:byte(6) + c:byte(7) * 256 + c:byte(8) * 65536 "
                 "return size, c:byte(9), c:byte(13), #c < #s, util.Decompress(c) == s, util.Decompress('junk'), 1"),
              "800\t0\t0\ttrue\ttrue\tnil\t1");
}

// Regression guard: JSON with GMod's rules for Vector/Angle and numeric keys.
TEST(GluaServerApi, JsonKeepsVectorsAnglesAndNumbers) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "local t = util.JSONToTable(util.TableToJSON({ pos = Vector(1, 2, 3), ang = Angle(0, 90, 0), "
                 "list = { 10, 20 }, [5] = 'five' })) "
                 "return tostring(t.pos), type(t.ang), t.list[2], t[5]"),
              "1.000000 2.000000 3.000000\tAngle\t20\tfive");
    EXPECT_EQ(ev(*rt, "local t = {} t.self = t return pcall(util.TableToJSON, t)"),
              "false\tutil.TableToJSON: table nested too deeply (cyclic?)");
}

// Regression guard on the sizes (GMod's: a 16-bit message id, then the payload bits; 64 KB at most).
TEST(GluaServerApi, NetBuildsMessagesWithGmodsBitSizes) {
    auto rt = bootRuntime({}, {.tick = true});
    EXPECT_EQ(ev(*rt,
                 "local id = util.AddNetworkString('vt_msg') net.Start('vt_msg') net.WriteUInt(5, 8) "
                 "net.WriteBit(true) net.WriteString('hi') local n = net.BytesWritten() net.Send(Entity(1)) "
                 "return id, util.NetworkIDToString(id), n"),
              "1\tvt_msg\t8");  // (16 id + 33 payload bits - 16) + 24 engine bits = 57 bits
    auto messages = rt->takeNetMessages();
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0].name, "vt_msg");
    EXPECT_EQ(messages[0].bits, 16u + 8u + 1u + 24u);
    EXPECT_EQ(rt->netCounts().at("vt_msg").messages, 1u);
    EXPECT_EQ(ev(*rt, "net.Start('unpooled')").substr(0, 5), "ERR: ");
    EXPECT_EQ(ev(*rt, "net.Start('vt_msg') net.WriteData(string.rep('x', 70000), 70000)").substr(0, 5), "ERR: ");
}

// Regression guard: what clients are offered, in order, once each; sound.Add's table read back.
TEST(GluaServerApi, ResourcesParticlesAndSoundScripts) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "resource.AddSingleFile('sound/a.wav') resource.AddSingleFile('SOUND/A.wav') "
                 "resource.AddWorkshop('104479831') game.AddParticles('particles/x.pcf') "
                 "PrecacheParticleSystem('smoke') "
                 "sound.Add({ name = 'vt.beep', channel = CHAN_WEAPON, volume = 0.5, level = 80, "
                 "pitch = { 95, 105 }, sound = 'beep.wav' }) local p = sound.GetProperties('vt.beep') "
                 "return p.channel, p.volume, p.level, p.pitch[1], p.pitch[2], p.sound, system.IsLinux()"),
              "1\t0.5\t80\t95\t105\tbeep.wav\ttrue");
    const auto& offered = rt->clientResources();
    ASSERT_EQ(offered.size(), 4u);
    EXPECT_EQ(offered[0].path, "sound/a.wav");
    EXPECT_EQ(offered[1].kind, "workshop");
    EXPECT_EQ(offered[2].kind, "particles");
    EXPECT_EQ(offered[3].kind, "particle system");
}

std::string readText(const char* path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> splitList(std::string text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');) {
        item.erase(0, item.find_first_not_of(' '));
        item.erase(item.find_last_not_of(' ') + 1);
        if (!item.empty() && item != "—") out.push_back(item);
    }
    return out;
}

// Regression guard that keeps data/gmod_enums.txt and the runtime in step: every entry of the file is a global (or a
// member of its table) with the file's value. The values themselves are checked against the wiki above.
TEST(GluaEnums, EveryEntryOfTheDataFileIsAGlobal) {
    auto rt = bootRuntime();
    std::stringstream lines(readText(VESTIGE_GLUA_ENUMS));
    std::string table;
    int checked = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '#') continue;
        if (line[0] == '@') {
            const auto at = line.find(" table ");
            table = at == std::string::npos ? std::string() : line.substr(at + 7);
            continue;
        }
        const auto sp = line.find(' ');
        ASSERT_NE(sp, std::string::npos) << line;
        const std::string name = table.empty() ? line.substr(0, sp) : table + "." + line.substr(0, sp);
        EXPECT_EQ(ev(*rt, "return string.format('%d', " + name + ")"), line.substr(sp + 1)) << name;
        ++checked;
    }
    EXPECT_GT(checked, 2500);
    EXPECT_TRUE(rt->missingEnums().empty());
}

// The coverage table of docs/glua.md is the runtime's: for every library and class it lists, the native functions
// (counted stand-ins apart) and the stand-ins are exactly what a standalone runtime has. Regression guard.
TEST(GluaCoverage, TheTableIsTheRuntimes) {
    const std::string doc = readText(VESTIGE_GLUA_DOCS);
    const auto begin = doc.find("<!-- coverage:begin"), end = doc.find("<!-- coverage:end -->");
    ASSERT_NE(begin, std::string::npos);
    ASSERT_NE(end, std::string::npos);
    auto rt = bootRuntime();
    const auto standIns = rt->standIns();
    std::stringstream rows(doc.substr(begin, end - begin));
    int libraries = 0;
    for (std::string row; std::getline(rows, row);) {
        if (row.rfind("| `", 0) != 0) continue;
        std::vector<std::string> cells;
        std::stringstream cs(row.substr(1));
        for (std::string cell; std::getline(cs, cell, '|');) cells.push_back(cell);
        ASSERT_GE(cells.size(), 3u) << row;
        const std::string lib = cells[0].substr(cells[0].find('`') + 1, cells[0].rfind('`') - cells[0].find('`') - 1);
        const bool cls = std::isupper(static_cast<unsigned char>(lib[0])) != 0;
        const std::string lookup = cls ? "FindMetaTable('" + lib + "')" : "rawget(_G, '" + lib + "')";
        const std::string names = ev(*rt, "local t, n = " + lookup +
                                              ", {} for k, v in pairs(t) do if type(v) == 'function' and "
                                              "type(k) == 'string' and k:sub(1, 2) ~= '__' then n[#n + 1] = k end "
                                              "end table.sort(n) return table.concat(n, ',')");
        std::vector<std::string> native, counted;
        const std::string prefix = lib + (cls ? ":" : ".");
        for (const auto& name : splitList(names)) {
            const bool isStandIn = std::find(standIns.begin(), standIns.end(), prefix + name) != standIns.end();
            (isStandIn ? counted : native).push_back(name);
        }
        EXPECT_EQ(splitList(cells[1]), native) << lib;
        EXPECT_EQ(splitList(cells[2]), counted) << lib;
        ++libraries;
    }
    EXPECT_GE(libraries, 15);
}

}  // namespace
}  // namespace vestige::source::glua
