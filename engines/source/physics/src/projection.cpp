// Joint drift correction after the step (post-stabilisation).
//
// Bullet's joints are velocity constraints with Baumgarte feedback: at the 15 ms tick a swinging 64-unit pendulum
// drifts 0.5 u off its pivot and a tumbling weld several units, far beyond what a GMod contraption shows. After the
// step each joint's own rows are rebuilt at the new positions (getInfo2 with fps = erp = 1, so the row's error is
// the positional error itself), solved together at position level with the bodies' inverse masses, joint after
// joint, 4 passes. Positions move, velocities stay as the solver left them. Motor and friction rows are switched
// off for this (their "error" is a speed, not a distance).
#include <array>
#include <cmath>

#include "impl.hpp"

namespace vestige::source::physics {

namespace {

constexpr int kPasses = 4;
constexpr int kMaxRows = 6;

// Bullet writes rows as btVector3s (4 scalars, 16-byte aligned) at `rowskip` steps: 4, aligned.
constexpr int kSkip = 4;
using RowArray = std::array<btScalar, kSkip * kMaxRows>;
struct Rows {
    alignas(16) RowArray j1l{}, j1a{}, j2l{}, j2a{}, err{}, cfm{}, lo{}, hi{};
};

struct Delta {
    btVector3 lin{0, 0, 0}, ang{0, 0, 0};
};

btVector3 at(const RowArray& a, int row) {
    const auto i = static_cast<std::size_t>(kSkip * row);
    return {a[i], a[i + 1], a[i + 2]};
}

void moveBody(btRigidBody& rb, const Delta& d) {
    btTransform t = rb.getWorldTransform();
    t.setOrigin(t.getOrigin() + d.lin);
    btQuaternion q = t.getRotation();
    const btQuaternion dq(d.ang.x(), d.ang.y(), d.ang.z(), 0);
    q += (dq * q) * btScalar(0.5);
    t.setRotation(q.normalized());
    rb.setWorldTransform(t);
    rb.setInterpolationWorldTransform(t);
    rb.updateInertiaTensor();
}

// One joint: its rows at the current transforms, solved for position corrections of A and B.
void projectJoint(btTypedConstraint& joint) {
    btRigidBody& a = joint.getRigidBodyA();
    btRigidBody& b = joint.getRigidBodyB();
    if (a.getInvMass() == 0 && b.getInvMass() == 0) return;
    btTypedConstraint::btConstraintInfo1 info1{};
    joint.getInfo1(&info1);
    const int n = info1.m_numConstraintRows;
    if (n <= 0 || n > kMaxRows) return;
    Rows r;
    for (int i = 0; i < n; ++i) {
        r.lo[static_cast<std::size_t>(kSkip * i)] = -SIMD_INFINITY;
        r.hi[static_cast<std::size_t>(kSkip * i)] = SIMD_INFINITY;
    }
    btTypedConstraint::btConstraintInfo2 info2{};
    info2.fps = 1;
    info2.erp = 1;
    info2.rowskip = kSkip;
    info2.m_J1linearAxis = r.j1l.data();
    info2.m_J1angularAxis = r.j1a.data();
    info2.m_J2linearAxis = r.j2l.data();
    info2.m_J2angularAxis = r.j2a.data();
    info2.m_constraintError = r.err.data();
    info2.cfm = r.cfm.data();
    info2.m_lowerLimit = r.lo.data();
    info2.m_upperLimit = r.hi.data();
    info2.m_numIterations = 1;
    info2.m_damping = 1;
    joint.getInfo2(&info2);
    const btMatrix3x3& ia = a.getInvInertiaTensorWorld();
    const btMatrix3x3& ib = b.getInvInertiaTensorWorld();
    // The rows share the same few degrees of freedom (a hinge's rows all turn the body), so they are solved together:
    // A lambda = error with A = J M^-1 J^T (n <= 6, Gaussian elimination), then each lambda clamped to its row's
    // bounds (a rope pulls, never pushes).
    std::array<Delta, kMaxRows> effA{}, effB{};  // M^-1 J^T per row
    for (int i = 0; i < n; ++i) {
        effA[static_cast<std::size_t>(i)] = {at(r.j1l, i) * a.getInvMass(), ia * at(r.j1a, i)};
        effB[static_cast<std::size_t>(i)] = {at(r.j2l, i) * b.getInvMass(), ib * at(r.j2a, i)};
    }
    double m[kMaxRows][kMaxRows + 1] = {};
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const auto& ea = effA[static_cast<std::size_t>(j)];
            const auto& eb = effB[static_cast<std::size_t>(j)];
            m[i][j] = at(r.j1l, i).dot(ea.lin) + at(r.j1a, i).dot(ea.ang) + at(r.j2l, i).dot(eb.lin) +
                      at(r.j2a, i).dot(eb.ang);
        }
        m[i][i] += 1e-9;  // keeps redundant rows solvable
        m[i][n] = r.err[static_cast<std::size_t>(kSkip * i)];
    }
    for (int c = 0; c < n; ++c) {
        int pivot = c;
        for (int i = c + 1; i < n; ++i)
            if (std::fabs(m[i][c]) > std::fabs(m[pivot][c])) pivot = i;
        for (int k = 0; k <= n; ++k) std::swap(m[c][k], m[pivot][k]);
        if (std::fabs(m[c][c]) < 1e-12) continue;
        for (int i = 0; i < n; ++i) {
            if (i == c) continue;
            const double f = m[i][c] / m[c][c];
            for (int k = c; k <= n; ++k) m[i][k] -= f * m[c][k];
        }
    }
    Delta da, db;
    for (int i = 0; i < n; ++i) {
        const auto row = static_cast<std::size_t>(i), at4 = static_cast<std::size_t>(kSkip * i);
        const double raw = std::fabs(m[i][i]) < 1e-12 ? 0.0 : m[i][n] / m[i][i];
        const btScalar lambda = btClamped(static_cast<btScalar>(raw), r.lo[at4], r.hi[at4]);
        da.lin += effA[row].lin * lambda;
        da.ang += effA[row].ang * lambda;
        db.lin += effB[row].lin * lambda;
        db.ang += effB[row].ang * lambda;
    }
    if (a.getInvMass() > 0) moveBody(a, da);
    if (b.getInvMass() > 0) moveBody(b, db);
}

}  // namespace

void PhysicsWorld::Impl::projectJoints() {
    for (int pass = 0; pass < kPasses; ++pass)
        constraints.forEach([&](Handle, ConstraintRecord& c) {
            if (!c.joint || c.broken || !c.joint->isEnabled()) return;
            const ConstraintType t = c.desc.type;
            auto* hinge = (t == ConstraintType::Motor || t == ConstraintType::Axis)
                              ? static_cast<btHingeConstraint*>(c.joint.get())
                              : nullptr;
            auto* sixDof = t == ConstraintType::AdvBallSocket
                               ? static_cast<btGeneric6DofSpring2Constraint*>(c.joint.get())
                               : nullptr;
            const bool motor = hinge && hinge->getEnableAngularMotor();
            if (motor) hinge->enableMotor(false);
            for (int i = 0; sixDof && i < 3; ++i)
                if (c.desc.frictionTorque[i] > 0) sixDof->enableMotor(3 + i, false);
            projectJoint(*c.joint);
            if (motor) hinge->enableMotor(true);
            for (int i = 0; sixDof && i < 3; ++i)
                if (c.desc.frictionTorque[i] > 0) sixDof->enableMotor(3 + i, true);
        });
}

}  // namespace vestige::source::physics
