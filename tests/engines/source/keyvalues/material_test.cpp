// VMT resolution: Patch includes and cycles, DX9 fallback blocks, dx-level blocks, $fallbackmaterial, parameters,
// proxies at a time. Fixtures are VMT texts in memory.
#include "vestige/source/keyvalues/material.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

namespace vestige::source::keyvalues {
namespace {

struct Files {
    std::map<std::string, std::string> files;
    VmtLoader loader() const {
        return [this](std::string_view p) -> Result<std::optional<std::string>> {
            auto it = files.find(std::string(p));
            if (it == files.end()) return std::optional<std::string>{};
            return std::optional<std::string>(it->second);
        };
    }
};

TEST(MaterialKey, FoldsPrefixExtensionCaseAndSlashes) {
    EXPECT_EQ(materialKey("Materials\\Brick\\Wall.VMT"), "brick/wall");
    EXPECT_EQ(vmtPath("brick/wall"), "materials/brick/wall.vmt");
    EXPECT_EQ(vtfPath("Brick/Wall"), "materials/brick/wall.vtf");
}

TEST(Resolve, PlainMaterialParameters) {
    Files f;
    f.files["materials/brick/wall.vmt"] =
        "\"LightmappedGeneric\" { \"$basetexture\" \"brick/wall\" \"$bumpmap\" \"brick/wall_normal\" "
        "\"$basetexturetransform\" \"center .5 .5 scale 2 2 rotate 0 translate 0.25 0\" \"$color\" \"[1 0.5 0]\" "
        "\"$translucent\" 1 \"$alpha\" 0.5 \"$nocull\" 1 }";
    auto m = resolveMaterial("brick/wall", f.loader());
    ASSERT_TRUE(m.ok()) << m.error->render();
    EXPECT_EQ(m.family, ShaderFamily::LightmappedGeneric);
    EXPECT_EQ(*m.baseTexture, "brick/wall");
    EXPECT_EQ(*m.bumpMap, "brick/wall_normal");
    EXPECT_TRUE(m.translucent);
    EXPECT_TRUE(m.noCull);
    EXPECT_FLOAT_EQ(m.alpha, 0.5f);
    EXPECT_FLOAT_EQ(m.color.y, 0.5f);
    const Vec2 uv = m.baseTransform.apply({0.75f, 0.5f});  // (0.25 * 2) + 0.5 + 0.25
    EXPECT_FLOAT_EQ(uv.x, 1.25f);
    EXPECT_FLOAT_EQ(uv.y, 0.5f);
    EXPECT_EQ(m.chain, (std::vector<std::string>{"materials/brick/wall.vmt"}));
}

TEST(Resolve, PatchInsertReplaceAndNestedInclude) {
    Files f;
    f.files["materials/base.vmt"] = "LightmappedGeneric { $basetexture a $surfaceprop concrete }";
    f.files["materials/mid.vmt"] = "Patch { include materials/base.vmt replace { $basetexture b $detail none } }";
    f.files["materials/top.vmt"] = "patch { include \"materials/MID.vmt\" insert { $envmap env_cubemap } }";
    auto m = resolveMaterial("top", f.loader());
    ASSERT_TRUE(m.ok()) << m.error->render();
    EXPECT_EQ(m.shader, "LightmappedGeneric");
    EXPECT_EQ(*m.baseTexture, "b");
    EXPECT_FALSE(m.detail);  // replace never adds a key
    EXPECT_EQ(*m.envMap, "env_cubemap");
    EXPECT_EQ(m.chain.size(), 3u);
}

TEST(Resolve, IncludeCycleIsThisMaterialsError) {
    Files f;
    f.files["materials/a.vmt"] = "Patch { include materials/b.vmt }";
    f.files["materials/b.vmt"] = "Patch { include materials/a.vmt }";
    auto m = resolveMaterial("a", f.loader());
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error->code(), "vmt.include_cycle");
    f.files["materials/self.vmt"] = "Patch { include materials/self.vmt }";
    EXPECT_EQ(resolveMaterial("self", f.loader()).error->code(), "vmt.include_cycle");
}

TEST(Resolve, MissingMaterialAndMissingInclude) {
    Files f;
    EXPECT_EQ(resolveMaterial("none", f.loader()).error->code(), "vmt.missing");
    f.files["materials/p.vmt"] = "Patch { include materials/gone.vmt }";
    EXPECT_EQ(resolveMaterial("p", f.loader()).error->code(), "vmt.missing");
    f.files["materials/bad.vmt"] = "LightmappedGeneric { $basetexture \"open";
    EXPECT_EQ(resolveMaterial("bad", f.loader()).error->code(), "keyvalues.unterminated_string");
}

TEST(Resolve, Dx9FallbackBlockAndDxLevelBlocks) {
    Files f;
    f.files["materials/w.vmt"] =
        "LightmappedGeneric { $basetexture dx8tex $envmap env_cubemap "
        "LightmappedGeneric_DX9 { $basetexture dx9tex } "
        "LightmappedGeneric_HDR_DX9 { $basetexture hdrtex } "
        "\">=dx90\" { $detail fine } \"<dx90\" { $envmap none } }";
    auto m = resolveMaterial("w", f.loader());
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(*m.baseTexture, "dx9tex");
    EXPECT_EQ(*m.detail, "fine");
    EXPECT_EQ(*m.envMap, "env_cubemap");
    EXPECT_EQ(m.blocks, (std::vector<std::string>{"LightmappedGeneric_DX9", ">=dx90"}));
    EXPECT_EQ(*resolveMaterial("w", f.loader(), {.hdr = true}).baseTexture, "hdrtex");
    auto low = resolveMaterial("w", f.loader(), {.dxLevel = 80});
    EXPECT_EQ(*low.envMap, "none");
    EXPECT_FALSE(low.detail);
}

TEST(Resolve, FallbackMaterialForShadersNotDrawn) {
    Files f;
    f.files["materials/glass.vmt"] = "Refract { $normalmap n $fallbackmaterial glass_cheap }";
    f.files["materials/glass_cheap.vmt"] = "UnlitGeneric { $basetexture glass $translucent 1 }";
    auto m = resolveMaterial("glass", f.loader());
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m.family, ShaderFamily::UnlitGeneric);
    EXPECT_EQ(*m.baseTexture, "glass");
    f.files["materials/loop.vmt"] = "Refract { $fallbackmaterial loop }";
    EXPECT_EQ(resolveMaterial("loop", f.loader()).error->code(), "vmt.include_cycle");
    // A drawn shader keeps itself even with a fallback material named.
    f.files["materials/lg.vmt"] = "LightmappedGeneric { $basetexture x $fallbackmaterial glass_cheap }";
    EXPECT_EQ(resolveMaterial("lg", f.loader()).family, ShaderFamily::LightmappedGeneric);
}

TEST(Proxies, EvaluatedAtATime) {
    Files f;
    f.files["materials/anim.vmt"] =
        "UnlitGeneric { $basetexture water Proxies { AnimatedTexture { animatedtexturevar $basetexture "
        "animatedtextureframenumvar $frame animatedtextureframerate 10 } TextureScroll { texturescrollvar "
        "$basetexturetransform texturescrollrate 0.25 texturescrollangle 90 } Sine { sinemin 0 sinemax 2 sineperiod 4 "
        "resultvar $alpha } LinearRamp { rate 3 initialvalue 1 resultvar $color } PlayerProximity { } } }";
    auto m = resolveMaterial("anim", f.loader());
    ASSERT_TRUE(m.ok());
    ASSERT_EQ(m.proxies.size(), 5u);
    const ProxyState s = evaluateProxies(m.proxies, 1.05);
    EXPECT_EQ(*s.frame, 10u);
    EXPECT_EQ(wrapFrame(s, 4), 2u);
    EXPECT_NEAR(s.scroll->x, 0.0f, 1e-6f);  // cos 90° * 0.25 * 1.05
    EXPECT_NEAR(s.scroll->y, 0.2625f, 1e-6f);
    // Sine at t = 1.05 with period 4: 2 * (sin(2π·1.05/4)·0.5 + 0.5)
    EXPECT_NEAR(s.values.at("$alpha"), 2.0 * (std::sin(2.0 * 3.14159265358979 * 1.05 / 4.0) * 0.5 + 0.5), 1e-5);
    EXPECT_NEAR(s.values.at("$color"), 4.15f, 1e-5f);
    EXPECT_EQ(s.ignored, 1u);
    EXPECT_EQ(s.ignoredNames[0], "PlayerProximity");
    // Scroll keeps only the fraction (t = 10 -> 2.5 -> 0.5).
    EXPECT_NEAR(evaluateProxies(m.proxies, 10.0).scroll->y, 0.5f, 1e-5f);
}

}  // namespace
}  // namespace vestige::source::keyvalues
