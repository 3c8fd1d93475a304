// The material demo content (demo_content.hpp): procedural textures through vtf::buildVtf, VMT text, gma::write and
// a MapBuilder map (grass floor, brick walls, a WorldVertexTransition displacement, water, a glass brush, a sky
// ceiling under skybox/demo_sky*, the studio model as two static props and a prop_dynamic). Patterns are integer hashes
// of the texel position: same bytes every run.
#include "vestige/source/scene/demo_content.hpp"

#include <fmt/format.h>

#include <cmath>

#include "vestige/image/image.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/gma/gma.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::scene {
namespace {

using image::Rgba8;

std::uint32_t hash(std::uint32_t x, std::uint32_t y, std::uint32_t seed) {
    std::uint32_t h = x * 374761393u + y * 668265263u + seed * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return h ^ (h >> 16);
}

std::uint8_t clampByte(int v) { return static_cast<std::uint8_t>(std::clamp(v, 0, 255)); }

using Pattern = std::function<Rgba8(std::uint32_t x, std::uint32_t y, std::uint32_t size)>;

Result<Bytes> texture(std::uint16_t size, vtf::Format format, const Pattern& pattern, std::uint32_t flags = 0) {
    vtf::BuildSpec spec;
    spec.format = static_cast<std::int32_t>(format);
    spec.width = spec.height = size;
    spec.mips = 0;  // the full chain
    spec.flags = flags;
    VESTIGE_TRY(auto v, vtf::buildVtf(spec, [&](std::uint32_t mip, std::uint32_t, std::uint32_t, std::uint32_t) {
                    const std::uint32_t s = std::max<std::uint32_t>(1, size >> mip);
                    image::Image img(s, s);
                    for (std::uint32_t y = 0; y < s; ++y)
                        for (std::uint32_t x = 0; x < s; ++x) img.set(x, y, pattern(x << mip, y << mip, size));
                    return img;
                }));
    return vtf::writeVtf(v);
}

Rgba8 brick(std::uint32_t x, std::uint32_t y, std::uint32_t) {
    const std::uint32_t row = y / 16, shift = (row % 2) * 16;
    const bool mortar = y % 16 < 2 || (x + shift) % 32 < 2;
    const int n = static_cast<int>(hash((x + shift) / 32, row, 1) % 40) - 20;
    if (mortar) return {150, 146, 138, 255};
    return {clampByte(160 + n), clampByte(72 + n / 2), clampByte(52 + n / 3), 255};
}

Rgba8 grass(std::uint32_t x, std::uint32_t y, std::uint32_t) {
    const int n = static_cast<int>(hash(x, y, 2) % 60) - 30;
    return {clampByte(70 + n / 2), clampByte(120 + n), clampByte(45 + n / 3), 255};
}

Rgba8 dirt(std::uint32_t x, std::uint32_t y, std::uint32_t) {
    const int n = static_cast<int>(hash(x / 2, y / 2, 3) % 50) - 25;
    return {clampByte(120 + n), clampByte(92 + n), clampByte(60 + n / 2), 255};
}

Rgba8 waterNormal(std::uint32_t x, std::uint32_t y, std::uint32_t size) {
    const float k = 2.0f * 3.14159265f / static_cast<float>(size);
    const float dx = 0.3f * std::cos(k * static_cast<float>(x) * 2),
                dy = 0.3f * std::sin(k * static_cast<float>(y) * 3);
    const float len = std::sqrt(dx * dx + dy * dy + 1);
    auto enc = [](float v) { return clampByte(static_cast<int>(std::lround((v * 0.5f + 0.5f) * 255))); };
    return {enc(dx / len), enc(dy / len), enc(1 / len), 255};
}

Rgba8 glass(std::uint32_t x, std::uint32_t y, std::uint32_t) {
    const bool frame = x < 2 || y < 2;
    return frame ? Rgba8{60, 70, 80, 255} : Rgba8{170, 210, 235, 110};
}

// The studio model's two textures: wooden boards with dark seams, and yellow/black hazard stripes.
Rgba8 boards(std::uint32_t x, std::uint32_t y, std::uint32_t) {
    const int n = static_cast<int>(hash(x / 16, y / 4, 4) % 30) - 15;
    if (x % 16 < 1) return {70, 48, 30, 255};
    return {clampByte(168 + n), clampByte(122 + n), clampByte(70 + n / 2), 255};
}

Rgba8 hazard(std::uint32_t x, std::uint32_t y, std::uint32_t) {
    return ((x + y) / 8) % 2 ? Rgba8{235, 190, 30, 255} : Rgba8{30, 30, 30, 255};
}

// Sky faces: t runs up the image (row 0 = top); the sides fade from deep blue at the top to haze at the horizon,
// up is deep blue, down the ground colour. A small notch marks each side's top-left corner.
Pattern skyFace(int face) {
    return [face](std::uint32_t x, std::uint32_t y, std::uint32_t size) -> Rgba8 {
        if (face == 4) return {70, 110, 190, 255};
        if (face == 5) return {90, 84, 70, 255};
        const float t = static_cast<float>(y) / static_cast<float>(size);  // 0 top .. 1 bottom (horizon)
        const auto mix = [t](int a, int b) { return clampByte(static_cast<int>(std::lround(a + (b - a) * t))); };
        if (x < size / 8 && y < size / 8) return {255, 255, 255, 255};
        return {mix(70, 200), mix(110, 215), mix(190, 230), 255};
    };
}

}  // namespace

Result<MaterialDemo> buildMaterialDemo() {
    MaterialDemo demo;
    auto add = [&](std::string path, Bytes data) { demo.files.emplace_back(std::move(path), std::move(data)); };
    auto vmt = [&](const std::string& name, std::string_view text) {
        add("materials/" + name + ".vmt", Bytes(text.begin(), text.end()));
    };
    // ARGB8888 for the brick: the G,B,A,R byte order of real files round-trips through our writer and decoder.
    VESTIGE_TRY(auto brickVtf, texture(64, vtf::Format::ARGB8888, brick));
    add("materials/demo/brick.vtf", std::move(brickVtf));
    VESTIGE_TRY(auto grassVtf, texture(64, vtf::Format::BGR888, grass));
    add("materials/demo/grass.vtf", std::move(grassVtf));
    VESTIGE_TRY(auto dirtVtf, texture(64, vtf::Format::RGB888, dirt));
    add("materials/demo/dirt.vtf", std::move(dirtVtf));
    VESTIGE_TRY(auto waterVtf, texture(64, vtf::Format::RGBA8888, waterNormal, vtf::flag::kNormal));
    add("materials/demo/water_normal.vtf", std::move(waterVtf));
    VESTIGE_TRY(auto glassVtf, texture(32, vtf::Format::BGRA8888, glass, vtf::flag::kEightBitAlpha));
    add("materials/demo/glass.vtf", std::move(glassVtf));
    vmt("demo/brick",
        "\"LightmappedGeneric\"\n{\n\t\"$basetexture\" \"demo/brick\"\n\t\"$surfaceprop\" \"brick\"\n}\n");
    vmt("demo/grass",
        "\"LightmappedGeneric\"\n{\n\t\"$basetexture\" \"demo/grass\"\n\t\"$surfaceprop\" \"grass\"\n"
        "\t\"LightmappedGeneric_DX9\"\n\t{\n\t\t\"$detailscale\" \"4\"\n\t}\n}\n");
    vmt("demo/blend",
        "\"WorldVertexTransition\"\n{\n\t\"$basetexture\" \"demo/grass\"\n\t\"$basetexture2\" \"demo/dirt\"\n}\n");
    vmt("demo/water",
        "\"Water\"\n{\n\t\"$normalmap\" \"demo/water_normal\"\n\t\"$fogcolor\" \"{40 80 110}\"\n"
        "\t\"$fogstart\" \"0\"\n\t\"$fogend\" \"200\"\n\t\"%compilewater\" \"1\"\n}\n");
    vmt("demo/glass", "\"UnlitGeneric\"\n{\n\t\"$basetexture\" \"demo/glass\"\n\t\"$translucent\" \"1\"\n}\n");
    vmt("demo/brick_warm",
        "\"Patch\"\n{\n\t\"include\" \"materials/demo/brick.vmt\"\n\t\"insert\"\n\t{\n"
        "\t\t\"$color\" \"[1 0.8 0.7]\"\n\t}\n}\n");
    vmt("demo/sign", "\"UnlitGeneric\"\n{\n\t\"$basetexture\" \"demo/brick\"\n}\n");
    // The studio model the physics stage writes as crate.mdl (mdl::sampleSpec), with its two textures under its
    // $cdmaterials directory: skin 0 = body boards / stripe hazard, skin 1 swaps them.
    const mdl::BuildSpec crateSpec = mdl::sampleSpec();
    VESTIGE_TRY(auto crate, mdl::buildModel(crateSpec));
    add(std::string(kDemoPropModel), std::move(crate.mdl));
    add("models/vestige/crate.vvd", std::move(crate.vvd));
    add("models/vestige/crate.dx90.vtx", std::move(crate.vtx));
    VESTIGE_TRY(auto boardsVtf, texture(64, vtf::Format::BGR888, boards));
    add("materials/models/vestige/body.vtf", std::move(boardsVtf));
    VESTIGE_TRY(auto hazardVtf, texture(64, vtf::Format::BGR888, hazard));
    add("materials/models/vestige/stripe.vtf", std::move(hazardVtf));
    for (const std::string& t : crateSpec.textures)
        vmt("models/vestige/" + t,
            fmt::format("\"VertexLitGeneric\"\n{{\n\t\"$basetexture\" \"models/vestige/{}\"\n}}\n", t));
    static constexpr const char* kSuffix[6] = {"rt", "lf", "bk", "ft", "up", "dn"};
    for (int f = 0; f < 6; ++f) {
        const std::string name = fmt::format("skybox/demo_sky{}", kSuffix[f]);
        VESTIGE_TRY(auto face, texture(32, vtf::Format::RGB888, skyFace(f), vtf::flag::kClampS | vtf::flag::kClampT));
        add("materials/" + name + ".vtf", std::move(face));
        vmt(name, fmt::format("\"UnlitGeneric\"\n{{\n\t\"$basetexture\" \"{}\"\n\t\"$nofog\" \"1\"\n}}\n", name));
    }

    gma::Header header;
    header.name = "Vestige material demo";
    header.description =
        R"({"description":"Textures and materials built by Vestige's writers","type":"model","tags":["build"]})";
    header.author = "Vestige";
    std::vector<gma::NewFile> gmaFiles;
    for (const auto& [path, data] : demo.files) gmaFiles.push_back({path, data});
    VESTIGE_TRY(demo.gma, gma::write(header, gmaFiles));

    // The map: 1024 x 1024 yard, brick walls 256 high, the sky above; grass floor with a displacement blending grass
    // into dirt along +X, a water pool, a glass pane, a warm-tinted (Patch) wall and a sign the pakfile overrides.
    bsp::MapBuilder map;
    map.setWorldspawnKey("skyname", "demo_sky");
    map.addBox({-512, -512, -16}, {512, 512, 0}, "demo/grass");
    map.addBox({-528, -512, -16}, {-512, 512, 256}, "demo/brick");
    map.addBox({512, -512, -16}, {528, 512, 256}, "demo/brick_warm");
    map.addBox({-528, -528, -16}, {528, -512, 256}, "demo/brick");
    map.addBox({-528, 512, -16}, {528, 528, 256}, "demo/brick");
    map.addBox({-528, -528, 256}, {528, 528, 272}, "tools/toolsskybox");
    map.addBox({480, -64, 64}, {512, 64, 160}, "demo/sign");
    bsp::DisplacementDesc disp;
    disp.min = {-256, -384, 0.5f};
    disp.size = {512, 256};
    disp.texture = "demo/blend";
    disp.height = [](float x, float y) { return 12.0f * std::sin(x / 80.0f) * std::cos(y / 90.0f) + 12.0f; };
    disp.alpha = [](float x, float) { return std::clamp((x + 256.0f) / 512.0f, 0.0f, 1.0f) * 255.0f; };
    map.addDisplacement(disp);
    map.addWater({64, 128, -16}, {448, 448, 0.25f}, "demo/water");
    map.addBrushEntity({{"classname", "func_brush"}, {"targetname", "glass"}},
                       {bsp::MapBuilder::box({0, -200, 0}, {8, -40, 128}, "demo/glass")});
    // The studio model in front of the spawn: two static props (skins 0 and 1, yaw 0 and 60) and a prop_dynamic.
    map.addStaticProp(std::string(kDemoPropModel), {-300, -225, 0}, {0, 0, 0});
    map.addStaticProp(std::string(kDemoPropModel), {-290, -170, 0}, {0, 60, 0}, 1);
    map.addEntity({{"classname", "prop_dynamic"},
                   {"targetname", "crate_dynamic"},
                   {"model", std::string(kDemoPropModel)},
                   {"origin", "-330 -265 0"},
                   {"angles", "0 30 0"}});
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-420 -300 0"}, {"angles", "0 25 0"}});
    map.addEntity({{"classname", "light_environment"},
                   {"angles", "0 306 0"},
                   {"pitch", "-56"},
                   {"_light", "242 234 218 560"},
                   {"_ambient", "114 136 148 420"}});
    bsp::LightingDesc light;
    light.sunDirection = {0.33f, -0.45f, -0.83f};
    light.sunColor = {1.6f, 1.5f, 1.35f};
    light.ambient = {0.45f, 0.5f, 0.55f};
    map.setLighting(light);
    const std::string pakSign = "\"UnlitGeneric\"\n{\n\t\"$basetexture\" \"demo/grass\"\n}\n";
    map.addPakFile("materials/demo/sign.vmt", Bytes(pakSign.begin(), pakSign.end()));
    VESTIGE_TRY(demo.map, map.write());
    return demo;
}

}  // namespace vestige::source::scene
