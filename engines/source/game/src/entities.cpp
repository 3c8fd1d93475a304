// Entity lump -> glua::MapEntity: the keys the engine reads when it spawns a map entity.
#include <cmath>
#include <cstdlib>
#include <string>

#include "vestige/core/text.hpp"
#include "vestige/source/game/map.hpp"

namespace vestige::source::game {

namespace {

// One finite float filling the whole value (surrounding blanks allowed).
std::optional<float> parseNumber(std::string_view text) {
    const std::string s(text);  // strtof needs a terminated buffer; values are short
    const char* p = s.c_str();
    char* end = nullptr;
    const float f = std::strtof(p, &end);
    if (end == p) return std::nullopt;
    while (*end == ' ' || *end == '\t') ++end;
    if (*end != 0 || !std::isfinite(f)) return std::nullopt;
    return f;
}

void warn(std::vector<Error>* warnings, const bsp::Entity& e, std::string_view key, std::string_view value,
          std::string expected) {
    if (!warnings) return;
    Error err("game.entity_key", "entity key value is malformed; the engine default is kept");
    err.field(std::string(key)).at(e.offset).expected(std::move(expected)).actual(std::string(value));
    if (!e.className().empty()) err.entry(std::string(e.className()));
    warnings->push_back(std::move(err));
}

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
                warn(warnings, entity, key, value, "three numbers \"pitch yaw roll\"");
        } else if (iequals(key, "angle")) {
            // The engine rewrites "angle" into "angles" as it reads it (so a later "angles" wins).
            const auto y = parseNumber(value);
            if (!y) {
                warn(warnings, entity, key, value, "a number");
                continue;
            }
            if (*y >= 0)
                angles.y = *y;
            else if (static_cast<int>(*y) == -1)
                angles = {-90, 0, 0};
            else
                angles = {90, 0, 0};
        } else if (light && iequals(key, "pitch")) {
            pitch = parseNumber(value);
            if (!pitch) warn(warnings, entity, key, value, "a number");
        }
    }
    if (pitch && *pitch != 0) angles.x = *pitch;
    return angles;
}

glua::MapEntity toMapEntity(const bsp::Entity& entity, std::vector<Error>* warnings) {
    glua::MapEntity out;
    out.className = std::string(entity.className());
    out.model = std::string(entity.value("model"));
    out.targetName = std::string(entity.value("targetname"));
    if (auto text = entity.get("origin")) {
        const auto v = entity.vec3("origin");
        if (v && isFinite(*v))
            out.origin = *v;
        else
            warn(warnings, entity, "origin", *text, "three numbers \"x y z\"");
    }
    out.angles = entityAngles(entity, warnings);
    return out;
}

}  // namespace vestige::source::game
