// Demo stage: source_textures. Builds VTFs with our writer (an RGBA8888 7.5 texture with a full mip chain and a
// CRC resource, a DXT1 7.2 texture from hand-made blocks, a BGR888 7.4 cube map), reads each back (byte-exact),
// decodes to PNG, and writes VMTs with the KeyValues writer, including a Patch material resolved against its base.
// Outputs go to source_textures/.
#include <fmt/format.h>

#include "../src/app.hpp"

#include <map>

#include "vestige/image/image.hpp"
#include "vestige/source/keyvalues/keyvalues.hpp"
#include "vestige/source/keyvalues/vmt.hpp"
#include "vestige/source/vtf/register.hpp"
#include "vestige/source/vtf/vtf.hpp"

namespace vestige::app {

namespace {

namespace vtf = source::vtf;
namespace kv = source::keyvalues;

std::uint16_t to565(int r, int g, int b) {
    return static_cast<std::uint16_t>(((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3));
}

// 16x16 DXT1: each 4x4 block blends from a colour that depends on its position to near-black.
Bytes dxtBlocks(std::uint32_t side) {
    Bytes out;
    const std::uint32_t blocks = std::max(1u, side / 4);
    for (std::uint32_t by = 0; by < blocks; ++by)
        for (std::uint32_t bx = 0; bx < blocks; ++bx) {
            const std::uint16_t c0 =
                to565(static_cast<int>(255 * (bx + 1) / blocks), 160, static_cast<int>(255 * (by + 1) / blocks));
            const std::uint16_t c1 = to565(16, 16, 32);
            out.insert(out.end(), {static_cast<std::uint8_t>(c0), static_cast<std::uint8_t>(c0 >> 8),
                                   static_cast<std::uint8_t>(c1), static_cast<std::uint8_t>(c1 >> 8)});
            // Rows use indices 0, 2, 3, 1: a four-step ramp down the block.
            out.insert(out.end(), {0x00, 0xAA, 0xFF, 0x55});
        }
    return out;
}

Status emit(DemoContext& demo, const std::string& name, const vtf::Vtf& v, std::uint32_t face = 0) {
    VESTIGE_TRY(Bytes bytes, vtf::writeVtf(v));
    VESTIGE_TRY(vtf::Vtf back, vtf::readVtf(bytes));
    VESTIGE_TRY(Bytes again, vtf::writeVtf(back));
    if (again != bytes) return Error("demo.source_textures", "VTF round trip is not byte-exact").entry(name);
    VESTIGE_CHECK(demo.write("source_textures/" + name + ".vtf", bytes));
    VESTIGE_TRY(image::Image img, vtf::decodeImage(back, 0, 0, face));
    VESTIGE_TRY(Bytes png, image::encodePng(img));
    VESTIGE_CHECK(demo.write("source_textures/" + name + ".png", png));
    VESTIGE_CHECK(demo.write("source_textures/" + name + ".info.json", vtf::describe(back, bytes.size()).json));
    demo.notes.push_back(
        fmt::format("{}.vtf: VTF {}.{} {} {}x{}, {} mips, {} faces, {} resources, {} bytes (round trip exact)", name,
                    back.versionMajor, back.versionMinor, vtf::formatName(back.highResFormat), back.width, back.height,
                    back.mipCount, back.faces, back.resources.size(), bytes.size()));
    return {};
}

}  // namespace

DemoStage demoStageSourceTextures() {
    return {
        "source_textures",
        "Source VTF/VMT: build textures (RGBA8888 + mips, DXT1, cube map) and materials, read back, decode to PNG",
        [](DemoContext& demo) -> Status {
            // 1. RGBA8888, VTF 7.5, 64x64 with the full mip chain, a CRC resource and a KVD chunk.
            vtf::BuildSpec checker;
            checker.versionMinor = 5;
            checker.width = checker.height = 64;
            checker.mips = 0;
            checker.flags = vtf::flag::kEightBitAlpha;
            checker.reflectivity = {0.5f, 0.4f, 0.3f};
            checker.extraResources.push_back({vtf::kTagCrc, vtf::kResourceNoData, 0x1234ABCD, {}});
            const std::string kvd = "\"Information\" { \"Author\" \"vestige demo\" }";
            checker.extraResources.push_back({vtf::kTagKvd, 0, 0, Bytes(kvd.begin(), kvd.end())});
            VESTIGE_TRY(
                vtf::Vtf a, vtf::buildVtf(checker, [](std::uint32_t mip, std::uint32_t, std::uint32_t, std::uint32_t) {
                    const std::uint32_t side = std::max(1u, 64u >> mip);
                    image::Image img(side, side);
                    for (std::uint32_t y = 0; y < side; ++y)
                        for (std::uint32_t x = 0; x < side; ++x) {
                            const bool dark = ((x * 8 / side) + (y * 8 / side)) % 2 != 0;
                            img.set(x, y,
                                    {static_cast<std::uint8_t>(dark ? 40 : 220), static_cast<std::uint8_t>(mip * 36),
                                     static_cast<std::uint8_t>(dark ? 90 : 200),
                                     static_cast<std::uint8_t>(128 + x * 127 / side)});
                        }
                    return img;
                }));
            VESTIGE_CHECK(emit(demo, "checker", a));

            // 2. DXT1, VTF 7.2, 16x16 + 4 mips, blocks passed through.
            vtf::BuildSpec dxt;
            dxt.versionMinor = 2;
            dxt.format = static_cast<std::int32_t>(vtf::Format::DXT1);
            dxt.width = dxt.height = 16;
            dxt.mips = 0;
            Bytes high;
            for (std::uint32_t side : {1u, 2u, 4u, 8u, 16u}) {
                const Bytes level = dxtBlocks(side);
                high.insert(high.end(), level.begin(), level.end());
            }
            VESTIGE_TRY(vtf::Vtf b, vtf::buildVtfRaw(dxt, std::move(high)));
            VESTIGE_CHECK(emit(demo, "gradient_dxt1", b));

            // 3. A BGR888 cube map (VTF 7.4, 6 faces), face 4 exported.
            vtf::BuildSpec cube;
            cube.versionMinor = 4;
            cube.format = static_cast<std::int32_t>(vtf::Format::BGR888);
            cube.width = cube.height = 8;
            cube.faces = 6;
            VESTIGE_TRY(vtf::Vtf c,
                        vtf::buildVtf(cube, [](std::uint32_t, std::uint32_t, std::uint32_t face, std::uint32_t) {
                            static constexpr image::Rgba8 kFaces[6] = {{255, 0, 0, 255},   {0, 255, 0, 255},
                                                                       {0, 0, 255, 255},   {255, 255, 0, 255},
                                                                       {0, 255, 255, 255}, {255, 0, 255, 255}};
                            return image::Image(8, 8, kFaces[face]);
                        }));
            VESTIGE_CHECK(emit(demo, "sky_cube", c, 4));

            // 4. Materials with the KeyValues writer; a Patch on top, resolved against an in-memory loader.
            kv::Document base;
            kv::Node mat{.key = "LightmappedGeneric", .isBlock = true};
            mat.children.push_back({.key = "$basetexture", .value = "demo/checker"});
            mat.children.push_back({.key = "$surfaceprop", .value = "tile"});
            mat.children.push_back({.key = "$alphatest", .value = "1"});
            kv::Node proxies{.key = "Proxies", .isBlock = true};
            proxies.children.push_back({.key = "TextureScroll", .isBlock = true});
            proxies.children.back().children.push_back({.key = "texturescrollvar", .value = "$basetexturetransform"});
            proxies.children.back().children.push_back({.key = "texturescrollrate", .value = "0.25"});
            mat.children.push_back(std::move(proxies));
            base.roots.push_back(std::move(mat));
            VESTIGE_TRY(std::string baseText, kv::write(base));
            VESTIGE_CHECK(demo.write("source_textures/checker.vmt", baseText));
            const std::string patchText =
                "Patch\n{\n\tinclude \"materials/demo/checker.vmt\"\n"
                "\tinsert\n\t{\n\t\t$envmap \"maps/demo/c0_0_64\"\n\t}\n"
                "\treplace\n\t{\n\t\t$basetexture \"demo/gradient_dxt1\"\n\t\t$alphatest \"\"\n\t}\n}\n";
            VESTIGE_CHECK(demo.write("source_textures/checker_patched.vmt", patchText));
            VESTIGE_TRY(kv::Material patch, kv::parseMaterial(patchText));
            const std::map<std::string, std::string> files{{"materials/demo/checker.vmt", baseText}};
            VESTIGE_TRY(kv::Material resolved, kv::resolvePatch(patch, [&](std::string_view p) -> Result<std::string> {
                            auto it = files.find(std::string(p));
                            if (it == files.end())
                                return Error("demo.source_textures", "missing material").entry(std::string(p));
                            return it->second;
                        }));
            kv::Document out;
            out.roots.push_back(resolved.root);
            VESTIGE_TRY(std::string resolvedText, kv::write(out));
            VESTIGE_CHECK(demo.write("source_textures/checker_resolved.vmt", resolvedText));
            demo.notes.push_back(fmt::format(
                "checker_patched.vmt -> {} with $basetexture {}, $envmap {}, alphatest {}, {} proxy", resolved.shader,
                resolved.baseTexture.value_or("-"), resolved.param("$envmap").value_or("-"),
                resolved.alphaTest ? "on" : "off", resolved.proxies.size()));
            return {};
        }};
}

}  // namespace vestige::app

