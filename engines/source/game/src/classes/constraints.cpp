// The joint entities (server physconstraint.cpp, physobj.cpp CPhysicsSpring) over the physics world's constraints:
// phys_constraint (weld), phys_ballsocket, phys_hinge, phys_slideconstraint, phys_lengthconstraint,
// phys_pulleyconstraint, phys_ragdollconstraint, phys_spring. Each is made at Activate (or by TurnOn when
// SF_CONSTRAINT_START_INACTIVE / NO_CONNECT_UNTIL_ACTIVATED held it back), from the bodies' places at that moment.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "classes/constraint_base.hpp"

namespace vestige::source::game::classes {

namespace {

constexpr float kKgPerPound = 0.45359237f;  // lbs2kg
constexpr float kSnapEpsilon = 0.002f;      // UTIL_SnapDirectionToAxis's default

}  // namespace

Vec3 snapDirectionToAxis(Vec3 d) {
    float* c[] = {&d.x, &d.y, &d.z};
    for (int i = 0; i < 3; ++i)
        if (std::abs(*c[i]) > 1 - kSnapEpsilon) {
            const float sign = *c[i] < 0 ? -1.0f : 1.0f;
            d = {};
            *c[i] = sign;
            return d;
        }
    return d;
}

// ---- ConstraintClass ------------------------------------------------------------------------------------------

bool ConstraintClass::keyValue(World&, Entity&, std::string_view key, std::string_view value) {
    if (iequals(key, "attach1"))
        mAttach[0] = std::string(value);
    else if (iequals(key, "attach2"))
        mAttach[1] = std::string(value);
    else if (iequals(key, "constraintsystem"))
        mSystemName = std::string(value);
    else if (iequals(key, "forcelimit"))
        mForceLimit = keyFloat(value);
    else if (iequals(key, "torquelimit"))
        mTorqueLimit = keyFloat(value);
    else
        return false;
    return true;
}

void ConstraintClass::activate(World& w, Entity& e) {
    if (mConnected || heldBack(e)) return;
    mConnected = true;
    connect(w, e);
}

void ConstraintClass::onRemove(World& w, Entity&) { dropConstraint(w); }

ConstraintClass::Bodies ConstraintClass::bodies(World& w, const Entity& e) const {
    auto asWorld = [&](physics::BodyId b) { return b == w.worldBody() ? physics::BodyId{} : b; };
    if (mObjects) return {asWorld(mObjects->a), asWorld(mObjects->b)};
    physics::BodyId found[2];
    for (int i = 0; i < 2; ++i) {
        if (mAttach[i].empty()) continue;
        for (EntityHandle h : w.findByName(mAttach[i], e.handle)) {
            const Entity* t = w.get(h);
            if (t && !t->physicsObjects.empty()) {
                found[i] = asWorld(t->physicsObjects[0]);
                break;
            }
        }
        if (found[i].isNull()) {
            // CPhysConstraint::GetConstraintObjects: "Bogus constraint", the world stands in.
            Error err("game.constraint_target", "no entity with a physics object has this name; the world stands in");
            err.field(i == 0 ? "attach1" : "attach2")
                .actual(mAttach[i])
                .in("entity", fmt::format("{} {}", e.className, e.index));
            w.warn(std::move(err));
        }
    }
    return {found[0], found[1]};
}

void ConstraintClass::applyBreakLimits(const World& w, physics::ConstraintDesc& d) const {
    const float g = length(w.physics().settings().gravity);
    d.forceLimit = std::max(mForceLimit, 0.0f) * kKgPerPound * g;
    d.torqueLimit = std::max(mTorqueLimit, 0.0f) * kKgPerPound * g;
}

void ConstraintClass::refuse(World& w, Entity& e, std::string message) const {
    Error err("game.constraint", std::move(message));
    err.in("entity", fmt::format("{} {}", e.className, e.index));
    w.warn(std::move(err));
    w.remove(e);
}

bool ConstraintClass::makeConstraint(World& w, Entity& e, physics::ConstraintDesc d) {
    // The body goes first: the physics world holds a body to the world through its `b` side.
    if (d.a.isNull() && !d.b.isNull()) {
        std::swap(d.a, d.b);
        std::swap(d.pointA, d.pointB);
        std::swap(d.wheelA, d.wheelB);
    }
    if (d.a.isNull()) {
        refuse(w, e, "the constraint joins the world to itself");
        return false;
    }
    d.userId = World::bodyUserId(e.handle);
    // The constraint system: SetPhysConstraintSystem's, else the one the constraintsystem key names.
    const Entity* system = w.get(w.constraintSystem);
    if (!system && !mSystemName.empty())
        for (EntityHandle h : w.findByName(mSystemName, e.handle))
            if (const Entity* s = w.get(h); s && iequals(s->className, "phys_constraintsystem")) {
                system = s;
                break;
            }
    if (system) d.extraIterations = std::clamp(keyInt(system->keyValue("additionaliterations")), 0, 1000);
    auto made = w.physics().createConstraint(d);
    if (!made) {
        Error err = made.error();
        err.in("entity", fmt::format("{} {}", e.className, e.index));
        w.warn(std::move(err));
        w.remove(e);
        return false;
    }
    mConstraint = *made;
    return true;
}

void ConstraintClass::dropConstraint(World& w) {
    if (!mConstraint.isNull() && w.physics().valid(mConstraint)) (void)w.physics().removeConstraint(mConstraint);
    mConstraint = {};
}

Vec3 ConstraintClass::bodyToWorld(World& w, physics::BodyId b, Vec3 local) {
    if (b.isNull()) return local;
    const auto s = w.physics().state(b);
    return s ? s->position + rotate(s->rotation, local) : local;
}

namespace {

constexpr std::string_view kJointOutputs[] = {"OnBreak"};
enum JointInput : std::size_t { kBreak, kConstraintBroken, kTurnOn, kTurnOff, kFirstClassInput };

// CPhysConstraint's inputs and OnBreak; subclasses append their own inputs after these.
class Joint : public ConstraintClass {
public:
    std::span<const std::string_view> outputs() const override { return kJointOutputs; }
    std::span<const InputDef> inputs() const override { return kInputs; }
    void input(World& w, Entity& e, std::size_t which, const InputData& in) override {
        switch (which) {
            case kBreak:
            case kConstraintBroken:
                // OnBreak: the joint stops, OnBreak fires, the entity goes (PhysCallbackRemove).
                dropConstraint(w);
                w.fireOutput(e, "OnBreak", e.handle);
                w.remove(e);
                break;
            case kTurnOn:
                if (!mConstraint.isNull() && w.physics().valid(mConstraint)) break;
                mConnected = true;
                connect(w, e);
                break;
            case kTurnOff:
                dropConstraint(w);
                break;
            default:
                classInput(w, e, which - kFirstClassInput, in);
                break;
        }
    }

protected:
    bool heldBack(const Entity& e) const override {
        return e.hasSpawnFlag(kConstraintNoConnectUntilActivated) || e.hasSpawnFlag(kConstraintStartInactive);
    }
    virtual void classInput(World&, Entity&, std::size_t, const InputData&) {}
    static constexpr InputDef kInputs[] = {{"Break", Variant::Type::Void},
                                           {"ConstraintBroken", Variant::Type::Void},
                                           {"TurnOn", Variant::Type::Void},
                                           {"TurnOff", Variant::Type::Void}};
    physics::ConstraintDesc base(World& w, const Entity& e, physics::ConstraintType type) const {
        const Bodies b = bodies(w, e);
        physics::ConstraintDesc d;
        d.type = type;
        d.a = b.a;
        d.b = b.b;
        d.pointA = d.pointB = e.origin;
        d.noCollide = e.hasSpawnFlag(kConstraintNoCollide);
        applyBreakLimits(w, d);
        return d;
    }
};

// phys_constraint (CPhysFixed): the bodies' relation at Activate.
class Weld final : public Joint {
    void connect(World& w, Entity& e) override { makeConstraint(w, e, base(w, e, physics::ConstraintType::Weld)); }
};

// phys_ballsocket: the entity's origin, held in both bodies; no torque limit (the SDK zeroes it).
class BallSocket final : public Joint {
    void connect(World& w, Entity& e) override {
        physics::ConstraintDesc d = base(w, e, physics::ConstraintType::BallSocket);
        d.torqueLimit = 0;
        makeConstraint(w, e, d);
    }
};

// phys_hinge: about the line from the origin towards the hingeaxis point; hingefriction * 1000 is the axis
// friction the SDK hands the physics (SetAxisFriction).
class Hinge final : public Joint {
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "hingeaxis"))
            mAxisPoint = keyVector(value);
        else if (iequals(key, "hingefriction"))
            mFriction = keyFloat(value);
        else
            return ConstraintClass::keyValue(w, e, key, value);
        return true;
    }
    void connect(World& w, Entity& e) override {
        physics::ConstraintDesc d = base(w, e, physics::ConstraintType::Axis);
        const Vec3 axis = mAxisPoint - e.origin;
        if (lengthSquared(axis) < 1e-12f) return refuse(w, e, "hingeaxis is the hinge's own origin");
        d.axis = snapDirectionToAxis(normalize(axis));
        d.friction = std::max(mFriction, 0.0f) * 1000.0f;
        makeConstraint(w, e, d);
    }
    Vec3 mAxisPoint;
    float mFriction = 0;
};

// phys_slideconstraint: translation along the line from the origin to the slideaxis point only.
class Slide final : public Joint {
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (!iequals(key, "slideaxis")) return ConstraintClass::keyValue(w, e, key, value);
        mAxisPoint = keyVector(value);
        return true;
    }
    void connect(World& w, Entity& e) override {
        physics::ConstraintDesc d = base(w, e, physics::ConstraintType::Slider);
        d.pointB = mAxisPoint;
        makeConstraint(w, e, d);
    }
    Vec3 mAxisPoint;
};

// phys_lengthconstraint (CPhysLength): the origin on the first body, attachpoint on the second, at most the
// distance between them plus addlength apart (GMod's "length" key, when given, replaces the distance); rigid
// (spawnflag 2) holds the length exactly.
constexpr int kLengthRigid = 0x2;
class Length final : public Joint {
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "attachpoint"))
            mAttachPoint = keyVector(value);
        else if (iequals(key, "addlength"))
            mAddLength = keyFloat(value);
        else if (iequals(key, "minlength"))
            mMinLength = keyFloat(value);
        else if (iequals(key, "length"))
            mLength = keyFloat(value);
        else
            return ConstraintClass::keyValue(w, e, key, value);
        return true;
    }
    void connect(World& w, Entity& e) override {
        physics::ConstraintDesc d = base(w, e, physics::ConstraintType::Rope);
        d.pointB = mAttachPoint;
        d.length = mLength > 0 ? mLength : length(mAttachPoint - e.origin);
        d.addLength = mAddLength;
        d.rigid = e.hasSpawnFlag(kLengthRigid);
        if (!d.rigid && mMinLength > 0) {
            Error err("game.constraint_unsupported", "minlength is not kept: the rope only stops stretching");
            err.field("minlength").actual(fmt::format("{}", mMinLength)).in("entity", std::to_string(e.index));
            w.warn(std::move(err));
        }
        makeConstraint(w, e, d);
    }
    Vec3 mAttachPoint;
    float mAddLength = 0, mMinLength = 0, mLength = 0;
};

// phys_pulleyconstraint (CPhysPulley): the wheels at the origin and position2; ObjOffset1/2 are the attachment
// points in each body's frame; total length = addlength + |A - wheel1| + gearratio |B - wheel2|.
constexpr int kPulleyRigid = 0x2;
class Pulley final : public Joint {
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "position2"))
            mWheel2 = keyVector(value);
        else if (iequals(key, "ObjOffset1"))
            mOffset[0] = keyVector(value);
        else if (iequals(key, "ObjOffset2"))
            mOffset[1] = keyVector(value);
        else if (iequals(key, "addlength"))
            mAddLength = keyFloat(value);
        else if (iequals(key, "gearratio"))
            mGearRatio = keyFloat(value);
        else
            return ConstraintClass::keyValue(w, e, key, value);
        return true;
    }
    void connect(World& w, Entity& e) override {
        physics::ConstraintDesc d = base(w, e, physics::ConstraintType::Pulley);
        d.wheelA = e.origin;
        d.wheelB = mWheel2;
        d.pointA = bodyToWorld(w, d.a, mOffset[0]);
        d.pointB = bodyToWorld(w, d.b, mOffset[1]);
        d.pulleyRatio = mGearRatio != 0 ? mGearRatio : 1.0f;
        d.addLength = mAddLength;
        d.rigid = e.hasSpawnFlag(kPulleyRigid);
        makeConstraint(w, e, d);
    }
    Vec3 mWheel2, mOffset[2];
    float mAddLength = 0, mGearRatio = 0;
};

// phys_ragdollconstraint (CRagdollConstraint): a ball socket at the origin with per-axis limits (degrees) and
// friction; spawnflag 2 (free movement) keeps only the angular limits.
constexpr int kRagdollFreeMovement = 0x2;
class Ragdoll final : public Joint {
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        static constexpr std::string_view kKeys[] = {"xmin", "xmax",      "ymin",      "ymax",     "zmin",
                                                     "zmax", "xfriction", "yfriction", "zfriction"};
        for (std::size_t i = 0; i < std::size(kKeys); ++i)
            if (iequals(key, kKeys[i])) {
                mValues[i] = keyFloat(value);
                return true;
            }
        return ConstraintClass::keyValue(w, e, key, value);
    }
    void connect(World& w, Entity& e) override {
        physics::ConstraintDesc d = base(w, e, physics::ConstraintType::AdvBallSocket);
        d.minAngles = {degToRad(mValues[0]), degToRad(mValues[2]), degToRad(mValues[4])};
        d.maxAngles = {degToRad(mValues[1]), degToRad(mValues[3]), degToRad(mValues[5])};
        d.frictionTorque = {std::max(mValues[6], 0.0f), std::max(mValues[7], 0.0f), std::max(mValues[8], 0.0f)};
        d.onlyRotation = e.hasSpawnFlag(kRagdollFreeMovement);
        makeConstraint(w, e, d);
    }
    float mValues[9] = {};
};

// phys_spring (CPhysicsSpring): from the origin to the springaxis point, natural length "length" (0 = the distance
// at spawn), constant / damping / relativedamping; spawnflag 1 only pulls. Inputs change the spring live.
constexpr int kSpringOnlyStretch = 0x1;
enum SpringInput : std::size_t { kSetSpringConstant, kSetSpringLength, kSetSpringDamping };
constexpr InputDef kSpringInputs[] = {{"Break", Variant::Type::Void},
                                      {"ConstraintBroken", Variant::Type::Void},
                                      {"TurnOn", Variant::Type::Void},
                                      {"TurnOff", Variant::Type::Void},
                                      {"SetSpringConstant", Variant::Type::Float},
                                      {"SetSpringLength", Variant::Type::Float},
                                      {"SetSpringDamping", Variant::Type::Float}};
class Spring final : public Joint {
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "springaxis"))
            mEnd = keyVector(value);
        else if (iequals(key, "length"))
            mLength = keyFloat(value);
        else if (iequals(key, "constant"))
            mConstant = keyFloat(value);
        else if (iequals(key, "damping"))
            mDamping = keyFloat(value);
        else if (iequals(key, "relativedamping"))
            mRelativeDamping = keyFloat(value);
        else
            return ConstraintClass::keyValue(w, e, key, value);
        return true;
    }
    std::span<const InputDef> inputs() const override { return kSpringInputs; }
    void spawn(World&, Entity& e) override {
        if (mLength <= 0) mLength = length(mEnd - e.origin);  // CPhysicsSpring::Spawn
    }
    void connect(World& w, Entity& e) override {
        physics::ConstraintDesc d = base(w, e, physics::ConstraintType::Elastic);
        if (d.a == d.b) return refuse(w, e, "a spring needs two different objects");
        d.pointB = mEnd;
        d.length = mLength;
        d.springConstant = std::max(mConstant, 0.0f);
        d.springDamping = std::max(mDamping, 0.0f);
        d.relativeDamping = std::max(mRelativeDamping, 0.0f);
        d.stretchOnly = e.hasSpawnFlag(kSpringOnlyStretch);
        d.forceLimit = d.torqueLimit = 0;  // springs do not break
        makeConstraint(w, e, d);
    }
    void classInput(World& w, Entity&, std::size_t which, const InputData& in) override {
        const float v = in.value.number;
        if (!std::isfinite(v)) return;
        if (which == kSetSpringLength) {
            mLength = std::max(v, 0.0f);
            if (!mConstraint.isNull()) (void)w.physics().setRopeLength(mConstraint, mLength);
            return;
        }
        (which == kSetSpringConstant ? mConstant : mDamping) = std::max(v, 0.0f);
        if (!mConstraint.isNull()) (void)w.physics().setSpring(mConstraint, mConstant, mDamping);
    }
    Vec3 mEnd;
    float mLength = 0, mConstant = 0, mDamping = 0, mRelativeDamping = 0;
};

}  // namespace

void registerConstraints(ClassRegistry& r) {
    r.add("phys_constraint", [] { return std::make_unique<Weld>(); });
    r.add("phys_ballsocket", [] { return std::make_unique<BallSocket>(); });
    r.add("phys_hinge", [] { return std::make_unique<Hinge>(); });
    r.add("phys_slideconstraint", [] { return std::make_unique<Slide>(); });
    r.add("phys_lengthconstraint", [] { return std::make_unique<Length>(); });
    r.add("phys_pulleyconstraint", [] { return std::make_unique<Pulley>(); });
    r.add("phys_ragdollconstraint", [] { return std::make_unique<Ragdoll>(); });
    r.add("phys_spring", [] { return std::make_unique<Spring>(); });
}

}  // namespace vestige::source::game::classes
