// The constraint entities that are not joints: phys_keepupright and phys_torque (server phys_controller.cpp),
// logic_collision_pair (logicentities.cpp), phys_constraintsystem (physconstraint.cpp) and keyframe_rope's state
// (rope.cpp; ropes are not drawn).
#include <algorithm>
#include <cmath>

#include "classes/constraint_base.hpp"

namespace vestige::source::game::classes {

namespace {

// ---- phys_keepupright (CKeepUpright) -----------------------------------------------------------------------------
// Turns the body's local up towards the entity's up at no more than angularlimit degrees/s (default 15) of
// correction per step; spawnflag 1 starts it off.
constexpr int kUprightStartInactive = 0x1;
enum UprightInput : std::size_t { kUprightTurnOn, kUprightTurnOff, kUprightSetLimit };
constexpr InputDef kUprightInputs[] = {
    {"TurnOn", Variant::Type::Void}, {"TurnOff", Variant::Type::Void}, {"SetAngularLimit", Variant::Type::Float}};

class KeepUpright final : public ConstraintClass {
public:
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (!iequals(key, "angularlimit")) return ConstraintClass::keyValue(w, e, key, value);
        mLimit = keyFloat(value);
        return true;
    }
    void spawn(World&, Entity& e) override {
        movement::angleVectors(e.angles, nullptr, nullptr, &mGoal);
        mActive = !e.hasSpawnFlag(kUprightStartInactive);
    }
    std::span<const InputDef> inputs() const override { return kUprightInputs; }
    void input(World& w, Entity& e, std::size_t which, const InputData& in) override {
        if (which == kUprightSetLimit && std::isfinite(in.value.number)) mLimit = in.value.number;
        if (which != kUprightSetLimit) mActive = which == kUprightTurnOn;
        if (mBody.isNull()) return;
        dropConstraint(w);
        if (mActive) upright(w, e);
    }

private:
    void connect(World& w, Entity& e) override {
        const Bodies b = bodies(w, e);
        mBody = b.a.isNull() ? b.b : b.a;
        if (mBody.isNull()) return refuse(w, e, "phys_keepupright has no physics object to hold");
        if (mActive) upright(w, e);
    }
    void upright(World& w, Entity& e) {
        physics::ConstraintDesc d;
        d.type = physics::ConstraintType::KeepUpright;
        d.a = mBody;
        d.uprightAxis = mGoal;
        d.angularLimit = degToRad(std::max(mLimit, 0.0f));
        makeConstraint(w, e, d);
    }
    Vec3 mGoal{0, 0, 1};
    float mLimit = 15;
    bool mActive = true;
    physics::BodyId mBody;
};

// ---- phys_torque (CPhysTorque) ------------------------------------------------------------------------------------
// An angular acceleration of `force` degrees/s^2 (scaled by the Scale input) about the axis from the origin towards
// the `axis` point, mass independent. The axis is taken into the body's frame when the force comes on, so it turns
// with the body (as a wheel's axle does); forcetime > 0 switches it off after that many seconds. Spawnflag 1 starts
// it on.
constexpr int kThrustStartActive = 0x1;
enum TorqueInput : std::size_t { kTorqueActivate, kTorqueDeactivate, kTorqueScale };
constexpr InputDef kTorqueInputs[] = {
    {"Activate", Variant::Type::Void}, {"Deactivate", Variant::Type::Void}, {"Scale", Variant::Type::Float}};

class Torque final : public ConstraintClass {
public:
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "axis"))
            mAxis = keyVector(value);
        else if (iequals(key, "force"))
            mForce = keyFloat(value);
        else if (iequals(key, "forcetime"))
            mForceTime = keyFloat(value);
        else
            return ConstraintClass::keyValue(w, e, key, value);
        return true;
    }
    void spawn(World&, Entity& e) override {
        const Vec3 d = mAxis - e.origin;  // CPhysTorque::Spawn: a point becomes a direction, snapped to an axis
        mAxis = lengthSquared(d) > 0 ? snapDirectionToAxis(normalize(d)) : Vec3{};
    }
    std::span<const InputDef> inputs() const override { return kTorqueInputs; }
    void input(World& w, Entity& e, std::size_t which, const InputData& in) override {
        // A forcetime that ran out while the motor idled (no think) switched it off then, as the SDK's ForceOff think.
        if (mOn && mOffTick >= 0 && static_cast<std::int64_t>(w.tick()) >= mOffTick) forceOff(w, e);
        if (which == kTorqueActivate) {
            forceOn(w, e);
        } else if (which == kTorqueDeactivate) {
            forceOff(w, e);
        } else if (std::isfinite(in.value.number)) {  // ScaleForce: on if it was not, then the new scale
            forceOn(w, e);
            mScale = in.value.number;
            if (mOn) w.setNextThink(e, std::max(w.curtime(), w.interval()));
            if (!mBody.isNull()) (void)w.physics().wake(mBody);
        }
    }
    void think(World& w, Entity& e) override {
        if (!mOn) return;
        if (mOffTick >= 0 && static_cast<std::int64_t>(w.tick()) >= mOffTick) return forceOff(w, e);
        const auto s = w.physics().state(mBody);
        if (!s) return forceOff(w, e);
        const float accel = degToRad(mForce * mScale);
        if (accel == 0) return;  // idle (GMod's motor at Scale 0): no think until the next Scale
        (void)w.physics().setAngularVelocity(
            mBody, s->angularVelocity + rotate(s->rotation, mLocalAxis) * (accel * w.interval()));
        w.setNextThink(e, w.curtime() + w.interval());
    }

private:
    void connect(World& w, Entity& e) override {
        const Bodies b = bodies(w, e);
        mBody = b.a.isNull() ? b.b : b.a;
        if (e.hasSpawnFlag(kThrustStartActive)) forceOn(w, e);
    }
    void forceOn(World& w, Entity& e) {
        if (mOn || mBody.isNull()) return;
        const auto s = w.physics().state(mBody);
        if (!s) return;
        mOn = true;
        mLocalAxis = rotate(s->rotation.conjugate(), mAxis);
        mOffTick = mForceTime > 0 ? static_cast<std::int64_t>(w.tick()) + w.timeToTicks(mForceTime) : -1;
        (void)w.physics().wake(mBody);
        w.setNextThink(e, std::max(w.curtime(), w.interval()));  // this tick's think if still to come (never tick 0)
    }
    void forceOff(World& w, Entity& e) {
        if (!mOn) return;
        mOn = false;
        w.stopThink(e);
        if (!mBody.isNull()) (void)w.physics().wake(mBody);
    }
    Vec3 mAxis, mLocalAxis;
    float mForce = 0, mForceTime = 0, mScale = 1;
    bool mOn = false;
    std::int64_t mOffTick = -1;
    physics::BodyId mBody;
};

// ---- logic_collision_pair (CLogicCollisionPair) ---------------------------------------------------------------
// Two bodies that stop colliding with each other (PhysDisableEntityCollisions) until EnableCollisions; the rule
// outlives the entity unless GMod's disable_on_remove key asks for it to be undone on removal.
enum PairInput : std::size_t { kPairDisable, kPairEnable };
constexpr InputDef kPairInputs[] = {{"DisableCollisions", Variant::Type::Void},
                                    {"EnableCollisions", Variant::Type::Void}};

class CollisionPair final : public ConstraintClass {
public:
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "startdisabled"))
            mDisabled = keyBool(value);
        else if (iequals(key, "disable_on_remove"))
            mUndoOnRemove = keyBool(value);
        else
            return ConstraintClass::keyValue(w, e, key, value);
        return true;
    }
    std::span<const InputDef> inputs() const override { return kPairInputs; }
    void input(World& w, Entity& e, std::size_t which, const InputData&) override {
        const bool disable = which == kPairDisable;
        if (mSucceeded && mDisabled == disable) return;
        enableCollisions(w, e, !disable);
    }
    void onRemove(World& w, Entity& e) override {
        if (mUndoOnRemove && mSucceeded && mDisabled) enableCollisions(w, e, true);
    }

private:
    void connect(World& w, Entity& e) override {
        if (mDisabled) enableCollisions(w, e, false);
    }
    void enableCollisions(World& w, Entity& e, bool enable) {
        Bodies b = bodies(w, e);
        if (b.a.isNull()) b.a = w.worldBody();
        if (b.b.isNull()) b.b = w.worldBody();
        mSucceeded = !b.a.isNull() && !b.b.isNull() && b.a != b.b;  // two different objects, or nothing happens
        if (!mSucceeded) return;
        mDisabled = !enable;
        (void)w.physics().setPairCollision(b.a, b.b, enable);
    }
    bool mDisabled = false, mSucceeded = false, mUndoOnRemove = false;
};

// ---- phys_constraintsystem -----------------------------------------------------------------------------------
// The group constraints join (their constraintsystem key, or SetPhysConstraintSystem): its additionaliterations
// are read by each constraint as it is made (ConstraintClass::makeConstraint).
class ConstraintSystem final : public EntityClass {};

// ---- keyframe_rope / move_rope --------------------------------------------------------------------------------
// The rope's keys are kept as read (Length, Width, ...; the end entities through Entity:SetEntity); nothing draws
// ropes yet. GMod's winch sets the length through SetLength about 100 times a second, so that one is a member, not
// another appended key.
constexpr InputDef kRopeInputs[] = {{"SetLength", Variant::Type::Float}};
class Rope final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (!iequals(key, "Length")) return false;
        mLength = keyFloat(value);
        return true;
    }
    std::span<const InputDef> inputs() const override { return kRopeInputs; }
    void input(World&, Entity&, std::size_t, const InputData& in) override {
        if (std::isfinite(in.value.number)) mLength = std::max(in.value.number, 0.0f);
    }

private:
    float mLength = 0;
};

}  // namespace

void registerControllers(ClassRegistry& r) {
    r.add("phys_keepupright", [] { return std::make_unique<KeepUpright>(); });
    r.add("phys_torque", [] { return std::make_unique<Torque>(); });
    r.add("logic_collision_pair", [] { return std::make_unique<CollisionPair>(); });
    r.add("phys_constraintsystem", [] { return std::make_unique<ConstraintSystem>(); });
    for (const char* name : {"keyframe_rope", "move_rope"}) r.add(name, [] { return std::make_unique<Rope>(); });
}

}  // namespace vestige::source::game::classes

// ---- the public face (constraints.hpp) --------------------------------------------------------------------------

namespace vestige::source::game {

using classes::ConstraintClass;

bool setConstraintObjects(Entity& e, physics::BodyId a, physics::BodyId b) {
    auto* c = dynamic_cast<ConstraintClass*>(e.behaviour.get());
    if (!c) return false;
    c->setObjects(a, b);
    return true;
}

physics::ConstraintId constraintOf(const Entity& e) {
    const auto* c = dynamic_cast<const ConstraintClass*>(e.behaviour.get());
    return c ? c->constraint() : physics::ConstraintId{};
}

bool isConstraintClass(const Entity& e) { return dynamic_cast<const ConstraintClass*>(e.behaviour.get()) != nullptr; }

}  // namespace vestige::source::game
