// BSP -> scene conversion (rules in scene.hpp).
#include "vestige/source/scene/scene.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "vestige/source/base/entity_keys.hpp"

namespace vestige::source::scene {

namespace vs = ::vestige::scene;

std::optional<vs::Camera> spawnCamera(const bsp::Bsp& map, float fov) {
    const auto spawn = base::findSpawnPoint(map.entities, [](const bsp::Entity& e) { return e.className(); });
    if (!spawn) return std::nullopt;
    const base::EntityKeys keys = map.entities[*spawn].view();
    const Vec3 angles = keys.angles();
    vs::Camera c = vs::sourceCamera(keys.origin() + Vec3{0, 0, kEyeHeight}, {angles.x, angles.y, 0}, fov);
    c.zFar = 65536;
    return c;
}

namespace {

std::uint8_t toByte(float v) {
    const float c = std::clamp(v, 0.0f, 1.0f);
    return static_cast<std::uint8_t>(std::lround(c * 255.0f));
}

}  // namespace

Result<MapScene> toScene(const bsp::Bsp& map, const SceneOptions& options) {
    VESTIGE_TRY(auto world, mapmesh::buildMapMesh(map, options.mesh));
    MapScene out;
    out.stats = world.stats;
    out.spawnCamera = spawnCamera(map, options.fov);
    out.lightmapped = !(map.lighting.empty() && map.lightingHdr.empty());
    vs::Scene& s = out.scene;
    s.skyColor = kSkyColor;

    const auto& env = world.environment;
    // Without light_environment a slanted default sun keeps the walls of an unlit map readable (vertical faces
    // would get only the ambient term under the scene's straight-down default).
    s.sun = env.toSun ? vs::Sun{*env.toSun, env.sunColor, env.ambientColor} : kDefaultSun;
    if (env.fogEnabled) s.fog = {true, env.fogColor / 255.0f, env.fogStart, env.fogEnd, env.fogMaxDensity};

    std::uint32_t page = vs::kNone;
    if (out.lightmapped) {
        const auto& atlas = world.lightmap;
        vs::Texture t;
        t.name = "lightmap_atlas";
        t.width = static_cast<std::uint32_t>(atlas.width);
        t.height = static_cast<std::uint32_t>(atlas.height);
        t.filter = vs::Filter::Linear;
        t.repeat = false;
        t.rgba.resize(atlas.texels.size() * 4);
        for (std::size_t i = 0; i < atlas.texels.size(); ++i) {
            const Vec3 c = atlas.texels[i] / kLightmapRange;
            t.rgba[i * 4 + 0] = toByte(c.x);
            t.rgba[i * 4 + 1] = toByte(c.y);
            t.rgba[i * 4 + 2] = toByte(c.z);
            t.rgba[i * 4 + 3] = 255;
        }
        page = static_cast<std::uint32_t>(s.textures.size());
        s.textures.push_back(std::move(t));
    }

    // Reflectivity by texture name (the world meshes are keyed by name; duplicates keep the first texdata).
    std::map<std::string, Vec3, std::less<>> reflectivity;
    for (std::size_t i = 0; i < map.texData.size(); ++i)
        reflectivity.emplace(std::string(map.textureName(i)), map.texData[i].reflectivity);

    std::optional<TextureCache> cache;
    std::optional<MaterialContext> mctx;
    if (options.mounts) {
        out.materials.emplace();
        cache.emplace(*options.mounts);
        mctx.emplace(MaterialContext{*options.mounts, *cache, s, *out.materials, options.resolve, options.seconds, {}});
        if (!map.entities.empty())
            if (auto sky = map.entities[0].get("skyname"); sky && !sky->empty()) out.skyBox = applySky(*mctx, *sky);
    }
    for (auto& wm : world.meshes) {
        if (wm.indices.empty()) continue;
        vs::Material m;
        AppliedMaterial applied;
        m.name = wm.material.empty() ? "(none)" : wm.material;
        const auto it = reflectivity.find(wm.material);
        Vec3 c = it != reflectivity.end() ? it->second : Vec3{0.5f, 0.5f, 0.5f};
        // Maps compiled without vrad store reflectivity 0: draw those mid grey rather than black.
        if (c.x <= 0 && c.y <= 0 && c.z <= 0) c = {0.5f, 0.5f, 0.5f};
        m.baseColor = {c.x, c.y, c.z, 1};
        if (mctx) {
            applied = applyMaterial(*mctx, wm.material, m);
            if (!applied.drawn) continue;
        }
        if (!applied.lightmapped) {
            m.lit = applied.family == keyvalues::ShaderFamily::VertexLitGeneric;
        } else if (page != vs::kNone) {
            m.lightmap = page;
            m.lightmapScale = kLightmapRange;
        } else {
            m.lit = true;
        }
        const auto material = static_cast<std::uint32_t>(s.materials.size());
        s.materials.push_back(std::move(m));

        vs::Mesh mesh;
        mesh.name = wm.material;
        mesh.vertices.reserve(wm.vertices.size());
        for (const auto& v : wm.vertices) {
            vs::Vertex x;
            x.position = v.position;
            x.normal = v.normal;
            x.uv0 = v.uv;
            x.uv1 = v.lightmapUv;
            x.alpha = v.alpha;
            mesh.vertices.push_back(x);
        }
        mesh.indices = std::move(wm.indices);
        vs::DrawRange r;
        r.indexCount = static_cast<std::uint32_t>(mesh.indices.size());
        r.material = material;
        r.cull = applied.noCull ? vs::CullMode::None : vs::CullMode::Back;
        r.frontFace = vs::FrontFace::CounterClockwise;  // the world builder already reversed Source's order
        mesh.ranges.push_back(r);
        s.meshes.push_back(std::move(mesh));
    }
    if (mctx && options.props) {
        out.props.emplace();
        addProps(*mctx, collectProps(map), *out.props);
    }
    if (cache) out.textures = cache->stats();
    VESTIGE_CHECK(vs::validate(s));
    return out;
}

Result<MapScene> toScene(ByteView data, const SceneOptions& options) {
    VESTIGE_TRY(const auto map, bsp::readBsp(data));
    return toScene(map, options);
}

Result<MapScene> toSceneWithContent(ByteView data, std::string_view label, const content::GmodOptions& content,
                                    const SceneOptions& options) {
    VESTIGE_TRY(const auto map, bsp::readBsp(data));
    VESTIGE_TRY(const auto mounts,
                content::mountForMap(content, map.lumps[bsp::kLumpPakfile].data, std::string(label)));
    SceneOptions o = options;
    o.mounts = &mounts.mounts;
    return toScene(map, o);
}

std::string materialReportJson(const MapScene& m) {
    if (!m.materials) return "{}";
    const MaterialReport& r = *m.materials;
    nlohmann::json errors = nlohmann::json::array();
    for (const auto& e : r.errors) errors.push_back(nlohmann::json::parse(e.toJson(), nullptr, false));
    nlohmann::json j{
        {"materials", r.materials},
        {"families", r.families},
        {"missingMaterials", r.missingMaterials},
        {"missingTextures", r.missingTextures},
        {"errors", errors},
        {"ignoredProxies", r.ignoredProxies},
        {"textures", {{"count", m.textures.textures}, {"bytes", m.textures.bytes}, {"vtfBytes", m.textures.vtfBytes}}},
        {"skyBox", m.skyBox}};
    if (m.props) {
        const PropReport& p = *m.props;
        nlohmann::json missing = nlohmann::json::array();
        for (const auto& x : p.missingModels)
            missing.push_back({{"model", x.model}, {"code", x.code}, {"reason", x.reason}, {"instances", x.instances}});
        j["props"] = {{"static", p.staticProps},
                      {"entities", p.entityProps},
                      {"drawn", p.drawn},
                      {"notDrawn", p.notDrawn},
                      {"badPlacement", p.badPlacement},
                      {"modelsLoaded", p.modelsLoaded},
                      {"triangles", p.triangles},
                      {"lighting", "sun"},
                      {"missingModels", missing}};
    }
    return j.dump();
}

}  // namespace vestige::source::scene
