// Real VPKs from ../shared/corpus/vpk (third-party tools); skipped when ../shared is absent.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/vpk/inspect.hpp"
#include "vestige/source/vpk/vpk.hpp"

using namespace vestige;
using namespace vestige::source::vpk;

namespace {

struct Expect {
    const char* path;
    std::uint64_t size;
    std::uint32_t crc;
    std::uint16_t archive;
    std::size_t preload;
};

void expectEntries(const Archive& a, std::initializer_list<Expect> want) {
    ASSERT_EQ(a.size(), want.size());
    std::size_t i = 0;
    for (const auto& w : want) {
        const auto& e = a.entries()[i++];
        EXPECT_EQ(e.path, w.path);
        EXPECT_EQ(e.size(), w.size) << w.path;
        EXPECT_EQ(e.raw->crc32, w.crc) << w.path;
        EXPECT_EQ(e.raw->archiveIndex, w.archive) << w.path;
        EXPECT_EQ(e.raw->preload.size(), w.preload) << w.path;
    }
}

// Reads every entry through the chunk source and checks it against its CRC; returns the contents.
std::vector<Bytes> loadAll(const Archive& a, const ChunkSource* chunks) {
    std::vector<Bytes> out;
    for (std::size_t i = 0; i < a.size(); ++i) {
        auto d = a.load(i, chunks);
        EXPECT_TRUE(d.ok()) << d.error().render();
        out.push_back(d.ok() ? *d : Bytes{});
    }
    return out;
}

}  // namespace

TEST(VpkCorpus, V1DirectoryWithTwoChunks) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/vpk/v1_test_dir.vpk");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    EXPECT_EQ(data->size(), 152u);
    auto a = Archive::read(*data);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->version(), 1u);
    EXPECT_EQ(a->raw().treeSize, 140u);
    expectEntries(*a, {{"testfile1.txt", 216, 0x518ED761, 1, 0},
                       {"testdir/testfile2.txt", 216, 0x518ED761, 99, 24},
                       {"a/b/c/d/testfile3.bin", 2, 0xD736D92D, 99, 0}});
    EXPECT_EQ(a->chunkIndices(), (std::vector<std::uint16_t>{1, 99}));
    auto chunks = hostChunksFor(path.string(), *data);
    ASSERT_NE(chunks, nullptr);
    EXPECT_EQ(chunks->size(1), 216u);
    EXPECT_EQ(chunks->size(99), 636u);
    EXPECT_FALSE(chunks->size(0).has_value());
    const auto contents = loadAll(*a, chunks.get());
    EXPECT_EQ(contents[0], contents[1]);  // the same text, once whole and once preload + chunk
    EXPECT_EQ(std::string(contents[1].begin(), contents[1].begin() + 8), "line 1\r\n");
    auto again = writeRaw(a->raw());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *data);
}

TEST(VpkCorpus, V2DirectoryChunkAndSingleFileAgree) {
    VESTIGE_REQUIRE_SHARED(dirPath, "corpus/vpk/v2_steamdb_test_dir.vpk");
    VESTIGE_REQUIRE_SHARED(singlePath, "corpus/vpk/v2_steamdb_test_single.vpk");
    auto dirData = readFile(dirPath);
    auto singleData = readFile(singlePath);
    ASSERT_TRUE(dirData.ok() && singleData.ok());
    EXPECT_EQ(dirData->size(), 202u);
    EXPECT_EQ(singleData->size(), 58303u);
    auto dir = Archive::read(*dirData);
    auto single = Archive::read(*singleData);
    ASSERT_TRUE(dir.ok()) << dir.error().render();
    ASSERT_TRUE(single.ok()) << single.error().render();
    expectEntries(*dir, {{"steammessages_clientserver.proto", 39177, 0x8551DEBC, 0, 0},
                         {"steammessages_base.proto", 2563, 0x75CE8E50, 0, 0},
                         {"kitten.jpg", 16361, 0x9C800116, 0, 0}});
    expectEntries(*single, {{"steammessages_clientserver.proto", 39177, 0x8551DEBC, kEmbedded, 0},
                            {"steammessages_base.proto", 2563, 0x75CE8E50, kEmbedded, 0},
                            {"kitten.jpg", 16361, 0x9C800116, kEmbedded, 0}});
    EXPECT_EQ(dir->raw().otherMd5Size, 48u);
    EXPECT_EQ(dir->raw().archiveMd5.size(), 0u);
    EXPECT_EQ(single->raw().fileDataSize, 58101u);
    auto chunks = hostChunksFor(dirPath.string(), *dirData);
    ASSERT_NE(chunks, nullptr);
    EXPECT_EQ(chunks->size(0), 58101u);
    EXPECT_EQ(loadAll(*dir, chunks.get()), loadAll(*single, nullptr));
    // The kitten is a JPEG.
    auto kitten = single->load(*single->find("KITTEN.JPG"), nullptr);
    ASSERT_TRUE(kitten.ok());
    EXPECT_EQ((*kitten)[0], 0xFF);
    EXPECT_EQ((*kitten)[1], 0xD8);
    for (const auto* p : {&*dirData, &*singleData}) {
        auto a = Archive::read(*p);
        auto again = writeRaw(a->raw());
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(*again, *p);
    }
    // Our writer, fed the same files as one single-file v2, gives the same sizes and CRCs.
    std::vector<NewFile> files;
    const auto contents = loadAll(*single, nullptr);
    for (std::size_t i = 0; i < single->size(); ++i) files.push_back({single->entries()[i].path, contents[i], 0});
    auto ours = write(files, {});
    ASSERT_TRUE(ours.ok());
    auto o = Archive::read(ours->directory);
    ASSERT_TRUE(o.ok());
    for (std::size_t i = 0; i < single->size(); ++i) {
        auto idx = o->find(single->entries()[i].path);
        ASSERT_TRUE(idx.has_value());
        EXPECT_EQ(o->entries()[*idx].raw->crc32, single->entries()[i].raw->crc32);
    }
}

TEST(VpkCorpus, V2Preload) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/vpk/v2_preload.vpk");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    EXPECT_EQ(data->size(), 753u);
    auto a = Archive::read(*data);
    ASSERT_TRUE(a.ok()) << a.error().render();
    expectEntries(*a, {{"lorem.txt", 644, 0xF2CAFA54, kEmbedded, 56}});
    EXPECT_EQ(a->entries()[0].raw->length, 588u);
    auto content = a->load(0, nullptr);
    ASSERT_TRUE(content.ok()) << content.error().render();
    EXPECT_EQ(content->size(), 644u);
    auto again = writeRaw(a->raw());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *data);
}

TEST(VpkCorpus, SpacesUppercaseAndExtensionlessNames) {
    // "broken_dir": a valid v1 directory (despite the name) whose chunk v2_broken_000.vpk is absent.
    VESTIGE_REQUIRE_SHARED(path, "corpus/vpk/v2_broken_dir.vpk");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    EXPECT_EQ(data->size(), 306u);
    auto a = Archive::read(*data);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->version(), 1u);
    expectEntries(*a, {{"folder with space/space_extension. txt", 30, 0x09321FC0, 0, 0},
                       {"uppercasefolder/bad_file_forfun.txt", 2, 0x15C1490F, 0, 0},
                       {"folder with space/file name with space.txt", 9, 0x76D91432, 0, 0},
                       {"UpperCaseFolder/UpperCaseFile.txt", 43, 0x32CFF012, 0, 0},
                       {"folder with space/test", 41, 0xBF108706, 0, 0},
                       {"test", 39, 0x0BA144CC, 0, 0}});
    EXPECT_EQ(a->find("test"), 5u);
    EXPECT_EQ(a->find("folder with space\\space_extension. txt"), 0u);
    EXPECT_EQ(a->find("uppercasefolder/uppercasefile.txt"), 3u);
    auto again = writeRaw(a->raw());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *data);
    // The missing chunk is a structured error naming the entry, archive_index and its offset.
    auto chunks = hostChunksFor(path.string(), *data);
    ASSERT_NE(chunks, nullptr);
    auto r = a->load(5, chunks.get());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vpk.missing_chunk");
    EXPECT_EQ(r.error().find("entry"), "test");
    EXPECT_EQ(r.error().find("field"), "archive_index");
    EXPECT_EQ(r.error().offset(), a->entries()[5].raw->recordOffset + 6);
    auto desc = describe(*data, path.string());
    ASSERT_TRUE(desc.ok());
    const auto j = nlohmann::json::parse(desc->json);
    EXPECT_EQ(j["crc"]["ok"], 0);
    EXPECT_EQ(j["crc"]["bad"].size(), 6u);
    EXPECT_EQ(j["chunks"][0]["present"], false);
}

TEST(VpkCorpus, InvalidTerminatorIsAStructuredError) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/vpk/v2_invalid_terminator.vpk");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    for (auto profile : {Profile::Strict, Profile::Compatible}) {
        auto a = Archive::read(*data, profile);
        ASSERT_FALSE(a.ok());
        EXPECT_EQ(a.error().code(), "vpk.bad_terminator");
        EXPECT_EQ(a.error().find("field"), "terminator");
        EXPECT_EQ(a.error().find("entry"), "test");
        EXPECT_EQ(a.error().offset(), 0x12Du);  // the last record (entry "test") at 0x11B
        EXPECT_EQ(a.error().actualText(), "0x2211");
    }
    auto desc = describe(*data, path.string());
    ASSERT_FALSE(desc.ok());
    EXPECT_EQ(desc.error().code(), "vpk.bad_terminator");
}

TEST(VpkCorpus, BadHashIsAStructuredErrorAndOpensCompatible) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/vpk/v2_bad_hash_a.vpk");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    EXPECT_EQ(data->size(), 854u);
    auto strict = Archive::read(*data);
    ASSERT_FALSE(strict.ok());
    EXPECT_EQ(strict.error().code(), "vpk.md5_mismatch");
    EXPECT_EQ(strict.error().find("field"), "tree_md5");
    EXPECT_EQ(strict.error().offset(), 786u);
    EXPECT_EQ(strict.error().expectedText(), "f7154021e85038879ed34fd35c2e4050");
    auto a = Archive::read(*data, Profile::Compatible);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->size(), 18u);
    EXPECT_EQ(a->entries()[0].path, "materials/startup_background.vmat_c");
    EXPECT_EQ(a->entries()[0].size(), 1945u);
    EXPECT_EQ(a->entries()[17].path, "textures/dev/brdf_lut.vtex_c");
    EXPECT_EQ(a->entries()[17].raw->crc32, 0x18AA4761u);
    std::uint64_t total = 0;
    for (const auto& e : a->entries()) total += e.size();
    EXPECT_EQ(total, 1415846u);
    // Tree MD5, whole-file MD5 and the signature section (its key size reads 0x55AA1234).
    ASSERT_EQ(a->issues().size(), 3u);
    EXPECT_EQ(a->issues()[0].find("field"), "tree_md5");
    EXPECT_EQ(a->issues()[1].find("field"), "whole_file_md5");
    EXPECT_EQ(a->issues()[1].offset(), 818u);
    EXPECT_EQ(a->issues()[2].code(), "vpk.bad_signature_section");
    EXPECT_EQ(a->issues()[2].offset(), 838u);
    EXPECT_EQ(a->raw().signature.size(), 20u);
    auto again = writeRaw(a->raw());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *data);
    // Not named *_dir.vpk: its chunk entries cannot be located.
    EXPECT_EQ(hostChunksFor(path.string(), *data), nullptr);
    auto r = a->load(0, nullptr);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vpk.no_chunks");
    auto desc = describe(*data, path.string());
    ASSERT_TRUE(desc.ok());
    const auto j = nlohmann::json::parse(desc->json);
    EXPECT_EQ(j["profile"], "compatible");
    EXPECT_EQ(j["strict_error"]["field"], "tree_md5");
    EXPECT_EQ(j["issues"].size(), 3u);
}

TEST(VpkCorpus, ChunkFilesAreNotDirectories) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/vpk/v1_test_001.vpk");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    EXPECT_EQ(probe(*data, "v1_test_001.vpk"), 10);
    auto a = Archive::read(*data);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().code(), "vpk.bad_signature");
    auto desc = describe(*data, path.string());
    ASSERT_TRUE(desc.ok());
    EXPECT_EQ(nlohmann::json::parse(desc->json)["kind"], "chunk");
}
