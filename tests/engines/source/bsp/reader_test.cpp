// Corrupt-input cases: every one must give a structured error naming the lump and the absolute offset.
#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/lzma.hpp"

using namespace vestige;
using namespace vestige::source::bsp;

namespace {

Bytes smallMap(const WriteOptions& options = {}) {
    MapBuilder map;
    map.addBox({0, 0, 0}, {64, 64, 16}, "dev/dev_measuregeneric01");
    map.addRamp({0, 0, 16}, 64, 32, 45.0f, RampDirection::PosY, "dev/dev_measuregeneric01");
    map.addStaticProp("models/props_c17/oildrum001.mdl", {8, 8, 16}, {0, 90, 0});
    map.addPakFile("materials/maps/test/readme.txt", Bytes{'h', 'i'});
    DisplacementDesc d;
    d.min = {0, 0, 64};
    d.size = {64, 64};
    d.power = 2;
    map.addDisplacement(d);
    map.setLighting({});
    auto bytes = map.write(options);
    EXPECT_TRUE(bytes.ok()) << bytes.error().render();
    return bytes.ok() ? *bytes : Bytes{};
}

std::uint32_t lumpOfs(const Bytes& b, int lump) { return loadU32(b.data() + 8 + 16 * lump); }
std::uint32_t lumpLen(const Bytes& b, int lump) { return loadU32(b.data() + 8 + 16 * lump + 4); }
void put32(Bytes& b, std::size_t pos, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[pos + i] = static_cast<std::uint8_t>(v >> (8 * i));
}
void put16(Bytes& b, std::size_t pos, std::uint16_t v) {
    b[pos] = static_cast<std::uint8_t>(v);
    b[pos + 1] = static_cast<std::uint8_t>(v >> 8);
}

void expectError(const Bytes& file, std::string_view code, std::string_view lump, std::uint64_t offset) {
    auto r = readBsp(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), code) << r.error().render();
    EXPECT_EQ(r.error().find("lump").value_or("<none>"), lump) << r.error().render();
    EXPECT_EQ(r.error().offset(), offset) << r.error().render();
}

}  // namespace

TEST(BspReader, SmallMapReads) {
    const Bytes file = smallMap();
    auto r = readBsp(file);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->version, 20);
    ASSERT_EQ(r->pakEntries.size(), 1u);
    EXPECT_EQ(r->pakEntries[0].name, "materials/maps/test/readme.txt");
    EXPECT_EQ(r->pakEntries[0].size, 2u);
    ASSERT_TRUE(r->staticProps.has_value());
    ASSERT_EQ(r->staticProps->props.size(), 1u);
    EXPECT_EQ(r->staticProps->recordSize, 64u);
    EXPECT_EQ(r->staticProps->names[0], "models/props_c17/oildrum001.mdl");
    EXPECT_EQ(r->staticProps->props[0].origin, (Vec3{8, 8, 16}));
    EXPECT_EQ(r->staticProps->props[0].angles, (Vec3{0, 90, 0}));
}

TEST(BspReader, ShortHeaderAndBadMagic) {
    Bytes file = smallMap();
    Bytes shortFile(file.begin(), file.begin() + 1000);
    auto r = readBsp(shortFile);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "bsp.truncated");
    EXPECT_EQ(r.error().offset(), 1000u);
    file[0] = 'X';
    r = readBsp(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "bsp.bad_magic");
    EXPECT_EQ(r.error().offset(), 0u);
}

TEST(BspReader, TruncatedFileNamesTheFirstLumpPastTheEnd) {
    const Bytes file = smallMap();
    // Cut inside the EDGES lump (index 12): lumps are laid out in index order.
    const std::size_t cut = lumpOfs(file, kLumpEdges) + 2;
    Bytes truncated(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(cut));
    expectError(truncated, "bsp.lump_range", "EDGES (12)", 8 + 16 * 12);
}

TEST(BspReader, LengthNotAMultipleOfTheRecordSize) {
    Bytes file = smallMap();
    const auto len = lumpLen(file, kLumpPlanes);
    put32(file, 8 + 16 * kLumpPlanes + 4, len - 4);
    expectError(file, "bsp.lump_size", "PLANES (1)", lumpOfs(file, kLumpPlanes) + (len - 4) / 20 * 20);
}

TEST(BspReader, CountAboveMaxMapLimit) {
    Bytes file = smallMap();
    // Point AREAS at 257 records (MAX_MAP_AREAS is 256) of whatever bytes lie after the header.
    put32(file, 8 + 16 * kLumpAreas, 1036);
    put32(file, 8 + 16 * kLumpAreas + 4, 257 * 8);
    expectError(file, "bsp.limit", "AREAS (20)", 1036);
}

TEST(BspReader, IndexOutOfRangeIsCaughtForEveryLinkedLump) {
    const Bytes good = smallMap();
    auto parsed = readBsp(good);
    ASSERT_TRUE(parsed.ok());
    struct Case { int lump; std::size_t recordOffset; std::uint32_t value; bool wide; const char* name; };
    const std::vector<Case> cases = {
        {kLumpEdges, 4 * 1 + 0, 60000, false, "EDGES (12)"},          // edge 1 v[0] -> vertexes
        {kLumpSurfEdges, 4 * 2, 100000, true, "SURFEDGES (13)"},       // surfedge -> edges
        {kLumpFaces, 56 * 1 + 0, 60000, false, "FACES (7)"},           // planenum -> planes
        {kLumpFaces, 56 * 1 + 4, 100000, true, "FACES (7)"},           // firstedge -> surfedges
        {kLumpFaces, 56 * 1 + 10, 30000, false, "FACES (7)"},          // texinfo -> texinfo
        {kLumpFaces, 56 * 1 + 20, 0x7FFFFFF0, true, "FACES (7)"},      // lightofs -> lighting
        {kLumpTexInfo, 68, 5000, true, "TEXINFO (6)"},                 // texdata
        {kLumpTexData, 12, 5000, true, "TEXDATA (2)"},                 // string table id
        {kLumpTexDataStringTable, 0, 100000, true, "TEXDATA_STRING_TABLE (44)"},
        {kLumpNodes, 4, 5000, true, "NODES (5)"},                      // child node
        {kLumpNodes, 0, 90000, true, "NODES (5)"},                     // planenum
        {kLumpLeafs, 32 * 1 + 24, 60000, false, "LEAFS (10)"},         // firstleafbrush
        {kLumpLeafs, 32 * 1 + 20, 60000, false, "LEAFS (10)"},         // firstleafface
        {kLumpLeafFaces, 0, 60000, false, "LEAFFACES (16)"},
        {kLumpLeafBrushes, 0, 60000, false, "LEAFBRUSHES (17)"},
        {kLumpModels, 36, 5000, true, "MODELS (14)"},                  // headnode
        {kLumpModels, 40, 5000, true, "MODELS (14)"},                  // firstface
        {kLumpBrushes, 0, 5000, true, "BRUSHES (18)"},                 // firstside
        {kLumpBrushSides, 0, 60000, false, "BRUSHSIDES (19)"},         // planenum
        {kLumpBrushSides, 2, 30000, false, "BRUSHSIDES (19)"},         // texinfo
        {kLumpDispInfo, 12, 5000, true, "DISPINFO (26)"},              // DispVertStart
        {kLumpDispInfo, 16, 5000, true, "DISPINFO (26)"},              // DispTriStart
        {kLumpDispInfo, 20, 7, true, "DISPINFO (26)"},                 // power
        {kLumpDispInfo, 36, 60000, false, "DISPINFO (26)"},            // MapFace
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name + std::string(" +") + std::to_string(c.recordOffset));
        Bytes file = good;
        const std::size_t pos = lumpOfs(file, c.lump) + c.recordOffset;
        if (c.wide) put32(file, pos, c.value);
        else put16(file, pos, static_cast<std::uint16_t>(c.value));
        auto r = readBsp(file);
        ASSERT_FALSE(r.ok());
        EXPECT_TRUE(r.error().code() == "bsp.index" || r.error().code() == "bsp.strings") << r.error().render();
        EXPECT_EQ(r.error().find("lump").value_or("<none>"), c.name) << r.error().render();
        EXPECT_EQ(r.error().offset(), pos) << r.error().render();
    }
}

TEST(BspReader, StaticPropModelIndexOutOfRange) {
    Bytes file = smallMap();
    auto parsed = readBsp(file);
    ASSERT_TRUE(parsed.ok());
    const auto& sprp = parsed->gameLumps[0];
    ASSERT_EQ(sprp.idText(), "sprp");
    const std::size_t propAt = static_cast<std::size_t>(sprp.fileOfs) + 4 + 128 + 4 + 2 + 4;
    put16(file, propAt + 24, 3);
    auto r = readBsp(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "bsp.index");
    EXPECT_EQ(r.error().find("lump"), "GAME_LUMP (35)");
    EXPECT_EQ(r.error().offset(), propAt + 24);
}

TEST(BspReader, BrokenPakfile) {
    Bytes file = smallMap();
    const std::size_t eocd = lumpOfs(file, kLumpPakfile) + lumpLen(file, kLumpPakfile) - 22;
    put32(file, eocd + 16, 5000);  // central directory offset past the end
    expectError(file, "bsp.pakfile", "PAKFILE (40)", eocd + 16);
}

TEST(BspReader, LzmaLumpsDecodeAndBadHeadersFail) {
    WriteOptions options;
    options.compressLumps = true;
    options.compressGameLumps = true;
    const Bytes packed = smallMap(options);
    const Bytes plain = smallMap();
    EXPECT_NE(lumpOfs(packed, kLumpPlanes), 0u);
    EXPECT_EQ(loadU32(packed.data() + 8 + 16 * kLumpPlanes + 12), lumpLen(plain, kLumpPlanes));  // fourCC = size
    auto a = readBsp(packed);
    auto b = readBsp(plain);
    ASSERT_TRUE(a.ok()) << a.error().render();
    ASSERT_TRUE(b.ok());
    EXPECT_TRUE(a->lumps[kLumpPlanes].compressed);
    EXPECT_FALSE(a->lumps[kLumpPakfile].compressed);
    EXPECT_EQ(a->planes, b->planes);
    EXPECT_EQ(a->faces, b->faces);
    EXPECT_EQ(a->entities, b->entities);
    EXPECT_EQ(a->lighting, b->lighting);
    ASSERT_EQ(a->gameLumps.size(), 3u);  // sprp, dprp, terminating dummy
    EXPECT_TRUE(a->gameLumps[0].compressed);
    EXPECT_EQ(a->gameLumps[0].data, b->gameLumps[0].data);
    ASSERT_TRUE(a->staticProps.has_value());
    EXPECT_EQ(a->staticProps->props.size(), 1u);

    Bytes badId = packed;
    badId[lumpOfs(badId, kLumpPlanes)] = 'X';
    expectError(badId, "bsp.lzma", "PLANES (1)", lumpOfs(badId, kLumpPlanes));

    Bytes badSize = packed;
    put32(badSize, lumpOfs(badSize, kLumpPlanes) + 8, 0x7FFFFFFF);  // lzmaSize past the lump
    expectError(badSize, "bsp.lzma", "PLANES (1)", lumpOfs(badSize, kLumpPlanes) + 8);

    Bytes badProps = packed;
    badProps[lumpOfs(badProps, kLumpPlanes) + 12] = 230;
    expectError(badProps, "bsp.lzma", "PLANES (1)", lumpOfs(badProps, kLumpPlanes) + 12);

    Bytes shortPayload = packed;
    put32(shortPayload, lumpOfs(shortPayload, kLumpPlanes) + 8, 3);  // only 3 payload bytes
    auto r = readBsp(shortPayload);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "bsp.lzma");
    EXPECT_EQ(r.error().find("lump"), "PLANES (1)");

    Bytes sizeMismatch = packed;
    put32(sizeMismatch, 8 + 16 * kLumpPlanes + 12, lumpLen(plain, kLumpPlanes) + 20);
    expectError(sizeMismatch, "bsp.lzma", "PLANES (1)", lumpOfs(sizeMismatch, kLumpPlanes) + 4);
}

TEST(BspReader, LzmaRoundTripOfArbitraryBytes) {
    Bytes data;
    for (int i = 0; i < 10000; ++i) data.push_back(static_cast<std::uint8_t>((i * 7) ^ (i >> 3)));
    auto packed = compressLzma(data);
    ASSERT_TRUE(packed.ok());
    EXPECT_TRUE(hasLzmaHeader(*packed));
    auto back = decompressLzma(*packed, 0, data.size());
    ASSERT_TRUE(back.ok()) << back.error().render();
    EXPECT_EQ(*back, data);
}

TEST(BspReader, HugeLzmaDictionaryIsClampedToTheOutputSize) {
    // Fuzz find: a header asking for a 3 GB dictionary made liblzma allocate it.
    Bytes data(4000, 7);
    auto packed = compressLzma(data);
    ASSERT_TRUE(packed.ok());
    put32(*packed, 13, 0xC0000000u);
    auto back = decompressLzma(*packed, 0, data.size());
    ASSERT_TRUE(back.ok()) << back.error().render();
    EXPECT_EQ(*back, data);
}

TEST(BspReader, UnsupportedVersions) {
    Bytes file = smallMap();
    put32(file, 4, 21);
    put32(file, 8, 0);  // L4D2 order puts the entity lump's version (0) first
    auto r = readBsp(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "bsp.unsupported_version");
    EXPECT_EQ(r.error().actualText(), "21 (L4D2 lump order)");
    put32(file, 4, 18);
    r = readBsp(file);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().actualText(), "18");
}
