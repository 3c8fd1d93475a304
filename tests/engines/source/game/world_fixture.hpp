#pragma once
// Builder maps for the entity-world tests: a closed room with a floor at z = 0, plus whatever a test adds.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::game::test {

inline const std::string kTex = "dev/dev_measuregeneric01";

// A 2048 x 2048 x 512 room around the origin, floor top at z = 0.
inline bsp::MapBuilder room() {
    bsp::MapBuilder map;
    map.addRoom({-1024, -1024, 0}, {1024, 1024, 512}, 16, kTex);
    return map;
}

inline std::unique_ptr<World> load(const bsp::MapBuilder& map, WorldOptions options = {}) {
    auto bytes = map.write();
    EXPECT_TRUE(bytes.ok()) << (bytes.ok() ? "" : bytes.error().render());
    auto parsed = bsp::readBsp(*bytes);
    EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().render());
    auto world = World::fromBsp(*parsed, std::move(options));
    EXPECT_TRUE(world.ok()) << (world.ok() ? "" : world.error().render());
    return std::move(*world);
}

inline Entity* named(World& w, std::string_view name) {
    const auto found = w.findByName(name);
    return found.empty() ? nullptr : w.get(found.front());
}

// A command for one tick: forward/side speeds (the script's FORWARD SIDE), yaw, buttons.
inline UserCmd cmd(float forward, float side = 0, float yaw = 0, std::uint32_t buttons = 0) {
    UserCmd c;
    c.forwardMove = forward;
    c.sideMove = side;
    c.viewAngles = {0, yaw, 0};
    c.buttons = buttons | (forward > 0 ? in::kForward : 0) | (forward < 0 ? in::kBack : 0);
    return c;
}

// Runs n ticks giving the player the same command each tick.
inline void drive(World& w, Entity& player, const UserCmd& c, int n) {
    for (int i = 0; i < n; ++i) {
        w.setCommand(player, c);
        w.step();
    }
}

inline float hspeed(Vec3 v) { return std::sqrt(v.x * v.x + v.y * v.y); }

// Records every input it gets: "tick name(input,value) activator caller".
struct Probe final : EntityClass {
    std::vector<std::string>* log;
    explicit Probe(std::vector<std::string>* l) : log(l) {}
    static constexpr InputDef kInputs[] = {{"Ping", Variant::Type::String}, {"Num", Variant::Type::Float}};
    std::span<const InputDef> inputs() const override { return kInputs; }
    void input(World& w, Entity& self, std::size_t which, const InputData& in) override {
        const Entity* a = w.get(in.activator);
        const Entity* c = w.get(in.caller);
        log->push_back(std::to_string(w.tick()) + " " + self.targetName + "." + std::string(in.name) + "(" +
                       (which == 0 ? in.value.text : in.value.toString()) + ") " + (a ? a->targetName : "-") + " " +
                       (c ? c->targetName : "-"));
    }
};

struct ProbeWorld {
    std::vector<std::string> log;
    std::unique_ptr<World> world;
    explicit ProbeWorld(bsp::MapBuilder map) {
        auto bytes = map.write();
        auto parsed = bsp::readBsp(*bytes);
        auto models = MapModels::fromBsp(*parsed);
        ClassRegistry classes = ClassRegistry::builtin();
        classes.add("probe", [this] { return std::make_unique<Probe>(&log); });
        world = std::make_unique<World>(std::make_shared<const MapModels>(std::move(*models)), WorldOptions{},
                                        std::move(classes));
        EXPECT_TRUE(world->loadEntities(parsed->entities).ok());
    }
};

}  // namespace vestige::source::game::test
