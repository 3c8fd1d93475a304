// Real maps from ../shared/corpus (skipped when absent): a GMod tool-texture map loads into a session whose
// traces hit its floor and ceiling; a CS:GO v21 map is refused with the reader's structured error.
#include <gtest/gtest.h>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/game/map.hpp"

namespace vestige::source::game {
namespace {

TEST(GameCorpus, GmodToolTexturesSession) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/bsp/gmod_tooltextures.bsp");
    auto bytes = readFile(path);
    ASSERT_TRUE(bytes.ok());
    auto map = GameMap::load(*bytes, "gmod_tooltextures");
    ASSERT_TRUE(map.ok()) << map.error().render();
    const auto& m = **map;
    ASSERT_EQ(m.entities().size(), 1u);
    EXPECT_EQ(m.entities()[0].className, "info_player_start");
    EXPECT_EQ(m.entities()[0].origin, (Vec3{256, 256, 8}));
    EXPECT_TRUE(m.warnings().empty());
    EXPECT_EQ(m.stats().worldVolumes, 34u);

    glua::Options opt;
    opt.output = [](std::string_view) {};
    auto rt = createRuntime(*map, std::move(opt));
    ASSERT_TRUE(rt.ok());
    ASSERT_TRUE((*rt)->boot().ok());
    (*rt)->tick();
    // Straight down onto the spawn point: the player's box (its top: origin z + 72) first, the floor once filtered.
    // The player spawned at the spot + 1 (z 9) and is falling onto the floor (z 8) in its first tick.
    auto r = (*rt)->eval(
        "local t = util.TraceLine({start = Vector(256, 256, 100), endpos = Vector(256, 256, -100)}) "
        "local p = Entity(1):GetPos() return game.GetMap(), p.x, p.y, p.z > 8 and p.z < 9, t.Entity == Entity(1), "
        "math.abs(t.HitPos.z - (p.z + 72.03125)) < 1e-4");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, "gmod_tooltextures\t256\t256\ttrue\ttrue\ttrue");
    r = (*rt)->eval(
        "local t = util.TraceLine({start = Vector(256, 256, 100), endpos = Vector(256, 256, -100), "
        "filter = Entity(1)}) return t.HitWorld, t.HitPos, t.HitNormal");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, "true\t256.000000 256.000000 0.031250\t0.000000 0.000000 1.000000");
    // Up from inside the player's box (filtered) to the ceiling at z = 512.
    r = (*rt)->eval(
        "local t = util.TraceLine({start = Vector(256, 256, 40), endpos = Vector(256, 256, 1000), "
        "filter = Entity(1)}) return t.HitPos.z, t.HitNormal.z");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, "511.96875\t-1");
    // Surfaces as vbsp stored them: the names verbatim (this map's dev material upper case, tool materials lower
    // case), the texinfo flags vbsp gave each tool material (toolsskybox2d carries SURF_SKY too: HitSky).
    r = (*rt)->eval(
        "local a = util.TraceLine({start = Vector(256, 256, 100), endpos = Vector(256, 256, -100), "
        "filter = Entity(1)}) local out = {a.HitTexture .. ':' .. a.SurfaceFlags} "
        "for _, p in ipairs({{16, 176}, {48, 176}, {80, 176}, {16, 80}, {16, 16}}) do "
        "local t = util.TraceLine({start = Vector(p[1], p[2], 100), endpos = Vector(p[1], p[2], 0), mask = MASK_ALL}) "
        "out[#out + 1] = t.HitTexture .. ':' .. t.SurfaceFlags .. ':' .. tostring(t.HitSky) .. ':' .. "
        "tostring(t.HitNoDraw) end return table.concat(out, ' ')");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r,
              "DEV/DEV_MEASUREGENERIC01B:0 tools/toolsskybox:1028:true:false tools/toolsskybox2d:1030:true:false "
              "tools/toolsskyfog:1024:false:false tools/toolsclip:1152:false:true "
              "tools/toolsblockbullets:1168:false:true");
    EXPECT_TRUE((*rt)->errors().empty());
}

TEST(GameCorpus, UnsupportedVersionIsAnError) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/bsp/csgo_tooltextures.bsp");
    auto bytes = readFile(path);
    ASSERT_TRUE(bytes.ok());
    auto map = GameMap::load(*bytes, "csgo_tooltextures");
    ASSERT_FALSE(map.ok());
    EXPECT_EQ(map.error().code(), "bsp.unsupported_version");
    EXPECT_EQ(map.error().offset(), 4u);
}

}  // namespace
}  // namespace vestige::source::game
