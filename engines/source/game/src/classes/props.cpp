// Physics props: prop_physics (and its _multiplayer and _override variants; props.cpp CPhysicsProp) from a studio
// model's .phy, func_physbox (physobj.cpp CPhysBox) from its brush model. Both become MOVETYPE_VPHYSICS at Spawn;
// the spawnflags they read there: start asleep, debris (COLLISION_GROUP_DEBRIS), motion disabled.
#include "classes/common.hpp"

namespace vestige::source::game::classes {

namespace {

// props_shared.h SF_PHYSPROP_*; func_physbox's SF_PHYSBOX_* start at 0x1000 (CBreakable's flags are below).
constexpr int kPropAsleep = 0x1, kPropDebris = 0x4, kPropMotionDisabled = 0x8;
constexpr int kBoxAsleep = 0x1000, kBoxDebris = 0x4000, kBoxMotionDisabled = 0x8000;

constexpr InputDef kInputs[] = {{"EnableMotion", Variant::Type::Void},
                                {"DisableMotion", Variant::Type::Void},
                                {"Wake", Variant::Type::Void},
                                {"Sleep", Variant::Type::Void}};

class PhysicsProp final : public EntityClass {
public:
    explicit PhysicsProp(bool brush) : mBrush(brush) {}
    bool keyValue(World&, Entity&, std::string_view key, std::string_view value) override {
        if (!iequals(key, "massScale")) return false;
        mMassScale = keyFloat(value);
        return true;
    }
    void spawn(World& w, Entity& e) override {
        const int asleep = mBrush ? kBoxAsleep : kPropAsleep;
        const int debris = mBrush ? kBoxDebris : kPropDebris;
        const int frozen = mBrush ? kBoxMotionDisabled : kPropMotionDisabled;
        if (e.hasSpawnFlag(debris)) e.collisionGroup = physics::kGroupDebris;
        physics::BodyDesc overrides;
        overrides.startAsleep = e.hasSpawnFlag(asleep);
        overrides.motionEnabled = !e.hasSpawnFlag(frozen);
        overrides.mass = mMassScale > 0 ? mMassScale : 1.0f;
        auto body = w.physicsInitModel(e, &overrides);
        if (!body) {
            // CPhysicsProp::CreateVPhysics without an object: not solid, not moving, and said so.
            e.solid = Solid::None;
            e.moveType = MoveType::None;
            Error err = body.error();
            w.warn(std::move(err.in("note", "the prop has no physics object")));
        }
        e.takeDamage = takedamage::kYes;
    }
    std::span<const InputDef> inputs() const override { return kInputs; }
    void input(World& w, Entity& e, std::size_t which, const InputData&) override {
        if (e.physicsObjects.empty()) return;
        const physics::BodyId b = e.physicsObjects[0];
        switch (which) {
            case 0:
                (void)w.physics().enableMotion(b, true);
                (void)w.physics().wake(b);
                break;
            case 1:
                (void)w.physics().enableMotion(b, false);
                break;
            case 2:
                (void)w.physics().wake(b);
                break;
            default:
                (void)w.physics().sleep(b);
                break;
        }
    }

private:
    bool mBrush;
    float mMassScale = 0;
};

}  // namespace

void registerProps(ClassRegistry& r) {
    for (const char* name : {"prop_physics", "prop_physics_multiplayer", "prop_physics_override"})
        r.add(name, [] { return std::make_unique<PhysicsProp>(false); });
    r.add("func_physbox", [] { return std::make_unique<PhysicsProp>(true); });
}

}  // namespace vestige::source::game::classes
