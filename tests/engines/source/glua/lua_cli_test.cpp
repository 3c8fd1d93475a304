// `vestige lua` as a user runs it (the built binary as a subprocess): numeric options out of range are usage errors
// (exit 2), a failure a pcall catches does not fail the run, a runaway call ends with the limit named in the report,
// and captured output past its cap is dropped with a note. The reproducers, as the CLI takes them.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli.hpp"

namespace vestige {
namespace {

class LuaCli : public test::TempDirTest {
protected:
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
};

TEST_F(LuaCli, OutOfRangeNumbersAreUsageErrors) {
    const std::vector<std::vector<std::string>> bad = {
        {"--ticks", "-1"},
        {"--ticks", "18446744073709551616"},
        {"--ticks", "1e3"},
        {"--ticks", "2000000000"},
        {"--tick-rate", "0"},
        {"--tick-rate", "-66"},
        {"--tick-rate", "inf"},
        {"--budget", "-1"},
        {"--budget", "1.5"},
        {"--memory-mb", "-512"},
        {"--memory-mb", "9999999999999"},
        {"--time-limit", "-0.5"},
        {"--time-limit", "nan"},
        {"--output-limit-mb", "x"},
        {"--ticks", ""},
    };
    for (const auto& option : bad) {
        std::vector<std::string> args = {"lua", "-e", "x = 1"};
        args.insert(args.end(), option.begin(), option.end());
        const auto r = run(args);
        EXPECT_EQ(r.code, 2) << option[0] << " " << option[1] << ": " << r.out << r.err;
        EXPECT_NE(r.err.find("usage error: " + option[0]), std::string::npos) << r.err;
    }
    const auto ok = run({"lua", "--ticks", "3", "--tick-rate", "33", "--budget", "0", "--time-limit", "0",
                         "--memory-mb", "64", "--output-limit-mb", "1", "--json", "-e", "x = 1"});
    ASSERT_EQ(ok.code, 0) << ok.out << ok.err;
    EXPECT_EQ(nlohmann::json::parse(ok.out)["ticks"], 3);
}

TEST_F(LuaCli, ACaughtFailureDoesNotFailTheRun) {
    auto r = run({"lua", "--ticks", "1", "--json", "-e", "print(pcall(require, 'ffi'))"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["output"], "false\tModule not found: ffi\n");
    EXPECT_TRUE(j["errors"].empty());
    r = run({"lua", "--ticks", "1", "--json", "-e", "local m = require('ffi')"});
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_EQ(nlohmann::json::parse(r.out)["errors"][0]["kind"], "runtime");
}

TEST_F(LuaCli, ARunawayCallEndsWithTheLimitNamed) {
    const auto start = std::chrono::steady_clock::now();
    const auto r = run({"lua", "--ticks", "1", "--json", "--budget", "18446744073709551615", "--time-limit", "0.3",
                        "-e", "print(string.find(string.rep('a', 2e4), '.-.-.-.-.-b'))"});
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_LT(took, 10.0) << "boot, the 0.3 s call and the report; before the fix this ran until killed";
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["errors"].size(), 1u);
    EXPECT_EQ(j["errors"][0]["kind"], "time");
    EXPECT_EQ(j["errors"][0]["message"], "time limit exceeded (0.3 s per engine call)");
    EXPECT_EQ(j["errors"][0]["file"], "eval");
    // The human report tags the kind.
    const auto human = run({"lua", "--ticks", "0", "--budget", "1000000", "-e", "while true do end"});
    EXPECT_EQ(human.code, 1);
    EXPECT_NE(human.out.find("  [budget] eval:1: instruction budget exceeded (1000000 instructions)\n"),
              std::string::npos)
        << human.out;
}

TEST_F(LuaCli, CapturedOutputPastItsCapIsDroppedWithANote) {
    const auto r = run({"lua", "--ticks", "0", "--json", "--output-limit-mb", "1", "-e",
                        "local s = string.rep('z', 1e7) for i = 1, 8 do Msg(s) end"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["outputDroppedBytes"], 80000000 - 1048576);
    ASSERT_TRUE(j.contains("notes"));
    EXPECT_EQ(j["notes"][0], "78951424 bytes of print/Msg output dropped past --output-limit-mb 1");
    const auto output = j["output"].get<std::string>();
    EXPECT_EQ(output.find("\n[vestige: output limit of 1048576 bytes reached"), std::size_t(1) << 20);
}

// Two processes print different heap addresses (tostring of a table); the report's trace hash is the same.
TEST_F(LuaCli, TheTraceHashIgnoresAddressesAndOutputBytesStayValidJson) {
    const std::vector<std::string> args = {"lua",
                                           "--ticks",
                                           "5",
                                           "--json",
                                           "-e",
                                           "hook.Add('Think', 'a', function() print(tostring({}), '\\255') "
                                           "ents.Create('prop'):SetPos(Vector(1, 2, engine.TickCount())) end)"};
    const auto a = run(args), b = run(args);
    ASSERT_EQ(a.code, 0) << a.out << a.err;
    ASSERT_EQ(b.code, 0) << b.out << b.err;
    const auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
    const auto output = ja["output"].get<std::string>();
    EXPECT_NE(output.find("table: 0x"), std::string::npos);
    EXPECT_NE(output.find("\t\xEF\xBF\xBD\n"), std::string::npos) << "a byte that is not UTF-8 is replaced, not fatal";
    EXPECT_EQ(ja["traceHash"].get<std::string>().size(), 16u);
    EXPECT_EQ(ja["traceHash"], jb["traceHash"]);
}

// Issue #16 item 6 (regression guard): a run that called a stand-in or read a missing enum is not clean, with 0 errors
// or not: the report lists both (standInCalls, missingEnums), the summary says so and the exit code is 1.
TEST_F(LuaCli, StandInCallsAndMissingEnumsFailTheRun) {
    auto r = run({"lua", "--ticks", "1", "--json", "-e", "local n = #engine.GetAddons() x = NOT_AN_ENUM"});
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["errors"].empty());
    EXPECT_EQ(j["standInCalls"].value("engine.GetAddons", 0), 1);
    EXPECT_EQ(j["missingEnums"], nlohmann::json::array({"NOT_AN_ENUM"}));
    r = run({"lua", "--ticks", "1", "-e", "engine.GetAddons()"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("stand-in calls: 1 (1 functions not implemented yet)"), std::string::npos) << r.out;
    r = run({"lua", "--ticks", "1", "--json", "-e", "x = SOLID_VPHYSICS"});
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_TRUE(nlohmann::json::parse(r.out)["standInCalls"].empty());
}

}  // namespace
}  // namespace vestige
