#pragma once
// Running the built `vestige` binary as a user does (a subprocess), for the CLI tests of every area.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace vestige::test {

struct CliRun {
    int code = -1;  // exit status; 128 + signal when the process was killed
    std::string out;
    std::string err;
};

// POSIX shell single-quoting.
[[nodiscard]] std::string shellQuote(const std::string& s);
// The whole file ("" when it cannot be read).
[[nodiscard]] std::string slurp(const std::filesystem::path& path);
// Runs BINARY ARGS... with stdin from /dev/null; stdout/stderr go through files in `scratch`.
[[nodiscard]] CliRun runCli(const std::string& binary, const std::vector<std::string>& args,
                            const std::filesystem::path& scratch);

// A fresh temporary directory per test (named after the test and the process), removed afterwards.
class TempDirTest : public ::testing::Test {
protected:
    void SetUp() override;
    void TearDown() override;
    std::filesystem::path mDir;
};

}  // namespace vestige::test
