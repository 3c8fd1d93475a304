// Demo stage: mission. Builds a small Iron3D game root with our own writers (terrain, Land.map areals, objects.rlb
// with a parent prototype and a broken unreachable entry, a unit DAT, the textured tank with its WEAR -> MAT0 ->
// Texm chain and a CTLD pose, a data.tma), loads it through the transactional mission loader, runs 600 ticks of
// reference movement with the camera rig, and checks that a second run gives the same hashes.
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/core/sha256.hpp"
#include "vestige/iron3d/mission/camera_system.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/mission/movement.hpp"
#include "vestige/iron3d/mission/sample.hpp"

namespace vestige::app {
namespace {

namespace mission = iron3d::mission;

struct RunResult {
    std::string stateHash, simulationHash, traceHash;
    Vec3 moved;
    std::size_t traceEvents = 0;
};

Result<RunResult> run(mission::LoadedMission& m, std::string* traceText) {
    TraceSink trace([traceText](std::string_view line) {
        if (traceText) *traceText += std::string(line) + "\n";
    });
    m.runtime->setTrace(&trace);
    mission::CameraRig rig;
    rig.controller.camera().targetObject = 1;
    mission::installCamera(*m.runtime, rig);
    bool reached = false;
    m.runtime->addSystem(
        iron3d::world::SchedulerPhase::CalculateWorldQueue, "reference_movement",
        [&](mission::SystemContext& c) -> Status {
            if (reached) return {};
            VESTIGE_TRY(reached, mission::advanceReferenceMovement(c.world, m.terrain, 1, {48, 40}, 0.05f));
            return {};
        });
    for (int t = 0; t < 600; ++t) VESTIGE_CHECK(m.runtime->tick());
    RunResult r;
    r.stateHash = toHex(m.runtime->world().stateHash());
    r.simulationHash = toHex(m.runtime->simulationHash());
    r.traceHash = trace.hashHex();
    r.traceEvents = trace.count();
    r.moved = m.runtime->world().transform(*m.runtime->world().findByOriginalId(1))->position();
    m.runtime->setTrace(nullptr);
    return r;
}

}  // namespace

DemoStage demoStageMission() {
    return {"mission", "Iron3D mission: prototype chain, transactional load, World3D, terrain queries, 600 ticks",
            [](DemoContext& demo) -> Status {
                VESTIGE_TRY(mission::SampleGame game, mission::sampleGame());
                for (const auto& [path, bytes] : game.files) VESTIGE_CHECK(demo.write("mission/" + path, bytes));
                vfs::Vfs vfs(&demo.app.archives);
                VESTIGE_CHECK(vfs.mountDir("", demo.outDir / "mission"));
                VESTIGE_TRY(mission::LoadedMission first, mission::loadMission(vfs, mission::kSampleMission));
                VESTIGE_CHECK(demo.write("mission/summary.json", mission::summaryJson(first)));
                std::string traceText;
                VESTIGE_TRY(RunResult a, run(first, &traceText));
                VESTIGE_TRY(mission::LoadedMission second, mission::loadMission(vfs, mission::kSampleMission));
                VESTIGE_TRY(RunResult b, run(second, nullptr));
                if (a.stateHash != b.stateHash || a.simulationHash != b.simulationHash || a.traceHash != b.traceHash)
                    return Error("demo.mission", "two runs of the same mission and inputs gave different hashes");
                VESTIGE_CHECK(demo.write("mission/trace.jsonl", traceText));
                const auto& c = first.counts;
                demo.notes.push_back(fmt::format(
                    "{} objects ({} unit DAT) -> {} components ({} meshes, {} non-geometric), {} requests, {} material "
                    "slots, {} texture references, {} lightmap(s), {} CTLD pose(s), {} raw resources, {} warning(s), "
                    "{} failures",
                    c.objects, c.unitReferences, c.components, c.meshComponents, c.nonGeometric, c.requests,
                    c.materialSlots, c.textureReferences, c.lightmapsResolved, c.poseBindings, c.rawResources,
                    first.warnings.size(), c.failures));
                const auto h = first.terrain.heightAt(20, 20);
                demo.notes.push_back(fmt::format(
                    "600 ticks: object 1 moved to ({:.2f}, {:.2f}, {:.3f}) on the terrain; height at (20, 20) = {}, "
                    "areal {}; state hash {}; a second run matches (trace {} over {} events)",
                    a.moved.x, a.moved.y, a.moved.z, h ? fmt::format("{:.4f}", *h) : "off surface",
                    first.terrain.arealAt(20, 20).value_or(0), a.stateHash.substr(0, 16), a.traceHash, a.traceEvents));
                return {};
            }};
}

}  // namespace vestige::app
