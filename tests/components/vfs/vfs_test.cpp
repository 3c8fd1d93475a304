// Vfs: mount order, mount points, nested archive addressing through a test-only archive format,
// the archive registry.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "temp_tree.hpp"
#include "test_archive.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::vfs {
namespace {
namespace fs = std::filesystem;
using test::buildTestArchive;
using test::textBytes;

class VfsTest : public test::TempTree {
protected:
    void SetUp() override {
        TempTree::SetUp();
        mArchives.add(test::testArchiveFormat());
    }
    ArchiveRegistry mArchives;
};

TEST_F(VfsTest, LaterMountsOverrideEarlierOnes) {
    put("base/x.txt", "base-x");
    put("base/only_base.txt", "ob");
    put("mod/X.TXT", "mod-x");
    put("mod/only_mod.txt", "om");
    Vfs fs;
    ASSERT_TRUE(fs.mountDir("", mRoot / "base").ok());
    ASSERT_TRUE(fs.mountDir("", mRoot / "mod").ok());
    EXPECT_EQ(asChars(*fs.read("x.txt")), "mod-x");
    EXPECT_EQ(asChars(*fs.read("ONLY_BASE.TXT")), "ob");
    EXPECT_EQ(asChars(*fs.read("only_mod.txt")), "om");
    EXPECT_TRUE(fs.exists("x.txt"));
    EXPECT_FALSE(fs.exists("nope.txt"));

    Vfs reversed;
    ASSERT_TRUE(reversed.mountDir("", mRoot / "mod").ok());
    ASSERT_TRUE(reversed.mountDir("", mRoot / "base").ok());
    EXPECT_EQ(asChars(*reversed.read("x.txt")), "base-x");

    auto missing = fs.read("nope.txt");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "vfs.not_found");
    EXPECT_EQ(missing.error().find("path").value_or(""), "nope.txt");
}

TEST_F(VfsTest, MountPoints) {
    put("root/a.txt", "root-a");
    put("extra/a.txt", "extra-a");
    Vfs fs;
    ASSERT_TRUE(fs.mountDir("", mRoot / "root").ok());
    ASSERT_TRUE(fs.mountDir("Mods/Extra", mRoot / "extra").ok());
    EXPECT_EQ(asChars(*fs.read("a.txt")), "root-a");
    EXPECT_EQ(asChars(*fs.read("mods/extra/A.TXT")), "extra-a");
    EXPECT_EQ(asChars(*fs.read("MODS\\EXTRA\\a.txt")), "extra-a");
    EXPECT_FALSE(fs.read("mods/a.txt").ok());
    EXPECT_FALSE(fs.read("mods/extra").ok()) << "the mount point itself is not a file";

    EXPECT_FALSE(fs.mountDir("../up", mRoot / "extra").ok());
    EXPECT_FALSE(fs.mountDir("/abs", mRoot / "extra").ok());
    auto notDir = fs.mountDir("", mRoot / "root" / "a.txt");
    ASSERT_FALSE(notDir.ok());
    EXPECT_EQ(notDir.error().code(), "vfs.mount");
    EXPECT_FALSE(fs.mountDir("", mRoot / "missing").ok());
}

TEST_F(VfsTest, EscapesAreRefused) {
    put("root/a.txt", "a");
    put("secret.txt", "s");
    Vfs fs;
    ASSERT_TRUE(fs.mountDir("", mRoot / "root").ok());
    for (std::string_view q : {std::string_view("../secret.txt"), std::string_view("/etc/passwd"),
                               std::string_view("a.txt/.."), std::string_view("a.txt\0x", 7), std::string_view()}) {
        EXPECT_FALSE(fs.read(q).ok()) << q;
        EXPECT_FALSE(fs.exists(q)) << q;
    }
    EXPECT_EQ(fs.read("../secret.txt").error().code(), "vfs.dot_segment");
    EXPECT_EQ(fs.read("/etc/passwd").error().code(), "vfs.absolute");
    EXPECT_EQ(fs.read(std::string_view("a.txt\0x", 7)).error().code(), "vfs.nul");
}

TEST_F(VfsTest, DriveLetterPathsAreRefused) {
    // A host file literally named "C" that happens to be an archive holding an entry "/autoexec.bat": the
    // Windows-looking path must not reach it. (The level split comes first, so the code is vfs.absolute for
    // the second level rather than vfs.drive_letter.)
    put("root/C", buildTestArchive({{"/autoexec.bat", textBytes("boot")}, {"x", textBytes("x")}}));
    Vfs fs(&mArchives);
    ASSERT_TRUE(fs.mountDir("", mRoot / "root").ok());
    for (const char* q : {"C:/autoexec.bat", "c:\\autoexec.bat"}) {
        auto r = fs.read(q);
        ASSERT_FALSE(r.ok()) << q << " read '" << asChars(*r) << "'";
        EXPECT_THAT(r.error().code(), ::testing::AnyOf("vfs.drive_letter", "vfs.absolute")) << q;
        EXPECT_FALSE(fs.exists(q)) << q;
    }
    // "C:x" is indistinguishable from archive "C", entry "x": nesting syntax wins.
    EXPECT_EQ(asChars(*fs.read("C:x")), "x");
}

TEST_F(VfsTest, AmbiguityInAnOverridingMountIsReported) {
    put("base/file.txt", "base");
    put("mod/File.txt", "one");
    put("mod/FILE.txt", "two");
    Vfs fs;
    ASSERT_TRUE(fs.mountDir("", mRoot / "base").ok());
    ASSERT_TRUE(fs.mountDir("", mRoot / "mod").ok());
    auto r = fs.read("file.txt");
    ASSERT_FALSE(r.ok()) << asChars(*r);
    EXPECT_EQ(r.error().code(), "vfs.ambiguous");
}

TEST_F(VfsTest, ArchiveMountsFallThroughOnlyOnNotFound) {
    put("base/only_base.txt", "b");
    put("base/shared.txt", "base");
    Vfs fs(&mArchives);
    ASSERT_TRUE(fs.mountDir("", mRoot / "base").ok());
    auto pack = test::TestProvider::open(buildTestArchive({{"shared.txt", textBytes("pack")}}), "pack.test");
    ASSERT_TRUE(pack.ok());
    ASSERT_TRUE(fs.mount("", std::shared_ptr<Provider>(std::move(*pack))).ok());
    EXPECT_EQ(asChars(*fs.read("SHARED.TXT")), "pack") << "the archive mount overrides";
    EXPECT_EQ(asChars(*fs.read("only_base.txt")), "b") << "test.not_found falls through to the directory";
    EXPECT_TRUE(fs.exists("only_base.txt"));
    auto none = fs.read("nowhere.txt");
    ASSERT_FALSE(none.ok());
    EXPECT_EQ(none.error().code(), "vfs.not_found");
}

// outer.test holds Inner.TEST (which holds leaf.txt) and a plain file.
class NestedTest : public VfsTest {
protected:
    void SetUp() override {
        VfsTest::SetUp();
        const Bytes inner = buildTestArchive({{"leaf.txt", textBytes("deep")}, {"Dir/Nested.bin", textBytes("nb")}});
        mOuter = buildTestArchive({{"Inner.TEST", inner}, {"plain.txt", textBytes("shallow")}});
        put("data/Outer.test", mOuter);
        put("data/notes.txt", "not an archive");
        ASSERT_TRUE(mFs.mountDir("", mRoot).ok());
    }
    Bytes mOuter;
    Vfs mFs{&mArchives};
};

TEST_F(NestedTest, ResolvesEveryLevel) {
    EXPECT_EQ(asChars(*mFs.read("data/outer.test:PLAIN.TXT")), "shallow");
    EXPECT_EQ(asChars(*mFs.read("DATA/OUTER.TEST:inner.test:leaf.txt")), "deep");
    EXPECT_EQ(asChars(*mFs.read("data\\outer.test:inner.test:dir/nested.BIN")), "nb");
    EXPECT_EQ(*mFs.read("data/outer.test"), mOuter);
    EXPECT_TRUE(mFs.exists("data/outer.test:inner.test:leaf.txt"));
    EXPECT_FALSE(mFs.exists("data/outer.test:inner.test:nope"));
    EXPECT_FALSE(mFs.exists("data/notes.txt:x"));

    auto archive = mFs.openArchive("data/outer.test:inner.test");
    ASSERT_TRUE(archive.ok()) << archive.error().render();
    EXPECT_EQ((*archive)->kind(), "test");
    auto list = (*archive)->list();
    ASSERT_TRUE(list.ok());
    ASSERT_EQ(list->size(), 2u);
    EXPECT_EQ((*list)[0].name, "leaf.txt");
    EXPECT_EQ((*list)[0].size, 4u);
    EXPECT_EQ((*list)[1].name, "Dir/Nested.bin");
    // The provider is cached under the folded path, so it keeps the spelling that first opened it.
    EXPECT_EQ(static_cast<const test::TestProvider&>(**archive).label(), "DATA/OUTER.TEST:inner.test");
}

TEST_F(NestedTest, OpenedArchivesAreCached) {
    auto a = mFs.openArchive("data/outer.test");
    auto b = mFs.openArchive("DATA/OUTER.TEST");
    ASSERT_TRUE(a.ok());
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(a->get(), b->get()) << "case-folded key";
    const int before = static_cast<const test::TestProvider&>(**a).reads;
    ASSERT_TRUE(mFs.read("data/outer.test:inner.test:leaf.txt").ok());
    ASSERT_TRUE(mFs.read("data/outer.test:inner.test:leaf.txt").ok());
    EXPECT_EQ(static_cast<const test::TestProvider&>(**a).reads, before + 1) << "inner archive opened once";
}

TEST_F(NestedTest, Errors) {
    auto missingEntry = mFs.read("data/outer.test:missing.txt");
    ASSERT_FALSE(missingEntry.ok());
    EXPECT_EQ(missingEntry.error().code(), "test.not_found");

    auto notArchive = mFs.read("data/notes.txt:entry");
    ASSERT_FALSE(notArchive.ok());
    EXPECT_EQ(notArchive.error().code(), "vfs.not_archive");
    EXPECT_EQ(notArchive.error().find("path").value_or(""), "data/notes.txt");

    auto notArchive2 = mFs.read("data/outer.test:plain.txt:x");
    ASSERT_FALSE(notArchive2.ok());
    EXPECT_EQ(notArchive2.error().code(), "vfs.not_archive");

    auto emptyEntry = mFs.read("data/outer.test:");
    ASSERT_FALSE(emptyEntry.ok());
    EXPECT_EQ(emptyEntry.error().code(), "vfs.empty_path");

    auto emptyMiddle = mFs.read("data/outer.test::leaf.txt");
    ASSERT_FALSE(emptyMiddle.ok());

    auto emptyOuter = mFs.read(":leaf.txt");
    ASSERT_FALSE(emptyOuter.ok());
    EXPECT_EQ(emptyOuter.error().code(), "vfs.empty_path");

    auto missingOuter = mFs.read("data/none.test:leaf.txt");
    ASSERT_FALSE(missingOuter.ok());
    EXPECT_EQ(missingOuter.error().code(), "vfs.not_found");

    Vfs noArchives;
    ASSERT_TRUE(noArchives.mountDir("", mRoot).ok());
    auto none = noArchives.read("data/outer.test:plain.txt");
    ASSERT_FALSE(none.ok());
    EXPECT_EQ(none.error().code(), "vfs.no_archives");
}

TEST_F(NestedTest, CorruptArchiveReportsItsOwnError) {
    Bytes broken = mOuter;
    broken.resize(broken.size() - 3);
    put("data/broken.test", broken);
    auto r = mFs.read("data/broken.test:plain.txt");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "bytes.eof");
    EXPECT_EQ(r.error().find("record").value_or(""), "1");
}

TEST_F(NestedTest, EntryLevelsAreValidatedLikeHostLevels) {
    // An archive whose entry names try to escape: the VFS header promises ".." and friends are rejected in
    // every segment, so they must not be addressable through the VFS even when a container spells them.
    put("evil.test", buildTestArchive({{"../evil", textBytes("x")}, {"/abs", textBytes("y")}}));
    auto r = mFs.read("evil.test:../evil");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vfs.dot_segment");
    EXPECT_EQ(mFs.read("evil.test:/abs").error().code(), "vfs.absolute");
}

TEST_F(NestedTest, MountingAfterOpenDoesNotServeAStaleArchive) {
    ASSERT_EQ(asChars(*mFs.read("data/outer.test:plain.txt")), "shallow");
    put("mod/data/outer.test", buildTestArchive({{"plain.txt", textBytes("modded")}}));
    ASSERT_TRUE(mFs.mountDir("", mRoot / "mod").ok());
    auto r = mFs.read("data/outer.test:plain.txt");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(asChars(*r), "modded");
}

TEST(ArchiveRegistry, DetectAndReplace) {
    ArchiveRegistry reg;
    EXPECT_EQ(reg.detect(asBytes("TEST...."), "x"), nullptr);
    reg.add(test::testArchiveFormat());
    reg.add({"byname", [](ByteView, std::string_view name) { return name == "special.bin"; }, nullptr});
    reg.add({"noprobe", nullptr, nullptr});
    ASSERT_NE(reg.detect(asBytes("TEST...."), "x"), nullptr);
    EXPECT_EQ(reg.detect(asBytes("TEST...."), "x")->name, "test");
    EXPECT_EQ(reg.detect(asBytes("TES"), "x"), nullptr);
    EXPECT_EQ(reg.detect(asBytes("zz"), "special.bin")->name, "byname");
    // First registered match wins.
    EXPECT_EQ(reg.detect(asBytes("TEST"), "special.bin")->name, "test");
    // Re-adding a name replaces it in place.
    reg.add({"test", [](ByteView, std::string_view) { return false; }, nullptr});
    EXPECT_EQ(reg.formats().size(), 3u);
    EXPECT_EQ(reg.formats()[0].name, "test");
    EXPECT_EQ(reg.detect(asBytes("TEST"), "special.bin")->name, "byname");
}

}  // namespace
}  // namespace vestige::vfs
