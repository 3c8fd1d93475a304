// The material chain over an in-memory VFS: model archive -> sibling .wea -> Material.lib MAT0
// (exact, DEFAULT, first entry) -> Textures.lib Texm, LightMap.lib for lightmaps; one structured
// error per broken link.
#include "vestige/iron3d/materials/materials.hpp"

#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "memory_provider.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/nres/register.hpp"

namespace vestige::iron3d::materials {
namespace {

using test::MemoryProvider;  // a flat in-memory directory of files

nres::NewEntry entry(std::uint32_t type, std::string name, Bytes data, std::uint32_t attr2 = 0) {
    nres::NewEntry e;
    e.type = type;
    e.name = std::move(name);
    e.data = std::move(data);
    e.attr2 = attr2;
    return e;
}

Bytes texture(std::uint32_t w, std::uint32_t h, texm::Format f, std::uint32_t mips) {
    image::Image img(w, h, {10, 200, 30, 255});
    return texm::write(texm::encode(img, {f, mips}).value()).value();
}

Bytes material(std::vector<std::string> textures, std::uint32_t version = mat0::kGameVersion) {
    mat0::Material m;
    m.version = version;
    for (const auto& t : textures) m.phases.push_back(mat0::makePhase(t).value());
    return mat0::write(m).value();
}

Bytes wearText(std::string_view text) { return Bytes(text.begin(), text.end()); }

struct World {
    std::shared_ptr<MemoryProvider> files = std::make_shared<MemoryProvider>();
    vfs::ArchiveRegistry archives;
    registry::FormatRegistry formats;
    std::unique_ptr<vfs::Vfs> vfs;
    std::vector<nres::NewEntry> units, mats, texs, lms;

    World() {
        nres::registerFormat(formats, archives);
        units.push_back(entry(0x4853454D, "tank.msh", Bytes{'m', 's', 'h'}));
        units.push_back(entry(
            wear::kNresType, "tank.wea",
            wearText(
                "4\r\n0 HULL\r\n1 DECK\r\n2 GHOST\r\n3 HULL\r\n\r\nLIGHTMAPS\r\n2\r\n0 LM_TANK\r\n1 LM_GONE\r\n")));
        // Directory order is not name order: ZETA comes first (for the first-entry rule).
        mats.push_back(entry(mat0::kNresType, "ZETA", material({"T_ZETA"}), 6));
        mats.push_back(entry(mat0::kNresType, "HULL", material({"T_HULL", "T_HULL_2"}), 6));
        mats.push_back(entry(mat0::kNresType, "DECK", material({"T_DECK", ""}, 2), 2));  // version 2 via attr2
        mats.push_back(entry(mat0::kNresType, "DEFAULT", material({"T_DEFAULT"}), 6));
        texs.push_back(entry(texm::kNresType, "T_ZETA", texture(4, 4, texm::Format::Rgb565, 1)));
        texs.push_back(entry(texm::kNresType, "T_HULL", texture(64, 32, texm::Format::Argb8888, 3)));
        texs.push_back(entry(texm::kNresType, "T_HULL_2", texture(8, 8, texm::Format::Argb4444, 4)));
        texs.push_back(entry(texm::kNresType, "T_DECK", texture(16, 16, texm::Format::Indexed, 1)));
        texs.push_back(entry(texm::kNresType, "T_DEFAULT", texture(2, 2, texm::Format::Rgb888, 2)));
        lms.push_back(entry(texm::kNresType, "LM_TANK", texture(32, 32, texm::Format::Rgb565, 1)));
    }
    void publish() {
        files->files.clear();
        files->files["units.lib"] = nres::writeCanonical(units).value();
        if (!mats.empty()) files->files["material.lib"] = nres::writeCanonical(mats).value();
        if (!texs.empty()) files->files["textures.lib"] = nres::writeCanonical(texs).value();
        if (!lms.empty()) files->files["lightmap.lib"] = nres::writeCanonical(lms).value();
        vfs = std::make_unique<vfs::Vfs>(&archives);
        ASSERT_TRUE(vfs->mount("", files).ok());
    }
    Result<ModelMaterials> resolve(std::string_view spec = "units.lib::tank.msh") {
        publish();
        return resolveModel(*vfs, spec);
    }
    void remove(std::vector<nres::NewEntry>& list, std::string_view name) {
        std::erase_if(list, [&](const nres::NewEntry& e) { return e.name == name; });
    }
};

TEST(Materials, FullChainWithEveryRule) {
    World w;
    auto m = w.resolve();
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(m->spec.archive, "units.lib");
    EXPECT_EQ(m->spec.wear, "tank.wea");
    ASSERT_EQ(m->rows.size(), 4u);
    const auto& hull = m->rows[0];
    EXPECT_EQ(hull.rule, Rule::Exact);
    EXPECT_EQ(hull.materialName, "HULL");
    EXPECT_EQ(hull.materialEntry, 1u);
    EXPECT_EQ(hull.version, 6u);
    ASSERT_EQ(hull.phases.size(), 2u);
    EXPECT_EQ(hull.phases[0].name, "T_HULL");
    EXPECT_EQ(hull.phases[0].entry, 1u);
    EXPECT_EQ(hull.phases[0].header.width, 64u);
    EXPECT_EQ(hull.phases[0].header.height, 32u);
    EXPECT_EQ(hull.phases[0].header.mipCount, 3u);
    EXPECT_EQ(hull.phases[0].header.format, 8888u);
    EXPECT_EQ(hull.phases[1].header.format, 4444u);
    const auto& deck = m->rows[1];
    EXPECT_EQ(deck.version, 2u);
    ASSERT_EQ(deck.phases.size(), 2u);
    EXPECT_EQ(deck.phases[0].header.format, 0u);
    EXPECT_TRUE(deck.phases[1].untextured());
    const auto& ghost = m->rows[2];
    EXPECT_EQ(ghost.rule, Rule::Default);
    EXPECT_EQ(ghost.wearName, "GHOST");
    EXPECT_EQ(ghost.materialName, "DEFAULT");
    EXPECT_EQ(ghost.phases[0].name, "T_DEFAULT");
    EXPECT_EQ(m->rows[3].materialName, "HULL");  // rows are by position; repeats are fine
    ASSERT_EQ(m->lightmaps.size(), 2u);
    EXPECT_EQ(m->lightmaps[0].slot(), 0);
    EXPECT_EQ(m->lightmaps[0].header->width, 32u);
    EXPECT_EQ(m->lightmaps[1].slot(), -1);  // missing lightmap: slot -1, no substitute
    ASSERT_EQ(m->warnings.size(), 2u);
    EXPECT_EQ(m->warnings[0], "row 2 \"GHOST\" resolved by the DEFAULT rule to \"DEFAULT\"");
    EXPECT_EQ(m->warnings[1], "lightmap 1 \"LM_GONE\" not in LightMap.lib: slot -1");
    const auto text = describe(*m);
    EXPECT_NE(text.find("    phase 0: Texm \"T_HULL\" (#1, 64x32, format 8888, 3 mip(s))"), std::string::npos) << text;
    EXPECT_NE(text.find("    phase 1: untextured"), std::string::npos) << text;
}

TEST(Materials, FirstEntryIsArchiveOrderNotNameOrder) {
    World w;
    w.remove(w.mats, "DEFAULT");
    // A non-MAT0 entry named like the row is not a candidate.
    w.mats.insert(w.mats.begin(), entry(texm::kNresType, "GHOST", Bytes{1, 2, 3}));
    auto m = w.resolve();
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(m->rows[2].rule, Rule::FirstEntry);
    EXPECT_EQ(m->rows[2].materialName, "ZETA");
    EXPECT_EQ(m->rows[2].materialEntry, 1u);
    EXPECT_EQ(m->rows[2].phases[0].name, "T_ZETA");
}

TEST(Materials, SpecNotations) {
    auto a = parseModelSpec("data/units.lib::Tank.MSH");
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->archive, "data/units.lib");
    EXPECT_EQ(a->model, "Tank.MSH");
    EXPECT_EQ(a->wear, "Tank.wea");
    auto b = parseModelSpec("outer.lib:inner.lib:tank.msh");
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(b->archive, "outer.lib:inner.lib");
    EXPECT_EQ(b->model, "tank.msh");
    EXPECT_EQ(parseModelSpec("tank.msh").error().code(), "materials.bad_model_spec");
    EXPECT_EQ(parseModelSpec("units.lib::").error().code(), "materials.bad_model_spec");
    World w;
    auto m = w.resolve("units.lib:TANK.msh");
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(m->rows.size(), 4u);
}

TEST(Materials, EachBrokenLinkHasItsOwnError) {
    {
        World w;
        auto m = w.resolve("nowhere.lib::tank.msh");
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "materials.archive_missing");
        EXPECT_EQ(m.error().find("link"), "model archive");
    }
    {
        World w;
        auto m = w.resolve("units.lib::truck.msh");
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "materials.model_missing");
        EXPECT_EQ(m.error().find("entry"), "truck.msh");
    }
    {
        World w;
        w.remove(w.units, "tank.wea");
        auto m = w.resolve();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "materials.wear_missing");
        EXPECT_EQ(m.error().find("entry"), "tank.wea");
    }
    {
        World w;
        w.units[1].data = wearText("2\r\n0 HULL\r\n");
        auto m = w.resolve();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "wear.missing_rows");
        EXPECT_EQ(m.error().find("entry"), "tank.wea");
        // Absolute offset inside units.lib: tank.wea is the second payload, at 16 + 8.
        EXPECT_EQ(m.error().offset(), 24u + 3u);
    }
    {
        World w;
        w.mats.clear();
        auto m = w.resolve();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "materials.archive_missing");
        EXPECT_EQ(m.error().find("link"), "material library");
        EXPECT_EQ(m.error().find("record"), "0");
    }
    {
        World w;
        w.mats = {entry(texm::kNresType, "NOT_A_MATERIAL", Bytes{0, 0, 0, 0})};
        auto m = w.resolve();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "materials.material_unresolved");
        EXPECT_EQ(m.error().find("entry"), "HULL");
    }
    {
        World w;
        w.mats[1].data.push_back(0);  // HULL: one trailing byte
        auto m = w.resolve();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "mat0.trailing");
        EXPECT_EQ(m.error().find("entry"), "HULL");
        EXPECT_EQ(m.error().find("archive"), "Material.lib");
        // ZETA's payload (14 + 34 = 48 bytes) sits at 16; HULL at 64, 14 + 68 bytes long.
        EXPECT_EQ(m.error().offset(), 64u + 82u);
    }
    {
        World w;
        w.remove(w.texs, "T_HULL_2");
        auto m = w.resolve();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "materials.texture_missing");
        EXPECT_EQ(m.error().find("entry"), "T_HULL_2");
        EXPECT_EQ(m.error().find("phase"), "1");
        EXPECT_EQ(m.error().find("material"), "HULL");
        EXPECT_EQ(m.error().find("record"), "0");
    }
    {
        World w;
        w.texs[1].type = mat0::kNresType;  // T_HULL is not a texture
        auto m = w.resolve();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "materials.texture_type");
        EXPECT_EQ(m.error().actualText(), "MAT0");
    }
    {
        World w;
        w.texs[1].data.resize(w.texs[1].data.size() - 1);  // T_HULL truncated
        auto m = w.resolve();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "texm.truncated");
        EXPECT_EQ(m.error().find("entry"), "T_HULL");
    }
    {
        World w;
        w.lms.clear();  // no LightMap.lib: lightmaps are optional, both slots -1
        auto m = w.resolve();
        ASSERT_TRUE(m.ok()) << m.error().render();
        EXPECT_EQ(m->lightmaps[0].slot(), -1);
        EXPECT_EQ(m->lightmaps[1].slot(), -1);
        EXPECT_EQ(m->warnings.size(), 3u);
    }
    {
        World w;
        w.lms[0].data[4] = 0;  // present but corrupt (width 0): an error, not slot -1
        auto m = w.resolve();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "texm.bad_size");
        EXPECT_EQ(m.error().find("lightmap_row"), "0");
    }
}

TEST(Materials, ResolverCachesArchivesAndTextures) {
    World w;
    w.publish();
    Resolver r(*w.vfs);
    auto a = r.resolve("units.lib::tank.msh");
    ASSERT_TRUE(a.ok());
    // Removing the files after the first resolve does not matter: the archives are cached.
    w.files->files.clear();
    auto b = r.resolve("units.lib::tank.msh");
    ASSERT_TRUE(b.ok()) << b.error().render();
    EXPECT_EQ(b->rows[0].phases[0].header.width, 64u);
    auto t = r.texture("t_hull");
    ASSERT_TRUE(t.ok());
    EXPECT_EQ(texm::decode(*t, 2).value().width(), 16u);
}

}  // namespace
}  // namespace vestige::iron3d::materials
