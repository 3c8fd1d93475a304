// Entity:SetTrigger on a scripted point entity (issue #16): its collision bounds become a touch volume for players,
// calling ENT:StartTouch once, ENT:Touch while the boxes overlap and ENT:EndTouch once (the wiki: these run for brush
// entities and for entities with SetTrigger(true); FSOLID_TRIGGER; IsBoxIntersectingBox counts touching faces).
// Without the flag, or with SOLID_NONE, nothing is called. The tick numbers are regression guards; the rules are
// the wiki's and the engine's box test.
#include <gtest/gtest.h>

#include <string>

#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/game/map.hpp"
#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

std::string ev(glua::Runtime& rt, const std::string& code) {
    auto r = rt.eval(code);
    if (!r) return "ERR: " + r.error().message();
    return *r;
}

std::unique_ptr<glua::Runtime> pads() {
    auto map = test::room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    auto bytes = map.write();
    EXPECT_TRUE(bytes.ok());
    auto m = GameMap::load(*bytes, "pads");
    EXPECT_TRUE(m.ok());
    auto rt = createRuntime(*m, glua::Options{});
    EXPECT_TRUE(rt.ok()) << (rt.ok() ? "" : rt.error().render());
    EXPECT_TRUE((*rt)->boot().ok());
    (*rt)->tick();
    EXPECT_EQ(ev(**rt, R"lua(
        LOG = {}
        local ENT = { Type = "anim", Base = "base_anim" }
        function ENT:Initialize()
            self:SetSolid(self.Solid or SOLID_BBOX)
            self:SetCollisionBounds(Vector(-8, -8, 0), Vector(8, 8, 8))
            self:SetTrigger(self.Trigger)
        end
        local function log(name) return function(self, other)
            LOG[#LOG + 1] = self:GetName() .. "." .. name .. ":" .. other:EntIndex() .. "@" .. math.floor(Entity(1):GetPos().x)
        end end
        ENT.StartTouch, ENT.Touch, ENT.EndTouch = log("Start"), log("Touch"), log("End")
        scripted_ents.Register(ENT, "test_pad")
        local function pad(name, x, trigger, solid)
            local e = ents.Create("test_pad")
            e.Trigger, e.Solid = trigger, solid
            e:SetName(name)
            e:SetPos(Vector(x, 0, 0))
            e:Spawn()
        end
        pad("pad", 100, true) pad("plain", 300, false) pad("ghost", 500, true, SOLID_NONE)
    )lua"),
              "");
    return std::move(*rt);
}

TEST(LuaTouch, ATriggerPadTouchesThePlayerWalkingThrough) {
    auto rt = pads();
    World& w = rt->world();
    for (int i = 0; i < 400; ++i) {
        w.setCommand(*w.player(1), test::cmd(400));
        rt->tick();
    }
    const std::string log = ev(*rt, "return table.concat(LOG, ' ')");
    // The player (x in origin -16..16) meets the pad (x 92..108) once its origin passes 76, leaves after 124; the
    // plain pad (no SetTrigger) and the SOLID_NONE one never touch.
    ASSERT_NE(log.find("pad.Start:1@"), std::string::npos) << log;
    EXPECT_EQ(log.find("plain."), std::string::npos) << log;
    EXPECT_EQ(log.find("ghost."), std::string::npos) << log;
    const auto at = [&](const std::string& what) { return std::stoi(log.substr(log.find(what) + what.size())); };
    EXPECT_GE(at("pad.Start:1@"), 76);
    EXPECT_LT(at("pad.Start:1@"), 76 + 8);  // the first tick over the line (a tick moves the player < 8 u)
    EXPECT_GT(at("pad.End:1@"), 124);
    EXPECT_LT(at("pad.End:1@"), 124 + 8);
    EXPECT_EQ(ev(*rt, R"lua(
        local s, t, e = 0, 0, 0
        for _, l in ipairs(LOG) do
            if l:find("Start") then s = s + 1 elseif l:find("Touch") then t = t + 1 else e = e + 1 end
        end
        return s, e, t > 0)lua"),
              "1\t1\ttrue");
}

}  // namespace
}  // namespace vestige::source::game
