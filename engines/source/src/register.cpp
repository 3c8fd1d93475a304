#include "vestige/source/register.hpp"

#include <algorithm>

#include "vestige/source/bsp/register.hpp"
#include "vestige/source/gma/register.hpp"
#include "vestige/source/keyvalues/register.hpp"
#include "vestige/source/mapmesh/mapmesh.hpp"
#include "vestige/source/mdl/register.hpp"
#include "vestige/source/phy/register.hpp"
#include "vestige/source/scene/scene.hpp"
#include "vestige/source/vpk/register.hpp"
#include "vestige/source/vtf/register.hpp"

namespace vestige::source {

void registerFormats(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    bsp::registerFormat(formats, archives);
    vtf::registerFormat(formats, archives);
    keyvalues::registerFormat(formats, archives);
    vpk::registerFormat(formats, archives);
    gma::registerFormat(formats, archives);
    mdl::registerFormat(formats, archives);
    phy::registerFormat(formats, archives);
    // Map export and the map scene need the map mesh builder, which sits above the BSP reader.
    if (const auto* bspInfo = formats.find("bsp")) {
        registry::FormatInfo info = *bspInfo;
        info.exportGlb = [](ByteView data, std::string_view, const registry::ExportOptions&) {
            return mapmesh::exportMapGlb(data);
        };
        // `vestige render map.bsp`: the map scene (engines/source/scene), seen from its info_player_start; with
        // "gmod-dir"/"mount" (newline-separated) the faces get their VMT/VTF materials through the content mounts.
        info.toScene = [](ByteView data, std::string_view label,
                          const registry::ExportOptions& options) -> Result<registry::SceneView> {
            const std::string gmodDir = options.get("gmod-dir"), mounts = options.get("mount");
            if (gmodDir.empty() && mounts.empty()) {
                VESTIGE_TRY(auto map, scene::toScene(data));
                return registry::SceneView{std::move(map.scene), map.spawnCamera, {}};
            }
            content::GmodOptions content;
            content.gmodDir = gmodDir;
            for (std::size_t at = 0; at < mounts.size();) {
                const std::size_t end = std::min(mounts.find('\n', at), mounts.size());
                content.extra.emplace_back(mounts.substr(at, end - at));
                at = end + 1;
            }
            VESTIGE_TRY(auto map, scene::toSceneWithContent(data, label, content));
            std::string report = scene::materialReportJson(map);
            return registry::SceneView{std::move(map.scene), map.spawnCamera, std::move(report)};
        };
        formats.add(std::move(info));
    }
}

}  // namespace vestige::source
