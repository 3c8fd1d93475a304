// `vestige export units.lib:tank.msh -o tank.glb [--textures DIR]` through the real binary.
#include "cli.hpp"
#include "fixture.hpp"

namespace vestige::iron3d {
namespace {
using namespace testfix;

using test::slurp;

Bytes slurpBytes(const fs::path& p) {
    const std::string s = slurp(p);
    return Bytes(s.begin(), s.end());
}

class TexturedExportCli : public test::TempDirTest {
protected:
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
};

TEST_F(TexturedExportCli, TexturesFlagAndNote) {
    writeSet(mDir / "data", mDir / "models");
    const std::string spec = (mDir / "models" / "units.lib").string() + ":tank.msh";
    // No libraries next to the archive: exported as before, with a note on stderr.
    const auto plain = run({"export", spec, "-o", (mDir / "plain.glb").string()});
    ASSERT_EQ(plain.code, 0) << plain.err;
    EXPECT_NE(plain.err.find("exported without textures"), std::string::npos) << plain.err;
    EXPECT_NE(plain.err.find("--textures"), std::string::npos) << plain.err;
    EXPECT_FALSE(parseGlb(slurpBytes(mDir / "plain.glb")).json.contains("images"));

    const auto tex = run({"export", spec, "-o", (mDir / "tank.glb").string(), "--textures", (mDir / "data").string()});
    ASSERT_EQ(tex.code, 0) << tex.err;
    EXPECT_NE(tex.out.find("wrote"), std::string::npos);
    EXPECT_EQ(tex.err.find("exported without textures"), std::string::npos) << tex.err;
    const Glb glb = parseGlb(slurpBytes(mDir / "tank.glb"));
    ASSERT_EQ(glb.json["images"].size(), 3u);
    ASSERT_EQ(glb.json["textures"].size(), 3u);
    ASSERT_EQ(glb.json["materials"].size(), 3u);
    EXPECT_EQ(glb.json["materials"][0]["name"], "HULL+LM_TANK");
    EXPECT_EQ(image::decodePng(glb.image(0)).value(), pixels(2, 2, 10));
}

TEST_F(TexturedExportCli, BrokenLinkExitsOne) {
    writeSet(mDir, mDir, "NO_SUCH_TEX");
    const auto r = run({"export", (mDir / "units.lib").string() + ":tank.msh", "-o", (mDir / "x.glb").string(), "--json"});
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE((r.out + r.err).find("materials.texture_missing"), std::string::npos) << r.out << r.err;
    EXPECT_NE((r.out + r.err).find("NO_SUCH_TEX"), std::string::npos) << r.out << r.err;
    EXPECT_FALSE(fs::exists(mDir / "x.glb"));
}

}  // namespace
}  // namespace vestige::iron3d
