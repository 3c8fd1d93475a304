// Host file helpers and logging.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "vestige/core/file_io.hpp"
#include "vestige/core/log.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

class FileIo : public ::testing::Test {
protected:
    void SetUp() override {
        mDir = fs::temp_directory_path() /
               ("vestige_core_io_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(mDir);
        fs::create_directories(mDir);
    }
    void TearDown() override { fs::remove_all(mDir); }
    fs::path mDir;
};

TEST_F(FileIo, WriteThenReadBack) {
    Bytes data(100000);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 7);
    ASSERT_TRUE(writeFileAtomic(mDir / "a.bin", data).ok());
    auto back = readFile(mDir / "a.bin");
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, data);
    // Overwrite with shorter text; no temporaries are left behind.
    ASSERT_TRUE(writeFileAtomic(mDir / "a.bin", std::string_view("short")).ok());
    EXPECT_EQ(asChars(*readFile(mDir / "a.bin")), "short");
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(mDir)) names.push_back(e.path().filename().string());
    EXPECT_EQ(names, (std::vector<std::string>{"a.bin"}));
}

TEST_F(FileIo, EmptyFile) {
    ASSERT_TRUE(writeFileAtomic(mDir / "empty", ByteView{}).ok());
    auto back = readFile(mDir / "empty");
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(back->empty());
}

TEST_F(FileIo, Errors) {
    auto missing = readFile(mDir / "nope.bin");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "io.open");
    EXPECT_EQ(missing.error().find("file").value_or(""), (mDir / "nope.bin").string());

    auto dir = readFile(mDir);
    ASSERT_FALSE(dir.ok());
    EXPECT_EQ(dir.error().code(), "io.is_directory");

    auto noParent = writeFileAtomic(mDir / "no" / "such" / "dir.bin", std::string_view("x"));
    ASSERT_FALSE(noParent.ok());
    EXPECT_EQ(noParent.error().code(), "io.create");

    fs::create_directories(mDir / "target_is_dir");
    auto ontoDir = writeFileAtomic(mDir / "target_is_dir", std::string_view("x"));
    ASSERT_FALSE(ontoDir.ok());
    EXPECT_EQ(ontoDir.error().code(), "io.rename");
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(mDir)) ++count;
    EXPECT_EQ(count, 1u) << "the temporary was removed after the failed rename";
}

// ---- log ----

struct Captured {
    log::Level level;
    std::string channel;
    std::string message;
};

class Log : public ::testing::Test {
protected:
    void SetUp() override {
        log::setSink([this](log::Level l, std::string_view ch, std::string_view msg) {
            mLines.push_back({l, std::string(ch), std::string(msg)});
        });
    }
    void TearDown() override {
        log::setSink(nullptr);
        log::setLevel(log::Level::Warn);
        log::setChannelLevel("vfs", log::Level::Warn);
        log::setChannelLevel("noisy", log::Level::Warn);
    }
    std::vector<Captured> mLines;
};

TEST_F(Log, LevelsAndChannels) {
    log::setLevel(log::Level::Info);
    log::setChannelLevel("vfs", log::Level::Trace);
    log::setChannelLevel("noisy", log::Level::Off);
    log::debug("core", "hidden {}", 1);
    log::info("core", "shown {}", 2);
    log::debug("vfs", "vfs debug {}", 3);
    log::error("noisy", "silenced");
    log::warn("core", "w");
    ASSERT_EQ(mLines.size(), 3u);
    EXPECT_EQ(mLines[0].message, "shown 2");
    EXPECT_EQ(mLines[0].channel, "core");
    EXPECT_EQ(mLines[0].level, log::Level::Info);
    EXPECT_EQ(mLines[1].message, "vfs debug 3");
    EXPECT_EQ(mLines[2].level, log::Level::Warn);
    EXPECT_EQ(log::level("vfs"), log::Level::Trace);
    EXPECT_EQ(log::level("unknown"), log::Level::Info);
    EXPECT_FALSE(log::enabled(log::Level::Off, "vfs")) << "Off is never a message level";
}

TEST_F(Log, LevelNames) {
    EXPECT_EQ(log::levelName(log::Level::Trace), "trace");
    EXPECT_EQ(log::levelName(log::Level::Debug), "debug");
    EXPECT_EQ(log::levelName(log::Level::Info), "info");
    EXPECT_EQ(log::levelName(log::Level::Warn), "warn");
    EXPECT_EQ(log::levelName(log::Level::Error), "error");
    EXPECT_EQ(log::levelName(log::Level::Off), "off");
}

TEST_F(Log, DefaultLevelIsWarn) {
    log::info("core", "quiet");
    log::warn("core", "loud");
    ASSERT_EQ(mLines.size(), 1u);
    EXPECT_EQ(mLines[0].message, "loud");
}

}  // namespace
}  // namespace vestige
