// Demo stage: msh. Builds a small multi-node tank with the MSH builder, reads it back (byte-exact
// round trip), describes it and exports state 0 / LOD 0 to binary glTF.
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/iron3d/msh/inspect.hpp"
#include "vestige/iron3d/msh/sample.hpp"

namespace vestige::app {

DemoStage demoStageMsh() {
    return {"msh", "Iron3D MSH: build a tank, inspect it, export glTF", [](DemoContext& demo) -> Status {
                namespace msh = iron3d::msh;
                VESTIGE_TRY(Bytes bytes, msh::build(msh::sampleTank()));
                VESTIGE_TRY(msh::Model model, msh::Model::read(bytes));
                VESTIGE_TRY(Bytes again, msh::write(model));
                if (again != bytes) return Error("demo.msh", "read -> write is not byte-identical");
                VESTIGE_TRY(Bytes rebuilt, msh::build(model.data()));
                if (rebuilt != bytes) return Error("demo.msh", "decode -> build is not byte-identical");
                const auto desc = msh::describe(model, "msh/tank.msh");
                VESTIGE_TRY(Bytes glb, msh::exportGlb(model, {}));
                VESTIGE_TRY(msh::StaticGeometry wreck, msh::staticGeometry(model, 1, 0));

                const auto& d = model.data();
                demo.notes.push_back(fmt::format("tank.msh: {} bytes, {} entries, {} nodes, {} slots, {} batches, {} vertices, "
                                                 "{} triangles; read->write byte-identical",
                                                 bytes.size(), model.archive().size(), d.nodes.size(), d.slots.size(),
                                                 d.batches.size(), d.positions.size(), model.triangleCount()));
                demo.notes.push_back(fmt::format("tank.glb: state 0 / LOD 0, {} bytes; state 1 (wreck) draws {} range(s)",
                                                 glb.size(), wreck.nodes[0].ranges.size()));
                VESTIGE_CHECK(demo.write("msh/tank.msh", bytes));
                VESTIGE_CHECK(demo.write("msh/tank.info.json", desc.json));
                VESTIGE_CHECK(demo.write("msh/tank.info.txt", desc.text));
                return demo.write("msh/tank.glb", glb);
            }};
}

}  // namespace vestige::app
