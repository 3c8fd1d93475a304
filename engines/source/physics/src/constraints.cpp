// Constraints (constraints.hpp): Bullet joints for the rigid ones, forces/velocity rules before each step for the
// spring and keep-upright, breaks read from each joint's feedback after the step.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "impl.hpp"
#include "joints.hpp"

namespace vestige::source::physics {

namespace {

constexpr float kInchesPerMeter = 1.0f / kMetersPerInch;
constexpr float kTorqueToBt = kMetersPerInch * kMetersPerInch;  // kg*in^2/s^2 -> N*m
constexpr int kMaxExtraIterations = 1000;

btRigidBody& rigidOf(PhysicsWorld::Impl& w, BodyId id) {
    BodyRecord* r = w.body(id);
    return r ? *r->rb : btTypedConstraint::getFixedBody();
}

// A frame at `point` whose X axis is `axis` (world), for sliders.
btTransform axisFrame(const btVector3& point, const btVector3& axis) {
    btVector3 x = axis.normalized(), y, z;
    btPlaneSpace1(x, y, z);
    btTransform t;
    t.setBasis(btMatrix3x3(x.x(), y.x(), z.x(), x.y(), y.y(), z.y(), x.z(), y.z(), z.z()));
    t.setOrigin(point);
    return t;
}

float distanceBetween(Vec3 a, Vec3 b) { return length(b - a); }

Status checkDesc(const ConstraintDesc& d) {
    for (const Vec3* v : constraintVectors(d)) VESTIGE_CHECK(checkFinite(*v, "constraint_vector"));
    for (const float* v : constraintFloats(d)) VESTIGE_CHECK(checkFinite(*v, "constraint_parameter"));
    VESTIGE_CHECK(checkFinite(d.uprightRotation, "upright_rotation"));
    if (d.forceLimit < 0 || d.torqueLimit < 0 || d.length < 0 || d.springConstant < 0 || d.springDamping < 0 ||
        d.friction < 0 || d.motorTorque < 0 || d.angularLimit < 0 || !(d.pulleyRatio > 0) || d.extraIterations < 0 ||
        d.extraIterations > kMaxExtraIterations)
        return Error("physics.range", "constraint limits, lengths and stiffnesses must be >= 0").field("constraint");
    return okStatus();
}

}  // namespace

const char* constraintTypeName(ConstraintType t) {
    switch (t) {
        case ConstraintType::Weld:
            return "weld";
        case ConstraintType::BallSocket:
            return "ballsocket";
        case ConstraintType::AdvBallSocket:
            return "advballsocket";
        case ConstraintType::Axis:
            return "axis";
        case ConstraintType::Slider:
            return "slider";
        case ConstraintType::Rope:
            return "rope";
        case ConstraintType::Elastic:
            return "elastic";
        case ConstraintType::Pulley:
            return "pulley";
        case ConstraintType::Motor:
            return "motor";
        case ConstraintType::KeepUpright:
            return "keepupright";
        case ConstraintType::NoCollide:
            return "nocollide";
    }
    return "?";
}

void PhysicsWorld::Impl::addNoCollide(BodyId a, BodyId b, int delta) {
    if (a.isNull() || b.isNull()) return;
    const auto key = std::make_pair(std::min(a.slot, b.slot), std::max(a.slot, b.slot));
    int& n = constraintNoCollide[key];
    n += delta;
    if (n <= 0) constraintNoCollide.erase(key);
    if (BodyRecord* ra = body(a)) refreshPairs(*ra);
    if (BodyRecord* rb = body(b)) refreshPairs(*rb);
}

Status PhysicsWorld::Impl::buildJoint(ConstraintRecord& c) {
    const ConstraintDesc& d = c.desc;
    btRigidBody& a = rigidOf(*this, d.a);
    btRigidBody& b = rigidOf(*this, d.b);
    // Frames come from the bodies' transforms when the constraint was made (kept for save/restore).
    const btTransform ta = c.creationA;
    const btTransform tb = c.creationB;
    const btVector3 pa = toBt(d.pointA), pb = toBt(d.pointB);
    switch (d.type) {
        case ConstraintType::Weld:
            c.joint = std::make_unique<btFixedConstraint>(a, b, btTransform::getIdentity(), tb.inverse() * ta);
            break;
        case ConstraintType::BallSocket:
            c.joint = std::make_unique<btPoint2PointConstraint>(a, b, ta.inverse() * pa, tb.inverse() * pa);
            break;
        case ConstraintType::AdvBallSocket: {
            btTransform frameA;
            frameA.setIdentity();
            frameA.setOrigin(ta.inverse() * pa);
            auto j = std::make_unique<btGeneric6DofSpring2Constraint>(a, b, frameA, tb.inverse() * ta * frameA);
            if (d.onlyRotation) {
                j->setLinearLowerLimit(btVector3(1, 1, 1));
                j->setLinearUpperLimit(btVector3(-1, -1, -1));
            } else {
                j->setLinearLowerLimit(btVector3(0, 0, 0));
                j->setLinearUpperLimit(btVector3(0, 0, 0));
            }
            j->setAngularLowerLimit(toBtRaw(d.minAngles));
            j->setAngularUpperLimit(toBtRaw(d.maxAngles));
            for (int i = 0; i < 3; ++i)
                if (d.frictionTorque[i] > 0) {
                    j->enableMotor(3 + i, true);
                    j->setTargetVelocity(3 + i, 0);
                    j->setMaxMotorForce(3 + i, d.frictionTorque[i] * kTorqueToBt);
                }
            c.joint = std::move(j);
            break;
        }
        case ConstraintType::Axis:
        case ConstraintType::Motor: {
            const btVector3 axis = toBtRaw(d.axis).normalized();
            auto j =
                std::make_unique<btHingeConstraint>(a, b, ta.inverse() * pa, tb.inverse() * pa,
                                                    ta.getBasis().transpose() * axis, tb.getBasis().transpose() * axis);
            if (d.type == ConstraintType::Motor)
                j->enableAngularMotor(true, d.motorSpeed, d.motorTorque * kTorqueToBt * kTickInterval);
            else if (d.friction > 0)
                j->enableAngularMotor(true, 0, d.friction * kTorqueToBt * kTickInterval);
            c.joint = std::move(j);
            break;
        }
        case ConstraintType::Slider: {
            const btVector3 axis = pb - pa;
            if (axis.length2() < 1e-12f)
                return Error("physics.degenerate_constraint", "a slider needs two distinct points").field("pointB");
            const btTransform frame = axisFrame(pa, axis);
            auto j = std::make_unique<btSliderConstraint>(a, b, ta.inverse() * frame, tb.inverse() * frame, true);
            // Bullet measures b's frame from a's: a moving +axis reads as -travel.
            j->setLowerLinLimit(-d.maxSlide * kMetersPerInch);
            j->setUpperLinLimit(-d.minSlide * kMetersPerInch);
            j->setLowerAngLimit(0);
            j->setUpperAngLimit(0);
            c.joint = std::move(j);
            break;
        }
        case ConstraintType::Rope: {
            const float length = (d.length > 0 ? d.length : distanceBetween(d.pointA, d.pointB)) + d.addLength;
            c.length = c.targetLength = std::max(length, 0.0f);
            c.joint = std::make_unique<RopeJoint>(a, b, ta.inverse() * pa, tb.inverse() * pb, c.length * kMetersPerInch,
                                                  d.rigid);
            break;
        }
        case ConstraintType::Pulley: {
            const float natural =
                distanceBetween(d.pointA, d.wheelA) + d.pulleyRatio * distanceBetween(d.pointB, d.wheelB);
            c.length = c.targetLength = std::max((d.length > 0 ? d.length : natural) + d.addLength, 0.0f);
            c.joint = std::make_unique<PulleyJoint>(a, b, ta.inverse() * pa, tb.inverse() * pb, toBt(d.wheelA),
                                                    toBt(d.wheelB), c.length * kMetersPerInch, d.pulleyRatio, d.rigid);
            break;
        }
        case ConstraintType::Elastic:
            c.restLength = (d.length > 0 ? d.length : distanceBetween(d.pointA, d.pointB)) + d.addLength;
            c.length = c.targetLength = c.restLength;
            c.anchorA = ta.inverse() * pa;  // anchors ride on their bodies
            c.anchorB = tb.inverse() * pb;
            break;
        case ConstraintType::KeepUpright:
        case ConstraintType::NoCollide:
            break;
    }
    if (c.joint) {
        c.feedback = std::make_unique<btJointFeedback>();
        c.joint->setJointFeedback(c.feedback.get());
        c.joint->enableFeedback(true);
        if (d.extraIterations > 0)
            c.joint->setOverrideNumSolverIterations(settings.solverIterations + d.extraIterations);
        if (!c.broken) world->addConstraint(c.joint.get(), d.noCollide);
    }
    return okStatus();
}

Result<ConstraintId> PhysicsWorld::createConstraint(const ConstraintDesc& desc) {
    VESTIGE_CHECK(checkDesc(desc));
    VESTIGE_TRY(BodyRecord * a, mImpl->bodyOr(desc.a));
    if (!desc.b.isNull()) VESTIGE_CHECK(mImpl->bodyOr(desc.b));
    if (desc.a == desc.b) return Error("physics.degenerate_constraint", "a constraint needs two bodies").field("b");
    if ((desc.type == ConstraintType::NoCollide) && desc.b.isNull())
        return Error("physics.degenerate_constraint", "nocollide needs two bodies").field("b");
    if ((desc.type == ConstraintType::Axis || desc.type == ConstraintType::Motor) && lengthSquared(desc.axis) < 1e-12f)
        return Error("physics.degenerate_constraint", "an axis needs a direction").field("axis");
    if (desc.type == ConstraintType::KeepUpright && lengthSquared(desc.uprightAxis) < 1e-12f)
        return Error("physics.degenerate_constraint", "keep-upright needs a goal direction").field("uprightAxis");
    ConstraintRecord c;
    c.desc = desc;
    c.creationA = a->rb->getCenterOfMassTransform();
    c.creationB = desc.b.isNull() ? btTransform::getIdentity() : mImpl->body(desc.b)->rb->getCenterOfMassTransform();
    const ConstraintId id = mImpl->constraints.insert(std::move(c));
    ConstraintRecord& rec = *mImpl->constraints.get(id);
    if (auto built = mImpl->buildJoint(rec); !built) {
        mImpl->constraints.remove(id);
        return std::move(built).error();
    }
    if (desc.noCollide || desc.type == ConstraintType::NoCollide) mImpl->addNoCollide(desc.a, desc.b, +1);
    a->rb->activate(true);
    if (BodyRecord* b = mImpl->body(desc.b)) b->rb->activate(true);
    return id;
}

namespace {
void removeJoint(PhysicsWorld::Impl& w, ConstraintRecord& c) {
    if (c.joint && !c.broken) w.world->removeConstraint(c.joint.get());
    if (!c.broken && (c.desc.noCollide || c.desc.type == ConstraintType::NoCollide))
        w.addNoCollide(c.desc.a, c.desc.b, -1);
}
}  // namespace

Status PhysicsWorld::removeConstraint(ConstraintId id) {
    ConstraintRecord* c = mImpl->constraints.get(id);
    if (!c) return Error("physics.bad_constraint", "no such constraint").field("constraint");
    removeJoint(*mImpl, *c);
    for (BodyId b : {c->desc.a, c->desc.b})
        if (BodyRecord* r = mImpl->body(b)) r->rb->activate(true);
    mImpl->constraints.remove(id);
    return okStatus();
}

void PhysicsWorld::Impl::detachConstraintsOf(BodyId body) {
    std::vector<ConstraintId> doomed;
    constraints.forEach([&](Handle h, ConstraintRecord& c) {
        if (c.desc.a == body || c.desc.b == body) doomed.push_back(h);
    });
    for (ConstraintId id : doomed) {
        removeJoint(*this, *constraints.get(id));
        constraints.remove(id);
    }
}

bool PhysicsWorld::valid(ConstraintId id) const { return mImpl->constraints.valid(id); }

std::vector<ConstraintId> PhysicsWorld::constraints() const {
    std::vector<ConstraintId> out;
    mImpl->constraints.forEach([&](Handle h, ConstraintRecord&) { out.push_back(h); });
    return out;
}

Result<ConstraintInfo> PhysicsWorld::constraintInfo(ConstraintId id) const {
    const ConstraintRecord* c = mImpl->constraints.get(id);
    if (!c) return Error("physics.bad_constraint", "no such constraint").field("constraint");
    return ConstraintInfo{c->desc.type, c->desc.a, c->desc.b, c->broken, c->length, c->desc.userId};
}

Status PhysicsWorld::setRopeLength(ConstraintId id, float length, float speed) {
    VESTIGE_CHECK(checkFinite(length, "length"));
    VESTIGE_CHECK(checkFinite(speed, "speed"));
    ConstraintRecord* c = mImpl->constraints.get(id);
    if (!c) return Error("physics.bad_constraint", "no such constraint").field("constraint");
    if (c->desc.type != ConstraintType::Rope && c->desc.type != ConstraintType::Pulley &&
        c->desc.type != ConstraintType::Elastic)
        return Error("physics.bad_constraint", "only ropes, pulleys and elastics have a length")
            .actual(constraintTypeName(c->desc.type));
    if (length < 0 || speed < 0) return Error("physics.range", "length and speed must be >= 0").field("length");
    c->targetLength = length;
    c->lengthSpeed = speed;
    if (speed == 0) {
        c->length = length;
        if (c->desc.type == ConstraintType::Elastic) c->restLength = length;
    }
    return okStatus();
}

Status PhysicsWorld::setSpring(ConstraintId id, float constant, float damping) {
    VESTIGE_CHECK(checkFinite(constant, "constant"));
    VESTIGE_CHECK(checkFinite(damping, "damping"));
    ConstraintRecord* c = mImpl->constraints.get(id);
    if (!c || c->desc.type != ConstraintType::Elastic) return Error("physics.bad_constraint", "no such elastic");
    if (constant < 0 || damping < 0)
        return Error("physics.range", "stiffness and damping must be >= 0").field("constant");
    c->desc.springConstant = constant;
    c->desc.springDamping = damping;
    return okStatus();
}

Status PhysicsWorld::setMotor(ConstraintId id, float angularSpeed, float maxTorque) {
    VESTIGE_CHECK(checkFinite(angularSpeed, "angular_speed"));
    VESTIGE_CHECK(checkFinite(maxTorque, "torque"));
    ConstraintRecord* c = mImpl->constraints.get(id);
    if (!c || c->desc.type != ConstraintType::Motor) return Error("physics.bad_constraint", "no such motor");
    c->desc.motorSpeed = angularSpeed;
    c->desc.motorTorque = std::max(maxTorque, 0.0f);
    static_cast<btHingeConstraint*>(c->joint.get())
        ->enableAngularMotor(true, angularSpeed, c->desc.motorTorque * kTorqueToBt * kTickInterval);
    return okStatus();
}

void PhysicsWorld::Impl::preStepConstraints(float dt) {
    constraints.forEach([&](Handle, ConstraintRecord& c) {
        if (c.feedback) *c.feedback = btJointFeedback();
        if (c.broken) return;
        BodyRecord* a = body(c.desc.a);
        BodyRecord* b = body(c.desc.b);
        auto wakeBoth = [&] {
            if (a && !a->isStatic) a->rb->activate(true);
            if (b && !b->isStatic) b->rb->activate(true);
        };
        // Winch / hydraulic / muscle: the length walks towards its target.
        if (c.lengthSpeed > 0 && c.length != c.targetLength) {
            const float step = c.lengthSpeed * dt;
            c.length = c.length < c.targetLength ? std::min(c.length + step, c.targetLength)
                                                 : std::max(c.length - step, c.targetLength);
            if (c.desc.type == ConstraintType::Elastic) c.restLength = c.length;
            wakeBoth();
        }
        if (auto* rope = dynamic_cast<RopeJoint*>(c.joint.get())) rope->setLength(c.length * kMetersPerInch);
        if (auto* pulley = dynamic_cast<PulleyJoint*>(c.joint.get())) pulley->setLength(c.length * kMetersPerInch);
        if (c.desc.type == ConstraintType::Motor && c.desc.motorSpeed != 0) wakeBoth();
        if (c.desc.type == ConstraintType::Elastic && a) {
            btRigidBody& ra = *a->rb;
            btRigidBody& rb = b ? *b->rb : btTypedConstraint::getFixedBody();
            const btVector3 pa = ra.getCenterOfMassTransform() * c.anchorA;
            const btVector3 pb = rb.getCenterOfMassTransform() * c.anchorB;
            const btVector3 d = pb - pa;
            const btScalar dist = d.length();
            if (dist < SIMD_EPSILON) return;
            const btVector3 n = d / dist;
            const btScalar stretch = dist - c.restLength * kMetersPerInch;
            const btVector3 va = ra.getVelocityInLocalPoint(pa - ra.getCenterOfMassPosition());
            const btVector3 vb = b ? rb.getVelocityInLocalPoint(pb - rb.getCenterOfMassPosition()) : btVector3(0, 0, 0);
            const btScalar closing = (vb - va).dot(n);  // > 0: stretching
            const btScalar ma = a->desc.mass, mb = b && b->desc.motionEnabled ? b->desc.mass : 0;
            const btScalar reduced = mb > 0 ? ma * mb / (ma + mb) : ma;
            btScalar force = c.desc.springConstant * stretch + c.desc.springDamping * closing +
                             c.desc.relativeDamping * reduced * closing;
            if (c.desc.stretchOnly && stretch < 0) force = 0;
            if (force != 0) {
                ra.applyImpulse(n * (force * dt), pa - ra.getCenterOfMassPosition());
                if (b && b->desc.motionEnabled) rb.applyImpulse(-n * (force * dt), pb - rb.getCenterOfMassPosition());
                if (std::fabs(stretch) > 1e-4f || std::fabs(closing) > 1e-3f) wakeBoth();
            }
            return;
        }
        if (c.desc.type == ConstraintType::KeepUpright && a && a->desc.motionEnabled && !a->isStatic) {
            btRigidBody& r = *a->rb;
            if (!r.isActive()) return;
            // CKeepUpright::Simulate (ComputeRotSpeedToAlignAxes, damping 1): the speed that closes the angle between
            // the test axis and the goal in one step, minus the speed already about that line, capped.
            const btVector3 localTest =
                btMatrix3x3(toBt(normalize(c.desc.uprightRotation))).transpose() * btVector3(0, 0, 1);
            const btVector3 test = r.getWorldTransform().getBasis() * localTest;
            const btVector3 goal = toBtRaw(c.desc.uprightAxis).normalized();
            btVector3 axis = test.cross(goal);
            const btScalar s = axis.length();
            if (s < 1e-6f && test.dot(goal) > 0) return;
            if (s < 1e-6f) {  // upside down: any perpendicular line turns it
                btVector3 y;
                btPlaneSpace1(goal, axis, y);
            } else {
                axis /= s;
            }
            const btScalar angle = std::atan2(s, test.dot(goal));
            btVector3 w = r.getAngularVelocity();
            btVector3 change = axis * (angle / dt) - axis * w.dot(axis);
            const btScalar len = change.length();
            if (len > c.desc.angularLimit) change *= len > 0 ? c.desc.angularLimit / len : 0;
            r.setAngularVelocity(w + change);
        }
    });
}

void PhysicsWorld::Impl::checkBreaks() {
    constraints.forEach([&](Handle h, ConstraintRecord& c) {
        if (c.broken || !c.joint || (c.desc.forceLimit <= 0 && c.desc.torqueLimit <= 0)) return;
        const float force = static_cast<float>(c.feedback->m_appliedForceBodyA.length()) * kInchesPerMeter;
        const float torque = static_cast<float>(c.feedback->m_appliedTorqueBodyA.length()) / kTorqueToBt;
        if ((c.desc.forceLimit > 0 && force > c.desc.forceLimit) ||
            (c.desc.torqueLimit > 0 && torque > c.desc.torqueLimit)) {
            world->removeConstraint(c.joint.get());
            if (c.desc.noCollide) addNoCollide(c.desc.a, c.desc.b, -1);  // "no collision until break"
            c.broken = true;
            events.breaks.push_back({tick + 1, h, c.desc.userId});
            for (BodyId b : {c.desc.a, c.desc.b})
                if (BodyRecord* r = body(b); r && !r->isStatic) r->rb->activate(true);
        }
    });
}

}  // namespace vestige::source::physics
