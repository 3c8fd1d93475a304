// Logic entities (server logicrelay.cpp, logicauto.cpp, logicentities.cpp): logic_relay, logic_auto, logic_timer,
// logic_case, logic_compare, math_counter. Random numbers come from the world's named streams.
#include <algorithm>

#include "classes/common.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::game::classes {

namespace {

// ---- logic_relay --------------------------------------------------------------------------------------------

constexpr int kRelayRemoveOnFire = 1, kRelayFastRetrigger = 2;
constexpr std::string_view kRelayOutputs[] = {"OnTrigger", "OnSpawn"};
enum RelayInput : std::size_t {
    kRelayEnable,
    kRelayEnableRefire,
    kRelayDisable,
    kRelayToggle,
    kRelayTrigger,
    kRelayCancel
};
constexpr InputDef kRelayInputs[] = {{"Enable", Variant::Type::Void},  {"EnableRefire", Variant::Type::Void},
                                     {"Disable", Variant::Type::Void}, {"Toggle", Variant::Type::Void},
                                     {"Trigger", Variant::Type::Void}, {"CancelPending", Variant::Type::Void}};

class Relay final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (!iequals(key, "StartDisabled")) return false;
        mDisabled = keyBool(value);
        return true;
    }
    void activate(World& w, Entity& e) override {
        if (const Output* o = e.findOutput("OnSpawn"); o && !o->actions.empty()) w.setNextThink(e, w.curtime() + 0.01f);
    }
    void think(World& w, Entity& e) override {
        w.fireOutput(e, "OnSpawn", e.handle);
        if (e.hasSpawnFlag(kRelayRemoveOnFire)) w.remove(e);
    }
    std::span<const InputDef> inputs() const override { return kRelayInputs; }
    std::span<const std::string_view> outputs() const override { return kRelayOutputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        switch (which) {
            case kRelayEnable:
                mDisabled = false;
                break;
            case kRelayEnableRefire:
                mWaitForRefire = false;
                break;
            case kRelayDisable:
                mDisabled = true;
                break;
            case kRelayToggle:
                mDisabled = !mDisabled;
                break;
            case kRelayCancel:
                w.cancelEvents(self.handle);
                mWaitForRefire = false;
                break;
            case kRelayTrigger:
                if (mDisabled || mWaitForRefire) break;
                w.fireOutput(self, "OnTrigger", in.activator);
                if (self.hasSpawnFlag(kRelayRemoveOnFire)) {
                    w.remove(self);
                } else if (!self.hasSpawnFlag(kRelayFastRetrigger)) {
                    // Disabled until its last output went out (slightly after, so events in flight land first).
                    mWaitForRefire = true;
                    const Output* o = self.findOutput("OnTrigger");
                    w.postEvent(self.handle, "EnableRefire", {}, (o ? o->maxDelay() : 0.0f) + 0.001f, self.handle,
                                self.handle);
                }
                break;
            default:
                break;
        }
    }

private:
    bool mDisabled = false, mWaitForRefire = false;
};

// ---- logic_auto ---------------------------------------------------------------------------------------------

constexpr std::string_view kAutoOutputs[] = {"OnMapSpawn",      "OnNewGame",     "OnLoadGame",     "OnMapTransition",
                                             "OnBackgroundMap", "OnMultiNewMap", "OnMultiNewRound"};

class Auto final : public EntityClass {
public:
    void activate(World& w, Entity& e) override { w.setNextThink(e, w.curtime() + 0.2f); }
    void think(World& w, Entity& e) override {
        // A new map (MapLoad_NewGame) in a single-player game; globalstate is not implemented (always on).
        w.fireOutput(e, "OnNewGame", {});
        w.fireOutput(e, "OnMapSpawn", {});
        if (e.hasSpawnFlag(1)) w.remove(e);  // SF_AUTO_FIREONCE
    }
    std::span<const std::string_view> outputs() const override { return kAutoOutputs; }
};

// ---- logic_timer ---------------------------------------------------------------------------------------------

constexpr float kTimerMinInterval = 0.01f;
constexpr std::string_view kTimerOutputs[] = {"OnTimer", "OnTimerHigh", "OnTimerLow"};
enum TimerInput : std::size_t {
    kRefireTime,
    kFireTimer,
    kTimerEnable,
    kTimerDisable,
    kTimerToggle,
    kAddToTimer,
    kResetTimer,
    kSubtractFromTimer,
    kUseRandomTime,
    kLowerBound,
    kUpperBound
};
constexpr InputDef kTimerInputs[] = {
    {"RefireTime", Variant::Type::Float},      {"FireTimer", Variant::Type::Void},
    {"Enable", Variant::Type::Void},           {"Disable", Variant::Type::Void},
    {"Toggle", Variant::Type::Void},           {"AddToTimer", Variant::Type::Float},
    {"ResetTimer", Variant::Type::Void},       {"SubtractFromTimer", Variant::Type::Float},
    {"UseRandomTime", Variant::Type::Integer}, {"LowerRandomBound", Variant::Type::Float},
    {"UpperRandomBound", Variant::Type::Float}};

class Timer final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (iequals(key, "StartDisabled"))
            mDisabled = keyBool(value);
        else if (iequals(key, "RefireTime"))
            mRefire = keyFloat(value);
        else if (iequals(key, "UseRandomTime"))
            mRandom = keyInt(value);
        else if (iequals(key, "LowerRandomBound"))
            mLower = keyFloat(value);
        else if (iequals(key, "UpperRandomBound"))
            mUpper = keyFloat(value);
        else
            return false;
        return true;
    }
    void spawn(World& w, Entity& e) override {
        if (!mRandom && mRefire < kTimerMinInterval) mRefire = kTimerMinInterval;
        if (!mDisabled && (mRefire > 0 || mRandom))
            enable(w, e);
        else
            disable(w, e);
    }
    void think(World& w, Entity& e) override { fire(w, e); }
    std::span<const InputDef> inputs() const override { return kTimerInputs; }
    std::span<const std::string_view> outputs() const override { return kTimerOutputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        switch (which) {
            case kRefireTime: {
                const float t = std::max(in.value.number, kTimerMinInterval);
                if (mRefire != t) {
                    mRefire = t;
                    reset(w, self);
                }
                break;
            }
            case kFireTimer:
                fire(w, self);
                break;
            case kTimerEnable:
                enable(w, self);
                break;
            case kTimerDisable:
                disable(w, self);
                break;
            case kTimerToggle:
                mDisabled ? enable(w, self) : disable(w, self);
                break;
            case kAddToTimer:
                if (!mDisabled) w.setNextThink(self, w.nextThinkTime(self) + in.value.number);
                break;
            case kResetTimer:
                if (!mDisabled) reset(w, self);
                break;
            case kSubtractFromTimer:
                if (mDisabled) break;
                if (w.nextThinkTime(self) - w.curtime() <= in.value.number)
                    w.setNextThink(self, w.curtime());
                else
                    w.setNextThink(self, w.nextThinkTime(self) - in.value.number);
                break;
            case kUseRandomTime:
                mRandom = in.value.integer;
                break;
            case kLowerBound:
                mLower = in.value.number;
                break;
            case kUpperBound:
                mUpper = in.value.number;
                break;
            default:
                break;
        }
    }

private:
    void reset(World& w, Entity& e) {
        if (mDisabled) return;
        if (mRandom) mRefire = mLower + (mUpper - mLower) * w.rng().stream("logic_timer").unit();
        w.setNextThink(e, w.curtime() + mRefire);
    }
    void enable(World& w, Entity& e) {
        mDisabled = false;
        reset(w, e);
    }
    void disable(World& w, Entity& e) {
        mDisabled = true;
        w.stopThink(e);
    }
    void fire(World& w, Entity& e) {
        if (mDisabled) return;
        if (e.hasSpawnFlag(1)) {  // SF_TIMER_UPDOWN
            w.fireOutput(e, mUp ? "OnTimerHigh" : "OnTimerLow", e.handle);
            mUp = !mUp;
        } else {
            w.fireOutput(e, "OnTimer", e.handle);
        }
        reset(w, e);
    }
    bool mDisabled = false, mUp = false;
    int mRandom = 0;
    float mRefire = 0, mLower = 0, mUpper = 0;
};

// ---- logic_case -------------------------------------------------------------------------------------------------

constexpr std::size_t kMaxCases = 16;
constexpr std::string_view kCaseOutputs[] = {"OnCase01", "OnCase02", "OnCase03", "OnCase04", "OnCase05", "OnCase06",
                                             "OnCase07", "OnCase08", "OnCase09", "OnCase10", "OnCase11", "OnCase12",
                                             "OnCase13", "OnCase14", "OnCase15", "OnCase16", "OnDefault"};
enum CaseInput : std::size_t { kInValue, kPickRandom, kPickRandomShuffle };
constexpr InputDef kCaseInputs[] = {
    {"InValue", Variant::Type::Any}, {"PickRandom", Variant::Type::Void}, {"PickRandomShuffle", Variant::Type::Void}};

class Case final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        // "Case01".."Case16"
        if (key.size() != 6 || !iequals(key.substr(0, 4), "Case")) return false;
        const int n = keyInt(key.substr(4));
        if (n < 1 || n > static_cast<int>(kMaxCases)) return false;
        mCases[static_cast<std::size_t>(n - 1)] = std::string(value);
        mHasCase[static_cast<std::size_t>(n - 1)] = true;
        return true;
    }
    std::span<const InputDef> inputs() const override { return kCaseInputs; }
    std::span<const std::string_view> outputs() const override { return kCaseOutputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        if (which == kInValue) {
            const std::string text = in.value.toString();
            for (std::size_t i = 0; i < kMaxCases; ++i) {
                if (mHasCase[i] && iequals(mCases[i], text)) {
                    w.fireOutput(self, kCaseOutputs[i], in.activator);
                    return;
                }
            }
            w.fireOutput(self, "OnDefault", in.activator, in.value);
            return;
        }
        // The cases that have connections (BuildCaseMap).
        std::vector<std::size_t> map;
        for (std::size_t i = 0; i < kMaxCases; ++i)
            if (const Output* o = self.findOutput(kCaseOutputs[i]); o && !o->actions.empty()) map.push_back(i);
        Pcg32& rng = w.rng().stream("logic_case");
        if (which == kPickRandom) {
            if (!map.empty())
                w.fireOutput(self, kCaseOutputs[map[rng.below(static_cast<std::uint32_t>(map.size()))]], in.activator);
            return;
        }
        // PickRandomShuffle: every case once before any repeats, never the last one first.
        std::size_t count = mShuffle.size();
        if (count == 0) {
            mShuffle = map;
            count = mShuffle.size();
            if (count > 1 && mLastShuffle >= 0) {
                const auto it = std::find(mShuffle.begin(), mShuffle.end(), static_cast<std::size_t>(mLastShuffle));
                if (it != mShuffle.end()) {
                    std::iter_swap(it, mShuffle.begin() + static_cast<std::ptrdiff_t>(count - 1));
                    --count;
                }
            }
        }
        if (count == 0) return;
        const std::size_t pick = rng.below(static_cast<std::uint32_t>(count));
        const std::size_t chosen = mShuffle[pick];
        w.fireOutput(self, kCaseOutputs[chosen], in.activator);
        mShuffle[pick] = mShuffle.back();
        mShuffle.pop_back();
        mLastShuffle = static_cast<int>(chosen);
    }

private:
    std::array<std::string, kMaxCases> mCases;
    std::array<bool, kMaxCases> mHasCase{};
    std::vector<std::size_t> mShuffle;
    int mLastShuffle = -1;
};

// ---- logic_compare ------------------------------------------------------------------------------------------------

constexpr std::string_view kCompareOutputs[] = {"OnEqualTo", "OnNotEqualTo", "OnGreaterThan", "OnLessThan"};
enum CompareInput : std::size_t { kSetValue, kSetValueCompare, kSetCompareValue, kCompare };
constexpr InputDef kCompareInputs[] = {{"SetValue", Variant::Type::Float},
                                       {"SetValueCompare", Variant::Type::Float},
                                       {"SetCompareValue", Variant::Type::Float},
                                       {"Compare", Variant::Type::Void}};

class Compare final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (iequals(key, "CompareValue"))
            mCompare = keyFloat(value);
        else if (iequals(key, "InitialValue"))
            mValue = keyFloat(value);
        else
            return false;
        return true;
    }
    std::span<const InputDef> inputs() const override { return kCompareInputs; }
    std::span<const std::string_view> outputs() const override { return kCompareOutputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        switch (which) {
            case kSetValue:
                mValue = in.value.number;
                break;
            case kSetValueCompare:
                mValue = in.value.number;
                compare(w, self, in.activator);
                break;
            case kSetCompareValue:
                mCompare = in.value.number;
                break;
            case kCompare:
                compare(w, self, in.activator);
                break;
            default:
                break;
        }
    }

private:
    void compare(World& w, Entity& self, EntityHandle activator) {
        const Variant v = Variant::ofFloat(mValue);
        if (mValue == mCompare) {
            w.fireOutput(self, "OnEqualTo", activator, v);
        } else {
            w.fireOutput(self, "OnNotEqualTo", activator, v);
            w.fireOutput(self, mValue > mCompare ? "OnGreaterThan" : "OnLessThan", activator, v);
        }
    }
    float mValue = 0, mCompare = 0;
};

// ---- math_counter -------------------------------------------------------------------------------------------------

constexpr std::string_view kCounterOutputs[] = {"OutValue", "OnHitMin", "OnHitMax", "OnGetValue"};
enum CounterInput : std::size_t {
    kAdd,
    kDivide,
    kMultiply,
    kCSetValue,
    kSetValueNoFire,
    kSubtract,
    kSetHitMax,
    kSetHitMin,
    kGetValue,
    kCEnable,
    kCDisable
};
constexpr InputDef kCounterInputs[] = {
    {"Add", Variant::Type::Float},       {"Divide", Variant::Type::Float},         {"Multiply", Variant::Type::Float},
    {"SetValue", Variant::Type::Float},  {"SetValueNoFire", Variant::Type::Float}, {"Subtract", Variant::Type::Float},
    {"SetHitMax", Variant::Type::Float}, {"SetHitMin", Variant::Type::Float},      {"GetValue", Variant::Type::Void},
    {"Enable", Variant::Type::Void},     {"Disable", Variant::Type::Void}};

class Counter final : public EntityClass {
public:
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (iequals(key, "min"))
            mMin = keyFloat(value);
        else if (iequals(key, "max"))
            mMax = keyFloat(value);
        else if (iequals(key, "StartDisabled"))
            mDisabled = keyBool(value);
        else if (iequals(key, "startvalue"))
            mValue = static_cast<float>(keyInt(value));  // atoi, as the SDK reads it
        else
            return false;
        return true;
    }
    void spawn(World&, Entity&) override {
        if (mMin > mMax) std::swap(mMin, mMax);
        if (clamps()) mValue = std::clamp(mValue, mMin, mMax);
    }
    std::span<const InputDef> inputs() const override { return kCounterInputs; }
    std::span<const std::string_view> outputs() const override { return kCounterOutputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        const float v = in.value.number;
        const bool enabledOnly = which == kAdd || which == kDivide || which == kMultiply || which == kCSetValue ||
                                 which == kSetValueNoFire || which == kSubtract;
        if (enabledOnly && mDisabled) return;
        switch (which) {
            case kAdd:
                update(w, self, in.activator, mValue + v);
                break;
            case kSubtract:
                update(w, self, in.activator, mValue - v);
                break;
            case kMultiply:
                update(w, self, in.activator, mValue * v);
                break;
            case kDivide:
                update(w, self, in.activator, v != 0 ? mValue / v : mValue);
                break;
            case kCSetValue:
                update(w, self, in.activator, v);
                break;
            case kSetValueNoFire:
                mValue = clamps() ? std::clamp(v, mMin, mMax) : v;
                break;
            case kSetHitMax:
                mMax = v;
                if (mMax < mMin) mMin = mMax;
                update(w, self, in.activator, mValue);
                break;
            case kSetHitMin:
                mMin = v;
                if (mMax < mMin) mMax = mMin;
                update(w, self, in.activator, mValue);
                break;
            case kGetValue:
                w.fireOutput(self, "OnGetValue", in.activator, Variant::ofFloat(mValue), 0, in.caller);
                break;
            case kCEnable:
                mDisabled = false;
                break;
            case kCDisable:
                mDisabled = true;
                break;
            default:
                break;
        }
        self.touched();
    }
    [[nodiscard]] float value() const { return mValue; }

private:
    [[nodiscard]] bool clamps() const { return mMin != 0 || mMax != 0; }  // both zero: no clamping
    void update(World& w, Entity& self, EntityHandle activator, float value) {
        if (clamps()) {
            if (value >= mMax) {
                if (!mHitMax) {
                    mHitMax = true;
                    w.fireOutput(self, "OnHitMax", activator);
                }
            } else {
                mHitMax = false;
            }
            if (value <= mMin) {
                if (!mHitMin) {
                    mHitMin = true;
                    w.fireOutput(self, "OnHitMin", activator);
                }
            } else {
                mHitMin = false;
            }
            value = std::clamp(value, mMin, mMax);
        }
        mValue = value;
        w.fireOutput(self, "OutValue", activator, Variant::ofFloat(mValue));
    }
    float mMin = 0, mMax = 0, mValue = 0;
    bool mDisabled = false, mHitMin = false, mHitMax = false;
};

}  // namespace

void registerLogic(ClassRegistry& r) {
    r.add("logic_relay", [] { return std::make_unique<Relay>(); });
    r.add("logic_auto", [] { return std::make_unique<Auto>(); });
    r.add("logic_timer", [] { return std::make_unique<Timer>(); });
    r.add("logic_case", [] { return std::make_unique<Case>(); });
    r.add("logic_compare", [] { return std::make_unique<Compare>(); });
    r.add("math_counter", [] { return std::make_unique<Counter>(); });
}

}  // namespace vestige::source::game::classes
