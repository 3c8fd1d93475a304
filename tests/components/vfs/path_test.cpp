// VFS path syntax: splitPath validation and splitLevels.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "vestige/vfs/vfs.hpp"

namespace vestige::vfs {
namespace {

using Segs = std::vector<std::string>;

TEST(SplitPath, NormalisesSeparators) {
    EXPECT_EQ(*splitPath("a"), (Segs{"a"}));
    EXPECT_EQ(*splitPath("Data/Textures/Stone.TXT"), (Segs{"Data", "Textures", "Stone.TXT"}));
    EXPECT_EQ(*splitPath("Data\\Textures\\Stone.TXT"), (Segs{"Data", "Textures", "Stone.TXT"}));
    EXPECT_EQ(*splitPath("a\\b/c"), (Segs{"a", "b", "c"}));
    // Names that merely contain dots or spaces are ordinary names.
    EXPECT_EQ(*splitPath("..."), (Segs{"..."}));
    EXPECT_EQ(*splitPath("..a/.b/c.."), (Segs{"..a", ".b", "c.."}));
    EXPECT_EQ(*splitPath(" a b /x"), (Segs{" a b ", "x"}));
    EXPECT_EQ(*splitPath(std::string("\xD0\xC0\xCA.lib")), (Segs{std::string("\xD0\xC0\xCA.lib")}));
}

struct Rejected {
    std::string path;
    const char* code;
};

class SplitPathRejects : public ::testing::TestWithParam<Rejected> {};

TEST_P(SplitPathRejects, WithCodeAndPathContext) {
    const auto& p = GetParam();
    auto r = splitPath(p.path);
    ASSERT_FALSE(r.ok()) << p.path;
    EXPECT_EQ(r.error().code(), p.code) << r.error().render();
    EXPECT_EQ(r.error().find("path").value_or("<none>"), p.path);
}

INSTANTIATE_TEST_SUITE_P(
    Escapes, SplitPathRejects,
    ::testing::Values(Rejected{"", "vfs.empty_path"}, Rejected{"..", "vfs.dot_segment"},
                      Rejected{".", "vfs.dot_segment"}, Rejected{"../etc/passwd", "vfs.dot_segment"},
                      Rejected{"a/../b", "vfs.dot_segment"}, Rejected{"a/..", "vfs.dot_segment"},
                      Rejected{"a\\..\\b", "vfs.dot_segment"}, Rejected{"./a", "vfs.dot_segment"},
                      Rejected{"a/./b", "vfs.dot_segment"}, Rejected{"/etc/passwd", "vfs.absolute"},
                      Rejected{"\\windows", "vfs.absolute"}, Rejected{"//server/share", "vfs.absolute"},
                      Rejected{"C:/autoexec.bat", "vfs.drive_letter"}, Rejected{"c:\\x", "vfs.drive_letter"},
                      Rejected{"z:", "vfs.drive_letter"}, Rejected{"C:relative", "vfs.drive_letter"},
                      Rejected{std::string("a\0b", 3), "vfs.nul"}, Rejected{std::string("\0", 1), "vfs.nul"},
                      Rejected{std::string("ok/..\0", 6), "vfs.nul"}, Rejected{"a//b", "vfs.empty_segment"},
                      Rejected{"a/", "vfs.empty_segment"}, Rejected{"a\\", "vfs.empty_segment"},
                      Rejected{"a/\\b", "vfs.empty_segment"}, Rejected{"a:b", "vfs.drive_letter"}, Rejected{"ab:cd", "vfs.colon"},
                      Rejected{"dir/a:b", "vfs.colon"}, Rejected{"ab:", "vfs.colon"},
                      Rejected{"1:/x", "vfs.colon"}));

TEST(SplitLevels, SplitsOnEveryColon) {
    using L = std::vector<std::string>;
    EXPECT_EQ(splitLevels(""), (L{""}));
    EXPECT_EQ(splitLevels("a"), (L{"a"}));
    EXPECT_EQ(splitLevels("outer.lib:inner.msh:entry"), (L{"outer.lib", "inner.msh", "entry"}));
    EXPECT_EQ(splitLevels("a::b"), (L{"a", "", "b"}));
    EXPECT_EQ(splitLevels(":"), (L{"", ""}));
    EXPECT_EQ(splitLevels("a:"), (L{"a", ""}));
    EXPECT_EQ(splitLevels(":a"), (L{"", "a"}));
    EXPECT_EQ(splitLevels("d/x.lib:sub/dir/e"), (L{"d/x.lib", "sub/dir/e"}));
}

}  // namespace
}  // namespace vestige::vfs
