#include "vestige/core/math.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace vestige {

double roundHalfEven(double v) {
    if (!std::isfinite(v)) return v;
    const double fl = std::floor(v);
    const double diff = v - fl;
    double r;
    if (diff < 0.5) r = fl;
    else if (diff > 0.5) r = fl + 1.0;
    else r = std::fmod(fl, 2.0) == 0.0 ? fl : fl + 1.0;  // exactly halfway: the even neighbour
    // IEEE roundTiesToEven keeps the sign of zero: -0.25 and -0.5 round to -0.
    return r == 0.0 ? std::copysign(0.0, v) : r;
}

float roundHalfEven(float v) { return static_cast<float>(roundHalfEven(static_cast<double>(v))); }

bool bitEqual(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

std::int64_t ulpDistance(float a, float b) {
    auto key = [](float f) {
        const auto bits = static_cast<std::int64_t>(std::bit_cast<std::uint32_t>(f));
        return (bits & 0x80000000LL) ? -(bits & 0x7FFFFFFFLL) : bits;  // monotone over the float line
    };
    return std::llabs(key(a) - key(b));
}

Vec3 normalize(Vec3 a) {
    // Scale by the largest component first so huge or tiny finite vectors neither overflow nor underflow.
    const float m = std::max({std::fabs(a.x), std::fabs(a.y), std::fabs(a.z)});
    if (!(m > 0) || !std::isfinite(m)) return Vec3{};
    const Vec3 s = a / m;
    return s / length(s);
}

Quat Quat::fromAxisAngle(Vec3 axis, float radians) {
    const Vec3 n = vestige::normalize(axis);
    const float s = std::sin(radians * 0.5f);
    return {n.x * s, n.y * s, n.z * s, std::cos(radians * 0.5f)};
}

Quat normalize(Quat q) {
    const float len = std::sqrt(dot(q, q));
    if (len <= 0) return Quat::identity();
    return {q.x / len, q.y / len, q.z / len, q.w / len};
}

Vec3 rotate(Quat q, Vec3 v) {
    const Vec3 u{q.x, q.y, q.z};
    const Vec3 t = cross(u, v) * 2.0f;
    return v + t * q.w + cross(u, t);
}

Quat nlerp(Quat a, Quat b, float t) {
    if (dot(a, b) < 0) b = {-b.x, -b.y, -b.z, -b.w};
    return normalize(Quat{a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, a.w + (b.w - a.w) * t});
}

Quat slerp(Quat a, Quat b, float t) {
    float d = dot(a, b);
    if (d < 0) { b = {-b.x, -b.y, -b.z, -b.w}; d = -d; }
    if (d > 0.9995f) return nlerp(a, b, t);
    const float theta = std::acos(d);
    const float s = std::sin(theta);
    const float wa = std::sin((1 - t) * theta) / s;
    const float wb = std::sin(t * theta) / s;
    return {a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb};
}

Mat3 Mat3::fromColumns(Vec3 c0, Vec3 c1, Vec3 c2) {
    Mat3 r;
    r.m = {{{c0.x, c0.y, c0.z}, {c1.x, c1.y, c1.z}, {c2.x, c2.y, c2.z}}};
    return r;
}

Mat3 Mat3::fromQuat(Quat q) {
    const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    return fromColumns({1 - 2 * (yy + zz), 2 * (xy + wz), 2 * (xz - wy)},
                       {2 * (xy - wz), 1 - 2 * (xx + zz), 2 * (yz + wx)},
                       {2 * (xz + wy), 2 * (yz - wx), 1 - 2 * (xx + yy)});
}

Mat3 Mat3::rotationX(float r) {
    const float c = std::cos(r), s = std::sin(r);
    return fromColumns({1, 0, 0}, {0, c, s}, {0, -s, c});
}
Mat3 Mat3::rotationY(float r) {
    const float c = std::cos(r), s = std::sin(r);
    return fromColumns({c, 0, -s}, {0, 1, 0}, {s, 0, c});
}
Mat3 Mat3::rotationZ(float r) {
    const float c = std::cos(r), s = std::sin(r);
    return fromColumns({c, s, 0}, {-s, c, 0}, {0, 0, 1});
}
Mat3 Mat3::scale(Vec3 s) { return fromColumns({s.x, 0, 0}, {0, s.y, 0}, {0, 0, s.z}); }

Mat3 Mat3::transposed() const {
    Mat3 r;
    for (int c = 0; c < 3; ++c)
        for (int k = 0; k < 3; ++k) r.m[c][k] = m[k][c];
    return r;
}

float Mat3::determinant() const { return dot(column(0), cross(column(1), column(2))); }

Quat Mat3::toQuat() const {
    // Shepperd's method: pick the largest diagonal term for stability.
    const float m00 = m[0][0], m11 = m[1][1], m22 = m[2][2];
    const float tr = m00 + m11 + m22;
    Quat q;
    if (tr > 0) {
        const float s = std::sqrt(tr + 1.0f) * 2;
        q = {(m[1][2] - m[2][1]) / s, (m[2][0] - m[0][2]) / s, (m[0][1] - m[1][0]) / s, 0.25f * s};
    } else if (m00 > m11 && m00 > m22) {
        const float s = std::sqrt(1.0f + m00 - m11 - m22) * 2;
        q = {0.25f * s, (m[1][0] + m[0][1]) / s, (m[2][0] + m[0][2]) / s, (m[1][2] - m[2][1]) / s};
    } else if (m11 > m22) {
        const float s = std::sqrt(1.0f + m11 - m00 - m22) * 2;
        q = {(m[1][0] + m[0][1]) / s, 0.25f * s, (m[2][1] + m[1][2]) / s, (m[2][0] - m[0][2]) / s};
    } else {
        const float s = std::sqrt(1.0f + m22 - m00 - m11) * 2;
        q = {(m[2][0] + m[0][2]) / s, (m[2][1] + m[1][2]) / s, 0.25f * s, (m[0][1] - m[1][0]) / s};
    }
    return normalize(q);
}

Mat3 operator*(const Mat3& a, const Mat3& b) {
    Mat3 r;
    for (int c = 0; c < 3; ++c)
        for (int row = 0; row < 3; ++row) {
            float s = 0;
            for (int k = 0; k < 3; ++k) s += a.m[k][row] * b.m[c][k];
            r.m[c][row] = s;
        }
    return r;
}

Vec3 operator*(const Mat3& a, Vec3 v) { return a.column(0) * v.x + a.column(1) * v.y + a.column(2) * v.z; }

Mat4 Mat4::translation(Vec3 t) {
    Mat4 r;
    r.m[3] = {t.x, t.y, t.z, 1};
    return r;
}

Mat4 Mat4::fromMat3(const Mat3& rot, Vec3 t) {
    Mat4 r;
    for (int c = 0; c < 3; ++c) r.m[c] = {rot.m[c][0], rot.m[c][1], rot.m[c][2], 0};
    r.m[3] = {t.x, t.y, t.z, 1};
    return r;
}

Mat4 Mat4::fromTRS(Vec3 t, Quat q, Vec3 s) { return fromMat3(Mat3::fromQuat(q) * Mat3::scale(s), t); }

Mat4 Mat4::perspective(float fovY, float aspect, float n, float f) {
    const float t = 1.0f / std::tan(fovY * 0.5f);
    Mat4 r;
    r.m = {{{t / aspect, 0, 0, 0}, {0, t, 0, 0}, {0, 0, (f + n) / (n - f), -1}, {0, 0, 2 * f * n / (n - f), 0}}};
    return r;
}

Mat4 Mat4::lookAt(Vec3 eye, Vec3 target, Vec3 up) {
    const Vec3 f = normalize(target - eye);
    const Vec3 s = normalize(cross(f, up));
    const Vec3 u = cross(s, f);
    Mat4 r;
    r.m = {{{s.x, u.x, -f.x, 0}, {s.y, u.y, -f.y, 0}, {s.z, u.z, -f.z, 0}, {-dot(s, eye), -dot(u, eye), dot(f, eye), 1}}};
    return r;
}

Mat3 Mat4::upper3x3() const {
    return Mat3::fromColumns({m[0][0], m[0][1], m[0][2]}, {m[1][0], m[1][1], m[1][2]}, {m[2][0], m[2][1], m[2][2]});
}

Vec3 Mat4::transformPoint(Vec3 p) const {
    const Vec4 r = *this * Vec4{p.x, p.y, p.z, 1};
    return r.xyz();
}

Vec3 Mat4::transformVector(Vec3 v) const {
    const Vec4 r = *this * Vec4{v.x, v.y, v.z, 0};
    return r.xyz();
}

Mat4 Mat4::transposed() const {
    Mat4 r;
    for (int c = 0; c < 4; ++c)
        for (int k = 0; k < 4; ++k) r.m[c][k] = m[k][c];
    return r;
}

bool Mat4::inverse(Mat4& out) const {
    // Cofactor expansion on the flattened column-major array.
    const float* a = data();
    float inv[16];
    inv[0] = a[5] * a[10] * a[15] - a[5] * a[11] * a[14] - a[9] * a[6] * a[15] + a[9] * a[7] * a[14] + a[13] * a[6] * a[11] - a[13] * a[7] * a[10];
    inv[4] = -a[4] * a[10] * a[15] + a[4] * a[11] * a[14] + a[8] * a[6] * a[15] - a[8] * a[7] * a[14] - a[12] * a[6] * a[11] + a[12] * a[7] * a[10];
    inv[8] = a[4] * a[9] * a[15] - a[4] * a[11] * a[13] - a[8] * a[5] * a[15] + a[8] * a[7] * a[13] + a[12] * a[5] * a[11] - a[12] * a[7] * a[9];
    inv[12] = -a[4] * a[9] * a[14] + a[4] * a[10] * a[13] + a[8] * a[5] * a[14] - a[8] * a[6] * a[13] - a[12] * a[5] * a[10] + a[12] * a[6] * a[9];
    inv[1] = -a[1] * a[10] * a[15] + a[1] * a[11] * a[14] + a[9] * a[2] * a[15] - a[9] * a[3] * a[14] - a[13] * a[2] * a[11] + a[13] * a[3] * a[10];
    inv[5] = a[0] * a[10] * a[15] - a[0] * a[11] * a[14] - a[8] * a[2] * a[15] + a[8] * a[3] * a[14] + a[12] * a[2] * a[11] - a[12] * a[3] * a[10];
    inv[9] = -a[0] * a[9] * a[15] + a[0] * a[11] * a[13] + a[8] * a[1] * a[15] - a[8] * a[3] * a[13] - a[12] * a[1] * a[11] + a[12] * a[3] * a[9];
    inv[13] = a[0] * a[9] * a[14] - a[0] * a[10] * a[13] - a[8] * a[1] * a[14] + a[8] * a[2] * a[13] + a[12] * a[1] * a[10] - a[12] * a[2] * a[9];
    inv[2] = a[1] * a[6] * a[15] - a[1] * a[7] * a[14] - a[5] * a[2] * a[15] + a[5] * a[3] * a[14] + a[13] * a[2] * a[7] - a[13] * a[3] * a[6];
    inv[6] = -a[0] * a[6] * a[15] + a[0] * a[7] * a[14] + a[4] * a[2] * a[15] - a[4] * a[3] * a[14] - a[12] * a[2] * a[7] + a[12] * a[3] * a[6];
    inv[10] = a[0] * a[5] * a[15] - a[0] * a[7] * a[13] - a[4] * a[1] * a[15] + a[4] * a[3] * a[13] + a[12] * a[1] * a[7] - a[12] * a[3] * a[5];
    inv[14] = -a[0] * a[5] * a[14] + a[0] * a[6] * a[13] + a[4] * a[1] * a[14] - a[4] * a[2] * a[13] - a[12] * a[1] * a[6] + a[12] * a[2] * a[5];
    inv[3] = -a[1] * a[6] * a[11] + a[1] * a[7] * a[10] + a[5] * a[2] * a[11] - a[5] * a[3] * a[10] - a[9] * a[2] * a[7] + a[9] * a[3] * a[6];
    inv[7] = a[0] * a[6] * a[11] - a[0] * a[7] * a[10] - a[4] * a[2] * a[11] + a[4] * a[3] * a[10] + a[8] * a[2] * a[7] - a[8] * a[3] * a[6];
    inv[11] = -a[0] * a[5] * a[11] + a[0] * a[7] * a[9] + a[4] * a[1] * a[11] - a[4] * a[3] * a[9] - a[8] * a[1] * a[7] + a[8] * a[3] * a[5];
    inv[15] = a[0] * a[5] * a[10] - a[0] * a[6] * a[9] - a[4] * a[1] * a[10] + a[4] * a[2] * a[9] + a[8] * a[1] * a[6] - a[8] * a[2] * a[5];
    const float det = a[0] * inv[0] + a[1] * inv[4] + a[2] * inv[8] + a[3] * inv[12];
    if (det == 0 || !std::isfinite(det)) return false;
    const float invDet = 1.0f / det;
    for (int i = 0; i < 16; ++i) out.m[i / 4][i % 4] = inv[i] * invDet;
    return true;
}

Mat4 operator*(const Mat4& a, const Mat4& b) {
    Mat4 r;
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row) {
            float s = 0;
            for (int k = 0; k < 4; ++k) s += a.m[k][row] * b.m[c][k];
            r.m[c][row] = s;
        }
    return r;
}

Vec4 operator*(const Mat4& a, Vec4 v) {
    Vec4 r;
    r.x = a.m[0][0] * v.x + a.m[1][0] * v.y + a.m[2][0] * v.z + a.m[3][0] * v.w;
    r.y = a.m[0][1] * v.x + a.m[1][1] * v.y + a.m[2][1] * v.z + a.m[3][1] * v.w;
    r.z = a.m[0][2] * v.x + a.m[1][2] * v.y + a.m[2][2] * v.z + a.m[3][2] * v.w;
    r.w = a.m[0][3] * v.x + a.m[1][3] * v.y + a.m[2][3] * v.z + a.m[3][3] * v.w;
    return r;
}

std::array<Vec3, 8> Aabb::corners() const {
    std::array<Vec3, 8> c;
    for (int i = 0; i < 8; ++i) c[i] = {(i & 1) ? max.x : min.x, (i & 2) ? max.y : min.y, (i & 4) ? max.z : min.z};
    return c;
}

Aabb Aabb::transformed(const Mat4& mat) const {
    Aabb r;
    if (isEmpty()) return r;
    for (const Vec3& p : corners()) r.expand(mat.transformPoint(p));
    return r;
}

Sphere Sphere::around(const Aabb& box) {
    if (box.isEmpty()) return {};
    return {box.center(), length(box.extents())};
}

Plane Plane::fromPoints(Vec3 a, Vec3 b, Vec3 c) {
    const Vec3 n = normalize(cross(b - a, c - a));
    return {n, dot(n, a)};
}

}  // namespace vestige
