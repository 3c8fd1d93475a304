// `vestige mission --json`: the inventory, counts, warnings and hashes of a loaded mission.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/mission/load.hpp"

namespace vestige::iron3d::mission {

std::string summaryJson(const LoadedMission& m, bool withTimings) {
    using Json = nlohmann::ordered_json;
    const LoadCounts& c = m.counts;
    Json j;
    j["mission"] = cp1251ToUtf8(m.missionDir);
    j["land"] = {{"mesh", cp1251ToUtf8(m.landFiles.mesh)}, {"map", cp1251ToUtf8(m.landFiles.map)}};
    j["counts"] = {{"objects", c.objects},
                   {"unit_references", c.unitReferences},
                   {"direct_references", c.directReferences},
                   {"components", c.components},
                   {"mesh_components", c.meshComponents},
                   {"non_geometric", c.nonGeometric},
                   {"distinct_meshes", c.distinctMeshes},
                   {"requests", c.requests},
                   {"wear_requests", c.wearRequests},
                   {"material_slots", c.materialSlots},
                   {"texture_references", c.textureReferences},
                   {"untextured_phases", c.untexturedPhases},
                   {"lightmap_requests", c.lightmapRequests},
                   {"lightmaps_resolved", c.lightmapsResolved},
                   {"pose_bindings", c.poseBindings},
                   {"raw_resources", c.rawResources},
                   {"paths", c.paths},
                   {"clans", c.clans},
                   {"extras", c.extras},
                   {"terrain_faces", c.faces},
                   {"areals", c.areals},
                   {"build_categories", c.buildCategories},
                   {"land_material_rows", c.landMaterialRows},
                   {"land_rows_resolved", c.landRowsResolved},
                   {"failures", c.failures}};
    Json warnings = Json::array();
    for (const auto& w : m.warnings) warnings.push_back(Json::parse(w.toJson()));
    j["warnings"] = std::move(warnings);
    Json phases = Json::array();
    for (const auto& t : m.timings) {
        Json phase{{"phase", std::string(loadPhaseName(t.phase))}};
        if (withTimings) phase["ms"] = std::round(t.milliseconds * 100) / 100;
        phase["bytes_read"] = t.bytesRead;
        phases.push_back(std::move(phase));
    }
    j["phases"] = std::move(phases);
    if (m.runtime) {
        j["tick"] = m.runtime->world().tick();
        j["state_hash"] = toHex(m.runtime->world().stateHash());
        j["simulation_hash"] = toHex(m.runtime->simulationHash());
    }
    return dumpJson(j);
}

}  // namespace vestige::iron3d::mission
