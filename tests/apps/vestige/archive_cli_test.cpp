// `vestige pack` / `extract` / `ls` for the path-keyed archives (VPK, GMA): a directory packs to the canonical
// archive, extract keeps what pack needs in the manifest, and extract + pack gives the same bytes again.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli.hpp"
#include "shared.hpp"
#include "vestige/core/file_io.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;
using test::slurp;

class ArchiveCli : public test::TempDirTest {
protected:
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
    void writeText(const fs::path& p, std::string_view text) {
        fs::create_directories(p.parent_path());
        ASSERT_TRUE(writeFileAtomic(p, Bytes(text.begin(), text.end())).ok());
    }
    void makeTree() {
        writeText(mDir / "src" / "lua" / "autorun" / "a.lua", "print('hi')\n");
        writeText(mDir / "src" / "materials" / "x.vmt", "\"UnlitGeneric\" {}\n");
        writeText(mDir / "src" / "b.txt", "top level\n");
    }
};

TEST_F(ArchiveCli, GmaPackExtractPackIsIdentical) {
    makeTree();
    const auto a = (mDir / "a.gma").string();
    auto r = run({"pack", "--format", "gma", "--title", "Demo addon", (mDir / "src").string(), "-o", a});
    ASSERT_EQ(r.code, 0) << r.err;
    r = run({"ls", "--json", a});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto list = nlohmann::json::parse(r.out);
    ASSERT_EQ(list["entries"].size(), 3u);
    EXPECT_EQ(list["entries"][0]["name"], "b.txt");  // sorted bytewise, recursive
    EXPECT_EQ(list["entries"][1]["name"], "lua/autorun/a.lua");
    EXPECT_EQ(list["entries"][2]["name"], "materials/x.vmt");
    r = run({"extract", a, "-o", (mDir / "ex").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto manifest = nlohmann::json::parse(slurp(mDir / "ex" / "vestige-manifest.json"));
    EXPECT_EQ(manifest["gma"]["name"], "Demo addon");
    EXPECT_EQ(manifest["gma"]["timestamp"], 0);
    r = run({"pack", "--format", "gma", (mDir / "ex").string(), "-o", (mDir / "b.gma").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(slurp(mDir / "b.gma"), slurp(a));
    // Without a manifest or --title the addon is named after the directory, trailing slash or not.
    r = run({"pack", "--format", "gma", (mDir / "src").string() + "/", "-o", (mDir / "d.gma").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    r = run({"info", "--json", (mDir / "d.gma").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("\"name\":\"src\""), std::string::npos) << r.out;
    // A hand-edited manifest with a wrong type is a structured error, not a crash.
    auto edited = manifest;
    edited["gma"]["timestamp"] = "yesterday";
    writeText(mDir / "ex" / "vestige-manifest.json", edited.dump());
    r = run({"pack", "--json", "--format", "gma", (mDir / "ex").string(), "-o", (mDir / "c.gma").string()});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("pack.bad_manifest"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("timestamp"), std::string::npos) << r.out;
}

TEST_F(ArchiveCli, VpkDirectoryWithChunksRoundTrips) {
    makeTree();
    fs::create_directories(mDir / "out" / "again");
    const auto dir = (mDir / "out" / "pak01_dir.vpk").string();
    auto r = run({"pack", "--json", "--format", "vpk", (mDir / "src").string(), "-o", dir});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto packed = nlohmann::json::parse(r.out);
    EXPECT_EQ(packed["entries"], 3);
    ASSERT_EQ(packed["chunks"].size(), 1u);
    EXPECT_TRUE(fs::is_regular_file(mDir / "out" / "pak01_000.vpk"));
    r = run({"extract", dir, "-o", (mDir / "vx").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(slurp(mDir / "vx" / "materials" / "x.vmt"), "\"UnlitGeneric\" {}\n");
    r = run({"pack", "--format", "vpk", (mDir / "vx").string(), "-o", (mDir / "out" / "again" / "pak01_dir.vpk").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(slurp(mDir / "out" / "again" / "pak01_dir.vpk"), slurp(dir));
    EXPECT_EQ(slurp(mDir / "out" / "again" / "pak01_000.vpk"), slurp(mDir / "out" / "pak01_000.vpk"));
    // Any other output name is one single-file archive; version 1 on request.
    r = run({"pack", "--format", "vpk", "--vpk-version", "1", (mDir / "src").string(), "-o", (mDir / "one.vpk").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    r = run({"info", "--json", (mDir / "one.vpk").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["version"], 1);
    r = run({"pack", "--format", "vpk", "--vpk-version", "3", (mDir / "src").string(), "-o", (mDir / "bad.vpk").string()});
    EXPECT_EQ(r.code, 1);
}

TEST_F(ArchiveCli, CorpusGmaExtractPackIsIdentical) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/gma/genuine.gma");
    auto r = run({"extract", path.string(), "-o", (mDir / "g").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    r = run({"pack", "--format", "gma", (mDir / "g").string(), "-o", (mDir / "g.gma").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(slurp(mDir / "g.gma"), slurp(path));
}

}  // namespace
}  // namespace vestige
