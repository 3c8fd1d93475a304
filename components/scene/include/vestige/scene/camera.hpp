#pragma once
// Cameras. Every convention converts to one world-space Camera (position + orthonormal basis), so two
// conventions describing the same eye give bit-for-bit comparable view matrices.
//
// World: right-handed, +X forward, +Y left, +Z up (Source spec §0; Iron3D worlds are also Z-up right-handed).
//
// Source convention: `setpos x y z`, `setang pitch yaw roll` in degrees; positive pitch looks DOWN, positive
//   yaw turns from +X towards +Y; `fov` is the horizontal field of view in degrees of a 4:3 screen (wider
//   screens see more at the sides, the vertical angle stays).
// Iron3D convention (Vestige's, for models and the Iron3D tools): eye position, heading in radians measured
//   from +X towards +Y about +Z, pitch in radians positive UP, roll in radians, and a vertical FOV in
//   radians; or an eye/target look-at. Same world axes, different angle units and pitch sign.
#include "vestige/core/math.hpp"

namespace vestige::scene {

struct Camera {
    Vec3 position;
    Vec3 forward{1, 0, 0};
    Vec3 left{0, 1, 0};
    Vec3 up{0, 0, 1};
    float verticalFov = degToRad(73.74f);  // radians
    float zNear = 4.0f;
    float zFar = 32768.0f;

    // World -> OpenGL eye space (x right, y up, looking down -z).
    [[nodiscard]] Mat4 view() const;
    [[nodiscard]] Mat4 projection(float aspect) const;
    [[nodiscard]] Mat4 viewProjection(float aspect) const { return projection(aspect) * view(); }
};

// Source AngleVectors: forward, right, up from (pitch, yaw, roll) degrees.
struct SourceBasis {
    Vec3 forward, right, up;
};
[[nodiscard]] SourceBasis sourceAngleVectors(Vec3 pitchYawRollDegrees);
// Horizontal FOV (degrees, measured on a 4:3 screen) to the vertical FOV in radians.
[[nodiscard]] float sourceFovToVertical(float horizontalDegrees43);

[[nodiscard]] Camera sourceCamera(Vec3 setpos, Vec3 setangPitchYawRoll, float fovDegrees = 90.0f);
[[nodiscard]] Camera ironCamera(Vec3 eye, float headingRadians, float pitchRadians, float rollRadians,
                                float verticalFovRadians);
// Looks from eye at target; `up` is world +Z unless the view is vertical (then +X is used as the hint).
[[nodiscard]] Camera lookAtCamera(Vec3 eye, Vec3 target, float verticalFovRadians);
// A camera that frames a box from a direction (heading/pitch as in ironCamera), fitting its bounding sphere.
[[nodiscard]] Camera frameBox(const Aabb& box, float headingRadians, float pitchRadians, float verticalFovRadians,
                              float aspect);

}  // namespace vestige::scene
