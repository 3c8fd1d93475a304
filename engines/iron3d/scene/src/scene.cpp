// MSH -> scene conversion (rules in scene.hpp).
#include "vestige/iron3d/scene/scene.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "vestige/iron3d/animation/animation.hpp"

namespace vestige::iron3d::scene {

namespace vs = ::vestige::scene;

Vec4 wearColour(unsigned row) {
    const float h = std::fmod(0.11f + 0.618034f * static_cast<float>(row), 1.0f) * 6.0f;
    const float x = 1.0f - std::abs(std::fmod(h, 2.0f) - 1.0f);
    Vec3 c = h < 1   ? Vec3{1, x, 0}
             : h < 2 ? Vec3{x, 1, 0}
             : h < 3 ? Vec3{0, 1, x}
             : h < 4 ? Vec3{0, x, 1}
             : h < 5 ? Vec3{x, 0, 1}
                     : Vec3{1, 0, x};
    c = c * 0.55f + Vec3{0.3f, 0.3f, 0.3f};
    return {c.x, c.y, c.z, 1};
}

Result<std::vector<Mat4>> nodeMatrices(const msh::Model& model, const SceneOptions& options) {
    const std::size_t nodes = model.data().nodes.size();
    if (!options.nodeWorld.empty()) {
        if (options.nodeWorld.size() != nodes)
            return Error("iron3d_scene.node_count", "node matrices do not match the model's node count")
                .field("nodeWorld")
                .expected(std::to_string(nodes))
                .actual(std::to_string(options.nodeWorld.size()));
        return options.nodeWorld;
    }
    VESTIGE_TRY(const auto anim, animation::ModelAnimation::fromModel(model.data()));
    std::vector<std::optional<float>> times = options.nodeTimes;
    if (times.empty()) {
        times.assign(anim.nodeCount(), options.time);
    } else if (times.size() != anim.nodeCount()) {
        return Error("iron3d_scene.node_count", "per-node times do not match the model's node count")
            .field("nodeTimes")
            .expected(std::to_string(anim.nodeCount()))
            .actual(std::to_string(times.size()));
    }
    VESTIGE_TRY(const auto poses, anim.sampledHierarchyAtTimes(times));
    std::vector<Mat4> out;
    out.reserve(poses.size());
    for (const auto& p : poses) out.push_back(p.matrix());
    return out;
}

Result<std::uint64_t> appendModel(vs::Scene& s, const msh::Model& model, const SceneOptions& options,
                                  const Mat4& placement, std::string_view prefix, const MaterialFor& materialFor) {
    if (options.state >= msh::kStateCount)
        return Error("iron3d_scene.bad_option", "state out of range")
            .field("state")
            .expected(fmt::format("0..{}", msh::kStateCount - 1))
            .actual(std::to_string(options.state));
    if (options.lod >= msh::kLodCount)
        return Error("iron3d_scene.bad_option", "lod out of range")
            .field("lod")
            .expected(fmt::format("0..{}", msh::kLodCount - 1))
            .actual(std::to_string(options.lod));
    VESTIGE_TRY(auto geo, msh::staticGeometry(model, options.state, options.lod));
    VESTIGE_TRY(const auto world, nodeMatrices(model, options));
    if (world.size() < geo.nodes.size())
        return Error("iron3d_scene.node_count", "pose has fewer nodes than the geometry")
            .expected(std::to_string(geo.nodes.size()))
            .actual(std::to_string(world.size()));
    std::uint64_t triangles = 0;
    for (const auto& ng : geo.nodes) {
        if (ng.ranges.empty()) continue;
        std::uint32_t lo = UINT32_MAX, hi = 0;
        for (const auto& r : ng.ranges) {
            if (r.indexCount == 0) continue;
            lo = std::min(lo, r.minVertex);
            hi = std::max(hi, r.maxVertex);
        }
        vs::Mesh mesh;
        mesh.name = std::string(prefix) + (ng.name.empty() ? fmt::format("node{}", ng.node) : ng.name);
        mesh.placement = placement * world[ng.node];
        if (lo <= hi) {
            if (hi >= geo.positions.size())
                return Error("iron3d_scene.vertex", "batch uses a vertex outside the position stream")
                    .entry(mesh.name)
                    .expected(fmt::format("< {}", geo.positions.size()))
                    .actual(std::to_string(hi));
            mesh.vertices.reserve(hi - lo + 1);
            for (std::uint32_t v = lo; v <= hi; ++v) {
                vs::Vertex vx;
                vx.position = geo.positions[v];
                if (v < geo.normals.size()) vx.normal = geo.normals[v];
                if (v < geo.uv0.size()) vx.uv0 = geo.uv0[v];
                if (v < geo.uv1.size()) vx.uv1 = geo.uv1[v];
                mesh.vertices.push_back(vx);
            }
        }
        for (const auto& r : ng.ranges) {
            vs::DrawRange dr;
            VESTIGE_TRY(dr.material, materialFor(r));
            dr.firstIndex = static_cast<std::uint32_t>(mesh.indices.size());
            dr.indexCount = r.indexCount;
            dr.ironFaceSide = true;
            dr.ironFlags = r.flags;
            for (std::uint32_t k = 0; k < r.indexCount; ++k)
                mesh.indices.push_back(r.baseVertex + geo.indices[r.indexStart + k] - lo);
            mesh.ranges.push_back(dr);
            triangles += r.indexCount / 3;
        }
        s.meshes.push_back(std::move(mesh));
    }
    return triangles;
}

Result<vs::Scene> toScene(const msh::Model& model, const SceneOptions& options) {
    vs::Scene s;
    s.skyColor = {0.42f, 0.47f, 0.52f};
    s.sun = {normalize(Vec3{0.4f, -0.3f, 0.85f}), {0.8f, 0.78f, 0.72f}, {0.35f, 0.36f, 0.40f}};
    std::map<unsigned, std::uint32_t> materialOfRow;
    auto palette = [&](const msh::DrawRange& r) -> Result<std::uint32_t> {
        auto [it, added] = materialOfRow.emplace(r.materialIndex, static_cast<std::uint32_t>(s.materials.size()));
        if (added) {
            vs::Material m;
            m.name = fmt::format("wear_{}", r.materialIndex);
            m.baseColor = wearColour(r.materialIndex);
            m.lit = true;
            s.materials.push_back(m);
        }
        return it->second;
    };
    VESTIGE_TRY(const auto triangles, appendModel(s, model, options, Mat4::identity(), "", palette));
    (void)triangles;
    return s;
}

}  // namespace vestige::iron3d::scene
