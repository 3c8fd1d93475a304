// VBSP cross-lump checks: every index of a typed record against the array it points into, after all lumps are
// parsed (bsp_reader.cpp runs them; reader.hpp holds the index/range checks).
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "reader.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/lzma.hpp"

namespace vestige::source::bsp::detail {

Status Reader::validateFaces(int lump, const std::vector<Face>& faces, const Bytes& lighting) {
    const Bsp& b = mBsp;
    constexpr std::size_t s = 56;
    for (std::size_t i = 0; i < faces.size(); ++i) {
        const Face& f = faces[i];
        VESTIGE_CHECK(checkIndex(lump, s, i, 0, "planenum", f.planeNum, 0, b.planes.size(), kLumpPlanes));
        if (f.numEdges < 3) {
            Error e = lumpError(lump, "bsp.index", "face has fewer than 3 edges", i * s + 8);
            return std::move(e.record(i).field("numedges").expected(">= 3").actual(std::to_string(f.numEdges)));
        }
        VESTIGE_CHECK(
            checkRange(lump, s, i, 4, "firstedge", f.firstEdge, f.numEdges, b.surfEdges.size(), kLumpSurfEdges));
        // ORIGINALFACES keep vbsp's pre-compaction texinfo numbers (gmod_tooltextures: 186 with 40 texinfos), so
        // only their planes and edges are checked.
        if (lump == kLumpOriginalFaces) continue;
        VESTIGE_CHECK(checkIndex(lump, s, i, 10, "texinfo", f.texInfo, -1, b.texInfo.size(), kLumpTexInfo));
        VESTIGE_CHECK(checkIndex(lump, s, i, 12, "dispinfo", f.dispInfo, -1, b.dispInfos.size(), kLumpDispInfo));
        // Faces of lump 7 may point into the HDR samples when a map has only HDR lighting. Maps compiled without
        // vrad (no lighting lumps at all) keep lightofs 0 on every face: nothing to point into, nothing to check.
        const std::size_t limit = std::max(lighting.size(), lump == kLumpFaces ? b.lightingHdr.size() : 0);
        if (f.lightOfs != -1 && limit > 0) {
            VESTIGE_CHECK(checkIndex(lump, s, i, 20, "lightofs", f.lightOfs, 0, limit,
                                     lump == kLumpFacesHdr ? kLumpLightingHdr : kLumpLighting));
        }
        if (f.origFace != -1 && !b.origFaces.empty())
            VESTIGE_CHECK(
                checkIndex(lump, s, i, 44, "origFace", f.origFace, -1, b.origFaces.size(), kLumpOriginalFaces));
        if ((f.numPrims & 0x7FFF) != 0)
            VESTIGE_CHECK(checkRange(lump, s, i, 50, "firstPrimID", f.firstPrimId, f.numPrims & 0x7FFF,
                                     b.primitives.size(), kLumpPrimitives));
    }
    return {};
}

Status Reader::validate() {
    const Bsp& b = mBsp;
    for (std::size_t i = 0; i < b.edges.size(); ++i)
        for (int k = 0; k < 2; ++k)
            VESTIGE_CHECK(checkIndex(kLumpEdges, 4, i, 2 * k, k == 0 ? "v[0]" : "v[1]", b.edges[i].v[k], 0,
                                     b.vertexes.size(), kLumpVertexes));
    for (std::size_t i = 0; i < b.surfEdges.size(); ++i) {
        const std::int64_t e = b.surfEdges[i];
        VESTIGE_CHECK(checkIndex(kLumpSurfEdges, 4, i, 0, "edge", e < 0 ? -e : e, 0, b.edges.size(), kLumpEdges));
    }
    VESTIGE_CHECK(validateFaces(kLumpFaces, b.faces, b.lighting));
    VESTIGE_CHECK(validateFaces(kLumpFacesHdr, b.facesHdr, b.lightingHdr));
    VESTIGE_CHECK(validateFaces(kLumpOriginalFaces, b.origFaces, b.lighting));
    for (std::size_t i = 0; i < b.texInfo.size(); ++i)
        VESTIGE_CHECK(
            checkIndex(kLumpTexInfo, 72, i, 68, "texdata", b.texInfo[i].texData, -1, b.texData.size(), kLumpTexData));
    for (std::size_t i = 0; i < b.texData.size(); ++i)
        VESTIGE_CHECK(checkIndex(kLumpTexData, 32, i, 12, "nameStringTableID", b.texData[i].nameStringTableId, 0,
                                 b.texDataStringTable.size(), kLumpTexDataStringTable));
    for (std::size_t i = 0; i < b.nodes.size(); ++i) {
        const Node& n = b.nodes[i];
        VESTIGE_CHECK(checkIndex(kLumpNodes, 32, i, 0, "planenum", n.planeNum, 0, b.planes.size(), kLumpPlanes));
        for (int k = 0; k < 2; ++k) {
            const std::int64_t c = n.children[k];
            if (c >= 0)
                VESTIGE_CHECK(checkIndex(kLumpNodes, 32, i, 4 + 4 * k, "children", c, 0, b.nodes.size(), kLumpNodes));
            else
                VESTIGE_CHECK(
                    checkIndex(kLumpNodes, 32, i, 4 + 4 * k, "children (leaf)", -1 - c, 0, b.leafs.size(), kLumpLeafs));
        }
        VESTIGE_CHECK(
            checkRange(kLumpNodes, 32, i, 24, "firstface", n.firstFace, n.numFaces, b.faces.size(), kLumpFaces));
    }
    const std::size_t leafSize = b.lumps[kLumpLeafs].entry.version == 0 ? 56 : 32;
    for (std::size_t i = 0; i < b.leafs.size(); ++i) {
        const Leaf& l = b.leafs[i];
        VESTIGE_CHECK(checkRange(kLumpLeafs, leafSize, i, 20, "firstleafface", l.firstLeafFace, l.numLeafFaces,
                                 b.leafFaces.size(), kLumpLeafFaces));
        VESTIGE_CHECK(checkRange(kLumpLeafs, leafSize, i, 24, "firstleafbrush", l.firstLeafBrush, l.numLeafBrushes,
                                 b.leafBrushes.size(), kLumpLeafBrushes));
        VESTIGE_CHECK(checkIndex(kLumpLeafs, leafSize, i, 28, "leafWaterDataID", l.leafWaterDataId, -1,
                                 b.leafWaterData.size(), kLumpLeafWaterData));
    }
    for (std::size_t i = 0; i < b.leafFaces.size(); ++i)
        VESTIGE_CHECK(checkIndex(kLumpLeafFaces, 2, i, 0, "face", b.leafFaces[i], 0, b.faces.size(), kLumpFaces));
    for (std::size_t i = 0; i < b.leafBrushes.size(); ++i)
        VESTIGE_CHECK(
            checkIndex(kLumpLeafBrushes, 2, i, 0, "brush", b.leafBrushes[i], 0, b.brushes.size(), kLumpBrushes));
    for (std::size_t i = 0; i < b.models.size(); ++i) {
        const Model& m = b.models[i];
        VESTIGE_CHECK(checkIndex(kLumpModels, 48, i, 36, "headnode", m.headNode, 0, b.nodes.size(), kLumpNodes));
        VESTIGE_CHECK(
            checkRange(kLumpModels, 48, i, 40, "firstface", m.firstFace, m.numFaces, b.faces.size(), kLumpFaces));
    }
    for (std::size_t i = 0; i < b.brushes.size(); ++i)
        VESTIGE_CHECK(checkRange(kLumpBrushes, 12, i, 0, "firstside", b.brushes[i].firstSide, b.brushes[i].numSides,
                                 b.brushSides.size(), kLumpBrushSides));
    for (std::size_t i = 0; i < b.brushSides.size(); ++i) {
        const BrushSide& s = b.brushSides[i];
        VESTIGE_CHECK(checkIndex(kLumpBrushSides, 8, i, 0, "planenum", s.planeNum, 0, b.planes.size(), kLumpPlanes));
        VESTIGE_CHECK(checkIndex(kLumpBrushSides, 8, i, 2, "texinfo", s.texInfo, -1, b.texInfo.size(), kLumpTexInfo));
        // dispinfo is not checked: vbsp leaves 0 there on ordinary sides even in maps without displacements.
    }
    for (std::size_t i = 0; i < b.dispInfos.size(); ++i) {
        const DispInfo& d = b.dispInfos[i];
        if (d.power < 2 || d.power > 4) {
            Error e = lumpError(kLumpDispInfo, "bsp.index", "displacement power outside 2..4", i * 176 + 20);
            return std::move(e.record(i).field("power").expected("2..4").actual(std::to_string(d.power)));
        }
        VESTIGE_CHECK(checkRange(kLumpDispInfo, 176, i, 12, "DispVertStart", d.dispVertStart, d.vertexCount(),
                                 b.dispVerts.size(), kLumpDispVerts));
        VESTIGE_CHECK(checkRange(kLumpDispInfo, 176, i, 16, "DispTriStart", d.dispTriStart, d.triangleCount(),
                                 b.dispTris.size(), kLumpDispTris));
        VESTIGE_CHECK(checkIndex(kLumpDispInfo, 176, i, 36, "MapFace", d.mapFace, 0, b.faces.size(), kLumpFaces));
    }
    for (std::size_t i = 0; i < b.leafWaterData.size(); ++i)
        VESTIGE_CHECK(checkIndex(kLumpLeafWaterData, 12, i, 8, "surfaceTexInfoID", b.leafWaterData[i].texInfo, -1,
                                 b.texInfo.size(), kLumpTexInfo));
    for (std::size_t i = 0; i < b.primitives.size(); ++i) {
        const Primitive& p = b.primitives[i];
        VESTIGE_CHECK(checkRange(kLumpPrimitives, 10, i, 2, "firstIndex", p.firstIndex, p.indexCount,
                                 b.primIndices.size(), kLumpPrimIndices));
        VESTIGE_CHECK(checkRange(kLumpPrimitives, 10, i, 6, "firstVert", p.firstVert, p.vertCount, b.primVerts.size(),
                                 kLumpPrimVerts));
    }
    for (std::size_t i = 0; i < b.overlays.size(); ++i) {
        const Overlay& o = b.overlays[i];
        VESTIGE_CHECK(checkIndex(kLumpOverlays, 352, i, 4, "texinfo", o.texInfo, -1, b.texInfo.size(), kLumpTexInfo));
        if (o.faceCount() > 64) {
            Error e = lumpError(kLumpOverlays, "bsp.index", "overlay face count above 64", i * 352 + 6);
            return std::move(e.record(i).field("faceCount").expected("<= 64").actual(std::to_string(o.faceCount())));
        }
        for (int k = 0; k < o.faceCount(); ++k)
            VESTIGE_CHECK(
                checkIndex(kLumpOverlays, 352, i, 8 + 4 * k, "faces", o.faces[k], 0, b.faces.size(), kLumpFaces));
    }
    return {};
}

}  // namespace vestige::source::bsp::detail
