#pragma once
// Precipitation in front of the observer (seed 002 "Погода, осадки и звуковые события").
//
// The particles live in a box in camera-local coordinates — depth 2..50 along the view direction, half extents
// half_x/half_y across it — and in world space: they move by a world velocity the camera's rotation does not
// turn, and a point that leaves the box through a face comes back through the opposite one (wrapped in local
// coordinates, then returned to the world).
//
//   half_y = tan(vfov / 2) * 50          half_x = half_y * aspect          (reference: tan(0.65)*50, tan(0.4875)*50)
//   N      = round_even(clamp(V / V_ref, 0, 1) * density * intensity * 1000)      density = 1
//   hfov   = 2 * atan(tan(vfov / 2) * aspect)   scalar = viewport_width / hfov
//   rain size = scalar * 0.0065, snow size = scalar * 0.0195; rain moves [0.5, 0, -60], snow [0.5, 0, -4]
#include <cstdint>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/rng.hpp"

namespace vestige::iron3d::environment {

enum class Precipitation : std::uint8_t { Rain, Snow };

// The camera of the frame being presented: position, orientation as world-space axes, projection and viewport.
struct CameraFrame {
    Vec3 position{};
    Vec3 right{0, -1, 0};
    Vec3 up{0, 0, 1};
    Vec3 forward{1, 0, 0};
    float verticalFov = 0.975f;  // radians
    float aspect = 4.0f / 3.0f;
    float viewportWidth = 640.0f;  // pixels
};

struct PrecipitationBox {
    float nearDepth = 2.0f;
    float farDepth = 50.0f;
    float halfX = 0.0f;
    float halfY = 0.0f;
    [[nodiscard]] double volume() const;
};

inline constexpr float kReferenceHalfAngleX = 0.65f;
inline constexpr float kReferenceHalfAngleY = 0.4875f;
inline constexpr float kRainSizeFactor = 0.0065f;
inline constexpr float kSnowSizeFactor = 0.0195f;
inline constexpr float kEmitterDensity = 1.0f;

[[nodiscard]] PrecipitationBox referenceBox();
[[nodiscard]] PrecipitationBox boxFor(float verticalFov, float aspect);
[[nodiscard]] double volumeRatio(const PrecipitationBox& current);
[[nodiscard]] std::uint32_t particleCount(double volumeRatio, float density, float intensity);
[[nodiscard]] double horizontalFov(float verticalFov, float aspect);
[[nodiscard]] double precipitationScalar(float viewportWidth, float verticalFov, float aspect);
[[nodiscard]] float particleSize(Precipitation kind, double scalar);
[[nodiscard]] Vec3 fallVelocity(Precipitation kind);  // world units per second

struct Particle {
    Vec3 position{};  // world
    Vec3 tail{};      // rain: the streak's other end (the previous world position); snow: == position
    friend bool operator==(const Particle&, const Particle&) = default;
};

// One kind of precipitation: its particle list across frames.
class PrecipitationField {
public:
    explicit PrecipitationField(Precipitation kind, std::uint64_t seed = 0);
    // One frame: the count follows the intensity (new points appear uniformly inside the box, surplus points are
    // dropped from the end), every point moves by velocity * dt, points outside the box wrap to the opposite face.
    void update(const CameraFrame& camera, float intensity, float dtSeconds);
    [[nodiscard]] const std::vector<Particle>& particles() const { return mParticles; }
    [[nodiscard]] Precipitation kind() const { return mKind; }
    [[nodiscard]] std::uint64_t wraps() const { return mWraps; }  // points wrapped so far

private:
    Precipitation mKind;
    Pcg32 mRng;  // cosmetic: spawn positions only, outside every state hash
    std::vector<Particle> mParticles;
    std::uint64_t mWraps = 0;
};

// Camera-local coordinates (x right, y up, z depth) of a world point, and back.
[[nodiscard]] Vec3 toLocal(const CameraFrame& camera, Vec3 world);
[[nodiscard]] Vec3 toWorld(const CameraFrame& camera, Vec3 local);
// Wraps a local point into the box (each axis into [lo, hi)); returns true when any axis moved.
bool wrapIntoBox(const PrecipitationBox& box, Vec3& local);

}  // namespace vestige::iron3d::environment
