// glTF export of a studio model. The generic writer (components/gltf) has no skins, so the document is written
// there first (validation, packing, tinygltf serialisation) and a small post-pass adds the skin: JOINTS_0 /
// WEIGHTS_0 per primitive, the inverse bind matrices and `skins[0]`, appended to the BIN chunk and JSON.
//
//   nodes: 0..B-1 bones (TRS from pos/quat, children by parent) | B "studio_model" root, rotation -90 deg
//          about X (Z-up -> Y-up, units stay inches like the BSP export) | B+1 mesh node (skinned)
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

#include "vestige/core/log.hpp"
#include "vestige/gltf/gltf.hpp"
#include "vestige/source/mdl/animation.hpp"
#include "vestige/source/mdl/view.hpp"

namespace vestige::source::mdl {

namespace {

using Json = nlohmann::ordered_json;

constexpr std::uint32_t kGlbMagic = 0x46546C67;  // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;
constexpr std::uint32_t kChunkBin = 0x004E4942;

struct SkinData {
    std::vector<std::vector<std::array<std::uint16_t, 4>>> joints;  // per primitive, per vertex
    std::vector<std::vector<std::array<float, 4>>> weights;
    std::vector<Mat4> inverseBind;
    std::vector<int> jointNodes;
    int meshNode = -1;
    int skeletonRoot = -1;
};

Error glbError(std::string message) { return Error("mdl.export_glb", std::move(message)); }

Result<Bytes> addSkin(const Bytes& glb, const SkinData& skin) {
    if (glb.size() < 20 || loadU32(glb.data()) != kGlbMagic) return glbError("the glTF writer returned no GLB");
    const std::uint32_t jsonLen = loadU32(glb.data() + 12);
    if (loadU32(glb.data() + 16) != kChunkJson || 20ull + jsonLen > glb.size()) return glbError("GLB JSON chunk");
    Json doc = Json::parse(glb.begin() + 20, glb.begin() + 20 + jsonLen, nullptr, false);
    if (doc.is_discarded()) return glbError("GLB JSON does not parse");
    Bytes bin;
    const std::size_t binAt = 20ull + jsonLen;
    if (binAt + 8 <= glb.size() && loadU32(glb.data() + binAt + 4) == kChunkBin) {
        const std::uint32_t binLen = loadU32(glb.data() + binAt);
        if (binAt + 8 + binLen > glb.size()) return glbError("GLB BIN chunk");
        bin.assign(glb.begin() + static_cast<std::ptrdiff_t>(binAt + 8),
                   glb.begin() + static_cast<std::ptrdiff_t>(binAt + 8 + binLen));
    }
    auto view = [&](const void* data, std::size_t size, int target) {
        while (bin.size() % 4) bin.push_back(0);
        Json v{{"buffer", 0}, {"byteOffset", bin.size()}, {"byteLength", size}};
        if (target) v["target"] = target;
        const auto* p = static_cast<const std::uint8_t*>(data);
        bin.insert(bin.end(), p, p + size);
        doc["bufferViews"].push_back(v);
        return doc["bufferViews"].size() - 1;
    };
    auto accessor = [&](std::size_t bufferView, int componentType, std::size_t count, const char* type) {
        doc["accessors"].push_back(
            Json{{"bufferView", bufferView}, {"componentType", componentType}, {"count", count}, {"type", type}});
        return doc["accessors"].size() - 1;
    };
    if (!doc.contains("bufferViews")) doc["bufferViews"] = Json::array();
    if (!doc.contains("accessors")) doc["accessors"] = Json::array();
    auto& prims = doc["meshes"][0]["primitives"];
    if (prims.size() != skin.joints.size()) return glbError("primitive count changed in the writer");
    for (std::size_t i = 0; i < skin.joints.size(); ++i) {
        const auto& j = skin.joints[i];
        const auto& w = skin.weights[i];
        const auto jv = view(j.data(), j.size() * sizeof(j[0]), 34962);
        prims[i]["attributes"]["JOINTS_0"] = accessor(jv, 5123, j.size(), "VEC4");
        const auto wv = view(w.data(), w.size() * sizeof(w[0]), 34962);
        prims[i]["attributes"]["WEIGHTS_0"] = accessor(wv, 5126, w.size(), "VEC4");
    }
    std::vector<float> ibm;
    for (const auto& m : skin.inverseBind) ibm.insert(ibm.end(), m.data(), m.data() + 16);
    const auto iv = view(ibm.data(), ibm.size() * sizeof(float), 0);
    const auto ia = accessor(iv, 5126, skin.inverseBind.size(), "MAT4");
    doc["skins"] = Json::array({Json{{"name", "skeleton"},
                                     {"inverseBindMatrices", ia},
                                     {"skeleton", skin.skeletonRoot},
                                     {"joints", skin.jointNodes}}});
    doc["nodes"][static_cast<std::size_t>(skin.meshNode)]["skin"] = 0;
    while (bin.size() % 4) bin.push_back(0);
    doc["buffers"] = Json::array({Json{{"byteLength", bin.size()}}});

    std::string text = doc.dump();
    while (text.size() % 4) text.push_back(' ');
    ByteWriter out;
    out.u32(kGlbMagic);
    out.u32(2);
    out.u32(static_cast<std::uint32_t>(12 + 8 + text.size() + 8 + bin.size()));
    out.u32(static_cast<std::uint32_t>(text.size()));
    out.u32(kChunkJson);
    out.chars(text);
    out.u32(static_cast<std::uint32_t>(bin.size()));
    out.u32(kChunkBin);
    out.bytes(bin);
    return out.take();
}

}  // namespace

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
    SkinData skin;
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
        std::vector<std::array<std::uint16_t, 4>> joints;
        std::vector<std::array<float, 4>> weights;
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
            for (auto& x : w) x /= sum;
            joints.push_back(j);
            weights.push_back(w);
        }
        // Source fronts are clockwise; glTF's are counter-clockwise.
        for (std::size_t i = 0; i + 2 < vm.indices.size(); i += 3)
            prim.indices.insert(prim.indices.end(), {vm.indices[i], vm.indices[i + 2], vm.indices[i + 1]});
        mesh.primitives.push_back(std::move(prim));
        skin.joints.push_back(std::move(joints));
        skin.weights.push_back(std::move(weights));
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
    gltf::Node meshNode;
    meshNode.name = files.mdl.nameText() + ":mesh";
    meshNode.mesh = 0;
    doc.nodes.push_back(meshNode);
    // A skinned mesh node's own transform is ignored by glTF; it sits at the scene root next to the skeleton.
    doc.sceneRoots = {rootIndex, rootIndex + 1};
    VESTIGE_TRY(Bytes plain, gltf::writeGlb(doc));
    skin.meshNode = rootIndex + 1;
    skin.skeletonRoot = rootIndex;
    for (int i = 0; i < nb; ++i) {
        skin.jointNodes.push_back(i);
        skin.inverseBind.push_back(view.bones[static_cast<std::size_t>(i)].poseToBone);
    }
    return addSkin(plain, skin);
}

}  // namespace vestige::source::mdl
