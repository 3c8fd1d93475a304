// The four cache layers (spec section 4): shared archives by normalised path, choice by magic, decoded payloads,
// domain objects whose eviction never closes an archive, lightmaps with the mission's lifetime.
#include "vestige/iron3d/resources/cache.hpp"

#include <gtest/gtest.h>

#include "memory_vfs.hpp"
#include "vestige/iron3d/msh/sample.hpp"
#include "vestige/iron3d/texm/texm.hpp"

namespace vestige::iron3d::resources {
namespace {

using test::nresOf;

Bytes rsliOf(std::vector<std::pair<std::string, Bytes>> entries) {
    std::vector<rsli::NewEntry> out;
    for (auto& [name, data] : entries) {
        rsli::NewEntry e;
        e.name = name;
        e.data = std::move(data);
        e.flags = static_cast<std::uint16_t>(rsli::Method::Lzss);
        out.push_back(std::move(e));
    }
    auto bytes = rsli::write(out);
    EXPECT_TRUE(bytes.ok()) << bytes.error().render();
    return *bytes;
}

Bytes texture() {
    image::Image img(2, 2);
    texm::EncodeOptions o;
    return *texm::write(*texm::encode(img, o));
}

TEST(ResourceCache, OneArchivePerNormalisedPath) {
    test::MemoryVfs m;
    m.files->put("Data/Units.rlb", nresOf({{"a", {1, 2, 3}}}));
    ResourceCache cache(m.vfs);
    auto a = cache.archive("Data\\Units.rlb");
    ASSERT_TRUE(a.ok()) << a.error().render();
    auto b = cache.archive("data/units.RLB");
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(a->get(), b->get());
    EXPECT_EQ(a->use_count(), 3) << "the cache and both holders";
    EXPECT_EQ(cache.stats().archivesOpened, 1u);
    EXPECT_EQ(cache.stats().archiveHits, 1u);
    EXPECT_EQ(m.files->reads(), 1u);
    EXPECT_EQ((*a)->kind(), ArchiveKind::Nres);
}

TEST(ResourceCache, ArchiveFormatIsChosenByMagic) {
    test::MemoryVfs m;
    m.files->put("fonts.rlb", rsliOf({{"GLYPHS", Bytes(100, 7)}}));
    m.files->put("text.rlb", Bytes{'H', 'e', 'l', 'l', 'o'});
    ResourceCache cache(m.vfs);
    auto r = cache.archive("fonts.rlb");
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ((*r)->kind(), ArchiveKind::Rsli);
    auto bad = cache.archive("text.rlb");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "cache.unknown_archive");
    EXPECT_EQ(bad.error().actualText(), "48 65 6C 6C");
    EXPECT_EQ(cache.archive("gone.rlb").error().code(), "cache.not_found");
    const auto reads = m.files->reads();
    EXPECT_EQ(cache.archive("GONE.rlb").error().code(), "cache.not_found");
    EXPECT_EQ(m.files->reads(), reads) << "a missing archive is remembered";
    EXPECT_EQ(cache.stats().archivesMissing, 1u);
}

TEST(ResourceCache, DirectoryAndPayloadLayers) {
    test::MemoryVfs m;
    m.files->put("fonts.rlb", rsliOf({{"GLYPHS", Bytes(100, 7)}, {"OTHER", Bytes(50, 1)}}));
    ResourceCache cache(m.vfs, {120, 16});
    auto a = *cache.archive("fonts.rlb");
    EXPECT_EQ(cache.find(*a, "glyphs"), 0u);
    EXPECT_FALSE(cache.find(*a, "missing").has_value());
    EXPECT_EQ(cache.stats().directoryLookups, 2u);
    EXPECT_EQ(cache.stats().directoryHits, 1u);
    auto p1 = cache.payload(a, 0);
    ASSERT_TRUE(p1.ok());
    EXPECT_EQ(p1->bytes.size(), 100u);
    auto p2 = cache.payload(a, 0);
    EXPECT_EQ(p2->bytes.data(), p1->bytes.data());
    EXPECT_EQ(cache.stats().payloadDecodes, 1u);
    EXPECT_EQ(cache.stats().payloadHits, 1u);
    ASSERT_TRUE(cache.payload(a, 1).ok());
    EXPECT_EQ(cache.stats().payloadEvictions, 1u) << "150 bytes over a 120-byte budget: the oldest goes";
    EXPECT_EQ(p1->bytes[99], 7) << "an evicted payload stays valid for its holders";
}

TEST(ResourceCache, DomainEvictionNeverClosesArchives) {
    test::MemoryVfs m;
    m.files->put("units.rlb", nresOf({{"tank.msh", *msh::build(msh::sampleTank())}}));
    ResourceCache cache(m.vfs);
    auto a = *cache.archive("units.rlb");
    auto model = cache.model(a, 0);
    ASSERT_TRUE(model.ok()) << model.error().render();
    EXPECT_EQ(cache.model(a, 0)->get(), model->get());
    cache.evictDomain();
    EXPECT_EQ(cache.domainObjects(), 0u);
    EXPECT_EQ(cache.openArchives(), 1u);
    EXPECT_EQ(cache.archive("units.rlb")->get(), a.get());
    ASSERT_TRUE(cache.model(a, 0).ok());
    EXPECT_EQ(cache.stats().domainLoads, 2u);
    EXPECT_EQ(cache.stats().archivesOpened, 1u);
}

TEST(ResourceCache, LightmapsLiveForTheMission) {
    test::MemoryVfs m;
    m.files->put("LightMap.lib", nresOf({{"lm0", texture()}}));
    ResourceCache cache(m.vfs);
    auto a = *cache.archive("LightMap.lib");
    auto lm = cache.lightmap(a, 0);
    ASSERT_TRUE(lm.ok()) << lm.error().render();
    cache.evictDomain();
    EXPECT_EQ(cache.lightmaps(), 1u);
    EXPECT_EQ(cache.lightmap(a, 0)->get(), lm->get());
    cache.endMission();
    EXPECT_EQ(cache.lightmaps(), 0u);
    EXPECT_EQ(cache.stats().lightmapLoads, 1u);
}

TEST(ResourceCache, MaterialResolverSharesTheArchiveLayer) {
    test::MemoryVfs m;
    m.files->put("Material.lib", nresOf({{"x", {}}}));
    ResourceCache cache(m.vfs);
    auto source = cache.materialArchives();
    auto viaSource = source("material.LIB");
    ASSERT_TRUE(viaSource.ok());
    EXPECT_EQ(viaSource->get(), (*cache.archive("Material.lib"))->nres());
    EXPECT_TRUE(source("none.lib").error().code().ends_with(".not_found"));
}

}  // namespace
}  // namespace vestige::iron3d::resources
