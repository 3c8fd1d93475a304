// Demo stage: query. The seed's door case on builder data: a plant (wall with a doorway, roof, socket, a door on
// node 3) written as plant.msh; a slot query on the door; world queries through the doorway in the closed pose
// (hit on the door), at frame 1 (open: miss) and with a CTLD pose row that opens it; the plant's CTLD effect
// section (typed records, group references, type-4 rows) and its explicitly referenced CPT point list.
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/iron3d/animesh/animesh.hpp"
#include "vestige/iron3d/cpt/cpt.hpp"
#include "vestige/iron3d/ctl/effects.hpp"
#include "vestige/iron3d/ctl/prepare.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/query/builder.hpp"
#include "vestige/iron3d/query/report.hpp"
#include "vestige/iron3d/query/world_query.hpp"

namespace vestige::app {
namespace {

namespace ctl = iron3d::ctl;
namespace cpt = iron3d::cpt;
namespace query = iron3d::query;

// The plant's control files: node 3 bound to frames 0 -> 1 at blend 1 (open), two typed records, the default
// effect group 0 with four type-4 rows pointing at the point list, and a four-point CPT.
Result<std::pair<Bytes, Bytes>> plantControl() {
    ctl::PoseRow door;
    door.nodeId = 3;
    door.frameA = 0;
    door.frameB = 1;
    door.blend = 1;
    ctl::GroupTable lights;
    for (std::uint32_t i = 0; i < 3; ++i)
        lights.rows.push_back(ctl::groupRow(4, "fx.rlb", "f_smalllight_y", {i, i, i, 0, 0}));
    lights.rows.push_back(ctl::groupRow(4, "fx.rlb", "smoke_fr_02", {3, 3, 3, 1, 0x3F800000}));
    const auto section = ctl::effectSection({ctl::typedRecord(2, {1, 2}, "door_motor"), ctl::typedRecord(5, {})}, {0},
                                            {std::move(lights)});
    VESTIGE_TRY(Bytes tail, ctl::writeEffects(section));
    VESTIGE_TRY(Bytes ctlBytes, ctl::build(4, 0, 2, 1, {door}, tail));
    cpt::PointList points;
    for (int i = 0; i < 3; ++i) points.points.push_back(cpt::makePoint("Sfx_1", {-0.5f, -3.0f + 3.0f * i, 3.5f}));
    points.points.push_back(cpt::makePoint("Root", {0, 0, 0}, {0, 0, 1}, 0));
    VESTIGE_TRY(Bytes cptBytes, cpt::write(points));
    return std::pair{std::move(ctlBytes), std::move(cptBytes)};
}

}  // namespace

DemoStage demoStageQuery() {
    return {"query",
            "Iron3D segment queries: slot and world (helper retry rules), the posed door case, CTLD effect rows, CPT",
            [](DemoContext& demo) -> Status {
                VESTIGE_TRY(Bytes plantBytes, iron3d::msh::build(query::samplePlant()));
                VESTIGE_CHECK(demo.write("query/plant.msh", plantBytes));
                VESTIGE_TRY(auto plant, iron3d::msh::Model::read(plantBytes));
                VESTIGE_TRY(auto model, query::QueryModel::create(plant.data()));
                // Node space: the door (node 3, slot 2) from its front.
                VESTIGE_TRY(auto slot, query::querySlotSegment(model, 3, 2, {{-1, 1, 1}, {1, 1, 1}}));
                demo.notes.push_back(fmt::format("query: slot query node 3 slot 2 -> {} at x {} (descriptor {})",
                                                 toString(slot.outcome), slot.hit ? slot.hit->point.x : 0.0f,
                                                 slot.hit ? slot.hit->descriptor : 0u));

                iron3d::animesh::AniMesh mesh;
                VESTIGE_CHECK(mesh.append("plant.msh", plant.data(), 0));
                const Segment through{{-10, 0, 1}, {10, 0, 1}};
                std::string json = "[";
                auto world = [&](const std::string& label) -> Result<query::WorldResult> {
                    VESTIGE_CHECK(mesh.update());
                    VESTIGE_TRY(auto list, query::posedNodes(mesh, 0));
                    VESTIGE_TRY(auto r, query::queryBuildingSegmentWorld(model, list, through));
                    json += fmt::format("{}{{\"pose\":\"{}\",\"result\":{}}}", json.size() > 1 ? "," : "", label,
                                        query::worldJson(r));
                    demo.notes.push_back(fmt::format(
                        "query: world segment through the doorway, {}: {}{}", label, toString(r.outcome),
                        r.hit ? fmt::format(" on node {} at x {}", r.hit->node, r.hit->point.x) : std::string()));
                    return r;
                };
                VESTIGE_TRY(auto closed, world("closed (fallback keys)"));
                mesh.setAllFrames(1);
                VESTIGE_TRY(auto open, world("frame 1 (open)"));
                if (closed.outcome != query::Outcome::Hit || open.outcome != query::Outcome::Miss)
                    return Error("demo.query", "the door case did not come out as closed = hit, open = miss");

                VESTIGE_TRY(auto files, plantControl());
                VESTIGE_CHECK(demo.write("query/plant.ctl", files.first));
                VESTIGE_CHECK(demo.write("query/plant.cpt", files.second));
                VESTIGE_TRY(auto prepared, ctl::prepare(files.first, ByteView(files.second)));
                VESTIGE_TRY(auto bindings, ctl::poseBindings(prepared.file, mesh.loads()[0].pieceCount));
                mesh.setAllTimes(std::nullopt);
                for (std::uint32_t i = 0; i < mesh.loads()[0].pieceCount; ++i)
                    VESTIGE_CHECK(mesh.setTime(i, bindings.times[i]));
                VESTIGE_TRY(auto bound, world("plant.ctl pose row (node 3 time 1)"));
                if (bound.outcome != query::Outcome::Miss)
                    return Error("demo.query", "the CTLD pose row (node 3 at time 1) should open the door");
                VESTIGE_CHECK(demo.write("query/plant_world.json", json + "]"));
                demo.notes.push_back(fmt::format(
                    "query: plant.ctl effects {}: {} typed records, initial effect group {}, {} type-4 rows; plant.cpt "
                    "(explicit reference) {} points",
                    ctl::toString(prepared.effects.state), prepared.effects.records.size(),
                    prepared.effects.initialEffectGroup.value_or(ctl::kNoGroup),
                    ctl::effectRows(prepared.effects).size(), prepared.points ? prepared.points->points.size() : 0u));
                return {};
            }};
}

}  // namespace vestige::app
