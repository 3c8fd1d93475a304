// Loaded mission -> scene (rules in mission_scene.hpp).
#include "vestige/iron3d/scene/mission_scene.hpp"

#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/land/land.hpp"
#include "vestige/iron3d/scene/scene.hpp"
#include "vestige/iron3d/texm/texm.hpp"
#include "vestige/iron3d/tma/tma.hpp"

namespace vestige::iron3d::scene {

namespace vs = ::vestige::scene;

Mat4 placementMatrix(const world::Transform& t) { return tma::placement(t.position(), t.orientation(), t.scale()); }

namespace {

constexpr Vec4 kUntexturedColour{1, 1, 1, 1};
constexpr Vec4 kFlatTerrainColour{0.55f, 0.55f, 0.5f, 1};

class Builder {
public:
    Builder(const mission::LoadedMission& m, const MissionSceneOptions& o) : mMission(m), mOptions(o) {}

    Result<MissionScene> build() {
        mScene.skyColor = {0.42f, 0.47f, 0.52f};
        mScene.sun = {normalize(Vec3{0.4f, -0.3f, 0.85f}), {0.8f, 0.78f, 0.72f}, {0.35f, 0.36f, 0.40f}};
        VESTIGE_TRY(const Aabb terrainBox, terrain());
        VESTIGE_CHECK(objects());
        mReport.materials = mScene.materials.size();
        VESTIGE_CHECK(vs::validate(mScene));
        MissionScene out;
        const Aabb box = terrainBox.isEmpty() ? mScene.bounds() : terrainBox;
        out.camera = vs::frameBox(box.isEmpty() ? Aabb{{-1, -1, -1}, {1, 1, 1}} : box, degToRad(45.0f),
                                  degToRad(-35.0f), degToRad(60.0f), mOptions.aspect);
        out.scene = std::move(mScene);
        out.report = std::move(mReport);
        if (mOptions.instanced) {
            out.terrainMesh = mTerrainMesh;
            out.models = std::move(mModels);
            out.instances = std::move(mInstances);
        }
        return out;
    }

private:
    // The scene texture of a kept texture or lightmap, or kNone when the load did not keep it.
    Result<std::uint32_t> texture(const std::string& name, bool lightmap) {
        const std::string folded = asciiLower(name);
        const std::string key = (lightmap ? "l:" : "t:") + folded;
        if (auto it = mTextures.find(key); it != mTextures.end()) return it->second;
        const auto& kept = lightmap ? mMission.lightmaps : mMission.textures;
        const auto found = kept.find(folded);
        if (found == kept.end()) return vs::kNone;
        VESTIGE_TRY(image::Image img, texm::decode(*found->second, 0).entry(name));
        vs::Texture t;
        t.name = cp1251ToUtf8(name);
        t.width = img.width();
        t.height = img.height();
        t.rgba.assign(img.bytes().begin(), img.bytes().end());
        t.repeat = !lightmap;  // lightmaps clamp
        const auto index = static_cast<std::uint32_t>(mScene.textures.size());
        mScene.textures.push_back(std::move(t));
        mTextures.emplace(key, index);
        (lightmap ? mReport.lightmapsDrawn : mReport.texturesResolved)++;
        return index;
    }

    std::uint32_t add(const std::string& key, vs::Material material) {
        const auto index = static_cast<std::uint32_t>(mScene.materials.size());
        mScene.materials.push_back(std::move(material));
        mMaterials.emplace(key, index);
        return index;
    }

    // A material that could not be resolved: the checker, and a report entry the triangles are counted on.
    std::uint32_t unresolved(const std::string& key, std::string where, std::string why) {
        vs::Material m;
        m.name = "unresolved:" + where;
        m.textureMissing = true;
        m.lit = true;
        mUnresolvedOf.emplace(key, mReport.unresolved.size());
        mReport.unresolved.push_back({std::move(where), std::move(why), 0});
        return add(key, std::move(m));
    }

    void countTriangles(const std::string& key, std::uint64_t triangles) {
        if (auto it = mUnresolvedOf.find(key); it != mUnresolvedOf.end())
            mReport.unresolved[it->second].triangles += triangles;
    }

    // A WEAR row's resolved binding (phase 0 texture) with an optional lightmap binding.
    Result<std::uint32_t> bound(const std::string& key, const std::string& where, const materials::RowBinding& b,
                                const materials::LightmapBinding* lightmap) {
        vs::Material m;
        m.name = cp1251ToUtf8(b.materialName);
        m.lit = true;
        if (b.phases.empty() || b.phases[0].untextured()) {
            m.baseColor = kUntexturedColour;
            ++mReport.untexturedMaterials;
        } else {
            VESTIGE_TRY(m.texture, texture(b.phases[0].name, false));
            if (m.texture == vs::kNone)
                return unresolved(key, where,
                                  fmt::format("texture {} was not kept by the load (LoadOptions::keepTextures)",
                                              cp1251ToUtf8(b.phases[0].name)));
        }
        if (lightmap) {
            if (!lightmap->entry) {
                ++mReport.lightmapsMissing;  // slot -1: no substitute (spec section 7)
            } else {
                VESTIGE_TRY(m.lightmap, texture(lightmap->name, true));
                if (m.lightmap == vs::kNone)
                    return unresolved(
                        key, where,
                        fmt::format("lightmap {} is not among the mission's lightmaps", cp1251ToUtf8(lightmap->name)));
                m.name += "+" + cp1251ToUtf8(lightmap->name);
                m.lit = false;  // the bake holds the light
            }
        }
        return add(key, std::move(m));
    }

    Result<std::uint32_t> objectMaterial(std::size_t model, const msh::DrawRange& r) {
        const mission::VisualModel& v = mMission.models[model];
        const int lm = r.lightmapIndex ? static_cast<int>(*r.lightmapIndex) : -1;
        const std::string key = mOptions.textured ? fmt::format("m{}:{}:{}", model, r.materialIndex, lm)
                                                  : fmt::format("f{}", r.materialIndex);
        const std::uint64_t triangles = r.indexCount / 3;
        if (auto it = mMaterials.find(key); it != mMaterials.end()) {
            countTriangles(key, triangles);
            return it->second;
        }
        std::uint32_t index = 0;
        if (!mOptions.textured) {
            vs::Material m;
            m.name = fmt::format("wear_{}", r.materialIndex);
            m.baseColor = wearColour(r.materialIndex);
            m.lit = true;
            index = add(key, std::move(m));
        } else {
            const std::string where =
                fmt::format("{}:{} WEAR row {}", cp1251ToUtf8(v.archive), cp1251ToUtf8(v.entry), r.materialIndex);
            const auto& chain = v.materials;
            if (r.materialIndex >= chain.rows.size()) {
                index = unresolved(key, where, fmt::format("the WEAR table has {} rows", chain.rows.size()));
            } else if (lm >= 0 && static_cast<std::size_t>(lm) >= chain.lightmaps.size()) {
                index = unresolved(key, where + fmt::format(" lightmap row {}", lm),
                                   fmt::format("the WEAR table has {} LIGHTMAPS rows", chain.lightmaps.size()));
            } else {
                VESTIGE_TRY(index, bound(key, where, chain.rows[r.materialIndex],
                                         lm >= 0 ? &chain.lightmaps[static_cast<std::size_t>(lm)] : nullptr));
            }
        }
        countTriangles(key, triangles);
        return index;
    }

    Result<std::uint32_t> terrainMaterial(std::uint8_t row) {
        const std::string key = fmt::format("land2:{}", row);
        if (auto it = mMaterials.find(key); it != mMaterials.end()) return it->second;
        if (!mOptions.textured) {
            vs::Material m;
            m.name = "terrain";
            m.baseColor = kFlatTerrainColour;
            m.lit = true;
            return add(key, std::move(m));
        }
        const mission::LandMaterialTable& table = mMission.landMaterials[mission::kLand2Table];
        const std::string where = fmt::format("terrain {} row {}", mission::kLandTableNames[mission::kLand2Table], row);
        if (!table.table) return unresolved(key, where, "no " + cp1251ToUtf8(table.path));
        if (row >= table.rows.size())
            return unresolved(key, where, fmt::format("{} has {} rows", cp1251ToUtf8(table.path), table.rows.size()));
        if (!table.rows[row]) return unresolved(key, where, "the row did not resolve (the load's warnings say why)");
        return bound(key, where, *table.rows[row], nullptr);
    }

    Result<Aabb> terrain() {
        const land::Geometry g = land::geometry(mMission.land);
        if (g.indices.empty()) return g.bounds;
        vs::Mesh mesh;
        mesh.name = "terrain";
        mesh.vertices.resize(g.positions.size());
        for (std::size_t v = 0; v < g.positions.size(); ++v) {
            mesh.vertices[v].position = g.positions[v];
            if (v < g.normals.size()) mesh.vertices[v].normal = g.normals[v];
            if (v < g.uv0.size()) mesh.vertices[v].uv0 = g.uv0[v];
        }
        std::map<std::uint8_t, std::vector<std::size_t>> byRow;  // ascending row, faces in face order
        for (std::size_t f = 0; f < g.faceMaterials.size(); ++f) {
            const auto& fm = g.faceMaterials[f];
            byRow[static_cast<std::uint8_t>(fm.land2Key & 0xFF)].push_back(f);
            mReport.terrainSecondLayerFaces += fm.land1Key.has_value();
        }
        for (const auto& [row, faces] : byRow) {
            vs::DrawRange r;
            VESTIGE_TRY(r.material, terrainMaterial(row));
            r.firstIndex = static_cast<std::uint32_t>(mesh.indices.size());
            r.indexCount = static_cast<std::uint32_t>(faces.size() * 3);
            r.cull = vs::CullMode::None;
            for (const auto f : faces)
                for (int k = 0; k < 3; ++k) mesh.indices.push_back(g.indices[f * 3 + k]);
            mesh.ranges.push_back(r);
            countTriangles(fmt::format("land2:{}", row), faces.size());
            mReport.terrainTriangles += faces.size();
        }
        for (const auto& t : mMission.landMaterials)
            if (t.table && t.table->lightmaps) mReport.terrainLightmapRows += t.table->lightmaps->rows.size();
        mTerrainMesh = static_cast<std::uint32_t>(mScene.meshes.size());
        mScene.meshes.push_back(std::move(mesh));
        return g.bounds;
    }

    Status objects() {
        const world::World3D* w = mMission.runtime ? &mMission.runtime->world() : nullptr;
        mReport.objects = mMission.objects.size();
        for (std::size_t i = 0; i < mMission.objects.size(); ++i) {
            const mission::LoadedObject& o = mMission.objects[i];
            world::Transform t = world::Transform::fromFloats(o.placed.position, o.placed.orientation, o.placed.scale);
            if (w) {
                auto live = w->transform(o.handle);
                if (!live) continue;  // deleted since the load: not drawn (objects - objectsDrawn)
                t = *live;
            }
            const Mat4 placement = placementMatrix(t);
            ObjectInstance instance;
            instance.object = i;
            instance.name = cp1251ToUtf8(o.placed.instanceName.empty() ? o.placed.resourceName : o.placed.instanceName);
            instance.placement = placement;
            bool drawn = false;
            for (std::size_t k = 0; k < o.components.size(); ++k) {
                if (k >= o.visuals.size() || !o.visuals[k]) {
                    ++mReport.nonGeometric;
                    continue;
                }
                ++mReport.meshComponents;
                const std::size_t model = *o.visuals[k];
                SceneOptions so;
                if (k < o.poses.size() && o.poses[k]) {
                    so.nodeTimes = o.poses[k]->times;
                    ++mReport.posedComponents;
                }
                auto material = [this, model](const msh::DrawRange& r) { return objectMaterial(model, r); };
                if (mOptions.instanced) {
                    auto shared = instancedModel(model, so, material);
                    if (!shared)
                        return std::move(shared)
                            .error()
                            .in("component", std::to_string(k))
                            .in("object", std::to_string(i));
                    instance.models.push_back(*shared);
                    mReport.objectTriangles += mModels[*shared].triangles;
                    drawn = true;
                    continue;
                }
                auto triangles = appendModel(mScene, *mMission.models[model].model, so, placement,
                                             fmt::format("object{}.{}/", i, k), material);
                if (!triangles)
                    return std::move(triangles)
                        .error()
                        .in("component", std::to_string(k))
                        .in("object", std::to_string(i));
                mReport.objectTriangles += *triangles;
                drawn = true;
            }
            mReport.objectsDrawn += drawn;
            if (mOptions.instanced) mInstances.push_back(std::move(instance));
        }
        return {};
    }

    // Instanced mode: the model at the identity placement, appended once per distinct (model, pose).
    Result<std::size_t> instancedModel(std::size_t model, const SceneOptions& so, const MaterialFor& material) {
        auto key = std::pair{model, so.nodeTimes};
        if (auto it = mModelOf.find(key); it != mModelOf.end()) return it->second;
        const mission::VisualModel& v = mMission.models[model];
        InstancedModel shared;
        shared.name = cp1251ToUtf8(v.archive) + ":" + cp1251ToUtf8(v.entry);
        shared.firstMesh = mScene.meshes.size();
        VESTIGE_TRY(shared.triangles, appendModel(mScene, *v.model, so, Mat4::identity(),
                                                  fmt::format("model{}/", mModels.size()), material));
        shared.meshCount = mScene.meshes.size() - shared.firstMesh;
        const std::size_t index = mModels.size();
        mModels.push_back(std::move(shared));
        mModelOf.emplace(std::move(key), index);
        return index;
    }

    const mission::LoadedMission& mMission;
    const MissionSceneOptions& mOptions;
    std::vector<InstancedModel> mModels;
    std::vector<ObjectInstance> mInstances;
    std::map<std::pair<std::size_t, std::vector<std::optional<float>>>, std::size_t> mModelOf;
    std::uint32_t mTerrainMesh = vs::kNone;
    vs::Scene mScene;
    MissionSceneReport mReport;
    std::map<std::string, std::uint32_t> mTextures, mMaterials;
    std::map<std::string, std::size_t> mUnresolvedOf;
};

}  // namespace

Result<MissionScene> toScene(const mission::LoadedMission& mission, const MissionSceneOptions& options) {
    Builder b(mission, options);
    auto out = b.build();
    if (!out) return std::move(out).error().in("mission", mission.missionDir);
    return out;
}

std::string reportJson(const MissionSceneReport& r) {
    using Json = nlohmann::ordered_json;
    Json unresolved = Json::array();
    for (const auto& u : r.unresolved)
        unresolved.push_back({{"where", u.where}, {"why", u.why}, {"triangles", u.triangles}});
    const Json j{{"objects", r.objects},
                 {"objectsDrawn", r.objectsDrawn},
                 {"meshComponents", r.meshComponents},
                 {"nonGeometric", r.nonGeometric},
                 {"posedComponents", r.posedComponents},
                 {"triangles", r.triangles()},
                 {"terrainTriangles", r.terrainTriangles},
                 {"objectTriangles", r.objectTriangles},
                 {"materials", r.materials},
                 {"texturesResolved", r.texturesResolved},
                 {"lightmapsDrawn", r.lightmapsDrawn},
                 {"lightmapsMissing", r.lightmapsMissing},
                 {"untexturedMaterials", r.untexturedMaterials},
                 {"terrainSecondLayerFacesNotDrawn", r.terrainSecondLayerFaces},
                 {"terrainLightmapRowsNotDrawn", r.terrainLightmapRows},
                 {"unresolvedMaterials", r.unresolved.size()},
                 {"unresolved", std::move(unresolved)}};
    return dumpJson(j);
}

}  // namespace vestige::iron3d::scene
