#pragma once
// MSH inspection (`vestige info`) and glTF export (`vestige export`).
#include <string_view>

#include "vestige/gltf/gltf.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::msh {

// 125: NRes with the required MSH streams and a .msh name; 120: the streams alone; 110: an NRes named .msh
// or holding indices and batches with a required stream missing (the reader then names it); 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);

// JSON (keys: format, entries, nodes, slots, batches, vertices, indices, triangles, has_uv1,
// has_triangle_descriptors, animation, ...) and human text with the node tree.
[[nodiscard]] registry::Description describe(const Model& model, std::string_view label);

struct ExportSettings {
    unsigned state = 0;  // 0..2
    unsigned lod = 0;    // 0..4
    // Node TRS from each node's type-8 fallback key (the static pose; quaternion conjugated once,
    // as the native Node38 path does). Off, or without type 8, nodes keep identity transforms.
    bool fallbackPose = true;
};
// Reads "state" and "lod" (decimal) from the CLI options; anything else is a usage error.
[[nodiscard]] Result<ExportSettings> exportSettings(const registry::ExportOptions& options);

// glTF nodes = MSH nodes (hierarchy from the validated parents; flat view -> all roots), one mesh
// per node with geometry, one primitive per Batch20 (vertices compacted to the used range), UV0 as
// TEXCOORD_0, UV1 as TEXCOORD_1, one material per WEAR row used, named "wear_<row>".
[[nodiscard]] Result<gltf::Document> toGltf(const Model& model, const ExportSettings& settings);
[[nodiscard]] Result<Bytes> exportGlb(const Model& model, const ExportSettings& settings);

}  // namespace vestige::iron3d::msh
