// Point entities: point_teleport (pointteleport.cpp), teleport destinations and spawn points (CPointEntity:
// SOLID_NONE, no behaviour), players' view models, and the registry of every built-in class.
#include "classes/common.hpp"
#include "classes/constraint_base.hpp"

namespace vestige::source::game::classes {

namespace {

class PointEntity final : public EntityClass {
public:
    void spawn(World&, Entity& e) override { e.solid = Solid::None; }
};

// CBaseViewModel (predicted_viewmodel in GMod): the first-person weapon model a player owns; not solid, never
// moved by physics (the client places it at the eyes).
class ViewModel final : public EntityClass {
public:
    void spawn(World&, Entity& e) override {
        e.solid = Solid::None;
        e.moveType = MoveType::None;
    }
};

constexpr int kTeleportToSpawnPos = 1;
constexpr InputDef kTeleportInputs[] = {{"Teleport", Variant::Type::Void}};

class PointTeleport final : public EntityClass {
public:
    void activate(World& w, Entity& e) override {
        mOrigin = e.origin;
        mAngles = e.angles;
        if (!e.hasSpawnFlag(kTeleportToSpawnPos)) return;
        const auto targets = w.findByName(e.target);
        const Entity* t = targets.empty() ? nullptr : w.get(targets.front());
        if (!t) {
            Error err("game.point_teleport", "point_teleport target not found; the entity is removed");
            err.entry(e.targetName).actual(e.target);
            w.warn(std::move(err));
            w.remove(e);
            return;
        }
        if (t->parent.isNull()) {
            mOrigin = t->origin;
            mAngles = t->angles;
        }
    }
    std::span<const InputDef> inputs() const override { return kTeleportInputs; }
    void input(World& w, Entity& self, std::size_t, const InputData& in) override {
        const auto targets = w.findByName(self.target, self.handle, in.activator, in.caller);
        Entity* t = targets.empty() ? nullptr : w.get(targets.front());
        if (!t || !t->parent.isNull()) return;  // "can't teleport object as it has a parent"
        w.teleport(*t, &mOrigin, &mAngles, nullptr);
    }

private:
    Vec3 mOrigin, mAngles;
};

}  // namespace

void registerPoints(ClassRegistry& r) {
    r.add("point_teleport", [] { return std::make_unique<PointTeleport>(); });
    for (const char* name : {"info_teleport_destination", "info_player_start", "info_player_deathmatch",
                             "info_player_combine", "info_player_rebel", "info_player_teamspawn", "gmod_player_start",
                             "info_landmark", "info_target", "info_null"})
        r.add(name, [] { return std::make_unique<PointEntity>(); });
    r.add("predicted_viewmodel", [] { return std::make_unique<ViewModel>(); });
    r.add("player", [] { return makePlayerClass(); });
}

}  // namespace vestige::source::game::classes

namespace vestige::source::game {

ClassRegistry ClassRegistry::builtin() {
    ClassRegistry r;
    classes::registerDoors(r);
    classes::registerButtons(r);
    classes::registerBrushes(r);
    classes::registerTriggers(r);
    classes::registerLogic(r);
    classes::registerPoints(r);
    classes::registerProps(r);
    classes::registerConstraints(r);
    classes::registerControllers(r);
    return r;
}

}  // namespace vestige::source::game
