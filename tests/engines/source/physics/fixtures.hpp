#pragma once
// Small worlds for the physics tests: a static floor (top at z = 0) and boxes.
#include <gtest/gtest.h>

#include "vestige/source/physics/world.hpp"

namespace vestige::source::physics::test {

inline BodyId addFloor(PhysicsWorld& w, float halfSize = 2048, float top = 0) {
    auto shape = w.createBox({-halfSize, -halfSize, top - 64}, {halfSize, halfSize, top});
    EXPECT_TRUE(shape.ok());
    auto floor = w.createStaticBody(*shape);
    EXPECT_TRUE(floor.ok());
    return *floor;
}

// A box of `size` whose origin is its centre.
inline BodyId addBox(PhysicsWorld& w, Vec3 center, Vec3 size, float mass, std::uint64_t userId = 0) {
    auto shape = w.createBox(size * -0.5f, size * 0.5f);
    EXPECT_TRUE(shape.ok()) << shape.error().render();
    BodyDesc d;
    d.shape = *shape;
    d.position = center;
    d.mass = mass;
    d.userId = userId;
    auto body = w.createBody(d);
    EXPECT_TRUE(body.ok()) << body.error().render();
    return *body;
}

inline BodyState stateOf(const PhysicsWorld& w, BodyId b) {
    auto s = w.state(b);
    EXPECT_TRUE(s.ok());
    return s.ok() ? *s : BodyState{};
}

inline void run(PhysicsWorld& w, int ticks) {
    for (int i = 0; i < ticks; ++i) w.step();
}

}  // namespace vestige::source::physics::test
