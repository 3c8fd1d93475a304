// Issue #15 item 1 / #14 item 3: every numeric option of every verb is read by one strict rule (apps/vestige/src/
// options.hpp): out of range, negative for an unsigned count, trailing bytes, hex, NaN/infinity -> usage error (exit 2)
// before any file is read. Each case below exited 0 or 1, or ran until killed (`game --ticks -1`), before the rule.
// The files named do not exist: reaching the loader would be exit 1, so exit 2 also proves nothing was read first.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli.hpp"

namespace vestige {
namespace {

class OptionsCli : public test::TempDirTest {
protected:
    test::CliRun run(const std::vector<std::string>& args) {
        std::vector<std::string> all{"20", VESTIGE_BIN};  // `timeout 20`: a case that runs forever fails, not hangs
        all.insert(all.end(), args.begin(), args.end());
        return test::runCli("/usr/bin/timeout", all, mDir);
    }
};

TEST_F(OptionsCli, NumbersNoInputCouldTakeAreUsageErrors) {
    const std::string msh = (mDir / "none.msh").string(), bsp = (mDir / "none.bsp").string();
    const std::string glb = (mDir / "x.glb").string(), png = (mDir / "x.png").string();
    const std::vector<std::vector<std::string>> cases = {
        {"export", msh, "-o", glb, "--mip", "-1"},
        {"export", msh, "-o", glb, "--state", "4294967296"},
        {"export", msh, "-o", glb, "--state", "1x"},
        {"export", msh, "-o", glb, "--lod", "0x1"},
        {"export", msh, "-o", glb, "--time", "nan"},
        {"export", msh, "-o", glb, "--frame", "-1"},
        {"export", msh, "-o", glb, "--animated", "--frames", "0"},
        {"export", msh, "-o", glb, "--animated", "--frames", "18446744073709551616"},
        {"export", msh, "-o", glb, "--face", "+1"},
        {"render", "--test-card", "-o", png, "--frames", "18446744073709551616"},
        {"render", "--test-card", "-o", png, "--frames", "-1"},
        {"render", "--test-card", "-o", png, "--view", "2"},
        {"render", "--test-card", "-o", png, "--fov", "1e999"},
        {"render", "--test-card", "-o", png, "--size", "0x10"},
        {"render", msh, "-o", png, "--time", "-inf"},
        {"render", msh, "-o", png, "--state", "-1"},
        {"view", "--test-card", "--fov", "nan"},
        {"pose", msh, "--state", "3"},
        {"pose", msh, "--lod", "-1"},
        {"pose", msh, "--time", "nan"},
        {"pose", msh, "--frame", "-1"},
        {"query", msh, "--from", "0,0,0", "--to", "1,1,1", "--node", "-1"},
        {"query", msh, "--from", "0,0,0", "--to", "1,1,1", "--slot", "4294967296"},
        {"query", msh, "--from", "0,0,0", "--to", "1,1,1", "--lod", "1x"},
        {"query", msh, "--from", "0,0,0", "--to", "nan,1,1"},
        {"query", msh, "--from", "0,0,0", "--to", "1,1,1,1"},
        {"game", bsp, "--ticks", "-1"},
        {"game", bsp, "--ticks", "18446744073709551616"},
        {"game", bsp, "--tick-rate", "0"},
        {"game", bsp, "--tick-rate", "nan"},
        {"move", bsp, "--tick-rate", "-1", "--input", "none.txt"},
        {"move", bsp, "--spawn", "1,2", "--input", "none.txt"},
        {"physics", bsp, "--ticks", "-1"},
        {"physics", bsp, "--every", "0"},
        {"weather", "--vfov", "nan"},
        {"weather", "--intensity", "1x"},
        {"weather", "--lightning-u", "2"},
        {"ambient", "--ticks", "-1"},
        {"ambient", "--tick-ms", "0x10"},
        {"ambient", "--rand-seed", "-1"},
        {"ambient", "--seed", "1,2,3"},
        {"ambient", "--seed", "65536,1"},
        {"mission", mDir.string(), "none", "--ticks", "-1"},
        {"mission", mDir.string(), "none", "--seed", "18446744073709551616"},
        {"mission", mDir.string(), "none", "--height-at", "1,nan"},
        {"mission", mDir.string(), "none", "--order", "1:1,2:x"},
        {"lua", "--ticks", "-1", "-e", "print(1)"},
        {"lua", "--ticks", "18446744073709551616", "-e", "print(1)"},
        {"lua", "--memory-mb", "1e3", "-e", "print(1)"},
        {"lua", "--time-limit", "-1", "-e", "print(1)"},
    };
    for (const auto& args : cases) {
        const auto r = run(args);
        std::string line;
        for (const auto& a : args) line += a + " ";
        EXPECT_EQ(r.code, 2) << line << "\n" << r.out << r.err;
        EXPECT_FALSE(r.err.empty()) << line << ": a usage error says what was wrong";
    }
}

// The integer rule reads decimal only: CLI11 alone read "010" as octal 8 (a 10 ms tick became 8 ms).
TEST_F(OptionsCli, LeadingZerosAreDecimal) {
    const auto r = run({"ambient", "--json", "--ticks", "1", "--tick-ms", "010"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("\"time\":0.01,"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace vestige
