// The `vestige` command line as a user sees it: exit codes, --help, --json documents, the demo.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/rng.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

using RunResult = test::CliRun;
using test::slurp;

class Cli : public test::TempDirTest {
protected:
    RunResult run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
};

TEST_F(Cli, NoArgumentsIsAUsageError) {
    const auto r = run({});
    EXPECT_EQ(r.code, 2) << r.out << r.err;
    EXPECT_TRUE(r.out.empty() || r.err.size() > 0);
}

TEST_F(Cli, UnknownVerbIsAUsageError) {
    const auto r = run({"bogus"});
    EXPECT_EQ(r.code, 2) << r.out << r.err;
    EXPECT_TRUE(r.out.empty()) << "usage errors go to stderr";
    EXPECT_FALSE(r.err.empty());
}

TEST_F(Cli, UnknownVerbIsNamedInTheMessage) {
    const auto r = run({"bogus"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("bogus"), std::string::npos) << r.err;
}

TEST_F(Cli, UnknownFlagIsAUsageError) {
    EXPECT_EQ(run({"info", "--no-such-flag", "x"}).code, 2);
    EXPECT_EQ(run({"info"}).code, 2) << "PATH is required";
    EXPECT_EQ(run({"--bogus-flag"}).code, 2);
}

TEST_F(Cli, HelpExitsZero) {
    const auto top = run({"--help"});
    EXPECT_EQ(top.code, 0) << top.err;
    for (const char* verb : {"info", "version", "demo"}) EXPECT_NE(top.out.find(verb), std::string::npos) << verb;

    const auto info = run({"info", "--help"});
    EXPECT_EQ(info.code, 0) << info.err;
    EXPECT_NE(info.out.find("--json"), std::string::npos);
    EXPECT_NE(info.out.find("Example: vestige info"), std::string::npos) << "footer with an example";

    const auto demo = run({"demo", "--help"});
    EXPECT_EQ(demo.code, 0);
    EXPECT_NE(demo.out.find("Example: vestige demo"), std::string::npos);
}

TEST_F(Cli, VersionJsonParses) {
    const auto r = run({"version", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    EXPECT_EQ(j.at("name"), "vestige");
    EXPECT_TRUE(j.at("version").is_string());
    EXPECT_FALSE(j.at("version").get<std::string>().empty());
    ASSERT_TRUE(j.at("formats").is_array());
    for (const auto& f : j["formats"]) EXPECT_TRUE(f.is_string());

    const auto text = run({"version"});
    EXPECT_EQ(text.code, 0);
    EXPECT_EQ(text.out.rfind("vestige " + j["version"].get<std::string>(), 0), 0u) << text.out;
}

TEST_F(Cli, InfoJsonOnARandomFileIsAStructuredError) {
    // Deterministic noise that no format's magic matches; a neutral extension.
    Pcg32 rng(2026, 11);
    Bytes noise(4096);
    for (auto& b : noise) b = static_cast<std::uint8_t>(rng.next());
    noise[0] = 0x00;
    noise[1] = 0xFF;
    const auto path = mDir / "noise.bin";
    ASSERT_TRUE(writeFileAtomic(path, noise).ok());

    const auto r = run({"info", "--json", path.string()});
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << "stdout must be one JSON document: " << r.out;
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(j.at("ok"), false);
    ASSERT_TRUE(j.at("error").is_object());
    EXPECT_TRUE(j["error"].at("code").is_string());
    EXPECT_EQ(j["error"]["code"], "info.unknown_format");
    EXPECT_TRUE(j["error"].at("message").is_string());
    EXPECT_TRUE(j["error"].at("context").is_array());
    EXPECT_EQ(j["error"]["actual"], "4096 bytes starting 00 FF " + [&] {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%02X %02X %02X %02X %02X %02X ...", noise[2], noise[3], noise[4], noise[5],
                      noise[6], noise[7]);
        return std::string(buf);
    }());

    // Without --json: one line on stderr, nothing on stdout, still exit 1.
    const auto text = run({"info", path.string()});
    EXPECT_EQ(text.code, 1);
    EXPECT_TRUE(text.out.empty()) << text.out;
    EXPECT_EQ(text.err.rfind("vestige: error: ", 0), 0u) << text.err;
    EXPECT_NE(text.err.find("[info.unknown_format]"), std::string::npos) << text.err;
}

TEST_F(Cli, InfoJsonOnAMissingFile) {
    const auto r = run({"info", "--json", (mDir / "missing.lib").string()});
    EXPECT_EQ(r.code, 1);
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    EXPECT_EQ(j.at("ok"), false);
    EXPECT_EQ(j["error"]["code"], "io.open");
}

TEST_F(Cli, InfoJsonEntryOfANonArchive) {
    const auto path = mDir / "plain.txt";
    ASSERT_TRUE(writeFileAtomic(path, std::string_view("just text, not an archive")).ok());
    const auto r = run({"info", "--json", path.string() + ":entry"});
    EXPECT_EQ(r.code, 1);
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    EXPECT_EQ(j["error"]["code"], "vfs.not_archive");
}

TEST_F(Cli, InfoJsonOnAnEmptyFile) {
    const auto path = mDir / "empty.dat";
    ASSERT_TRUE(writeFileAtomic(path, ByteView{}).ok());
    const auto r = run({"info", "--json", path.string()});
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    EXPECT_EQ(j.at("ok"), false);
}

TEST_F(Cli, DemoWritesTheVfsReport) {
    const auto out = mDir / "demo";
    const auto r = run({"demo", "--out", out.string()});
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    ASSERT_TRUE(fs::is_regular_file(out / "vfs" / "report.json")) << r.out;
    const auto report = nlohmann::json::parse(slurp(out / "vfs" / "report.json"), nullptr, false);
    ASSERT_FALSE(report.is_discarded());
    ASSERT_EQ(report.at("lookups").size(), 6u);
    int ok = 0;
    for (const auto& row : report["lookups"]) ok += row.at("ok").get<bool>() ? 1 : 0;
    EXPECT_EQ(ok, 2);
    EXPECT_EQ(report["lookups"][0]["content"], "granite");
    EXPECT_EQ(report["lookups"][3]["error"], "vfs.dot_segment");
    EXPECT_EQ(report["lookups"][4]["error"], "vfs.absolute");
    EXPECT_FALSE(report["lookups"][5]["ok"].get<bool>());  // "C:/autoexec.bat" (vfs.not_found today, see vfs_tests)
    EXPECT_NE(r.out.find("demo: "), std::string::npos) << "summary line";
}

TEST_F(Cli, DemoVfsStageIsDeterministicAndJson) {
    const auto a = mDir / "a";
    const auto b = mDir / "b";
    const auto ra = run({"demo", "--stage", "vfs", "--out", a.string()});
    ASSERT_EQ(ra.code, 0) << ra.out << ra.err;
    const auto rb = run({"demo", "--json", "--stage", "vfs", "--out", b.string()});
    ASSERT_EQ(rb.code, 0) << rb.out << rb.err;
    EXPECT_EQ(slurp(a / "vfs" / "report.json"), slurp(b / "vfs" / "report.json"));
    const auto j = nlohmann::json::parse(rb.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << rb.out;
    EXPECT_EQ(j.at("ok"), true);
    ASSERT_EQ(j.at("stages").size(), 1u);
    EXPECT_EQ(j["stages"][0]["stage"], "vfs");
    EXPECT_EQ(j["stages"][0]["files"], nlohmann::json::array({"vfs/report.json"}));
}

TEST_F(Cli, DemoJsonEscapesTheOutputPath) {
    const auto out = mDir / "we\"ird\\dir";
    const auto r = run({"demo", "--json", "--stage", "vfs", "--out", out.string()});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    EXPECT_EQ(j.at("out"), out.string());
}

// `export --animated` turns an MSH's node animation into glTF channels; the static export has none.
TEST_F(Cli, ExportAnimatedMshHasAnAnimation) {
    const auto demo = run({"demo", "--stage", "animesh", "--out", (mDir / "demo").string()});
    ASSERT_EQ(demo.code, 0) << demo.out << demo.err;
    const auto model = (mDir / "demo" / "animesh" / "tank.msh").string();
    auto glbJson = [](const fs::path& path) {
        std::ifstream in(path, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (bytes.size() < 20) return nlohmann::json();
        std::uint32_t len = 0;
        std::memcpy(&len, bytes.data() + 12, 4);
        return nlohmann::json::parse(bytes.substr(20, len), nullptr, false);
    };
    ASSERT_EQ(run({"export", model, "-o", (mDir / "a.glb").string(), "--animated", "--frames", "8"}).code, 0);
    ASSERT_EQ(run({"export", model, "-o", (mDir / "s.glb").string()}).code, 0);
    const auto animated = glbJson(mDir / "a.glb");
    const auto still = glbJson(mDir / "s.glb");
    ASSERT_TRUE(animated.contains("animations"));
    EXPECT_EQ(animated["animations"].size(), 1u);
    EXPECT_FALSE(animated["animations"][0]["channels"].empty());
    EXPECT_FALSE(still.contains("animations"));
    const auto bad = run({"export", model, "-o", (mDir / "b.glb").string(), "--animated", "--lod", "9"});
    EXPECT_EQ(bad.code, 1);
    EXPECT_NE(bad.err.find("export.bad_option"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace vestige
