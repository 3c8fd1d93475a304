#pragma once
// The two joints Bullet has no class for: a rope (one-sided distance limit, or a rod when rigid) and a pulley
// (two ropes over fixed wheels sharing one length). One solver row each, built every step from the current
// anchor positions (Bullet's getInfo2 conventions: J1 acts on A, J2 on B, the row keeps J.v >= rhs).
#include <btBulletDynamicsCommon.h>

namespace vestige::source::physics {

class RopeJoint : public btTypedConstraint {
public:
    // pivots in each body's mass-centre frame (meters); for the world (fixed body) pivotB is a world point.
    RopeJoint(btRigidBody& a, btRigidBody& b, const btVector3& pivotA, const btVector3& pivotB, btScalar length,
              bool rigid);
    void setLength(btScalar length) { mLength = length; }
    [[nodiscard]] btScalar length() const { return mLength; }
    [[nodiscard]] btScalar currentDistance() const;

    void getInfo1(btConstraintInfo1* info) override;
    void getInfo2(btConstraintInfo2* info) override;
    void setParam(int, btScalar, int) override {}
    [[nodiscard]] btScalar getParam(int, int) const override { return 0; }

private:
    btVector3 mPivotA, mPivotB;
    btScalar mLength;
    bool mRigid;
};

class PulleyJoint : public btTypedConstraint {
public:
    PulleyJoint(btRigidBody& a, btRigidBody& b, const btVector3& pivotA, const btVector3& pivotB,
                const btVector3& wheelA, const btVector3& wheelB, btScalar length, btScalar ratio, bool rigid);
    void setLength(btScalar length) { mLength = length; }
    [[nodiscard]] btScalar length() const { return mLength; }
    [[nodiscard]] btScalar currentLength() const;

    void getInfo1(btConstraintInfo1* info) override;
    void getInfo2(btConstraintInfo2* info) override;
    void setParam(int, btScalar, int) override {}
    [[nodiscard]] btScalar getParam(int, int) const override { return 0; }

private:
    btVector3 mPivotA, mPivotB, mWheelA, mWheelB;
    btScalar mLength, mRatio;
    bool mRigid;
};

}  // namespace vestige::source::physics
