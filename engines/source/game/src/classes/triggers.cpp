// Triggers (server triggers.cpp): CBaseTrigger (enable/disable, filters, touch outputs), trigger_multiple,
// trigger_once, trigger_teleport, trigger_push, trigger_hurt. Filters are the spawnflags (clients, everything);
// filter entities ("filtername") are not implemented and counted as a warning when a trigger names one.
#include <algorithm>

#include "classes/common.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::game::classes {

namespace {

constexpr int kAllowClients = 0x01, kAllowAll = 0x40, kPushOnce = 0x80;
constexpr int kTeleportPreserveAngles = 0x20;

enum BaseInput : std::size_t { kEnable, kDisable, kToggle, kTouchTest };
constexpr InputDef kBaseInputs[] = {{"Enable", Variant::Type::Void},
                                    {"Disable", Variant::Type::Void},
                                    {"Toggle", Variant::Type::Void},
                                    {"TouchTest", Variant::Type::Void}};
constexpr std::string_view kBaseOutputs[] = {"OnStartTouch",  "OnStartTouchAll", "OnEndTouch",
                                             "OnEndTouchAll", "OnTouching",      "OnNotTouching"};

class Trigger : public EntityClass {
public:
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "StartDisabled")) {
            mDisabled = keyBool(value);
            return true;
        }
        if (iequals(key, "filtername") && !value.empty()) {
            Error err("game.trigger_filter",
                      "filter entities are not implemented; the trigger uses its spawnflags only");
            err.entry(e.className).field("filtername").actual(std::string(value));
            w.warn(std::move(err));
            return true;
        }
        return false;
    }
    void spawn(World&, Entity& e) override {
        // InitTrigger: not solid, a touch volume while enabled, never moved by physics.
        e.solid = Solid::Bsp;
        e.notSolid = true;
        e.moveType = MoveType::None;
        e.noDraw = true;
    }
    bool isTrigger(const Entity&) const override { return !mDisabled; }

    // PassesTriggerFilters: clients (alive players) with flag 1, anything with flag 64.
    [[nodiscard]] bool passes(const Entity& self, const Entity& other) const {
        if (self.hasSpawnFlag(kAllowAll)) return !other.isPlayer() || other.alive;
        if (self.hasSpawnFlag(kAllowClients) && other.isPlayer()) return other.alive;
        return false;
    }
    void startTouch(World& w, Entity& self, Entity& other) override {
        if (!passes(self, other)) return;
        const bool added = std::find(mTouching.begin(), mTouching.end(), other.handle) == mTouching.end();
        if (added) mTouching.push_back(other.handle);
        w.fireOutput(self, "OnStartTouch", other.handle);
        if (added && mTouching.size() == 1) w.fireOutput(self, "OnStartTouchAll", other.handle);
    }
    void endTouch(World& w, Entity& self, Entity& other) override {
        const auto it = std::find(mTouching.begin(), mTouching.end(), other.handle);
        if (it == mTouching.end()) return;
        mTouching.erase(it);
        w.fireOutput(self, "OnEndTouch", other.handle);
        std::erase_if(mTouching, [&](EntityHandle h) { return w.get(h) == nullptr; });
        if (mTouching.empty()) w.fireOutput(self, "OnEndTouchAll", other.handle);
    }
    std::span<const InputDef> inputs() const override { return kBaseInputs; }
    std::span<const std::string_view> outputs() const override { return kBaseOutputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData&) override {
        switch (which) {
            case kEnable:
                mDisabled = false;
                break;
            case kDisable:
                mDisabled = true;
                break;  // touching entities get EndTouch at their next touch check
            case kToggle:
                mDisabled = !mDisabled;
                break;
            case kTouchTest:
                if (!mDisabled) w.fireOutput(self, mTouching.empty() ? "OnNotTouching" : "OnTouching", self.handle);
                break;
            default:
                break;
        }
        self.touched();
    }

protected:
    bool mDisabled = false;
    std::vector<EntityHandle> mTouching;  // m_hTouchingEntities: the ones that passed the filters
};

// trigger_multiple / trigger_once (wait -1): OnTrigger from Touch, then wait (or removal 0.1 s later).
class Multiple : public Trigger {
public:
    explicit Multiple(bool once) : mOnce(once) {}
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "wait")) {
            mWait = keyFloat(value);
            return true;
        }
        return Trigger::keyValue(w, e, key, value);
    }
    void spawn(World& w, Entity& e) override {
        Trigger::spawn(w, e);
        if (mWait == 0) mWait = 0.2f;
        if (mOnce) mWait = -1;
    }
    std::span<const std::string_view> outputs() const override { return kMultipleOutputs; }
    void touch(World& w, Entity& self, Entity& other) override {
        if (!mTouchEnabled || !passes(self, other)) return;
        if (w.nextThinkTime(self) > w.curtime()) return;  // still waiting for reset time
        w.fireOutput(self, "OnTrigger", other.handle);
        if (mWait > 0) {
            w.setNextThink(self, w.curtime() + mWait);  // MultiWaitOver
        } else {
            // "we can't just remove (self) here, because this is a touch function"
            mTouchEnabled = false;
            mRemoveOnThink = true;
            w.setNextThink(self, w.curtime() + 0.1f);
        }
    }
    void think(World& w, Entity& self) override {
        if (mRemoveOnThink) w.remove(self);
    }

private:
    static constexpr std::string_view kMultipleOutputs[] = {
        "OnStartTouch", "OnStartTouchAll", "OnEndTouch", "OnEndTouchAll", "OnTouching", "OnNotTouching", "OnTrigger"};
    bool mOnce;
    float mWait = 0;
    bool mTouchEnabled = true, mRemoveOnThink = false;
};

class Teleport final : public Trigger {
public:
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "landmark")) {
            mLandmark = std::string(value);
            return true;
        }
        return Trigger::keyValue(w, e, key, value);
    }
    void touch(World& w, Entity& self, Entity& other) override {
        if (!passes(self, other)) return;
        const auto targets = w.findByName(self.target, {}, other.handle, other.handle);
        const Entity* target = targets.empty() ? nullptr : w.get(targets.front());
        if (!target) return;
        const Entity* landmark = nullptr;
        Vec3 offset;
        if (!mLandmark.empty()) {
            const auto marks = w.findByName(mLandmark, {}, other.handle, other.handle);
            landmark = marks.empty() ? nullptr : w.get(marks.front());
            if (landmark) offset = other.origin - landmark->origin;
        }
        Vec3 to = target->origin;
        if (!landmark && other.isPlayer()) to.z -= other.mins.z;  // the player's origin is at its feet
        to += offset;
        const Vec3 angles = target->angles;
        // Angles only without a landmark and without "preserve angles"; the velocity is kept (the SDK's BUGBUG).
        const bool setAngles = !landmark && !self.hasSpawnFlag(kTeleportPreserveAngles);
        w.teleport(other, &to, setAngles ? &angles : nullptr, nullptr);
    }

private:
    std::string mLandmark;
};

class Push final : public Trigger {
public:
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "pushdir"))
            mPushDirAngles = keyVector(value);
        else if (iequals(key, "speed"))
            mSpeed = keyFloat(value);
        else
            return Trigger::keyValue(w, e, key, value);
        return true;
    }
    void spawn(World& w, Entity& e) override {
        // The push direction is kept in the trigger's space and turned back with it when pushing.
        const Vec3 dir = forwardOf(mPushDirAngles);
        const Placement at = Placement::of({}, {}, e.angles, true);
        mLocalDir = at.rotated ? at.toModel(dir) : dir;
        Trigger::spawn(w, e);
        if (mSpeed == 0) mSpeed = 100;
    }
    void touch(World& w, Entity& self, Entity& other) override {
        if (!other.isSolid() || other.moveType == MoveType::Push || other.moveType == MoveType::None) return;
        if (!passes(self, other) || !other.parent.isNull()) return;
        const Placement at = Placement::of({}, {}, self.angles, true);
        const Vec3 dir = at.rotated ? at.toWorldNormal(mLocalDir) : mLocalDir;
        if (self.hasSpawnFlag(kPushOnce)) {
            other.velocity += dir * mSpeed;
            if (other.player) other.player->move.velocity = other.velocity;
            if (dir.z > 0) other.groundEntity = {};
            w.remove(self);
            return;
        }
        if (other.moveType == MoveType::Noclip) return;
        Vec3 push = dir * mSpeed;
        if (other.player && other.player->baseVelocityFlag) push += other.baseVelocity;
        if (push.z > 0 && !other.groundEntity.isNull()) {
            other.groundEntity = {};
            w.setOrigin(other, other.origin + Vec3{0, 0, 1});
            if (other.player) other.player->move.onGround = false;
        }
        other.baseVelocity = push;  // SetBaseVelocity + FL_BASEVELOCITY
        if (other.player) {
            other.player->move.baseVelocity = push;
            other.player->baseVelocityFlag = true;
        }
    }

private:
    Vec3 mPushDirAngles, mLocalDir;
    float mSpeed = 0;
};

constexpr std::string_view kHurtOutputs[] = {"OnStartTouch", "OnStartTouchAll", "OnEndTouch", "OnEndTouchAll",
                                             "OnTouching",   "OnNotTouching",   "OnHurt",     "OnHurtPlayer"};
constexpr int kDamageModelDoubleForgiveness = 1;

class Hurt final : public Trigger {
public:
    bool keyValue(World& w, Entity& e, std::string_view key, std::string_view value) override {
        if (iequals(key, "damage"))
            mDamage = keyFloat(value);
        else if (iequals(key, "damagecap"))
            mDamageCap = keyFloat(value);
        else if (iequals(key, "damagetype"))
            mType = static_cast<std::uint32_t>(keyInt(value));
        else if (iequals(key, "damagemodel"))
            mModel = keyInt(value);
        else if (iequals(key, "nodmgforce"))
            mNoForce = keyBool(value);
        else
            return Trigger::keyValue(w, e, key, value);
        return true;
    }
    void spawn(World& w, Entity& e) override {
        Trigger::spawn(w, e);
        mOriginal = mDamage;
        w.stopThink(e);
    }
    std::span<const std::string_view> outputs() const override { return kHurtOutputs; }
    void touch(World& w, Entity& self, Entity&) override {
        if (!mThinking) {
            mThinking = true;
            w.setNextThink(self, w.curtime());
        }
    }
    void think(World& w, Entity& self) override {
        // HurtThink: half a second of damage to everything touching; think again while someone was hurt.
        if (hurtAllTouchers(w, self, 0.5f) <= 0)
            mThinking = false;
        else
            w.setNextThink(self, w.curtime() + 0.5f);
    }
    void endTouch(World& w, Entity& self, Entity& other) override {
        // Leaving before the next hurt still costs half a second's damage.
        if (passes(self, other) && std::find(mHurt.begin(), mHurt.end(), other.handle) == mHurt.end())
            hurt(w, self, other, mDamage * 0.5f);
        Trigger::endTouch(w, self, other);
    }

private:
    bool hurt(World& w, Entity& self, Entity& other, float damage) {
        if (other.takeDamage == takedamage::kNo || !passes(self, other)) return false;
        if (damage < 0) {
            other.health = std::min(other.maxHealth, other.health + static_cast<int>(-damage));  // TakeHealth
            other.touched();
        } else {
            DamageInfo info = DamageInfo::make(self.handle, self.handle, damage, mType);
            info.damagePosition = other.worldSpaceCenter();
            w.takeDamage(other, info);
        }
        w.fireOutput(self, other.isPlayer() ? "OnHurtPlayer" : "OnHurt", other.handle);
        mHurt.push_back(other.handle);
        return true;
    }
    int hurtAllTouchers(World& w, Entity& self, float dt) {
        int count = 0;
        const float damage = mDamage * dt;
        mHurt.clear();
        for (EntityHandle h : std::vector<EntityHandle>(self.touching))
            if (Entity* other = w.get(h); other && hurt(w, self, *other, damage)) ++count;
        if (mModel == kDamageModelDoubleForgiveness) {
            if (count == 0) {
                if (w.curtime() > mResetTime) mDamage = mOriginal;
            } else {
                mDamage = std::min(mDamage * 2.0f, mDamageCap);
                mResetTime = w.curtime() + 3.0f;  // TRIGGER_HURT_FORGIVE_TIME
            }
        }
        return count;
    }
    float mDamage = 0, mDamageCap = 0, mOriginal = 0, mResetTime = 0;
    std::uint32_t mType = 0;
    int mModel = 0;
    bool mNoForce = false, mThinking = false;
    std::vector<EntityHandle> mHurt;
};

}  // namespace

void registerTriggers(ClassRegistry& r) {
    r.add("trigger_multiple", [] { return std::make_unique<Multiple>(false); });
    r.add("trigger_once", [] { return std::make_unique<Multiple>(true); });
    r.add("trigger_teleport", [] { return std::make_unique<Teleport>(); });
    r.add("trigger_push", [] { return std::make_unique<Push>(); });
    r.add("trigger_hurt", [] { return std::make_unique<Hurt>(); });
}

}  // namespace vestige::source::game::classes
