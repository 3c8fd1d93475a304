#pragma once
// Entity keys as the Source engine reads them: one view over an entity's ordered key/value pairs (the BSP entity
// lump, a Lua key table) and the rules every module applies to them, written once.
//
//   * lookup: the first pair whose key matches, ASCII case-insensitive (the engine's key and class name compares);
//   * numbers: atof-style (core/parse.hpp scanFloat), but a key counts only when its whole value is the number(s),
//     blanks around them allowed; anything else is reported as malformed, never read as a partial value;
//   * origin: "x y z", 0 0 0 when absent;
//   * angles (spawn): the keys in file order: "angles" = pitch yaw roll; "angle" = a yaw >= 0 replaces the yaw,
//     -1 = straight up (-90 0 0), other negatives straight down (90 0 0); for light classes a non-zero "pitch"
//     replaces the pitch after all other keys (spec §7);
//   * light direction (vrad, for light_environment): "angle" -1 = up, -2 = down, else a non-zero angle replaces
//     the yaw and a zero "pitch" falls back to the angles' pitch;
//   * brush model: "model" "*N" names brush model N (digits only);
//   * spawn point: the first info_player_start, its class name matched ASCII case-insensitively.
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vestige/core/math.hpp"

namespace vestige::source::base {

using KeyValue = std::pair<std::string, std::string>;

// One number filling the value (blanks around it allowed), read as atof would; nullopt otherwise or when not finite.
[[nodiscard]] std::optional<float> keyFloat(std::string_view value);
// Three numbers "x y z" and nothing else (blanks allowed); nullopt otherwise. Infinities and NaN are returned
// as read (callers that place things check isFinite).
[[nodiscard]] std::optional<Vec3> keyVec3(std::string_view value);

// Reports a key whose value a rule could not read: the key, its value and what was expected instead. The
// value the rule would have set keeps the engine default.
using BadKey = std::function<void(std::string_view key, std::string_view value, std::string_view expected)>;

class EntityKeys {
public:
    explicit EntityKeys(std::span<const KeyValue> pairs) : mPairs(pairs) {}

    [[nodiscard]] std::span<const KeyValue> pairs() const { return mPairs; }
    // First value of `key` (ASCII case-insensitive).
    [[nodiscard]] std::optional<std::string_view> get(std::string_view key) const;
    [[nodiscard]] std::string_view value(std::string_view key, std::string_view fallback = {}) const;
    // Every value of `key`, in file order (I/O outputs repeat their key).
    [[nodiscard]] std::vector<std::string_view> all(std::string_view key) const;
    [[nodiscard]] std::string_view className() const { return value("classname"); }
    // keyVec3 of the first `key`; nullopt when absent or malformed.
    [[nodiscard]] std::optional<Vec3> vec3(std::string_view key) const;

    // "origin", 0 0 0 when absent; a malformed or non-finite value is reported and gives 0 0 0.
    [[nodiscard]] Vec3 origin(const BadKey& bad = {}) const;
    // The spawn angles rule above (pitch yaw roll, degrees).
    [[nodiscard]] Vec3 angles(const BadKey& bad = {}) const;
    // The direction light_environment's light travels (unit), vrad's rule above. Malformed numbers read as 0.
    [[nodiscard]] Vec3 lightDirection() const;

private:
    std::span<const KeyValue> mPairs;
};

// Classes whose "pitch" key sets their pitch: light, light_spot, light_environment, light_dynamic.
[[nodiscard]] bool isLightClass(std::string_view className);

// "*N" -> N (digits only, no sign, no blanks); nullopt for anything else (world models such as props included).
[[nodiscard]] std::optional<std::size_t> brushModelIndex(std::string_view model);

// The class the engine spawns players at, and the one rule for finding it.
inline constexpr std::string_view kSpawnPointClass = "info_player_start";
[[nodiscard]] bool isSpawnPoint(std::string_view className);
// Index of the first spawn point of `entities`; `classNameOf(entity)` gives an entity's class name.
template <class Entities, class ClassNameOf>
[[nodiscard]] std::optional<std::size_t> findSpawnPoint(const Entities& entities, ClassNameOf classNameOf) {
    std::size_t i = 0;
    for (const auto& e : entities) {
        if (isSpawnPoint(classNameOf(e))) return i;
        ++i;
    }
    return std::nullopt;
}

// Source's AngleMatrix: the local -> world rotation of (pitch, yaw, roll) degrees, columns forward, left, up.
[[nodiscard]] Mat3 angleMatrix(Vec3 pitchYawRoll);
// Source's MatrixAngles, the inverse: (pitch, yaw, roll) degrees of a rotation (yaw and roll from the forward and
// left columns; at straight up/down roll is 0 and yaw comes from the left column).
[[nodiscard]] Vec3 matrixAngles(const Mat3& m);

}  // namespace vestige::source::base
