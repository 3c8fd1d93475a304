// The sample game root (sample.hpp): every file written by our own writers.
#include "vestige/iron3d/mission/sample.hpp"

#include <numbers>

#include "vestige/image/image.hpp"
#include "vestige/iron3d/ctl/ctl.hpp"
#include "vestige/iron3d/land/sample.hpp"
#include "vestige/iron3d/mat0/mat0.hpp"
#include "vestige/iron3d/msh/sample.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/prototype/registry.hpp"
#include "vestige/iron3d/prototype/unit_dat.hpp"
#include "vestige/iron3d/scr/builder.hpp"
#include "vestige/iron3d/texm/texm.hpp"
#include "vestige/iron3d/tma/sample.hpp"
#include "vestige/iron3d/varset/builder.hpp"
#include "vestige/iron3d/wear/wear.hpp"

namespace vestige::iron3d::mission {
namespace {

using nres::newEntry;

// Flat colours with a stripe (integer maths: the same bytes on every host).
Result<Bytes> texture(std::uint32_t size, image::Rgba8 base, image::Rgba8 stripe) {
    image::Image img(size, size);
    for (std::uint32_t y = 0; y < size; ++y)
        for (std::uint32_t x = 0; x < size; ++x) img.set(x, y, (x / 4) % 2 ? stripe : base);
    texm::EncodeOptions o;
    o.format = texm::Format::Rgb565;
    VESTIGE_TRY(texm::Texture t, texm::encode(img, o));
    return texm::write(t);
}

Result<Bytes> material(std::vector<std::string> textures) {
    mat0::Material m;
    m.version = mat0::kGameVersion;
    for (const auto& t : textures) {
        VESTIGE_TRY(mat0::Phase p, mat0::makePhase(t));
        m.phases.push_back(std::move(p));
    }
    return mat0::write(m);
}

prototype::ObjectRef ref(std::string_view archive, std::string_view resource) {
    return *prototype::makeRef(archive, resource);
}

tma::PlacedObject placed(std::string resource, Vec3 position, Vec3 scale = {1, 1, 1}) {
    tma::PlacedObject o;
    o.rawKind = 2;
    o.resourceName = std::move(resource);
    o.position = position;
    o.scale = scale;
    o.link0 = -1;
    o.link1 = -1;
    o.properties = {{{0, 0, 0, 0}, "Invulnerability"}, {{1, 0, 0, 0}, "Life state"}};
    return o;
}

}  // namespace

Result<SampleGame> sampleGame(std::size_t extraTanks, unsigned terrainCells, bool scripts) {
    SampleGame g;
    auto add = [&g](std::string path, Bytes bytes) { g.files.emplace_back(std::move(path), std::move(bytes)); };

    // Textures, materials, lightmaps.
    std::vector<nres::NewEntry> textures, lightmaps, mats;
    // The tank's textures, then the ground textures of the terrain's Land1/Land2 tables.
    struct Swatch {
        const char* name;
        std::uint32_t size;
        image::Rgba8 base, stripe;
    };
    const Swatch swatches[] = {{"HULL_CAMO", 16, {74, 92, 52, 255}, {46, 56, 38, 255}},
                               {"DECK_PLATE", 16, {120, 120, 126, 255}, {200, 200, 190, 255}},
                               {"TRACK_LINKS", 8, {30, 30, 30, 255}, {90, 90, 90, 255}},
                               {"GRASS", 16, {70, 120, 48, 255}, {84, 136, 60, 255}},
                               {"SAND", 16, {170, 150, 100, 255}, {186, 166, 116, 255}},
                               {"ROCK", 16, {110, 104, 98, 255}, {90, 84, 80, 255}}};
    for (const Swatch& sw : swatches) {
        VESTIGE_TRY(Bytes bytes, texture(sw.size, sw.base, sw.stripe));
        textures.push_back(newEntry(texm::kNresType, sw.name, std::move(bytes)));
    }
    VESTIGE_TRY(Bytes lm, texture(8, {255, 255, 230, 255}, {200, 200, 180, 255}));
    lightmaps.push_back(newEntry(texm::kNresType, "LM_TANK", std::move(lm)));
    VESTIGE_TRY(Bytes hull, material({"HULL_CAMO"}));
    mats.push_back(newEntry(mat0::kNresType, "HULL", std::move(hull), mat0::kGameVersion));
    VESTIGE_TRY(Bytes deck, material({"DECK_PLATE", ""}));
    mats.push_back(newEntry(mat0::kNresType, "DECK", std::move(deck), mat0::kGameVersion));
    VESTIGE_TRY(Bytes trackMat, material({"TRACK_LINKS"}));
    mats.push_back(newEntry(mat0::kNresType, "TRACK", std::move(trackMat), mat0::kGameVersion));
    VESTIGE_TRY(Bytes fallback, material({"DECK_PLATE"}));
    mats.push_back(newEntry(mat0::kNresType, "DEFAULT", std::move(fallback), mat0::kGameVersion));
    for (const auto& [name, tex] : {std::pair{"L_GRASS", "GRASS"}, {"L_SAND", "SAND"}, {"L_ROCK", "ROCK"}}) {
        VESTIGE_TRY(Bytes ground, material({tex}));
        mats.push_back(newEntry(mat0::kNresType, name, std::move(ground), mat0::kGameVersion));
    }
    VESTIGE_TRY(Bytes texLib, nres::writeCanonical(textures));
    VESTIGE_TRY(Bytes lmLib, nres::writeCanonical(lightmaps));
    VESTIGE_TRY(Bytes matLib, nres::writeCanonical(mats));
    add("Textures.lib", std::move(texLib));
    add("LightMap.lib", std::move(lmLib));
    add("Material.lib", std::move(matLib));

    // The tank: model, material table, a CTLD pose for the turret socket (node 3, frames 0 -> 2 at blend 0.5).
    VESTIGE_TRY(Bytes model, msh::build(msh::sampleTank()));
    VESTIGE_TRY(wear::Table table, wear::make({{"0", "HULL"}, {"1", "DECK"}, {"2", "TRACK"}, {"3", "WRECK"}},
                                              std::vector<wear::NamedRow>{{"0", "LM_TANK"}, {"1", "LM_TURRET"}}));
    VESTIGE_TRY(Bytes wea, wear::write(table));
    ctl::PoseRow turret;
    turret.nodeId = 3;
    turret.frameA = 0;
    turret.frameB = 2;
    turret.blend = 0.5f;
    VESTIGE_TRY(Bytes ctlBytes, ctl::build(1, 0, 0, 0, {turret}));
    ByteWriter cpt;
    cpt.u32(0);  // a point list with no points: kept raw, never interpreted here
    std::vector<nres::NewEntry> units;
    units.push_back(newEntry(0x4853454D, "tank.msh", std::move(model)));
    units.push_back(newEntry(wear::kNresType, "tank.wea", std::move(wea)));
    units.push_back(newEntry(0, "tank.ctl", std::move(ctlBytes)));
    units.push_back(newEntry(0, "tank_turret.cpt", cpt.take()));
    VESTIGE_TRY(Bytes unitsLib, nres::writeCanonical(units));
    add("units.rlb", std::move(unitsLib));
    std::vector<nres::NewEntry> fortif;
    fortif.push_back(newEntry(0, "wall.bas", Bytes{1, 0, 0, 0}));
    VESTIGE_TRY(Bytes fortifLib, nres::writeCanonical(fortif));
    add("fortif.rlb", std::move(fortifLib));

    // The registry, with a broken entry nothing reaches.
    std::vector<nres::NewEntry> registry;
    const std::vector<prototype::RegistryEntry> protos = {
        {"tank_base", {ref("units.rlb", "tank.msh"), ref("units.rlb", "tank.wea"), ref("units.rlb", "tank.ctl")}},
        {"s_tank", {ref("objects.rlb", "tank_base"), ref("units.rlb", "tank_turret.cpt")}},
        {"sun_01", {}},
        {"fort_wall", {ref("fortif.rlb", "wall.bas")}},
    };
    for (const auto& p : protos) registry.push_back(newEntry(0, p.key, prototype::writeRefs(p.refs)));
    registry.push_back(newEntry(0, "cut_proto", Bytes(65, 0)));
    VESTIGE_TRY(Bytes objects, nres::writeCanonical(registry));
    add("objects.rlb", std::move(objects));
    VESTIGE_TRY(prototype::UnitDat unit, prototype::makeUnitDat({{"objects.rlb", "s_tank", 1, -1, "hull"},
                                                                 {"objects.rlb", "sun_01", 1, 0, "beacon"}},
                                                                0x80000002u));
    add("UNITS/BUILDS/AI/gen1.dat", prototype::writeUnitDat(unit));

    // Terrain and areals (the sample areal map scaled to cover the whole terrain).
    land::TerrainData terrain = land::sampleTerrain(terrainCells, terrainCells);
    VESTIGE_TRY(Bytes landMsh, land::build(terrain));
    land::ArealMapData areals = land::sampleArealMap();
    const float scale = 8.0f * static_cast<float>(terrainCells) / 16.0f;
    for (auto& a : areals.areals) {
        a.anchor = a.anchor * scale;
        for (auto& v : a.vertices) v = v * scale;
        a.areaMetric *= scale * scale;
    }
    VESTIGE_TRY(Bytes landMap, land::build(areals));
    VESTIGE_TRY(Bytes buildList, land::buildBuildList(land::sampleBuildList()));
    add("DATA/MAPS/DEMO/Land.msh", std::move(landMsh));
    // The terrain's material tables: the sample's faces wear Land2 rows 2 and 3 and Land1 row 1 (tags 0x0102,
    // 0xFF03).
    VESTIGE_TRY(wear::Table land1, wear::make({{"0", "L_SAND"}, {"1", "L_ROCK"}}));
    VESTIGE_TRY(wear::Table land2, wear::make({{"0", "L_GRASS"}, {"1", "L_GRASS"}, {"2", "L_GRASS"}, {"3", "L_SAND"}}));
    VESTIGE_TRY(Bytes land1Bytes, wear::write(land1));
    VESTIGE_TRY(Bytes land2Bytes, wear::write(land2));
    add("DATA/MAPS/DEMO/Land1.wea", std::move(land1Bytes));
    add("DATA/MAPS/DEMO/Land2.wea", std::move(land2Bytes));
    add("DATA/MAPS/DEMO/Land.map", std::move(landMap));
    add("BuildDat.lst", std::move(buildList));

    // The mission: the sample TMA's paths and clans, our objects.
    tma::Mission m = tma::sampleMission();
    m.landPath = "DATA\\MAPS\\DEMO\\land";
    m.objects = {placed("UNITS\\BUILDS\\AI\\gen1.dat", {4, 4, 2}), placed("s_tank", {12, 4, 3}, {2, 2, 2}),
                 placed("sun_01", {32, 32, 60}), placed("fort_wall", {40, 20, 0})};
    m.objects[0].orientation = {0, 0, std::numbers::pi_v<float> / 2};
    m.objects[0].rawAfterResource = 0;  // clan 0's SuperAI slot selector
    m.objects[1].rawAfterResource = 1;
    const float extent = 8.0f * static_cast<float>(terrainCells);
    for (std::size_t i = 0; i < extraTanks; ++i) {
        const float x = 1 + std::fmod(static_cast<float>(i) * 7.31f, extent - 2);
        const float y = 1 + std::fmod(static_cast<float>(i) * 3.17f, extent - 2);
        m.objects.push_back(placed("s_tank", {x, y, 0}));
    }
    if (scripts) {
        // Both clans run the AutoDemo package (its Init: one Handler(19) writing ClanBaseX/Y/ClanID) over the
        // shared varset; ai's builders make both.
        for (auto& clan : m.clans) clan.res0 = "default";
        VESTIGE_TRY(Bytes package, scr::write(scr::autoDemoShape()));
        add(std::string(kSamplePackage), std::move(package));
        const std::string vars = varset::sharedShapeText();
        add(std::string(kSampleVarSet), Bytes(vars.begin(), vars.end()));
    }
    VESTIGE_TRY(Bytes tmaBytes, tma::write(m));
    add(std::string(kSampleMission) + "/data.tma", std::move(tmaBytes));
    return g;
}

}  // namespace vestige::iron3d::mission
