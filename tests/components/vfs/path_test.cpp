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

TEST(NormalizeSpec, ValidatesAndRejoinsEveryLevel) {
    EXPECT_EQ(*normalizeSpec("A\\b.lib:c"), "A/b.lib:c");
    EXPECT_EQ(*normalizeSpec("Data\\Outer.LIB:Sub\\Inner.msh:Entry"), "Data/Outer.LIB:Sub/Inner.msh:Entry");
    EXPECT_EQ(*normalizeSpec("x"), "x");
    struct Bad {
        const char* spec;
        const char* code;
    };
    for (const Bad& b : {Bad{"a.lib:../x", "vfs.dot_segment"}, Bad{"a.lib:/abs", "vfs.absolute"},
                         Bad{"a.lib:", "vfs.empty_path"}, Bad{"a.lib::x", "vfs.empty_path"},
                         Bad{":x", "vfs.empty_path"}, Bad{"C:/autoexec.bat", "vfs.absolute"},
                         Bad{"a.lib:x//y", "vfs.empty_segment"}, Bad{"../a.lib:x", "vfs.dot_segment"}}) {
        auto r = normalizeSpec(b.spec);
        ASSERT_FALSE(r.ok()) << b.spec;
        EXPECT_EQ(r.error().code(), b.code) << b.spec << ": " << r.error().render();
        // The offending level and the whole spec are both named.
        EXPECT_EQ(r.error().context().back().value, b.spec) << r.error().render();
    }
}

}  // namespace
}  // namespace vestige::vfs
