// Map I/O and damage from Lua (issue #16 items 4-5, the GMod side) on the entity world's rules: Entity:Fire/Input,
// ent_fire, GM:AcceptInput / ENT:AcceptInput, ENT:KeyValue / GM:EntityKeyValue, CTakeDamageInfo, TakeDamage(Info),
// the damage hooks, death, util.BlastDamage. Builder maps (a closed room, floor at z = 0).
// Evidence: the SDK's event queue (an event is serviced on the first tick whose curtime reaches curtime + delay),
// CC_Ent_Fire's argument rules (action "Use" by default, delay by atoi), RadiusDamage's falloff (the 52.8 of
// GameDamage.BlastDamageFallsOffWithTheDistanceToWhereTheLineMeetsTheBody), the wiki's hook return rules and DMG
// values. Tick numbers of a run are otherwise regression guards.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/game/map.hpp"
#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

std::unique_ptr<glua::Runtime> luaMap(bsp::MapBuilder map, const std::string& autorun = {},
                                      std::string* printed = nullptr) {
    auto bytes = map.write();
    EXPECT_TRUE(bytes.ok());
    auto m = GameMap::load(*bytes, "room");
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().render());
    glua::Options opt;
    opt.output = [printed](std::string_view s) {
        if (printed) printed->append(s);
    };
    if (!autorun.empty()) {
        const auto path = std::filesystem::path(testing::TempDir()) /
                          ("lua_io_" + std::to_string(reinterpret_cast<std::uintptr_t>(&autorun)) + ".lua");
        std::ofstream(path) << autorun;
        opt.scripts.push_back(path);
    }
    auto rt = createRuntime(*m, std::move(opt));
    EXPECT_TRUE(rt.ok()) << (rt.ok() ? "" : rt.error().render());
    EXPECT_TRUE((*rt)->boot().ok());
    return std::move(*rt);
}

std::string ev(glua::Runtime& rt, const std::string& code) {
    auto r = rt.eval(code);
    if (!r) return "ERR: " + r.error().message();
    return *r;
}

void ticks(glua::Runtime& rt, int n) {
    for (int i = 0; i < n; ++i) rt.tick();
}

int countCode(const std::vector<Error>& list, std::string_view code) {
    int n = 0;
    for (const auto& e : list) n += e.code() == code ? 1 : 0;
    return n;
}

// A room with two named point entities and a log of every input GM:AcceptInput sees: "tick:input:value".
bsp::MapBuilder targets() {
    auto map = test::room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    map.addEntity({{"classname", "info_target"}, {"targetname", "a"}, {"origin", "100 0 0"}});
    map.addEntity({{"classname", "info_target"}, {"targetname", "b"}, {"origin", "200 0 0"}});
    return map;
}
constexpr const char* kLogInputs = R"lua(
    LOG = {}
    hook.Add("AcceptInput", "log", function(ent, input, activator, caller, value)
        LOG[#LOG + 1] = engine.TickCount() .. ":" .. ent:GetName() .. "." .. input .. ":" .. tostring(value) ..
            ":" .. tostring(IsValid(activator) and activator:EntIndex() or "-")
    end)
)lua";

TEST(LuaIo, FireIsQueuedAndFiresOnTheDueTickInputAtOnce) {
    auto rt = luaMap(targets());
    ticks(*rt, 100);
    ASSERT_EQ(ev(*rt, std::string(kLogInputs) + R"lua(
        local a = ents.FindByName("a")[1]
        a:Fire("Ping", "late", 0.31, Entity(1), a)
        a:Fire("Ping", 5)
        a:Input("Ping", Entity(1), a, true)
        return table.concat(LOG, " "))lua"),
              "100:a.Ping:true:1");  // Input: at once, tick 100 (between ticks 100 and 101)
    ticks(*rt, 20);
    // No delay: the next tick's event service. 0.31 s after curtime 1.5: curtime 1.81 -> tick 121 (1.815), not
    // tick 120 (1.8).
    EXPECT_EQ(ev(*rt, "return table.concat(LOG, ' ')"), "100:a.Ping:true:1 101:a.Ping:5:-");
    ticks(*rt, 1);
    EXPECT_EQ(ev(*rt, "return table.concat(LOG, ' ')"), "100:a.Ping:true:1 101:a.Ping:5:- 121:a.Ping:late:1");
}

TEST(LuaIo, AcceptInputHooksBlockAndHandle) {
    auto map = test::room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-300 0 0"}});
    map.addBrushEntity({{"classname", "func_door"},
                        {"targetname", "door"},
                        {"movedir", "-90 0 0"},
                        {"speed", "100"},
                        {"wait", "-1"},
                        {"lip", "0"}},
                       {bsp::MapBuilder::box({100, -1024, 0}, {108, 1024, 128}, test::kTex)}, Vec3{104, 0, 64});
    auto rt = luaMap(map);
    ticks(*rt, 2);
    // GM:AcceptInput returning true stops the input: the door stays shut.
    ASSERT_EQ(ev(*rt, R"lua(
        hook.Add("AcceptInput", "lock", function(ent, input) if input == "Open" and LOCKED then return true end end)
        LOCKED = true
        ents.FindByName("door")[1]:Fire("Open")
        return 1)lua"),
              "1");
    ticks(*rt, 30);
    EXPECT_EQ(ev(*rt, "return ents.FindByName('door')[1]:GetPos().z"), "64");
    ASSERT_EQ(ev(*rt, "LOCKED = false ents.FindByName('door')[1]:Fire('Open') return 1"), "1");
    ticks(*rt, 30);
    EXPECT_GT(std::stod(ev(*rt, "return ents.FindByName('door')[1]:GetPos().z")), 64.0);
    // ENT:AcceptInput of a scripted entity: true handles an input the class does not have (no warning).
    const auto before = countCode(rt->world().warnings(), "game.io_input");
    ASSERT_EQ(ev(*rt, R"lua(
        local e = ents.Create("sent_probe")
        e:SetName("probe")
        e:GetTable().AcceptInput = function(self, input, activator, caller, param)
            GOT = input .. "(" .. param .. ") " .. tostring(activator) .. " " .. tostring(caller == self)
            return input == "Custom"
        end
        e:Spawn()
        e:Fire("Custom", "x", 0, Entity(1), e)
        e:Fire("Other")
        return 1)lua"),
              "1");
    ticks(*rt, 1);
    EXPECT_EQ(ev(*rt, "return GOT"), "Other() [NULL Entity] false");
    EXPECT_EQ(countCode(rt->world().warnings(), "game.io_input"), before + 1);  // Other: unhandled, Custom: handled
}

TEST(LuaIo, KeyValuesReachTheScriptedEntityInLumpOrder) {
    auto map = test::room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    map.addEntity({{"classname", "sent_kv"},
                   {"targetname", "kv"},
                   {"foo", "1"},
                   {"hidden", "2"},
                   {"health", "7"},
                   {"origin", "10 20 30"}});
    // A SENT registered before the map spawns: the map's entity of its class is that SENT (the class registry asks
    // scripted_ents), so its table has the members before its first key.
    auto rt = luaMap(map, R"lua(
        KV, GKV = {}, {}
        scripted_ents.Register({ Base = "base_entity", KeyValue = function(self, k, v)
            KV[#KV + 1] = k .. "=" .. v
            if k == "health" then return true end  -- suppressed: the engine does not apply it
        end }, "sent_kv")
        hook.Add("EntityKeyValue", "t", function(ent, k, v)
            if ent:GetClass() == "sent_kv" then GKV[#GKV + 1] = k end
            if k == "foo" then return "FOO" end
        end)
    )lua");
    EXPECT_EQ(ev(*rt, "return table.concat(KV, ' ')"),
              "classname=sent_kv targetname=kv foo=FOO hidden=2 health=7 origin=10 20 30");
    EXPECT_EQ(ev(*rt, "return table.concat(GKV, ' ')"), "classname targetname foo hidden health origin");
    const Entity* kv = test::named(rt->world(), "kv");
    ASSERT_NE(kv, nullptr);
    EXPECT_EQ(kv->health, 0);  // suppressed
    EXPECT_EQ(kv->keyValue("foo"), "FOO");
    // Entity:SetKeyValue reaches ENT:KeyValue, not GM:EntityKeyValue (the wiki: map keys only).
    EXPECT_EQ(ev(*rt, "local n = #GKV ents.FindByName('kv')[1]:SetKeyValue('late', 3) return KV[#KV], #GKV - n"),
              "late=3\t0");
}

TEST(LuaIo, EntFireFollowsTheSdkArguments) {
    std::string printed;
    auto rt = luaMap(targets(), {}, &printed);
    ticks(*rt, 10);
    ASSERT_EQ(ev(*rt, std::string(kLogInputs) + "RunConsoleCommand('ent_fire', 'a', 'Ping') return 1"), "1");
    EXPECT_NE(printed.find("Can't use cheat command ent_fire"), std::string::npos);  // FCVAR_CHEAT
    EXPECT_TRUE(rt->world().events().empty());
    ASSERT_EQ(ev(*rt, R"lua(
        RunConsoleCommand("sv_cheats", "1")
        RunConsoleCommand("ent_fire")
        RunConsoleCommand("ent_fire", "a", "Ping", "v", "1.9")  -- delay atoi("1.9") = 1 s
        game.ConsoleCommand("ent_fire b\n")                     -- no action: Use
        return 1)lua"),
              "1");
    EXPECT_NE(printed.find("Usage:\n   ent_fire <target> [action] [value] [delay]"), std::string::npos);
    ticks(*rt, 70);
    // Activator = the player; the Use has no value (void -> nil); 1 s after curtime 0.15 is tick 77 (1.155).
    EXPECT_EQ(ev(*rt, "return table.concat(LOG, ' ')"), "11:b.Use:nil:1 77:a.Ping:v:1");
}

// AddOutput (VDC: "<output name> <target>:<input>:<parameter>:<delay>:<max times to fire>") from Lua, fired by
// FireUser1: the connection's own parameter and delay, and its times to fire (1: once).
TEST(LuaIo, OutputsAddedFromLuaFireWithTheirDelayAndTimes) {
    auto rt = luaMap(targets());
    ticks(*rt, 10);
    ASSERT_EQ(ev(*rt, std::string(kLogInputs) + R"lua(
        local a = ents.FindByName("a")[1]
        a:Input("AddOutput", NULL, NULL, "OnUser1 b:Ping:from_a:0.2:1")
        a:Fire("FireUser1")
        a:Fire("FireUser1", "", 1)
        return 1)lua"),
              "1");
    ticks(*rt, 100);
    // FireUser1 on tick 11 (curtime 0.165) -> b.Ping at 0.365: tick 25 (0.375); the second FireUser1 finds no
    // connection left (tick 77, curtime 1.155 >= 0.15 + 1).
    EXPECT_EQ(ev(*rt, "return table.concat(LOG, ' ')"),
              "10:a.AddOutput:OnUser1 b:Ping:from_a:0.2:1:- 11:a.FireUser1::- 25:b.Ping:from_a:- 77:a.FireUser1::-");
}

TEST(LuaIo, AZeroDelayLoopIsCutWithAnError) {
    auto rt = luaMap(targets());
    ticks(*rt, 2);
    ASSERT_EQ(ev(*rt, R"lua(
        hook.Add("AcceptInput", "loop", function(ent, input)
            if input ~= "Ping" then return end
            local other = ents.FindByName(ent:GetName() == "a" and "b" or "a")[1]
            other:Fire("Ping")
            return true
        end)
        ents.FindByName("a")[1]:Fire("Ping")
        return 1)lua"),
              "1");
    ticks(*rt, 1);  // returns: the chain is cut, not a hang
    EXPECT_EQ(countCode(rt->world().errors(), "game.io_loop"), 1);
    EXPECT_TRUE(rt->world().events().empty());
}

// ---- damage -----------------------------------------------------------------------------------------------------

bsp::MapBuilder playerRoom(const std::string& origin) {
    auto map = test::room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", origin}});
    return map;
}

TEST(LuaDamage, DamageInfoHasTheWikisMethodsAndDmgValues) {
    auto rt = luaMap(playerRoom("0 0 0"));
    // DMG enum values from the wiki's DMG page.
    EXPECT_EQ(ev(*rt, "return DMG_GENERIC, DMG_CRUSH, DMG_BULLET, DMG_FALL, DMG_BLAST, DMG_DROWN, DMG_REMOVENORAGDOLL"),
              "0\t1\t2\t32\t64\t16384\t4194304");
    EXPECT_EQ(ev(*rt, R"lua(
        local d = DamageInfo()
        d:SetDamage(40) d:SetBaseDamage(40) d:ScaleDamage(0.5) d:AddDamage(3) d:SubtractDamage(1)
        d:SetDamageType(bit.bor(DMG_BULLET, DMG_BLAST))
        d:SetAttacker(Entity(0)) d:SetInflictor(game.GetWorld())
        d:SetDamageForce(Vector(1, 2, 3)) d:SetDamagePosition(Vector(4, 5, 6)) d:SetReportedPosition(Vector(7, 8, 9))
        d:SetMaxDamage(99) d:SetDamageBonus(2) d:SetDamageCustom(5) d:SetAmmoType(3)
        return d:GetDamage(), d:GetBaseDamage(), d:IsBulletDamage(), d:IsExplosionDamage(), d:IsFallDamage(),
            d:IsDamageType(DMG_BLAST), d:GetAttacker():IsWorld(), tostring(d:GetDamageForce()),
            d:GetDamagePosition().y, d:GetReportedPosition().z, d:GetMaxDamage(), d:GetDamageBonus(),
            d:GetDamageCustom(), d:GetAmmoType(), IsValid(d:GetWeapon()), type(d), TypeID(d) == TYPE_DAMAGEINFO)lua"),
              "22\t40\ttrue\ttrue\tfalse\ttrue\ttrue\t1.000000 2.000000 3.000000\t5\t9\t99\t2\t5\t3\tfalse\t"
              "CTakeDamageInfo\ttrue");
    // Two DamageInfo() calls are two objects here (GMod shares one: wiki bug 2771, not reproduced).
    EXPECT_EQ(ev(*rt, "local a, b = DamageInfo(), DamageInfo() a:SetDamage(1) b:SetDamage(2) return a:GetDamage()"),
              "1");
}

TEST(LuaDamage, EntityTakeDamageScalesAndBlocksAndTheHooksSeeTheInfo) {
    auto rt = luaMap(playerRoom("0 0 0"));
    ticks(*rt, 2);
    ASSERT_EQ(ev(*rt, "return Entity(1):Health(), Entity(1):Armor()"), "100\t0");
    ASSERT_EQ(ev(*rt, R"lua(
        POST = {}
        hook.Add("EntityTakeDamage", "t", function(target, dmg)
            if MODE == "half" then dmg:ScaleDamage(0.5) end
            if MODE == "block" then return true end
        end)
        hook.Add("PostEntityTakeDamage", "t", function(ent, dmg, took)
            POST[#POST + 1] = dmg:GetDamage() .. ":" .. tostring(took)
            KEPT = dmg
        end)
        MODE = "half"  Entity(1):TakeDamage(30, game.GetWorld(), game.GetWorld())
        local h1 = Entity(1):Health()
        MODE = "block" Entity(1):TakeDamage(30)
        local h2 = Entity(1):Health()
        MODE = nil
        local d = DamageInfo() d:SetDamage(10) d:SetDamageType(DMG_FALL)
        Entity(1):TakeDamageInfo(d)
        return h1, h2, Entity(1):Health(), table.concat(POST, " "))lua"),
              "85\t85\t75\t15:true 30:false 10:true");
    // The hook's object is the call's: kept, it refuses use.
    EXPECT_NE(ev(*rt, "return KEPT:GetDamage()").find("outside the hook call"), std::string::npos);
    ASSERT_EQ(ev(*rt, "Entity(1):SetHealth(50) Entity(1):SetMaxHealth(120) Entity(1):SetArmor(10) return 1"), "1");
    EXPECT_EQ(ev(*rt, "return Entity(1):Health(), Entity(1):GetMaxHealth(), Entity(1):Armor()"), "50\t120\t10");
    EXPECT_EQ(rt->world().player()->health, 50);  // the world's numbers
}

TEST(LuaDamage, DeathAtZeroRunsDoPlayerDeathThenPlayerDeath) {
    auto rt = luaMap(playerRoom("0 0 0"));
    ticks(*rt, 2);
    ASSERT_EQ(ev(*rt, R"lua(
        ORDER = {}
        hook.Add("DoPlayerDeath", "t", function(ply, attacker, dmg)
            ORDER[#ORDER + 1] = "DoPlayerDeath " .. dmg:GetDamage() .. " " .. tostring(attacker:IsWorld()) end)
        hook.Add("PlayerDeath", "t", function(ply, inflictor, attacker) ORDER[#ORDER + 1] = "PlayerDeath" end)
        Entity(1):TakeDamage(99, game.GetWorld())
        local alive = Entity(1):Alive()
        Entity(1):TakeDamage(1, game.GetWorld())
        return alive, Entity(1):Alive(), Entity(1):Health(), Entity(1):Deaths(), table.concat(ORDER, ", "))lua"),
              "true\tfalse\t0\t1\tDoPlayerDeath 1 true, PlayerDeath");
}

TEST(LuaDamage, BlastDamageGivesRadiusDamagesNumber) {
    auto rt = luaMap(playerRoom("200 0 0"));
    ticks(*rt, 2);
    // RadiusDamage: 100 - distance * 100 / 400 where the line to the body target stops: 52.8 (damage_test.cpp).
    ASSERT_EQ(ev(*rt, R"lua(
        hook.Add("EntityTakeDamage", "t", function(target, dmg)
            GOT = string.format("%.1f %d %s", dmg:GetDamage(), dmg:GetDamageType(), tostring(dmg:IsExplosionDamage()))
        end)
        util.BlastDamage(game.GetWorld(), game.GetWorld(), Vector(0, 0, 0), 400, 100)
        return GOT, Entity(1):Health())lua"),
              "52.8 64 true\t48");
    EXPECT_EQ(ev(*rt, R"lua(
        local d = DamageInfo() d:SetDamage(100) d:SetDamageType(DMG_BLAST)
        d:SetAttacker(game.GetWorld()) d:SetInflictor(game.GetWorld())
        util.BlastDamageInfo(d, Vector(0, 0, 0), 400)
        local h = Entity(1):Health()
        util.BlastDamage(game.GetWorld(), game.GetWorld(), Vector(-700, 0, 0), 400, 100)  -- out of the radius
        return GOT, h, Entity(1):Health())lua"),
              "52.8 64 true\t-5\t-5");
}

TEST(LuaDamage, ScriptedOnTakeDamageAndTriggerHurtGoThroughTheHooks) {
    auto map = playerRoom("0 0 0");
    map.addBrushEntity({{"classname", "trigger_hurt"}, {"spawnflags", "1"}, {"damage", "20"}},
                       {bsp::MapBuilder::box({-100, -100, 0}, {100, 100, 100}, "tools/toolstrigger")});
    auto rt = luaMap(map);
    ASSERT_EQ(ev(*rt, R"lua(
        HURT = 0
        hook.Add("EntityTakeDamage", "t", function(target, dmg)
            if target:IsPlayer() and IsValid(dmg:GetAttacker()) and dmg:GetAttacker():GetClass() == "trigger_hurt" then
                HURT = HURT + dmg:GetDamage()
            end
        end)
        local e = ents.Create("sent_dmg")
        e:GetTable().OnTakeDamage = function(self, dmg) SENT = dmg:GetDamage() return 1 end
        e:Spawn()
        e:TakeDamage(5)
        return SENT)lua"),
              "5");
    ticks(*rt, 100);
    // trigger_hurt 20/s: 10 every half second from the first Touch tick (2): ticks 2, 35, 68 (classes_test.cpp).
    EXPECT_EQ(ev(*rt, "return HURT, Entity(1):Health()"), "30\t70");
}

}  // namespace
}  // namespace vestige::source::game
