// VMT view: shader, parameters, flags, proxies, Patch resolution; the corpus materials as a second line.
#include "vestige/source/keyvalues/vmt.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/keyvalues/register.hpp"

namespace vestige::source::keyvalues {
namespace {

constexpr std::string_view kBrick = R"(LightmappedGeneric
{
	$basetexture "brick/brickwall001a"
	$BumpMap brick/brickwall001a_normal
	$surfaceprop brick
	$translucent 0
	$alphatest 1.0 [$WIN32]
	$alphatest 0 [!$WIN32]
	%compilewater 0
	"Proxies"
	{
		TextureScroll { texturescrollvar $basetexturetransform texturescrollrate 0.5 }
		Sine { sinemin 0 sinemax 1 resultvar $alpha }
	}
}
)";

TEST(Vmt, CommonParametersAndProxies) {
    auto m = parseMaterial(kBrick);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(m->shader, "LightmappedGeneric");
    EXPECT_EQ(m->baseTexture, "brick/brickwall001a");
    EXPECT_EQ(m->bumpMap, "brick/brickwall001a_normal");
    EXPECT_EQ(m->surfaceProp, "brick");
    EXPECT_FALSE(m->translucent);
    EXPECT_TRUE(m->alphaTest);  // the [$WIN32] line wins on PC, the [!$WIN32] one is dropped
    ASSERT_EQ(m->params.size(), 6u);
    EXPECT_EQ(m->params[1].first, "$BumpMap");
    EXPECT_EQ(m->params[5], (std::pair<std::string, std::string>{"%compilewater", "0"}));
    ASSERT_EQ(m->proxies.size(), 2u);
    EXPECT_EQ(m->proxies[0].key, "TextureScroll");
    EXPECT_EQ(m->proxies[0].get("texturescrollrate"), "0.5");
    EXPECT_EQ(m->proxies[1].key, "Sine");
    EXPECT_FALSE(m->isPatch);
}

TEST(Vmt, TruthyValues) {
    EXPECT_TRUE(truthy("1"));
    EXPECT_TRUE(truthy(" 2"));
    EXPECT_TRUE(truthy("0.5"));
    EXPECT_FALSE(truthy("0"));
    EXPECT_FALSE(truthy("0.0"));
    EXPECT_FALSE(truthy(""));
    EXPECT_FALSE(truthy("yes"));
}

TEST(Vmt, PatchInsertReplaceDeleteAndProxies) {
    const std::map<std::string, std::string> files = {
        {"materials/base.vmt", std::string(kBrick)},
        {"materials/mid.vmt", "patch { include materials/base.vmt insert { $envmap env_cubemap } }"},
    };
    MaterialLoader load = [&](std::string_view path) -> Result<std::string> {
        auto it = files.find(std::string(path));
        if (it == files.end()) return Error("test.missing", "no such material").entry(std::string(path));
        return it->second;
    };
    auto patch = parseMaterial(
        "Patch\n{\n include \"materials/mid.vmt\"\n"
        " insert { $detail detail/noise $surfaceprop concrete Proxies { Extra { } } }\n"
        " replace { $basetexture maps/x/brick_patched $missing 5 $bumpmap \"\" }\n}\n");
    ASSERT_TRUE(patch.ok()) << patch.error().render();
    EXPECT_TRUE(patch->isPatch);
    EXPECT_EQ(patch->patchInclude, "materials/mid.vmt");
    EXPECT_EQ(patch->insert.size(), 3u);
    EXPECT_EQ(patch->replace.size(), 3u);
    auto r = resolvePatch(*patch, load);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->shader, "LightmappedGeneric");
    EXPECT_FALSE(r->isPatch);
    EXPECT_EQ(r->baseTexture, "maps/x/brick_patched");  // replace: key exists
    EXPECT_FALSE(r->param("$missing").has_value());     // replace never adds
    EXPECT_FALSE(r->bumpMap.has_value());               // empty value deletes
    EXPECT_EQ(r->param("$detail"), "detail/noise");     // insert adds
    EXPECT_EQ(r->surfaceProp, "concrete");              // insert overwrites
    EXPECT_EQ(r->param("$envmap"), "env_cubemap");      // from the nested patch
    ASSERT_EQ(r->proxies.size(), 3u);                   // appended
    EXPECT_EQ(r->proxies[2].key, "Extra");

    // A self-including patch stops at the depth limit.
    MaterialLoader loop = [](std::string_view) -> Result<std::string> {
        return std::string("patch { include self.vmt }");
    };
    auto self = parseMaterial("patch { include self.vmt }");
    ASSERT_TRUE(self.ok());
    auto deep = resolvePatch(*self, loop, 4);
    ASSERT_FALSE(deep.ok());
    EXPECT_EQ(deep.error().code(), "vmt.patch_depth");
    auto missing = parseMaterial("patch { include nope.vmt }");
    auto err = resolvePatch(*missing, load);
    ASSERT_FALSE(err.ok());
    EXPECT_EQ(err.error().code(), "test.missing");
}

TEST(Vmt, DescribeJsonAndText) {
    auto m = parseMaterial(kBrick);
    ASSERT_TRUE(m.ok());
    const auto d = describe(*m, kBrick.size());
    EXPECT_EQ(d.json.rfind("{\"format\":\"vmt\"", 0), 0u) << d.json;
    EXPECT_NE(d.json.find("\"basetexture\":\"brick/brickwall001a\""), std::string::npos);
    EXPECT_NE(d.json.find("\"proxies\":[\"TextureScroll\",\"Sine\"]"), std::string::npos);
    EXPECT_EQ(d.text.substr(0, d.text.find('\n')),
              fmt::format("VMT material, shader LightmappedGeneric, {} bytes", kBrick.size()));
    EXPECT_EQ(probeVmt({}, "a/B.VMT"), 10);
    EXPECT_EQ(probeVmt({}, "a.vtf"), 0);
}

TEST(Vmt, NotABlockIsAnError) {
    auto m = parseMaterial("\n  LightmappedGeneric value");
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code(), "vmt.not_a_block");
    EXPECT_EQ(m.error().offset(), 3u);
}

TEST(VmtCorpus, SampleMaterials) {
    for (const char* name : {"bgr888", "bgra8888", "dxt1", "dxt5", "i8"}) {
        SCOPED_TRACE(name);
        VESTIGE_REQUIRE_SHARED(path, fmt::format("corpus/vtf/sample_{}.vmt", name));
        auto bytes = readFile(path);
        ASSERT_TRUE(bytes.ok());
        auto m = parseMaterial(asChars(*bytes));
        ASSERT_TRUE(m.ok()) << m.error().render();
        EXPECT_EQ(m->shader, "UnlitGeneric");
        EXPECT_EQ(m->baseTexture, fmt::format("test_vtf/sample_{}", name));
        ASSERT_EQ(m->params.size(), 2u);
        EXPECT_EQ(m->params[1], (std::pair<std::string, std::string>{"$model", "0"}));
        EXPECT_FALSE(m->translucent);
        // Writer round trip of the document.
        auto doc = parse(asChars(*bytes));
        ASSERT_TRUE(doc.ok());
        auto text = write(*doc);
        ASSERT_TRUE(text.ok());
        EXPECT_EQ(*parse(*text), *doc);
    }
}

}  // namespace
}  // namespace vestige::source::keyvalues
