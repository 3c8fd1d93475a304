// Studio models in the map scene (rules in props.hpp).
#include "vestige/source/scene/props.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "vestige/core/text.hpp"
#include "vestige/source/base/entity_keys.hpp"
#include "vestige/source/keyvalues/material.hpp"
#include "vestige/source/mapmesh/mapmesh.hpp"

namespace vestige::source::scene {

namespace vs = ::vestige::scene;
namespace kv = ::vestige::source::keyvalues;

namespace {

std::string slashes(std::string_view path) {
    std::string s(path);
    std::replace(s.begin(), s.end(), '\\', '/');
    return s;
}

// One model read and converted once; `error` set when it could not be.
struct LoadedModel {
    std::optional<Error> error;
    mdl::StudioFiles files;
    mdl::ModelView view;
    std::map<std::int32_t, vs::Mesh> bySkin;  // the scene mesh (placement identity) per skin family drawn
};

// Texture index of skin-table column `column` in family `skin` (family 0 when `skin` is past the table, as the
// studio renderer does); nullopt when the table does not name a texture.
std::int32_t skinFamily(const mdl::Mdl& m, std::int32_t skin) {
    return skin >= 0 && static_cast<std::size_t>(skin) < m.skinFamilies.size() ? skin : 0;
}

std::optional<std::size_t> skinTexture(const mdl::Mdl& m, std::int32_t skin, int column) {
    if (m.skinFamilies.empty()) {
        if (column >= 0 && static_cast<std::size_t>(column) < m.textures.size()) return column;
        return std::nullopt;
    }
    const auto& row = m.skinFamilies[static_cast<std::size_t>(skinFamily(m, skin))];
    if (column < 0 || static_cast<std::size_t>(column) >= row.size()) return std::nullopt;
    const std::int16_t t = row[static_cast<std::size_t>(column)];
    if (t < 0 || static_cast<std::size_t>(t) >= m.textures.size()) return std::nullopt;
    return static_cast<std::size_t>(t);
}

struct PropBuilder {
    MaterialContext& ctx;
    PropReport& report;
    std::map<std::string, LoadedModel> models;  // folded model path -> conversion
    struct SceneMaterial {
        std::uint32_t index = 0;
        bool noCull = false;
    };
    std::map<std::string, SceneMaterial> materials;   // material name -> Scene::materials entry
    std::map<std::string, std::size_t> missingIndex;  // folded model path -> report.missingModels slot

    SceneMaterial material(const std::string& name) {
        if (auto it = materials.find(name); it != materials.end()) return it->second;
        vs::Material m;
        const AppliedMaterial applied = applyMaterial(ctx, name, m);
        // Models are never lightmapped: everything but the unlit family takes the sun and ambient term.
        m.lit = applied.family != kv::ShaderFamily::UnlitGeneric;
        const SceneMaterial out{static_cast<std::uint32_t>(ctx.scene.materials.size()), applied.noCull};
        ctx.scene.materials.push_back(std::move(m));
        materials.emplace(name, out);
        return out;
    }

    // The checker for a mesh whose skin table names no texture (one shared material).
    SceneMaterial badSkinMaterial() {
        const std::string key =
            "\x01"
            "bad skin reference";  // cannot collide with a material path
        if (auto it = materials.find(key); it != materials.end()) return it->second;
        vs::Material m;
        m.name = "(bad skin reference)";
        m.textureMissing = true;
        m.lit = true;
        const SceneMaterial out{static_cast<std::uint32_t>(ctx.scene.materials.size()), false};
        ctx.scene.materials.push_back(std::move(m));
        materials.emplace(key, out);
        return out;
    }

    // The model's scene mesh for one skin (built on first use).
    const vs::Mesh& meshFor(LoadedModel& lm, const std::string& path, std::int32_t requestedSkin) {
        const std::int32_t skin = skinFamily(lm.files.mdl, requestedSkin);
        if (auto it = lm.bySkin.find(skin); it != lm.bySkin.end()) return it->second;
        vs::Mesh out;
        out.name = path;
        for (const mdl::ViewMesh& vm : lm.view.meshes) {
            if (vm.indices.empty()) continue;
            SceneMaterial mat;
            if (auto t = skinTexture(lm.files.mdl, skin, vm.material)) {
                mat = material(modelMaterialName(ctx.mounts, lm.files.mdl, lm.files.mdl.textures[*t].name));
            } else {
                // The skin table does not name a texture for this mesh: the error material, and the error listed.
                ctx.report.errors.push_back(Error("mdl.bad_skin_ref", "skin table names no texture for the mesh")
                                                .in("mesh", std::to_string(vm.mesh))
                                                .file(path)
                                                .field("material")
                                                .actual(fmt::format("column {} of skin {}", vm.material, skin)));
                mat = badSkinMaterial();
            }
            vs::DrawRange r;
            r.firstIndex = static_cast<std::uint32_t>(out.indices.size());
            r.indexCount = static_cast<std::uint32_t>(vm.indices.size());
            r.material = mat.index;
            r.cull = mat.noCull ? vs::CullMode::None : vs::CullMode::Back;
            r.frontFace = vs::FrontFace::Clockwise;  // studio triangles keep Source's clockwise front
            const auto base = static_cast<std::uint32_t>(out.vertices.size());
            for (const mdl::ViewVertex& v : vm.vertices) {
                vs::Vertex x;
                x.position = v.pos;
                x.normal = v.normal;
                x.uv0 = v.uv;
                out.vertices.push_back(x);
            }
            for (std::uint32_t i : vm.indices) out.indices.push_back(base + i);
            out.ranges.push_back(r);
        }
        return lm.bySkin.emplace(skin, std::move(out)).first->second;
    }

    LoadedModel& load(const std::string& key, const std::string& path) {
        if (auto it = models.find(key); it != models.end()) return it->second;
        LoadedModel lm;
        auto files = loadStudioModel(ctx.mounts, path);
        if (!files) {
            lm.error = std::move(files).error();
        } else {
            auto view = mdl::buildView(*files, {});
            if (!view) {
                lm.error = std::move(view).error().file(path);
            } else {
                lm.files = std::move(*files);
                lm.view = std::move(*view);
                ++report.modelsLoaded;
            }
        }
        return models.emplace(key, std::move(lm)).first->second;
    }

    void missing(const std::string& key, const std::string& path, const Error& e) {
        ++report.notDrawn;
        auto [it, added] = missingIndex.try_emplace(key, report.missingModels.size());
        if (added) report.missingModels.push_back({path, e.code(), e.render(), 0});
        ++report.missingModels[it->second].instances;
    }

    void add(const PropInstance& p) {
        const std::string path = slashes(p.model);
        const std::string key = asciiLower(path);
        if (!isFinite(p.origin) || !isFinite(p.angles)) {
            ++report.badPlacement;
            return;
        }
        LoadedModel& lm = load(key, path);
        if (lm.error) {
            missing(key, path, *lm.error);
            return;
        }
        vs::Mesh mesh = meshFor(lm, path, p.skin);
        mesh.placement = propPlacement(p.origin, p.angles);
        report.triangles += mesh.indices.size() / 3;
        ++report.drawn;
        ctx.scene.meshes.push_back(std::move(mesh));
    }
};

}  // namespace

std::vector<PropInstance> collectProps(const bsp::Bsp& map) {
    std::vector<PropInstance> out;
    if (map.staticProps)
        for (const bsp::StaticProp& sp : map.staticProps->props)
            out.push_back({map.staticProps->names[sp.propType], sp.origin, sp.angles, sp.skin, true, 0});
    for (std::size_t i = 0; i < map.entities.size(); ++i) {
        const bsp::Entity& e = map.entities[i];
        const std::string_view model = e.value("model");
        if (!endsWithNoCase(model, ".mdl") || mapmesh::isHiddenEntity(e)) continue;
        const base::EntityKeys keys = e.view();
        // Any skin past the table draws family 0, so clamping keeps the behaviour and the cast defined.
        const float skin = std::clamp(base::keyFloat(e.value("skin", "0")).value_or(0.0f), -1.0f, 1e6f);
        out.push_back({std::string(model), keys.origin(), keys.angles(), static_cast<std::int32_t>(skin), false, i});
    }
    return out;
}

Result<mdl::StudioFiles> loadStudioModel(const content::Mounts& mounts, std::string_view modelPath) {
    const std::string mdlName = slashes(modelPath);
    const std::string stem = mdlName.substr(0, mdlName.size() - (endsWithNoCase(mdlName, ".mdl") ? 4 : 0));
    const std::string vvdName = stem + ".vvd", vtxName = stem + ".dx90.vtx";
    auto read = [&](const std::string& name) -> Result<Bytes> {
        if (!mounts.exists(name)) return Error("model.missing", fmt::format("no mount has '{}'", name)).file(name);
        return mounts.read(name);
    };
    VESTIGE_TRY(const Bytes mdlBytes, read(mdlName));
    VESTIGE_TRY(const Bytes vvdBytes, read(vvdName));
    VESTIGE_TRY(const Bytes vtxBytes, read(vtxName));
    return mdl::readStudio(mdlBytes, vvdBytes, vtxBytes, mdlName, vvdName, vtxName);
}

std::string modelMaterialName(const content::Mounts& mounts, const mdl::Mdl& model, std::string_view texture) {
    const std::string tex = slashes(texture);
    for (const std::string& dir : model.cdTextures) {
        const std::string name = slashes(dir) + tex;
        if (mounts.exists(kv::vmtPath(kv::materialKey(name)))) return name;
    }
    return model.cdTextures.empty() ? tex : slashes(model.cdTextures.front()) + tex;
}

Mat4 propPlacement(Vec3 origin, Vec3 angles) { return Mat4::fromMat3(base::angleMatrix(angles), origin); }

void addProps(MaterialContext& ctx, const std::vector<PropInstance>& props, PropReport& report) {
    PropBuilder b{ctx, report, {}, {}, {}};
    for (const PropInstance& p : props) {
        if (p.isStatic)
            ++report.staticProps;
        else
            ++report.entityProps;
        b.add(p);
    }
    std::sort(report.missingModels.begin(), report.missingModels.end(),
              [](const MissingModel& a, const MissingModel& c) { return a.model < c.model; });
}

}  // namespace vestige::source::scene
