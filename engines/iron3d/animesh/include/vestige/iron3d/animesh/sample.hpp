#pragma once
// Synthetic attachments for the tank of msh::sampleTank() (our own builder data, no game bytes),
// following the example tree of seed 001:
//   piece[0] body (tag 0) ... piece[3] turret_socket
//     piece[4] turret_base (tag 1) > piece[5] turret_rotor > piece[6] cannon_socket, piece[7] rocket_socket
//       piece[8] cannon_body (tag 2, on piece 6)      piece[9] launcher_body (tag 3, on piece 7; optional)
#include "vestige/iron3d/animesh/animesh.hpp"
#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::animesh {

// Node 0 is the virtual attach root; 1 turret_base, 2 turret_rotor (16-frame yaw), 3 cannon_socket,
// 4 rocket_socket (helpers, no geometry).
[[nodiscard]] msh::ModelData sampleTurret();
// Node 0 virtual root; 1 cannon_body (16-frame pitch).
[[nodiscard]] msh::ModelData sampleCannon();
// Node 0 virtual root; 1 launcher_body (static).
[[nodiscard]] msh::ModelData sampleLauncher();
// A chain of `nodes` nodes (node i's parent is (i - 1) / 2), each animated over 32 frames, one box slot each.
[[nodiscard]] msh::ModelData sampleChain(std::size_t nodes);

// tank (tag 0) + turret (tag 1 on piece 3) + cannon (tag 2 on piece 6) [+ launcher (tag 3 on piece 7)].
[[nodiscard]] Result<AniMesh> sampleAssembly(bool withLauncher = false);

}  // namespace vestige::iron3d::animesh
