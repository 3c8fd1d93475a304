// func_door, func_door_rotating (server doors.cpp CBaseDoor / CRotDoor) and func_movelinear (func_movelinear.cpp).
// Door sounds as CBaseDoor plays them on CHAN_STATIC at volume 1 and SNDLVL_NORM, unless "silent" (4096): the moving
// sound (noise1; startclosesound when closing, if set) when a resting door starts, stopped when it arrives, then the
// arrival sound (noise2; closesound when closed, if set). Not yet: loopmovesound, locked/unlocked sounds.
#include <cmath>

#include "classes/common.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::game::classes {

namespace {

// doors.h spawnflags.
constexpr int kStartOpenObsolete = 1, kRotateBackwards = 2, kNonSolidToPlayer = 4, kPassable = 8, kOneWay = 16,
              kNoAutoReturn = 32, kRotateRoll = 64, kRotatePitch = 128, kPlayerUse = 256, kPlayerTouch = 1024,
              kLocked = 2048, kSilent = 4096, kIgnoreUse = 32768, kNewUseRules = 65536;

constexpr std::string_view kDoorOutputs[] = {
    "OnBlockedOpening", "OnBlockedClosing", "OnUnblockedOpening", "OnUnblockedClosing", "OnFullyClosed", "OnFullyOpen",
    "OnClose",          "OnOpen",           "OnLockedUse"};
enum DoorInput : std::size_t { kOpen, kClose, kToggle, kLock, kUnlock, kSetSpeed };
constexpr InputDef kDoorInputs[] = {{"Open", Variant::Type::Void},   {"Close", Variant::Type::Void},
                                    {"Toggle", Variant::Type::Void}, {"Lock", Variant::Type::Void},
                                    {"Unlock", Variant::Type::Void}, {"SetSpeed", Variant::Type::Float}};

class Door : public EntityClass {
public:
    explicit Door(bool rotating) : mRotating(rotating) {}

    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (mKeys.read(key, value)) return true;
        if (iequals(key, "dmg"))
            mBlockDamage = keyFloat(value);
        else if (iequals(key, "forceclosed"))
            mForceClosed = keyBool(value);
        else if (iequals(key, "spawnpos"))
            mSpawnPos = keyInt(value);
        else if (iequals(key, "noise1"))
            mNoiseMoving = value;
        else if (iequals(key, "noise2"))
            mNoiseArrived = value;
        else if (iequals(key, "startclosesound"))
            mNoiseMovingClosed = value;
        else if (iequals(key, "closesound"))
            mNoiseArrivedClosed = value;
        else
            return false;
        return true;
    }

    void spawn(World& w, Entity& e) override {
        initBrush(w, e);
        // Convert movedir from angles to a vector; travel = the model's size along it (its bounds, spread by 1 on
        // each side when loaded, minus 2) minus the lip.
        mSpeed = mKeys.speed;
        mWait = mKeys.wait;
        mMoveDir = forwardOf(mKeys.moveDirAngles);
        mPos1 = e.origin;
        const Vec3 size = (e.maxs - e.mins) - Vec3{2, 2, 2};
        mPos2 = mPos1 + mMoveDir * (extentAlong(mMoveDir, size) - mKeys.lip);
        mState = ToggleState::AtBottom;
        if (!mRotating && (mSpawnPos == 1 || e.hasSpawnFlag(kStartOpenObsolete))) {
            w.setOrigin(e, mPos2);
            mState = ToggleState::AtTop;
        }
        mLocked = e.hasSpawnFlag(kLocked);
        if (mSpeed == 0) mSpeed = 100;
        if (e.hasSpawnFlag(kPassable)) e.notSolid = true;
        if (e.hasSpawnFlag(kNonSolidToPlayer)) e.collisionGroup = 15;  // COLLISION_GROUP_PASSABLE_DOOR
        if (mRotating) spawnRotating(w, e);
    }

    void touch(World& w, Entity& self, Entity& other) override {
        if (!mTouchEnabled || !other.isPlayer() || !self.hasSpawnFlag(kPlayerTouch)) return;
        if (mLocked) {
            w.fireOutput(self, "OnLockedUse", other.handle);
            return;
        }
        mActivator = other.handle;
        if (doorActivate(w, self)) mTouchEnabled = false;  // until the move finishes
    }

    void use(World& w, Entity& self, EntityHandle activator, EntityHandle caller, UseType, float) override {
        mActivator = activator;
        const Entity* a = w.get(activator);
        if (a && a->isPlayer() && !self.hasSpawnFlag(kPlayerUse)) return;  // the locked sound only
        bool allow = false;
        if (self.hasSpawnFlag(kNewUseRules)) {
            allow =
                mState == ToggleState::AtBottom || mState == ToggleState::GoingDown ||
                (self.hasSpawnFlag(kNoAutoReturn) && (mState == ToggleState::AtTop || mState == ToggleState::GoingUp));
        } else {
            allow =
                mState == ToggleState::AtBottom || (self.hasSpawnFlag(kNoAutoReturn) && mState == ToggleState::AtTop);
        }
        if (!allow) return;
        if (mLocked)
            w.fireOutput(self, "OnLockedUse", activator, {}, 0, caller);
        else
            doorActivate(w, self);
    }

    int objectCaps(const Entity& self) const override {
        if (!self.hasSpawnFlag(kPlayerUse) || self.hasSpawnFlag(kIgnoreUse)) return 0;
        return fcap::kImpulseUse | fcap::kUseInRadius;
    }
    std::span<const InputDef> inputs() const override { return kDoorInputs; }
    std::span<const std::string_view> outputs() const override { return kDoorOutputs; }

    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        switch (which) {
            case kOpen:
                if (mState != ToggleState::AtTop && mState != ToggleState::GoingUp && !mLocked) goUp(w, self);
                break;
            case kClose:
                if (mState != ToggleState::AtBottom) goDown(w, self);
                break;
            case kToggle:
                if (mLocked) break;
                if (mState == ToggleState::AtBottom)
                    goUp(w, self);
                else if (mState == ToggleState::AtTop)
                    goDown(w, self);
                break;
            case kLock:
                mLocked = true;
                break;
            case kUnlock:
                mLocked = false;
                break;
            case kSetSpeed:
                mSpeed = in.value.number;
                break;
            default:
                break;
        }
    }

    void moveDone(World& w, Entity& self) override {
        const Done d = mDone;
        if (d == Done::HitTop)
            hitTop(w, self);
        else if (d == Done::HitBottom)
            hitBottom(w, self);
        else if (d == Done::GoDown)
            goDown(w, self);
    }

    void startBlocked(World& w, Entity& self, Entity& other) override {
        w.fireOutput(self, mState == ToggleState::GoingDown ? "OnBlockedClosing" : "OnBlockedOpening", other.handle);
    }

    void blocked(World& w, Entity& self, Entity& other) override {
        // Hurt the blocker, then (unless forced closed or waiting forever) go back the way it came.
        if (mBlockDamage != 0)
            w.takeDamage(other, DamageInfo::make(self.handle, self.handle, mBlockDamage, dmg::kCrush));
        if (mForceClosed) return;
        if (mWait >= 0) {
            if (mState == ToggleState::GoingDown)
                goUp(w, self);
            else
                goDown(w, self);
        }
    }

    void endBlocked(World& w, Entity& self) override {
        w.fireOutput(self, mState == ToggleState::GoingDown ? "OnUnblockedClosing" : "OnUnblockedOpening", self.handle);
    }

private:
    enum class Done : std::uint8_t { None, HitTop, HitBottom, GoDown };

    void spawnRotating(World& w, Entity& e) {
        // CRotDoor::Spawn: the axis (yaw, or roll/pitch by flag), reversed by flag, distance degrees along it.
        if (e.hasSpawnFlag(kRotateRoll))
            mMoveAng = {0, 0, 1};
        else if (e.hasSpawnFlag(kRotatePitch))
            mMoveAng = {1, 0, 0};
        else
            mMoveAng = {0, 1, 0};
        if (e.hasSpawnFlag(kRotateBackwards)) mMoveAng = mMoveAng * -1.0f;
        mAngle1 = e.angles;
        mAngle2 = e.angles + mMoveAng * mKeys.distance;
        if (e.hasSpawnFlag(kStartOpenObsolete)) {
            std::swap(mAngle1, mAngle2);
            mMoveAng = mMoveAng * -1.0f;
            w.setAngles(e, mAngle1);
            mState = ToggleState::AtBottom;
        } else if (mSpawnPos == 1) {
            w.setAngles(e, mAngle2);
            mState = ToggleState::AtTop;
        }
    }

    bool doorActivate(World& w, Entity& self) {
        if (self.hasSpawnFlag(kNoAutoReturn) && mState == ToggleState::AtTop)
            goDown(w, self);
        else if (mState != ToggleState::AtTop && mState != ToggleState::GoingUp)
            goUp(w, self);
        return true;
    }

    bool moving() const { return mState == ToggleState::GoingUp || mState == ToggleState::GoingDown; }
    // MovingSoundThink / StopMovingSound: which moving sound by the state at that moment.
    const std::string& movingSound(bool opening) const {
        return mNoiseMovingClosed.empty() || opening ? mNoiseMoving : mNoiseMovingClosed;
    }

    void goUp(World& w, Entity& self) {
        if (!self.hasSpawnFlag(kSilent) && !moving()) emitBrushSound(w, self, movingSound(true), kChanStatic);
        mState = ToggleState::GoingUp;
        mDone = Done::HitTop;
        if (mRotating) {
            float sign = 1.0f;
            const Entity* a = w.get(mActivator);
            if (a && !self.hasSpawnFlag(kOneWay) && mMoveAng.y != 0) {
                // Open away from the activator: the sign of the cross product of (activator -> door origin) and
                // (activator -> nearest point of the door), both flat.
                const Vec3 lo = self.origin + self.mins, hi = self.origin + self.maxs;
                const Vec3 at = a->origin;
                const Vec3 nearest{std::clamp(at.x, lo.x, hi.x), std::clamp(at.y, lo.y, hi.y),
                                   std::clamp(at.z, lo.z, hi.z)};
                Vec3 toNearest = nearest - at, toOrigin = self.origin - at;
                toNearest.z = toOrigin.z = 0;
                if (cross(toOrigin, toNearest).z > 0.0f) sign = -1.0f;
            }
            w.angularMove(self, mAngle2 * sign, mSpeed);  // the SDK scales the whole target angle by the sign
        } else {
            w.linearMove(self, mPos2, mSpeed);
        }
        w.fireOutput(self, "OnOpen", self.handle);
    }

    void hitTop(World& w, Entity& self) {
        if (!self.hasSpawnFlag(kSilent)) {
            emitBrushSound(w, self, movingSound(true), kChanStatic, true);
            emitBrushSound(w, self, mNoiseArrived, kChanStatic);
        }
        mState = ToggleState::AtTop;
        if (self.hasSpawnFlag(kNoAutoReturn)) {
            mTouchEnabled = true;
            mDone = Done::None;
        } else {
            // In `wait` seconds go back down; wait -1 stays open.
            w.setMoveDoneTime(self, mWait);
            mDone = Done::GoDown;
        }
        w.fireOutput(self, self.hasSpawnFlag(kStartOpenObsolete) ? "OnFullyClosed" : "OnFullyOpen", self.handle);
    }

    void goDown(World& w, Entity& self) {
        if (!self.hasSpawnFlag(kSilent) && !moving()) emitBrushSound(w, self, movingSound(false), kChanStatic);
        mState = ToggleState::GoingDown;
        mDone = Done::HitBottom;
        if (mRotating)
            w.angularMove(self, mAngle1, mSpeed);
        else
            w.linearMove(self, mPos1, mSpeed);
        w.fireOutput(self, "OnClose", self.handle);
    }

    void hitBottom(World& w, Entity& self) {
        if (!self.hasSpawnFlag(kSilent)) {
            emitBrushSound(w, self, movingSound(false), kChanStatic, true);
            emitBrushSound(w, self, mNoiseArrivedClosed.empty() ? mNoiseArrived : mNoiseArrivedClosed, kChanStatic);
        }
        mState = ToggleState::AtBottom;
        mDone = Done::None;
        mTouchEnabled = true;
        w.fireOutput(self, self.hasSpawnFlag(kStartOpenObsolete) ? "OnFullyOpen" : "OnFullyClosed", mActivator);
    }

    bool mRotating;
    ToggleKeys mKeys;
    Vec3 mMoveDir, mPos1, mPos2, mMoveAng, mAngle1, mAngle2;
    float mSpeed = 0, mWait = 0, mBlockDamage = 0;
    bool mForceClosed = false, mLocked = false, mTouchEnabled = true;
    int mSpawnPos = 0;
    std::string mNoiseMoving, mNoiseArrived, mNoiseMovingClosed, mNoiseArrivedClosed;
    ToggleState mState = ToggleState::AtBottom;
    Done mDone = Done::None;
    EntityHandle mActivator;
};

constexpr std::string_view kMoveLinearOutputs[] = {"OnFullyOpen", "OnFullyClosed"};
enum MoveLinearInput : std::size_t { kMlOpen, kMlClose, kMlSetPosition, kMlSetSpeed };
constexpr InputDef kMoveLinearInputs[] = {{"Open", Variant::Type::Void},
                                          {"Close", Variant::Type::Void},
                                          {"SetPosition", Variant::Type::Float},
                                          {"SetSpeed", Variant::Type::Float}};

class MoveLinear final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (mKeys.read(key, value)) return true;
        if (iequals(key, "MoveDistance"))
            mMoveDistance = keyFloat(value);
        else if (iequals(key, "StartPosition"))
            mStartPosition = keyFloat(value);
        else if (iequals(key, "BlockDamage"))
            mBlockDamage = keyFloat(value);
        else
            return false;
        return true;
    }
    void spawn(World& w, Entity& e) override {
        mMoveDir = forwardOf(mKeys.moveDirAngles);
        initBrush(w, e);
        mSpeed = mKeys.speed == 0 ? 100.0f : mKeys.speed;
        if (mMoveDistance <= 0) mMoveDistance = extentAlong(mMoveDir, (e.maxs - e.mins) - Vec3{2, 2, 2}) - mKeys.lip;
        mPos1 = e.origin - mMoveDir * mMoveDistance * mStartPosition;
        mPos2 = mPos1 + mMoveDir * mMoveDistance;
        if (e.hasSpawnFlag(8)) e.notSolid = true;  // SF_MOVELINEAR_NOTSOLID
    }
    std::span<const InputDef> inputs() const override { return kMoveLinearInputs; }
    std::span<const std::string_view> outputs() const override { return kMoveLinearOutputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        switch (which) {
            case kMlOpen:
                if (self.origin != mPos2) moveTo(w, self, mPos2, mSpeed);
                break;
            case kMlClose:
                if (self.origin != mPos1) moveTo(w, self, mPos1, mSpeed);
                break;
            case kMlSetPosition: {
                const Vec3 to = mPos1 + (mPos2 - mPos1) * in.value.number;
                if (length(to - self.origin) > 0.001f) moveTo(w, self, to, mSpeed);
                break;
            }
            case kMlSetSpeed:
                mSpeed = in.value.number;
                if (self.toggleMove == Entity::Toggle::Linear) w.linearMove(self, self.finalDest, mSpeed);
                break;
            default:
                break;
        }
    }
    void use(World& w, Entity& self, EntityHandle, EntityHandle, UseType type, float value) override {
        if (type != UseType::Set) return;  // momentary buttons pass a position in [0, 1]
        const Vec3 to = mPos1 + (mPos2 - mPos1) * std::min(value, 1.0f);
        moveTo(w, self, to, length(to - self.origin) * 10.0f);
    }
    void moveDone(World& w, Entity& self) override {
        if (self.origin == mPos2)
            w.fireOutput(self, "OnFullyOpen", self.handle);
        else if (self.origin == mPos1)
            w.fireOutput(self, "OnFullyClosed", self.handle);
    }
    void blocked(World& w, Entity& self, Entity& other) override {
        if (mBlockDamage > 0)
            w.takeDamage(other, DamageInfo::make(self.handle, self.handle, mBlockDamage, dmg::kCrush));
    }

private:
    void moveTo(World& w, Entity& self, Vec3 to, float speed) {
        if (speed != 0) w.linearMove(self, to, speed);
    }
    ToggleKeys mKeys;
    Vec3 mMoveDir, mPos1, mPos2;
    float mSpeed = 0, mMoveDistance = 0, mStartPosition = 0, mBlockDamage = 0;
};

}  // namespace

void registerDoors(ClassRegistry& r) {
    r.add("func_door", [] { return std::make_unique<Door>(false); });
    r.add("func_door_rotating", [] { return std::make_unique<Door>(true); });
    r.add("func_movelinear", [] { return std::make_unique<MoveLinear>(); });
}

}  // namespace vestige::source::game::classes
