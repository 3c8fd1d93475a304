// Entity key rules (see entity_keys.hpp).
#include "vestige/source/base/entity_keys.hpp"

#include <array>
#include <cmath>

#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::base {

std::optional<float> keyFloat(std::string_view value) {
    std::size_t used = 0;
    const auto v = scanFloat(value, &used);
    if (!v || !onlyBlanks(value.substr(used)) || !std::isfinite(*v)) return std::nullopt;
    return v;
}

std::optional<Vec3> keyVec3(std::string_view value) {
    std::array<float, 3> v{};
    std::string_view rest;
    if (scanFloats(value, v, &rest) != 3 || !onlyBlanks(rest)) return std::nullopt;
    return Vec3{v[0], v[1], v[2]};
}

std::optional<std::string_view> EntityKeys::get(std::string_view key) const {
    for (const auto& [k, v] : mPairs)
        if (iequals(k, key)) return std::string_view(v);
    return std::nullopt;
}

std::string_view EntityKeys::value(std::string_view key, std::string_view fallback) const {
    return get(key).value_or(fallback);
}

std::vector<std::string_view> EntityKeys::all(std::string_view key) const {
    std::vector<std::string_view> out;
    for (const auto& [k, v] : mPairs)
        if (iequals(k, key)) out.emplace_back(v);
    return out;
}

std::optional<Vec3> EntityKeys::vec3(std::string_view key) const {
    const auto text = get(key);
    return text ? keyVec3(*text) : std::nullopt;
}

Vec3 EntityKeys::origin(const BadKey& bad) const {
    const auto text = get("origin");
    if (!text) return {};
    const auto v = keyVec3(*text);
    if (v && isFinite(*v)) return *v;
    if (bad) bad("origin", *text, "three numbers \"x y z\"");
    return {};
}

Vec3 EntityKeys::angles(const BadKey& bad) const {
    Vec3 out;
    std::optional<float> pitch;
    const bool light = isLightClass(className());
    auto report = [&](std::string_view key, std::string_view value, std::string_view expected) {
        if (bad) bad(key, value, expected);
    };
    for (const auto& [key, value] : mPairs) {
        if (iequals(key, "angles")) {
            const auto v = keyVec3(value);
            if (v && isFinite(*v))
                out = *v;
            else
                report(key, value, "three numbers \"pitch yaw roll\"");
        } else if (iequals(key, "angle")) {
            // The engine rewrites "angle" into "angles" as it reads it (so a later "angles" wins).
            const auto y = keyFloat(value);
            if (!y) {
                report(key, value, "a number");
                continue;
            }
            if (*y >= 0)
                out.y = *y;
            else if (static_cast<int>(*y) == -1)
                out = {-90, 0, 0};
            else
                out = {90, 0, 0};
        } else if (light && iequals(key, "pitch")) {
            pitch = keyFloat(value);
            if (!pitch) report(key, value, "a number");
        }
    }
    if (pitch && *pitch != 0) out.x = *pitch;
    return out;
}

Vec3 EntityKeys::lightDirection() const {
    // vrad reads these with atof: a value that does not start with a number is 0.
    auto number = [this](std::string_view key) {
        const auto v = get(key);
        return v ? scanFloat(*v).value_or(0.0f) : 0.0f;
    };
    const Vec3 a = vec3("angles").value_or(Vec3{});
    const float angle = number("angle");
    float pitch = number("pitch");
    if (pitch == 0) pitch = a.x;
    if (angle == -1) return {0, 0, 1};
    if (angle == -2) return {0, 0, -1};
    const float y = degToRad(angle != 0 ? angle : a.y), p = degToRad(pitch);
    return {std::cos(y) * std::cos(p), std::sin(y) * std::cos(p), std::sin(p)};
}

bool isLightClass(std::string_view cls) {
    return iequals(cls, "light") || iequals(cls, "light_spot") || iequals(cls, "light_environment") ||
           iequals(cls, "light_dynamic");
}

std::optional<std::size_t> brushModelIndex(std::string_view model) {
    if (model.size() < 2 || model[0] != '*') return std::nullopt;
    // Digits only: parseInteger takes no sign, no blanks and refuses values past size_t.
    return parseInteger<std::size_t>(model.substr(1));
}

bool isSpawnPoint(std::string_view className) { return iequals(className, kSpawnPointClass); }

Mat3 angleMatrix(Vec3 a) {
    const float p = degToRad(a.x), y = degToRad(a.y), r = degToRad(a.z);
    const float sp = std::sin(p), cp = std::cos(p), sy = std::sin(y), cy = std::cos(y), sr = std::sin(r),
                cr = std::cos(r);
    const Vec3 forward{cp * cy, cp * sy, -sp};
    const Vec3 left{sr * sp * cy - cr * sy, sr * sp * sy + cr * cy, sr * cp};
    const Vec3 up{cr * sp * cy + sr * sy, cr * sp * sy - sr * cy, cr * cp};
    return Mat3::fromColumns(forward, left, up);
}

Vec3 matrixAngles(const Mat3& m) {
    const Vec3 forward = m.column(0), left = m.column(1), up = m.column(2);
    const float xy = std::sqrt(forward.x * forward.x + forward.y * forward.y);
    constexpr float kDeg = 180.0f / 3.14159265358979323846f;
    if (xy > 0.001f)
        return {std::atan2(-forward.z, xy) * kDeg, std::atan2(forward.y, forward.x) * kDeg,
                std::atan2(left.z, up.z) * kDeg};
    return {std::atan2(-forward.z, xy) * kDeg, std::atan2(-left.x, left.y) * kDeg, 0.0f};
}

}  // namespace vestige::source::base
