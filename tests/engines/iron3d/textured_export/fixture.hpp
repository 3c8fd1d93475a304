#pragma once
// Shared by the library and CLI tests: a Textures.lib / LightMap.lib / Material.lib / units.lib set built with
// our writers (pixels chosen so every channel is exact through Texm 8888 and PNG), and a small .glb reader.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "vestige/core/file_io.hpp"
#include "vestige/image/image.hpp"
#include "vestige/iron3d/mat0/mat0.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/msh/sample.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/texm/texm.hpp"
#include "vestige/iron3d/wear/wear.hpp"

namespace vestige::iron3d::testfix {

namespace fs = std::filesystem;

inline nres::NewEntry entry(std::uint32_t type, std::string name, Bytes data, std::uint32_t attr2 = 0) {
    nres::NewEntry e;
    e.type = type;
    e.name = std::move(name);
    e.data = std::move(data);
    e.attr2 = attr2;
    return e;
}

inline image::Image pixels(std::uint32_t w, std::uint32_t h, std::uint8_t seed) {
    image::Image img(w, h);
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x)
            img.set(x, y, {static_cast<std::uint8_t>(seed + x * 10), static_cast<std::uint8_t>(seed + y * 20),
                           static_cast<std::uint8_t>(seed + 5), static_cast<std::uint8_t>(255 - x - y)});
    return img;
}

inline Bytes texture(const image::Image& img) {
    texm::EncodeOptions o;
    o.format = texm::Format::Argb8888;
    o.mipCount = 1;
    return texm::write(texm::encode(img, o).value()).value();
}

inline Bytes material(const std::vector<std::string>& phases) {
    mat0::Material m;
    m.version = mat0::kGameVersion;
    for (const auto& t : phases) m.phases.push_back(mat0::makePhase(t).value());
    return mat0::write(m).value();
}

inline Bytes modelBytes() { return msh::build(msh::sampleTank()).value(); }

// Writes the four libraries into `dir`. The sample tank uses WEAR rows 0..2 and lightmap row 0 (rows 0 and 2).
// HULL -> HULL_CAMO (2x2), DECK -> untextured phase 0, TRACK -> TRACK_LINKS (1x1); LM_TANK (1x1) lights rows 0, 2.
// `hullTexture` lets a test break the HULL -> Textures.lib link.
inline void writeSet(const fs::path& libDir, const fs::path& modelDir, const std::string& hullTexture = "HULL_CAMO") {
    fs::create_directories(libDir);
    fs::create_directories(modelDir);
    std::vector<nres::NewEntry> textures;
    textures.push_back(entry(texm::kNresType, "HULL_CAMO", texture(pixels(2, 2, 10))));
    textures.push_back(entry(texm::kNresType, "TRACK_LINKS", texture(pixels(1, 1, 100))));
    ASSERT_TRUE(writeFileAtomic(libDir / "Textures.lib", nres::writeCanonical(textures).value()).ok());
    std::vector<nres::NewEntry> lightmaps;
    lightmaps.push_back(entry(texm::kNresType, "LM_TANK", texture(pixels(1, 1, 200))));
    ASSERT_TRUE(writeFileAtomic(libDir / "LightMap.lib", nres::writeCanonical(lightmaps).value()).ok());
    std::vector<nres::NewEntry> mats;
    mats.push_back(entry(mat0::kNresType, "HULL", material({hullTexture, "TRACK_LINKS"}), mat0::kGameVersion));
    mats.push_back(entry(mat0::kNresType, "DECK", material({""}), mat0::kGameVersion));
    mats.push_back(entry(mat0::kNresType, "TRACK", material({"TRACK_LINKS"}), mat0::kGameVersion));
    mats.push_back(entry(mat0::kNresType, "DEFAULT", material({"TRACK_LINKS"}), mat0::kGameVersion));
    ASSERT_TRUE(writeFileAtomic(libDir / "Material.lib", nres::writeCanonical(mats).value()).ok());
    const wear::Table table = wear::make({{"0", "HULL"}, {"1", "DECK"}, {"2", "TRACK"}, {"3", "WRECK"}},
                                         std::vector<wear::NamedRow>{{"0", "LM_TANK"}, {"1", "LM_TURRET"}})
                                  .value();
    std::vector<nres::NewEntry> units;
    units.push_back(entry(0x4853454D, "tank.msh", modelBytes()));
    units.push_back(entry(wear::kNresType, "tank.wea", wear::write(table).value()));
    ASSERT_TRUE(writeFileAtomic(modelDir / "units.lib", nres::writeCanonical(units).value()).ok());
}

inline std::uint32_t u32(const Bytes& b, std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

struct Glb {
    nlohmann::json json;
    Bytes bin;
    // The embedded bytes of image `i` (its bufferView in the BIN chunk).
    [[nodiscard]] Bytes image(std::size_t i) const {
        const auto& view = json["bufferViews"][json["images"][i]["bufferView"].get<std::size_t>()];
        const std::size_t off = view.value("byteOffset", std::size_t{0}), len = view["byteLength"].get<std::size_t>();
        return Bytes(bin.begin() + static_cast<std::ptrdiff_t>(off), bin.begin() + static_cast<std::ptrdiff_t>(off + len));
    }
};

inline Glb parseGlb(const Bytes& b) {
    Glb g;
    EXPECT_GE(b.size(), 20u);
    EXPECT_EQ(u32(b, 0), 0x46546C67u);  // "glTF"
    EXPECT_EQ(u32(b, 8), b.size());
    const std::uint32_t jsonLen = u32(b, 12);
    g.json = nlohmann::json::parse(std::string(b.begin() + 20, b.begin() + 20 + jsonLen));
    const std::size_t binAt = 20 + jsonLen;
    if (binAt + 8 <= b.size()) {
        const std::uint32_t binLen = u32(b, binAt);
        g.bin.assign(b.begin() + static_cast<std::ptrdiff_t>(binAt + 8), b.begin() + static_cast<std::ptrdiff_t>(binAt + 8 + binLen));
    }
    return g;
}

}  // namespace vestige::iron3d::testfix
