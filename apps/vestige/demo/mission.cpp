// Demo stage: mission. Builds a small Iron3D game root with our own writers (terrain, Land.map areals, objects.rlb
// with a parent prototype and a broken unreachable entry, a unit DAT, the textured tank with its WEAR -> MAT0 ->
// Texm chain and a CTLD pose, a data.tma, the AutoDemo script package), loads it through the transactional mission
// loader with the scripts/AI step, runs 600 ticks of reference movement with the camera rig and the storm weather,
// and checks that a second run gives the same hashes and the same sound events; renders the mission folder to
// mission/mission.png through its folder format, as `vestige render MISSIONS/DEMO` draws it, and exports it to
// mission/mission.glb the way `vestige export MISSIONS/DEMO -o mission.glb` does, and drives the folder's view camera
// with scripted keys at 30 and 144 fps (the same camera at both, as `vestige view --script` would give).
#include <fmt/format.h>

#include <cstdlib>

#include "../src/app.hpp"
#include "vestige/audio/sound.hpp"
#include "vestige/core/sha256.hpp"
#include "vestige/image/image.hpp"
#include "vestige/iron3d/mission/ai_system.hpp"
#include "vestige/iron3d/mission/camera_system.hpp"
#include "vestige/iron3d/mission/environment_system.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/mission/movement.hpp"
#include "vestige/iron3d/mission/sample.hpp"
#include "vestige/render_gl/headless.hpp"
#include "vestige/viewer/input_script.hpp"

namespace vestige::app {
namespace {

namespace mission = iron3d::mission;

struct RunResult {
    std::string stateHash, simulationHash, traceHash, soundEvents;
    Vec3 moved;
    std::size_t traceEvents = 0;
    mission::EnvironmentSummary sound;
};

Result<mission::LoadedMission> loadWithScripts(const vfs::Vfs& vfs, std::shared_ptr<mission::AiSession>& ai) {
    ai = std::make_shared<mission::AiSession>();
    mission::LoadOptions o;
    o.scripts = mission::aiScriptsHook(ai);
    return mission::loadMission(vfs, mission::kSampleMission, o);
}

Result<RunResult> run(mission::LoadedMission& m, std::string* traceText) {
    TraceSink trace([traceText](std::string_view line) {
        if (traceText) *traceText += std::string(line) + "\n";
    });
    m.runtime->setTrace(&trace);
    mission::CameraRig rig;
    rig.controller.camera().targetObject = 1;
    mission::installCamera(*m.runtime, rig);
    mission::EnvironmentSystem sound(*m.runtime, rig, *mission::weatherPreset("storm", m.terrain));
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
    for (const auto& e : sound.events()) r.soundEvents += audio::toJsonLine(e) + '\n';
    r.sound = sound.summary();
    r.moved = m.runtime->world().transform(*m.runtime->world().findByOriginalId(1))->position();
    m.runtime->setTrace(nullptr);
    return r;
}

// mission/mission.png at 1280x720 from the scene's default camera. Without a headless GL context the file is not
// written and the note says so (CI=true, where llvmpipe exists, fails instead).
Status renderMission(DemoContext& demo) {
    const auto folder = demo.outDir / "mission" / "MISSIONS" / "DEMO";
    const auto* format = demo.app.formats.detectFolder(folder);
    if (!format || !format->toScene) return Error("demo.mission", "no folder format recognises the mission folder");
    VESTIGE_TRY(auto view, format->toScene(folder, {}));
    auto off = render_gl::Offscreen::create(1280, 720);
    if (!off) {
        const char* ci = std::getenv("CI");
        if (ci && std::string_view(ci) == "true") return std::move(off).error();
        demo.notes.push_back("mission.png not written: " + off.error().render());
        return {};
    }
    VESTIGE_CHECK(off->renderer->setScene(view.scene));
    VESTIGE_CHECK(off->renderer->draw(*view.camera));
    VESTIGE_TRY(auto img, off->renderer->readColor());
    VESTIGE_TRY(auto png, image::encodePng(img));
    VESTIGE_CHECK(demo.write("mission/mission.png", png));
    const auto& stats = off->renderer->lastFrame();
    demo.notes.push_back(fmt::format("mission.png (1280x720, {}): {} triangles in {} draw calls; scene {}",
                                     format->name, stats.trianglesSubmitted, stats.drawCalls, view.report));
    return {};
}

// mission/mission.glb through the folder format's export, as `vestige export MISSIONS/DEMO -o mission.glb` writes it.
Status exportMission(DemoContext& demo) {
    const auto folder = demo.outDir / "mission" / "MISSIONS" / "DEMO";
    const auto* format = demo.app.formats.detectFolder(folder);
    if (!format || !format->exportGlb) return Error("demo.mission", "no folder format exports the mission folder");
    VESTIGE_TRY(auto done, format->exportGlb(folder, {}));
    VESTIGE_CHECK(demo.write("mission/mission.glb", done.glb));
    demo.notes.push_back(fmt::format("mission.glb ({}): {} bytes, {}", format->name, done.glb.size(), done.summary));
    return {};
}

// What `vestige view MISSIONS/DEMO --script` does without a window: the folder format's camera controller (the
// Iron3D one) driven by the same scripted keys at 30 and 144 frames per second; both must end on the same camera.
Status viewMission(DemoContext& demo) {
    const auto folder = demo.outDir / "mission" / "MISSIONS" / "DEMO";
    const auto* format = demo.app.formats.detectFolder(folder);
    if (!format || !format->toScene) return Error("demo.mission", "no folder format recognises the mission folder");
    VESTIGE_TRY(auto view, format->toScene(folder, {}));
    if (!view.controller) return Error("demo.mission", "the mission folder format gives no camera controller");
    VESTIGE_TRY(auto script, viewer::InputScript::parse("0 down left\n1500 up left\n1500 mouse 30 -20\n"
                                                        "2000 tap c\n4000 down right\n6500 up right\n7000 quit\n"));
    std::string states[2];
    std::string name;
    for (int i = 0; i < 2; ++i) {
        VESTIGE_TRY(auto controller, view.controller(*view.camera, 16.0f / 9.0f));
        viewer::ScriptPlayer player(script, i == 0 ? 30 : 144);
        for (bool quit = false; !quit;) {
            const viewer::FrameInput in = player.next();
            VESTIGE_CHECK(controller->update(in));
            quit = in.quit;
        }
        states[i] = controller->stateJson();
        name = controller->name();
    }
    if (states[0] != states[1])
        return Error("demo.mission", "the view camera differs between 30 and 144 fps")
            .expected(states[0])
            .actual(states[1]);
    demo.notes.push_back(
        fmt::format("view camera ({}): Left 1.5 s, mouse, centre, Right 2.5 s, quit at 7 s -> {}; "
                    "identical at 30 and 144 fps",
                    name, states[0]));
    return {};
}

}  // namespace

DemoStage demoStageMission() {
    return {
        "mission",
        "Iron3D mission: prototype chain, transactional load, World3D, terrain queries, 600 ticks, textured render",
        [](DemoContext& demo) -> Status {
            VESTIGE_TRY(mission::SampleGame game, mission::sampleGame());
            for (const auto& [path, bytes] : game.files) VESTIGE_CHECK(demo.write("mission/" + path, bytes));
            vfs::Vfs vfs(&demo.app.archives);
            VESTIGE_CHECK(vfs.mountDir("", demo.outDir / "mission"));
            std::shared_ptr<mission::AiSession> aiFirst, aiSecond;
            VESTIGE_TRY(mission::LoadedMission first, loadWithScripts(vfs, aiFirst));
            VESTIGE_CHECK(demo.write("mission/summary.json", mission::summaryJson(first, /*withTimings=*/false)));
            std::string traceText;
            VESTIGE_TRY(RunResult a, run(first, &traceText));
            VESTIGE_TRY(mission::LoadedMission second, loadWithScripts(vfs, aiSecond));
            VESTIGE_TRY(RunResult b, run(second, nullptr));
            if (a.stateHash != b.stateHash || a.simulationHash != b.simulationHash || a.traceHash != b.traceHash ||
                a.soundEvents != b.soundEvents)
                return Error("demo.mission", "two runs of the same mission and inputs gave different hashes");
            VESTIGE_CHECK(demo.write("mission/trace.jsonl", traceText));
            VESTIGE_CHECK(demo.write("mission/sound-events.jsonl", a.soundEvents));
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
            const auto& clans = aiFirst->runtime->ai.clans;
            if (clans.size() != 2 || clans[0].vm.cells.size() <= 226 || clans[1].vm.cells.size() <= 226)
                return Error("demo.mission", "the sample's two clans did not load their script package");
            demo.notes.push_back(fmt::format(
                "scripts/AI: {} SuperAIs, ClanBaseX/Y/ClanID ({}, {}, {}) and ({}, {}, {}), first runs at {} and {} "
                "ms; storm weather: {} sound events ({} one-shots, {} lightning strikes) in sound-events.jsonl, "
                "identical in the second run",
                clans.size(), clans[0].vm.cells[224], clans[0].vm.cells[225], clans[0].vm.cells[226],
                clans[1].vm.cells[224], clans[1].vm.cells[225], clans[1].vm.cells[226],
                aiFirst->runtime->behavior[0].firstRun.deadline, aiFirst->runtime->behavior[1].firstRun.deadline,
                a.sound.events, a.sound.oneShots, a.sound.strikes));
            VESTIGE_CHECK(exportMission(demo));
            VESTIGE_CHECK(viewMission(demo));
            return renderMission(demo);
        }};
}

}  // namespace vestige::app
