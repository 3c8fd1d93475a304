// Demo stage: physics. The BSP demo map gets a PHYSCOLLIDE lump from its own brushes (as vbsp would write it),
// goes through bytes and the readers like a file given to `vestige physics`, and the demo contraption (a 10-crate
// stack, a hinged door, a slider, a rope bridge with a load, a welded T) runs on it for 2000 ticks.
// Outputs: physics/demo_physics.bsp, physics/crate.mdl + crate.phy (a studio model and its collision model, for
// `vestige info` and `vestige physics --spawn physics/crate.mdl@...`), physics/contraption.jsonl (the state hash
// per tick) and physics/summary.txt (every number measured from the run).
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/core/trace.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/phy/builder.hpp"
#include "vestige/source/physics/map.hpp"
#include "vestige/source/physics/scene.hpp"

namespace vestige::app {

namespace {

using namespace vestige::source;

constexpr int kTicks = 2000;
const Vec3 kSceneOrigin{0, 820, 0};  // the demo map's clear strip north of the pool and the ramps

Result<Bytes> cratePhy(std::int32_t checksum) {
    phy::PhyBuilder b;
    b.setChecksum(checksum);
    phy::SolidKeys keys;
    keys.name = "crate";
    keys.mass = 25;
    keys.surfaceprop = "wood_crate";
    keys.damping = 0;
    keys.rotdamping = 0;
    b.addSolid({phy::boxHull({-8, -8, 0}, {8, 8, 32})}, keys);  // the sample tube's 32-unit column
    b.addBlock({"editparams", {{"rootname", ""}, {"totalmass", "25.000000"}, {"concave", "0"}}});
    return b.write();
}

}  // namespace

DemoStage demoStagePhysics() {
    return {"physics",
            "Source physics on Bullet: PHYSCOLLIDE for the demo map, a .phy, the contraption (stack, door, slider, "
            "rope bridge, weld) for 2000 ticks",
            [](DemoContext& demo) -> Status {
                VESTIGE_TRY(bsp::Bsp built, bsp::demoMap().build());
                VESTIGE_TRY(Bytes mapBytes, physics::withPhysCollide(std::move(built)));
                VESTIGE_CHECK(demo.write("physics/demo_physics.bsp", mapBytes));
                VESTIGE_TRY(bsp::Bsp map, bsp::readBsp(mapBytes));

                const mdl::BuildSpec spec = mdl::sampleSpec();
                VESTIGE_TRY(mdl::BuiltModel model, mdl::buildModel(spec));
                VESTIGE_TRY(Bytes phyBytes, cratePhy(spec.checksum));
                VESTIGE_CHECK(demo.write("physics/crate.mdl", model.mdl));
                VESTIGE_CHECK(demo.write("physics/crate.vvd", model.vvd));
                VESTIGE_CHECK(demo.write("physics/crate.dx90.vtx", model.vtx));
                VESTIGE_CHECK(demo.write("physics/crate.phy", phyBytes));

                physics::PhysicsWorld world;
                VESTIGE_TRY(physics::MapPhysics collision, physics::addMapCollision(world, map));
                VESTIGE_TRY(physics::DemoScene scene, physics::buildDemoScene(world, kSceneOrigin));
                std::string jsonl;
                TraceSink sink([&](std::string_view line) {
                    jsonl += line;
                    jsonl += '\n';
                });
                std::size_t collisions = 0;
                for (int t = 1; t <= kTicks; ++t) {
                    collisions += world.step().collisions.size();
                    sink.event(world.tick(), "step", "physics", fmt::format("\"0x{:016x}\"", world.stateHash()));
                }
                VESTIGE_CHECK(demo.write("physics/contraption.jsonl", jsonl));
                const physics::DemoSceneReport r = physics::reportDemoScene(world, scene);
                const auto& st = collision.stats;
                std::string summary = fmt::format(
                    "map: demo map + PHYSCOLLIDE from its brushes ({} static solids, {} convex pieces, {} clip solids "
                    "left out, {} displacement columns)\n"
                    "ticks: {} at 15 ms; {} collision events; trace hash {}\n"
                    "stack of 10 crates: largest drift {:.3f} u\n"
                    "door on an axis: opened {:.1f} degrees\n"
                    "slider carriage: travelled {:.1f} u, off its axis {:.4f} u\n"
                    "rope bridge: sagged {:.1f} u under the load\n"
                    "welded T: worst relative drift {:.4f} u\n"
                    "bodies asleep at the end: {} of {}\n",
                    st.solids, st.convexPieces, st.clipSolids, st.displacementColumns, kTicks, collisions,
                    sink.hashHex(), r.stackDrift, r.doorAngle, r.carriageTravel, r.carriageOffAxis, r.bridgeSag,
                    r.weldDrift, r.asleep, r.bodies);
                VESTIGE_CHECK(demo.write("physics/summary.txt", summary));
                demo.notes.push_back(fmt::format(
                    "physics: {} ticks, stack drift {:.2f} u, door {:.0f} deg, slider {:.0f} u (off-axis {:.3f} u), "
                    "bridge sag {:.0f} u, weld drift {:.3f} u, {}/{} asleep, trace {}",
                    kTicks, r.stackDrift, r.doorAngle, r.carriageTravel, r.carriageOffAxis, r.bridgeSag, r.weldDrift,
                    r.asleep, r.bodies, sink.hashHex()));
                return okStatus();
            }};
}

}  // namespace vestige::app
