#include "vestige/iron3d/register.hpp"

#include <string>

#include "mission_folder.hpp"
#include "textured_export.hpp"
#include "vestige/iron3d/animesh/animesh.hpp"
#include "vestige/iron3d/animesh/export.hpp"
#include "vestige/iron3d/cpt/register.hpp"
#include "vestige/iron3d/ctl/register.hpp"
#include "vestige/iron3d/fml/fml.hpp"
#include "vestige/iron3d/fx/register.hpp"
#include "vestige/iron3d/land/register.hpp"
#include "vestige/iron3d/mat0/register.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/msh/register.hpp"
#include "vestige/iron3d/nres/register.hpp"
#include "vestige/iron3d/prototype/register.hpp"
#include "vestige/iron3d/rsli/register.hpp"
#include "vestige/iron3d/scene/scene.hpp"
#include "vestige/iron3d/scr/register.hpp"
#include "vestige/iron3d/texm/register.hpp"
#include "vestige/iron3d/tma/register.hpp"
#include "vestige/iron3d/trf/trf.hpp"
#include "vestige/iron3d/varset/register.hpp"
#include "vestige/iron3d/wear/register.hpp"

namespace vestige::iron3d {
namespace {

// `vestige export model.msh --animated`: the model as a one-load CAniMesh, its node animation sampled per
// frame into glTF channels. The animesh library sits above the MSH reader, so the hook is attached here.
Result<Bytes> exportAnimatedMsh(ByteView data, std::string_view label, const registry::ExportOptions& options) {
    VESTIGE_TRY(auto model, msh::Model::read(data));
    animesh::GlbOptions glb;
    VESTIGE_TRY(const auto lod, options.integer("lod", 0, 0, 4));
    VESTIGE_TRY(const auto state,
                options.integer("state", animesh::kModelStateDefault, animesh::kModelStateDefault, 2));
    VESTIGE_TRY(const auto frames, options.integer("frames", 16, 1, 100000));
    glb.lod = static_cast<int>(lod);
    glb.state = static_cast<int>(state);
    glb.frames = static_cast<std::uint32_t>(frames);
    animesh::AniMesh mesh;
    VESTIGE_CHECK(mesh.append(std::string(label), model.data(), 0).file(std::string(label)));
    return animesh::exportAnimatedGlb(mesh, glb);
}

// `vestige render model.msh`: the engine conversion (engines/iron3d/scene), posed by the animation sampler at
// --time; the scene library sits above the MSH reader, so the hook is attached here.
Result<registry::SceneView> mshScene(ByteView data, std::string_view, const registry::ExportOptions& options) {
    scene::SceneOptions o;
    VESTIGE_TRY(const auto state, options.integer("state", 0, 0, msh::kStateCount - 1, "render"));
    VESTIGE_TRY(const auto lod, options.integer("lod", 0, 0, msh::kLodCount - 1, "render"));
    o.state = static_cast<unsigned>(state);
    o.lod = static_cast<unsigned>(lod);
    VESTIGE_TRY(o.time, options.number("time", 0, "render"));
    VESTIGE_TRY(auto model, msh::Model::read(data));
    VESTIGE_TRY(auto built, scene::toScene(model, o));
    return registry::SceneView{std::move(built), std::nullopt};
}

}  // namespace

void registerFormats(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    nres::registerFormat(formats, archives);
    rsli::registerFormat(formats, archives);
    msh::registerFormat(formats, archives);
    ctl::registerFormat(formats);
    cpt::registerFormat(formats);
    fx::registerFormat(formats);
    texm::registerFormat(formats, archives);
    wear::registerFormat(formats, archives);
    mat0::registerFormat(formats, archives);
    land::registerFormat(formats, archives);
    tma::registerFormat(formats, archives);
    prototype::registerFormat(formats);
    scr::registerFormat(formats);
    varset::registerFormat(formats);
    trf::registerFormat(formats);
    fml::registerFormat(formats);
    if (const auto* mshInfo = formats.find("msh")) {
        registry::FormatInfo info = *mshInfo;
        // The static export resolves the model's material chain (WEAR -> MAT0 -> Texm) and embeds the textures
        // when the libraries are found; the registry outlives the formats table it is registered with.
        const vfs::ArchiveRegistry* archiveFormats = &archives;
        info.exportGlb = [archiveFormats](ByteView data, std::string_view label,
                                          const registry::ExportOptions& options) -> Result<Bytes> {
            if (options.get("animated") == "1") return exportAnimatedMsh(data, label, options);
            return exportTexturedMsh(data, label, options, archiveFormats);
        };
        info.toScene = mshScene;
        formats.add(std::move(info));
    }
    // A mission directory draws as its mission scene; the loader and the scene builder sit above every format.
    formats.addFolder(missionFolderFormat(&archives));
}

}  // namespace vestige::iron3d
