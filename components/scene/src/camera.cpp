#include "vestige/scene/camera.hpp"

#include <algorithm>
#include <cmath>

namespace vestige::scene {

Mat4 Camera::view() const {
    const Vec3 right = -left;
    Mat4 v;
    // Rows: right, up, -forward; translation = -R * position.
    const Vec3 rows[3] = {right, up, -forward};
    for (int r = 0; r < 3; ++r) {
        v.m[0][r] = rows[r].x;
        v.m[1][r] = rows[r].y;
        v.m[2][r] = rows[r].z;
        v.m[3][r] = -dot(rows[r], position);
    }
    v.m[0][3] = v.m[1][3] = v.m[2][3] = 0;
    v.m[3][3] = 1;
    return v;
}

Mat4 Camera::projection(float aspect) const { return Mat4::perspective(verticalFov, aspect, zNear, zFar); }

SourceBasis sourceAngleVectors(Vec3 pyr) {
    const float p = degToRad(pyr.x), y = degToRad(pyr.y), r = degToRad(pyr.z);
    const float sp = std::sin(p), cp = std::cos(p), sy = std::sin(y), cy = std::cos(y), sr = std::sin(r),
                cr = std::cos(r);
    SourceBasis b;
    b.forward = {cp * cy, cp * sy, -sp};
    b.right = {-sr * sp * cy + cr * sy, -sr * sp * sy - cr * cy, -sr * cp};
    b.up = {cr * sp * cy + sr * sy, cr * sp * sy - sr * cy, cr * cp};
    return b;
}

float sourceFovToVertical(float horizontalDegrees43) {
    return 2.0f * std::atan(std::tan(degToRad(horizontalDegrees43) * 0.5f) * (3.0f / 4.0f));
}

Camera sourceCamera(Vec3 setpos, Vec3 setang, float fovDegrees) {
    const SourceBasis b = sourceAngleVectors(setang);
    Camera c;
    c.position = setpos;
    c.forward = b.forward;
    c.left = -b.right;
    c.up = b.up;
    c.verticalFov = sourceFovToVertical(fovDegrees);
    return c;
}

Camera ironCamera(Vec3 eye, float heading, float pitch, float roll, float verticalFovRadians) {
    // Same basis as Source with pitch negated and radians; written out so the convention stands alone.
    const float sp = std::sin(pitch), cp = std::cos(pitch), sh = std::sin(heading), ch = std::cos(heading);
    const Vec3 forward{cp * ch, cp * sh, sp};
    const Vec3 flatLeft{-sh, ch, 0};
    const Vec3 upNoRoll = cross(forward, flatLeft);
    // Roll turns left/up about forward (positive roll tilts the top of the view towards the right).
    const float sr = std::sin(roll), cr = std::cos(roll);
    Camera c;
    c.position = eye;
    c.forward = forward;
    c.left = flatLeft * cr + upNoRoll * sr;
    c.up = upNoRoll * cr - flatLeft * sr;
    c.verticalFov = verticalFovRadians;
    return c;
}

Camera lookAtCamera(Vec3 eye, Vec3 target, float verticalFovRadians) {
    Camera c;
    c.position = eye;
    c.forward = normalize(target - eye);
    if (lengthSquared(c.forward) == 0) c.forward = {1, 0, 0};
    Vec3 hint{0, 0, 1};
    if (std::abs(dot(c.forward, hint)) > 0.999f) hint = {1, 0, 0};
    c.left = normalize(cross(hint, c.forward));
    c.up = cross(c.forward, c.left);
    c.verticalFov = verticalFovRadians;
    return c;
}

Camera frameBox(const Aabb& box, float heading, float pitch, float verticalFovRadians, float aspect) {
    const Vec3 centre = box.isEmpty() ? Vec3{} : box.center();
    const float radius = box.isEmpty() ? 1.0f : std::max(length(box.extents()), 1e-3f);
    const float halfV = verticalFovRadians * 0.5f;
    const float halfH = std::atan(std::tan(halfV) * aspect);
    const float distance = radius / std::sin(std::min(halfV, halfH)) * 1.05f;
    Camera c = ironCamera({}, heading, pitch, 0, verticalFovRadians);
    c.position = centre - c.forward * distance;
    c.zNear = std::max(distance - radius * 1.5f, distance * 1e-3f);
    c.zFar = distance + radius * 1.5f;
    return c;
}

}  // namespace vestige::scene
