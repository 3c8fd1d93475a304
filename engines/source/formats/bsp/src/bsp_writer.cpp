// VBSP writer: the header (see bsp_reader.cpp), then the lumps in index order, each 4-byte aligned.
// Typed arrays are serialised; lumps without a typed form come from Bsp::lumps[i].data. Game lump
// offsets are absolute, so the GAME_LUMP directory is patched once its position is known.
#include <fmt/format.h>

#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/lzma.hpp"

namespace vestige::source::bsp {

namespace {

void vec3(ByteWriter& w, Vec3 v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
}

template <class T, class Fn>
Bytes encode(const std::vector<T>& items, Fn fn) {
    ByteWriter w;
    for (const auto& item : items) fn(w, item);
    return w.take();
}

Bytes encodeFaces(const std::vector<Face>& faces) {
    return encode(faces, [](ByteWriter& w, const Face& f) {
        w.u16(f.planeNum);
        w.u8(f.side);
        w.u8(f.onNode);
        w.i32(f.firstEdge);
        w.i16(f.numEdges);
        w.i16(f.texInfo);
        w.i16(f.dispInfo);
        w.i16(f.surfaceFogVolumeId);
        for (auto s : f.styles) w.u8(s);
        w.i32(f.lightOfs);
        w.f32(f.area);
        w.i32(f.lightmapMins[0]);
        w.i32(f.lightmapMins[1]);
        w.i32(f.lightmapSize[0]);
        w.i32(f.lightmapSize[1]);
        w.i32(f.origFace);
        w.u16(f.numPrims);
        w.u16(f.firstPrimId);
        w.u32(f.smoothingGroups);
    });
}

Bytes encodeWorldLights(const std::vector<WorldLight>& lights, bool v1) {
    return encode(lights, [v1](ByteWriter& w, const WorldLight& l) {
        vec3(w, l.origin);
        vec3(w, l.intensity);
        vec3(w, l.normal);
        if (v1) vec3(w, l.shadowCastOffset);
        w.i32(l.cluster);
        w.i32(l.type);
        w.i32(l.style);
        for (float f : {l.stopDot, l.stopDot2, l.exponent, l.radius, l.constantAttn, l.linearAttn, l.quadraticAttn})
            w.f32(f);
        w.i32(l.flags);
        w.i32(l.texInfo);
        w.i32(l.owner);
    });
}

auto u16s = [](ByteWriter& w, std::uint16_t v) { w.u16(v); };
auto i32s = [](ByteWriter& w, std::int32_t v) { w.i32(v); };

}  // namespace

Result<Bytes> writeBsp(const Bsp& b, const WriteOptions& options) {
    if (b.version != 19 && b.version != 20)
        return std::move(Error("bsp.unsupported_version", "the writer emits versions 19 and 20 only")
                             .field("version").actual(std::to_string(b.version)));
    std::array<Bytes, kLumpCount> lumps;
    for (int i = 0; i < kLumpCount; ++i) lumps[i] = b.lumps[i].data;

    VESTIGE_TRY(auto entityText, writeEntities(b.entities));
    if (!b.entities.empty() || b.lumps[kLumpEntities].data.empty()) lumps[kLumpEntities].assign(entityText.begin(), entityText.end());
    lumps[kLumpPlanes] = encode(b.planes, [](ByteWriter& w, const Plane& p) {
        vec3(w, p.normal);
        w.f32(p.dist);
        w.i32(p.type);
    });
    lumps[kLumpTexData] = encode(b.texData, [](ByteWriter& w, const TexData& t) {
        vec3(w, t.reflectivity);
        w.i32(t.nameStringTableId);
        w.i32(t.width);
        w.i32(t.height);
        w.i32(t.viewWidth);
        w.i32(t.viewHeight);
    });
    lumps[kLumpVertexes] = encode(b.vertexes, [](ByteWriter& w, Vec3 v) { vec3(w, v); });
    lumps[kLumpNodes] = encode(b.nodes, [](ByteWriter& w, const Node& n) {
        w.i32(n.planeNum);
        w.i32(n.children[0]);
        w.i32(n.children[1]);
        for (auto v : n.mins) w.i16(v);
        for (auto v : n.maxs) w.i16(v);
        w.u16(n.firstFace);
        w.u16(n.numFaces);
        w.i16(n.area);
        w.u16(n.pad);
    });
    lumps[kLumpTexInfo] = encode(b.texInfo, [](ByteWriter& w, const TexInfo& t) {
        for (const auto& v : t.textureVecs) for (float f : {v.x, v.y, v.z, v.w}) w.f32(f);
        for (const auto& v : t.lightmapVecs) for (float f : {v.x, v.y, v.z, v.w}) w.f32(f);
        w.i32(t.flags);
        w.i32(t.texData);
    });
    lumps[kLumpFaces] = encodeFaces(b.faces);
    lumps[kLumpFacesHdr] = encodeFaces(b.facesHdr);
    lumps[kLumpOriginalFaces] = encodeFaces(b.origFaces);
    lumps[kLumpLighting] = b.lighting;
    lumps[kLumpLightingHdr] = b.lightingHdr;
    const bool leafV0 = b.lumps[kLumpLeafs].entry.version == 0 && !b.lumps[kLumpLeafs].data.empty();
    lumps[kLumpLeafs] = encode(b.leafs, [leafV0](ByteWriter& w, const Leaf& l) {
        w.i32(l.contents);
        w.i16(l.cluster);
        w.u16(l.areaFlags);
        for (auto v : l.mins) w.i16(v);
        for (auto v : l.maxs) w.i16(v);
        w.u16(l.firstLeafFace);
        w.u16(l.numLeafFaces);
        w.u16(l.firstLeafBrush);
        w.u16(l.numLeafBrushes);
        w.i16(l.leafWaterDataId);
        if (leafV0) w.bytes(l.ambient);
        w.u16(l.pad);
    });
    lumps[kLumpEdges] = encode(b.edges, [](ByteWriter& w, const Edge& e) {
        w.u16(e.v[0]);
        w.u16(e.v[1]);
    });
    lumps[kLumpSurfEdges] = encode(b.surfEdges, i32s);
    lumps[kLumpModels] = encode(b.models, [](ByteWriter& w, const Model& m) {
        vec3(w, m.mins);
        vec3(w, m.maxs);
        vec3(w, m.origin);
        w.i32(m.headNode);
        w.i32(m.firstFace);
        w.i32(m.numFaces);
    });
    lumps[kLumpWorldLights] = encodeWorldLights(b.worldLights, b.lumps[kLumpWorldLights].entry.version >= 1);
    lumps[kLumpWorldLightsHdr] = encodeWorldLights(b.worldLightsHdr, b.lumps[kLumpWorldLightsHdr].entry.version >= 1);
    lumps[kLumpLeafFaces] = encode(b.leafFaces, u16s);
    lumps[kLumpLeafBrushes] = encode(b.leafBrushes, u16s);
    lumps[kLumpBrushes] = encode(b.brushes, [](ByteWriter& w, const Brush& x) {
        w.i32(x.firstSide);
        w.i32(x.numSides);
        w.i32(x.contents);
    });
    lumps[kLumpBrushSides] = encode(b.brushSides, [](ByteWriter& w, const BrushSide& s) {
        w.u16(s.planeNum);
        w.i16(s.texInfo);
        w.i16(s.dispInfo);
        w.i16(s.bevel);
    });
    lumps[kLumpAreas] = encode(b.areas, [](ByteWriter& w, const Area& a) {
        w.i32(a.numAreaPortals);
        w.i32(a.firstAreaPortal);
    });
    lumps[kLumpDispInfo] = encode(b.dispInfos, [](ByteWriter& w, const DispInfo& d) {
        vec3(w, d.startPosition);
        w.i32(d.dispVertStart);
        w.i32(d.dispTriStart);
        w.i32(d.power);
        w.i32(d.minTess);
        w.f32(d.smoothingAngle);
        w.i32(d.contents);
        w.u16(d.mapFace);
        w.u16(d.pad);
        w.i32(d.lightmapAlphaStart);
        w.i32(d.lightmapSamplePositionStart);
        w.bytes(d.neighbours);
    });
    lumps[kLumpDispVerts] = encode(b.dispVerts, [](ByteWriter& w, const DispVert& v) {
        vec3(w, v.vec);
        w.f32(v.dist);
        w.f32(v.alpha);
    });
    lumps[kLumpDispTris] = encode(b.dispTris, u16s);
    lumps[kLumpLeafWaterData] = encode(b.leafWaterData, [](ByteWriter& w, const LeafWaterData& d) {
        w.f32(d.surfaceZ);
        w.f32(d.minZ);
        w.i16(d.texInfo);
        w.u16(d.pad);
    });
    lumps[kLumpPrimitives] = encode(b.primitives, [](ByteWriter& w, const Primitive& p) {
        w.u8(p.type);
        w.u8(p.pad);
        w.u16(p.firstIndex);
        w.u16(p.indexCount);
        w.u16(p.firstVert);
        w.u16(p.vertCount);
    });
    lumps[kLumpPrimVerts] = encode(b.primVerts, [](ByteWriter& w, Vec3 v) { vec3(w, v); });
    lumps[kLumpPrimIndices] = encode(b.primIndices, u16s);
    lumps[kLumpCubemaps] = encode(b.cubemaps, [](ByteWriter& w, const CubemapSample& c) {
        for (auto v : c.origin) w.i32(v);
        w.u8(c.size);
        for (auto v : c.pad) w.u8(v);
    });
    lumps[kLumpTexDataStringData] = b.texDataStringData;
    lumps[kLumpTexDataStringTable] = encode(b.texDataStringTable, i32s);
    lumps[kLumpOverlays] = encode(b.overlays, [](ByteWriter& w, const Overlay& o) {
        w.i32(o.id);
        w.i16(o.texInfo);
        w.u16(o.faceCountAndOrder);
        for (auto f : o.faces) w.i32(f);
        for (float f : {o.u[0], o.u[1], o.v[0], o.v[1]}) w.f32(f);
        for (auto p : o.uvPoints) vec3(w, p);
        vec3(w, o.origin);
        vec3(w, o.basisNormal);
    });

    // Layout: header, then lumps in index order. The game lump's contents depend on its own position.
    ByteWriter out;
    out.u32(kIdent);
    out.i32(b.version);
    out.zeros(16 * kLumpCount);
    out.i32(b.mapRevision);
    for (int i = 0; i < kLumpCount; ++i) {
        out.alignTo(4);
        const std::size_t start = out.size();
        std::uint32_t fourCC = 0;
        if (i == kLumpGameLump && !b.gameLumps.empty()) {
            // Directory, then each sub-lump; compressed maps end with a dummy entry (id 0) marking the end.
            const bool compress = options.compressGameLumps;
            const std::size_t n = b.gameLumps.size() + (compress ? 1 : 0);
            std::vector<Bytes> bodies;
            for (const auto& gl : b.gameLumps) {
                if (compress && !gl.data.empty()) {
                    VESTIGE_TRY(auto packed, compressLzma(gl.data));
                    bodies.push_back(std::move(packed));
                } else {
                    bodies.push_back(gl.data);
                }
            }
            std::size_t pos = start + 4 + 16 * n;
            out.i32(static_cast<std::int32_t>(n));
            for (std::size_t k = 0; k < b.gameLumps.size(); ++k) {
                const auto& gl = b.gameLumps[k];
                out.u32(gl.id);
                out.u16(static_cast<std::uint16_t>((gl.flags & ~1u) | (compress && !gl.data.empty() ? 1u : 0u)));
                out.u16(gl.version);
                out.i32(static_cast<std::int32_t>(pos));
                out.i32(static_cast<std::int32_t>(gl.data.size()));
                pos += bodies[k].size();
            }
            if (compress) {
                out.u32(0);
                out.u16(0);
                out.u16(0);
                out.i32(static_cast<std::int32_t>(pos));
                out.i32(0);
            }
            for (const auto& body : bodies) out.bytes(body);
        } else if (!lumps[i].empty()) {
            const bool compressible = options.compressLumps && i != kLumpGameLump && i != kLumpPakfile;
            if (compressible) {
                VESTIGE_TRY(auto packed, compressLzma(lumps[i]));
                fourCC = static_cast<std::uint32_t>(lumps[i].size());
                out.bytes(packed);
            } else {
                out.bytes(lumps[i]);
            }
        }
        const std::size_t length = out.size() - start;
        if (out.size() > 0x7FFFFFFF) return Error("bsp.too_large", "map exceeds 2 GiB");
        const std::size_t dir = 8 + 16 * static_cast<std::size_t>(i);
        out.patchU32(dir, length ? static_cast<std::uint32_t>(start) : 0);
        out.patchU32(dir + 4, static_cast<std::uint32_t>(length));
        out.patchU32(dir + 8, static_cast<std::uint32_t>(b.lumps[i].entry.version));
        out.patchU32(dir + 12, fourCC);
    }
    return out.take();
}

}  // namespace vestige::source::bsp
