// MapBuilder: compiles brush/displacement/entity descriptions into a Bsp (see builder.hpp for the output shape).
#include "vestige/source/bsp/builder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <set>
#include <tuple>

#include "builder_detail.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/base/brush_geometry.hpp"

namespace vestige::source::bsp {

namespace contents = base::contents;
namespace surf = base::surf;

namespace {

using detail::clean;

int dominantAxis(Vec3 n) {
    const float ax = std::fabs(n.x), ay = std::fabs(n.y), az = std::fabs(n.z);
    if (ax >= ay && ax >= az) return 0;
    return ay >= az ? 1 : 2;
}

std::int32_t planeType(Vec3 n) {
    if ((n.x == 1 || n.x == -1) && n.y == 0 && n.z == 0) return 0;
    if ((n.y == 1 || n.y == -1) && n.x == 0 && n.z == 0) return 1;
    if ((n.z == 1 || n.z == -1) && n.x == 0 && n.y == 0) return 2;
    return 3 + dominantAxis(n);
}

std::uint32_t defaultTextureFlags(std::string_view texture) {
    const std::string t = asciiLower(texture);
    if (t == "tools/toolsskybox") return surf::kSky | surf::kNoLight;
    if (t == "tools/toolsskybox2d") return surf::kSky2d | surf::kNoLight;
    if (t == "tools/toolsskip") return surf::kSkip | surf::kNoLight;
    if (t == "tools/toolshint") return surf::kHint | surf::kNoLight;
    if (t.rfind("tools/", 0) == 0) return surf::kNoDraw | surf::kNoLight;
    return 0;
}

struct TextureAxes {
    Vec3 u, v;
};
// World-aligned axes picked by the dominant normal component (Hammer's default alignment).
TextureAxes textureAxes(Vec3 n) {
    switch (dominantAxis(n)) {
        case 0:
            return {{0, 1, 0}, {0, 0, -1}};
        case 1:
            return {{1, 0, 0}, {0, 0, -1}};
        default:
            return {{1, 0, 0}, {0, -1, 0}};
    }
}

constexpr float kTexelsPerUnit = 4.0f;  // texture scale 0.25
constexpr int kMaxLuxels = 32;

struct Compiler {
    const std::map<std::string, std::pair<int, int>>& textureSizes;
    const std::map<std::string, std::uint32_t>& textureFlags;
    Bsp out;
    std::map<std::array<std::uint32_t, 4>, int> planeIndex;
    std::map<std::array<std::uint32_t, 3>, int> vertexIndex;
    std::map<std::pair<int, int>, int> edgeIndex;
    std::map<std::string, int> texDataIndex;
    std::map<std::vector<std::uint32_t>, int> texInfoIndex;

    static std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

    int plane(Vec3 n, float d) {
        n = clean(n);
        d = clean(d);
        const std::array<std::uint32_t, 4> key{bits(n.x), bits(n.y), bits(n.z), bits(d)};
        if (auto it = planeIndex.find(key); it != planeIndex.end()) return it->second;
        const int dom = dominantAxis(n);
        const bool positive = n[dom] > 0;
        const Plane p{n, d, planeType(n)};
        const Plane q{clean(-n), clean(-d), planeType(n)};
        const int base = static_cast<int>(out.planes.size());
        out.planes.push_back(positive ? p : q);
        out.planes.push_back(positive ? q : p);
        for (int i : {base, base + 1}) {
            const Plane& x = out.planes[i];
            planeIndex[{bits(x.normal.x), bits(x.normal.y), bits(x.normal.z), bits(x.dist)}] = i;
        }
        return positive ? base : base + 1;
    }

    int vertex(Vec3 v) {
        v = clean(v);
        const std::array<std::uint32_t, 3> key{bits(v.x), bits(v.y), bits(v.z)};
        if (auto it = vertexIndex.find(key); it != vertexIndex.end()) return it->second;
        out.vertexes.push_back(v);
        return vertexIndex[key] = static_cast<int>(out.vertexes.size() - 1);
    }

    std::int32_t surfEdge(int a, int b) {
        if (out.edges.empty()) out.edges.push_back({});  // edge 0 is never used
        if (auto it = edgeIndex.find({b, a}); it != edgeIndex.end()) return -it->second;
        if (auto it = edgeIndex.find({a, b}); it != edgeIndex.end()) return it->second;
        out.edges.push_back({{static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b)}});
        return edgeIndex[{a, b}] = static_cast<int>(out.edges.size() - 1);
    }

    int texData(const std::string& name) {
        if (auto it = texDataIndex.find(name); it != texDataIndex.end()) return it->second;
        TexData t;
        t.reflectivity = {0.5f, 0.5f, 0.5f};
        t.nameStringTableId = static_cast<std::int32_t>(out.texDataStringTable.size());
        out.texDataStringTable.push_back(static_cast<std::int32_t>(out.texDataStringData.size()));
        out.texDataStringData.insert(out.texDataStringData.end(), name.begin(), name.end());
        out.texDataStringData.push_back(0);
        auto size = textureSizes.find(name);
        t.width = t.viewWidth = size == textureSizes.end() ? 512 : size->second.first;
        t.height = t.viewHeight = size == textureSizes.end() ? 512 : size->second.second;
        out.texData.push_back(t);
        return texDataIndex[name] = static_cast<int>(out.texData.size() - 1);
    }

    std::uint32_t flagsOf(const std::string& texture) const {
        auto it = textureFlags.find(texture);
        return it != textureFlags.end() ? it->second : defaultTextureFlags(texture);
    }

    int texInfo(const std::string& texture, Vec3 normal, Vec3 shift, float unitsPerLuxel) {
        const TextureAxes axes = textureAxes(normal);
        TexInfo t;
        for (int k = 0; k < 2; ++k) {
            const Vec3 a = (k == 0 ? axes.u : axes.v);
            const Vec3 tv = a * kTexelsPerUnit;
            const Vec3 lv = a * (1.0f / unitsPerLuxel);
            // Stored planes are entity-local; folding dot(origin, vec) into the offset keeps UVs world-aligned.
            t.textureVecs[k] = {tv.x, tv.y, tv.z, clean(dot(shift, tv))};
            t.lightmapVecs[k] = {lv.x, lv.y, lv.z, clean(dot(shift, lv))};
        }
        t.flags = static_cast<std::int32_t>(flagsOf(texture));
        t.texData = texData(texture);
        std::vector<std::uint32_t> key;
        for (const auto& v : t.textureVecs)
            for (float f : {v.x, v.y, v.z, v.w}) key.push_back(bits(f));
        for (const auto& v : t.lightmapVecs)
            for (float f : {v.x, v.y, v.z, v.w}) key.push_back(bits(f));
        key.push_back(static_cast<std::uint32_t>(t.flags));
        key.push_back(static_cast<std::uint32_t>(t.texData));
        if (auto it = texInfoIndex.find(key); it != texInfoIndex.end()) return it->second;
        out.texInfo.push_back(t);
        return texInfoIndex[key] = static_cast<int>(out.texInfo.size() - 1);
    }

    // Luxel size keeping the face within 32 luxels per axis (vbsp would subdivide instead).
    static float luxelUnits(const std::vector<Vec3>& pts, Vec3 normal) {
        const TextureAxes axes = textureAxes(normal);
        float extent = 0;
        for (const Vec3 a : {axes.u, axes.v}) {
            float lo = 1e30f, hi = -1e30f;
            for (const auto& p : pts) {
                lo = std::min(lo, dot(p, a));
                hi = std::max(hi, dot(p, a));
            }
            extent = std::max(extent, hi - lo);
        }
        float units = 16;
        while (extent / units > kMaxLuxels - 1) units *= 2;
        return units;
    }

    // Appends one face with its polygon; returns the face index.
    int face(const std::vector<Vec3>& pts, int planeNum, int texInfoIndex) {
        Face f;
        f.planeNum = static_cast<std::uint16_t>(planeNum);
        f.side = 0;
        f.onNode = 1;
        f.firstEdge = static_cast<std::int32_t>(out.surfEdges.size());
        f.numEdges = static_cast<std::int16_t>(pts.size());
        f.texInfo = static_cast<std::int16_t>(texInfoIndex);
        std::vector<int> idx;
        for (const auto& p : pts) idx.push_back(vertex(p));
        for (std::size_t i = 0; i < idx.size(); ++i)
            out.surfEdges.push_back(surfEdge(idx[i], idx[(i + 1) % idx.size()]));
        Vec3 area{};
        for (std::size_t i = 1; i + 1 < pts.size(); ++i) area += cross(pts[i] - pts[0], pts[i + 1] - pts[0]);
        f.area = length(area) * 0.5f;
        const TexInfo& t = out.texInfo[static_cast<std::size_t>(texInfoIndex)];
        for (int k = 0; k < 2; ++k) {
            double lo = 1e30, hi = -1e30;
            for (const auto& p : pts) {
                const double s = double(dot(p, t.lightmapVecs[k].xyz())) + t.lightmapVecs[k].w;
                lo = std::min(lo, s);
                hi = std::max(hi, s);
            }
            f.lightmapMins[k] = static_cast<std::int32_t>(std::floor(lo));
            f.lightmapSize[k] = static_cast<std::int32_t>(std::ceil(hi) - std::floor(lo));
        }
        f.origFace = static_cast<std::int32_t>(out.faces.size());
        out.faces.push_back(f);
        return static_cast<int>(out.faces.size() - 1);
    }
};

std::int16_t clampI16(double v) { return static_cast<std::int16_t>(std::clamp(v, -32768.0, 32767.0)); }

}  // namespace

Result<Bsp> MapBuilder::build() const {
    Compiler c{mTextureSizes, mTextureFlags, {}, {}, {}, {}, {}, {}};
    Bsp& out = c.out;
    out.version = 20;
    out.lumps[kLumpFaces].entry.version = 1;
    out.lumps[kLumpLeafs].entry.version = 1;
    out.lumps[kLumpLighting].entry.version = 1;
    out.lumps[kLumpLightingHdr].entry.version = 1;
    out.entities = mEntities;

    struct BrushOut {
        int model;
        Aabb bounds;
        std::vector<int> faces;
        std::uint32_t contents;
        int water = -1;
    };
    std::vector<BrushOut> brushInfo;
    struct DispOut {
        int face;
        Aabb bounds;
    };
    std::vector<DispOut> dispInfo;

    // Brushes, sides and faces, model by model (each model's faces are contiguous).
    for (std::size_t m = 0; m < mModels.size(); ++m) {
        const ModelSpec& spec = mModels[m];
        Model model;
        model.firstFace = static_cast<std::int32_t>(out.faces.size());
        for (std::size_t bi = 0; bi < spec.brushes.size(); ++bi) {
            const BrushDesc& desc = spec.brushes[bi];
            if (desc.sides.size() < 4)
                return std::move(
                    Error("bsp.builder", "a brush needs at least 4 planes").record(bi).in("model", std::to_string(m)));
            std::vector<vestige::Plane> planes;  // bsp::Plane is the lump record
            for (const BrushPlane& side : desc.sides) planes.push_back(vestige::Plane{side.normal, side.dist});
            const base::BrushHull hull = base::brushHull(planes);
            const std::vector<base::Winding>& windings = hull.windings;
            BrushOut info{static_cast<int>(m), hull.bounds, {}, desc.contents};
            if (!hull.closed())
                return std::move(Error("bsp.builder", "brush planes do not enclose a volume")
                                     .record(bi)
                                     .in("model", std::to_string(m)));
            std::vector<BrushPlane> sides = desc.sides;
            std::vector<bool> bevel(sides.size(), false);
            // Bevel sides carry the brush's first texture (never drawn).
            for (const vestige::Plane& p : base::bevelPlanes(planes, windings)) {
                sides.push_back({p.normal, p.dist, desc.sides.front().texture});
                bevel.push_back(true);
            }
            if ((desc.contents & contents::kWater) != 0) {
                info.water = static_cast<int>(out.leafWaterData.size());
                LeafWaterData wd;
                wd.surfaceZ = info.bounds.max.z;
                wd.minZ = info.bounds.min.z;
                out.leafWaterData.push_back(wd);
            }
            Brush brush;
            brush.firstSide = static_cast<std::int32_t>(out.brushSides.size());
            brush.numSides = static_cast<std::int32_t>(sides.size());
            brush.contents = static_cast<std::int32_t>(desc.contents);
            for (std::size_t s = 0; s < sides.size(); ++s) {
                const BrushPlane& side = sides[s];
                const int planeNum = c.plane(side.normal, side.dist);
                std::vector<Vec3> pts;
                if (s < windings.size())
                    for (const auto& p : windings[s]) pts.push_back(base::toFloat(p));
                const float units = pts.empty() ? 16.0f : Compiler::luxelUnits(pts, side.normal);
                const int ti = c.texInfo(side.texture, side.normal, spec.origin, units);
                BrushSide bs;
                bs.planeNum = static_cast<std::uint16_t>(planeNum);
                bs.texInfo = static_cast<std::int16_t>(ti);
                bs.dispInfo = -1;
                bs.bevel = bevel[s] ? 1 : 0;
                out.brushSides.push_back(bs);
                if (!bevel[s] && pts.size() >= 3) {
                    const int fi = c.face(pts, planeNum, ti);
                    if (info.water >= 0) {
                        out.faces[fi].surfaceFogVolumeId = static_cast<std::int16_t>(info.water);
                        if (side.normal.z > 0.99f)
                            out.leafWaterData[info.water].texInfo = static_cast<std::int16_t>(ti);
                    }
                    info.faces.push_back(fi);
                }
            }
            out.brushes.push_back(brush);
            brushInfo.push_back(std::move(info));
        }
        if (m == 0) {
            // Displacements belong to the world: a flat quad base face plus its dispinfo/verts/tris.
            for (std::size_t di = 0; di < mDisplacements.size(); ++di) {
                const DisplacementDesc& d = mDisplacements[di];
                if (d.power < 2 || d.power > 4)
                    return std::move(Error("bsp.builder", "displacement power must be 2..4")
                                         .record(di)
                                         .field("power")
                                         .actual(std::to_string(d.power)));
                const Vec3 p0 = d.min, p1{d.min.x, d.min.y + d.size.y, d.min.z},
                           p2{d.min.x + d.size.x, d.min.y + d.size.y, d.min.z},
                           p3{d.min.x + d.size.x, d.min.y, d.min.z};
                const std::vector<Vec3> pts{p0, p1, p2, p3};  // clockwise seen from above (front = +Z)
                const int planeNum = c.plane({0, 0, 1}, d.min.z);
                const int ti = c.texInfo(d.texture, {0, 0, 1}, {}, Compiler::luxelUnits(pts, {0, 0, 1}));
                const int fi = c.face(pts, planeNum, ti);
                DispInfo info;
                info.startPosition = p0;
                info.dispVertStart = static_cast<std::int32_t>(out.dispVerts.size());
                info.dispTriStart = static_cast<std::int32_t>(out.dispTris.size());
                info.power = d.power;
                info.contents = static_cast<std::int32_t>(contents::kSolid);
                info.mapFace = static_cast<std::uint16_t>(fi);
                for (int k = 0; k < 8; ++k) {  // edge sub-neighbours: none
                    info.neighbours[6 * k] = 0xFF;
                    info.neighbours[6 * k + 1] = 0xFF;
                }
                for (int k = 0; k < 4; ++k)  // corner neighbours: ids 0xFFFF, count 0
                    for (int b = 0; b < 8; ++b) info.neighbours[48 + 10 * k + b] = 0xFF;
                for (int b = 88; b < 128; ++b) info.neighbours[b] = 0xFF;  // allowedVerts: all
                out.faces[fi].dispInfo = static_cast<std::int16_t>(out.dispInfos.size());
                const int n = (1 << d.power) + 1;
                Aabb bounds = Aabb::empty();
                std::vector<Vec3> positions;
                for (int i = 0; i < n; ++i)
                    for (int j = 0; j < n; ++j) {
                        const float fi2 = static_cast<float>(i) / (n - 1), fj = static_cast<float>(j) / (n - 1);
                        const Vec3 flat = lerp(lerp(p0, p1, fi2), lerp(p3, p2, fi2), fj);
                        const float h = d.height ? d.height(flat.x, flat.y) : 0.0f;
                        DispVert v;
                        v.vec = h < 0 ? Vec3{0, 0, -1} : Vec3{0, 0, 1};
                        v.dist = std::fabs(h);
                        v.alpha = d.alpha ? d.alpha(flat.x, flat.y) : 0.0f;
                        out.dispVerts.push_back(v);
                        positions.push_back(flat + Vec3{0, 0, h});
                        bounds.expand(positions.back());
                    }
                for (int i = 0; i + 1 < n; ++i)
                    for (int j = 0; j + 1 < n; ++j) {
                        const int k = i * n + j;
                        std::array<std::array<int, 3>, 2> tris =
                            (k % 2) ? std::array<std::array<int, 3>, 2>{{{k, k + n, k + 1}, {k + 1, k + n, k + n + 1}}}
                                    : std::array<std::array<int, 3>, 2>{{{k, k + n, k + n + 1}, {k, k + n + 1, k + 1}}};
                        for (const auto& t : tris) {
                            const Vec3 up =
                                normalize(cross(positions[t[2]] - positions[t[0]], positions[t[1]] - positions[t[0]]));
                            std::uint16_t tag = 1;       // DISPTRI_TAG_SURFACE
                            if (up.z >= 0.7f) tag |= 2;  // walkable
                            if (up.z >= 0.8f) tag |= 4;  // buildable
                            out.dispTris.push_back(tag);
                        }
                    }
                out.dispInfos.push_back(info);
                dispInfo.push_back({fi, bounds});
            }
        }
        model.numFaces = static_cast<std::int32_t>(out.faces.size()) - model.firstFace;
        out.models.push_back(model);
    }

    // Lightmaps: one style-0 block per lit face, preceded by its average colour.
    if (mLighting) {
        const Vec3 toSun = -normalize(mLighting->sunDirection);
        for (std::size_t fi = 0; fi < out.faces.size(); ++fi) {
            Face& f = out.faces[fi];
            const TexInfo& t = out.texInfo[static_cast<std::size_t>(f.texInfo)];
            if (static_cast<std::uint32_t>(t.flags) &
                (surf::kNoLight | surf::kNoDraw | surf::kSky | surf::kSky2d | surf::kSkip | surf::kHint))
                continue;
            Vec3 normal = out.planes[f.planeNum].normal;
            if (f.side) normal = -normal;
            const int w = f.lightmapSize[0] + 1, h = f.lightmapSize[1] + 1;
            std::vector<Vec3> block;
            Vec3 sum{};
            for (int tt = 0; tt < h; ++tt)
                for (int s = 0; s < w; ++s) {
                    Vec3 col = mLighting->luxel
                                   ? mLighting->luxel(fi, s, tt, normal)
                                   : mLighting->ambient + mLighting->sunColor * std::max(0.0f, dot(normal, toSun));
                    block.push_back(col);
                    sum += col;
                }
            const auto avg = encodeColorRgbExp32(sum / static_cast<float>(block.size()));
            out.lighting.insert(out.lighting.end(), avg.begin(), avg.end());
            f.lightOfs = static_cast<std::int32_t>(out.lighting.size());
            f.styles = {0, 255, 255, 255};
            for (const auto& col : block) {
                const auto px = encodeColorRgbExp32(col);
                out.lighting.insert(out.lighting.end(), px.begin(), px.end());
            }
        }
    } else {
        for (auto& f : out.faces) f.lightOfs = -1;
    }
    out.origFaces = out.faces;
    for (auto& f : out.origFaces) f.origFace = -1;

    std::vector<Aabb> faceBounds;
    for (const auto& f : out.faces) {
        Aabb box = Aabb::empty();
        for (int i = 0; i < f.numEdges; ++i)
            box.expand(out.vertexes[out.surfEdgeVertex(static_cast<std::size_t>(f.firstEdge + i))]);
        faceBounds.push_back(box);
    }
    // Trees: leaf 0 is the solid dummy; every model gets an axis-split tree over its brushes.
    {
        Leaf solid;
        solid.contents = static_cast<std::int32_t>(contents::kSolid);
        solid.cluster = -1;
        out.leafs.push_back(solid);
    }
    for (std::size_t m = 0; m < mModels.size(); ++m) {
        std::vector<int> brushes;
        Aabb box = Aabb::empty();
        for (std::size_t b = 0; b < brushInfo.size(); ++b)
            if (brushInfo[b].model == static_cast<int>(m)) {
                brushes.push_back(static_cast<int>(b));
                box.expand(brushInfo[b].bounds);
            }
        if (m == 0)
            for (const auto& d : dispInfo) box.expand(d.bounds);
        if (box.isEmpty()) box = Aabb{{-1, -1, -1}, {1, 1, 1}};
        Model& model = out.models[m];
        model.mins = box.min;
        model.maxs = box.max;

        std::function<std::int32_t(const std::vector<int>&, Aabb, int, bool)> buildNode;
        auto makeLeaf = [&](const std::vector<int>& list, const Aabb& bounds) -> std::int32_t {
            Leaf leaf;
            leaf.cluster = 0;
            leaf.areaFlags = 1;
            for (int k = 0; k < 3; ++k) {
                leaf.mins[k] = clampI16(std::floor(bounds.min[k]));
                leaf.maxs[k] = clampI16(std::ceil(bounds.max[k]));
            }
            std::vector<int> faces;
            for (int b : list) {
                leaf.contents |= static_cast<std::int32_t>(brushInfo[b].contents);
                if (brushInfo[b].water >= 0 && leaf.leafWaterDataId < 0)
                    leaf.leafWaterDataId = static_cast<std::int16_t>(brushInfo[b].water);
                for (int f : brushInfo[b].faces)  // only the brush faces that touch this leaf's box
                    if (faceBounds[static_cast<std::size_t>(f)].overlaps(bounds)) faces.push_back(f);
            }
            if (m == 0)
                for (const auto& d : dispInfo)
                    if (d.bounds.overlaps(bounds)) faces.push_back(d.face);
            std::sort(faces.begin(), faces.end());
            faces.erase(std::unique(faces.begin(), faces.end()), faces.end());
            leaf.firstLeafFace = static_cast<std::uint16_t>(out.leafFaces.size());
            leaf.numLeafFaces = static_cast<std::uint16_t>(faces.size());
            for (int f : faces) out.leafFaces.push_back(static_cast<std::uint16_t>(f));
            leaf.firstLeafBrush = static_cast<std::uint16_t>(out.leafBrushes.size());
            leaf.numLeafBrushes = static_cast<std::uint16_t>(list.size());
            for (int b : list) out.leafBrushes.push_back(static_cast<std::uint16_t>(b));
            out.leafs.push_back(leaf);
            return -1 - static_cast<std::int32_t>(out.leafs.size() - 1);
        };
        buildNode = [&](const std::vector<int>& list, Aabb bounds, int depth, bool root) -> std::int32_t {
            if (!root && (list.size() <= 4 || depth >= 12)) return makeLeaf(list, bounds);
            const Vec3 ext = bounds.max - bounds.min;
            const int axis = ext.x >= ext.y && ext.x >= ext.z ? 0 : (ext.y >= ext.z ? 1 : 2);
            std::vector<float> centres;
            for (int b : list) centres.push_back(brushInfo[b].bounds.center()[axis]);
            std::sort(centres.begin(), centres.end());
            float split = centres.empty() ? bounds.center()[axis] : std::round(centres[centres.size() / 2]);
            if (!(split > bounds.min[axis] && split < bounds.max[axis])) split = std::round(bounds.center()[axis]);
            std::vector<int> front, back;
            for (int b : list) {
                if (brushInfo[b].bounds.max[axis] > split) front.push_back(b);
                if (brushInfo[b].bounds.min[axis] < split) back.push_back(b);
            }
            if (!root && front.size() == list.size() && back.size() == list.size()) return makeLeaf(list, bounds);
            Vec3 n{};
            n[axis] = 1;
            Node node;
            node.planeNum = c.plane(n, split);
            for (int k = 0; k < 3; ++k) {
                node.mins[k] = clampI16(std::floor(bounds.min[k]));
                node.maxs[k] = clampI16(std::ceil(bounds.max[k]));
            }
            node.area = 0;
            if (root) {
                node.firstFace = static_cast<std::uint16_t>(model.firstFace);
                node.numFaces = static_cast<std::uint16_t>(model.numFaces);
            }
            const auto index = static_cast<std::int32_t>(out.nodes.size());
            out.nodes.push_back(node);
            Aabb frontBox = bounds, backBox = bounds;
            frontBox.min[axis] = split;
            backBox.max[axis] = split;
            const std::int32_t c0 = buildNode(front, frontBox, depth + 1, false);
            const std::int32_t c1 = buildNode(back, backBox, depth + 1, false);
            out.nodes[static_cast<std::size_t>(index)].children = {c0, c1};
            return index;
        };
        model.headNode = buildNode(brushes, box, 0, true);
    }

    // One cluster that sees itself; two areas (area 0 is the invalid one).
    {
        ByteWriter vis;
        vis.i32(1);
        vis.i32(12);
        vis.i32(13);
        vis.u8(1);
        vis.u8(1);
        out.lumps[kLumpVisibility].data = vis.take();
        out.areas = {Area{}, Area{}};
    }

    // Game lumps: static props (v6 by default, see setStaticPropVersion) and an empty detail prop lump v4.
    {
        const std::uint16_t version = mStaticPropVersion;
        if (version != 4 && version != 5 && version != 6 && version != 10)
            return std::move(Error("bsp.builder", "static prop lump version not written by the builder")
                                 .field("sprp version")
                                 .expected("4, 5, 6 or 10")
                                 .actual(std::to_string(version)));
        ByteWriter sprp;
        std::vector<std::string> names;
        for (const auto& p : mProps)
            if (std::find(names.begin(), names.end(), p.model) == names.end()) names.push_back(p.model);
        sprp.i32(static_cast<std::int32_t>(names.size()));
        for (const auto& n : names) {
            if (n.size() >= 128)
                return std::move(Error("bsp.builder", "static prop model name too long").field("model").actual(n));
            sprp.fixedString(n, 128);
        }
        // Each prop lists the world leaf its origin falls in.
        std::vector<std::uint16_t> leafOf;
        for (const auto& p : mProps) {
            std::int32_t node = out.models[0].headNode;
            while (node >= 0) {
                const Node& nd = out.nodes[static_cast<std::size_t>(node)];
                const Plane& pl = out.planes[static_cast<std::size_t>(nd.planeNum)];
                node = nd.children[dot(pl.normal, p.origin) - pl.dist >= 0 ? 0 : 1];
            }
            leafOf.push_back(static_cast<std::uint16_t>(-1 - node));
        }
        sprp.i32(static_cast<std::int32_t>(leafOf.size()));
        for (auto l : leafOf) sprp.u16(l);
        sprp.i32(static_cast<std::int32_t>(mProps.size()));
        for (std::size_t i = 0; i < mProps.size(); ++i) {
            const auto& p = mProps[i];
            for (Vec3 v : {p.origin, p.angles})
                for (float f : {v.x, v.y, v.z}) sprp.f32(f);
            sprp.u16(static_cast<std::uint16_t>(std::find(names.begin(), names.end(), p.model) - names.begin()));
            sprp.u16(static_cast<std::uint16_t>(i));
            sprp.u16(1);
            sprp.u8(6);  // SOLID_VPHYSICS
            sprp.u8(0);  // flags (v10: padding)
            sprp.i32(p.skin);
            sprp.f32(0);
            sprp.f32(0);
            for (float f : {p.origin.x, p.origin.y, p.origin.z}) sprp.f32(f);
            if (version >= 5) sprp.f32(1.0f);  // forced fade scale
            if (version >= 6) {
                sprp.u16(0);  // min / max DX level
                sprp.u16(0);
            }
            if (version == 10) {
                sprp.u32(0);  // flags
                sprp.u16(0);  // lightmap resolution X, Y
                sprp.u16(0);
            }
        }
        GameLump s;
        s.id = kGameLumpStaticProps;
        s.version = version;
        s.data = sprp.take();
        GameLump d;
        d.id = kGameLumpDetailProps;
        d.version = 4;
        d.data = Bytes(12, 0);
        out.gameLumps = {std::move(s), std::move(d)};
    }
    out.lumps[kLumpPakfile].data = writePakfile(mPakFiles);

    // Sanity against Valve's 16-bit fields.
    if (out.vertexes.size() > 65536 || out.faces.size() > 65536 || out.planes.size() > 65536 ||
        out.brushes.size() > 8192 || out.leafFaces.size() > 65535 || out.leafBrushes.size() > 65535 ||
        out.brushSides.size() > 65536 || out.edges.size() > 256000)
        return Error(
            "bsp.builder",
            fmt::format("map exceeds Valve limits ({} vertexes, {} faces, {} planes, {} brushes, "
                        "{} brush sides, {} leaf faces, {} leaf brushes, {} edges)",
                        out.vertexes.size(), out.faces.size(), out.planes.size(), out.brushes.size(),
                        out.brushSides.size(), out.leafFaces.size(), out.leafBrushes.size(), out.edges.size()));
    return std::move(c.out);
}

Result<Bytes> MapBuilder::write(const WriteOptions& options) const {
    VESTIGE_TRY(auto bsp, build());
    return writeBsp(bsp, options);
}

}  // namespace vestige::source::bsp
