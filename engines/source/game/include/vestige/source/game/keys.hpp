#pragma once
// Entity lump keys the engine reads itself when it spawns any entity (no GLua types): angles with the "angle" and
// light "pitch" rules and origin, as the base layer reads them (base::EntityKeys), with structured warnings.
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/error.hpp"
#include "vestige/core/math.hpp"
#include "vestige/source/bsp/entities.hpp"

namespace vestige::source::game {

// Entity angles as the engine sets them from the keys, in file order: "angles" (pitch yaw roll);
// "angle" (a yaw >= 0 replaces the yaw, -1 = straight up (-90 0 0), other negatives = straight down (90 0 0));
// for light classes (light, light_spot, light_environment, light_dynamic) a non-zero "pitch" replaces the
// pitch after all other keys (spec §7). Malformed numbers are reported in `warnings` and leave the angles as
// they were.
[[nodiscard]] Vec3 entityAngles(const bsp::Entity& entity, std::vector<Error>* warnings = nullptr);
// "origin" ("x y z"); 0 0 0 when absent; a malformed or non-finite value is a warning and gives 0 0 0.
[[nodiscard]] Vec3 entityOrigin(const bsp::Entity& entity, std::vector<Error>* warnings = nullptr);
// game.entity_key: the key, the block's offset, what was expected and what the value was.
void warnEntityKey(std::vector<Error>* warnings, const bsp::Entity& e, std::string_view key, std::string_view value,
                   std::string expected);

}  // namespace vestige::source::game
