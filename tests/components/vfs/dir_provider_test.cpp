// DirProvider: case folding on a case-sensitive host, ambiguity, symlink escapes, listing.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "temp_tree.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::vfs {
namespace {
namespace fs = std::filesystem;

class DirProviderTest : public test::TempTree {};

TEST_F(DirProviderTest, HostIsCaseSensitive) {
    // Guard: the folding tests only mean something on a case-sensitive file system.
    put("Probe.txt", "x");
    ASSERT_FALSE(fs::exists(mRoot / "probe.txt")) << "temp dir is on a case-insensitive file system";
}

TEST_F(DirProviderTest, ResolvesCaseInsensitively) {
    put("Data/Textures/Stone.TXT", "granite");
    put("Data/ReadMe.txt", "hello");
    DirProvider dir(mRoot);
    EXPECT_EQ(dir.kind(), "dir");
    for (const char* q : {"Data/Textures/Stone.TXT", "data/textures/stone.txt", "DATA\\TEXTURES\\STONE.TXT",
                          "dAtA/tExTuReS/sToNe.TxT"}) {
        auto r = dir.read(q);
        ASSERT_TRUE(r.ok()) << q << ": " << r.error().render();
        EXPECT_EQ(asChars(*r), "granite");
        EXPECT_TRUE(dir.contains(q));
        auto host = dir.resolve(q);
        ASSERT_TRUE(host.ok());
        EXPECT_EQ(*host, fs::canonical(mRoot) / "Data" / "Textures" / "Stone.TXT") << "resolves to the host spelling";
    }
    EXPECT_EQ(asChars(*dir.read("data/readme.TXT")), "hello");
}

TEST_F(DirProviderTest, MissingAndDirectories) {
    put("Data/a.txt", "a");
    DirProvider dir(mRoot);
    auto missing = dir.read("data/b.txt");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "vfs.not_found");
    EXPECT_EQ(missing.error().find("path").value_or(""), "data/b.txt");
    // A file used as a directory.
    auto through = dir.read("data/a.txt/more");
    ASSERT_FALSE(through.ok());
    EXPECT_EQ(through.error().code(), "vfs.not_found");
    // A directory is resolvable but not readable as a file, and not "contained" as a file.
    EXPECT_TRUE(dir.resolve("DATA").ok());
    EXPECT_FALSE(dir.contains("data"));
    auto asFile = dir.read("data");
    ASSERT_FALSE(asFile.ok());
    EXPECT_EQ(asFile.error().code(), "io.is_directory");
    // Escapes never reach the host.
    for (const char* bad : {"../x", "/etc/passwd", "C:/x", "a//b", "", "a:b"}) {
        EXPECT_FALSE(dir.read(bad).ok()) << bad;
        EXPECT_FALSE(dir.contains(bad)) << bad;
    }
}

TEST_F(DirProviderTest, AmbiguousNamesFail) {
    put("dup/File.txt", "one");
    put("dup/FILE.TXT", "two");
    put("dup/other.txt", "fine");
    DirProvider dir(mRoot);
    for (const char* q : {"dup/file.txt", "dup/File.txt", "DUP/FILE.TXT"}) {
        auto r = dir.read(q);
        ASSERT_FALSE(r.ok()) << q;
        EXPECT_EQ(r.error().code(), "vfs.ambiguous") << r.error().render();
        EXPECT_EQ(r.error().find("path").value_or(""), q);
        EXPECT_EQ(r.error().expectedText().value_or(""), "one case-insensitive match");
        EXPECT_EQ(r.error().actualText().value_or(""), "FILE.TXT and File.txt");  // sorted, deterministic
        EXPECT_FALSE(dir.contains(q));
    }
    EXPECT_EQ(asChars(*dir.read("dup/OTHER.txt")), "fine") << "siblings are unaffected";
}

TEST_F(DirProviderTest, AmbiguousDirectoriesFail) {
    put("Maps/a.bsp", "1");
    put("MAPS/b.bsp", "2");
    DirProvider dir(mRoot);
    auto r = dir.read("maps/a.bsp");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vfs.ambiguous");
}

TEST_F(DirProviderTest, SymlinkOutsideTheRootIsRefused) {
    const fs::path outside = mRoot / "outside";
    const fs::path root = mRoot / "root";
    put("outside/secret.txt", "secret");
    put("root/inside.txt", "inside");
    put("root/sub/deep.txt", "deep");
    fs::create_symlink(outside / "secret.txt", root / "FileLink");
    fs::create_directory_symlink(outside, root / "DirLink");
    fs::create_symlink("../../outside/secret.txt", root / "sub" / "relLink");
    fs::create_symlink(root / "inside.txt", root / "goodLink");
    fs::create_directory_symlink("sub", root / "goodDirLink");
    fs::create_symlink(root / "nowhere", root / "dangling");
    DirProvider dir(root);

    for (const char* q : {"filelink", "dirlink/secret.txt", "sub/rellink"}) {
        auto r = dir.read(q);
        ASSERT_FALSE(r.ok()) << q;
        EXPECT_EQ(r.error().code(), "vfs.escape") << q << ": " << r.error().render();
        EXPECT_FALSE(dir.contains(q)) << q;
    }
    EXPECT_EQ(asChars(*dir.read("GOODLINK")), "inside") << "links that stay inside are fine";
    EXPECT_EQ(asChars(*dir.read("gooddirlink/deep.txt")), "deep");
    auto dangling = dir.read("dangling");
    ASSERT_FALSE(dangling.ok());
    EXPECT_FALSE(dir.contains("dangling"));
}

TEST_F(DirProviderTest, RootReachedThroughASymlinkStillWorks) {
    put("real/x.txt", "x");
    fs::create_directory_symlink(mRoot / "real", mRoot / "alias");
    DirProvider dir(mRoot / "alias");
    EXPECT_EQ(dir.root(), fs::canonical(mRoot / "real"));
    EXPECT_EQ(asChars(*dir.read("X.TXT")), "x");
}

TEST_F(DirProviderTest, ListIsSortedAndRecursive) {
    put("b.txt", "bb");
    put("A/z.bin", "z");
    put("A/Sub/c.dat", "ccc");
    mkdir("emptydir");
    DirProvider dir(mRoot);
    auto l = dir.list();
    ASSERT_TRUE(l.ok());
    ASSERT_EQ(l->size(), 3u);
    EXPECT_EQ((*l)[0].name, "A/Sub/c.dat");
    EXPECT_EQ((*l)[0].size, 3u);
    EXPECT_EQ((*l)[1].name, "A/z.bin");
    EXPECT_EQ((*l)[2].name, "b.txt");
    EXPECT_EQ((*l)[2].size, 2u);
    // Every listed name reads back.
    for (const auto& e : *l) EXPECT_TRUE(dir.read(e.name).ok()) << e.name;
}

TEST_F(DirProviderTest, ListNamesSymlinksByTheirOwnName) {
    put("root/a.txt", "a");
    fs::create_symlink(mRoot / "root" / "a.txt", mRoot / "root" / "b_link.txt");
    DirProvider dir(mRoot / "root");
    auto l = dir.list();
    ASSERT_TRUE(l.ok());
    ASSERT_EQ(l->size(), 2u);
    EXPECT_EQ((*l)[0].name, "a.txt");
    EXPECT_EQ((*l)[1].name, "b_link.txt");
}

TEST_F(DirProviderTest, ListSurvivesADanglingSymlink) {
    put("root/a.txt", "a");
    fs::create_symlink(mRoot / "root" / "gone", mRoot / "root" / "broken");
    DirProvider dir(mRoot / "root");
    auto l = dir.list();
    ASSERT_TRUE(l.ok()) << l.error().render();
    ASSERT_EQ(l->size(), 1u);
    EXPECT_EQ((*l)[0].name, "a.txt");
}

TEST_F(DirProviderTest, ListNamesOnlyReadableEntries) {
    put("outside/secret.txt", "secret");
    put("root/a.txt", "a");
    fs::create_symlink(mRoot / "outside" / "secret.txt", mRoot / "root" / "leak");
    DirProvider dir(mRoot / "root");
    auto l = dir.list();
    ASSERT_TRUE(l.ok()) << l.error().render();
    for (const auto& e : *l) EXPECT_TRUE(dir.read(e.name).ok()) << e.name;
    EXPECT_EQ(l->size(), 1u);
}

}  // namespace
}  // namespace vestige::vfs
