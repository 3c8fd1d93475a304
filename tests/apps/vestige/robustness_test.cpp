// Robustness suite (issue #15 item 6): every reader, fed seeded mutations of the demo's own files through the CLI as a
// user would run it. Each mutated file goes through `info --json`, and through `ls --json`, `extract --json`,
// `ents --json` and `export --json` when the unmutated file supports them. Every run must:
//   - exit 0 or 1 (never a crash, a signal, a usage error or a timeout);
//   - print exactly one JSON document on stdout;
//   - stay below the RSS bound (children's peak resident set, getrusage);
//   - write nothing outside its output folder, and nothing at all when it fails (extract stages its entries; export
//     writes atomically).
// Mutations: bit flips, truncation, 32-bit fields set to 0xFFFFFFFF / 0x7FFFFFFF / 0x80000000 / 0, range copies inside
// the file. Case k of seed file F uses Pcg32(base seed ^ FNV-1a(F), k), so a failure names a reproducible input (kept
// under the reported folder when VESTIGE_ROBUST_KEEP is set).
//
// Environment (defaults fit CI: a few minutes on 2 cores, also under ASan):
//   VESTIGE_ROBUST_CASES    mutations per seed file (default 3)
//   VESTIGE_ROBUST_SEED     base seed (default 15006)
//   VESTIGE_ROBUST_RSS_MB   bound on any run's peak RSS (default 1536)
//   VESTIGE_ROBUST_TIMEOUT  seconds per run before it counts as a hang (default 60)
//   VESTIGE_ROBUST_KEEP     keep the failing inputs
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/rng.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

constexpr int kShards = 4;

std::uint64_t envNumber(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

// What the unmutated file supports; the mutations go through the same verbs.
struct Seed {
    std::string file;  // relative to the demo folder
    bool archive = false, map = false;
    std::string exportExt;  // ".glb", ".png" or "" when it does not export
};

Bytes mutate(Bytes data, Pcg32& rng) {
    const auto n = static_cast<std::uint32_t>(data.size());
    if (n == 0) return data;
    switch (rng.below(4)) {
        case 0:  // bit flips
            for (std::uint32_t k = 0, flips = 1 + rng.below(8); k < flips; ++k)
                data[rng.below(n)] ^= 1u << rng.below(8);
            break;
        case 1:  // truncation
            data.resize(rng.below(n));
            break;
        case 2: {  // a 32-bit field: aligned inside the first 4 KiB (headers, counts, offsets) or anywhere
            static constexpr std::uint32_t kValues[] = {0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u, 0u};
            const std::uint32_t v = kValues[rng.below(4)];
            std::uint32_t at = rng.below(4) ? (rng.below(std::min(n, 4096u)) & ~3u) : rng.below(n);
            for (int b = 0; b < 4 && at + b < n; ++b) data[at + b] = static_cast<std::uint8_t>(v >> (8 * b));
            break;
        }
        default: {  // a range of the file copied over another place
            const std::uint32_t len = 1 + rng.below(std::min(n, 256u));
            const std::uint32_t from = rng.below(n - len + 1), to = rng.below(n - len + 1);
            std::copy(data.begin() + from, data.begin() + from + len, data.begin() + to);
            break;
        }
    }
    return data;
}

std::string caseName(std::string file, std::uint64_t k) {
    for (auto& c : file)
        if (c == '/') c = '_';
    return "case_" + file + "_" + std::to_string(k);
}

// Every file below `root` (relative, '/').
std::set<std::string> filesBelow(const fs::path& root) {
    std::set<std::string> out;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
        if (!it->is_directory()) out.insert(it->path().lexically_relative(root).generic_string());
    return out;
}

class Robustness : public ::testing::TestWithParam<int> {
protected:
    static void SetUpTestSuite() {
        sRoot = fs::temp_directory_path() / ("vestige_robustness_" + std::to_string(::getpid()));
        fs::remove_all(sRoot);
        fs::create_directories(sRoot / "scratch");
        const auto demo =
            test::runCli(VESTIGE_BIN, {"demo", "--json", "--out", (sRoot / "demo").string()}, sRoot / "scratch");
        const auto doc = nlohmann::json::parse(demo.out, nullptr, false);
        sDemoOk = demo.code == 0 && !doc.is_discarded();
        if (!sDemoOk) return;
        // Up to two files of each extension (one reader each, mostly), the render stage's PNGs and our own JSON
        // reports left out.
        std::map<std::string, int> perExtension;
        for (const auto& stage : doc["stages"]) {
            if (stage["stage"] == "render") continue;
            for (const auto& f : stage["files"]) {
                const std::string file = f.get<std::string>();
                std::string ext = fs::path(file).extension().string();
                for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                if (ext == ".json" || ++perExtension[ext] > 2) continue;
                sSeeds.push_back({file});
            }
        }
    }
    static void TearDownTestSuite() {
        std::error_code ec;
        if (!std::getenv("VESTIGE_ROBUST_KEEP")) fs::remove_all(sRoot, ec);
    }

    // Runs VESTIGE ARGS in `dir` (inputs and outputs named relative to it) with a time limit.
    test::CliRun run(const fs::path& dir, const std::vector<std::string>& args) {
        std::string cmd = "cd " + test::shellQuote(dir.string()) + " && exec timeout -s KILL " +
                          std::to_string(envNumber("VESTIGE_ROBUST_TIMEOUT", 60)) + " " + test::shellQuote(VESTIGE_BIN);
        for (const auto& a : args) cmd += " " + test::shellQuote(a);
        return test::runCli("/bin/sh", {"-c", cmd}, sRoot / "scratch");
    }

    void probe(Seed& s) {
        const fs::path dir = sRoot / "demo";
        s.archive = run(dir, {"ls", "--json", s.file}).code == 0;
        s.map = run(dir, {"ents", "--json", s.file}).code == 0;
        for (const char* ext : {".glb", ".png"}) {
            const fs::path out = sRoot / "scratch" / (std::string("probe") + ext);
            if (run(dir, {"export", s.file, "-o", out.string()}).code == 0) s.exportExt = ext;
            fs::remove(out);
        }
    }

    // One verb on one mutated input, with every rule of the suite checked.
    void check(const fs::path& caseDir, const std::string& input, const std::vector<std::string>& args,
               const std::string& what, bool makeOut = false) {
        if (makeOut) fs::create_directories(caseDir / "out");
        const auto r = run(caseDir, args);
        EXPECT_TRUE(r.code == 0 || r.code == 1) << what << ": exit " << r.code << "\n" << r.err.substr(0, 2000);
        const auto doc = nlohmann::json::parse(r.out, nullptr, false);
        EXPECT_FALSE(doc.is_discarded()) << what << ": stdout is not one JSON document:\n" << r.out.substr(0, 2000);
        rusage usage{};
        ::getrusage(RUSAGE_CHILDREN, &usage);
        EXPECT_LE(static_cast<std::uint64_t>(usage.ru_maxrss) / 1024, envNumber("VESTIGE_ROBUST_RSS_MB", 1536))
            << what << ": peak RSS " << usage.ru_maxrss / 1024 << " MB";
        for (const auto& f : filesBelow(caseDir))
            EXPECT_TRUE(f == input || f.rfind("out/", 0) == 0)
                << what << ": wrote " << f << " outside its output folder";
        if (r.code == 1) {
            EXPECT_TRUE(filesBelow(caseDir / "out").empty()) << what << ": failed but left files in its output folder";
        }
        for (const auto& top : fs::directory_iterator(sRoot)) {
            const std::string n = top.path().filename().string();
            EXPECT_TRUE(n == "demo" || n == "scratch" || n.rfind("case_", 0) == 0) << what << ": wrote " << top.path();
        }
        fs::remove_all(caseDir / "out");
    }

    static inline fs::path sRoot;
    static inline bool sDemoOk = false;
    static inline std::vector<Seed> sSeeds;
};

TEST_P(Robustness, MutatedDemoFilesThroughTheCli) {
    ASSERT_TRUE(sDemoOk) << "vestige demo failed";
    ASSERT_GT(sSeeds.size(), 15u);
    const std::uint64_t cases = envNumber("VESTIGE_ROBUST_CASES", 3);
    const std::uint64_t base = envNumber("VESTIGE_ROBUST_SEED", 15006);
    std::size_t runs = 0;
    for (std::size_t i = static_cast<std::size_t>(GetParam()); i < sSeeds.size(); i += kShards) {
        Seed& s = sSeeds[i];
        probe(s);
        auto original = readFile(sRoot / "demo" / s.file);
        ASSERT_TRUE(original.ok()) << s.file;
        const std::string name = fs::path(s.file).filename().string();
        for (std::uint64_t k = 0; k < cases; ++k) {
            Pcg32 rng(base ^ fnv1a64(s.file), k);
            const fs::path caseDir = sRoot / caseName(s.file, k);
            fs::create_directories(caseDir);
            ASSERT_TRUE(writeFileAtomic(caseDir / name, mutate(*original, rng)).ok());
            const std::string what = s.file + " case " + std::to_string(k) + " (seed " + std::to_string(base) + ")";
            check(caseDir, name, {"info", "--json", name}, "info " + what);
            if (s.archive) {
                check(caseDir, name, {"ls", "--json", name}, "ls " + what);
                check(caseDir, name, {"extract", "--json", name, "-o", "out"}, "extract " + what);
            }
            if (s.map) check(caseDir, name, {"ents", "--json", name}, "ents " + what);
            if (!s.exportExt.empty())
                check(caseDir, name, {"export", "--json", name, "-o", "out/x" + s.exportExt}, "export " + what, true);
            runs += 1 + (s.archive ? 2 : 0) + (s.map ? 1 : 0) + (s.exportExt.empty() ? 0 : 1);
            if (!HasFailure() && !std::getenv("VESTIGE_ROBUST_KEEP")) fs::remove_all(caseDir);
        }
    }
    RecordProperty("runs", static_cast<int>(runs));
}

INSTANTIATE_TEST_SUITE_P(Shard, Robustness, ::testing::Range(0, kShards));

}  // namespace
}  // namespace vestige
