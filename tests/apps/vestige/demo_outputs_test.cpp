// Regression guard (not evidence of compatibility): `info`, `ls` and `ents` of every file the demo writes, in both
// output modes, give exactly the bytes recorded in golden/demo_<verb>_<mode>.txt. The tables were recorded before
// the format-services refactor (issue #14 item 1), so a refactor that changes any byte of any of these outputs
// fails here. Each row is "<exit code> <crc32 of stdout> <crc32 of stderr> <bytes of stdout> <path>"; the verbs run
// with the demo folder as working directory and relative paths, so nothing in an output depends on the run.
//
// The render, materials, mission and play stages' PNGs are left out: their bytes come from the GL driver, not from
// Vestige. After an intended output change, regenerate and review the diff:
//   VESTIGE_UPDATE_GOLDEN=1 build/dev/tests/apps/vestige/cli_tests --gtest_filter='DemoOutputs.*'
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "vestige/core/crc32.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

struct Row {
    int code = 0;
    std::uint32_t outCrc = 0, errCrc = 0;
    std::size_t outBytes = 0;
};

std::string rowText(const Row& r, const std::string& path) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%d %08x %08x %zu ", r.code, r.outCrc, r.errCrc, r.outBytes);
    return buf + path;
}

class DemoOutputs : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        sDir = fs::temp_directory_path() / ("vestige_demo_outputs_" + std::to_string(::getpid()));
        fs::remove_all(sDir);
        fs::create_directories(sDir);
        const auto r = test::runCli(VESTIGE_BIN, {"demo", "--json", "--out", (sDir / "demo").string()}, sDir);
        sDemoCode = r.code;
        const auto doc = nlohmann::json::parse(r.out, nullptr, false);
        if (doc.is_discarded() || !doc.contains("stages")) return;
        for (const auto& stage : doc["stages"]) {
            if (stage.value("stage", "") == "render") continue;
            for (const auto& f : stage["files"]) {
                const std::string path = f.get<std::string>();
                const std::string name = stage.value("stage", "");
                // GL driver bytes and OpenAL Soft's mixer bytes are not ours to pin.
                if ((name == "materials" || name == "mission" || name == "play") && path.ends_with(".png")) continue;
                if (name == "play_sound" && path.ends_with(".wav")) continue;
                sFiles.push_back(path);
            }
        }
    }
    static void TearDownTestSuite() {
        std::error_code ec;
        fs::remove_all(sDir, ec);
    }

    // Runs `vestige VERB [--json] FILE` for every demo file and compares with the golden table.
    void check(const std::string& verb, bool json) {
        ASSERT_EQ(sDemoCode, 0) << "vestige demo failed";
        ASSERT_GT(sFiles.size(), 50u);
        const std::string table =
            std::string(VESTIGE_GOLDEN_DIR) + "/demo_" + verb + (json ? "_json" : "_human") + ".txt";
        std::map<std::string, std::string> golden;
        {
            std::ifstream in(table);
            for (std::string line; std::getline(in, line);) {
                std::size_t pos = 0;
                for (int field = 0; field < 4 && pos != std::string::npos; ++field) pos = line.find(' ', pos + 1);
                if (pos != std::string::npos) golden[line.substr(pos + 1)] = line;
            }
        }
        const bool update = std::getenv("VESTIGE_UPDATE_GOLDEN") != nullptr;
        std::string written;
        const fs::path scratch = sDir / (verb + (json ? "_json" : "_human"));
        fs::create_directories(scratch);
        std::size_t compared = 0;
        for (const auto& file : sFiles) {
            std::string cmd = "cd " + test::shellQuote((sDir / "demo").string()) + " && exec " +
                              test::shellQuote(VESTIGE_BIN) + " " + verb + (json ? " --json " : " ") +
                              test::shellQuote(file);
            const auto r = test::runCli("/bin/sh", {"-c", cmd}, scratch);
            Row row{r.code, crc32(asBytes(r.out)), crc32(asBytes(r.err)), r.out.size()};
            const std::string line = rowText(row, file);
            written += line + "\n";
            if (update) continue;
            auto it = golden.find(file);
            if (it == golden.end()) {
                ADD_FAILURE() << "no golden row for " << verb << " " << file << " (new demo file? regenerate " << table
                              << ")";
                continue;
            }
            ++compared;
            EXPECT_EQ(line, it->second) << verb << (json ? " --json " : " ") << file << "\nstdout:\n"
                                        << r.out.substr(0, 4000) << "\nstderr:\n"
                                        << r.err.substr(0, 2000);
            golden.erase(it);
        }
        if (update) {
            std::ofstream(table) << written;
            GTEST_SKIP() << "wrote " << table;
        }
        for (const auto& [file, line] : golden)
            ADD_FAILURE() << "the demo no longer writes " << file << " (" << table << ")";
        EXPECT_EQ(compared, sFiles.size());
    }

    static inline fs::path sDir;
    static inline int sDemoCode = -1;
    static inline std::vector<std::string> sFiles;
};

TEST_F(DemoOutputs, InfoJson) { check("info", true); }
TEST_F(DemoOutputs, InfoHuman) { check("info", false); }
TEST_F(DemoOutputs, LsJson) { check("ls", true); }
TEST_F(DemoOutputs, LsHuman) { check("ls", false); }
TEST_F(DemoOutputs, EntsJson) { check("ents", true); }
TEST_F(DemoOutputs, EntsHuman) { check("ents", false); }

}  // namespace
}  // namespace vestige
