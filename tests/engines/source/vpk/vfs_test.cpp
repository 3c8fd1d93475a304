// VPK and GMA through the VFS: host specs with chunk siblings, nested specs, mounted directories.
#include "vestige/vfs/vfs.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/gma/gma.hpp"
#include "vestige/source/gma/register.hpp"
#include "vestige/source/vpk/register.hpp"
#include "vestige/source/vpk/vpk.hpp"

using namespace vestige;
namespace fs = std::filesystem;
namespace vpk = vestige::source::vpk;
namespace gma = vestige::source::gma;

namespace {

Bytes text(std::string_view s) { return Bytes(s.begin(), s.end()); }

class VpkVfs : public ::testing::Test {
protected:
    void SetUp() override {
        vpk::registerFormat(mFormats, mArchives);
        gma::registerFormat(mFormats, mArchives);
        mDir = fs::temp_directory_path() / ("vestige_vpk_vfs_" + std::to_string(::getpid()));
        fs::remove_all(mDir);
        fs::create_directories(mDir);
    }
    void TearDown() override { fs::remove_all(mDir); }
    registry::FormatRegistry mFormats;
    vfs::ArchiveRegistry mArchives;
    fs::path mDir;
};

std::vector<vpk::NewFile> files() {
    return {{"materials/x.vtf", text(std::string_view("VTF\0 pretend texture", 20)), 4},
            {"materials/x.vmt", text("\"UnlitGeneric\" {}"), 0},
            {"scripts/inner.vpk", {}, 0}};
}

}  // namespace

TEST_F(VpkVfs, DirectoryWithChunksFromTheHost) {
    vpk::WriteOptions opt;
    opt.singleFile = false;
    auto w = vpk::write(files(), opt);
    ASSERT_TRUE(w.ok());
    ASSERT_EQ(w->chunks.size(), 1u);
    ASSERT_TRUE(writeFileAtomic(mDir / "pak01_dir.vpk", w->directory).ok());
    ASSERT_TRUE(writeFileAtomic(mDir / "PAK01_000.vpk", w->chunks[0]).ok());  // case folded on lookup
    const std::string spec = (mDir / "pak01_dir.vpk").string();

    auto r = vfs::openSpec(spec + ":materials/x.vtf", mArchives);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->data, files()[0].data);
    EXPECT_EQ(r->name, "materials/x.vtf");
    r = vfs::openSpec(spec + ":MATERIALS\\X.VMT", mArchives);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->data, files()[1].data);
    auto missing = vfs::openSpec(spec + ":materials/none.vmt", mArchives);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "vpk.not_found");

    auto p = vfs::openArchiveSpec(spec, mArchives);
    ASSERT_TRUE(p.ok()) << p.error().render();
    EXPECT_EQ((*p)->kind(), "vpk");
    auto list = (*p)->list();
    ASSERT_TRUE(list.ok());
    ASSERT_EQ(list->size(), 3u);
    EXPECT_EQ((*list)[0].name, "materials/x.vmt");
    EXPECT_EQ((*list)[1].name, "scripts/inner.vpk");  // extensions sorted: vmt, vpk, vtf
    EXPECT_EQ((*list)[2].name, "materials/x.vtf");
    EXPECT_EQ((*list)[2].size, files()[0].data.size());

    // A corrupted chunk byte: the read is a CRC error, never data.
    Bytes bad = w->chunks[0];
    bad.back() ^= 0x55;
    ASSERT_TRUE(writeFileAtomic(mDir / "PAK01_000.vpk", bad).ok());
    auto crc = vfs::openSpec(spec + ":materials/x.vtf", mArchives);
    ASSERT_FALSE(crc.ok());
    EXPECT_EQ(crc.error().code(), "vpk.crc_mismatch");
    // Without the chunk: missing-chunk error naming the chunk file.
    fs::remove(mDir / "PAK01_000.vpk");
    auto gone = vfs::openSpec(spec + ":materials/x.vtf", mArchives);
    ASSERT_FALSE(gone.ok());
    EXPECT_EQ(gone.error().code(), "vpk.missing_chunk");
    EXPECT_EQ(gone.error().find("field"), "archive_index");
}

TEST_F(VpkVfs, NestedSingleFileVpkInsideGma) {
    auto inner = vpk::write(files(), {});
    ASSERT_TRUE(inner.ok());
    gma::Header h;
    h.name = "Nested";
    std::vector<gma::NewFile> addonFiles{{"data/pack.vpk", inner->directory}, {"lua/autorun/a.lua", text("print(1)")}};
    auto addon = gma::write(h, addonFiles);
    ASSERT_TRUE(addon.ok());
    ASSERT_TRUE(writeFileAtomic(mDir / "addon.gma", *addon).ok());
    const std::string spec = (mDir / "addon.gma").string();
    auto lua = vfs::openSpec(spec + ":lua/autorun/a.lua", mArchives);
    ASSERT_TRUE(lua.ok()) << lua.error().render();
    EXPECT_EQ(lua->data, text("print(1)"));
    auto nested = vfs::openSpec(spec + ":data/pack.vpk:materials/x.vtf", mArchives);
    ASSERT_TRUE(nested.ok()) << nested.error().render();
    EXPECT_EQ(nested->data, files()[0].data);
    EXPECT_EQ(nested->label, spec + ":data/pack.vpk:materials/x.vtf");
}

// A directory VPK inside another archive reads its chunk files from the same folder of that archive (whole chunk
// files, once each): the VFS hands the format a reader of the directory's siblings.
TEST_F(VpkVfs, NestedDirectoryVpkReadsSiblingChunks) {
    vpk::WriteOptions opt;
    opt.singleFile = false;
    auto w = vpk::write(files(), opt);
    ASSERT_TRUE(w.ok());
    ASSERT_EQ(w->chunks.size(), 1u);
    gma::Header h;
    std::vector<gma::NewFile> addonFiles{{"paks/pak01_dir.vpk", w->directory},
                                         {"paks/PAK01_000.vpk", w->chunks[0]},
                                         {"other/pak02_dir.vpk", w->directory}};
    auto addon = gma::write(h, addonFiles);
    ASSERT_TRUE(addon.ok());
    ASSERT_TRUE(writeFileAtomic(mDir / "addon.gma", *addon).ok());
    const std::string spec = (mDir / "addon.gma").string();
    auto r = vfs::openSpec(spec + ":paks/pak01_dir.vpk:materials/x.vtf", mArchives);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->data, files()[0].data);
    auto p = vfs::openArchiveSpec(spec + ":paks/pak01_dir.vpk", mArchives);
    ASSERT_TRUE(p.ok()) << p.error().render();
    auto vmt = (*p)->read("materials/x.vmt");
    ASSERT_TRUE(vmt.ok()) << vmt.error().render();
    EXPECT_EQ(*vmt, files()[1].data);
    // No pak02_000.vpk next to that one: the chunk is missing, named, never empty data.
    auto missing = vfs::openSpec(spec + ":other/pak02_dir.vpk:materials/x.vtf", mArchives);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "vpk.missing_chunk");
    EXPECT_NE(missing.error().message().find("pak02_000.vpk"), std::string::npos) << missing.error().render();
    // Preload-only entries need no chunk at all.
    auto empty = vfs::openSpec(spec + ":other/pak02_dir.vpk:scripts/inner.vpk", mArchives);
    ASSERT_TRUE(empty.ok()) << empty.error().render();
    EXPECT_TRUE(empty->data.empty());
}

// Mounted: a directory VPK in a mounted host folder reads its chunks from the host (by range), one inside a
// mounted archive from that archive.
TEST_F(VpkVfs, MountedDirectoryVpkReadsItsChunks) {
    vpk::WriteOptions opt;
    opt.singleFile = false;
    auto w = vpk::write(files(), opt);
    ASSERT_TRUE(w.ok());
    fs::create_directories(mDir / "garrysmod");
    ASSERT_TRUE(writeFileAtomic(mDir / "garrysmod" / "garrysmod_dir.vpk", w->directory).ok());
    ASSERT_TRUE(writeFileAtomic(mDir / "garrysmod" / "garrysmod_000.vpk", w->chunks[0]).ok());
    gma::Header h;
    std::vector<gma::NewFile> addonFiles{{"pak01_dir.vpk", w->directory}, {"pak01_000.vpk", w->chunks[0]}};
    auto addon = gma::write(h, addonFiles);
    ASSERT_TRUE(addon.ok());
    ASSERT_TRUE(writeFileAtomic(mDir / "garrysmod" / "addon.gma", *addon).ok());
    vfs::Vfs v(&mArchives);
    ASSERT_TRUE(v.mountDir("game", mDir).ok());
    auto host = v.read("game/GarrysMod/garrysmod_dir.vpk:materials/x.vtf");
    ASSERT_TRUE(host.ok()) << host.error().render();
    EXPECT_EQ(*host, files()[0].data);
    auto nested = v.read("game/garrysmod/addon.gma:pak01_dir.vpk:materials/x.vtf");
    ASSERT_TRUE(nested.ok()) << nested.error().render();
    EXPECT_EQ(*nested, files()[0].data);
    // The chunk gone from the host: a missing-chunk error for the host-mounted one.
    fs::remove(mDir / "garrysmod" / "garrysmod_000.vpk");
    vfs::Vfs fresh(&mArchives);
    ASSERT_TRUE(fresh.mountDir("game", mDir).ok());
    auto gone = fresh.read("game/garrysmod/garrysmod_dir.vpk:materials/x.vtf");
    ASSERT_FALSE(gone.ok());
    EXPECT_EQ(gone.error().code(), "vpk.missing_chunk");
}

TEST_F(VpkVfs, MountedDirectoryReadsEmbeddedEntries) {
    auto w = vpk::write(files(), {});
    ASSERT_TRUE(w.ok());
    ASSERT_TRUE(writeFileAtomic(mDir / "single.vpk", w->directory).ok());
    vfs::Vfs v(&mArchives);
    ASSERT_TRUE(v.mountDir("", mDir).ok());
    auto r = v.read("single.vpk:materials/x.vmt");
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, files()[1].data);
    EXPECT_TRUE(v.exists("single.vpk:materials/x.vtf"));
    EXPECT_FALSE(v.exists("single.vpk:materials/y.vtf"));
}

TEST_F(VpkVfs, CorpusV1ChunksResolveFromTheHostSpec) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/vpk/v1_test_dir.vpk");
    auto r = vfs::openSpec(path.string() + ":testdir/testfile2.txt", mArchives);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->data.size(), 216u);
    r = vfs::openSpec(path.string() + ":a/b/c/d/testfile3.bin", mArchives);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->data.size(), 2u);
    const auto* f = mFormats.detect(r->data, "x");
    EXPECT_EQ(f, nullptr);
}

TEST_F(VpkVfs, CorpusGmaEntry) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/gma/genuine.gma");
    auto r = vfs::openSpec(path.string() + ":lua/hello.lua", mArchives);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->data, text("hi\n"));
}

TEST_F(VpkVfs, HostChunksOnlyForTheSameBytes) {
    vpk::WriteOptions opt;
    opt.singleFile = false;
    auto w = vpk::write(files(), opt);
    ASSERT_TRUE(w.ok());
    const auto path = mDir / "pak02_dir.vpk";
    ASSERT_TRUE(writeFileAtomic(path, w->directory).ok());
    EXPECT_NE(vpk::hostChunksFor(path.string(), w->directory), nullptr);
    // A label that names a host file with other bytes (e.g. a VFS path that happens to exist in the working
    // directory) never pulls in that file's neighbours.
    Bytes other = w->directory;
    other.back() ^= 1;
    EXPECT_EQ(vpk::hostChunksFor(path.string(), other), nullptr);
    EXPECT_EQ(vpk::hostChunksFor((mDir / "missing_dir.vpk").string(), w->directory), nullptr);
    ASSERT_TRUE(writeFileAtomic(mDir / "single.vpk", w->directory).ok());
    EXPECT_EQ(vpk::hostChunksFor((mDir / "single.vpk").string(), w->directory), nullptr);  // not *_dir.vpk
    EXPECT_EQ(vpk::chunkBase("PAK01_DIR.VPK"), "PAK01");
    EXPECT_EQ(vpk::chunkBase("_dir.vpk"), std::nullopt);
    EXPECT_EQ(vpk::chunkFileName("pak01", 7), "pak01_007.vpk");
}
