// GMA reader/writer tests: fixtures from our writer, then the real gmad-made sample from ../shared.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/gma/gma.hpp"
#include "vestige/source/gma/inspect.hpp"

using namespace vestige;
using namespace vestige::source::gma;

namespace {

Bytes text(std::string_view s) { return Bytes(s.begin(), s.end()); }

Header sampleHeader() {
    Header h;
    h.steamId = 76561197960287930ull;
    h.timestamp = 1700000000;
    h.requiredContent = {"hl2"};
    h.name = "Crates";
    h.description = R"({"description":"Wooden crates","type":"entity","tags":["build","fun"]})";
    h.author = "vestige";
    return h;
}

std::vector<NewFile> sampleFiles() {
    return {{"lua/autorun/crates.lua", text("print('crates')\n")},
            {"models/crate.mdl", Bytes(300, 0x42)},
            {"materials/crate.vmt", text("\"VertexLitGeneric\" {}")},
            {"data/empty.txt", {}}};
}

std::size_t crcFieldOffset(const FileRecord& f) { return f.recordOffset + 4 + f.path.size() + 1 + 8; }

}  // namespace

TEST(GmaWriter, RoundTripsAndVerifies) {
    auto bytes = write(sampleHeader(), sampleFiles());
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    auto a = Addon::read(*bytes);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->header().version, 3);
    EXPECT_EQ(a->header().steamId, 76561197960287930ull);
    EXPECT_EQ(a->header().requiredContent, std::vector<std::string>{"hl2"});
    EXPECT_EQ(a->header().name, "Crates");
    ASSERT_EQ(a->size(), 4u);
    const auto files = sampleFiles();
    for (std::size_t i = 0; i < files.size(); ++i) {
        EXPECT_EQ(a->files()[i].number, i + 1);
        auto d = a->load(i);
        ASSERT_TRUE(d.ok()) << d.error().render();
        EXPECT_EQ(*d, files[i].data);
    }
    EXPECT_EQ(a->find("MODELS\\CRATE.MDL"), 1u);
    ASSERT_TRUE(a->trailer().has_value());
    EXPECT_EQ(*a->trailer(), crc32(ByteView(*bytes).first(bytes->size() - 4)));
    auto again = writeRaw(a->raw());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *bytes);
    const auto info = interpretDescription(a->header().description);
    EXPECT_TRUE(info.json);
    EXPECT_EQ(info.description, "Wooden crates");
    EXPECT_EQ(info.type, "entity");
    EXPECT_EQ(info.tags, (std::vector<std::string>{"build", "fun"}));
    EXPECT_FALSE(interpretDescription("plain text").json);
    EXPECT_EQ(interpretDescription("plain text").description, "plain text");
}

TEST(GmaWriter, Version1HasNoRequiredContent) {
    Header h = sampleHeader();
    h.version = 1;
    EXPECT_FALSE(write(h, sampleFiles()).ok());
    h.requiredContent.clear();
    auto bytes = write(h, sampleFiles());
    ASSERT_TRUE(bytes.ok());
    auto a = Addon::read(*bytes);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->header().version, 1);
    EXPECT_EQ(a->size(), 4u);
    h.version = 4;
    EXPECT_FALSE(write(h, sampleFiles()).ok());
}

TEST(GmaReader, StructuredErrors) {
    auto bytes = write(sampleHeader(), sampleFiles());
    ASSERT_TRUE(bytes.ok());
    const Bytes good = *bytes;
    auto a = Addon::read(good);
    ASSERT_TRUE(a.ok());
    const FileRecord f1 = a->files()[1];
    {
        Bytes b = good;
        b[0] = 'X';
        auto r = Addon::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "gma.bad_ident");
        EXPECT_EQ(r.error().offset(), 0u);
    }
    {
        Bytes b = good;
        b[4] = 9;
        auto r = Addon::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "gma.bad_version");
        EXPECT_EQ(r.error().offset(), 4u);
    }
    {  // a size larger than the file: refused before anything is allocated
        Bytes b = good;
        const std::size_t sizeAt = f1.recordOffset + 4 + f1.path.size() + 1;
        b[sizeAt + 6] = 0x7F;
        auto r = Addon::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "gma.bad_size");
        EXPECT_EQ(r.error().find("field"), "size");
        EXPECT_EQ(r.error().offset(), sizeAt);
        b[sizeAt + 7] = 0xFF;  // negative
        r = Addon::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "gma.bad_size");
    }
    {  // file content corrupted: the addon CRC (strict) and the file CRC (on load)
        Bytes b = good;
        b[f1.dataOffset + 10] ^= 1;
        auto r = Addon::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "gma.addon_crc_mismatch");
        EXPECT_EQ(r.error().offset(), good.size() - 4);
        auto c = Addon::read(b, Profile::Compatible);
        ASSERT_TRUE(c.ok());
        ASSERT_EQ(c->issues().size(), 1u);
        auto load = c->load(1);
        ASSERT_FALSE(load.ok());
        EXPECT_EQ(load.error().code(), "gma.crc_mismatch");
        EXPECT_EQ(load.error().find("entry"), "models/crate.mdl");
        EXPECT_EQ(load.error().find("field"), "crc32");
        EXPECT_EQ(load.error().offset(), crcFieldOffset(f1));
        EXPECT_TRUE(c->load(0).ok());
        auto desc = describe(b, "x.gma");
        ASSERT_TRUE(desc.ok());
        const auto j = nlohmann::json::parse(desc->json);
        EXPECT_EQ(j["profile"], "compatible");
        EXPECT_EQ(j["addon_crc"]["status"], "mismatch");
        EXPECT_EQ(j["crc"]["ok"], 3);
        ASSERT_EQ(j["crc"]["bad"].size(), 1u);
        EXPECT_EQ(j["crc"]["bad"][0]["path"], "models/crate.mdl");
    }
    {  // a zero trailer means "not set"; no trailer at all is accepted too
        Bytes b = good;
        std::fill(b.end() - 4, b.end(), 0);
        EXPECT_TRUE(Addon::read(b).ok());
        b.resize(b.size() - 4);
        auto r = Addon::read(b);
        ASSERT_TRUE(r.ok());
        EXPECT_FALSE(r->trailer().has_value());
        auto again = writeRaw(r->raw());
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(*again, b);
    }
    {  // two stray bytes after the trailer: strict error, compatible keeps them
        Bytes b = good;
        b.push_back(1);
        b.push_back(2);
        auto r = Addon::read(b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "gma.trailing_bytes");
        auto c = Addon::read(b, Profile::Compatible);
        ASSERT_TRUE(c.ok());
        auto again = writeRaw(c->raw());
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(*again, b);
    }
    {  // file numbers out of sequence
        Bytes b = good;
        b[f1.recordOffset] = 7;
        auto r = Addon::read(b, Profile::Compatible);
        ASSERT_TRUE(r.ok());
        bool numbered = false;
        for (const auto& e : r->issues()) numbered |= e.code() == "gma.bad_number" && e.offset() == f1.recordOffset;
        EXPECT_TRUE(numbered);
        EXPECT_FALSE(Addon::read(b).ok());
    }
    for (std::size_t n = 0; n + 4 < good.size(); ++n) EXPECT_FALSE(Addon::read(ByteView(good).first(n)).ok()) << n;
}

TEST(GmaCorpus, GenuineGmadAddon) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/gma/genuine.gma");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    EXPECT_EQ(data->size(), 187u);
    auto a = Addon::read(*data);
    ASSERT_TRUE(a.ok()) << a.error().render();
    const Header& h = a->header();
    EXPECT_EQ(h.version, 3);
    EXPECT_EQ(h.steamId, 0u);
    EXPECT_EQ(h.timestamp, 1595515015u);
    EXPECT_TRUE(h.requiredContent.empty());
    EXPECT_EQ(h.name, "My Test Addon");
    EXPECT_EQ(h.author, "Author Name");
    EXPECT_EQ(h.addonVersion, 1);
    const auto info = interpretDescription(h.description);
    EXPECT_TRUE(info.json);
    EXPECT_EQ(info.description, "My Description");
    EXPECT_EQ(info.type, "gamemode");
    EXPECT_EQ(info.tags, (std::vector<std::string>{"fun", "cartoon"}));
    ASSERT_EQ(a->size(), 1u);
    EXPECT_EQ(a->files()[0].path, "lua/hello.lua");
    EXPECT_EQ(a->files()[0].size, 3);
    EXPECT_EQ(a->files()[0].crc32, 0xED6F7A7Au);
    EXPECT_EQ(a->files()[0].dataOffset, 180u);
    auto content = a->load(0);
    ASSERT_TRUE(content.ok());
    EXPECT_EQ(*content, text("hi\n"));
    ASSERT_TRUE(a->trailer().has_value());
    EXPECT_EQ(*a->trailer(), 0xEDB40CCCu);
    EXPECT_EQ(a->computedCrc(), 0xEDB40CCCu);
    auto again = writeRaw(a->raw());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *data);
    // Our canonical writer reproduces gmad's bytes from the same header and file.
    std::vector<NewFile> files{{"lua/hello.lua", text("hi\n")}};
    auto ours = write(h, files);
    ASSERT_TRUE(ours.ok());
    EXPECT_EQ(*ours, *data);
    auto desc = describe(*data, "genuine.gma");
    ASSERT_TRUE(desc.ok());
    const auto j = nlohmann::json::parse(desc->json);
    EXPECT_EQ(j["addon_crc"]["status"], "ok");
    EXPECT_EQ(j["type"], "gamemode");
    EXPECT_EQ(j["crc"]["ok"], 1);
    EXPECT_EQ(probe(*data, "genuine.gma"), 100);
}
