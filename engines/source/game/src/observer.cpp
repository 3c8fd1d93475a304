// Player observer modes (player.cpp of the SDK: StartObserverMode, SetObserverMode, StopObserverMode), as far as a
// listen server needs them: the state, the move type and what an observer is not (solid, visible, damageable,
// alive). The client's spectator cameras (chase offsets, freeze-cam zoom) are the client's.
#include "vestige/source/game/world.hpp"

namespace vestige::source::game {
namespace {
// OBS_MODE_* (shareddefs.h; the GMod wiki's OBS_MODE enum).
constexpr int kObsNone = 0, kObsDeathCam = 1, kObsFixed = 3, kObsModes = 7;
}  // namespace

bool World::setObserverMode(Entity& p, int mode) {
    if (!p.player || mode < kObsNone || mode >= kObsModes) return false;
    p.player->observerMode = mode;
    // Fixed, death cam and none hold still; the others are MOVETYPE_OBSERVER: roaming flies (as noclip), chase and
    // in-eye sit on the observer target (FullObserverMove, World::runPlayer), freeze cam stands still on the server.
    const bool still = mode == kObsNone || mode == kObsFixed || mode == kObsDeathCam;
    setMoveType(p, still ? MoveType::None : MoveType::Observer);
    p.touched();
    return true;
}

bool World::startObserverMode(Entity& p, int mode) {
    if (!p.player || mode <= kObsNone || mode >= kObsModes) return false;
    p.groundEntity = {};
    p.notSolid = true;
    setObserverMode(p, mode);
    p.takeDamage = takedamage::kNo;
    p.noDraw = true;  // "Become invisible"
    p.health = 1;
    p.alive = false;  // LIFE_DEAD ("can't be dead, otherwise movement doesn't work right")
    p.touched();
    invalidateScene();
    return true;
}

void World::stopObserverMode(Entity& p) {
    if (!p.player || p.player->observerMode == kObsNone) return;
    p.player->observerMode = kObsNone;
    p.touched();
}

}  // namespace vestige::source::game
