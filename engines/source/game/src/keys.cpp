// Keys every entity has, read the engine's way (see keys.hpp).
#include "vestige/source/game/keys.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

#include "vestige/core/text.hpp"

namespace vestige::source::game {

std::optional<float> parseKeyNumber(std::string_view text) {
    const std::string s(text);  // strtof needs a terminated buffer; values are short
    const char* p = s.c_str();
    char* end = nullptr;
    const float f = std::strtof(p, &end);
    if (end == p) return std::nullopt;
    while (*end == ' ' || *end == '\t') ++end;
    if (*end != 0 || !std::isfinite(f)) return std::nullopt;
    return f;
}

void warnEntityKey(std::vector<Error>* warnings, const bsp::Entity& e, std::string_view key, std::string_view value,
                   std::string expected) {
    if (!warnings) return;
    Error err("game.entity_key", "entity key value is malformed; the engine default is kept");
    err.field(std::string(key)).at(e.offset).expected(std::move(expected)).actual(std::string(value));
    if (!e.className().empty()) err.entry(std::string(e.className()));
    warnings->push_back(std::move(err));
}

namespace {

bool isLightClass(std::string_view cls) {
    return iequals(cls, "light") || iequals(cls, "light_spot") || iequals(cls, "light_environment") ||
           iequals(cls, "light_dynamic");
}

}  // namespace

Vec3 entityAngles(const bsp::Entity& entity, std::vector<Error>* warnings) {
    Vec3 angles;
    std::optional<float> pitch;
    const bool light = isLightClass(entity.className());
    for (const auto& [key, value] : entity.keys) {
        if (iequals(key, "angles")) {
            bsp::Entity one;
            one.keys.emplace_back("v", value);
            const auto v = one.vec3("v");
            if (v && isFinite(*v))
                angles = *v;
            else
                warnEntityKey(warnings, entity, key, value, "three numbers \"pitch yaw roll\"");
        } else if (iequals(key, "angle")) {
            // The engine rewrites "angle" into "angles" as it reads it (so a later "angles" wins).
            const auto y = parseKeyNumber(value);
            if (!y) {
                warnEntityKey(warnings, entity, key, value, "a number");
                continue;
            }
            if (*y >= 0)
                angles.y = *y;
            else if (static_cast<int>(*y) == -1)
                angles = {-90, 0, 0};
            else
                angles = {90, 0, 0};
        } else if (light && iequals(key, "pitch")) {
            pitch = parseKeyNumber(value);
            if (!pitch) warnEntityKey(warnings, entity, key, value, "a number");
        }
    }
    if (pitch && *pitch != 0) angles.x = *pitch;
    return angles;
}

Vec3 entityOrigin(const bsp::Entity& entity, std::vector<Error>* warnings) {
    const auto text = entity.get("origin");
    if (!text) return {};
    const auto v = entity.vec3("origin");
    if (v && isFinite(*v)) return *v;
    warnEntityKey(warnings, entity, "origin", *text, "three numbers \"x y z\"");
    return {};
}

}  // namespace vestige::source::game
