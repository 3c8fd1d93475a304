#pragma once
// A scratch directory per test, removed afterwards, with helpers to lay out host files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "vestige/core/bytes.hpp"

namespace vestige::vfs::test {

class TempTree : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        mRoot = std::filesystem::temp_directory_path() /
                ("vestige_vfs_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" + info->name());
        std::filesystem::remove_all(mRoot);
        std::filesystem::create_directories(mRoot);
    }
    void TearDown() override {
        std::error_code ec;
        std::filesystem::remove_all(mRoot, ec);
    }
    // Writes a host file (creating parents) relative to the scratch root.
    std::filesystem::path put(const std::string& rel, ByteView data) {
        const auto p = mRoot / rel;
        std::filesystem::create_directories(p.parent_path());
        std::ofstream out(p, std::ios::binary);
        out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
        return p;
    }
    std::filesystem::path put(const std::string& rel, std::string_view text) { return put(rel, asBytes(text)); }
    std::filesystem::path mkdir(const std::string& rel) {
        std::filesystem::create_directories(mRoot / rel);
        return mRoot / rel;
    }
    std::filesystem::path mRoot;
};

}  // namespace vestige::vfs::test
