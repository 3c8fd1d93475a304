#pragma once
// The material demo: textures, VMTs (one per shader family the renderer draws), a studio model, a GMA addon holding
// them, and a map whose faces use them and that places the model (built with MapBuilder), all made by Vestige's own
// writers. Used by the `materials` demo
// stage, the tests and bench_render.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::scene {

// The demo's studio model (mdl::sampleSpec, the physics stage's crate), placed as props in the map.
inline constexpr std::string_view kDemoPropModel = "models/vestige/crate.mdl";

struct MaterialDemo {
    std::vector<std::pair<std::string, Bytes>> files;  // materials/... (VTF, VMT), models/..., in the GMA's order
    Bytes gma;                                         // the same files as one addon
    Bytes map;                                         // BSP v20; its pakfile overrides materials/demo/sign.vmt
};

[[nodiscard]] Result<MaterialDemo> buildMaterialDemo();

}  // namespace vestige::source::scene
