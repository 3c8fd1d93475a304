// `vestige export units.lib:tank.msh -o tank.glb [--textures DIR]` through the real binary.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "fixture.hpp"

namespace vestige::iron3d {
namespace {
using namespace testfix;

struct RunResult {
    int code = -1;
    std::string out, err;
};

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Bytes slurpBytes(const fs::path& p) {
    const std::string s = slurp(p);
    return Bytes(s.begin(), s.end());
}

class TexturedExportCli : public ::testing::Test {
protected:
    void SetUp() override {
        mDir = fs::temp_directory_path() /
               ("vestige_textured_cli_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(mDir);
        fs::create_directories(mDir);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(mDir, ec);
    }
    RunResult run(const std::vector<std::string>& args) {
        std::string cmd = quote(VESTIGE_BIN);
        for (const auto& a : args) cmd += " " + quote(a);
        cmd += " </dev/null >" + quote((mDir / "o.txt").string()) + " 2>" + quote((mDir / "e.txt").string());
        const int status = std::system(cmd.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), slurp(mDir / "o.txt"), slurp(mDir / "e.txt")};
    }
    fs::path mDir;
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
