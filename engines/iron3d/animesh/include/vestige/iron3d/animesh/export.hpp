#pragma once
// Binary glTF of a CAniMesh: one glTF node per piece (the piece tree, local TRS at the current pose),
// the (lod, state) slot geometry of each piece as its mesh (positions + indices), and one animation
// whose channels are every animated piece's local translation/rotation sampled once per frame.
#include "vestige/iron3d/animesh/animesh.hpp"

namespace vestige::iron3d::animesh {

struct GlbOptions {
    int lod = 0;
    int state = kModelStateDefault;
    std::uint32_t frames = 16;      // frames sampled: time = 0, 1, ..., frames - 1
    float framesPerSecond = 10.0f;  // glTF seconds = frame / framesPerSecond
};

// `mesh` is copied for sampling; the original is not changed.
[[nodiscard]] Result<Bytes> exportAnimatedGlb(const AniMesh& mesh, const GlbOptions& options = {});

}  // namespace vestige::iron3d::animesh
