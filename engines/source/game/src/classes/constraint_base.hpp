#pragma once
// What every constraint entity shares (CPhysConstraint and the SDK's controllers): the attach1 / attach2 names or
// the bodies Entity:SetPhysConstraintObjects gave, the constraint system, the break limits, and one physics
// constraint made at Activate and removed with the entity.
#include <optional>

#include "classes/common.hpp"
#include "vestige/source/game/constraints.hpp"

namespace vestige::source::game::classes {

// physconstraint.cpp SF_CONSTRAINT_*.
constexpr int kConstraintNoCollide = 0x1, kConstraintStartInactive = 0x4, kConstraintNoConnectUntilActivated = 0x10;

class ConstraintClass : public EntityClass {
public:
    void setObjects(physics::BodyId a, physics::BodyId b) { mObjects = {a, b}; }
    [[nodiscard]] physics::ConstraintId constraint() const { return mConstraint; }

    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override;
    void activate(World& w, Entity& e) override;
    void onRemove(World& w, Entity& e) override;

protected:
    struct Bodies {
        physics::BodyId a, b;  // null = the world; a is SetPhysConstraintObjects' first / attach1
    };
    // The bodies to join: the ones given, else attach1 / attach2 (empty or unknown = the world, the latter warned).
    [[nodiscard]] Bodies bodies(World& w, const Entity& e) const;
    // Makes the physics constraint of `d` for the entity (its user id, system iterations, break limits); the
    // world's side goes to b. False (warned) when the physics world refuses it.
    bool makeConstraint(World& w, Entity& e, physics::ConstraintDesc d);
    void dropConstraint(World& w);
    // CPhysConstraint::GetBreakParams: forcelimit / torquelimit are pounds (lbs2kg), read as that mass's weight.
    void applyBreakLimits(const World& w, physics::ConstraintDesc& d) const;
    // The warning of a constraint that cannot be made; the entity removes itself as ActivateConstraint's failure does.
    void refuse(World& w, Entity& e, std::string message) const;
    // A point or vector of body `b`'s frame in world space (the body's own frame: PhysObj:LocalToWorld).
    [[nodiscard]] static Vec3 bodyToWorld(World& w, physics::BodyId b, Vec3 local);

    // The class's own part, at Activate (and TurnOn).
    virtual void connect(World& w, Entity& e) = 0;
    // Joints wait for TurnOn with SF_CONSTRAINT_START_INACTIVE / NO_CONNECT_UNTIL_ACTIVATED (controllers' spawnflags
    // mean other things).
    [[nodiscard]] virtual bool heldBack(const Entity&) const { return false; }

    std::optional<Bodies> mObjects;
    std::string mAttach[2], mSystemName;
    float mForceLimit = 0, mTorqueLimit = 0;
    physics::ConstraintId mConstraint;
    bool mConnected = false;
};

// UTIL_SnapDirectionToAxis: a direction within 0.002 of an axis becomes that axis.
[[nodiscard]] Vec3 snapDirectionToAxis(Vec3 direction);

void registerConstraints(ClassRegistry& r);
void registerControllers(ClassRegistry& r);

}  // namespace vestige::source::game::classes
