#pragma once
// The material demo: textures, VMTs (one per shader family the renderer draws), a GMA addon holding them, and a map
// whose faces use them (built with MapBuilder), all made by Vestige's own writers. Used by the `materials` demo
// stage, the tests and bench_render.
#include <string>
#include <utility>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::scene {

struct MaterialDemo {
    std::vector<std::pair<std::string, Bytes>> files;  // materials/... (VTF, VMT), in the GMA's order
    Bytes gma;                                         // the same files as one addon
    Bytes map;                                         // BSP v20; its pakfile overrides materials/demo/sign.vmt
};

[[nodiscard]] Result<MaterialDemo> buildMaterialDemo();

}  // namespace vestige::source::scene
