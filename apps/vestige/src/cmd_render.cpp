// render / view: draw a scene headless to PNG, or in a window.
//
// Content reaches the renderer as a scene::Scene. The built-in test card needs no file; a format joins by
// adding one SceneProducer below (format name as in the registry -> a function building the Scene), so
// `vestige render tank.msh` and `vestige view map.bsp` work the moment such a producer exists.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <cmath>
#include <optional>

#include "app.hpp"
#include "vestige/core/log.hpp"
#include "vestige/image/image.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/render_gl/headless.hpp"
#include "vestige/render_gl/viewer.hpp"
#include "vestige/scene/test_card.hpp"

namespace vestige::app {
namespace {

struct SceneProducer {
    std::string format;  // FormatInfo::name
    // Builds the scene; options carry --state/--lod/--time like `vestige export`.
    std::function<Result<scene::Scene>(ByteView data, std::string_view label, const formats::ExportOptions&)> produce;
    // Optional default camera (e.g. a map's info_player_start); unset = frame the whole scene.
    std::function<std::optional<scene::Camera>(ByteView data, const scene::Scene&)> defaultCamera;
};

// ---- Iron3D MSH -> scene (static pose) ----
// Belongs in the msh engine library as `toScene` once that area takes it over; kept here so the app layer
// (which may link both engine and scene) can render models today.
//   * geometry: msh::staticGeometry(state, lod); one scene::Mesh per node with geometry, vertices are the
//     node's used vertex span, indices = baseVertex + index - spanStart, in the original order;
//   * one DrawRange per Batch20 record of the slot, same order, ironFaceSide on with the raw batch flags, so
//     the seed-000 colour-pass side test (0x0002 / 0x4000 / determinant sign) decides the faces per frame;
//   * placement: the static (fallback-key) pose, quaternion conjugated once, composed parent first;
//   * materials: one flat colour per WEAR row (deterministic palette) until WEAR/MAT0/textures land.
Result<unsigned> optionIndex(const formats::ExportOptions& o, const char* key, unsigned limit) {
    const std::string v = o.get(key, "0");
    unsigned n = 0;
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc() || p != v.data() + v.size() || n >= limit) {
        return Error("render.bad_option", fmt::format("--{} must be 0..{}", key, limit - 1))
            .field(key).expected(fmt::format("0..{}", limit - 1)).actual(v);
    }
    return n;
}

Vec4 wearColour(unsigned row) {
    // Golden-ratio hue steps: neighbouring rows get clearly different, stable colours.
    const float h = std::fmod(0.11f + 0.618034f * static_cast<float>(row), 1.0f) * 6.0f;
    const float x = 1.0f - std::abs(std::fmod(h, 2.0f) - 1.0f);
    Vec3 c = h < 1 ? Vec3{1, x, 0} : h < 2 ? Vec3{x, 1, 0} : h < 3 ? Vec3{0, 1, x}
           : h < 4 ? Vec3{0, x, 1} : h < 5 ? Vec3{x, 0, 1} : Vec3{1, 0, x};
    c = c * 0.55f + Vec3{0.3f, 0.3f, 0.3f};
    return {c.x, c.y, c.z, 1};
}

}  // namespace

// Not static: the demo stage renders its tank through the same conversion.
Result<scene::Scene> mshScene(ByteView data, std::string_view, const formats::ExportOptions& options) {
    namespace msh = iron3d::msh;
    VESTIGE_TRY(const unsigned state, optionIndex(options, "state", msh::kStateCount));
    VESTIGE_TRY(const unsigned lod, optionIndex(options, "lod", msh::kLodCount));
    if (!options.get("time").empty()) {
        return Error("render.unsupported_option", "--time needs the animation sampler, not linked into vestige yet")
            .field("time").expected("no --time (static pose)");
    }
    VESTIGE_TRY(auto model, msh::Model::read(data));
    VESTIGE_TRY(auto geo, msh::staticGeometry(model, state, lod));
    const auto& d = model.data();

    // Static pose per node, parents first (the reader guarantees parent < child or a flat view).
    std::vector<Mat4> world(geo.nodes.size());
    for (std::size_t i = 0; i < geo.nodes.size(); ++i) {
        Mat4 local;
        const auto& node = d.nodes[i];
        if (d.animKeys && node.fallbackKey < d.animKeys->size()) {
            const auto& key = (*d.animKeys)[node.fallbackKey];
            Quat q = key.rotation();
            q = (q.x == 0 && q.y == 0 && q.z == 0 && q.w == 0) ? Quat{} : normalize(q.conjugate());
            local = Mat4::fromTRS(key.position, q);
        }
        const auto parent = geo.nodes[i].parent;
        world[i] = parent && *parent < i ? world[*parent] * local : local;
    }

    scene::Scene s;
    s.skyColor = {0.42f, 0.47f, 0.52f};
    s.sun = {normalize(Vec3{0.4f, -0.3f, 0.85f}), {0.8f, 0.78f, 0.72f}, {0.35f, 0.36f, 0.40f}};
    std::map<unsigned, std::uint32_t> materialOfRow;
    for (const auto& ng : geo.nodes) {
        if (ng.ranges.empty()) continue;
        std::uint32_t lo = UINT32_MAX, hi = 0;
        for (const auto& r : ng.ranges) {
            if (r.indexCount == 0) continue;
            lo = std::min(lo, r.minVertex);
            hi = std::max(hi, r.maxVertex);
        }
        scene::Mesh mesh;
        mesh.name = ng.name.empty() ? fmt::format("node{}", ng.node) : ng.name;
        mesh.placement = world[ng.node];
        if (lo <= hi) {
            if (hi >= geo.positions.size())
                return Error("render.msh_vertex", "batch uses a vertex outside the position stream")
                    .entry(mesh.name).expected(fmt::format("< {}", geo.positions.size())).actual(std::to_string(hi));
            for (std::uint32_t v = lo; v <= hi; ++v) {
                scene::Vertex vx;
                vx.position = geo.positions[v];
                if (v < geo.normals.size()) vx.normal = geo.normals[v];
                if (v < geo.uv0.size()) vx.uv0 = geo.uv0[v];
                if (v < geo.uv1.size()) vx.uv1 = geo.uv1[v];
                mesh.vertices.push_back(vx);
            }
        }
        for (const auto& r : ng.ranges) {
            auto [it, added] = materialOfRow.emplace(r.materialIndex, static_cast<std::uint32_t>(s.materials.size()));
            if (added) {
                scene::Material m;
                m.name = fmt::format("wear_{}", r.materialIndex);
                m.baseColor = wearColour(r.materialIndex);
                m.lit = true;
                s.materials.push_back(m);
            }
            scene::DrawRange dr;
            dr.firstIndex = static_cast<std::uint32_t>(mesh.indices.size());
            dr.indexCount = r.indexCount;
            dr.material = it->second;
            dr.ironFaceSide = true;
            dr.ironFlags = r.flags;
            for (std::uint32_t k = 0; k < r.indexCount; ++k)
                mesh.indices.push_back(r.baseVertex + geo.indices[r.indexStart + k] - lo);
            mesh.ranges.push_back(dr);
        }
        s.meshes.push_back(std::move(mesh));
    }
    return s;
}


// ---- Source BSP -> scene ----
// Also destined for the engine (source/bsp `toScene`); here for the same reason as the MSH conversion.
//   * model 0 plus brush entities that draw (spec 1.6 table), entity faces transformed by origin/angles;
//   * faces with NODRAW|SKY|SKY2D|SKIP|HINT skipped, displacements not yet drawn (counted);
//   * fan triangles in stored (clockwise-front) order, ranges use FrontFace::Clockwise + back-face culling;
//   * UV0 from texinfo / texdata size; base colour = texdata reflectivity until VTF textures exist;
//   * style-0 flat lightmap block per face (ColorRGBExp32, R,G,B,exp per the SDK), shelf-packed into one atlas
//     page with a 1-luxel border, sampled per pixel; texel = value / kLightmapRange, scale kLightmapRange;
//   * fog from env_fog_controller; default camera at info_player_start + 64 up.
namespace {

constexpr std::int32_t kSurfSkipMask = 0x0080 | 0x0004 | 0x0002 | 0x0200 | 0x0100;
constexpr std::int32_t kSurfNoLight = 0x0400;
constexpr float kLightmapRange = 4.0f;  // decoded lightmap values up to 4.0 survive the 8-bit atlas
constexpr std::uint32_t kAtlasWidth = 2048;
constexpr std::uint32_t kAtlasMaxHeight = 16384;

bool entityDraws(std::string_view cls) {
    static const char* const kNoDraw[] = {"func_vehicleclip", "func_clip_vphysics", "func_occluder",
                                          "func_areaportal", "func_areaportalwindow", "func_ladder",
                                          "func_precipitation", "func_viscluster"};
    if (cls.rfind("trigger_", 0) == 0) return false;
    for (const char* n : kNoDraw)
        if (cls == n) return false;
    return cls.rfind("func_", 0) == 0;
}

struct LightBlock {
    std::size_t face = 0;
    std::uint32_t w = 0, h = 0;
    std::uint32_t x = 0, y = 0;  // inner origin in the atlas (border excluded)
};

float parseFloat(std::string_view v, float fallback) {
    std::string t(v);
    char* end = nullptr;
    const float f = std::strtof(t.c_str(), &end);
    return end != t.c_str() && std::isfinite(f) ? f : fallback;
}

}  // namespace

Result<scene::Scene> bspScene(ByteView data, std::string_view, const formats::ExportOptions&) {
    namespace bsp = source::bsp;
    VESTIGE_TRY(const bsp::Bsp map, bsp::readBsp(data));
    const bool hdrOnly = map.lighting.empty() && !map.lightingHdr.empty();
    const Bytes& lighting = hdrOnly ? map.lightingHdr : map.lighting;
    const auto& faces = hdrOnly && !map.facesHdr.empty() ? map.facesHdr : map.faces;

    // Which models draw, with which transform.
    struct Drawn {
        std::size_t model;
        Mat4 placement;
        std::string name;
    };
    std::vector<Drawn> drawn;
    if (!map.models.empty()) drawn.push_back({0, Mat4::identity(), "world"});
    for (const auto& e : map.entities) {
        const std::string_view model = e.value("model");
        if (model.size() < 2 || model[0] != '*' || !entityDraws(e.className())) continue;
        const auto index = static_cast<std::size_t>(parseFloat(model.substr(1), -1));
        if (index == 0 || index >= map.models.size()) continue;
        const Vec3 origin = e.vec3("origin").value_or(Vec3{});
        const Vec3 angles = e.vec3("angles").value_or(Vec3{});
        const scene::SourceBasis b = scene::sourceAngleVectors(angles);
        drawn.push_back({index, Mat4::fromMat3(Mat3::fromColumns(b.forward, -b.right, b.up), origin),
                         fmt::format("{} *{}", e.className(), index)});
    }

    // Lightmap blocks: style 0, flat block, shelf-packed tallest first (ties by face index: deterministic).
    std::vector<LightBlock> blocks;
    std::vector<std::int64_t> blockOfFace(faces.size(), -1);
    for (const auto& d : drawn) {
        const auto& m = map.models[d.model];
        for (std::int64_t f = m.firstFace; f < std::int64_t{m.firstFace} + m.numFaces; ++f) {
            if (f < 0 || static_cast<std::size_t>(f) >= faces.size()) continue;
            const auto& face = faces[static_cast<std::size_t>(f)];
            if (face.texInfo < 0 || static_cast<std::size_t>(face.texInfo) >= map.texInfo.size()) continue;
            const auto& ti = map.texInfo[static_cast<std::size_t>(face.texInfo)];
            // A map compiled without vrad has no lighting lump and lightofs 0 everywhere: nothing to sample.
            if (lighting.empty() || (ti.flags & (kSurfSkipMask | kSurfNoLight)) || face.lightOfs < 0 ||
                face.styles[0] == 255)
                continue;
            if (face.lightmapSize[0] < 0 || face.lightmapSize[1] < 0 || face.lightmapSize[0] > 1024 ||
                face.lightmapSize[1] > 1024)
                continue;
            const auto w = static_cast<std::uint32_t>(face.lightmapSize[0] + 1);
            const auto h = static_cast<std::uint32_t>(face.lightmapSize[1] + 1);
            if (static_cast<std::uint64_t>(face.lightOfs) + 4ull * w * h > lighting.size()) {
                return Error("render.bsp_lightmap", "face lightmap reaches past the lighting lump")
                    .record(static_cast<std::uint64_t>(f)).field("lightofs")
                    .expected(fmt::format("lightofs + 4*{}*{} <= {}", w, h, lighting.size()))
                    .actual(std::to_string(face.lightOfs));
            }
            blockOfFace[static_cast<std::size_t>(f)] = static_cast<std::int64_t>(blocks.size());
            blocks.push_back({static_cast<std::size_t>(f), w, h});
        }
    }
    std::vector<std::size_t> order(blocks.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return blocks[a].h > blocks[b].h; });
    std::uint32_t penX = 0, penY = 0, shelf = 0;
    for (std::size_t i : order) {
        auto& b = blocks[i];
        const std::uint32_t bw = b.w + 2, bh = b.h + 2;
        if (penX + bw > kAtlasWidth) {
            penX = 0;
            penY += shelf;
            shelf = 0;
        }
        b.x = penX + 1;
        b.y = penY + 1;
        penX += bw;
        shelf = std::max(shelf, bh);
    }
    const std::uint32_t atlasH = std::max<std::uint32_t>(1, penY + shelf);
    if (atlasH > kAtlasMaxHeight)
        return Error("render.bsp_atlas", "lightmaps do not fit one atlas page")
            .expected(fmt::format("<= {}x{}", kAtlasWidth, kAtlasMaxHeight)).actual(fmt::format("{}x{}", kAtlasWidth, atlasH));

    scene::Scene s;
    scene::Texture atlas = scene::solidTexture("lightmap_atlas", kAtlasWidth, atlasH, {0, 0, 0, 255});
    atlas.repeat = false;
    for (const auto& b : blocks) {
        const auto& face = faces[b.face];
        auto put = [&](std::uint32_t ax, std::uint32_t ay, std::uint32_t sx, std::uint32_t sy) {
            const std::uint8_t* luxel = lighting.data() + face.lightOfs + 4 * (sy * b.w + sx);
            const float scale = std::ldexp(1.0f, static_cast<std::int8_t>(luxel[3])) / 255.0f / kLightmapRange;
            std::uint8_t* out = atlas.rgba.data() + 4 * (static_cast<std::size_t>(ay) * kAtlasWidth + ax);
            for (int c = 0; c < 3; ++c)
                out[c] = static_cast<std::uint8_t>(std::clamp(std::lround(luxel[c] * scale * 255.0f), 0L, 255L));
        };
        // Inner block plus a 1-luxel border that repeats the edge (no bleeding between charts).
        for (std::int64_t y = -1; y <= std::int64_t{b.h}; ++y)
            for (std::int64_t x = -1; x <= std::int64_t{b.w}; ++x)
                put(static_cast<std::uint32_t>(b.x + x), static_cast<std::uint32_t>(b.y + y),
                    static_cast<std::uint32_t>(std::clamp<std::int64_t>(x, 0, b.w - 1)),
                    static_cast<std::uint32_t>(std::clamp<std::int64_t>(y, 0, b.h - 1)));
    }
    const std::uint32_t atlasIndex = 0;
    s.textures.push_back(std::move(atlas));

    // Materials: one per (texdata, lightmapped) pair, in first-use order.
    std::map<std::pair<std::int32_t, bool>, std::uint32_t> materialOf;
    auto material = [&](std::int32_t texData, bool lit) {
        auto [it, added] = materialOf.emplace(std::pair{texData, lit}, static_cast<std::uint32_t>(s.materials.size()));
        if (added) {
            scene::Material m;
            const bool known = texData >= 0 && static_cast<std::size_t>(texData) < map.texData.size();
            m.name = known ? std::string(map.textureName(static_cast<std::size_t>(texData))) : "?";
            const Vec3 r = known ? map.texData[static_cast<std::size_t>(texData)].reflectivity : Vec3{};
            m.textureMissing = !known;
            m.baseColor = {r.x, r.y, r.z, 1};
            if (lit) {
                m.lightmap = atlasIndex;
                m.lightmapScale = kLightmapRange;
            } else if (lighting.empty()) {
                m.lit = true;  // no baked light at all: the default sun keeps shapes readable (Source: fullbright)
            }
            s.materials.push_back(m);
        }
        return it->second;
    };

    std::uint64_t displacements = 0;
    for (const auto& d : drawn) {
        scene::Mesh mesh;
        mesh.name = d.name;
        mesh.placement = d.placement;
        std::map<std::uint32_t, std::vector<std::uint32_t>> byMaterial;  // triangles grouped per material
        const auto& m = map.models[d.model];
        for (std::int64_t f = m.firstFace; f < std::int64_t{m.firstFace} + m.numFaces; ++f) {
            if (f < 0 || static_cast<std::size_t>(f) >= faces.size()) continue;
            const auto& face = faces[static_cast<std::size_t>(f)];
            if (face.texInfo < 0 || static_cast<std::size_t>(face.texInfo) >= map.texInfo.size()) continue;
            const auto& ti = map.texInfo[static_cast<std::size_t>(face.texInfo)];
            if (ti.flags & kSurfSkipMask) continue;
            if (face.dispInfo >= 0) {
                ++displacements;
                continue;
            }
            if (face.numEdges < 3 || face.firstEdge < 0 ||
                static_cast<std::size_t>(face.firstEdge) + static_cast<std::size_t>(face.numEdges) > map.surfEdges.size() ||
                face.planeNum >= map.planes.size())
                continue;
            const bool knownTex = ti.texData >= 0 && static_cast<std::size_t>(ti.texData) < map.texData.size();
            const float texW = knownTex ? static_cast<float>(std::max(1, map.texData[static_cast<std::size_t>(ti.texData)].width)) : 64.0f;
            const float texH = knownTex ? static_cast<float>(std::max(1, map.texData[static_cast<std::size_t>(ti.texData)].height)) : 64.0f;
            Vec3 normal = map.planes[face.planeNum].normal;
            if (face.side) normal = -normal;
            const std::int64_t block = blockOfFace[static_cast<std::size_t>(f)];
            const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
            for (int i = 0; i < face.numEdges; ++i) {
                const auto vi = map.surfEdgeVertex(static_cast<std::size_t>(face.firstEdge + i));
                const Vec3 p = map.vertexes[vi];
                scene::Vertex v;
                v.position = p;
                v.normal = normal;
                const auto& tv = ti.textureVecs;
                v.uv0 = {(dot(p, tv[0].xyz()) + tv[0].w) / texW, (dot(p, tv[1].xyz()) + tv[1].w) / texH};
                if (block >= 0) {
                    const auto& b = blocks[static_cast<std::size_t>(block)];
                    const auto& lv = ti.lightmapVecs;
                    const float ls = dot(p, lv[0].xyz()) + lv[0].w - static_cast<float>(face.lightmapMins[0]);
                    const float lt = dot(p, lv[1].xyz()) + lv[1].w - static_cast<float>(face.lightmapMins[1]);
                    v.uv1 = {(static_cast<float>(b.x) + ls + 0.5f) / kAtlasWidth,
                             (static_cast<float>(b.y) + lt + 0.5f) / static_cast<float>(atlasH)};
                }
                mesh.vertices.push_back(v);
            }
            auto& tris = byMaterial[material(ti.texData, block >= 0)];
            for (int i = 1; i + 1 < face.numEdges; ++i)
                tris.insert(tris.end(), {base, base + static_cast<std::uint32_t>(i), base + static_cast<std::uint32_t>(i + 1)});
        }
        for (const auto& [mat, tris] : byMaterial) {
            scene::DrawRange r;
            r.firstIndex = static_cast<std::uint32_t>(mesh.indices.size());
            r.indexCount = static_cast<std::uint32_t>(tris.size());
            r.material = mat;
            r.cull = scene::CullMode::Back;
            r.frontFace = scene::FrontFace::Clockwise;  // Source: clockwise seen from the front
            mesh.indices.insert(mesh.indices.end(), tris.begin(), tris.end());
            mesh.ranges.push_back(r);
        }
        if (!mesh.ranges.empty()) s.meshes.push_back(std::move(mesh));
    }
    if (displacements) log::info("render", "bsp: {} displacement faces not drawn yet", displacements);

    for (const auto& e : map.entities) {
        if (e.className() != "env_fog_controller") continue;
        if (parseFloat(e.value("fogenable", "0"), 0) == 0) continue;
        const Vec3 c = e.vec3("fogcolor").value_or(Vec3{128, 128, 128});
        s.fog = {true, c / 255.0f, parseFloat(e.value("fogstart", "0"), 0), parseFloat(e.value("fogend", "0"), 0),
                 parseFloat(e.value("fogmaxdensity", "1"), 1)};
        break;
    }
    return s;
}

namespace {

std::optional<scene::Camera> bspSpawnCamera(ByteView data, const scene::Scene&) {
    auto map = source::bsp::readBsp(data);
    if (!map) return std::nullopt;
    for (const auto& e : map->entities) {
        if (e.className() != "info_player_start") continue;
        const Vec3 origin = e.vec3("origin").value_or(Vec3{});
        const Vec3 angles = e.vec3("angles").value_or(Vec3{});
        scene::Camera c = scene::sourceCamera(origin + Vec3{0, 0, 64}, {angles.x, angles.y, 0}, 90);
        c.zFar = 65536;
        return c;
    }
    return std::nullopt;
}

}  // namespace

namespace {

// The format hooks: one producer per format name; Source BSP joins here as its scene builder lands.
const std::vector<SceneProducer>& sceneProducers() {
    static const std::vector<SceneProducer> producers = {{"msh", mshScene, {}}, {"bsp", bspScene, bspSpawnCamera}};
    return producers;
}

struct RenderArgs {
    std::string path;
    std::string out;
    bool testCard = false;
    std::string size = "1280x720";
    std::string camera;  // X,Y,Z,PITCH,YAW (Source convention)
    float fov = 90.0f;   // Source horizontal FOV at 4:3
    int view = 0;        // test-card view
    int frames = 1;
    bool orbit = false;
    std::string state, lod, time;
};

bool parseSize(const std::string& s, std::uint32_t& w, std::uint32_t& h) {
    const auto x = s.find('x');
    if (x == std::string::npos) return false;
    auto parse = [](std::string_view t, std::uint32_t& v) {
        auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        return ec == std::errc() && p == t.data() + t.size() && v >= 1 && v <= 16384;
    };
    return parse(std::string_view(s).substr(0, x), w) && parse(std::string_view(s).substr(x + 1), h);
}

bool parseCamera(const std::string& s, Vec3& pos, Vec3& ang) {
    float v[5];
    std::size_t start = 0;
    for (int i = 0; i < 5; ++i) {
        const auto end = i < 4 ? s.find(',', start) : s.size();
        if (end == std::string::npos) return false;
        const std::string part = s.substr(start, end - start);
        char* stop = nullptr;
        v[i] = std::strtof(part.c_str(), &stop);
        if (part.empty() || *stop != '\0' || !std::isfinite(v[i])) return false;
        start = end + 1;
    }
    pos = {v[0], v[1], v[2]};
    ang = {v[3], v[4], 0};
    return true;
}

int usage(const std::string& message) {
    std::fprintf(stderr, "vestige: usage error: %s\n", message.c_str());
    return kExitUsage;
}

struct Loaded {
    scene::Scene scene;
    std::optional<scene::Camera> camera;
    std::string source;  // "test card" or the format name
};

// The scene to draw: the test card, or a file through its format's producer.
Result<Loaded> loadScene(AppContext& ctx, const RenderArgs& a) {
    if (a.testCard) return Loaded{scene::makeTestCard(), scene::testCardCamera(a.view), "test card"};
    auto resolved = vfs::openSpec(a.path, ctx.archives);
    if (!resolved) return std::move(resolved).error();
    const auto* format = ctx.formats.detect(resolved->data, resolved->name);
    if (!format) {
        return Error("render.unknown_format", "unknown file format").file(a.path)
            .actual(fmt::format("{} bytes starting {}", resolved->data.size(), hexBytes(resolved->data, 8)));
    }
    for (const auto& p : sceneProducers()) {
        if (p.format != format->name) continue;
        formats::ExportOptions options;
        for (auto [key, value] : {std::pair{"state", &a.state}, {"lod", &a.lod}, {"time", &a.time}})
            if (!value->empty()) options.values[key] = *value;
        VESTIGE_TRY(auto s, p.produce(resolved->data, resolved->label, options).file(a.path));
        std::optional<scene::Camera> cam;
        if (p.defaultCamera) cam = p.defaultCamera(resolved->data, s);
        return Loaded{std::move(s), cam, format->name};
    }
    std::string known;
    for (const auto& p : sceneProducers()) known += (known.empty() ? "" : ", ") + p.format;
    return Error("render.unsupported", fmt::format("{} files cannot be rendered yet", format->name)).file(a.path)
        .expected(known.empty() ? std::string("--test-card (no format producer is registered yet)") : known);
}

scene::Camera chooseCamera(const RenderArgs& a, const Loaded& loaded, float aspect) {
    if (!a.camera.empty()) {
        Vec3 pos, ang;
        (void)parseCamera(a.camera, pos, ang);  // validated before
        return scene::sourceCamera(pos, ang, a.fov);
    }
    if (loaded.camera) return *loaded.camera;
    return scene::frameBox(loaded.scene.bounds(), degToRad(45), degToRad(-25), scene::sourceFovToVertical(a.fov),
                           aspect);
}

std::string frameName(const std::string& out, int frame, int frames) {
    if (frames <= 1) return out;
    std::filesystem::path p(out);
    return (p.parent_path() / fmt::format("{}_{:03}{}", p.stem().string(), frame, p.extension().string())).string();
}

void addRender(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("render", "Render a scene headless (OpenGL 4.5, EGL) to PNG");
    static RenderArgs a;
    auto* json = addJsonFlag(cmd);
    cmd->add_option("FILE", a.path, "Model or map (archive entries as archive.lib:entry)");
    cmd->add_option("-o,--out", a.out, "Output PNG (with --frames N: NAME_000.png ...)")->required();
    cmd->add_flag("--test-card", a.testCard, "Render the built-in test card instead of a file");
    cmd->add_option("--size", a.size, "Image size WIDTHxHEIGHT")->capture_default_str();
    cmd->add_option("--camera", a.camera, "Camera X,Y,Z,PITCH,YAW (Source setpos/setang convention)");
    cmd->add_option("--fov", a.fov, "Horizontal FOV in degrees on a 4:3 screen (Source convention)")
        ->capture_default_str();
    cmd->add_option("--view", a.view, "Test card view: 0 (ground) or 1 (high)")->capture_default_str();
    cmd->add_option("--frames", a.frames, "Number of frames (with --orbit)")->capture_default_str();
    cmd->add_flag("--orbit", a.orbit, "Orbit the camera once around the scene over the frames");
    cmd->add_option("--state", a.state, "Iron3D model state");
    cmd->add_option("--lod", a.lod, "Iron3D level of detail");
    cmd->add_option("--time", a.time, "Animation time for the pose");
    cmd->footer("Example: vestige render --test-card -o card.png --size 1280x720 --camera -1100,-900,260,12,38");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            std::uint32_t w = 0, h = 0;
            if (!parseSize(a.size, w, h)) return usage(fmt::format("--size '{}' is not WIDTHxHEIGHT (1..16384)", a.size));
            Vec3 pos, ang;
            if (!a.camera.empty() && !parseCamera(a.camera, pos, ang))
                return usage(fmt::format("--camera '{}' is not X,Y,Z,PITCH,YAW", a.camera));
            if (a.testCard == !a.path.empty()) return usage("give either FILE or --test-card");
            if (a.frames < 1 || a.frames > 100000) return usage("--frames must be 1..100000");
            if (!(a.fov > 1 && a.fov < 179)) return usage("--fov must be between 1 and 179 degrees");

            auto loaded = loadScene(ctx, a);
            if (!loaded) return reportError(ctx, loaded.error());
            auto off = render_gl::Offscreen::create(w, h);
            if (!off) return reportError(ctx, off.error());
            auto& r = *off->renderer;
            if (auto st = r.setScene(loaded->scene); !st) return reportError(ctx, st.error());
            const float aspect = static_cast<float>(w) / static_cast<float>(h);
            const scene::Camera base = chooseCamera(a, *loaded, aspect);
            const Aabb box = loaded->scene.bounds();
            const Vec3 pivot = box.isEmpty() ? Vec3{} : box.center();
            Progress& progress = ctx.progress();
            if (a.frames > 1) progress.begin("render", static_cast<std::uint64_t>(a.frames));
            std::string files;
            for (int f = 0; f < a.frames; ++f) {
                scene::Camera cam = base;
                if (a.orbit && a.frames > 1) {
                    // Turn the eye about the vertical axis through the scene centre, still facing it.
                    const float t = 2 * kPi * static_cast<float>(f) / static_cast<float>(a.frames);
                    const Mat3 rot = Mat3::rotationZ(t);
                    cam.position = pivot + rot * (base.position - pivot);
                    cam.forward = rot * base.forward;
                    cam.left = rot * base.left;
                    cam.up = rot * base.up;
                }
                if (auto st = r.draw(cam); !st) return reportError(ctx, st.error());
                auto img = r.readColor();
                if (!img) return reportError(ctx, img.error());
                const std::string name = frameName(a.out, f, a.frames);
                if (auto st = image::writePng(name, *img); !st) return reportError(ctx, st.error());
                files += fmt::format("{}\"{}\"", files.empty() ? "" : ",", name);
                if (a.frames > 1) progress.update(static_cast<std::uint64_t>(f + 1));
            }
            if (a.frames > 1) progress.end();
            const auto& stats = r.lastFrame();
            if (ctx.json) {
                printOut(fmt::format(
                    R"({{"ok":true,"source":"{}","width":{},"height":{},"frames":{},"files":[{}],"triangles":{},"drawCalls":{},"camera":{{"position":[{},{},{}],"forward":[{},{},{}]}}}})",
                    loaded->source, w, h, a.frames, files, stats.trianglesSubmitted, stats.drawCalls, base.position.x,
                    base.position.y, base.position.z, base.forward.x, base.forward.y, base.forward.z));
            } else {
                printOut(fmt::format("rendered {} ({}x{}, {} frame(s), {} triangles, {} draw calls) to {}",
                                     loaded->source, w, h, a.frames, stats.trianglesSubmitted, stats.drawCalls,
                                     frameName(a.out, 0, a.frames) + (a.frames > 1 ? " ..." : "")));
            }
            return kExitOk;
        };
    });
}

void addView(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("view", "Open a window and fly through a scene (WASD + mouse, F12 screenshot)");
    static RenderArgs a;
    static std::string shots = ".";
    auto* json = addJsonFlag(cmd);
    cmd->add_option("FILE", a.path, "Model or map (archive entries as archive.lib:entry)");
    cmd->add_flag("--test-card", a.testCard, "View the built-in test card");
    cmd->add_option("--size", a.size, "Window size WIDTHxHEIGHT")->capture_default_str();
    cmd->add_option("--camera", a.camera, "Start camera X,Y,Z,PITCH,YAW (Source convention)");
    cmd->add_option("--fov", a.fov, "Horizontal FOV in degrees on a 4:3 screen")->capture_default_str();
    cmd->add_option("--screenshots", shots, "Directory for F12 screenshots")->capture_default_str();
    cmd->footer("Example: vestige view --test-card   (needs a display; exits 1 without one)");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            std::uint32_t w = 0, h = 0;
            if (!parseSize(a.size, w, h)) return usage(fmt::format("--size '{}' is not WIDTHxHEIGHT", a.size));
            Vec3 pos, ang;
            if (!a.camera.empty() && !parseCamera(a.camera, pos, ang))
                return usage(fmt::format("--camera '{}' is not X,Y,Z,PITCH,YAW", a.camera));
            if (a.testCard == !a.path.empty()) return usage("give either FILE or --test-card");
            auto loaded = loadScene(ctx, a);
            if (!loaded) return reportError(ctx, loaded.error());
            render_gl::ViewerOptions options;
            options.width = w;
            options.height = h;
            options.title = fmt::format("Vestige - {}", a.testCard ? std::string("test card") : a.path);
            options.screenshotDir = shots;
            const float aspect = static_cast<float>(w) / static_cast<float>(h);
            auto st = render_gl::runViewer(loaded->scene, chooseCamera(a, *loaded, aspect), options);
            if (!st) return reportError(ctx, st.error());
            if (ctx.json) printOut(R"({"ok":true})");
            return kExitOk;
        };
    });
}

}  // namespace

void addRenderCommands(CLI::App& cli, AppContext& ctx) {
    addRender(cli, ctx);
    addView(cli, ctx);
}

}  // namespace vestige::app
