// func_brush (modelentities.cpp), func_breakable with health (func_break.cpp; no gibs or physics yet) and
// func_rotating (bmodels.cpp).
#include <algorithm>
#include <cmath>

#include "classes/common.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::game::classes {

namespace {

// ---- func_brush ----------------------------------------------------------------------------------------------

enum BrushSolidity : int { kToggleSolid = 0, kNeverSolid = 1, kAlwaysSolid = 2 };
enum BrushInput : std::size_t { kBrushEnable, kBrushDisable, kBrushToggle };
constexpr InputDef kBrushInputs[] = {
    {"Enable", Variant::Type::Void}, {"Disable", Variant::Type::Void}, {"Toggle", Variant::Type::Void}};

class FuncBrush final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (iequals(key, "StartDisabled"))
            mDisabled = keyBool(value);
        else if (iequals(key, "Solidity"))
            mSolidity = keyInt(value);
        else
            return false;
        return true;
    }
    void spawn(World& w, Entity& e) override {
        initBrush(w, e);  // MOVETYPE_PUSH "so it doesn't get pushed by anything"
        if (mSolidity == kNeverSolid) e.notSolid = true;
        if (mDisabled) turnOff(w, e);
    }
    std::span<const InputDef> inputs() const override { return kBrushInputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData&) override {
        if (which == kBrushEnable)
            turnOn(w, self);
        else if (which == kBrushDisable)
            turnOff(w, self);
        else if (self.noDraw)
            turnOn(w, self);  // Toggle: IsOn() is "not EF_NODRAW"
        else
            turnOff(w, self);
    }

private:
    void turnOff(World& w, Entity& e) {
        if (e.noDraw) return;
        if (mSolidity != kAlwaysSolid) e.notSolid = true;
        e.noDraw = true;
        e.touched();
        w.invalidateScene();
    }
    void turnOn(World& w, Entity& e) {
        if (!e.noDraw) return;
        if (mSolidity != kNeverSolid) e.notSolid = false;
        e.noDraw = false;
        e.touched();
        w.invalidateScene();
    }
    bool mDisabled = false;
    int mSolidity = kToggleSolid;
};

// A brush with no behaviour of its own: solid (func_wall) or not (func_illusionary).
class PlainBrush final : public EntityClass {
public:
    explicit PlainBrush(bool solid) : mSolid(solid) {}
    void spawn(World&, Entity& e) override {
        e.solid = mSolid ? Solid::Bsp : Solid::None;
        e.moveType = MoveType::Push;
    }

private:
    bool mSolid;
};

// ---- func_breakable -------------------------------------------------------------------------------------------

constexpr int kBreakTriggerOnly = 1;
constexpr std::string_view kBreakOutputs[] = {"OnBreak", "OnHealthChanged"};
enum BreakInput : std::size_t { kBreak, kSetHealth, kAddHealth, kRemoveHealth };
constexpr InputDef kBreakInputs[] = {{"Break", Variant::Type::Void},
                                     {"SetHealth", Variant::Type::Integer},
                                     {"AddHealth", Variant::Type::Integer},
                                     {"RemoveHealth", Variant::Type::Integer}};

class Breakable final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (iequals(key, "minhealthdmg"))
            mMinHealthDamage = keyInt(value);
        else
            return false;
        return true;
    }
    void spawn(World&, Entity& e) override {
        e.takeDamage = (e.health == 0 || e.hasSpawnFlag(kBreakTriggerOnly)) ? takedamage::kNo : takedamage::kYes;
        e.maxHealth = e.health > 0 ? e.health : 1;
        e.solid = Solid::Bsp;
        e.moveType = MoveType::Push;
        e.angles = {};  // "this is a hack to shoot the gibs in a specific yaw/direction"
    }
    int onTakeDamage(World& w, Entity& self, DamageInfo& info) override {
        if (self.takeDamage == takedamage::kNo || info.damage < static_cast<float>(mMinHealthDamage)) return 0;
        // The base rule on a copy of the health, then UpdateHealth fires the outputs.
        const int newHealth = static_cast<int>(static_cast<float>(self.health) - info.damage);
        updateHealth(w, self, newHealth, info.attacker);
        return 1;
    }
    std::span<const InputDef> inputs() const override { return kBreakInputs; }
    std::span<const std::string_view> outputs() const override { return kBreakOutputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        switch (which) {
            case kBreak:
                breakNow(w, self, in.activator);
                break;
            case kSetHealth:
                updateHealth(w, self, in.value.integer, in.activator);
                break;
            case kAddHealth:
                updateHealth(w, self, self.health + in.value.integer, in.activator);
                break;
            case kRemoveHealth:
                updateHealth(w, self, self.health - in.value.integer, in.activator);
                break;
            default:
                break;
        }
    }
    void think(World& w, Entity& self) override {
        if (mBroken) w.remove(self);  // SUB_Remove 0.1 s after the break
    }

private:
    void updateHealth(World& w, Entity& self, int health, EntityHandle activator) {
        if (health == self.health) return;
        self.health = health;
        self.touched();
        const float ratio =
            std::clamp(static_cast<float>(self.health) / static_cast<float>(self.maxHealth), 0.0f, 1.0f);
        w.fireOutput(self, "OnHealthChanged", activator, Variant::ofFloat(ratio));
        if (self.health <= 0) breakNow(w, self, activator);
    }
    void breakNow(World& w, Entity& self, EntityHandle breaker) {
        if (mBroken) return;
        mBroken = true;
        self.takeDamage = takedamage::kNo;
        w.setName(self, {});  // SetName( NULL_STRING )
        self.notSolid = true;
        self.touched();
        w.invalidateScene();
        w.fireOutput(self, "OnBreak", breaker);
        w.setNextThink(self, w.curtime() + 0.1f);
    }
    int mMinHealthDamage = 0;
    bool mBroken = false;
};

// ---- func_rotating --------------------------------------------------------------------------------------------

constexpr int kStartOn = 1, kBackwards = 2, kZAxis = 4, kXAxis = 8, kAccDcc = 16, kNotSolid = 64;
enum RotInput : std::size_t { kSetSpeed, kStart, kStop, kRotToggle, kReverse, kStartForward, kStartBackward };
constexpr InputDef kRotInputs[] = {{"SetSpeed", Variant::Type::Float},    {"Start", Variant::Type::Void},
                                   {"Stop", Variant::Type::Void},         {"Toggle", Variant::Type::Void},
                                   {"Reverse", Variant::Type::Void},      {"StartForward", Variant::Type::Void},
                                   {"StartBackward", Variant::Type::Void}};

class Rotating final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (iequals(key, "maxspeed"))
            mMaxSpeed = keyFloat(value);
        else if (iequals(key, "fanfriction"))
            mFanFriction = keyFloat(value);
        else if (iequals(key, "dmg"))
            mBlockDamage = keyFloat(value);
        else
            return false;
        return true;
    }
    void spawn(World& w, Entity& e) override {
        if (mFanFriction == 0) mFanFriction = 1;
        if (e.hasSpawnFlag(kZAxis))
            mMoveAng = {0, 0, 1};
        else if (e.hasSpawnFlag(kXAxis))
            mMoveAng = {1, 0, 0};
        else
            mMoveAng = {0, 1, 0};
        if (e.hasSpawnFlag(kBackwards)) mMoveAng = mMoveAng * -1.0f;
        e.solid = Solid::Bsp;
        e.notSolid = e.hasSpawnFlag(kNotSolid);
        e.moveType = MoveType::Push;
        mMaxSpeed = std::abs(mMaxSpeed);
        if (mMaxSpeed == 0) mMaxSpeed = 100;
        if (e.hasSpawnFlag(kStartOn)) w.setNextThink(e, w.curtime() + 0.2f);  // SUB_CallUseToggle
        mSpeed = 0;
    }
    void think(World& w, Entity& self) override { use(w, self, {}, {}, UseType::Toggle, 0); }
    void use(World& w, Entity& self, EntityHandle, EntityHandle, UseType, float) override {
        setTargetSpeed(w, self, mSpeed != 0 ? 0.0f : mMaxSpeed);
    }
    std::span<const InputDef> inputs() const override { return kRotInputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        switch (which) {
            case kSetSpeed: {
                const float f = in.value.number;
                mReversed = f < 0;
                setTargetSpeed(w, self, std::clamp(std::abs(f), 0.0f, 1.0f) * mMaxSpeed);
                break;
            }
            case kStart:
                setTargetSpeed(w, self, mMaxSpeed);
                break;
            case kStop:
                setTargetSpeed(w, self, 0);
                break;
            case kRotToggle:
                setTargetSpeed(w, self, mSpeed > 0 ? 0.0f : mMaxSpeed);
                break;
            case kReverse:
                mReversed = !mReversed;
                setTargetSpeed(w, self, mSpeed);
                break;
            case kStartForward:
                mReversed = false;
                setTargetSpeed(w, self, mMaxSpeed);
                break;
            case kStartBackward:
                mReversed = true;
                setTargetSpeed(w, self, mMaxSpeed);
                break;
            default:
                break;
        }
    }
    void moveDone(World& w, Entity& self) override {
        // RotateMove: keep spinning (a move done every 10 s keeps the pusher simulating); SpinUp/SpinDown steps.
        if (mPhase == Phase::SpinUp) {
            float speed = std::abs(mSpeed) + 0.2f * mMaxSpeed * mFanFriction;
            bool done = false;
            if (std::abs(speed) >= std::abs(mTargetSpeed)) {
                speed = mTargetSpeed;
                done = true;
            } else if (mTargetSpeed < 0) {
                speed = -speed;
            }
            updateSpeed(self, speed);
            if (done) mPhase = Phase::Rotate;
            w.setMoveDoneTime(self, done ? 10.0f : 0.1f);
        } else if (mPhase == Phase::SpinDown || mPhase == Phase::Reverse) {
            float speed = std::abs(mSpeed) - 0.1f * mMaxSpeed * mFanFriction;
            speed = std::max(speed, 0.0f);
            const float target = mPhase == Phase::Reverse ? 0.0f : mTargetSpeed;
            bool done = false;
            if (std::abs(speed) <= std::abs(target)) {
                speed = target;
                done = true;
            } else if (mSpeed < 0) {
                speed = -speed;
            }
            updateSpeed(self, speed);
            if (done && mPhase == Phase::Reverse) {
                setTargetSpeed(w, self, mTargetSpeed);
            } else {
                if (done) mPhase = Phase::Rotate;
                w.setMoveDoneTime(self, done ? 10.0f : 0.1f);
            }
        } else {
            w.setMoveDoneTime(self, 10.0f);
        }
    }
    void blocked(World& w, Entity& self, Entity& other) override {
        w.takeDamage(other, DamageInfo::make(self.handle, self.handle, mBlockDamage, dmg::kCrush));
    }

private:
    enum class Phase : std::uint8_t { Rotate, SpinUp, SpinDown, Reverse };
    void updateSpeed(Entity& self, float speed) {
        mSpeed = std::clamp(speed, -mMaxSpeed, mMaxSpeed);
        self.angularVelocity = mMoveAng * mSpeed;
        self.touched();
    }
    void setTargetSpeed(World& w, Entity& self, float speed) {
        speed = std::abs(speed);
        if (mReversed) speed = -speed;
        mTargetSpeed = speed;
        if (!self.hasSpawnFlag(kAccDcc)) {
            updateSpeed(self, mTargetSpeed);
            mPhase = Phase::Rotate;
        } else if ((mSpeed > 0 && mTargetSpeed < 0) || (mSpeed < 0 && mTargetSpeed > 0)) {
            mPhase = Phase::Reverse;
        } else if (std::abs(mSpeed) < std::abs(mTargetSpeed)) {
            mPhase = Phase::SpinUp;
        } else if (std::abs(mSpeed) > std::abs(mTargetSpeed)) {
            mPhase = Phase::SpinDown;
        } else {
            mPhase = Phase::Rotate;
        }
        w.setMoveDoneTime(self, 0.1f);  // GetNextMoveInterval
    }
    Vec3 mMoveAng{0, 1, 0};
    float mMaxSpeed = 0, mFanFriction = 0, mBlockDamage = 0, mSpeed = 0, mTargetSpeed = 0;
    bool mReversed = false;
    Phase mPhase = Phase::Rotate;
};

}  // namespace

void registerBrushes(ClassRegistry& r) {
    r.add("func_brush", [] { return std::make_unique<FuncBrush>(); });
    r.add("func_wall", [] { return std::make_unique<PlainBrush>(true); });
    r.add("func_illusionary", [] { return std::make_unique<PlainBrush>(false); });
    r.add("func_breakable", [] { return std::make_unique<Breakable>(); });
    r.add("func_rotating", [] { return std::make_unique<Rotating>(); });
}

}  // namespace vestige::source::game::classes
