// Demo stage: studio. Builds a small Source studio model (2 bones, 1 body part, 1 model, 2 meshes, 1 LOD) with
// the MDL builder, reads the .mdl/.vvd/.dx90.vtx triple back (each byte-exact through its writer), checks the
// siblings against each other, resolves the LOD 0 triangles, decodes the "bend" animation and exports a skinned
// glTF (also one with the sequences as glTF animations), once directly and once through the format registry from
// the written files (siblings found by name). Outputs go to studio/.
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/source/mdl/animation.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/mdl/register.hpp"
#include "vestige/source/mdl/view.hpp"

namespace vestige::app {

namespace {

namespace mdl = source::mdl;

template <class T, class Read, class Write>
Status roundTrip(const Bytes& bytes, Read read, Write write, const char* name) {
    VESTIGE_TRY(T value, read(bytes));
    VESTIGE_TRY(Bytes again, write(value));
    if (again != bytes) return Error("demo.studio", "round trip is not byte-exact").entry(name);
    return {};
}

}  // namespace

DemoStage demoStageStudio() {
    return {
        "studio", "Source studio model: build MDL/VVD/VTX, read back byte-exact, check siblings, export skinned glTF",
        [](DemoContext& demo) -> Status {
            VESTIGE_TRY(mdl::BuiltModel built, mdl::buildModel(mdl::sampleSpec()));
            VESTIGE_CHECK(roundTrip<mdl::Mdl>(built.mdl, mdl::readMdl, mdl::writeMdl, "model.mdl"));
            VESTIGE_CHECK(roundTrip<mdl::Vvd>(built.vvd, mdl::readVvd, mdl::writeVvd, "model.vvd"));
            VESTIGE_CHECK(roundTrip<mdl::Vtx>(built.vtx, mdl::readVtx, mdl::writeVtx, "model.dx90.vtx"));
            VESTIGE_CHECK(demo.write("studio/model.mdl", built.mdl));
            VESTIGE_CHECK(demo.write("studio/model.vvd", built.vvd));
            VESTIGE_CHECK(demo.write("studio/model.dx90.vtx", built.vtx));

            VESTIGE_TRY(mdl::StudioFiles files, mdl::readStudio(built.mdl, built.vvd, built.vtx));
            VESTIGE_TRY(mdl::ModelView view, mdl::buildView(files));
            VESTIGE_TRY(Bytes glb, mdl::exportGlb(files));
            VESTIGE_CHECK(demo.write("studio/model.glb", glb));
            VESTIGE_CHECK(demo.write("studio/model.info.json", mdl::describe(files.mdl, &files).json));
            mdl::ViewOptions animated;
            animated.animations = true;
            VESTIGE_TRY(Bytes animatedGlb, mdl::exportGlb(files, animated));
            VESTIGE_CHECK(demo.write("studio/model_animated.glb", animatedGlb));
            // "bend" (local animation 1), last frame: the tip's world position after the skeleton poses.
            const auto& bend = files.mdl.animations[1];
            VESTIGE_TRY(std::vector<mdl::BonePose> pose,
                        mdl::sampleAnimation(files.mdl, 1, static_cast<float>(bend.numFrames - 1)));
            const Quat tip = pose[1].rot;

            // The same export as `vestige export studio/model.mdl -o x.glb`: the registry finds the siblings.
            const auto* format = demo.app.formats.find("mdl");
            if (!format || !format->exportGlb) return Error("demo.studio", "the mdl format is not registered");
            const std::string spec = (demo.outDir / "studio" / "model.mdl").string();
            VESTIGE_TRY(Bytes viaRegistry, format->exportGlb(built.mdl, spec, {}));
            if (viaRegistry != glb) return Error("demo.studio", "registry export differs from the direct export");

            // A .vvd from another model (checksum changed) is refused with both values named.
            Bytes foreign = built.vvd;
            foreign[8] ^= 0x01;
            auto mismatch = mdl::readStudio(built.mdl, foreign, built.vtx);
            if (mismatch.ok()) return Error("demo.studio", "a foreign .vvd was accepted");

            demo.notes.push_back(fmt::format(
                "model.mdl: studio v{} \"{}\", {} bones, {} body part, {} meshes, {} textures, {} skin families, "
                "{} sequences; {} / {} / {} bytes (mdl/vvd/vtx), round trips exact",
                files.mdl.header.version, files.mdl.nameText(), files.mdl.bones.size(), files.mdl.bodyParts.size(),
                view.meshes.size(), files.mdl.textures.size(), files.mdl.skinFamilies.size(),
                files.mdl.sequences.size(), built.mdl.size(), built.vvd.size(), built.vtx.size()));
            demo.notes.push_back(
                fmt::format("model.glb: LOD 0, {} triangles from VTX strips -> {} VVD vertices, "
                            "skinned to {} joints, {} bytes (same bytes via the registry)",
                            view.triangles, files.vvd.vertices.size(), view.bones.size(), glb.size()));
            demo.notes.push_back(fmt::format(
                "model_animated.glb: {} glTF animations; \"{}\" frame {} tip rotation ({:.4f} {:.4f} {:.4f} {:.4f}) "
                "decoded from an ANIMROT RLE track, {} bytes",
                files.mdl.sequences.size(), bend.name, bend.numFrames - 1, tip.x, tip.y, tip.z, tip.w,
                animatedGlb.size()));
            demo.notes.push_back(fmt::format("foreign .vvd refused: {}", mismatch.error().render()));
            return {};
        }};
}

}  // namespace vestige::app
