// Rope and pulley rows (joints.hpp).
#include "joints.hpp"

namespace vestige::source::physics {

namespace {

// Within this distance of taut the row is active (meters); looser ropes leave the bodies alone.
constexpr btScalar kActiveSlack = 0.05f;

struct Row {
    btVector3 linA, angA, linB, angB;
};

void writeRow(btTypedConstraint::btConstraintInfo2* info, const Row& r, btScalar rhs, btScalar lo, btScalar hi) {
    for (int k = 0; k < 3; ++k) {
        info->m_J1linearAxis[k] = r.linA[k];
        info->m_J1angularAxis[k] = r.angA[k];
        info->m_J2linearAxis[k] = r.linB[k];
        info->m_J2angularAxis[k] = r.angB[k];
    }
    info->m_constraintError[0] = rhs;
    info->m_lowerLimit[0] = lo;
    info->m_upperLimit[0] = hi;
    if (info->cfm) info->cfm[0] = 0;
}

// Baumgarte push back when stretched; when still slack, the gap may close within one step but no further.
btScalar rowRhs(const btTypedConstraint::btConstraintInfo2* info, btScalar stretch, bool rigid) {
    if (stretch > 0 || rigid) return info->fps * info->erp * stretch;
    return info->fps * stretch;
}

}  // namespace

RopeJoint::RopeJoint(btRigidBody& a, btRigidBody& b, const btVector3& pivotA, const btVector3& pivotB, btScalar length,
                     bool rigid)
    : btTypedConstraint(POINT2POINT_CONSTRAINT_TYPE, a, b),
      mPivotA(pivotA),
      mPivotB(pivotB),
      mLength(length),
      mRigid(rigid) {}

btScalar RopeJoint::currentDistance() const {
    const btVector3 pa = m_rbA.getCenterOfMassTransform() * mPivotA;
    const btVector3 pb = m_rbB.getCenterOfMassTransform() * mPivotB;
    return (pb - pa).length();
}

void RopeJoint::getInfo1(btConstraintInfo1* info) {
    const btScalar d = currentDistance();
    info->m_numConstraintRows = (mRigid || d > mLength - kActiveSlack) && d > SIMD_EPSILON ? 1 : 0;
    info->nub = 0;
}

void RopeJoint::getInfo2(btConstraintInfo2* info) {
    const btTransform& ta = m_rbA.getCenterOfMassTransform();
    const btTransform& tb = m_rbB.getCenterOfMassTransform();
    const btVector3 ra = ta.getBasis() * mPivotA, rb = tb.getBasis() * mPivotB;
    const btVector3 d = (tb.getOrigin() + rb) - (ta.getOrigin() + ra);
    const btScalar dist = d.length();
    const btVector3 n = dist > SIMD_EPSILON ? d / dist : btVector3(0, 0, 1);
    // J.v = n . (vA - vB) = -d(dist)/dt; A is pulled along +n.
    writeRow(info, {n, ra.cross(n), -n, -rb.cross(n)}, rowRhs(info, dist - mLength, mRigid),
             mRigid ? -SIMD_INFINITY : 0, SIMD_INFINITY);
}

PulleyJoint::PulleyJoint(btRigidBody& a, btRigidBody& b, const btVector3& pivotA, const btVector3& pivotB,
                         const btVector3& wheelA, const btVector3& wheelB, btScalar length, btScalar ratio, bool rigid)
    : btTypedConstraint(POINT2POINT_CONSTRAINT_TYPE, a, b),
      mPivotA(pivotA),
      mPivotB(pivotB),
      mWheelA(wheelA),
      mWheelB(wheelB),
      mLength(length),
      mRatio(ratio),
      mRigid(rigid) {}

btScalar PulleyJoint::currentLength() const {
    const btVector3 pa = m_rbA.getCenterOfMassTransform() * mPivotA;
    const btVector3 pb = m_rbB.getCenterOfMassTransform() * mPivotB;
    return (mWheelA - pa).length() + mRatio * (mWheelB - pb).length();
}

void PulleyJoint::getInfo1(btConstraintInfo1* info) {
    info->m_numConstraintRows = mRigid || currentLength() > mLength - kActiveSlack ? 1 : 0;
    info->nub = 0;
}

void PulleyJoint::getInfo2(btConstraintInfo2* info) {
    const btTransform& ta = m_rbA.getCenterOfMassTransform();
    const btTransform& tb = m_rbB.getCenterOfMassTransform();
    const btVector3 ra = ta.getBasis() * mPivotA, rb = tb.getBasis() * mPivotB;
    const btVector3 da = mWheelA - (ta.getOrigin() + ra), db = mWheelB - (tb.getOrigin() + rb);
    const btScalar la = da.length(), lb = db.length();
    const btVector3 na = la > SIMD_EPSILON ? da / la : btVector3(0, 0, 1);
    const btVector3 nb = lb > SIMD_EPSILON ? db / lb : btVector3(0, 0, 1);
    // J.v = na . vA + ratio nb . vB = -d(total)/dt; both ends are pulled towards their wheels.
    writeRow(info, {na, ra.cross(na), nb * mRatio, rb.cross(nb) * mRatio},
             rowRhs(info, la + mRatio * lb - mLength, mRigid), mRigid ? -SIMD_INFINITY : 0, SIMD_INFINITY);
}

}  // namespace vestige::source::physics
