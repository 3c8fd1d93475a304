// Map mesh builder: BSP faces -> material meshes, lightmap atlas, environment (see mapmesh.hpp for the rules).
#include "vestige/source/mapmesh/mapmesh.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"
#include "vestige/gltf/gltf.hpp"
#include "vestige/image/image.hpp"
#include "vestige/source/base/entity_keys.hpp"

namespace vestige::source::mapmesh {

using namespace vestige::source::bsp;

Vec3 decodeLuxel(const std::uint8_t* p) {
    const float scale = std::ldexp(1.0f, static_cast<std::int8_t>(p[3])) / 255.0f;
    return {p[0] * scale, p[1] * scale, p[2] * scale};
}

bool isHiddenEntity(const Entity& e) {
    const std::string cls = asciiLower(e.className());
    static const char* kHidden[] = {"func_vehicleclip", "func_occluder", "func_areaportal", "func_areaportalwindow",
                                    "func_clip_vphysics", "func_precipitation"};
    for (const char* h : kHidden)
        if (cls == h) return true;
    if (cls.rfind("trigger_", 0) == 0) return true;
    if (e.value("StartDisabled") == "1") return true;
    if (e.value("rendermode") == "10") return true;  // kRenderNone
    return false;
}

namespace {

struct ModelXform {
    bool drawn = false;
    Mat3 rotation;
    Vec3 origin;
    Vec3 apply(Vec3 p) const { return rotation * p + origin; }
};

struct Block {
    int x = 0, y = 0, w = 0, h = 0;  // luxel area (inside the 1-texel border)
};

// Shelf packer with a 1-texel border around every block.
class AtlasPacker {
public:
    explicit AtlasPacker(int width) : mWidth(width) {}
    Result<Block> place(int w, int h) {
        if (w + 2 > mWidth) return Error("mapmesh.lightmap", fmt::format("lightmap block {}x{} wider than the atlas", w, h));
        if (mX + w + 2 > mWidth) {
            mY += mRowHeight;
            mX = 0;
            mRowHeight = 0;
        }
        Block b{mX + 1, mY + 1, w, h};
        mX += w + 2;
        mRowHeight = std::max(mRowHeight, h + 2);
        return b;
    }
    int height() const { return mY + mRowHeight; }

private:
    int mWidth, mX = 0, mY = 0, mRowHeight = 0;
};

struct LitFace {
    std::size_t face;
    Block block;
};

// "r g b brightness": up to four numbers read as the engine's atof chain reads them (missing ones are 0).
Vec3 lightColour(std::string_view text, float& brightness) {
    std::array<float, 4> v{};
    (void)scanFloats(text, v);
    brightness = v[3];
    auto lin = [](float c) { return std::pow(std::clamp(c, 0.0f, 255.0f) / 255.0f, 2.2f); };
    return {lin(v[0]), lin(v[1]), lin(v[2])};
}

// atof-style: the number the value starts with, `fallback` when it starts with none.
float number(const Entity& e, std::string_view key, float fallback) {
    const auto v = e.get(key);
    return v ? scanFloat(*v).value_or(fallback) : fallback;
}

Environment environment(const Bsp& map) {
    Environment env;
    for (const auto& e : map.entities) {
        const std::string cls = asciiLower(e.className());
        if (cls == "worldspawn") env.skyName = std::string(e.value("skyname"));
        if (cls == "light_environment" && !env.toSun) {
            env.toSun = normalize(-e.view().lightDirection());
            env.sunColor = lightColour(e.value("_light", "255 255 255 200"), env.sunBrightness);
            if (e.get("_ambient")) env.ambientColor = lightColour(e.value("_ambient"), env.ambientBrightness);
            else {
                env.ambientColor = env.sunColor;
                env.ambientBrightness = env.sunBrightness * 0.5f;
            }
        }
        if (cls == "env_fog_controller") {
            env.fogEnabled = e.value("fogenable") == "1";
            env.fogColor = e.vec3("fogcolor").value_or(Vec3{});
            env.fogStart = number(e, "fogstart", 0);
            env.fogEnd = number(e, "fogend", 0);
            env.fogMaxDensity = number(e, "fogmaxdensity", 1);
        }
        if (cls == "sky_camera") {
            env.skyCameraOrigin = e.vec3("origin");
            env.skyCameraScale = number(e, "scale", 16);
        }
    }
    return env;
}

}  // namespace

Result<MapMesh> buildMapMesh(const Bsp& map, const MapMeshOptions& options) {
    MapMesh out;
    out.environment = environment(map);

    // Which models are drawn, and where.
    std::vector<ModelXform> models(map.models.size());
    if (!models.empty()) models[0].drawn = true;
    for (std::size_t ei = 0; ei < map.entities.size(); ++ei) {
        const Entity& e = map.entities[ei];
        const auto model = e.value("model");
        if (model.size() < 2 || model[0] != '*') continue;
        const auto index = base::brushModelIndex(model);
        if (!index || *index == 0 || *index >= map.models.size())
            return std::move(Error("mapmesh.model", "brush entity names a model that does not exist").record(ei)
                                 .field("model").expected(fmt::format("*1..*{}", map.models.size() - 1))
                                 .actual(std::string(model)).at(e.offset));
        ModelXform& x = models[*index];
        x.drawn = !isHiddenEntity(e);
        x.origin = e.vec3("origin").value_or(Vec3{});
        x.rotation = base::angleMatrix(e.vec3("angles").value_or(Vec3{}));
    }

    // LDR samples when present, else the HDR lump with the same face offsets (maps compiled HDR-only).
    const Bytes& lighting = map.lighting.empty() ? map.lightingHdr : map.lighting;
    // Lightmap blocks: a 1x1 white block for unlit faces, then every drawn lit face.
    AtlasPacker packer(options.atlasWidth);
    VESTIGE_TRY(Block white, packer.place(1, 1));
    std::map<std::size_t, Block> blocks;
    auto faceDrawn = [&](std::size_t fi, const ModelXform& x) {
        (void)x;
        const Face& f = map.faces[fi];
        if (f.texInfo < 0) return false;
        return (static_cast<std::uint32_t>(map.texInfo[static_cast<std::size_t>(f.texInfo)].flags) &
                options.skipSurfaceFlags) == 0;
    };
    for (std::size_t m = 0; m < map.models.size(); ++m) {
        if (!models[m].drawn) continue;
        const Model& model = map.models[m];
        for (int k = 0; k < model.numFaces; ++k) {
            const auto fi = static_cast<std::size_t>(model.firstFace + k);
            const Face& f = map.faces[fi];
            if (!faceDrawn(fi, models[m]) || f.lightOfs < 0 || f.styles[0] == 255 || lighting.empty()) continue;
            const int w = f.lightmapSize[0] + 1, h = f.lightmapSize[1] + 1;
            int styles = 0;
            while (styles < 4 && f.styles[static_cast<std::size_t>(styles)] != 255) ++styles;
            const bool bump = (static_cast<std::uint32_t>(map.texInfo[static_cast<std::size_t>(f.texInfo)].flags) &
                               base::surf::kBumpLight) != 0;
            const std::uint64_t need = 4ull * static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h) * (bump ? 4 : 1) * styles;
            if (w <= 0 || h <= 0 || static_cast<std::uint64_t>(f.lightOfs) + need > lighting.size())
                return std::move(Error("mapmesh.lightmap", "face lightmap runs past the LIGHTING lump").record(fi)
                                     .field("lightofs").expected(fmt::format("lightofs + {} <= {}", need, lighting.size()))
                                     .actual(std::to_string(f.lightOfs)));
            VESTIGE_TRY(Block b, packer.place(w, h));
            blocks[fi] = b;
        }
    }
    if (packer.height() > 16384)  // the lighting lump is <= 16 MiB, but thin tall blocks could still waste memory
        return std::move(Error("mapmesh.lightmap", "lightmap atlas would exceed 16384 rows")
                             .expected("<= 16384 rows").actual(std::to_string(packer.height())));
    LightmapAtlas& atlas = out.lightmap;
    atlas.width = options.atlasWidth;
    atlas.height = std::max(packer.height(), 1);
    atlas.texels.assign(static_cast<std::size_t>(atlas.width) * static_cast<std::size_t>(atlas.height), Vec3{});
    auto put = [&](int x, int y, Vec3 c) { atlas.texels[static_cast<std::size_t>(y) * atlas.width + x] = c; };
    for (int y = -1; y <= 1; ++y)
        for (int x = -1; x <= 1; ++x) put(white.x + x, white.y + y, {1, 1, 1});
    for (const auto& [fi, b] : blocks) {
        const Face& f = map.faces[fi];
        const std::uint8_t* src = lighting.data() + f.lightOfs;
        for (int y = -1; y <= b.h; ++y)
            for (int x = -1; x <= b.w; ++x) {
                const int sx = std::clamp(x, 0, b.w - 1), sy = std::clamp(y, 0, b.h - 1);  // border repeats the edge
                put(b.x + x, b.y + y, decodeLuxel(src + 4 * (static_cast<std::size_t>(sy) * b.w + sx)));
            }
    }
    const Vec2 whiteUv{(white.x + 0.5f) / atlas.width, (white.y + 0.5f) / atlas.height};

    std::map<std::string, Mesh> meshes;
    for (std::size_t m = 0; m < map.models.size(); ++m) {
        const Model& model = map.models[m];
        const ModelXform& x = models[m];
        if (!x.drawn) {
            out.stats.facesSkippedByClass += static_cast<std::size_t>(model.numFaces);
            continue;
        }
        for (int k = 0; k < model.numFaces; ++k) {
            const auto fi = static_cast<std::size_t>(model.firstFace + k);
            const Face& f = map.faces[fi];
            if (!faceDrawn(fi, x)) {
                ++out.stats.facesSkippedByFlags;
                continue;
            }
            const TexInfo& ti = map.texInfo[static_cast<std::size_t>(f.texInfo)];
            const bool hasTex = ti.texData >= 0;
            const TexData td = hasTex ? map.texData[static_cast<std::size_t>(ti.texData)] : TexData{};
            const std::string material = hasTex ? std::string(map.textureName(static_cast<std::size_t>(ti.texData))) : "";
            Mesh& mesh = meshes[material];
            mesh.material = material;
            const float tw = td.width > 0 ? static_cast<float>(td.width) : 1.0f;
            const float th = td.height > 0 ? static_cast<float>(td.height) : 1.0f;
            auto texUv = [&](Vec3 local) {
                return Vec2{(dot(local, ti.textureVecs[0].xyz()) + ti.textureVecs[0].w) / tw,
                            (dot(local, ti.textureVecs[1].xyz()) + ti.textureVecs[1].w) / th};
            };
            auto block = blocks.find(fi);
            Vec3 normal = map.planes[f.planeNum].normal;
            if (f.side) normal = -normal;
            normal = normalize(x.rotation * normal);
            ++out.stats.facesDrawn;

            std::vector<Vec3> local;
            for (int e = 0; e < f.numEdges; ++e) local.push_back(map.vertexes[map.surfEdgeVertex(static_cast<std::size_t>(f.firstEdge + e))]);
            const auto base = static_cast<std::uint32_t>(mesh.vertices.size());

            if (f.dispInfo >= 0) {
                const DispInfo& d = map.dispInfos[static_cast<std::size_t>(f.dispInfo)];
                if (local.size() != 4)
                    return std::move(Error("mapmesh.displacement", "displacement base face must have 4 corners").record(fi)
                                         .field("numedges").actual(std::to_string(local.size())));
                // Corner 0 is the one nearest startPosition.
                std::size_t start = 0;
                float best = 1e30f;
                for (std::size_t c = 0; c < 4; ++c) {
                    const float dd = lengthSquared(local[c] - d.startPosition);
                    if (dd < best) { best = dd; start = c; }
                }
                std::array<Vec3, 4> p{};
                for (std::size_t c = 0; c < 4; ++c) p[c] = local[(start + c) % 4];
                const int n = (1 << d.power) + 1;
                const int lw = f.lightmapSize[0] + 1, lh = f.lightmapSize[1] + 1;
                std::vector<Vec3> pos(static_cast<std::size_t>(n * n)), nrm(static_cast<std::size_t>(n * n), Vec3{});
                for (int i = 0; i < n; ++i)
                    for (int j = 0; j < n; ++j) {
                        const float fi2 = static_cast<float>(i) / (n - 1), fj = static_cast<float>(j) / (n - 1);
                        const Vec3 flat = lerp(lerp(p[0], p[1], fi2), lerp(p[3], p[2], fi2), fj);
                        const DispVert& dv = map.dispVerts[static_cast<std::size_t>(d.dispVertStart + i * n + j)];
                        pos[static_cast<std::size_t>(i * n + j)] = flat + dv.vec * dv.dist;
                        Vertex v;
                        v.uv = texUv(flat);
                        v.alpha = dv.alpha / 255.0f;
                        if (block != blocks.end()) {
                            const Block& b = block->second;
                            v.lightmapUv = {(b.x + fj * (lw - 1) + 0.5f) / atlas.width, (b.y + fi2 * (lh - 1) + 0.5f) / atlas.height};
                        } else {
                            v.lightmapUv = whiteUv;
                        }
                        mesh.vertices.push_back(v);
                    }
                std::vector<std::array<int, 3>> tris;  // Source order: clockwise from the front
                for (int i = 0; i + 1 < n; ++i)
                    for (int j = 0; j + 1 < n; ++j) {
                        const int k2 = i * n + j;
                        if (k2 % 2) {
                            tris.push_back({k2, k2 + n, k2 + 1});
                            tris.push_back({k2 + 1, k2 + n, k2 + n + 1});
                        } else {
                            tris.push_back({k2, k2 + n, k2 + n + 1});
                            tris.push_back({k2, k2 + n + 1, k2 + 1});
                        }
                    }
                for (const auto& t : tris) {
                    const Vec3 front = cross(pos[t[2]] - pos[t[0]], pos[t[1]] - pos[t[0]]);
                    for (int v : t) nrm[static_cast<std::size_t>(v)] += front;
                    // Counter-clockwise output: (a, c, b).
                    mesh.indices.insert(mesh.indices.end(), {base + static_cast<std::uint32_t>(t[0]),
                                                             base + static_cast<std::uint32_t>(t[2]),
                                                             base + static_cast<std::uint32_t>(t[1])});
                }
                for (std::size_t v = 0; v < pos.size(); ++v) {
                    mesh.vertices[base + v].position = x.apply(pos[v]);
                    mesh.vertices[base + v].normal = normalize(x.rotation * normalize(nrm[v]));
                }
                out.stats.displacementTriangles += tris.size();
                out.stats.triangles += tris.size();
                continue;
            }

            for (const Vec3& lp : local) {
                Vertex v;
                v.position = x.apply(lp);
                v.normal = normal;
                v.uv = texUv(lp);
                if (block != blocks.end()) {
                    const Block& b = block->second;
                    // Lightmap coordinates come from the stored (local) vertex.
                    const float ls = dot(lp, ti.lightmapVecs[0].xyz()) + ti.lightmapVecs[0].w - static_cast<float>(f.lightmapMins[0]);
                    const float lt = dot(lp, ti.lightmapVecs[1].xyz()) + ti.lightmapVecs[1].w - static_cast<float>(f.lightmapMins[1]);
                    v.lightmapUv = {(b.x + ls + 0.5f) / atlas.width, (b.y + lt + 0.5f) / atlas.height};
                } else {
                    v.lightmapUv = whiteUv;
                }
                mesh.vertices.push_back(v);
            }
            // Source polygons are clockwise from the front; the reversed fan is counter-clockwise.
            for (std::uint32_t i = 1; i + 1 < local.size(); ++i) mesh.indices.insert(mesh.indices.end(), {base, base + i + 1, base + i});
            out.stats.triangles += local.size() - 2;
        }
    }
    for (auto& [name, mesh] : meshes) out.meshes.push_back(std::move(mesh));
    return out;
}

Result<Bytes> exportGlb(const MapMesh& mesh) {
    gltf::Document doc;
    // The atlas, linear -> 8-bit with a 2.2 gamma, is every material's base colour through TEXCOORD_1.
    image::Image img(static_cast<std::uint32_t>(mesh.lightmap.width), static_cast<std::uint32_t>(mesh.lightmap.height));
    for (int y = 0; y < mesh.lightmap.height; ++y)
        for (int x = 0; x < mesh.lightmap.width; ++x) {
            const Vec3 c = mesh.lightmap.texels[static_cast<std::size_t>(y) * mesh.lightmap.width + x];
            auto q = [](float v) { return static_cast<std::uint8_t>(std::lround(std::pow(std::clamp(v, 0.0f, 1.0f), 1 / 2.2f) * 255)); };
            img.set(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y), {q(c.x), q(c.y), q(c.z), 255});
        }
    VESTIGE_TRY(auto png, image::encodePng(img));
    doc.images.push_back({"lightmap_atlas", std::move(png)});
    gltf::Node root;
    root.name = "source_world";
    root.rotation = Quat::fromAxisAngle({1, 0, 0}, -kPi / 2);  // Source Z-up -> glTF Y-up
    for (const Mesh& m : mesh.meshes) {
        if (m.indices.empty()) continue;
        gltf::Material mat;
        mat.name = m.material.empty() ? "(none)" : m.material;
        mat.baseColorImage = 0;
        mat.baseColorTexCoord = 1;
        doc.materials.push_back(mat);
        gltf::Primitive prim;
        for (const auto& v : m.vertices) {
            prim.positions.push_back(v.position);
            prim.normals.push_back(v.normal);
            prim.uv0.push_back(v.uv);
            prim.uv1.push_back(v.lightmapUv);
        }
        prim.indices = m.indices;
        prim.material = static_cast<int>(doc.materials.size() - 1);
        doc.meshes.push_back({mat.name, {std::move(prim)}});
        gltf::Node node;
        node.name = mat.name;
        node.mesh = static_cast<int>(doc.meshes.size() - 1);
        doc.nodes.push_back(node);
        root.children.push_back(static_cast<int>(doc.nodes.size() - 1));
    }
    doc.nodes.push_back(root);
    doc.sceneRoots = {static_cast<int>(doc.nodes.size() - 1)};
    doc.extras.ints["faces_drawn"] = static_cast<std::int64_t>(mesh.stats.facesDrawn);
    doc.extras.ints["triangles"] = static_cast<std::int64_t>(mesh.stats.triangles);
    return gltf::writeGlb(doc);
}

Result<Bytes> exportMapGlb(ByteView data) {
    VESTIGE_TRY(auto map, readBsp(data));
    VESTIGE_TRY(auto world, buildMapMesh(map));
    return exportGlb(world);
}

}  // namespace vestige::source::mapmesh
