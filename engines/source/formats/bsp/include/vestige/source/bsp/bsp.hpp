#pragma once
// Source engine BSP maps (VBSP versions 19 and 20; 21 is recognised and refused).
//
// Three layers:
//   1. RawLump: the 64-entry lump directory plus every lump's decoded bytes (LZMA undone);
//   2. Bsp: typed, validated arrays (sizes exact, counts within Valve's MAX_MAP limits, every index checked);
//   3. interpreted views (world geometry, lightmaps) live in engines/source/mapmesh.
// writeBsp() turns a Bsp back into a file; readBsp(writeBsp(x)) == x for every Bsp the builder makes.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/source/base/bspflags.hpp"
#include "vestige/source/bsp/entities.hpp"
#include "vestige/source/bsp/pakfile.hpp"

namespace vestige::source::bsp {

constexpr int kLumpCount = 64;
constexpr std::size_t kHeaderSize = 1036;
constexpr std::uint32_t kIdent = 0x50534256;  // "VBSP"

enum Lump : int {
    kLumpEntities = 0, kLumpPlanes = 1, kLumpTexData = 2, kLumpVertexes = 3, kLumpVisibility = 4, kLumpNodes = 5,
    kLumpTexInfo = 6, kLumpFaces = 7, kLumpLighting = 8, kLumpOcclusion = 9, kLumpLeafs = 10, kLumpFaceIds = 11,
    kLumpEdges = 12, kLumpSurfEdges = 13, kLumpModels = 14, kLumpWorldLights = 15, kLumpLeafFaces = 16,
    kLumpLeafBrushes = 17, kLumpBrushes = 18, kLumpBrushSides = 19, kLumpAreas = 20, kLumpAreaPortals = 21,
    kLumpDispInfo = 26, kLumpOriginalFaces = 27, kLumpPhysDisp = 28, kLumpPhysCollide = 29, kLumpVertNormals = 30,
    kLumpVertNormalIndices = 31, kLumpDispLightmapAlphas = 32, kLumpDispVerts = 33,
    kLumpDispLightmapSamplePositions = 34, kLumpGameLump = 35, kLumpLeafWaterData = 36, kLumpPrimitives = 37,
    kLumpPrimVerts = 38, kLumpPrimIndices = 39, kLumpPakfile = 40, kLumpClipPortalVerts = 41, kLumpCubemaps = 42,
    kLumpTexDataStringData = 43, kLumpTexDataStringTable = 44, kLumpOverlays = 45, kLumpLeafMinDistToWater = 46,
    kLumpFaceMacroTextureInfo = 47, kLumpDispTris = 48, kLumpPhysCollideSurface = 49, kLumpWaterOverlays = 50,
    kLumpLeafAmbientIndexHdr = 51, kLumpLeafAmbientIndex = 52, kLumpLightingHdr = 53, kLumpWorldLightsHdr = 54,
    kLumpLeafAmbientLightingHdr = 55, kLumpLeafAmbientLighting = 56, kLumpXzipPakfile = 57, kLumpFacesHdr = 58,
    kLumpMapFlags = 59, kLumpOverlayFades = 60,
};

// Valve's upper-case lump name without the LUMP_ prefix ("PLANES"); "UNUSED<n>"/"LUMP_<n>" for the rest.
std::string_view lumpName(int index);

// Contents and surface flags: vestige/source/base/bspflags.hpp (base::contents, base::surf, base::mask).

struct LumpEntry {
    std::int32_t offset = 0;
    std::int32_t length = 0;
    std::int32_t version = 0;
    std::uint32_t fourCC = 0;  // uncompressed size when the lump is LZMA-compressed, else 0
};

struct RawLump {
    LumpEntry entry;
    bool compressed = false;
    Bytes data;  // decoded payload (the on-disk bytes when not compressed)
};

struct Plane {
    Vec3 normal;
    float dist = 0;
    std::int32_t type = 0;
    friend bool operator==(const Plane&, const Plane&) = default;
};

struct TexData {
    Vec3 reflectivity;
    std::int32_t nameStringTableId = 0;
    std::int32_t width = 0, height = 0, viewWidth = 0, viewHeight = 0;
    friend bool operator==(const TexData&, const TexData&) = default;
};

struct TexInfo {
    std::array<Vec4, 2> textureVecs{};   // s = dot(P, v.xyz) + v.w, in texels
    std::array<Vec4, 2> lightmapVecs{};  // same, in luxels
    std::int32_t flags = 0;              // SURF_* (base::surf)
    std::int32_t texData = -1;
    friend bool operator==(const TexInfo&, const TexInfo&) = default;
};

struct Face {
    std::uint16_t planeNum = 0;
    std::uint8_t side = 0, onNode = 0;
    std::int32_t firstEdge = 0;
    std::int16_t numEdges = 0, texInfo = 0, dispInfo = -1, surfaceFogVolumeId = -1;
    std::array<std::uint8_t, 4> styles{255, 255, 255, 255};
    std::int32_t lightOfs = -1;
    float area = 0;
    std::array<std::int32_t, 2> lightmapMins{}, lightmapSize{};
    std::int32_t origFace = -1;
    std::uint16_t numPrims = 0, firstPrimId = 0;
    std::uint32_t smoothingGroups = 0;
    friend bool operator==(const Face&, const Face&) = default;
};

struct Node {
    std::int32_t planeNum = 0;
    std::array<std::int32_t, 2> children{};  // >= 0 node, < 0 leaf (-1 - child)
    std::array<std::int16_t, 3> mins{}, maxs{};
    std::uint16_t firstFace = 0, numFaces = 0;
    std::int16_t area = 0;
    std::uint16_t pad = 0;
    friend bool operator==(const Node&, const Node&) = default;
};

struct Leaf {
    std::int32_t contents = 0;
    std::int16_t cluster = -1;
    std::uint16_t areaFlags = 0;  // area = bits 0..8, flags = bits 9..15
    std::array<std::int16_t, 3> mins{}, maxs{};
    std::uint16_t firstLeafFace = 0, numLeafFaces = 0, firstLeafBrush = 0, numLeafBrushes = 0;
    std::int16_t leafWaterDataId = -1;
    std::array<std::uint8_t, 24> ambient{};  // lump version 0 only (embedded ambient cube)
    std::uint16_t pad = 0;
    friend bool operator==(const Leaf&, const Leaf&) = default;
};

struct Edge {
    std::array<std::uint16_t, 2> v{};
    friend bool operator==(const Edge&, const Edge&) = default;
};

struct Model {
    Vec3 mins, maxs, origin;
    std::int32_t headNode = 0, firstFace = 0, numFaces = 0;
    friend bool operator==(const Model&, const Model&) = default;
};

struct Brush {
    std::int32_t firstSide = 0, numSides = 0, contents = 0;
    friend bool operator==(const Brush&, const Brush&) = default;
};

struct BrushSide {
    std::uint16_t planeNum = 0;
    std::int16_t texInfo = -1, dispInfo = -1, bevel = 0;
    friend bool operator==(const BrushSide&, const BrushSide&) = default;
};

struct DispInfo {
    Vec3 startPosition;
    std::int32_t dispVertStart = 0, dispTriStart = 0, power = 0, minTess = 0;
    float smoothingAngle = 0;
    std::int32_t contents = 0;
    std::uint16_t mapFace = 0, pad = 0;
    std::int32_t lightmapAlphaStart = 0, lightmapSamplePositionStart = 0;
    std::array<std::uint8_t, 128> neighbours{};  // bytes 48..175: edge/corner neighbours + allowedVerts, kept raw
    [[nodiscard]] std::int32_t vertexCount() const { return ((1 << power) + 1) * ((1 << power) + 1); }
    [[nodiscard]] std::int32_t triangleCount() const { return 2 * (1 << power) * (1 << power); }
    friend bool operator==(const DispInfo&, const DispInfo&) = default;
};

struct DispVert {
    Vec3 vec;
    float dist = 0, alpha = 0;
    friend bool operator==(const DispVert&, const DispVert&) = default;
};

struct CubemapSample {
    std::array<std::int32_t, 3> origin{};
    std::uint8_t size = 0;
    std::array<std::uint8_t, 3> pad{};
    friend bool operator==(const CubemapSample&, const CubemapSample&) = default;
};

struct Overlay {
    std::int32_t id = 0;
    std::int16_t texInfo = 0;
    std::uint16_t faceCountAndOrder = 0;
    std::array<std::int32_t, 64> faces{};
    std::array<float, 2> u{}, v{};
    std::array<Vec3, 4> uvPoints{};
    Vec3 origin, basisNormal;
    [[nodiscard]] int faceCount() const { return faceCountAndOrder & 0x3FFF; }
    friend bool operator==(const Overlay&, const Overlay&) = default;
};

struct WorldLight {
    Vec3 origin, intensity, normal;
    Vec3 shadowCastOffset;  // lump version 1 (100-byte records) only
    std::int32_t cluster = 0, type = 0, style = 0;
    float stopDot = 0, stopDot2 = 0, exponent = 0, radius = 0;
    float constantAttn = 0, linearAttn = 0, quadraticAttn = 0;
    std::int32_t flags = 0, texInfo = 0, owner = 0;
    friend bool operator==(const WorldLight&, const WorldLight&) = default;
};

struct LeafWaterData {
    float surfaceZ = 0, minZ = 0;
    std::int16_t texInfo = 0;
    std::uint16_t pad = 0;
    friend bool operator==(const LeafWaterData&, const LeafWaterData&) = default;
};

struct Primitive {
    std::uint8_t type = 0, pad = 0;
    std::uint16_t firstIndex = 0, indexCount = 0, firstVert = 0, vertCount = 0;
    friend bool operator==(const Primitive&, const Primitive&) = default;
};

struct Area {
    std::int32_t numAreaPortals = 0, firstAreaPortal = 0;
    friend bool operator==(const Area&, const Area&) = default;
};

// One static prop; the common 56-byte prefix is decoded, the whole record is kept raw.
struct StaticProp {
    Vec3 origin, angles;
    std::uint16_t propType = 0, firstLeaf = 0, leafCount = 0;
    std::uint8_t solid = 0, flags = 0;
    std::int32_t skin = 0;
    float fadeMinDist = 0, fadeMaxDist = 0;
    Vec3 lightingOrigin;
    Bytes raw;
    friend bool operator==(const StaticProp&, const StaticProp&) = default;
};

struct StaticProps {
    std::vector<std::string> names;  // model dictionary (128-byte fields, text before the NUL)
    std::vector<std::uint16_t> leaves;
    std::size_t recordSize = 0;      // bytes per prop, picked from the remaining length (spec table)
    std::vector<StaticProp> props;
};

struct GameLump {
    std::uint32_t id = 0;  // FourCC as an int: 'sprp' = 0x73707270
    std::uint16_t flags = 0, version = 0;
    std::int32_t fileOfs = 0, fileLen = 0;  // as stored (fileOfs absolute)
    bool compressed = false;
    Bytes data;  // decoded
    [[nodiscard]] std::string idText() const;  // "sprp"
};

constexpr std::uint32_t fourCC(char a, char b, char c, char d) {
    return (static_cast<std::uint32_t>(static_cast<unsigned char>(a)) << 24) |
           (static_cast<std::uint32_t>(static_cast<unsigned char>(b)) << 16) |
           (static_cast<std::uint32_t>(static_cast<unsigned char>(c)) << 8) | static_cast<unsigned char>(d);
}
constexpr std::uint32_t kGameLumpStaticProps = fourCC('s', 'p', 'r', 'p');
constexpr std::uint32_t kGameLumpDetailProps = fourCC('d', 'p', 'r', 'p');

struct Bsp {
    std::int32_t version = 20;
    std::int32_t mapRevision = 0;
    std::array<RawLump, kLumpCount> lumps{};  // every lump, decoded; typed arrays below win when writing

    std::vector<Entity> entities;
    std::vector<Plane> planes;
    std::vector<TexData> texData;
    std::vector<Vec3> vertexes;
    std::vector<Node> nodes;
    std::vector<TexInfo> texInfo;
    std::vector<Face> faces, facesHdr, origFaces;
    Bytes lighting, lightingHdr;  // ColorRGBExp32 samples, raw
    std::vector<Leaf> leafs;
    std::vector<Edge> edges;
    std::vector<std::int32_t> surfEdges;
    std::vector<Model> models;
    std::vector<WorldLight> worldLights, worldLightsHdr;
    std::vector<std::uint16_t> leafFaces, leafBrushes;
    std::vector<Brush> brushes;
    std::vector<BrushSide> brushSides;
    std::vector<Area> areas;
    std::vector<DispInfo> dispInfos;
    std::vector<DispVert> dispVerts;
    std::vector<std::uint16_t> dispTris;
    std::vector<LeafWaterData> leafWaterData;
    std::vector<Primitive> primitives;
    std::vector<Vec3> primVerts;
    std::vector<std::uint16_t> primIndices;
    std::vector<CubemapSample> cubemaps;
    Bytes texDataStringData;
    std::vector<std::int32_t> texDataStringTable;
    std::vector<Overlay> overlays;
    std::vector<GameLump> gameLumps;
    std::optional<StaticProps> staticProps;  // decoded 'sprp', when present
    std::vector<PakEntry> pakEntries;        // listing of the PAKFILE zip

    // The material name of a texdata entry (already validated by the reader).
    [[nodiscard]] std::string_view textureName(std::size_t texDataIndex) const;
    // Σ over faces of (numEdges - 2), as vbspinfo prints it.
    [[nodiscard]] std::uint64_t totalTriangleCount() const;
    // Vertex index of surfedge i (already validated).
    [[nodiscard]] std::uint16_t surfEdgeVertex(std::size_t surfEdgeIndex) const;
};

struct ReadOptions {
    bool parseEntities = true;
};

// Reads and validates a whole map. Errors: bsp.truncated, bsp.bad_magic, bsp.unsupported_version,
// bsp.lump_range, bsp.lump_size, bsp.limit, bsp.index, bsp.lzma, bsp.gamelump, bsp.static_props,
// bsp.pakfile, bsp.strings, bsp.entities; each names the lump and the absolute offset.
[[nodiscard]] Result<Bsp> readBsp(ByteView file, const ReadOptions& options = {});

struct WriteOptions {
    bool compressLumps = false;  // LZMA-compress the lumps Valve compresses (not PAKFILE/GAME_LUMP)
    bool compressGameLumps = false;
};
// Serialises the typed arrays (unparsed lumps from `lumps[i].data`). Lumps are laid out in index order,
// 4-byte aligned, after the header.
[[nodiscard]] Result<Bytes> writeBsp(const Bsp& bsp, const WriteOptions& options = {});

}  // namespace vestige::source::bsp
