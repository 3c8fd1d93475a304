#pragma once
// Source optimized model file (.dx90.vtx / .dx80.vtx / .sw.vtx, version 7, packed structs): structure, reader,
// writer. The tree is body parts -> models -> LODs -> meshes -> strip groups -> strips, with each strip group's
// vertex and index arrays decoded.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::mdl {

constexpr std::int32_t kVtxVersion = 7;
constexpr std::size_t kVtxHeaderSize = 36;
constexpr std::size_t kVtxBodyPartSize = 8;
constexpr std::size_t kVtxModelSize = 8;
constexpr std::size_t kVtxLodSize = 12;
constexpr std::size_t kVtxMeshSize = 9;
constexpr std::size_t kVtxStripGroupSize = 25;
constexpr std::size_t kVtxStripSize = 27;
constexpr std::size_t kVtxVertexSize = 9;
constexpr std::size_t kVtxMaterialListSize = 8;
constexpr std::size_t kVtxMaterialReplacementSize = 6;

namespace strip_flag {
constexpr std::uint8_t kTriList = 0x01;
constexpr std::uint8_t kTriStrip = 0x02;
}  // namespace strip_flag

struct VtxHeader {
    std::int32_t version = kVtxVersion;
    std::int32_t vertCacheSize = 24;
    std::uint16_t maxBonesPerStrip = 53, maxBonesPerTri = 9;
    std::int32_t maxBonesPerVert = 3;
    std::int32_t checksum = 0;
    std::int32_t numLods = 0;
    std::int32_t materialReplacementListOffset = 0;
    std::int32_t numBodyParts = 0, bodyPartOffset = 0;
};

struct VtxVertex {
    std::array<std::uint8_t, 3> boneWeightIndex{};
    std::uint8_t numBones = 0;
    std::uint16_t origMeshVertId = 0;
    std::array<std::int8_t, 3> boneId{};
};

struct VtxStrip {
    std::uint64_t offset = 0;
    std::int32_t numIndices = 0, indexOffset = 0, numVerts = 0, vertOffset = 0;
    std::int16_t numBones = 0;
    std::uint8_t flags = 0;
    std::int32_t numBoneStateChanges = 0, boneStateChangeOffset = 0;
};

struct VtxStripGroup {
    std::uint64_t offset = 0;
    std::int32_t numVerts = 0, vertOffset = 0, numIndices = 0, indexOffset = 0, numStrips = 0, stripOffset = 0;
    std::uint8_t flags = 0;
    std::vector<VtxVertex> vertices;
    std::vector<std::uint16_t> indices;  // index into `vertices`
    std::vector<VtxStrip> strips;
};

struct VtxMesh {
    std::uint64_t offset = 0;
    std::int32_t numStripGroups = 0, stripGroupOffset = 0;
    std::uint8_t flags = 0;
    std::vector<VtxStripGroup> stripGroups;
};

struct VtxLod {
    std::uint64_t offset = 0;
    std::int32_t numMeshes = 0, meshOffset = 0;
    float switchPoint = 0;
    std::vector<VtxMesh> meshes;
};

struct VtxModel {
    std::uint64_t offset = 0;
    std::int32_t numLods = 0, lodOffset = 0;
    std::vector<VtxLod> lods;
};

struct VtxBodyPart {
    std::uint64_t offset = 0;
    std::int32_t numModels = 0, modelOffset = 0;
    std::vector<VtxModel> models;
};

struct VtxMaterialReplacement {
    std::uint64_t offset = 0;
    std::int16_t materialId = 0;
    std::int32_t nameOffset = 0;
    std::string name;
};

struct VtxMaterialReplacementList {
    std::uint64_t offset = 0;
    std::int32_t numReplacements = 0, replacementOffset = 0;
    std::vector<VtxMaterialReplacement> replacements;
};

struct Vtx {
    Bytes raw;
    VtxHeader header;
    std::vector<VtxBodyPart> bodyParts;
    std::vector<VtxMaterialReplacementList> materialReplacements;  // one per LOD when the offset is non-zero
};

[[nodiscard]] Result<Vtx> readVtx(ByteView data);
[[nodiscard]] Result<Bytes> writeVtx(const Vtx& vtx);

}  // namespace vestige::source::mdl
