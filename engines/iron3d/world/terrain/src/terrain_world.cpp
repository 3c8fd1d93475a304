#include "vestige/iron3d/terrain/terrain_world.hpp"

#include <fmt/format.h>

#include <algorithm>

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
        const Vec3 a = mesh.positions[f.v[0]], b = mesh.positions[f.v[1]], c = mesh.positions[f.v[2]];
        faces.push_back({{std::min({a.x, b.x, c.x}), std::min({a.y, b.y, c.y}), std::max({a.x, b.x, c.x}),
                          std::max({a.y, b.y, c.y})},
                         a,
                         b,
                         c,
                         static_cast<std::uint32_t>(i),
                         f.flags});
    }
    if (!faces.empty()) {
        w.mNodes.reserve(2 * faces.size() / kMaxLeafFaces + 1);
        w.buildNode(faces, 0, static_cast<std::uint32_t>(faces.size()), 0);
        w.mBounds = w.mBoxes[0];
    }
    w.mFaces = std::move(faces);
    w.buildHeightGrid();
    if (map) VESTIGE_CHECK(w.buildAreals(*map));
    return w;
}

}  // namespace vestige::iron3d::terrain
