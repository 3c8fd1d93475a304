#pragma once
// Terrain inspection (`vestige info`) and glTF export (`vestige export Land.msh -o land.glb`).
#include <string_view>

#include "vestige/gltf/gltf.hpp"
#include "vestige/iron3d/land/areal_map.hpp"
#include "vestige/iron3d/land/build_list.hpp"
#include "vestige/iron3d/land/land.hpp"
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::land {

// 130: an NRes whose directory holds exactly the nine Land.msh types once each; 0 otherwise.
[[nodiscard]] int probeTerrain(ByteView data, std::string_view fileName);
// 130: an NRes with one type-12 entry; 0 otherwise.
[[nodiscard]] int probeArealMap(ByteView data, std::string_view fileName);
// 100 for a file named BuildDat.lst (any case); 0 otherwise (the text has no magic).
[[nodiscard]] int probeBuildList(ByteView data, std::string_view fileName);

[[nodiscard]] registry::Description describe(const Terrain& terrain, std::string_view label);
[[nodiscard]] registry::Description describe(const ArealMap& map, std::string_view label);
[[nodiscard]] registry::Description describe(const BuildList& list, std::string_view label);

// One node "Land" with one mesh; one primitive per face material_tag (ascending), vertices compacted to those
// the primitive's faces use (ascending index), NORMAL / TEXCOORD_0 when types 4 / 5 have one entry per vertex,
// TEXCOORD_1 from type 18 only when it does too (tentative, flagged in the extras). Positions are written as
// stored, like the MSH export (Iron3D world: right-handed, Z up; no axis swap).
[[nodiscard]] Result<gltf::Document> toGltf(const Terrain& terrain);
[[nodiscard]] Result<Bytes> exportGlb(const Terrain& terrain);

}  // namespace vestige::iron3d::land
