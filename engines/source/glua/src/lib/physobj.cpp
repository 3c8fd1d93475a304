// PhysObj, physenv and the Entity physics methods (wiki.facepunch.com/gmod/PhysObj, physenv, Entity:PhysicsInit*)
// over the entity world's physics (game::World::physics()); ENT:PhysicsCollide after the world's physics step.
//
// A PhysObj userdata is {owning entity handle, body}: it is valid while both live (Remove destroys the bodies at
// once, as UpdateOnRemove does); any other use of an invalid one raises GMod's "Tried to use a NULL physics
// object!". Every number is checked: NaN or infinity is a Lua error and never reaches the physics world.
// Units are the wiki's: inches, kilograms, seconds; angular velocities in degrees per second about the object's
// local axes (GetAngleVelocity / SetAngleVelocity / AddAngleVelocity).
#include "physobj.hpp"

#include <algorithm>
#include <cmath>
#include <new>
#include <string_view>
#include <vector>

#include "entity_binding.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

constexpr int kTypePhysObj = 12;                 // TYPE_PHYSOBJ
constexpr const char* kPhysMetaKey = "PhysObj";  // luaL_newmetatable's registry name
constexpr const char* kNullPhys = "Tried to use a NULL physics object!";
constexpr float kDegPerRad = 57.29577951308232f;
constexpr int kSolidNone = 0;                          // SOLID_NONE
constexpr float kMinMass = 0.1f, kMaxMass = 50000.0f;  // PhysObj:SetMass's range (wiki)

struct PhysBox {
    EntityHandle owner;
    physics::BodyId body;
};

game::World& worldOf(lua_State* L) { return entityTable(rtOf(L)).world(); }

const void* physMeta(lua_State* L) {
    lua_getfield(L, LUA_REGISTRYINDEX, kPhysMetaKey);
    const void* m = lua_topointer(L, -1);
    lua_pop(L, 1);
    return m;
}

void pushPhys(lua_State* L, EntityHandle owner, physics::BodyId body) {
    auto* b = static_cast<PhysBox*>(lua_newuserdata(L, sizeof(PhysBox)));
    new (b) PhysBox{owner, body};
    luaL_getmetatable(L, kPhysMetaKey);
    lua_setmetatable(L, -2);
}

PhysBox* testPhys(lua_State* L, int idx) {
    return static_cast<PhysBox*>(testPayload(L, idx, sizeof(PhysBox), physMeta(L), nullptr, Meta::Pop));
}

bool physValid(lua_State* L, const PhysBox* b) {
    if (!b) return false;
    game::World& w = worldOf(L);
    const GameEntity* e = w.get(b->owner);
    return e && !e->markedForDeletion && w.physics().valid(b->body);
}

struct Phys {
    game::World& w;
    GameEntity& e;
    physics::BodyId body;
};
Phys checkPhys(lua_State* L, int idx = 1) {
    PhysBox* b = testPhys(L, idx);
    if (!b) luaL_typerror(L, idx, "PhysObj");
    if (!physValid(L, b)) luaL_error(L, kNullPhys);
    game::World& w = worldOf(L);
    return {w, *w.get(b->owner), b->body};
}

float checkFinite(lua_State* L, int idx) {
    const lua_Number n = luaL_checknumber(L, idx);
    if (!std::isfinite(n)) luaL_argerror(L, idx, "finite number expected");
    return static_cast<float>(n);
}
Vec3 checkFiniteVec(lua_State* L, int idx, bool angle = false) {
    const Vec3 v = checkVec3(L, rtOf(L), idx, angle);
    if (!isFinite(v)) luaL_argerror(L, idx, angle ? "finite Angle expected" : "finite Vector expected");
    return v;
}
// A refused call of the physics world (it checks too) becomes a Lua error, never a silent no-op.
void check(lua_State* L, const Status& s) {
    if (!s) luaL_error(L, "%s", s.error().render().c_str());
}

physics::BodyState stateOf(lua_State* L, const Phys& p) {
    auto s = p.w.physics().state(p.body);
    if (!s) luaL_error(L, kNullPhys);
    return *s;
}
physics::BodyDesc descOf(lua_State* L, const Phys& p) {
    auto d = p.w.physics().desc(p.body);
    if (!d) luaL_error(L, kNullPhys);
    return *d;
}
physics::ShapeInfo shapeOf(lua_State* L, const Phys& p) {
    auto s = p.w.physics().shapeInfo(descOf(L, p).shape);
    if (!s) luaL_error(L, kNullPhys);
    return *s;
}
void pushV(lua_State* L, Vec3 v) { pushVector(rtOf(L), L, v); }

// ---- PhysObj ----
int pIsValid(lua_State* L) {
    lua_pushboolean(L, physValid(L, testPhys(L, 1)));
    return 1;
}
int pToString(lua_State* L) {
    PhysBox* b = testPhys(L, 1);
    if (physValid(L, b))
        lua_pushfstring(L, "PhysObject [%d]", static_cast<int>(b->body.slot));
    else
        lua_pushstring(L, "[NULL PhysObject]");
    return 1;
}
int pEq(lua_State* L) {
    PhysBox* a = testPhys(L, 1);
    PhysBox* b = testPhys(L, 2);
    lua_pushboolean(L, a && b && a->body == b->body && a->owner == b->owner);
    return 1;
}
int pGetEntity(lua_State* L) {
    const Phys p = checkPhys(L);
    pushEntity(rtOf(L), L, p.e.index);
    return 1;
}
int pGetMass(lua_State* L) {
    lua_pushnumber(L, descOf(L, checkPhys(L)).mass);
    return 1;
}
int pSetMass(lua_State* L) {
    const Phys p = checkPhys(L);
    const float m = checkFinite(L, 2);
    check(L, p.w.physics().setMass(p.body, std::fmin(std::fmax(m, kMinMass), kMaxMass)));
    return 0;
}
int pGetVelocity(lua_State* L) {
    pushV(L, stateOf(L, checkPhys(L)).velocity);
    return 1;
}
int pSetVelocity(lua_State* L) {
    const Phys p = checkPhys(L);
    check(L, p.w.physics().setVelocity(p.body, checkFiniteVec(L, 2)));
    return 0;
}
int pAddVelocity(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 add = checkFiniteVec(L, 2);
    check(L, p.w.physics().setVelocity(p.body, stateOf(L, p).velocity + add));
    return 0;
}
// Local degrees per second <-> world radians per second.
int pGetAngleVelocity(lua_State* L) {
    const physics::BodyState s = stateOf(L, checkPhys(L));
    pushV(L, rotate(s.rotation.conjugate(), s.angularVelocity) * kDegPerRad);
    return 1;
}
void setLocalAngular(lua_State* L, const Phys& p, Vec3 localDegrees) {
    const physics::BodyState s = stateOf(L, p);
    check(L, p.w.physics().setAngularVelocity(p.body, rotate(s.rotation, localDegrees / kDegPerRad)));
}
int pSetAngleVelocity(lua_State* L) {
    const Phys p = checkPhys(L);
    setLocalAngular(L, p, checkFiniteVec(L, 2));
    return 0;
}
int pAddAngleVelocity(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 add = checkFiniteVec(L, 2);
    const physics::BodyState s = stateOf(L, p);
    setLocalAngular(L, p, rotate(s.rotation.conjugate(), s.angularVelocity) * kDegPerRad + add);
    return 0;
}
int pGetPos(lua_State* L) {
    pushV(L, stateOf(L, checkPhys(L)).position);
    return 1;
}
int pSetPos(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 pos = checkFiniteVec(L, 2);
    check(L, p.w.physics().setTransform(p.body, pos, stateOf(L, p).rotation));
    return 0;
}
int pGetAngles(lua_State* L) {
    pushAngle(rtOf(L), L, game::quatToAngles(stateOf(L, checkPhys(L)).rotation));
    return 1;
}
int pSetAngles(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 a = checkFiniteVec(L, 2, true);
    check(L, p.w.physics().setTransform(p.body, stateOf(L, p).position, game::anglesToQuat(a)));
    return 0;
}
// ApplyForceCenter / ApplyForceOffset: impulses in kg*in/s (vphysics applies them as impulses; wiki).
int pApplyForceCenter(lua_State* L) {
    const Phys p = checkPhys(L);
    check(L, p.w.physics().applyImpulse(p.body, checkFiniteVec(L, 2)));
    return 0;
}
int pApplyForceOffset(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 impulse = checkFiniteVec(L, 2);
    check(L, p.w.physics().applyImpulseAt(p.body, impulse, checkFiniteVec(L, 3)));
    return 0;
}
// ApplyTorqueCenter: a world-space angular impulse, read as vphysics' ConvertAngularImpulseToIVP does (degrees to
// radians; IVP's inertia is in kg*m^2), handed over in kg*in^2/s.
int pApplyTorqueCenter(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 t = checkFiniteVec(L, 2);
    constexpr float kM2ToIn2 = 1.0f / (physics::kMetersPerInch * physics::kMetersPerInch);
    check(L, p.w.physics().applyAngularImpulse(p.body, t / kDegPerRad * kM2ToIn2));
    return 0;
}
int pWake(lua_State* L) {
    const Phys p = checkPhys(L);
    check(L, p.w.physics().wake(p.body));
    return 0;
}
int pSleep(lua_State* L) {
    const Phys p = checkPhys(L);
    check(L, p.w.physics().sleep(p.body));
    return 0;
}
int pIsAsleep(lua_State* L) {
    lua_pushboolean(L, stateOf(L, checkPhys(L)).asleep);
    return 1;
}

#define VESTIGE_PHYS_SWITCH(Enable, Is, setter, field)               \
    int Enable(lua_State* L) {                                       \
        const Phys p = checkPhys(L);                                 \
        check(L, p.w.physics().setter(p.body, lua_toboolean(L, 2))); \
        return 0;                                                    \
    }                                                                \
    int Is(lua_State* L) {                                           \
        lua_pushboolean(L, descOf(L, checkPhys(L)).field);           \
        return 1;                                                    \
    }
VESTIGE_PHYS_SWITCH(pEnableMotion, pIsMotionEnabled, enableMotion, motionEnabled)
VESTIGE_PHYS_SWITCH(pEnableGravity, pIsGravityEnabled, enableGravity, gravityEnabled)
VESTIGE_PHYS_SWITCH(pEnableCollisions, pIsCollisionEnabled, enableCollisions, collisionsEnabled)
VESTIGE_PHYS_SWITCH(pEnableDrag, pIsDragEnabled, enableDrag, dragEnabled)
#undef VESTIGE_PHYS_SWITCH

int pGetMaterial(lua_State* L) {
    lua_pushstring(L, descOf(L, checkPhys(L)).material.c_str());
    return 1;
}
int pSetMaterial(lua_State* L) {
    const Phys p = checkPhys(L);
    check(L, p.w.physics().setMaterial(p.body, luaL_checkstring(L, 2)));
    return 0;
}
int pGetDamping(lua_State* L) {
    const physics::BodyDesc d = descOf(L, checkPhys(L));
    lua_pushnumber(L, d.damping);
    lua_pushnumber(L, d.rotDamping);
    return 2;
}
int pSetDamping(lua_State* L) {
    const Phys p = checkPhys(L);
    const float linear = checkFinite(L, 2), angular = checkFinite(L, 3);
    check(L, p.w.physics().setDamping(p.body, linear, angular));
    return 0;
}
int pGetAABB(lua_State* L) {
    const physics::ShapeInfo s = shapeOf(L, checkPhys(L));
    pushV(L, s.mins);
    pushV(L, s.maxs);
    return 2;
}
// PhysObj:GetMesh / GetMeshConvexes: MeshVertex tables ({pos = Vector}, 3 per triangle, the object's frame); nil
// for a sphere (wiki).
void pushTriangles(lua_State* L, const std::vector<Vec3>& vertices) {
    lua_createtable(L, static_cast<int>(vertices.size()), 0);
    for (std::size_t i = 0; i < vertices.size(); ++i) {
        lua_createtable(L, 0, 1);
        pushV(L, vertices[i]);
        lua_setfield(L, -2, "pos");
        lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
}
std::vector<std::vector<Vec3>> trianglesOf(lua_State* L, const Phys& p) {
    auto t = p.w.physics().shapeTriangles(descOf(L, p).shape);
    if (!t) luaL_error(L, kNullPhys);
    return std::move(*t);
}
int pGetMesh(lua_State* L) {
    const auto pieces = trianglesOf(L, checkPhys(L));
    if (pieces.empty()) return lua_pushnil(L), 1;
    std::vector<Vec3> all;
    for (const auto& piece : pieces) all.insert(all.end(), piece.begin(), piece.end());
    pushTriangles(L, all);
    return 1;
}
int pGetMeshConvexes(lua_State* L) {
    const auto pieces = trianglesOf(L, checkPhys(L));
    if (pieces.empty()) return lua_pushnil(L), 1;
    lua_createtable(L, static_cast<int>(pieces.size()), 0);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        pushTriangles(L, pieces[i]);
        lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
    return 1;
}
int pGetMassCenter(lua_State* L) {
    pushV(L, shapeOf(L, checkPhys(L)).massCenter);
    return 1;
}
// vphysics hands out IVP's core inertia unscaled: kg*m^2 (the rotational inertia diagonal, Source axes).
int pGetInertia(lua_State* L) {
    const Phys p = checkPhys(L);
    const physics::BodyDesc d = descOf(L, p);
    pushV(L, shapeOf(L, p).inertiaPerMass * (d.mass * d.inertiaScale));
    return 1;
}
int pGetVolume(lua_State* L) {
    lua_pushnumber(L, shapeOf(L, checkPhys(L)).volume);
    return 1;
}
int pLocalToWorld(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 v = checkFiniteVec(L, 2);
    const physics::BodyState s = stateOf(L, p);
    pushV(L, s.position + rotate(s.rotation, v));
    return 1;
}
int pWorldToLocal(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 v = checkFiniteVec(L, 2);
    const physics::BodyState s = stateOf(L, p);
    pushV(L, rotate(s.rotation.conjugate(), v - s.position));
    return 1;
}
int pLocalToWorldVector(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 v = checkFiniteVec(L, 2);
    pushV(L, rotate(stateOf(L, p).rotation, v));
    return 1;
}
int pWorldToLocalVector(lua_State* L) {
    const Phys p = checkPhys(L);
    const Vec3 v = checkFiniteVec(L, 2);
    pushV(L, rotate(stateOf(L, p).rotation.conjugate(), v));
    return 1;
}

const luaL_Reg kPhysMethods[] = {{"__tostring", pToString},
                                 {"__eq", pEq},
                                 {"IsValid", pIsValid},
                                 {"GetEntity", pGetEntity},
                                 {"GetMass", pGetMass},
                                 {"SetMass", pSetMass},
                                 {"GetVelocity", pGetVelocity},
                                 {"SetVelocity", pSetVelocity},
                                 {"AddVelocity", pAddVelocity},
                                 {"GetAngleVelocity", pGetAngleVelocity},
                                 {"SetAngleVelocity", pSetAngleVelocity},
                                 {"AddAngleVelocity", pAddAngleVelocity},
                                 {"GetPos", pGetPos},
                                 {"SetPos", pSetPos},
                                 {"GetAngles", pGetAngles},
                                 {"SetAngles", pSetAngles},
                                 {"ApplyForceCenter", pApplyForceCenter},
                                 {"ApplyForceOffset", pApplyForceOffset},
                                 {"ApplyTorqueCenter", pApplyTorqueCenter},
                                 {"Wake", pWake},
                                 {"Sleep", pSleep},
                                 {"IsAsleep", pIsAsleep},
                                 {"EnableMotion", pEnableMotion},
                                 {"IsMotionEnabled", pIsMotionEnabled},
                                 {"EnableGravity", pEnableGravity},
                                 {"IsGravityEnabled", pIsGravityEnabled},
                                 {"EnableCollisions", pEnableCollisions},
                                 {"IsCollisionEnabled", pIsCollisionEnabled},
                                 {"EnableDrag", pEnableDrag},
                                 {"IsDragEnabled", pIsDragEnabled},
                                 {"GetMaterial", pGetMaterial},
                                 {"SetMaterial", pSetMaterial},
                                 {"GetDamping", pGetDamping},
                                 {"SetDamping", pSetDamping},
                                 {"GetAABB", pGetAABB},
                                 {"GetMassCenter", pGetMassCenter},
                                 {"GetInertia", pGetInertia},
                                 {"GetVolume", pGetVolume},
                                 {"LocalToWorld", pLocalToWorld},
                                 {"GetMesh", pGetMesh},
                                 {"GetMeshConvexes", pGetMeshConvexes},
                                 {"WorldToLocal", pWorldToLocal},
                                 {"LocalToWorldVector", pLocalToWorldVector},
                                 {"WorldToLocalVector", pWorldToLocalVector},
                                 {nullptr, nullptr}};

// ---- Entity ----
float densityOf(game::World& w, const std::string& material) {
    return w.physics().surfaceProps().get(material).density;
}
constexpr float kCubicMetersPerCubicInch = physics::kMetersPerInch * physics::kMetersPerInch * physics::kMetersPerInch;

// A body of `shape` for the entity, vphysics' automatic mass (volume times the material's density, at least 1 kg
// for shapes without volume); true when made.
int initWithShape(lua_State* L, GameEntity& e, Result<physics::ShapeId> shape, const char* material) {
    game::World& w = worldOf(L);
    if (!shape) {
        warn(rtOf(L), shape.error().render());
        lua_pushboolean(L, 0);
        return 1;
    }
    physics::BodyDesc desc;
    desc.shape = *shape;
    desc.material = material;
    const auto info = w.physics().shapeInfo(*shape);
    desc.mass = info ? std::fmax(info->volume * kCubicMetersPerCubicInch * densityOf(w, desc.material), 1.0f) : 1.0f;
    auto body = w.physicsInitShape(e, desc);
    if (!body) warn(rtOf(L), body.error().render());
    lua_pushboolean(L, body.ok());
    return 1;
}
const char* optMaterial(lua_State* L, int idx) { return luaL_optstring(L, idx, "default"); }

// Entity:PhysicsInit(solid): SOLID_NONE destroys; anything else builds from the model (VPhysicsInitNormal).
int ePhysicsInit(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const int solid = static_cast<int>(checkFinite(L, 2));
    game::World& w = worldOf(L);
    if (solid == kSolidNone) {
        w.physicsDestroy(*e);
        e->solid = game::Solid::None;
        lua_pushboolean(L, 0);
        return 1;
    }
    auto body = w.physicsInitModel(*e);
    if (!body) warn(rtOf(L), body.error().render());
    lua_pushboolean(L, body.ok());
    return 1;
}
int ePhysicsInitBox(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const Vec3 mins = checkFiniteVec(L, 2), maxs = checkFiniteVec(L, 3);
    return initWithShape(L, *e, worldOf(L).physics().createBox(mins, maxs), optMaterial(L, 4));
}
int ePhysicsInitSphere(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const float r = checkFinite(L, 2);
    return initWithShape(L, *e, worldOf(L).physics().createSphere(r), optMaterial(L, 3));
}
// A Lua array of Vectors (every value checked).
std::vector<Vec3> checkPoints(lua_State* L, int idx) {
    luaL_checktype(L, idx, LUA_TTABLE);
    std::vector<Vec3> out;
    const int n = static_cast<int>(lua_objlen(L, idx));
    out.reserve(static_cast<std::size_t>(n));
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, idx, i);
        Vec3 v;
        const bool ok = toVector(rtOf(L), L, -1, &v);
        lua_pop(L, 1);
        if (!ok || !isFinite(v)) luaL_argerror(L, idx, "a table of finite Vectors expected");
        out.push_back(v);
    }
    return out;
}
int ePhysicsInitConvex(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const std::vector<Vec3> points = checkPoints(L, 2);
    return initWithShape(L, *e, worldOf(L).physics().createConvex(points), optMaterial(L, 3));
}
int ePhysicsInitMultiConvex(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    std::vector<std::vector<Vec3>> pieces;
    const int n = static_cast<int>(lua_objlen(L, 2));
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, 2, i);
        pieces.push_back(checkPoints(L, lua_gettop(L)));
        lua_pop(L, 1);
    }
    return initWithShape(L, *e, worldOf(L).physics().createMultiConvex(pieces), optMaterial(L, 3));
}
// PhysicsFromMesh(vertices): a triangle soup of MeshVertex tables ({pos = Vector}), 3 per triangle.
int ePhysicsFromMesh(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    std::vector<Vec3> points;
    const int n = static_cast<int>(lua_objlen(L, 2));
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, 2, i);
        Vec3 v;
        bool ok = false;
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "pos");
            ok = toVector(rtOf(L), L, -1, &v) && isFinite(v);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (!ok) luaL_argerror(L, 2, "a table of vertices with finite 'pos' Vectors expected");
        points.push_back(v);
    }
    return initWithShape(L, *e, worldOf(L).physics().createMesh(points), optMaterial(L, 3));
}
int ePhysicsDestroy(lua_State* L) {
    worldOf(L).physicsDestroy(*checkEnt(L, 1));
    return 0;
}
void pushEntityPhys(lua_State* L, const GameEntity& e, std::size_t n) {
    if (n < e.physicsObjects.size())
        pushPhys(L, e.handle, e.physicsObjects[n]);
    else
        pushPhys(L, {}, {});  // a NULL PhysObj (IsValid false), as GMod returns for an entity without physics
}
int eGetPhysicsObject(lua_State* L) {
    pushEntityPhys(L, *checkEnt(L, 1), 0);
    return 1;
}
int eGetPhysicsObjectNum(lua_State* L) {
    const GameEntity* e = checkEnt(L, 1);
    const float n = checkFinite(L, 2);
    pushEntityPhys(L, *e, n >= 0 ? static_cast<std::size_t>(n) : e->physicsObjects.size());
    return 1;
}
int eGetPhysicsObjectCount(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(checkEnt(L, 1)->physicsObjects.size()));
    return 1;
}
// Entity:AddCallback / RemoveCallback / GetCallbacks, for "PhysicsCollide" (the one callback the physics world
// raises): registry[kCallbacksKey][index] = {serial = <the entity's generation>, [id] = fn, ...}; a table left by a
// freed slot's previous entity is dropped on first use. Other callback names are refused with an error (not
// implemented), never stored as if they would run.
constexpr const char* kCallbacksKey = "vestige.physics_callbacks";
constexpr const char* kCollideCallback = "PhysicsCollide";

// Pushes the entity's callback table (created when `create`); false (nothing pushed) without one.
bool pushCallbacks(lua_State* L, const GameEntity& e, bool create) {
    lua_getfield(L, LUA_REGISTRYINDEX, kCallbacksKey);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        if (!create) return false;
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, kCallbacksKey);
    }
    lua_rawgeti(L, -1, e.index);
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "serial");
        const bool same = lua_tonumber(L, -1) == static_cast<lua_Number>(e.handle.generation);
        lua_pop(L, 1);
        if (same) {
            lua_remove(L, -2);
            return true;
        }
    }
    lua_pop(L, 1);
    if (!create) {
        lua_pushnil(L);
        lua_rawseti(L, -2, e.index);
        lua_pop(L, 1);
        return false;
    }
    lua_newtable(L);
    lua_pushnumber(L, static_cast<lua_Number>(e.handle.generation));
    lua_setfield(L, -2, "serial");
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, e.index);
    lua_remove(L, -2);
    return true;
}
void checkCallbackName(lua_State* L, int idx) {
    const char* name = luaL_checkstring(L, idx);
    if (std::string_view(name) != kCollideCallback)
        luaL_error(L, "Entity callback '%s' is not implemented (only PhysicsCollide)", name);
}
int eAddCallback(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    checkCallbackName(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    pushCallbacks(L, *e, true);
    int id = 1;
    while (true) {
        lua_rawgeti(L, -1, id);
        const bool used = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (!used) break;
        ++id;
    }
    lua_pushvalue(L, 3);
    lua_rawseti(L, -2, id);
    lua_pop(L, 1);
    lua_pushinteger(L, id);
    return 1;
}
int eRemoveCallback(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    checkCallbackName(L, 2);
    const int id = static_cast<int>(checkFinite(L, 3));
    if (pushCallbacks(L, *e, false)) {
        lua_pushnil(L);
        lua_rawseti(L, -2, id);
        lua_pop(L, 1);
    }
    return 0;
}
// GetCallbacks(name): {[id] = fn} (a copy).
int eGetCallbacks(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    checkCallbackName(L, 2);
    lua_newtable(L);
    if (!pushCallbacks(L, *e, false)) return 1;
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
        if (lua_type(L, -2) == LUA_TNUMBER) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, -5);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return 1;
}

const luaL_Reg kEntityPhysics[] = {{"PhysicsInit", ePhysicsInit},
                                   {"AddCallback", eAddCallback},
                                   {"RemoveCallback", eRemoveCallback},
                                   {"GetCallbacks", eGetCallbacks},
                                   {"PhysicsInitBox", ePhysicsInitBox},
                                   {"PhysicsInitSphere", ePhysicsInitSphere},
                                   {"PhysicsInitConvex", ePhysicsInitConvex},
                                   {"PhysicsInitMultiConvex", ePhysicsInitMultiConvex},
                                   {"PhysicsFromMesh", ePhysicsFromMesh},
                                   {"PhysicsDestroy", ePhysicsDestroy},
                                   {"GetPhysicsObject", eGetPhysicsObject},
                                   {"GetPhysicsObjectNum", eGetPhysicsObjectNum},
                                   {"GetPhysicsObjectCount", eGetPhysicsObjectCount},
                                   {nullptr, nullptr}};

// ---- physenv ----
int envSetGravity(lua_State* L) {
    check(L, worldOf(L).physics().setGravity(checkFiniteVec(L, 1)));
    return 0;
}
int envGetGravity(lua_State* L) {
    pushV(L, worldOf(L).physics().settings().gravity);
    return 1;
}
int envSetAirDensity(lua_State* L) {
    check(L, worldOf(L).physics().setAirDensity(checkFinite(L, 1)));
    return 0;
}
int envGetAirDensity(lua_State* L) {
    lua_pushnumber(L, worldOf(L).physics().settings().airDensity);
    return 1;
}
// PhysEnvPerformanceSettings (wiki structure): field name -> member.
struct PerfField {
    const char* name;
    float physics::PerformanceSettings::*f;
    int physics::PerformanceSettings::*i;
};
constexpr PerfField kPerf[] = {
    {"LookAheadTimeObjectsVsObject", &physics::PerformanceSettings::lookAheadTimeObjectsVsObject, nullptr},
    {"LookAheadTimeObjectsVsWorld", &physics::PerformanceSettings::lookAheadTimeObjectsVsWorld, nullptr},
    {"MaxAngularVelocity", &physics::PerformanceSettings::maxAngularVelocity, nullptr},
    {"MaxCollisionChecksPerTimestep", nullptr, &physics::PerformanceSettings::maxCollisionChecksPerTimestep},
    {"MaxCollisionsPerObjectPerTimestep", nullptr, &physics::PerformanceSettings::maxCollisionsPerObjectPerTimestep},
    {"MaxFrictionMass", &physics::PerformanceSettings::maxFrictionMass, nullptr},
    {"MaxVelocity", &physics::PerformanceSettings::maxVelocity, nullptr},
    {"MinFrictionMass", &physics::PerformanceSettings::minFrictionMass, nullptr},
};
int envSetPerformanceSettings(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    physics::PerformanceSettings s = worldOf(L).physics().settings().performance;
    for (const PerfField& f : kPerf) {
        lua_getfield(L, 1, f.name);
        if (!lua_isnil(L, -1)) {
            const float v = checkFinite(L, -1);
            if (f.f) s.*f.f = v;
            if (f.i) s.*f.i = static_cast<int>(v);
        }
        lua_pop(L, 1);
    }
    check(L, worldOf(L).physics().setPerformanceSettings(s));
    return 0;
}
int envGetPerformanceSettings(lua_State* L) {
    const physics::PerformanceSettings& s = worldOf(L).physics().settings().performance;
    lua_createtable(L, 0, 8);
    for (const PerfField& f : kPerf) {
        lua_pushnumber(L, f.f ? s.*f.f : static_cast<float>(s.*f.i));
        lua_setfield(L, -2, f.name);
    }
    return 1;
}
const luaL_Reg kPhysEnv[] = {{"SetGravity", envSetGravity},
                             {"GetGravity", envGetGravity},
                             {"SetAirDensity", envSetAirDensity},
                             {"GetAirDensity", envGetAirDensity},
                             {"SetPerformanceSettings", envSetPerformanceSettings},
                             {"GetPerformanceSettings", envGetPerformanceSettings},
                             {nullptr, nullptr}};

void setVecField(lua_State* L, const char* name, Vec3 v) {
    pushV(L, v);
    lua_setfield(L, -2, name);
}
void setNumField(lua_State* L, const char* name, double v) {
    lua_pushnumber(L, v);
    lua_setfield(L, -2, name);
}

}  // namespace

physics::BodyId checkPhysBody(lua_State* L, int idx) { return checkPhys(L, idx).body; }
void pushPhysObj(lua_State* L, EntityHandle owner, physics::BodyId body) { pushPhys(L, owner, body); }

void openPhysics(Runtime& rt, lua_State* L) {
    const void* identity = nullptr;
    const int ref = newMetatable(L, kPhysMetaKey, kPhysMethods, kTypePhysObj, &identity);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "__index");  // addons' methods added to FindMetaTable("PhysObj") are found too
    lua_pop(L, 1);
    luaL_unref(L, LUA_REGISTRYINDEX, ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kEntityPhysics);
    lua_pop(L, 1);
    lua_newtable(L);
    setFuncs(L, kPhysEnv);
    lua_setglobal(L, "physenv");
}

// ENT:PhysicsCollide(colData, collider) of scripted entities, after the world's physics step, with the wiki's
// CollisionData fields (angular velocities in degrees per second, world axes).
void bindPhysics(Runtime& rt) {
    Runtime* r = &rt;
    // Model files come through the session's game search path (the install, the addons) unless the embedder gave
    // the world its own lookup.
    if (!rt.world().options().gameFile)
        rt.world().options().gameFile = [r](std::string_view path) -> std::optional<Bytes> {
            auto found = findGameFile(*r, std::string(path));
            if (!found) return std::nullopt;
            const ByteView view = asBytes(found->data);
            return Bytes(view.begin(), view.end());
        };
    // The install's surface properties and the map's static props (GMod has both at startup); a table that does not
    // load is a warning.
    if (auto loaded = rt.world().loadGamePhysics(); !loaded) warn(rt, loaded.error().render());
    rt.world().hooks.physicsCollide = [r](game::World&, game::Entity& self, game::Entity* other,
                                          const physics::CollisionEvent& ev) {
        lua_State* L = r->state();
        const bool method = pushEntityMethod(*r, L, self, "PhysicsCollide");
        std::vector<int> ids;  // the entity's PhysicsCollide callbacks, in id order
        if (pushCallbacks(L, self, false)) {
            lua_pushnil(L);
            while (lua_next(L, -2) != 0) {
                if (lua_type(L, -2) == LUA_TNUMBER && lua_isfunction(L, -1))
                    ids.push_back(static_cast<int>(lua_tonumber(L, -2)));
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
            std::sort(ids.begin(), ids.end());  // registration order, never the table's hash order
        }
        if (!method && ids.empty()) return;
        if (!method) {  // placeholders for the method and its self, dropped below
            lua_pushnil(L);
            lua_pushnil(L);
        }
        lua_createtable(L, 0, 16);
        setVecField(L, "HitPos", ev.hitPos);
        setVecField(L, "HitNormal", ev.hitNormal);
        pushEntity(*r, L, other ? other->index : -1);
        lua_setfield(L, -2, "HitEntity");
        pushPhys(L, other ? other->handle : EntityHandle{}, ev.other);
        lua_setfield(L, -2, "HitObject");
        pushPhys(L, self.handle, ev.self);
        lua_setfield(L, -2, "PhysObject");
        setVecField(L, "OurOldVelocity", ev.ourOldVelocity);
        setVecField(L, "TheirOldVelocity", ev.theirOldVelocity);
        setVecField(L, "OurNewVelocity", ev.ourNewVelocity);
        setVecField(L, "TheirNewVelocity", ev.theirNewVelocity);
        setVecField(L, "OurOldAngularVelocity", ev.ourOldAngularVelocity * kDegPerRad);
        setVecField(L, "TheirOldAngularVelocity", ev.theirOldAngularVelocity * kDegPerRad);
        setVecField(L, "HitSpeed", ev.hitSpeed);
        setNumField(L, "Speed", ev.speed);
        setNumField(L, "DeltaTime", ev.deltaTime);
        setNumField(L, "OurSurfaceProps", ev.ourSurfaceProps);
        setNumField(L, "TheirSurfaceProps", ev.theirSurfaceProps);
        // Stack: [method, self] or [nil, nil], data. Each callback gets (entity, data), then the method (data, phys).
        const int data = lua_gettop(L);
        for (const int id : ids) {
            if (!pushCallbacks(L, self, false)) break;  // a callback removed the entity's callbacks
            lua_rawgeti(L, -1, id);
            lua_remove(L, -2);
            if (!lua_isfunction(L, -1)) {
                lua_pop(L, 1);
                continue;
            }
            pushEntity(*r, L, self.index);
            lua_pushvalue(L, data);
            (void)r->protectedCall(2, 0);
        }
        if (!method) {
            lua_pop(L, 3);
            return;
        }
        pushPhys(L, self.handle, ev.self);
        (void)r->protectedCall(3, 0);
    };
}

}  // namespace vestige::source::glua
