// Motion controllers (wiki Entity:StartMotionController, AddToMotionController, RemoveFromMotionController,
// StopMotionController, ENTITY:PhysicsSimulate): once per physics step, before it, each entity with a controller
// is asked, in creation order, for each body it steers: ENT:PhysicsSimulate(phys, deltaTime) returns
// (angular, linear, SIM_*). As the SDK's motion events are integrated (IMotionEvent: CKeepUpright returns an
// acceleration as angle * 1/dt): an ACCELERATION changes the velocity by value * dt, a FORCE is applied as the
// impulse value * dt; LOCAL values are in the body's frame, GLOBAL ones in the world's; angular values are degrees
// (AngularImpulse). SIM_NOTHING or nothing returned does nothing; a non-finite value does nothing and is warned.
#include <algorithm>
#include <cmath>

#include "entity_binding.hpp"
#include "physobj.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

constexpr int kSimNothing = 0, kSimLocalAcceleration = 1, kSimLocalForce = 2, kSimGlobalAcceleration = 3,
              kSimGlobalForce = 4;
constexpr float kRadPerDeg = 0.017453292519943295f;

int eStartMotionController(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->motionController = true;
    for (physics::BodyId b : e->physicsObjects)
        if (std::find(e->motionControlled.begin(), e->motionControlled.end(), b) == e->motionControlled.end())
            e->motionControlled.push_back(b);
    return 0;
}
int eStopMotionController(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->motionController = false;
    e->motionControlled.clear();
    return 0;
}
int eAddToMotionController(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const physics::BodyId b = checkPhysBody(L, 2);
    if (std::find(e->motionControlled.begin(), e->motionControlled.end(), b) == e->motionControlled.end())
        e->motionControlled.push_back(b);
    return 0;
}
int eRemoveFromMotionController(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    std::erase(e->motionControlled, checkPhysBody(L, 2));
    return 0;
}

const luaL_Reg kMotionMethods[] = {{"StartMotionController", eStartMotionController},
                                   {"StopMotionController", eStopMotionController},
                                   {"AddToMotionController", eAddToMotionController},
                                   {"RemoveFromMotionController", eRemoveFromMotionController},
                                   {nullptr, nullptr}};

// Applies one PhysicsSimulate answer (on the stack: angular, linear, sim) to `body`.
void apply(Runtime& rt, lua_State* L, game::World& w, int entity, physics::BodyId body, float dt) {
    const int top = lua_gettop(L);
    const int sim = lua_isnumber(L, top) ? static_cast<int>(lua_tonumber(L, top)) : kSimNothing;
    if (sim <= kSimNothing || sim > kSimGlobalForce) return;
    Vec3 angular, linear;
    if (!toVector(rt, L, top - 2, &angular) || !toVector(rt, L, top - 1, &linear)) return;
    if (!isFinite(angular) || !isFinite(linear)) {
        refuseNonFinite(rt, "PhysicsSimulate's result", entity);
        return;
    }
    const auto s = w.physics().state(body);
    if (!s) return;
    if (sim == kSimLocalAcceleration || sim == kSimLocalForce) {
        linear = rotate(s->rotation, linear);
        angular = rotate(s->rotation, angular);
    }
    angular = angular * kRadPerDeg;
    if (sim == kSimLocalAcceleration || sim == kSimGlobalAcceleration) {
        (void)w.physics().setVelocity(body, s->velocity + linear * dt);
        (void)w.physics().setAngularVelocity(body, s->angularVelocity + angular * dt);
    } else {
        if (lengthSquared(linear) > 0) (void)w.physics().applyImpulse(body, linear * dt);
        if (lengthSquared(angular) > 0) (void)w.physics().applyAngularImpulse(body, angular * dt);
    }
}

}  // namespace

void openMotionControllers(Runtime& rt, lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kMotionMethods);
    lua_pop(L, 1);
}

void bindMotionControllers(Runtime& rt) {
    Runtime* r = &rt;
    rt.world().hooks.physicsSimulate = [r](game::World& w, float dt) {
        lua_State* L = r->state();
        w.forEach([&](game::Entity& e) {
            if (e.markedForDeletion || !e.motionController) return;
            std::erase_if(e.motionControlled, [&](physics::BodyId b) { return !w.physics().valid(b); });
            const EntityHandle h = e.handle;
            const std::vector<physics::BodyId> bodies = e.motionControlled;  // the method may change the list
            for (physics::BodyId b : bodies) {
                const int base = lua_gettop(L);
                if (!pushEntityMethod(*r, L, e, "PhysicsSimulate")) {
                    lua_settop(L, base);
                    break;
                }
                pushPhysObj(L, h, b);
                lua_pushnumber(L, dt);
                if (r->protectedCall(3, 3)) apply(*r, L, w, e.index, b, dt);
                lua_settop(L, base);
                if (e.markedForDeletion) break;
            }
        });
    };
}

}  // namespace vestige::source::glua
