// Demo stage: bsp. Builds a map with the MapBuilder (a room with stairs, ramps of 20/30/45 degrees, a pool, a
// displacement hill and a door brush entity), reads it back, and writes bsp/demo.bsp, bsp/info.json and
// bsp/entities.json and bsp/demo.glb.
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/bsp/describe.hpp"
#include "vestige/source/bsp/sample.hpp"

namespace vestige::app {

DemoStage demoStageBsp() {
    return {"bsp", "Source BSP: build a map (room, stairs, ramps, pool, hill, door), inspect it, list entities, export glTF",
            [](DemoContext& demo) -> Status {
                const auto map = source::bsp::demoMap();
                VESTIGE_TRY(auto bytes, map.write());
                VESTIGE_TRY(auto bsp, source::bsp::readBsp(bytes));
                VESTIGE_CHECK(demo.write("bsp/demo.bsp", bytes));
                const auto desc = source::bsp::describe(bsp, bytes.size());
                VESTIGE_CHECK(demo.write("bsp/info.json", desc.json));
                VESTIGE_CHECK(demo.write("bsp/entities.json", source::bsp::entitiesJson(bsp)));
                // glTF through the registry entry (world meshes + lightmap atlas from engines/source/mapmesh).
                const auto* format = demo.app.formats.find("bsp");
                if (!format || !format->exportGlb) return Error("demo.bsp", "the bsp format has no glTF exporter");
                VESTIGE_TRY(auto glb, format->exportGlb(bytes, "bsp/demo.bsp", {}));
                VESTIGE_CHECK(demo.write("bsp/demo.glb", glb));
                demo.notes.push_back(fmt::format(
                    "demo.bsp: {} bytes, {} brushes, {} faces, {} triangles, {} displacement ({} verts), {} entities",
                    bytes.size(), bsp.brushes.size(), bsp.faces.size(), bsp.totalTriangleCount(), bsp.dispInfos.size(),
                    bsp.dispVerts.size(), bsp.entities.size()));
                demo.notes.push_back(fmt::format("demo.glb: {} bytes (TEXCOORD_0 texture UV, TEXCOORD_1 lightmap atlas)", glb.size()));
                return {};
            }};
}

}  // namespace vestige::app
