// func_button (server buttons.cpp CBaseButton): touch / use / damage / Press activation, OnPressed, OnIn, OnOut.
// Its press sound ("sounds" N: the soundscript "Buttons.sndN", none for 0) plays on CHAN_VOICE at volume 1 and
// SNDLVL_NORM when it starts moving in, and when a press sends it back out (not when it returns by itself after
// `wait`), as CBaseButton does. Locked/unlocked sounds and sentences are not played yet.
#include "classes/common.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::game::classes {

namespace {

constexpr int kDontMove = 1, kToggle = 32, kTouchActivates = 256, kDamageActivates = 512, kUseActivates = 1024,
              kLocked = 2048;

constexpr int kChanVoice = 2;         // CHAN_VOICE
constexpr float kSndLvlNorm = 75.0f;  // SNDLVL_NORM

constexpr std::string_view kOutputs[] = {"OnDamaged", "OnPressed", "OnUseLocked", "OnIn", "OnOut"};
enum Input : std::size_t { kLock, kUnlock, kPress, kPressIn, kPressOut };
constexpr InputDef kInputs[] = {{"Lock", Variant::Type::Void},
                                {"Unlock", Variant::Type::Void},
                                {"Press", Variant::Type::Void},
                                {"PressIn", Variant::Type::Void},
                                {"PressOut", Variant::Type::Void}};

class Button final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (iequals(key, "sounds")) {
            const int n = keyInt(value);
            mNoise = n != 0 ? "Buttons.snd" + std::to_string(n) : std::string();
            return true;
        }
        return mKeys.read(key, value);
    }

    void spawn(World& w, Entity& e) override {
        const Vec3 dir = forwardOf(mKeys.moveDirAngles);
        initBrush(w, e);
        mSpeed = mKeys.speed == 0 ? 40.0f : mKeys.speed;
        e.takeDamage = takedamage::kYes;
        mWait = mKeys.wait == 0 ? 1.0f : mKeys.wait;
        const float lip = mKeys.lip == 0 ? 4.0f : mKeys.lip;
        mState = ToggleState::AtBottom;
        mPos1 = e.origin;
        mPos2 = mPos1 + dir * (extentAlong(dir, (e.maxs - e.mins) - Vec3{2, 2, 2}) - lip);
        if (length(mPos2 - mPos1) < 1 || e.hasSpawnFlag(kDontMove)) mPos2 = mPos1;
        mStayPushed = mWait == -1;
        mLocked = e.hasSpawnFlag(kLocked);
        mTouchEnabled = e.hasSpawnFlag(kTouchActivates);
    }

    void use(World& w, Entity& self, EntityHandle activator, EntityHandle, UseType, float) override {
        // ButtonUse exists only with "use activates"; ignored while moving.
        if (!self.hasSpawnFlag(kUseActivates)) return;
        if (mState == ToggleState::GoingUp || mState == ToggleState::GoingDown) return;
        if (mLocked) {
            w.fireOutput(self, "OnUseLocked", activator);
            return;
        }
        mActivator = activator;
        if (mState == ToggleState::AtTop) {
            if (self.hasSpawnFlag(kToggle)) {
                playNoise(w, self);
                w.fireOutput(self, "OnPressed", mActivator);
                buttonReturn(w, self);
            }
        } else {
            w.fireOutput(self, "OnPressed", mActivator);
            buttonActivate(w, self);
        }
    }

    void touch(World& w, Entity& self, Entity& other) override {
        if (!mTouchEnabled || !other.isPlayer()) return;
        mActivator = other.handle;
        const Code code = responseToTouch(self);
        if (code == Code::Nothing || mLocked) return;
        mTouchEnabled = false;  // until the movement finishes
        if (code == Code::Return) playNoise(w, self);
        w.fireOutput(self, "OnPressed", mActivator);
        if (code == Code::Return)
            buttonReturn(w, self);
        else
            buttonActivate(w, self);
    }

    int onTakeDamage(World& w, Entity& self, DamageInfo& info) override {
        w.fireOutput(self, "OnDamaged", mActivator);
        if (!self.hasSpawnFlag(kDamageActivates) && self.health == 0) return 0;
        const Code code = responseToTouch(self);
        if (code == Code::Nothing) return 0;
        mActivator = info.attacker;
        if (!w.get(mActivator) || mLocked) return 0;
        mTouchEnabled = false;
        if (code == Code::Return) playNoise(w, self);
        w.fireOutput(self, "OnPressed", mActivator);
        if (code == Code::Return)
            buttonReturn(w, self);
        else
            buttonActivate(w, self);
        return 0;
    }

    int objectCaps(const Entity& self) const override {
        return self.hasSpawnFlag(kUseActivates) ? fcap::kImpulseUse | fcap::kUseInRadius : 0;
    }
    std::span<const InputDef> inputs() const override { return kInputs; }
    std::span<const std::string_view> outputs() const override { return kOutputs; }

    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        switch (which) {
            case kLock:
                mLocked = true;
                break;
            case kUnlock:
                mLocked = false;
                break;
            case kPress:
                press(w, self, in.activator, Press::Press);
                break;
            case kPressIn:
                press(w, self, in.activator, Press::Activate);
                break;
            case kPressOut:
                press(w, self, in.activator, Press::Return);
                break;
            default:
                break;
        }
    }

    void moveDone(World& w, Entity& self) override {
        if (mDone == Done::TriggerAndWait)
            triggerAndWait(w, self);
        else if (mDone == Done::BackHome)
            backHome(w, self);
    }

    void think(World& w, Entity& self) override {
        if (mThinkReturn) {
            mThinkReturn = false;
            buttonReturn(w, self);
        }
    }

private:
    enum class Code : std::uint8_t { Nothing, Activate, Return };
    enum class Press : std::uint8_t { Press, Activate, Return };
    enum class Done : std::uint8_t { None, TriggerAndWait, BackHome };

    Code responseToTouch(const Entity& self) const {
        if (mState == ToggleState::GoingUp || mState == ToggleState::GoingDown ||
            (mState == ToggleState::AtTop && !mStayPushed && !self.hasSpawnFlag(kToggle)))
            return Code::Nothing;
        if (mState == ToggleState::AtTop) {
            return self.hasSpawnFlag(kToggle) && !mStayPushed ? Code::Return : Code::Nothing;
        }
        return Code::Activate;
    }

    void press(World& w, Entity& self, EntityHandle activator, Press code) {
        // CBaseButton::Press: Press toggles, PressIn only from the bottom, PressOut only from the top.
        const bool moving = mState == ToggleState::GoingUp || mState == ToggleState::GoingDown;
        if (code == Press::Press && moving) return;
        if (code == Press::Activate && (mState == ToggleState::GoingUp || mState == ToggleState::AtTop)) return;
        if (code == Press::Return && (mState == ToggleState::GoingDown || mState == ToggleState::AtBottom)) return;
        if (mLocked) return;
        mTouchEnabled = false;
        if ((code == Press::Press && mState == ToggleState::AtTop) ||
            (code == Press::Return && (mState == ToggleState::AtTop || mState == ToggleState::GoingUp))) {
            playNoise(w, self);
            w.fireOutput(self, "OnPressed", activator);
            buttonReturn(w, self);
        } else if (code == Press::Press ||
                   (code == Press::Activate && (mState == ToggleState::AtBottom || mState == ToggleState::GoingDown))) {
            w.fireOutput(self, "OnPressed", activator);
            buttonActivate(w, self);
        }
    }

    void playNoise(World& w, const Entity& self) const { emitBrushSound(w, self, mNoise, kChanVoice); }

    void buttonActivate(World& w, Entity& self) {
        playNoise(w, self);
        if (mLocked) return;
        mState = ToggleState::GoingUp;
        mDone = Done::TriggerAndWait;
        w.linearMove(self, mPos2, mSpeed);
    }

    void triggerAndWait(World& w, Entity& self) {
        if (mLocked) return;
        mState = ToggleState::AtTop;
        mDone = Done::None;
        if (mStayPushed || self.hasSpawnFlag(kToggle)) {
            mTouchEnabled = self.hasSpawnFlag(kTouchActivates);
        } else {
            // Comes back out after `wait` seconds (a think, not a move time).
            w.setNextThink(self, w.curtime() + mWait);
            mThinkReturn = true;
        }
        w.fireOutput(self, "OnIn", mActivator);
    }

    void buttonReturn(World& w, Entity& self) {
        mState = ToggleState::GoingDown;
        mDone = Done::BackHome;
        w.linearMove(self, mPos1, mSpeed);
    }

    void backHome(World& w, Entity& self) {
        mState = ToggleState::AtBottom;
        mDone = Done::None;
        w.fireOutput(self, "OnOut", mActivator);
        mTouchEnabled = self.hasSpawnFlag(kTouchActivates);
    }

    ToggleKeys mKeys;
    std::string mNoise;  // "Buttons.snd<N>", empty: silent
    Vec3 mPos1, mPos2;
    float mSpeed = 0, mWait = 0;
    bool mStayPushed = false, mLocked = false, mTouchEnabled = false, mThinkReturn = false;
    ToggleState mState = ToggleState::AtBottom;
    Done mDone = Done::None;
    EntityHandle mActivator;
};

}  // namespace

void registerButtons(ClassRegistry& r) {
    r.add("func_button", [] { return std::make_unique<Button>(); });
}

}  // namespace vestige::source::game::classes
