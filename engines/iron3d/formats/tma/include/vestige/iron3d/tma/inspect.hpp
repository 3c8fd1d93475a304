#pragma once
// TMA inspection (`vestige info data.tma`) and a placement export (`vestige export data.tma -o mission.glb`).
#include <string_view>

#include "vestige/gltf/gltf.hpp"
#include "vestige/iron3d/tma/tma.hpp"
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::tma {

// TMA has no magic: 100 when the name ends in .tma and the prefix up to land_path parses; 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
[[nodiscard]] registry::Description describe(const Mission& mission, std::string_view label);
// One empty node per placed object carrying its section-12.4 placement matrix (Iron3D world, Z up, as stored),
// named "<index> <instance or resource>", plus one node per path point and extra record as markers.
[[nodiscard]] Result<gltf::Document> toGltf(const Mission& mission);
[[nodiscard]] Result<Bytes> exportGlb(const Mission& mission);

}  // namespace vestige::iron3d::tma
