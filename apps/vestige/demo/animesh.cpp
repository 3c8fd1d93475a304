// Demo stage: animesh. The MSH demo's tank plus an attached turret and cannon (three loads, tags
// 0/1/2, the tree of seed 001), animated over 1000 ticks (trace hash), a CTLD pose-row binding for
// the turret socket, and the posed piece tree with joint bounds.
#include <fmt/format.h>

#include "../src/cmd_pose.hpp"
#include "vestige/core/trace.hpp"
#include "vestige/iron3d/animesh/animesh.hpp"
#include "vestige/iron3d/animesh/export.hpp"
#include "vestige/iron3d/animesh/sample.hpp"
#include "vestige/iron3d/ctl/ctl.hpp"
#include "vestige/iron3d/msh/sample.hpp"

namespace vestige::app {

DemoStage demoStageAnimesh() {
    return {
        "animesh",
        "Iron3D CAniMesh: tank + turret + cannon piece tree, animation, CTLD pose rows, joint bounds, animated glTF",
        [](DemoContext& demo) -> Status {
            namespace am = iron3d::animesh;
            namespace msh = iron3d::msh;
            // The three source models, as files (our builder, byte-exact MSH).
            VESTIGE_TRY(Bytes tank, msh::build(msh::sampleTank()));
            VESTIGE_TRY(Bytes turret, msh::build(am::sampleTurret()));
            VESTIGE_TRY(Bytes cannon, msh::build(am::sampleCannon()));
            VESTIGE_CHECK(demo.write("animesh/tank.msh", tank));
            VESTIGE_CHECK(demo.write("animesh/turret.msh", turret));
            VESTIGE_CHECK(demo.write("animesh/cannon.msh", cannon));

            VESTIGE_TRY(am::AniMesh mesh, am::sampleAssembly(false));
            VESTIGE_TRY(Bytes glb, am::exportAnimatedGlb(mesh));
            VESTIGE_CHECK(demo.write("animesh/tank_assembly.glb", glb));
            std::string roots;
            for (std::size_t i = 0; i < mesh.pieces().size(); ++i)
                if (mesh.pieces()[i].submodelRoot()) roots += fmt::format("{}{}", roots.empty() ? "" : ", ", i);
            demo.notes.push_back(
                fmt::format("animesh: {} loads (tags 0/1/2) -> {} pieces; SUBMODEL_ROOT on pieces {}; "
                            "turret on piece 3, cannon on piece 6; tank_assembly.glb {} bytes (16 frames)",
                            mesh.loads().size(), mesh.pieces().size(), roots, glb.size()));

            // Determinism: 1000 ticks, 0.25 frames per tick, written as JSON Lines (capped at 1 MiB).
            std::string lines;
            TraceSink sink([&lines](std::string_view line) {
                if (lines.size() < (1u << 20)) {
                    lines.append(line);
                    lines.push_back('\n');
                }
            });
            VESTIGE_CHECK(am::traceTicks(mesh, sink, 1000));
            VESTIGE_CHECK(demo.write("animesh/trace.jsonl", lines));
            demo.notes.push_back(fmt::format("animesh: 1000 ticks traced, hash {}", sink.hashHex()));

            // CTLD pose rows for the tank: node 3 (turret socket) blends frames 0 -> 2 at 0.75 with the
            // wrap flag (1.75 wraps once to 0.75): time 1.5.
            iron3d::ctl::PoseRow row;
            row.nodeId = 3;
            row.frameA = 0;
            row.frameB = 2;
            row.blend = 1.75f;
            row.flags = iron3d::ctl::kFlagWrap;
            iron3d::ctl::PoseRow skipped = row;
            skipped.nodeId = -1;
            skipped.frameA = skipped.frameB = -1;
            skipped.flags = iron3d::ctl::kFlagSkip;
            VESTIGE_TRY(Bytes ctlBytes, iron3d::ctl::build(2, 1, 0, 0, {row, skipped}));
            VESTIGE_CHECK(demo.write("animesh/tank.ctl", ctlBytes));
            VESTIGE_TRY(auto ctlFile, iron3d::ctl::read(ctlBytes));
            VESTIGE_TRY(auto bindings, iron3d::ctl::poseBindings(ctlFile, mesh.loads()[0].pieceCount));
            mesh.setAllTimes(std::nullopt);
            for (std::uint32_t i = 0; i < mesh.loads()[0].pieceCount; ++i)
                VESTIGE_CHECK(mesh.setTime(i, bindings.times[i]));
            VESTIGE_CHECK(mesh.setTime(5, 6.0f));  // turret rotor
            VESTIGE_CHECK(mesh.setTime(8, 8.0f));  // cannon at full pitch
            VESTIGE_CHECK(mesh.update());
            demo.notes.push_back(fmt::format("animesh: tank.ctl ({} bytes, rows at {}) binds node 3 to time {}",
                                             ctlBytes.size(), hex(128 + 2 * (156 + 16) + 16),
                                             TraceSink::formatFloat(bindings.times[3].value_or(-1))));

            VESTIGE_TRY(std::string text, am::describeText(mesh));
            VESTIGE_TRY(std::string json, am::describeJson(mesh));
            VESTIGE_CHECK(demo.write("animesh/pose.txt", text));
            VESTIGE_CHECK(demo.write("animesh/pose.json", json));
            const Aabb& box = mesh.cachedMeshBox();
            demo.notes.push_back(fmt::format("animesh: posed whole-mesh box ({}, {}, {})..({}, {}, {}), sphere r {}",
                                             TraceSink::formatFloat(box.min.x), TraceSink::formatFloat(box.min.y),
                                             TraceSink::formatFloat(box.min.z), TraceSink::formatFloat(box.max.x),
                                             TraceSink::formatFloat(box.max.y), TraceSink::formatFloat(box.max.z),
                                             TraceSink::formatFloat(mesh.cachedMeshSphere().radius)));
            return {};
        }};
}

}  // namespace vestige::app
