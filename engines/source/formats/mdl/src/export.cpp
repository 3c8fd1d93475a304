// glTF export of a studio model: the skeleton as nodes, one skinned mesh (JOINTS_0 / WEIGHTS_0 per primitive, the
// bones' pose-to-bone matrices as inverse bind matrices), materials by name, sequences as animations.
//
//   nodes: 0..B-1 bones (TRS from pos/quat, children by parent) | B "studio_model" root, rotation -90 deg
//          about X (Z-up -> Y-up, units stay inches like the BSP export) | B+1 mesh node (skinned)
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "vestige/core/log.hpp"
#include "vestige/gltf/gltf.hpp"
#include "vestige/source/mdl/animation.hpp"
#include "vestige/source/mdl/view.hpp"

namespace vestige::source::mdl {

constexpr int kMaxExportFrames = 4096;

// One glTF animation per sequence: translation and rotation channels for every bone, one key per frame.
Status addAnimations(const StudioFiles& files, gltf::Document& doc) {
    const Mdl& m = files.mdl;
    std::int64_t skipped = 0;
    for (const SeqDesc& seq : m.sequences) {
        if (seq.animIndices.empty()) continue;
        const auto animIndex = seq.animIndices[0];
        const AnimDesc& a = m.animations[static_cast<std::size_t>(animIndex)];
        // Block data lives in the .ani file, which the export does not locate (docs/mdl.md).
        if (auto probe = sampleAnimation(m, animIndex, 0.0f);
            !probe.ok() && probe.error().code() == "mdl.missing_ani") {
            log::warn("export", "{}: sequence {} skipped: its animation is in {}", files.mdlName, seq.label,
                      m.animBlockName);
            ++skipped;
            continue;
        }
        const int frames = std::clamp(a.numFrames, 1, kMaxExportFrames);
        const float fps = std::isfinite(a.fps) && a.fps > 0 ? a.fps : 30.0f;
        gltf::Animation out;
        out.name = seq.label;
        std::vector<gltf::AnimationChannel> rot(m.bones.size()), pos(m.bones.size());
        for (std::size_t b = 0; b < m.bones.size(); ++b) {
            rot[b].node = pos[b].node = static_cast<int>(b);
            rot[b].path = gltf::AnimationPath::Rotation;
            pos[b].path = gltf::AnimationPath::Translation;
        }
        for (int f = 0; f < frames; ++f) {
            VESTIGE_TRY(std::vector<BonePose> pose,
                        sampleAnimation(m, animIndex, static_cast<float>(f)).entry(seq.label).file(files.mdlName));
            const float time = static_cast<float>(f) / fps;
            for (std::size_t b = 0; b < pose.size(); ++b) {
                rot[b].times.push_back(time);
                rot[b].quatValues.push_back(normalize(pose[b].rot));
                pos[b].times.push_back(time);
                pos[b].vec3Values.push_back(pose[b].pos);
            }
        }
        for (std::size_t b = 0; b < m.bones.size(); ++b) {
            out.channels.push_back(std::move(pos[b]));
            out.channels.push_back(std::move(rot[b]));
        }
        if (!out.channels.empty()) doc.animations.push_back(std::move(out));
    }
    if (skipped) doc.extras.ints["animations_skipped"] = skipped;
    return {};
}

Result<Bytes> exportGlb(const StudioFiles& files, const ViewOptions& options) {
    VESTIGE_TRY(ModelView view, buildView(files, options));
    gltf::Document doc;
    doc.generator = "vestige (source studio model)";
    doc.sceneName = files.mdl.nameText();
    const int nb = static_cast<int>(view.bones.size());
    gltf::Node root;
    root.name = "studio_model";
    root.rotation = Quat::fromAxisAngle({1, 0, 0}, -kPi / 2);  // Source Z-up -> glTF Y-up
    for (int i = 0; i < nb; ++i) {
        const ViewBone& b = view.bones[static_cast<std::size_t>(i)];
        gltf::Node n;
        n.name = b.name;
        n.translation = b.pos;
        n.rotation = normalize(b.quat);
        doc.nodes.push_back(n);
    }
    for (int i = 0; i < nb; ++i) {
        const int parent = view.bones[static_cast<std::size_t>(i)].parent;
        (parent < 0 ? root.children : doc.nodes[static_cast<std::size_t>(parent)].children).push_back(i);
    }
    doc.nodes.push_back(root);
    const int rootIndex = nb;

    std::map<int, int> materialOf;  // skin-table column -> glTF material
    gltf::Mesh mesh;
    mesh.name = files.mdl.nameText();
    for (const ViewMesh& vm : view.meshes) {
        if (vm.indices.empty()) continue;
        if (!materialOf.count(vm.material)) {
            gltf::Material mat;
            mat.name = vm.materialName.empty() ? fmt::format("material_{}", vm.material) : vm.materialName;
            materialOf[vm.material] = static_cast<int>(doc.materials.size());
            doc.materials.push_back(mat);
        }
        gltf::Primitive prim;
        prim.material = materialOf[vm.material];
        prim.extras.ints["bodypart"] = vm.bodyPart;
        prim.extras.ints["model"] = vm.model;
        prim.extras.ints["mesh"] = vm.mesh;
        for (const ViewVertex& v : vm.vertices) {
            prim.positions.push_back(v.pos);
            prim.normals.push_back(normalize(v.normal));
            prim.uv0.push_back(v.uv);
            std::array<std::uint16_t, 4> j{};
            std::array<float, 4> w{};
            float sum = 0;
            for (int k = 0; k < v.numBones; ++k) {
                j[static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(v.bones[static_cast<std::size_t>(k)]);
                w[static_cast<std::size_t>(k)] = std::max(0.0f, v.weights[static_cast<std::size_t>(k)]);
                sum += w[static_cast<std::size_t>(k)];
            }
            if (!(sum > 0) || !std::isfinite(sum))
                return Error("mdl.unweighted_vertex", "a vertex has no usable bone weight (glTF skins need one)")
                    .file(files.vvdName)
                    .record(v.vvdIndex);
            prim.joints0.push_back(j);
            prim.weights0.push_back({w[0] / sum, w[1] / sum, w[2] / sum, w[3] / sum});
        }
        // Source fronts are clockwise; glTF's are counter-clockwise.
        for (std::size_t i = 0; i + 2 < vm.indices.size(); i += 3)
            prim.indices.insert(prim.indices.end(), {vm.indices[i], vm.indices[i + 2], vm.indices[i + 1]});
        mesh.primitives.push_back(std::move(prim));
    }
    if (options.animations) VESTIGE_CHECK(addAnimations(files, doc));
    doc.extras.ints["version"] = files.mdl.header.version;
    doc.extras.ints["checksum"] = files.mdl.header.checksum;
    doc.extras.ints["triangles"] = static_cast<std::int64_t>(view.triangles);
    doc.extras.strings["units"] = "inches";
    if (mesh.primitives.empty()) {
        doc.sceneRoots = {rootIndex};
        return gltf::writeGlb(doc);
    }
    doc.meshes.push_back(std::move(mesh));
    gltf::Skin skin;
    skin.name = "skeleton";
    skin.skeleton = rootIndex;
    for (int i = 0; i < nb; ++i) {
        skin.joints.push_back(i);
        skin.inverseBind.push_back(view.bones[static_cast<std::size_t>(i)].poseToBone);
    }
    doc.skins.push_back(std::move(skin));
    gltf::Node meshNode;
    meshNode.name = files.mdl.nameText() + ":mesh";
    meshNode.mesh = 0;
    meshNode.skin = 0;
    doc.nodes.push_back(meshNode);
    // A skinned mesh node's own transform is ignored by glTF; it sits at the scene root next to the skeleton.
    doc.sceneRoots = {rootIndex, rootIndex + 1};
    return gltf::writeGlb(doc);
}

}  // namespace vestige::source::mdl
