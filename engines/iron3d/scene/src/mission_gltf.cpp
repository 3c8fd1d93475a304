// Mission scene (instanced) -> glTF document (rules in mission_gltf.hpp).
#include "vestige/iron3d/scene/mission_gltf.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "vestige/core/json.hpp"
#include "vestige/image/image.hpp"

namespace vestige::iron3d::scene {
namespace {

namespace vs = ::vestige::scene;

// One range of a scene mesh as a primitive: the used vertices only, `bake` applied (the node's static pose).
gltf::Primitive primitive(const vs::Mesh& mesh, const vs::DrawRange& r, bool withUv1, const Mat4& bake) {
    std::vector<std::uint32_t> used(mesh.indices.begin() + r.firstIndex,
                                    mesh.indices.begin() + r.firstIndex + r.indexCount);
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    Mat4 inverse;
    const bool invertible = bake.inverse(inverse);
    const Mat3 normalMatrix = invertible ? inverse.transposed().upper3x3() : bake.upper3x3();
    gltf::Primitive p;
    p.material = static_cast<int>(r.material);
    for (const auto v : used) {
        const vs::Vertex& x = mesh.vertices[v];
        p.positions.push_back(bake.transformPoint(x.position));
        p.normals.push_back(normalize(normalMatrix * x.normal));
        p.uv0.push_back(x.uv0);
        if (withUv1) p.uv1.push_back(x.uv1);
    }
    for (std::uint32_t i = r.firstIndex; i < r.firstIndex + r.indexCount; ++i)
        p.indices.push_back(
            static_cast<std::uint32_t>(std::lower_bound(used.begin(), used.end(), mesh.indices[i]) - used.begin()));
    return p;
}

}  // namespace

Result<gltf::Document> toGltf(const MissionScene& s, const std::string& missionDir) {
    const vs::Scene& scene = s.scene;
    gltf::Document doc;
    doc.sceneName = "mission " + missionDir;
    doc.extras.strings["up_axis"] = "Z (Iron3D world coordinates, unchanged)";
    doc.extras.ints["objects"] = static_cast<std::int64_t>(s.report.objects);
    doc.extras.ints["unresolved_materials"] = static_cast<std::int64_t>(s.report.unresolved.size());

    for (const auto& t : scene.textures) {
        image::Image img(t.width, t.height);
        std::copy(t.rgba.begin(), t.rgba.end(), img.data());
        VESTIGE_TRY(Bytes png, image::encodePng(img).entry(t.name));
        doc.images.push_back(gltf::Image{t.name, std::move(png)});
    }
    std::map<std::string, std::string> whyOf;  // "unresolved:<where>" -> why
    for (const auto& u : s.report.unresolved) whyOf.emplace("unresolved:" + u.where, u.why);
    for (const auto& m : scene.materials) {
        gltf::Material g;
        g.name = m.name;
        g.baseColor = m.baseColor;
        g.doubleSided = true;
        if (m.texture != vs::kNone) g.baseColorImage = static_cast<int>(m.texture);
        if (m.lightmap != vs::kNone) {
            g.occlusionImage = static_cast<int>(m.lightmap);
            g.occlusionTexCoord = 1;
        }
        if (m.textureMissing) {
            g.baseColor = {vs::kCheckerLight.x, vs::kCheckerLight.y, vs::kCheckerLight.z, 1};
            const auto it = whyOf.find(m.name);
            g.extras.strings["unresolved"] = it == whyOf.end() ? "unresolved" : it->second;
        }
        doc.materials.push_back(std::move(g));
    }
    auto addMesh = [&](std::string name, std::size_t first, std::size_t count) -> int {
        gltf::Mesh mesh;
        mesh.name = std::move(name);
        for (std::size_t k = first; k < first + count; ++k)
            for (const auto& r : scene.meshes[k].ranges)
                if (r.indexCount > 0)
                    mesh.primitives.push_back(primitive(scene.meshes[k], r,
                                                        scene.materials[r.material].lightmap != vs::kNone,
                                                        scene.meshes[k].placement));
        if (mesh.primitives.empty()) return -1;
        doc.meshes.push_back(std::move(mesh));
        return static_cast<int>(doc.meshes.size() - 1);
    };

    gltf::Node terrain;
    terrain.name = "terrain";
    if (s.terrainMesh != vs::kNone) terrain.mesh = addMesh("terrain", s.terrainMesh, 1);
    doc.nodes.push_back(std::move(terrain));
    std::vector<int> meshOf;
    for (const auto& m : s.models) meshOf.push_back(addMesh(m.name, m.firstMesh, m.meshCount));

    std::vector<int> roots{0};
    for (const auto& o : s.instances) {
        gltf::Node n;
        n.name = fmt::format("{} {}", o.object, o.name);
        n.matrix = o.placement;
        n.extras.ints["object"] = static_cast<std::int64_t>(o.object);
        if (o.models.empty()) n.extras.ints["non_geometric"] = 1;
        if (o.models.size() == 1) n.mesh = meshOf[o.models[0]];
        roots.push_back(static_cast<int>(doc.nodes.size()));
        doc.nodes.push_back(std::move(n));
        if (o.models.size() < 2) continue;
        const auto parent = static_cast<std::size_t>(roots.back());
        for (std::size_t k = 0; k < o.models.size(); ++k) {
            gltf::Node c;
            c.name = fmt::format("{} component {}", o.object, k);
            c.mesh = meshOf[o.models[k]];
            doc.nodes[parent].children.push_back(static_cast<int>(doc.nodes.size()));
            doc.nodes.push_back(std::move(c));
        }
    }
    doc.sceneRoots = std::move(roots);
    return doc;
}

Result<MissionGlb> exportGlb(const mission::LoadedMission& mission) {
    MissionSceneOptions options;
    options.instanced = true;
    VESTIGE_TRY(MissionScene s, toScene(mission, options));
    VESTIGE_TRY(gltf::Document doc, toGltf(s, mission.missionDir));
    MissionGlb out;
    VESTIGE_TRY(out.glb, gltf::writeGlb(doc));
    out.stats.nodes = doc.nodes.size();
    out.stats.meshes = doc.meshes.size();
    out.stats.materials = doc.materials.size();
    out.stats.textures = doc.images.size();
    out.stats.objects = s.report.objects;
    out.stats.objectNodes = s.instances.size();
    out.stats.unresolvedMaterials = s.report.unresolved.size();
    return out;
}

std::string statsJson(const MissionGltfStats& st) {
    return dumpJson(nlohmann::ordered_json{{"nodes", st.nodes},
                                           {"meshes", st.meshes},
                                           {"materials", st.materials},
                                           {"textures", st.textures},
                                           {"objects", st.objects},
                                           {"objectNodes", st.objectNodes},
                                           {"unresolvedMaterials", st.unresolvedMaterials}});
}

std::string statsText(const MissionGltfStats& st) {
    return fmt::format("{} nodes ({} objects of {}), {} meshes, {} materials, {} textures, {} unresolved materials",
                       st.nodes, st.objectNodes, st.objects, st.meshes, st.materials, st.textures,
                       st.unresolvedMaterials);
}

}  // namespace vestige::iron3d::scene
