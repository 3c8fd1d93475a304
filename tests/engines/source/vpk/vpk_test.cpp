// VPK reader/writer tests on archives built in memory by our own writer.
#include "vestige/source/vpk/vpk.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "vestige/source/vpk/inspect.hpp"

using namespace vestige;
using namespace vestige::source::vpk;

namespace {

Bytes text(std::string_view s) { return Bytes(s.begin(), s.end()); }

Bytes pattern(std::size_t n, std::uint8_t seed) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(i * 7 + seed);
    return b;
}

std::vector<NewFile> sampleFiles() {
    return {
        {"materials/brick/wall.vmt", text("\"LightmappedGeneric\" { \"$basetexture\" \"brick/wall\" }"), 0},
        {"materials/brick/wall.vtf", pattern(3000, 1), 64},
        {"sound/ambient/wind.wav", pattern(5000, 2), 0},
        {"readme", text("no extension, no directory"), 0},
        {"scripts/empty.txt", {}, 0},
        {"models/crate.mdl", pattern(700, 3), 700},  // all in the preload
    };
}

void setU32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

}  // namespace

TEST(VpkName, SplitsExtensionDirectoryAndName) {
    auto s = splitName("materials/brick/wall.vmt");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->ext, "vmt");
    EXPECT_EQ(s->dir, "materials/brick");
    EXPECT_EQ(s->name, "wall");
    s = splitName("readme");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->ext, " ");
    EXPECT_EQ(s->dir, " ");
    s = splitName("a\\b.c.d");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->dir, "a");
    EXPECT_EQ(s->name, "b.c");
    EXPECT_EQ(s->ext, "d");
    for (const char* bad : {"", "a//b", "../x", "./x", ".hidden", "trail.", "a/ /b"})
        EXPECT_FALSE(splitName(bad).ok()) << bad;
}

TEST(VpkWriter, SingleFileV2RoundTripsAndVerifies) {
    const auto files = sampleFiles();
    auto w = write(files, {});
    ASSERT_TRUE(w.ok()) << w.error().render();
    EXPECT_TRUE(w->chunks.empty());
    auto a = Archive::read(w->directory, Profile::Strict);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->version(), 2u);
    ASSERT_EQ(a->size(), files.size());
    EXPECT_TRUE(a->chunkIndices().empty());
    for (const auto& f : files) {
        auto idx = a->find(f.path);
        ASSERT_TRUE(idx.has_value()) << f.path;
        auto data = a->load(*idx, nullptr);
        ASSERT_TRUE(data.ok()) << data.error().render();
        EXPECT_EQ(*data, f.data) << f.path;
        EXPECT_EQ(a->entries()[*idx].raw->preload.size(), f.preloadBytes);
    }
    // Case-insensitive, backslashes accepted.
    EXPECT_TRUE(a->find("MATERIALS\\Brick\\WALL.VMT").has_value());
    EXPECT_FALSE(a->find("materials/brick").has_value());
    // Tree order: extensions sorted, then directories, then names.
    EXPECT_EQ(a->entries()[0].path, "readme");
    EXPECT_EQ(a->entries()[1].path, "models/crate.mdl");
    EXPECT_EQ(a->entries()[2].path, "scripts/empty.txt");
    // Raw round trip.
    auto again = writeRaw(a->raw());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, w->directory);
    // The other MD5 section is what a reader checks.
    EXPECT_EQ(a->raw().otherMd5.size(), 48u);
    EXPECT_TRUE(a->issues().empty());
}

TEST(VpkWriter, DirectoryPlusChunksV2WithArchiveMd5) {
    const auto files = sampleFiles();
    WriteOptions opt;
    opt.singleFile = false;
    opt.maxChunkSize = 4096;
    opt.md5SliceSize = 1000;
    auto w = write(files, opt);
    ASSERT_TRUE(w.ok()) << w.error().render();
    // Tree order: readme (26), crate.mdl and empty.txt (no body: embedded), wall.vmt, wall.vtf body (2936) fill
    // chunk 0; wind.wav (5000, more than the limit) gets chunk 1 alone.
    ASSERT_EQ(w->chunks.size(), 2u);
    EXPECT_EQ(w->chunks[1].size(), 5000u);
    auto a = Archive::read(w->directory, Profile::Strict);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->chunkIndices(), (std::vector<std::uint16_t>{0, 1}));
    std::size_t records = 0;
    for (const auto& c : w->chunks) records += (c.size() + 999) / 1000;
    EXPECT_EQ(a->raw().archiveMd5.size(), records);
    MemoryChunks chunks;
    for (std::size_t i = 0; i < w->chunks.size(); ++i) chunks.set(static_cast<std::uint16_t>(i), w->chunks[i]);
    EXPECT_TRUE(a->verifyArchiveMd5(chunks).empty());
    for (const auto& c : a->verifyEntries(&chunks)) EXPECT_TRUE(c.ok) << c.error->render();
    for (const auto& f : files) {
        auto data = a->load(*a->find(f.path), &chunks);
        ASSERT_TRUE(data.ok()) << data.error().render();
        EXPECT_EQ(*data, f.data);
    }
    // Without chunks, an entry in a chunk is a structured error naming archive_index at its record.
    const auto idx = *a->find("sound/ambient/wind.wav");
    auto missing = a->load(idx, nullptr);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "vpk.no_chunks");
    EXPECT_EQ(missing.error().find("field"), "archive_index");
    EXPECT_EQ(missing.error().offset(), a->entries()[idx].raw->recordOffset + 6);
    // Fully preloaded and empty files need no chunk at all.
    EXPECT_TRUE(a->load(*a->find("models/crate.mdl"), nullptr).ok());
    EXPECT_TRUE(a->load(*a->find("scripts/empty.txt"), nullptr).ok());

    // A corrupted chunk byte: CRC mismatch on load, MD5 mismatch on verify.
    Bytes bad = w->chunks[1];
    bad[10] ^= 0xFF;
    chunks.set(1, bad);
    auto crc = a->load(idx, &chunks);
    ASSERT_FALSE(crc.ok());
    EXPECT_EQ(crc.error().code(), "vpk.crc_mismatch");
    EXPECT_EQ(crc.error().find("field"), "crc32");
    EXPECT_EQ(crc.error().offset(), a->entries()[idx].raw->recordOffset);
    const auto md5Failures = a->verifyArchiveMd5(chunks);
    ASSERT_EQ(md5Failures.size(), 1u);
    EXPECT_EQ(md5Failures[0].code(), "vpk.md5_mismatch");
    // A truncated chunk: range error naming the offset field.
    chunks.set(1, Bytes(bad.begin(), bad.begin() + 100));
    auto range = a->load(idx, &chunks);
    ASSERT_FALSE(range.ok());
    EXPECT_EQ(range.error().code(), "vpk.chunk_range");
    EXPECT_EQ(range.error().find("field"), "offset");
}

TEST(VpkWriter, V1SingleAndChunked) {
    const auto files = sampleFiles();
    for (bool single : {true, false}) {
        WriteOptions opt;
        opt.version = 1;
        opt.singleFile = single;
        auto w = write(files, opt);
        ASSERT_TRUE(w.ok()) << w.error().render();
        EXPECT_EQ(w->chunks.size(), single ? 0u : 1u);
        auto a = Archive::read(w->directory, Profile::Strict);
        ASSERT_TRUE(a.ok()) << a.error().render();
        EXPECT_EQ(a->version(), 1u);
        EXPECT_EQ(a->raw().headerSize(), 12u);
        MemoryChunks chunks;
        if (!single) chunks.set(0, w->chunks[0]);
        for (const auto& f : files) {
            auto data = a->load(*a->find(f.path), &chunks);
            ASSERT_TRUE(data.ok()) << data.error().render();
            EXPECT_EQ(*data, f.data);
        }
        auto again = writeRaw(a->raw());
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(*again, w->directory);
    }
}

TEST(VpkWriter, RejectsDuplicatesAndBadPreload) {
    std::vector<NewFile> dup{{"a/b.txt", text("1"), 0}, {"a/b.txt", text("2"), 0}};
    auto w = write(dup, {});
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.error().code(), "vpk.duplicate_entry");
    std::vector<NewFile> pre{{"a.txt", text("12"), 3}};
    w = write(pre, {});
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.error().code(), "vpk.preload_too_large");
    WriteOptions v3;
    v3.version = 3;
    EXPECT_FALSE(write(sampleFiles(), v3).ok());
    EXPECT_TRUE(write(std::vector<NewFile>{}, {}).ok());  // an empty archive is valid
}

TEST(VpkReader, StructuredErrorsNameFieldAndOffset) {
    std::vector<NewFile> one{{"dir/file.txt", text("hello"), 0}};
    auto w = write(one, {});
    ASSERT_TRUE(w.ok());
    const Bytes good = w->directory;
    // Layout of this file: header 28, tree: "txt\0" "dir\0" "file\0" record(18) "\0\0\0" -> tree 36 bytes.
    auto a = Archive::read(good);
    ASSERT_TRUE(a.ok());
    const std::uint64_t rec = a->entries()[0].raw->recordOffset;
    EXPECT_EQ(rec, 28u + 4 + 4 + 5);
    EXPECT_EQ(a->raw().treeSize, 4u + 4 + 5 + 18 + 3);

    {  // bad signature
        Bytes b = good;
        b[0] = 0;
        auto r = Archive::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "vpk.bad_signature");
        EXPECT_EQ(r.error().offset(), 0u);
    }
    {  // bad version
        Bytes b = good;
        setU32(b, 4, 7);
        auto r = Archive::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "vpk.bad_version");
        EXPECT_EQ(r.error().find("field"), "version");
        EXPECT_EQ(r.error().offset(), 4u);
    }
    {  // bad terminator
        Bytes b = good;
        b[rec + 16] = 0x11;
        auto r = Archive::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "vpk.bad_terminator");
        EXPECT_EQ(r.error().find("field"), "terminator");
        EXPECT_EQ(r.error().find("entry"), "dir/file.txt");
        EXPECT_EQ(r.error().offset(), rec + 16);
    }
    {  // tree_size larger than the file
        Bytes b = good;
        setU32(b, 8, 100000);
        auto r = Archive::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().find("field"), "tree");
        EXPECT_EQ(r.error().offset(), 28u);
    }
    {  // embedded range past the data section (strict error; compatible issue, load error)
        Bytes b = good;
        setU32(b, rec + 8, 3);  // offset 3 + length 5 > 5
        auto r = Archive::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "vpk.entry_range");
        EXPECT_EQ(r.error().offset(), rec + 8);
    }
    {  // content changed: tree MD5 still fine, whole-file MD5 fails; compatible opens and CRC fails on load
        Bytes b = good;
        const std::size_t dataAt = 28 + a->raw().treeSize;
        b[dataAt] = 'J';
        auto r = Archive::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "vpk.md5_mismatch");
        EXPECT_EQ(r.error().find("field"), "whole_file_md5");
        EXPECT_EQ(r.error().offset(), dataAt + 5 + 32);
        auto c = Archive::read(b, Profile::Compatible);
        ASSERT_TRUE(c.ok());
        ASSERT_EQ(c->issues().size(), 1u);
        auto load = c->load(0, nullptr);
        ASSERT_FALSE(load.ok());
        EXPECT_EQ(load.error().code(), "vpk.crc_mismatch");
        auto unchecked = c->load(0, nullptr, false);
        ASSERT_TRUE(unchecked.ok());
        EXPECT_EQ(*unchecked, text("Jello"));
    }
    {  // trailing garbage: strict error, compatible keeps it and writes it back
        Bytes b = good;
        b.push_back(0xAB);
        auto r = Archive::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "vpk.trailing_bytes");
        EXPECT_EQ(r.error().offset(), good.size());
        auto c = Archive::read(b, Profile::Compatible);
        ASSERT_TRUE(c.ok());
        auto again = writeRaw(c->raw());
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(*again, b);
    }
    // Every truncation fails cleanly (and never reads past the end).
    for (std::size_t n = 0; n < good.size(); ++n) {
        auto r = Archive::read(ByteView(good).first(n));
        EXPECT_FALSE(r.ok()) << n;
    }
}

TEST(VpkReader, RefreshMd5AfterEdit) {
    auto w = write(sampleFiles(), {});
    ASSERT_TRUE(w.ok());
    auto a = Archive::read(w->directory);
    ASSERT_TRUE(a.ok());
    RawDirectory d = a->raw();
    d.tree[0].paths[0].entries[0].name = "readme2";
    auto stale = writeRaw(d);
    ASSERT_TRUE(stale.ok());
    EXPECT_FALSE(Archive::read(*stale).ok());  // tree MD5 no longer matches
    ASSERT_TRUE(refreshMd5(d, nullptr).ok());
    auto fresh = writeRaw(d);
    ASSERT_TRUE(fresh.ok());
    auto b = Archive::read(*fresh);
    ASSERT_TRUE(b.ok()) << b.error().render();
    EXPECT_TRUE(b->find("readme2").has_value());
}

TEST(VpkInspect, DescribeListsBadEntries) {
    WriteOptions opt;
    opt.singleFile = false;
    auto w = write(sampleFiles(), opt);
    ASSERT_TRUE(w.ok());
    auto chunks = std::make_shared<MemoryChunks>();
    Bytes bad = w->chunks[0];
    bad[0] ^= 1;
    chunks->set(0, bad);
    auto d = describe(w->directory, "x_dir.vpk", chunks);
    ASSERT_TRUE(d.ok()) << d.error().render();
    const auto j = nlohmann::json::parse(d->json);
    EXPECT_EQ(j["format"], "vpk");
    EXPECT_EQ(j["kind"], "directory");
    EXPECT_EQ(j["profile"], "strict");
    EXPECT_EQ(j["entry_count"], 6);
    EXPECT_EQ(j["crc"]["bad"].size(), 1u);
    EXPECT_EQ(j["crc"]["ok"], 5);
    EXPECT_EQ(j["crc"]["bad"][0]["code"], "vpk.crc_mismatch");
    EXPECT_EQ(j["archive_md5_failures"].size(), 1u);
    EXPECT_EQ(probe(w->directory, "x_dir.vpk"), 100);
    EXPECT_EQ(probe(w->chunks[0], "x_000.vpk"), 10);
    EXPECT_EQ(probe(w->chunks[0], "x.bin"), 0);
    auto chunkDesc = describe(w->chunks[0], "x_000.vpk", nullptr);
    ASSERT_TRUE(chunkDesc.ok());
    EXPECT_EQ(nlohmann::json::parse(chunkDesc->json)["kind"], "chunk");
}
