#include "textured_export.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <tuple>

#include "vestige/core/log.hpp"
#include "vestige/core/text.hpp"
#include "vestige/gltf/gltf.hpp"
#include "vestige/image/image.hpp"
#include "vestige/iron3d/materials/materials.hpp"
#include "vestige/iron3d/msh/inspect.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/texm/texm.hpp"

namespace vestige::iron3d {
namespace {

// Two separate mount points keep the model's folder and the libraries' folder apart: a --textures folder
// without Material.lib must not silently fall back to one next to the model.
constexpr std::string_view kModelMount = "model";
constexpr std::string_view kLibMount = "lib";

std::int64_t extraInt(const gltf::Extras& extras, const std::string& key, std::int64_t fallback) {
    const auto it = extras.ints.find(key);
    return it == extras.ints.end() ? fallback : it->second;
}

// Plain export plus a note on why there are no textures (the bytes equal msh's own export).
Result<Bytes> plain(const gltf::Document& doc, std::string_view label, const std::string& why) {
    log::warn("export", "{}: exported without textures: {}", label, why);
    return gltf::writeGlb(doc);
}

class Embedder {
public:
    Embedder(materials::Resolver& resolver, gltf::Document& doc) : mResolver(resolver), mDoc(doc) {}

    // One glTF image per distinct texture (Textures.lib and LightMap.lib names are separate namespaces).
    Result<int> image(const std::string& name, bool lightmap) {
        const std::string key = (lightmap ? "l:" : "t:") + asciiLower(name);
        if (auto it = mImages.find(key); it != mImages.end()) return it->second;
        VESTIGE_TRY(texm::Texture texture, mResolver.texture(name, lightmap));
        VESTIGE_TRY(image::Image pixels, texm::decode(texture, 0));
        VESTIGE_TRY(Bytes png, image::encodePng(pixels));
        const int index = static_cast<int>(mDoc.images.size());
        mDoc.images.push_back(gltf::Image{cp1251ToUtf8(name), std::move(png)});
        mImages.emplace(key, index);
        return index;
    }

private:
    materials::Resolver& mResolver;
    gltf::Document& mDoc;
    std::map<std::string, int> mImages;
};

Status applyMaterials(gltf::Document& doc, const materials::ModelMaterials& chain, materials::Resolver& resolver) {
    Embedder embed(resolver, doc);
    std::vector<gltf::Material> out;
    // (WEAR row, lightmap row or -1, has uv0, has uv1) -> material; a texture is attached only when the
    // primitive carries the texture coordinates it samples.
    std::map<std::tuple<int, int, bool, bool>, int> made;
    for (std::size_t m = 0; m < doc.meshes.size(); ++m) {
        for (std::size_t p = 0; p < doc.meshes[m].primitives.size(); ++p) {
            auto& prim = doc.meshes[m].primitives[p];
            if (prim.material < 0) continue;
            const auto row = extraInt(doc.materials[static_cast<std::size_t>(prim.material)].extras, "wear_row", -1);
            const auto batch = extraInt(prim.extras, "batch", -1);
            if (row < 0 || static_cast<std::size_t>(row) >= chain.rows.size())
                return Error("export.wear_row", "batch material_index has no row in the model's WEAR table")
                    .in("link", "wear row")
                    .entry(chain.spec.wear)
                    .record(static_cast<std::size_t>(batch))
                    .field("material_index")
                    .expected(fmt::format("0..{}", static_cast<std::int64_t>(chain.rows.size()) - 1))
                    .actual(std::to_string(row));
            auto lm = extraInt(prim.extras, "lightmap_index", -1);
            if (lm >= 0 && static_cast<std::size_t>(lm) >= chain.lightmaps.size())
                return Error("export.lightmap_row",
                             "batch lightmap_index has no LIGHTMAPS row in the model's WEAR table")
                    .in("link", "lightmap row")
                    .entry(chain.spec.wear)
                    .record(static_cast<std::size_t>(batch))
                    .field("lightmap_index")
                    .expected(fmt::format("0..{}", static_cast<std::int64_t>(chain.lightmaps.size()) - 1))
                    .actual(std::to_string(lm));
            // A lightmap missing from LightMap.lib is slot -1 (the resolver already warned): no second texture.
            if (lm >= 0 && chain.lightmaps[static_cast<std::size_t>(lm)].slot() < 0) lm = -1;
            const bool uv0 = !prim.uv0.empty(), uv1 = !prim.uv1.empty();
            const auto key = std::tuple{static_cast<int>(row), static_cast<int>(lm), uv0, uv1};
            if (auto it = made.find(key); it != made.end()) {
                prim.material = it->second;
                continue;
            }
            const materials::RowBinding& binding = chain.rows[static_cast<std::size_t>(row)];
            gltf::Material mat;
            mat.name = cp1251ToUtf8(binding.wearName);
            mat.extras.ints["wear_row"] = row;
            mat.extras.strings["material"] = cp1251ToUtf8(binding.materialName);
            mat.extras.strings["rule"] = std::string(materials::ruleName(binding.rule));
            if (!binding.phases.empty() && !binding.phases[0].untextured()) {
                const std::string& name = binding.phases[0].name;
                mat.extras.strings["base_texture"] = cp1251ToUtf8(name);
                if (uv0) {
                    VESTIGE_TRY(const int img, embed.image(name, false));
                    mat.baseColorImage = img;
                    mat.baseColorTexCoord = 0;
                }
            }
            if (lm >= 0) {
                const std::string& name = chain.lightmaps[static_cast<std::size_t>(lm)].name;
                mat.name += "+" + cp1251ToUtf8(name);
                mat.extras.ints["lightmap_row"] = lm;
                mat.extras.strings["lightmap"] = cp1251ToUtf8(name);
                if (uv1) {
                    VESTIGE_TRY(const int img, embed.image(name, true));
                    mat.occlusionImage = img;
                    mat.occlusionTexCoord = 1;
                }
            }
            const int index = static_cast<int>(out.size());
            out.push_back(std::move(mat));
            made.emplace(key, index);
            prim.material = index;
        }
    }
    doc.materials = std::move(out);
    doc.extras.strings["material_chain"] = "resolved";
    if (!chain.warnings.empty())
        doc.extras.ints["material_warnings"] = static_cast<std::int64_t>(chain.warnings.size());
    return {};
}

}  // namespace

Result<Bytes> exportTexturedMsh(ByteView data, std::string_view label, const registry::ExportOptions& options,
                                const vfs::ArchiveRegistry* archives) {
    VESTIGE_TRY(msh::ExportSettings settings, msh::exportSettings(options));
    VESTIGE_TRY(msh::Model model, msh::Model::read(data));
    VESTIGE_TRY(gltf::Document doc, msh::toGltf(model, settings));
    const std::string texturesDir = options.get("textures");
    const auto levels = vfs::splitLevels(label);
    // A loose .msh has no archive, hence no sibling .wea: the chain cannot start. Same bytes as before.
    if (levels.size() < 2) {
        if (!texturesDir.empty())
            return plain(doc, label, "a loose model has no sibling .wea (the WEAR table lives in the model's archive)");
        return gltf::writeGlb(doc);
    }
    const std::filesystem::path host(levels[0]);
    std::filesystem::path modelDir = host.parent_path();
    if (modelDir.empty()) modelDir = ".";
    const std::filesystem::path libDir = texturesDir.empty() ? modelDir : std::filesystem::path(texturesDir);

    vfs::Vfs v(archives);
    VESTIGE_CHECK(v.mountDir(kModelMount, modelDir).file(modelDir.string()));
    VESTIGE_CHECK(v.mountDir(kLibMount, libDir).file(libDir.string()));
    materials::Options libs;
    libs.materialLib = std::string(kLibMount) + "/Material.lib";
    libs.texturesLib = std::string(kLibMount) + "/Textures.lib";
    libs.lightmapLib = std::string(kLibMount) + "/LightMap.lib";
    if (!v.exists(libs.materialLib))
        return plain(doc, label,
                     fmt::format("no Material.lib in {}{}", libDir.string(),
                                 texturesDir.empty() ? " (use --textures DIR)" : ""));

    std::string qualified = std::string(kModelMount) + "/" + host.filename().string();
    for (std::size_t i = 1; i < levels.size(); ++i) qualified += ":" + levels[i];
    materials::Resolver resolver(v, libs);
    auto chain = resolver.resolve(qualified);
    if (!chain) return std::move(chain).error();
    for (const auto& w : chain->warnings) log::warn("export", "{}: {}", label, w);
    VESTIGE_CHECK(applyMaterials(doc, *chain, resolver));
    return gltf::writeGlb(doc);
}

}  // namespace vestige::iron3d
