// Entity lump -> glua::MapEntity: the keys the engine reads when it spawns a map entity (the rules are the base
// layer's, vestige/source/base/entity_keys.hpp; this file turns their reports into warnings).
#include <string>

#include "vestige/source/game/map.hpp"

namespace vestige::source::game {

namespace {

base::BadKey warner(std::vector<Error>* warnings, const bsp::Entity& e) {
    if (!warnings) return {};
    return [warnings, &e](std::string_view key, std::string_view value, std::string_view expected) {
        Error err("game.entity_key", "entity key value is malformed; the engine default is kept");
        err.field(std::string(key)).at(e.offset).expected(std::string(expected)).actual(std::string(value));
        if (!e.className().empty()) err.entry(std::string(e.className()));
        warnings->push_back(std::move(err));
    };
}

}  // namespace

Vec3 entityAngles(const bsp::Entity& entity, std::vector<Error>* warnings) {
    return entity.view().angles(warner(warnings, entity));
}

glua::MapEntity toMapEntity(const bsp::Entity& entity, std::vector<Error>* warnings) {
    const base::BadKey bad = warner(warnings, entity);
    glua::MapEntity out;
    out.className = std::string(entity.className());
    out.model = std::string(entity.value("model"));
    out.targetName = std::string(entity.value("targetname"));
    out.origin = entity.view().origin(bad);
    out.angles = entity.view().angles(bad);
    return out;
}

}  // namespace vestige::source::game
