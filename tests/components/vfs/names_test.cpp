// Host names of extracted entries (one rule for every format), the entry-path rule of the path formats, and the
// escaping of names in human output.
#include "vestige/vfs/names.hpp"

#include <gtest/gtest.h>

#include <string>

namespace vestige::vfs {
namespace {

TEST(HostFileName, Sanitised) {
    EXPECT_EQ(hostFileName("TEXTURE.TEX"), "TEXTURE.TEX");
    EXPECT_EQ(hostFileName("..\\..\\evil"), "_.._.._evil");
    EXPECT_EQ(hostFileName("../x"), "_.._x");
    EXPECT_EQ(hostFileName(".."), "_._");
    EXPECT_EQ(hostFileName("."), "_");
    EXPECT_EQ(hostFileName("a/b"), "a_b");
    EXPECT_EQ(hostFileName("c:"), "c_");
    EXPECT_EQ(hostFileName("name. "), "name._");
    EXPECT_EQ(hostFileName("con"), "_con");
    EXPECT_EQ(hostFileName("NUL.txt"), "_NUL.txt");
    EXPECT_EQ(hostFileName("console"), "console");
    EXPECT_EQ(hostFileName("\xC0\xE1\x01"), "___");
    EXPECT_EQ(hostFileName(""), "_");
    EXPECT_EQ(hostFileName(".hidden"), "_.hidden");
    EXPECT_EQ(hostFileName("\x1b[31mred"), "_[31mred");
}

TEST(HostNames, FlatNamesCollideCaseInsensitively) {
    HostNames names({"vestige-manifest.json"});
    EXPECT_EQ(names.place({"a.tex"}).path, "a.tex");
    const auto second = names.place({"A.TEX"});
    EXPECT_EQ(second.path, "A~2.TEX");
    EXPECT_EQ(second.reason, "collision");
    EXPECT_EQ(names.place({"a.tex"}).path, "a~3.tex");
    EXPECT_EQ(names.place({"noext"}).path, "noext");
    EXPECT_EQ(names.place({"NOEXT"}).path, "NOEXT~2");
    const auto manifest = names.place({"Vestige-Manifest.json"});
    EXPECT_EQ(manifest.path, "Vestige-Manifest~2.json");
    EXPECT_EQ(manifest.reason, "collision");
    const auto unsafe = names.place({"a\x07.txt"});
    EXPECT_EQ(unsafe.path, "a_.txt");
    EXPECT_EQ(unsafe.reason, "sanitised");
    EXPECT_EQ(names.place({"plain"}).reason, "");
}

TEST(HostNames, FoldersKeepTheirFirstSpellingAndFilesNeverShareAPath) {
    HostNames names({"vestige-manifest.json"});
    EXPECT_EQ(names.place({"Lua", "a.lua"}).path, "Lua/a.lua");
    // Same folder in another case: merged under the first spelling, reported.
    const auto merged = names.place({"lua", "b.lua"});
    EXPECT_EQ(merged.path, "Lua/b.lua");
    EXPECT_EQ(merged.reason, "collision");
    EXPECT_EQ(names.place({"LUA", "A.LUA"}).path, "Lua/A~2.LUA");
    // A file where a folder is, and a folder where a file is.
    EXPECT_EQ(names.place({"lua"}).path, "lua~2");
    EXPECT_EQ(names.place({"x"}).path, "x");
    EXPECT_EQ(names.place({"X", "y"}).path, "X~2/y");
    // Unsafe segments are sanitised one by one and cannot climb out.
    const auto climb = names.place({"..", "..", "etc", "passwd"});
    EXPECT_EQ(climb.path, "_._/_._/etc/passwd");
    EXPECT_EQ(climb.reason, "sanitised");
    // The manifest name is reserved only at the top.
    EXPECT_EQ(names.place({"sub", "vestige-manifest.json"}).path, "sub/vestige-manifest.json");
    EXPECT_EQ(names.place({"vestige-manifest.json"}).path, "vestige-manifest~2.json");
}

TEST(CheckEntryPath, RefusesWhatCannotBeExtractedSafely) {
    EXPECT_TRUE(checkEntryPath("lua/autorun/a.lua").ok());
    EXPECT_TRUE(checkEntryPath("lua\\autorun\\a.lua").ok());
    EXPECT_TRUE(checkEntryPath("ctrl\x1b[0m.txt").ok()) << "unsafe bytes are sanitised on disk, not refused";
    const auto code = [](std::string_view p) { return checkEntryPath(p).error().code(); };
    EXPECT_EQ(code("../x"), "vfs.dot_segment");
    EXPECT_EQ(code("a/./b"), "vfs.dot_segment");
    EXPECT_EQ(code("."), "vfs.dot_segment");
    EXPECT_EQ(code("/etc/passwd"), "vfs.absolute");
    EXPECT_EQ(code("C:\\x"), "vfs.drive_letter");
    EXPECT_EQ(code("dir/"), "vfs.empty_segment");
    EXPECT_EQ(code("a//b"), "vfs.empty_segment");
    EXPECT_EQ(code(""), "vfs.empty_path");
    EXPECT_EQ(code(std::string("a\0b", 3)), "vfs.nul");
    EXPECT_EQ(code("ab:c"), "vfs.colon");
    EXPECT_EQ(code(std::string(4096, 'x')), "vfs.name_too_long");
    EXPECT_TRUE(checkEntryPath(std::string(kMaxSegmentBytes, 'x')).ok());
    EXPECT_EQ(code(std::string(kMaxSegmentBytes + 1, 'x')), "vfs.name_too_long");
    std::string deep;
    while (deep.size() + 11 <= kMaxPathBytes) deep += "abcdefghij/";
    deep += "x";
    EXPECT_TRUE(checkEntryPath(deep).ok()) << deep.size();
    ASSERT_EQ(deep.size(), kMaxPathBytes);
    EXPECT_EQ(code(deep + "y"), "vfs.name_too_long");
}

TEST(Printable, EscapesWhatATerminalWouldObey) {
    EXPECT_EQ(printable("materials/brick.vmt"), "materials/brick.vmt");
    EXPECT_EQ(printable("\x1b[2Jgone"), "\\x1B[2Jgone");
    EXPECT_EQ(printable("tab\there\n"), "tab\\x09here\\x0A");
    EXPECT_EQ(printable("del\x7f"), "del\\x7F");
    EXPECT_EQ(printable("\xD0\x9F\xD1\x80\xD0\xB8"), "\xD0\x9F\xD1\x80\xD0\xB8") << "UTF-8 Cyrillic stays";
    EXPECT_EQ(printable("\xC2\x9B"
                        "31m"),
              "\\xC2\\x9B31m")
        << "C1 CSI is an escape introducer";
    EXPECT_EQ(printable("\xFF\xC0"), "\\xFF\\xC0") << "not UTF-8";
    EXPECT_EQ(printable("\xE2\x82"), "\\xE2\\x82") << "truncated sequence";
    EXPECT_EQ(printable("\xED\xA0\x80"), "\\xED\\xA0\\x80") << "surrogate";
    EXPECT_EQ(printable(std::string("a\0b", 3)), "a\\x00b");
}

}  // namespace
}  // namespace vestige::vfs
