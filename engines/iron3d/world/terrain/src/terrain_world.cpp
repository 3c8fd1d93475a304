#include "vestige/iron3d/terrain/terrain_world.hpp"

#include <fmt/format.h>

namespace vestige::iron3d::terrain {

Result<TerrainWorld> TerrainWorld::build(const land::TerrainData& mesh, const land::ArealMapData* map) {
    TerrainWorld w;
    std::vector<Face> faces;
    faces.reserve(mesh.faces.size());
    for (std::size_t i = 0; i < mesh.faces.size(); ++i) {
        const auto& f = mesh.faces[i];
        for (const auto v : f.v)
            if (v >= mesh.positions.size())
                return Error("terrain.bad_face", "a face names a vertex outside the position stream")
                    .record(i)
                    .expected(fmt::format("< {}", mesh.positions.size()))
                    .actual(std::to_string(v));
        faces.push_back({mesh.positions[f.v[0]], mesh.positions[f.v[1]], mesh.positions[f.v[2]],
                         static_cast<std::uint32_t>(i), f.flags});
    }
    if (!faces.empty()) {
        w.mNodes.reserve(2 * faces.size() / kMaxLeafFaces + 1);
        w.buildNode(faces, 0, static_cast<std::uint32_t>(faces.size()), 0);
        w.mBounds = w.mNodes[0].box;
    }
    w.mFaces = std::move(faces);
    if (map) VESTIGE_CHECK(w.buildAreals(*map));
    return w;
}

}  // namespace vestige::iron3d::terrain
