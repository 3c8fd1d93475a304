// Keys every entity has, read the engine's way: the rules are the base layer's (vestige/source/base/entity_keys.hpp);
// this file turns their reports into game.entity_key warnings.
#include "vestige/source/game/keys.hpp"

#include <string>

namespace vestige::source::game {

void warnEntityKey(std::vector<Error>* warnings, const bsp::Entity& e, std::string_view key, std::string_view value,
                   std::string expected) {
    if (!warnings) return;
    Error err("game.entity_key", "entity key value is malformed; the engine default is kept");
    err.field(std::string(key)).at(e.offset).expected(std::move(expected)).actual(std::string(value));
    if (!e.className().empty()) err.entry(std::string(e.className()));
    warnings->push_back(std::move(err));
}

namespace {

base::BadKey warner(std::vector<Error>* warnings, const bsp::Entity& e) {
    if (!warnings) return {};
    return [warnings, &e](std::string_view key, std::string_view value, std::string_view expected) {
        warnEntityKey(warnings, e, key, value, std::string(expected));
    };
}

}  // namespace

Vec3 entityAngles(const bsp::Entity& entity, std::vector<Error>* warnings) {
    return entity.view().angles(warner(warnings, entity));
}

Vec3 entityOrigin(const bsp::Entity& entity, std::vector<Error>* warnings) {
    return entity.view().origin(warner(warnings, entity));
}

}  // namespace vestige::source::game
