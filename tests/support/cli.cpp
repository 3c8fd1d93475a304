#include "cli.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace vestige::test {

namespace fs = std::filesystem;

std::string shellQuote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

CliRun runCli(const std::string& binary, const std::vector<std::string>& args, const fs::path& scratch) {
    std::string cmd = shellQuote(binary);
    for (const auto& a : args) cmd += " " + shellQuote(a);
    const fs::path outPath = scratch / "stdout.txt", errPath = scratch / "stderr.txt";
    cmd += " </dev/null >" + shellQuote(outPath.string()) + " 2>" + shellQuote(errPath.string());
    const int status = std::system(cmd.c_str());
    CliRun r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(outPath);
    r.err = slurp(errPath);
    return r;
}

void TempDirTest::SetUp() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    mDir = fs::temp_directory_path() /
           ("vestige_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" + std::to_string(::getpid()));
    fs::remove_all(mDir);
    fs::create_directories(mDir);
}

void TempDirTest::TearDown() {
    std::error_code ec;
    fs::remove_all(mDir, ec);
}

}  // namespace vestige::test
