#pragma once
// Small float math with fixed conventions (see docs/CONVENTIONS.md):
//  - vectors are columns; matrices act as M * v; composition A * B applies B first;
//  - Mat3/Mat4 store columns contiguously (column-major, glTF/OpenGL order): m[col][row];
//  - Quat holds x, y, z, w (w = scalar) in memory; formats with other on-disk orders convert at the reader;
//  - handedness is a property of each engine's world, not of this header (both Source and Iron3D are
//    right-handed Z-up in world space; see the conventions doc).
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

namespace vestige {

// Round to nearest, ties to even (banker's rounding), independent of the FP environment's mode.
double roundHalfEven(double v);
float roundHalfEven(float v);
// True for every float that is neither NaN nor infinite.
inline bool isFinite(float v) { return std::isfinite(v); }
// IEEE helpers: exact bit equality (distinguishes -0 and +0, equal NaN payloads compare equal).
bool bitEqual(float a, float b);
// Units in the last place between two finite floats of the same sign.
std::int64_t ulpDistance(float a, float b);

struct Vec2 {
    float x = 0, y = 0;
    friend constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
    friend constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
    friend constexpr Vec2 operator*(Vec2 a, float s) { return {a.x * s, a.y * s}; }
    friend constexpr bool operator==(Vec2, Vec2) = default;
};

struct Vec3 {
    float x = 0, y = 0, z = 0;
    constexpr float& operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }
    constexpr float operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
    friend constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    friend constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    friend constexpr Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
    friend constexpr Vec3 operator*(Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
    friend constexpr Vec3 operator*(float s, Vec3 a) { return a * s; }
    friend constexpr Vec3 operator/(Vec3 a, float s) { return {a.x / s, a.y / s, a.z / s}; }
    constexpr Vec3& operator+=(Vec3 b) { x += b.x; y += b.y; z += b.z; return *this; }
    constexpr Vec3& operator-=(Vec3 b) { x -= b.x; y -= b.y; z -= b.z; return *this; }
    constexpr Vec3& operator*=(float s) { x *= s; y *= s; z *= s; return *this; }
    friend constexpr bool operator==(Vec3, Vec3) = default;
};

struct Vec4 {
    float x = 0, y = 0, z = 0, w = 0;
    constexpr Vec3 xyz() const { return {x, y, z}; }
    friend constexpr bool operator==(Vec4, Vec4) = default;
};

constexpr float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
constexpr Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline float length(Vec3 a) { return std::sqrt(dot(a, a)); }
constexpr float lengthSquared(Vec3 a) { return dot(a, a); }
// Returns the zero vector for a zero-length input (never NaN).
Vec3 normalize(Vec3 a);
constexpr Vec3 mulComponents(Vec3 a, Vec3 b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
constexpr Vec3 minComponents(Vec3 a, Vec3 b) { return {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z}; }
constexpr Vec3 maxComponents(Vec3 a, Vec3 b) { return {a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z}; }
constexpr Vec3 lerp(Vec3 a, Vec3 b, float t) { return a + (b - a) * t; }
inline bool isFinite(Vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

struct Quat {
    float x = 0, y = 0, z = 0, w = 1;  // identity by default
    static constexpr Quat identity() { return {}; }
    static Quat fromAxisAngle(Vec3 axis, float radians);
    constexpr Quat conjugate() const { return {-x, -y, -z, w}; }
    friend constexpr bool operator==(Quat, Quat) = default;
};
// Hamilton product: (a * b) rotates by b first, then a.
constexpr Quat operator*(Quat a, Quat b) {
    return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}
constexpr float dot(Quat a, Quat b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
Quat normalize(Quat q);
Vec3 rotate(Quat q, Vec3 v);
// Normalised linear interpolation along the shorter arc, and spherical interpolation.
Quat nlerp(Quat a, Quat b, float t);
Quat slerp(Quat a, Quat b, float t);

struct Mat3 {
    std::array<std::array<float, 3>, 3> m{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};  // m[col][row]
    static constexpr Mat3 identity() { return {}; }
    static Mat3 fromColumns(Vec3 c0, Vec3 c1, Vec3 c2);
    static Mat3 fromQuat(Quat q);
    static Mat3 rotationX(float radians);
    static Mat3 rotationY(float radians);
    static Mat3 rotationZ(float radians);
    static Mat3 scale(Vec3 s);
    Vec3 column(int c) const { return {m[c][0], m[c][1], m[c][2]}; }
    Vec3 row(int r) const { return {m[0][r], m[1][r], m[2][r]}; }
    Mat3 transposed() const;
    float determinant() const;
    Quat toQuat() const;  // for orthonormal matrices
};
Mat3 operator*(const Mat3& a, const Mat3& b);
Vec3 operator*(const Mat3& a, Vec3 v);

struct Mat4 {
    std::array<std::array<float, 4>, 4> m{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}};  // m[col][row]
    static constexpr Mat4 identity() { return {}; }
    static Mat4 translation(Vec3 t);
    static Mat4 fromMat3(const Mat3& r, Vec3 t = {});
    // T * R * S
    static Mat4 fromTRS(Vec3 t, Quat r, Vec3 s = {1, 1, 1});
    static Mat4 perspective(float fovYRadians, float aspect, float zNear, float zFar);  // OpenGL clip space
    static Mat4 lookAt(Vec3 eye, Vec3 target, Vec3 up);
    Mat3 upper3x3() const;
    Vec3 translationPart() const { return {m[3][0], m[3][1], m[3][2]}; }
    Vec3 transformPoint(Vec3 p) const;
    Vec3 transformVector(Vec3 v) const;
    Mat4 transposed() const;
    // General inverse; returns false (and leaves out untouched) for a singular matrix.
    bool inverse(Mat4& out) const;
    const float* data() const { return &m[0][0]; }
};
Mat4 operator*(const Mat4& a, const Mat4& b);
Vec4 operator*(const Mat4& a, Vec4 v);

struct Aabb {
    Vec3 min{std::numeric_limits<float>::infinity(), std::numeric_limits<float>::infinity(),
             std::numeric_limits<float>::infinity()};
    Vec3 max{-std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
             -std::numeric_limits<float>::infinity()};
    static constexpr Aabb empty() { return {}; }
    static constexpr Aabb fromPoint(Vec3 p) { return {p, p}; }
    constexpr bool isEmpty() const { return min.x > max.x || min.y > max.y || min.z > max.z; }
    constexpr void expand(Vec3 p) { min = minComponents(min, p); max = maxComponents(max, p); }
    constexpr void expand(const Aabb& b) { if (!b.isEmpty()) { expand(b.min); expand(b.max); } }
    constexpr Vec3 center() const { return (min + max) * 0.5f; }
    constexpr Vec3 extents() const { return (max - min) * 0.5f; }
    constexpr bool contains(Vec3 p) const {
        return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y && p.z >= min.z && p.z <= max.z;
    }
    constexpr bool overlaps(const Aabb& b) const {
        return min.x <= b.max.x && max.x >= b.min.x && min.y <= b.max.y && max.y >= b.min.y && min.z <= b.max.z &&
               max.z >= b.min.z;
    }
    // The 8 corners, bit 0 = x, bit 1 = y, bit 2 = z (set = max).
    std::array<Vec3, 8> corners() const;
    Aabb transformed(const Mat4& m) const;  // box around the transformed corners
};

struct Sphere {
    Vec3 center;
    float radius = 0;
    // The sphere around a box (centre, half-diagonal); not a tight fit of the contents.
    static Sphere around(const Aabb& box);
};

// Points p with dot(normal, p) == dist. Normal need not be unit for classification, but is for distances.
struct Plane {
    Vec3 normal;
    float dist = 0;
    constexpr float distanceTo(Vec3 p) const { return dot(normal, p) - dist; }
    static Plane fromPoints(Vec3 a, Vec3 b, Vec3 c);  // normal = normalize(cross(b - a, c - a))
};

struct Segment {
    Vec3 a, b;
    constexpr Vec3 at(float t) const { return a + (b - a) * t; }
    constexpr Vec3 delta() const { return b - a; }
};

constexpr float kPi = 3.14159265358979323846f;
constexpr float degToRad(float d) { return d * (kPi / 180.0f); }
constexpr float radToDeg(float r) { return r * (180.0f / kPi); }

}  // namespace vestige
