// Entity lump -> MapEntity: the keys the engine reads when it spawns a map entity.
#include <string>

#include "vestige/source/game/keys.hpp"
#include "vestige/source/game/map.hpp"

namespace vestige::source::game {

MapEntity toMapEntity(const bsp::Entity& entity, std::vector<Error>* warnings) {
    MapEntity out;
    out.className = std::string(entity.className());
    out.model = std::string(entity.value("model"));
    out.targetName = std::string(entity.value("targetname"));
    out.origin = entityOrigin(entity, warnings);
    out.angles = entityAngles(entity, warnings);
    return out;
}

}  // namespace vestige::source::game
