// 1,000 convex props settling on a builder map's world: ms per step through PhysicsWorld, beside a raw Bullet
// world of the same shapes and solver settings in the same run (our overhead ratio); ray traces with the 1,000
// props present and with none.
//
// counters: ms_per_step (the first 200 ticks after the drop: falling, landing, piling, the first ones sleeping).
#include <LinearMath/btConvexHullComputer.h>
#include <benchmark/benchmark.h>
#include <btBulletDynamicsCommon.h>

#include <memory>
#include <vector>

#include "vestige/core/rng.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/phy/physcollide.hpp"
#include "vestige/source/physics/map.hpp"

namespace {

using namespace vestige;
using namespace vestige::source;
using namespace vestige::source::physics;

constexpr int kProps = 1000;
constexpr int kTicks = 200;
constexpr float kM = kMetersPerInch;

// A crate-like hull: a box with its corners cut (14 points), sizes 12..24 units.
std::vector<Vec3> propHull(Pcg32& rng) {
    const Vec3 h{6 + rng.unit() * 6, 6 + rng.unit() * 6, 6 + rng.unit() * 6};
    const float cut = 0.25f;
    std::vector<Vec3> p;
    for (int i = 0; i < 8; ++i) {
        const Vec3 s{(i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f, (i & 4) ? 1.0f : -1.0f};
        p.push_back({s.x * h.x * (1 - cut), s.y * h.y, s.z * h.z});
    }
    for (int a = 0; a < 3; ++a)
        for (float s : {-1.0f, 1.0f}) {
            Vec3 v{};
            v[a] = s * h[a] * (a == 0 ? 1.0f : 1.05f);
            p.push_back(v);
        }
    return p;
}

struct PropLayout {
    std::vector<std::vector<Vec3>> hulls;
    std::vector<Vec3> positions;
};

const PropLayout& layout() {
    static const PropLayout l = [] {
        PropLayout out;
        Pcg32 rng(18);
        for (int i = 0; i < kProps; ++i) {
            out.hulls.push_back(propHull(rng));
            const int x = i % 32, y = (i / 32) % 32, z = i / 1024;
            out.positions.push_back({-930.0f + 60.0f * x, -930.0f + 60.0f * y, 40.0f + 60.0f * z + 20 * rng.unit()});
        }
        return out;
    }();
    return l;
}

const bsp::Bsp& map() {
    static const bsp::Bsp m = [] {
        bsp::MapBuilder b;
        b.addRoom({-1024, -1024, 0}, {1024, 1024, 512}, 16, "dev/dev_measuregeneric01");
        for (int i = 0; i < 16; ++i)  // a few obstacles on the floor
            b.addBox({-800.0f + 100 * i, -40, 0}, {-760.0f + 100 * i, 40, 24}, "dev/dev_measuregeneric01");
        auto bytes = withPhysCollide(b.build().value()).value();
        return bsp::readBsp(bytes).value();
    }();
    return m;
}

std::unique_ptr<PhysicsWorld> vestigeWorld(bool props) {
    auto w = std::make_unique<PhysicsWorld>();
    (void)addMapCollision(*w, map()).value();
    if (!props) return w;
    const PropLayout& l = layout();
    for (int i = 0; i < kProps; ++i) {
        BodyDesc d;
        d.shape = w->createConvex(l.hulls[static_cast<std::size_t>(i)]).value();
        d.position = l.positions[static_cast<std::size_t>(i)];
        d.mass = 15;
        (void)w->createBody(d).value();
    }
    return w;
}

// kTicks steps of a freshly built world per iteration (building and tearing down are not timed).
template <class Make, class Step>
void settle(benchmark::State& state, Make make, Step step) {
    for (auto _ : state) {
        state.PauseTiming();
        auto w = make();
        state.ResumeTiming();
        for (int t = 0; t < kTicks; ++t) step(*w);
        state.PauseTiming();
        w.reset();
        state.ResumeTiming();
    }
    // An inverted rate of steps/1000: Google Benchmark prints it with an "s" suffix; the number is ms per step.
    state.counters["ms_per_step"] = benchmark::Counter(static_cast<double>(state.iterations()) * kTicks / 1000.0,
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_SettleVestige(benchmark::State& state) {
    settle(
        state, [] { return vestigeWorld(true); }, [](PhysicsWorld& w) { benchmark::DoNotOptimize(w.step()); });
}
BENCHMARK(BM_SettleVestige)->Unit(benchmark::kMillisecond)->Iterations(3);

// The same props on Bullet alone: the same hull points and map hulls, the same solver settings, no Vestige layer
// (no damping/drag/clamp passes, no projection, no events).
struct RawWorld {
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{&config};
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &config};
    std::vector<std::unique_ptr<btCollisionShape>> shapes;
    std::vector<std::unique_ptr<btRigidBody>> bodies;

    btConvexHullShape* hull(const std::vector<Vec3>& points, Vec3 center) {
        auto s = std::make_unique<btConvexHullShape>();
        for (Vec3 p : points)
            s->addPoint(btVector3((p.x - center.x) * kM, (p.y - center.y) * kM, (p.z - center.z) * kM), false);
        s->recalcLocalAabb();
        s->setMargin(0.002f);
        s->initializePolyhedralFeatures();
        shapes.push_back(std::move(s));
        return static_cast<btConvexHullShape*>(shapes.back().get());
    }
    RawWorld() {
        world.setGravity({0, 0, -600 * kM});
        world.getSolverInfo().m_numIterations = 20;
        world.getSolverInfo().m_splitImpulse = 1;
        world.getSolverInfo().m_erp = 0.8f;
        // The map: the PHYSCOLLIDE convex pieces the Vestige world uses, in one static compound.
        auto compound = std::make_unique<btCompoundShape>();
        const phy::PhysCollideLump lump = *phy::physCollideOf(map()).value();
        for (const auto& model : lump.models)
            for (const auto& solid : model.collide.solids)
                if (solid.surface)
                    for (const auto& piece : phy::convexPieces(*solid.surface)) {
                        btTransform t;
                        t.setIdentity();
                        compound->addChildShape(t, hull(piece.points, {}));
                    }
        btRigidBody::btRigidBodyConstructionInfo ci(0, nullptr, compound.get());
        bodies.push_back(std::make_unique<btRigidBody>(ci));
        world.addRigidBody(bodies.back().get());
        shapes.push_back(std::move(compound));
        const PropLayout& l = layout();
        for (int i = 0; i < kProps; ++i) {
            btConvexHullShape* s = hull(l.hulls[static_cast<std::size_t>(i)], {});
            btVector3 inertia;
            s->calculateLocalInertia(15, inertia);
            btRigidBody::btRigidBodyConstructionInfo bi(15, nullptr, s, inertia);
            const Vec3 p = l.positions[static_cast<std::size_t>(i)];
            bi.m_startWorldTransform.setOrigin({p.x * kM, p.y * kM, p.z * kM});
            bodies.push_back(std::make_unique<btRigidBody>(bi));
            bodies.back()->setSleepingThresholds(0.3f, 0.3f);
            world.addRigidBody(bodies.back().get());
        }
    }
    ~RawWorld() {
        for (auto& b : bodies) world.removeRigidBody(b.get());
    }
};

void BM_SettleRawBullet(benchmark::State& state) {
    settle(
        state, [] { return std::make_unique<RawWorld>(); },
        [](RawWorld& w) { w.world.stepSimulation(kTickInterval, 0); });
}
BENCHMARK(BM_SettleRawBullet)->Unit(benchmark::kMillisecond)->Iterations(3);

// Rays across the room at prop height, through the settled props and through an empty room.
void traceRays(benchmark::State& state, bool props) {
    auto w = vestigeWorld(props);
    for (int t = 0; t < 300; ++t) w->step();
    Pcg32 rng(7);
    std::vector<std::pair<Vec3, Vec3>> rays;
    for (int i = 0; i < 1024; ++i)
        rays.push_back({{-1000, (rng.unit() * 2 - 1) * 1000, 4 + rng.unit() * 30},
                        {1000, (rng.unit() * 2 - 1) * 1000, 4 + rng.unit() * 30}});
    std::size_t i = 0, hits = 0;
    for (auto _ : state) {
        const auto& [a, b] = rays[i++ % rays.size()];
        const PhysicsTrace t = w->traceRay(a, b);
        hits += t.hit ? 1 : 0;
        benchmark::DoNotOptimize(t);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.counters["hit_fraction"] = static_cast<double>(hits) / static_cast<double>(std::max<std::size_t>(i, 1));
}
void BM_TraceRayNoProps(benchmark::State& state) { traceRays(state, false); }
void BM_TraceRay1000Props(benchmark::State& state) { traceRays(state, true); }
BENCHMARK(BM_TraceRayNoProps);
BENCHMARK(BM_TraceRay1000Props);

}  // namespace
