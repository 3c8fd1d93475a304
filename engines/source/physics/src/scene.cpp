// The demo contraption (scene.hpp).
#include "vestige/source/physics/scene.hpp"

#include <cmath>

namespace vestige::source::physics {

namespace {

struct Builder {
    PhysicsWorld& w;
    DemoScene& scene;

    Result<BodyId> box(Vec3 center, Vec3 size, float mass, std::uint64_t userId) {
        VESTIGE_TRY(ShapeId shape, w.createBox(size * -0.5f, size * 0.5f));
        BodyDesc d;
        d.shape = shape;
        d.position = scene.origin + center;
        d.mass = mass;
        d.userId = userId;
        return w.createBody(d);
    }
    Result<ConstraintId> add(ConstraintDesc d) {
        VESTIGE_TRY(ConstraintId c, w.createConstraint(d));
        scene.constraints.push_back(c);
        return c;
    }
    Vec3 at(Vec3 p) const { return scene.origin + p; }
};

}  // namespace

Result<BodyId> addDemoFloor(PhysicsWorld& world) {
    VESTIGE_TRY(ShapeId shape, world.createBox({-2048, -2048, -64}, {2048, 2048, 0}));
    return world.createStaticBody(shape);
}

Result<DemoScene> buildDemoScene(PhysicsWorld& world, Vec3 origin) {
    DemoScene scene;
    scene.origin = origin;
    Builder b{world, scene};
    std::uint64_t id = 1;
    // The stack.
    for (int i = 0; i < 10; ++i) {
        const Vec3 c{-480, 0, 16.0f + 32.0f * static_cast<float>(i)};
        VESTIGE_TRY(BodyId crate, b.box(c, {32, 32, 32}, 20, id++));
        scene.stack.push_back(crate);
        scene.stackStart.push_back(b.at(c));
    }
    // The door, hinged on its edge, pushed open.
    VESTIGE_TRY(scene.door, b.box({-216, 0, 49}, {48, 4, 96}, 30, id++));
    ConstraintDesc hinge;
    hinge.type = ConstraintType::Axis;
    hinge.a = scene.door;
    hinge.pointA = b.at({-240, 0, 49});
    hinge.axis = {0, 0, 1};
    hinge.friction = 2000;
    VESTIGE_CHECK(b.add(hinge));
    VESTIGE_CHECK(world.applyImpulseAt(scene.door, {0, 30 * 120, 0}, b.at({-192, 0, 49})));
    // The slider carriage.
    scene.carriageStart = b.at({0, 0, 64});
    VESTIGE_TRY(scene.carriage, b.box({0, 0, 64}, {16, 16, 16}, 20, id++));
    ConstraintDesc slider;
    slider.type = ConstraintType::Slider;
    slider.a = scene.carriage;
    slider.pointA = b.at({0, 0, 64});
    slider.pointB = b.at({128, 0, 64});
    slider.minSlide = -64;
    slider.maxSlide = 192;
    VESTIGE_CHECK(b.add(slider));
    VESTIGE_CHECK(world.setVelocity(scene.carriage, {150, 0, 0}));
    // The rope bridge: planks 24 long with 4-unit gaps, two ropes per gap, hung at z = 100.
    constexpr int kPlanks = 8;
    for (int i = 0; i < kPlanks; ++i) {
        const Vec3 c{240.0f + 28.0f * static_cast<float>(i), 0, 100};
        VESTIGE_TRY(BodyId plank, b.box(c, {24, 48, 4}, 4, id++));
        scene.planks.push_back(plank);
        scene.plankStart.push_back(b.at(c));
    }
    for (int i = 0; i <= kPlanks; ++i)
        for (float y : {-20.0f, 20.0f}) {
            ConstraintDesc rope;
            rope.type = ConstraintType::Rope;
            const float left = 240.0f + 28.0f * static_cast<float>(i) - 16.0f;  // right edge of plank i-1
            rope.a = i < kPlanks ? scene.planks[static_cast<std::size_t>(i)] : scene.planks.back();
            rope.b = i == 0 || i == kPlanks ? BodyId{} : scene.planks[static_cast<std::size_t>(i - 1)];
            rope.pointA = b.at({i < kPlanks ? left + 4 : left, y, 100});
            rope.pointB = b.at({i < kPlanks ? left : left + 4, y, 100});
            rope.addLength = 1;
            VESTIGE_CHECK(b.add(rope));
        }
    VESTIGE_TRY(scene.load, b.box({240 + 28 * 3.5f, 0, 200}, {16, 16, 16}, 10, id++));
    // The welded contraption: a T thrown tumbling.
    const Vec3 root{560, 0, 150};
    const std::vector<std::pair<Vec3, Vec3>> parts{
        {root, {32, 32, 16}}, {root + Vec3{0, 0, 32}, {16, 16, 48}}, {root + Vec3{32, 0, 0}, {32, 16, 16}}};
    for (const auto& [center, size] : parts) {
        VESTIGE_TRY(BodyId part, b.box(center, size, 8, id++));
        scene.contraption.push_back(part);
        scene.contraptionLocal.push_back(center - root);
    }
    for (std::size_t i = 1; i < scene.contraption.size(); ++i) {
        ConstraintDesc weld;
        weld.type = ConstraintType::Weld;
        weld.a = scene.contraption[0];
        weld.b = scene.contraption[i];
        weld.noCollide = true;
        VESTIGE_CHECK(b.add(weld));
    }
    for (BodyId part : scene.contraption) VESTIGE_CHECK(world.setAngularVelocity(part, {2, 1, 0}));
    return scene;
}

DemoSceneReport reportDemoScene(const PhysicsWorld& world, const DemoScene& scene) {
    DemoSceneReport r;
    auto state = [&](BodyId b) { return world.state(b).valueOr(BodyState{}); };
    for (std::size_t i = 0; i < scene.stack.size(); ++i)
        r.stackDrift = std::max(r.stackDrift, length(state(scene.stack[i]).position - scene.stackStart[i]));
    const Vec3 along = rotate(state(scene.door).rotation, {1, 0, 0});
    r.doorAngle = radToDeg(std::atan2(along.y, along.x));
    const Vec3 c = state(scene.carriage).position - scene.carriageStart;
    r.carriageTravel = c.x;
    r.carriageOffAxis = std::hypot(c.y, c.z);
    for (std::size_t i = 0; i < scene.planks.size(); ++i)
        r.bridgeSag = std::max(r.bridgeSag, scene.plankStart[i].z - state(scene.planks[i]).position.z);
    const BodyState root = state(scene.contraption[0]);
    for (std::size_t i = 1; i < scene.contraption.size(); ++i) {
        const Vec3 rel = rotate(root.rotation.conjugate(), state(scene.contraption[i]).position - root.position);
        r.weldDrift = std::max(r.weldDrift, length(rel - scene.contraptionLocal[i]));
    }
    for (BodyId b : world.bodies()) {
        const BodyState s = state(b);
        if (!s.motionEnabled) continue;
        ++r.bodies;
        r.asleep += s.asleep ? 1 : 0;
    }
    return r;
}

}  // namespace vestige::source::physics
