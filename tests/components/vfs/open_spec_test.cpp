// openSpec / openArchiveSpec: the CLI's "host/file.lib:entry:inner" addressing, including host file
// names that themselves contain ':'.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "temp_tree.hpp"
#include "test_archive.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::vfs {
namespace {
using test::buildTestArchive;
using test::textBytes;

class OpenSpecTest : public test::TempTree {
protected:
    void SetUp() override {
        TempTree::SetUp();
        mArchives.add(test::testArchiveFormat());
        const Bytes inner = buildTestArchive({{"leaf.txt", textBytes("deep")}});
        mPack = buildTestArchive({{"Inner.test", inner}, {"a.txt", textBytes("A")}});
        put("pack.test", mPack);
        put("plain.bin", "plain bytes");
    }
    std::string spec(const std::string& rel) const { return (mRoot / rel).string(); }
    ArchiveRegistry mArchives;
    Bytes mPack;
};

TEST_F(OpenSpecTest, HostFileOnly) {
    auto r = openSpec(spec("plain.bin"), mArchives);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(asChars(r->data), "plain bytes");
    EXPECT_EQ(r->label, spec("plain.bin"));
    EXPECT_EQ(r->name, "plain.bin");
}

TEST_F(OpenSpecTest, NestedEntries) {
    auto a = openSpec(spec("pack.test") + ":A.TXT", mArchives);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(asChars(a->data), "A");
    EXPECT_EQ(a->label, spec("pack.test") + ":A.TXT");
    EXPECT_EQ(a->name, "A.TXT");

    auto leaf = openSpec(spec("pack.test") + ":inner.test:leaf.txt", mArchives);
    ASSERT_TRUE(leaf.ok()) << leaf.error().render();
    EXPECT_EQ(asChars(leaf->data), "deep");
    EXPECT_EQ(leaf->name, "leaf.txt");
    EXPECT_EQ(leaf->label, spec("pack.test") + ":inner.test:leaf.txt");

    auto provider = openArchiveSpec(spec("pack.test") + ":inner.test", mArchives);
    ASSERT_TRUE(provider.ok()) << provider.error().render();
    EXPECT_TRUE((*provider)->contains("LEAF.TXT"));
    EXPECT_EQ(static_cast<const test::TestProvider&>(**provider).label(), spec("pack.test") + ":inner.test");
}

TEST_F(OpenSpecTest, HostNamesContainingColons) {
    put("we:ird.bin", "colon file");
    put("odd:name.test", mPack);
    put("dir:with:colons/x.bin", "in a colon dir");

    auto weird = openSpec(spec("we:ird.bin"), mArchives);
    ASSERT_TRUE(weird.ok()) << weird.error().render();
    EXPECT_EQ(asChars(weird->data), "colon file");
    EXPECT_EQ(weird->name, "we:ird.bin");

    auto entry = openSpec(spec("odd:name.test") + ":a.txt", mArchives);
    ASSERT_TRUE(entry.ok()) << entry.error().render();
    EXPECT_EQ(asChars(entry->data), "A");
    EXPECT_EQ(entry->label, spec("odd:name.test") + ":a.txt");

    auto inDir = openSpec(spec("dir:with:colons/x.bin"), mArchives);
    ASSERT_TRUE(inDir.ok()) << inDir.error().render();
    EXPECT_EQ(asChars(inDir->data), "in a colon dir");
}

TEST_F(OpenSpecTest, ShortestHostPrefixWins) {
    // Both "dup" and "dup:a.txt" exist on the host: the spec resolves to the archive "dup", entry a.txt.
    put("dup", mPack);
    put("dup:a.txt", "host file with a colon");
    auto r = openSpec(spec("dup") + ":a.txt", mArchives);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(asChars(r->data), "A");
}

TEST_F(OpenSpecTest, Errors) {
    auto missing = openSpec(spec("missing.bin"), mArchives);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "io.open");
    EXPECT_EQ(missing.error().find("file").value_or(""), spec("missing.bin"));

    auto dir = openSpec(mRoot.string(), mArchives);
    ASSERT_FALSE(dir.ok());
    EXPECT_EQ(dir.error().code(), "io.is_directory");

    auto notArchive = openSpec(spec("plain.bin") + ":x", mArchives);
    ASSERT_FALSE(notArchive.ok());
    EXPECT_EQ(notArchive.error().code(), "vfs.not_archive");
    EXPECT_EQ(notArchive.error().find("file").value_or(""), spec("plain.bin"));
    EXPECT_EQ(notArchive.error().actualText().value_or(""), "11 bytes starting 70 6C 61 69 6E 20 62 79 ...");

    auto emptyEntry = openSpec(spec("pack.test") + ":", mArchives);
    ASSERT_FALSE(emptyEntry.ok());
    EXPECT_EQ(emptyEntry.error().code(), "vfs.empty_path");

    auto missingEntry = openSpec(spec("pack.test") + ":nope", mArchives);
    ASSERT_FALSE(missingEntry.ok());
    EXPECT_EQ(missingEntry.error().code(), "test.not_found");
    EXPECT_EQ(missingEntry.error().find("entry").value_or(""), "nope");

    auto noArchive = openArchiveSpec(spec("pack.test") + ":a.txt", mArchives);
    ASSERT_FALSE(noArchive.ok());
    EXPECT_EQ(noArchive.error().code(), "vfs.not_archive");
    EXPECT_EQ(noArchive.error().find("file").value_or(""), spec("pack.test") + ":a.txt");

    ArchiveRegistry none;
    auto noFormats = openSpec(spec("pack.test") + ":a.txt", none);
    ASSERT_FALSE(noFormats.ok());
    EXPECT_EQ(noFormats.error().code(), "vfs.not_archive");
}

TEST_F(OpenSpecTest, RelativeToTheWorkingDirectory) {
    const auto saved = std::filesystem::current_path();
    std::filesystem::current_path(mRoot);
    auto r = openSpec("pack.test:a.txt", mArchives);
    std::filesystem::current_path(saved);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(asChars(r->data), "A");
    EXPECT_EQ(r->label, "pack.test:a.txt");
}

}  // namespace
}  // namespace vestige::vfs
