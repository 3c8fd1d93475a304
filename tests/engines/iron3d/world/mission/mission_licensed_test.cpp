// Licensed test: with VESTIGE_PARKAN_DIR set, every mission folder under MISSIONS loads through the whole
// transactional chain with 0 failures; for the six-mission demo install the spec's counts (section 4.2 [C]:
// 201 objects, 348 components) are checked. Skipped otherwise; nothing from the install is stored.
#include <gtest/gtest.h>

#include <filesystem>

#include "licensed_missions.hpp"
#include "shared.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/mission/load.hpp"

namespace vestige::iron3d::mission {
namespace {

TEST(MissionLicensed, EveryMissionLoadsWithNoFailures) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    vfs::Vfs v;
    ASSERT_TRUE(v.mountDir("", *root).ok());
    const std::vector<std::string> names = test::licensedMissions(*root);
    ASSERT_FALSE(names.empty()) << "no MISSIONS/*/data.tma under VESTIGE_PARKAN_DIR";
    std::size_t objects = 0, components = 0, requests = 0, slots = 0, textures = 0, lightmaps = 0;
    for (const auto& name : names) {
        auto m = loadMission(v, name);
        ASSERT_TRUE(m.ok()) << name << ": " << m.error().render();
        EXPECT_EQ(m->counts.failures, 0u) << name;
        objects += m->counts.objects;
        components += m->counts.components;
        requests += m->counts.requests;
        slots += m->counts.materialSlots;
        textures += m->counts.textureReferences;
        lightmaps += m->counts.lightmapsResolved;
    }
    RecordProperty("missions", static_cast<int>(names.size()));
    RecordProperty("objects", static_cast<int>(objects));
    RecordProperty("components", static_cast<int>(components));
    RecordProperty("requests", static_cast<int>(requests));
    RecordProperty("material_slots", static_cast<int>(slots));
    RecordProperty("texture_references", static_cast<int>(textures));
    RecordProperty("lightmaps", static_cast<int>(lightmaps));
    if (names.size() == 6) {  // the demo install
        EXPECT_EQ(objects, 201u);
        EXPECT_EQ(components, 348u);
    }
}

}  // namespace
}  // namespace vestige::iron3d::mission
