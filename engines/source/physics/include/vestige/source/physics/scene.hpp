#pragma once
// The demo contraption, on any floor at z = 0 (a map's, or addDemoFloor's): the same scene for `vestige demo`,
// the determinism test and the benchmarks. Deterministic: built the same way, it runs the same way.
//
//   x = -480  a stack of 10 crates (32 u, 20 kg)
//   x = -240  a door (48 x 4 x 96, 30 kg) on an axis with friction, pushed open at tick 0
//   x =    0  a carriage on a slider rail along +x (20 kg), started at 150 u/s
//   x =  240  a rope bridge: 8 planks hung on ropes between two world anchors, a crate dropped on it
//   x =  560  a welded contraption (a T of three boxes) thrown tumbling onto the floor
#include <vector>

#include "vestige/source/physics/world.hpp"

namespace vestige::source::physics {

struct DemoScene {
    std::vector<BodyId> stack, planks, contraption;  // contraption[0] is its root
    BodyId door, carriage, load;
    std::vector<ConstraintId> constraints;
    Vec3 origin;
    // Where things started, for the report.
    std::vector<Vec3> stackStart, plankStart, contraptionLocal;  // contraptionLocal: in the root's frame
    Vec3 carriageStart;
};

// A static 4096-unit slab with its top at z = 0 (for worlds without a map).
[[nodiscard]] Result<BodyId> addDemoFloor(PhysicsWorld& world);
[[nodiscard]] Result<DemoScene> buildDemoScene(PhysicsWorld& world, Vec3 origin = {});

// Facts about the scene now, for summaries and tests.
struct DemoSceneReport {
    float stackDrift = 0;       // the largest crate displacement from its start (u)
    float doorAngle = 0;        // how far the door turned about its axis (degrees)
    float carriageTravel = 0;   // along the rail (u)
    float carriageOffAxis = 0;  // off the rail (u)
    float bridgeSag = 0;        // the lowest plank below its start (u)
    float weldDrift = 0;        // the contraption's worst relative position change (u)
    std::size_t asleep = 0, bodies = 0;
};
[[nodiscard]] DemoSceneReport reportDemoScene(const PhysicsWorld& world, const DemoScene& scene);

}  // namespace vestige::source::physics
