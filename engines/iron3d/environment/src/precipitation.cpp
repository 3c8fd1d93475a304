#include "vestige/iron3d/environment/precipitation.hpp"

#include <algorithm>
#include <cmath>

namespace vestige::iron3d::environment {

double PrecipitationBox::volume() const {
    return 4.0 * static_cast<double>(halfX) * static_cast<double>(halfY) * static_cast<double>(farDepth - nearDepth);
}

PrecipitationBox referenceBox() {
    PrecipitationBox b;
    b.halfX = std::tan(kReferenceHalfAngleX) * b.farDepth;
    b.halfY = std::tan(kReferenceHalfAngleY) * b.farDepth;
    return b;
}

PrecipitationBox boxFor(float verticalFov, float aspect) {
    PrecipitationBox b;
    b.halfY = std::tan(verticalFov / 2.0f) * b.farDepth;
    b.halfX = b.halfY * aspect;
    return b;
}

double volumeRatio(const PrecipitationBox& current) { return current.volume() / referenceBox().volume(); }

std::uint32_t particleCount(double ratio, float density, float intensity) {
    const double n = std::clamp(ratio, 0.0, 1.0) * density * intensity * 1000.0;
    if (!(n > 0)) return 0;  // also NaN
    return static_cast<std::uint32_t>(roundHalfEven(n));
}

double horizontalFov(float verticalFov, float aspect) {
    return 2.0 * std::atan(std::tan(static_cast<double>(verticalFov) / 2.0) * aspect);
}

double precipitationScalar(float viewportWidth, float verticalFov, float aspect) {
    return viewportWidth / horizontalFov(verticalFov, aspect);
}

float particleSize(Precipitation kind, double scalar) {
    return static_cast<float>(scalar * (kind == Precipitation::Rain ? kRainSizeFactor : kSnowSizeFactor));
}

Vec3 fallVelocity(Precipitation kind) {
    return kind == Precipitation::Rain ? Vec3{0.5f, 0.0f, -60.0f} : Vec3{0.5f, 0.0f, -4.0f};
}

Vec3 toLocal(const CameraFrame& c, Vec3 world) {
    const Vec3 d = world - c.position;
    return {dot(d, c.right), dot(d, c.up), dot(d, c.forward)};
}

Vec3 toWorld(const CameraFrame& c, Vec3 local) {
    return c.position + c.right * local.x + c.up * local.y + c.forward * local.z;
}

namespace {

bool wrapAxis(float& v, float lo, float hi) {
    if (v >= lo && v < hi) return false;
    const float size = hi - lo;
    if (!(size > 0)) return false;
    float t = std::fmod(v - lo, size);
    if (t < 0) t += size;
    if (t >= size) t = 0;  // fmod rounding at the top edge
    v = lo + t;
    return true;
}

}  // namespace

bool wrapIntoBox(const PrecipitationBox& box, Vec3& local) {
    const bool x = wrapAxis(local.x, -box.halfX, box.halfX);
    const bool y = wrapAxis(local.y, -box.halfY, box.halfY);
    const bool z = wrapAxis(local.z, box.nearDepth, box.farDepth);
    return x || y || z;
}

PrecipitationField::PrecipitationField(Precipitation kind, std::uint64_t seed)
    : mKind(kind), mRng(seed ^ (kind == Precipitation::Rain ? 0x7261696eull : 0x736e6f77ull)) {}

void PrecipitationField::update(const CameraFrame& camera, float intensity, float dt) {
    const PrecipitationBox box = boxFor(camera.verticalFov, camera.aspect);
    const std::uint32_t want = particleCount(volumeRatio(box), kEmitterDensity, intensity);
    if (want < mParticles.size()) mParticles.resize(want);
    while (mParticles.size() < want) {
        const Vec3 local{(mRng.unit() * 2 - 1) * box.halfX, (mRng.unit() * 2 - 1) * box.halfY,
                         box.nearDepth + mRng.unit() * (box.farDepth - box.nearDepth)};
        const Vec3 world = toWorld(camera, local);
        mParticles.push_back({world, world});
    }
    const Vec3 step = fallVelocity(mKind) * dt;
    for (Particle& p : mParticles) {
        const Vec3 previous = p.position;
        Vec3 local = toLocal(camera, previous + step);
        if (wrapIntoBox(box, local)) {
            ++mWraps;
            p.position = toWorld(camera, local);
            // The seed names the previous world position as the rain streak's tail; across a wrap that point is
            // on the far side of the box, so the tail moves with the point (our choice, not confirmed).
            p.tail = mKind == Precipitation::Rain ? p.position - step : p.position;
        } else {
            p.position = previous + step;
            p.tail = mKind == Precipitation::Rain ? previous : p.position;
        }
    }
}

}  // namespace vestige::iron3d::environment
