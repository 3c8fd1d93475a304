// The world's entities as trace scene records (trace_query.hpp).
#include "vestige/source/game/trace_query.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::game {

std::vector<SceneEntity> traceScene(World& world) {
    std::vector<SceneEntity> scene;
    scene.reserve(world.count());
    world.forEach([&](Entity& e) {
        SceneEntity s;
        s.index = e.index;
        // As the world's own scene: an entity removed this tick no longer collides (World::scene), a dead player
        // neither.
        s.alive = !e.markedForDeletion && !e.notSolid && (!e.isPlayer() || e.alive);
        s.isPlayer = e.isPlayer();
        s.className = e.className;
        s.model = e.model;
        s.name = e.targetName;
        s.pos = e.origin;
        s.angles = e.angles;
        s.collisionGroup = e.collisionGroup;
        scene.push_back(std::move(s));
    });
    return scene;
}

}  // namespace vestige::source::game
