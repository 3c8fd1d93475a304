#pragma once
// Source studio model header file (.mdl, studiohdr_t versions 44-49): structure, reader and writer.
//
// Three layers: `Mdl::raw` keeps every byte of the file; the structs below are the validated fields of every
// table the reader walks (each with its absolute offset, names resolved); `view.hpp` interprets them together
// with the .vvd and .vtx siblings. The writer re-encodes every decoded field at its recorded offset over the
// kept bytes, so write(read(x)) == x and edits of fixed-size fields land in place. Layout changes (more bones,
// longer names) go through the builder (builder.hpp), which lays a file out from scratch.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::mdl {

constexpr std::uint32_t kMdlIdent = 0x54534449;  // "IDST"
constexpr std::int32_t kMinVersion = 44;
constexpr std::int32_t kMaxVersion = 49;

constexpr std::size_t kHeaderSize = 408;
constexpr std::size_t kHeader2Size = 256;
constexpr std::size_t kBoneSize = 216;
constexpr std::size_t kBodyPartSize = 16;
constexpr std::size_t kModelSize = 148;
constexpr std::size_t kMeshSize = 116;
constexpr std::size_t kTextureSize = 64;
constexpr std::size_t kAttachmentSize = 92;
constexpr std::size_t kHitboxSetSize = 12;
constexpr std::size_t kHitboxSize = 68;
constexpr std::size_t kAnimDescSize = 100;
constexpr std::size_t kSeqDescSize = 212;
constexpr std::size_t kIncludeModelSize = 8;

// studiohdr_t field by field (offsets in mdl_reader.cpp's picture).
struct Header {
    std::uint32_t id = kMdlIdent;
    std::int32_t version = 48;
    std::int32_t checksum = 0;
    std::array<std::uint8_t, 64> name{};
    std::int32_t length = 0;
    Vec3 eyePosition, illumPosition, hullMin, hullMax, viewBbMin, viewBbMax;
    std::int32_t flags = 0;
    std::int32_t numBones = 0, boneIndex = 0;
    std::int32_t numBoneControllers = 0, boneControllerIndex = 0;
    std::int32_t numHitboxSets = 0, hitboxSetIndex = 0;
    std::int32_t numLocalAnim = 0, localAnimIndex = 0;
    std::int32_t numLocalSeq = 0, localSeqIndex = 0;
    std::int32_t activityListVersion = 0, eventsIndexed = 0;
    std::int32_t numTextures = 0, textureIndex = 0;
    std::int32_t numCdTextures = 0, cdTextureIndex = 0;
    std::int32_t numSkinRef = 0, numSkinFamilies = 0, skinIndex = 0;
    std::int32_t numBodyParts = 0, bodyPartIndex = 0;
    std::int32_t numLocalAttachments = 0, localAttachmentIndex = 0;
    std::int32_t numLocalNodes = 0, localNodeIndex = 0, localNodeNameIndex = 0;
    std::int32_t numFlexDesc = 0, flexDescIndex = 0;
    std::int32_t numFlexControllers = 0, flexControllerIndex = 0;
    std::int32_t numFlexRules = 0, flexRuleIndex = 0;
    std::int32_t numIkChains = 0, ikChainIndex = 0;
    std::int32_t numMouths = 0, mouthIndex = 0;
    std::int32_t numLocalPoseParameters = 0, localPoseParamIndex = 0;
    std::int32_t surfacePropIndex = 0;
    std::int32_t keyValueIndex = 0, keyValueSize = 0;
    std::int32_t numLocalIkAutoplayLocks = 0, localIkAutoplayLockIndex = 0;
    float mass = 0;
    std::int32_t contents = 0;
    std::int32_t numIncludeModels = 0, includeModelIndex = 0;
    std::int32_t virtualModel = 0;  // runtime pointer slot, kept
    std::int32_t animBlockNameIndex = 0;
    std::int32_t numAnimBlocks = 0, animBlockIndex = 0;
    std::int32_t animBlockModel = 0;  // runtime pointer slot, kept
    std::int32_t boneTableByNameIndex = 0;
    std::int32_t vertexBase = 0, indexBase = 0;  // runtime pointer slots, kept
    std::uint8_t constDirectionalLightDot = 0, rootLod = 0, numAllowedRootLods = 0, unused0 = 0;
    std::int32_t unused1 = 0;
    std::int32_t numFlexControllerUi = 0, flexControllerUiIndex = 0;
    float vertAnimFixedPointScale = 0;
    std::int32_t unused2 = 0;
    std::int32_t studioHdr2Index = 0;
    std::int32_t unused3 = 0;
};

// studiohdr2_t (256 bytes at studioHdr2Index; offsets inside it are relative to it).
struct Header2 {
    std::uint64_t offset = 0;
    std::int32_t numSrcBoneTransform = 0, srcBoneTransformIndex = 0;
    std::int32_t illumPositionAttachmentIndex = 0;
    float maxEyeDeflection = 0;
    std::int32_t linearBoneIndex = 0;
    std::int32_t nameIndex = 0;
    std::int32_t boneFlexDriverCount = 0, boneFlexDriverIndex = 0;
    std::array<std::uint8_t, 224> reserved{};
    std::string name;
};

struct Bone {
    std::uint64_t offset = 0;
    std::int32_t nameIndex = 0;
    std::int32_t parent = -1;
    std::array<std::int32_t, 6> boneController{};
    Vec3 pos;
    Quat quat;  // x, y, z, w as stored
    Vec3 rot;   // RadianEuler
    Vec3 posScale, rotScale;
    std::array<float, 12> poseToBone{};  // 3x4, row-major as stored (row r = m[r*4 .. r*4+3])
    Quat alignment;
    std::int32_t flags = 0, procType = 0, procIndex = 0, physicsBone = 0, surfacePropIndex = 0, contents = 0;
    std::array<std::uint8_t, 32> unused{};
    std::string name, surfaceProp;
};

struct Mesh {
    std::uint64_t offset = 0;
    std::int32_t material = 0, modelIndex = 0, numVertices = 0, vertexOffset = 0;
    std::int32_t numFlexes = 0, flexIndex = 0, materialType = 0, materialParam = 0, meshId = 0;
    Vec3 center;
    std::int32_t vertexDataPointer = 0;
    std::array<std::int32_t, 8> numLodVertexes{};
    std::array<std::uint8_t, 32> unused{};
};

struct Model {
    std::uint64_t offset = 0;
    std::array<std::uint8_t, 64> name{};
    std::int32_t type = 0;
    float boundingRadius = 0;
    std::int32_t numMeshes = 0, meshIndex = 0, numVertices = 0, vertexIndex = 0, tangentsIndex = 0;
    std::int32_t numAttachments = 0, attachmentIndex = 0, numEyeballs = 0, eyeballIndex = 0;
    std::array<std::int32_t, 2> vertexDataPointers{};
    std::array<std::uint8_t, 32> unused{};
    std::vector<Mesh> meshes;
    [[nodiscard]] std::string nameText() const;
};

struct BodyPart {
    std::uint64_t offset = 0;
    std::int32_t nameIndex = 0, numModels = 0, base = 0, modelIndex = 0;
    std::string name;
    std::vector<Model> models;
};

struct Texture {
    std::uint64_t offset = 0;
    std::int32_t nameIndex = 0, flags = 0, used = 0, unused1 = 0;
    std::array<std::int32_t, 2> materialPointers{};
    std::array<std::uint8_t, 40> unused{};
    std::string name;
};

struct Attachment {
    std::uint64_t offset = 0;
    std::int32_t nameIndex = 0, flags = 0, localBone = 0;
    std::array<float, 12> local{};
    std::array<std::uint8_t, 32> unused{};
    std::string name;
};

struct Hitbox {
    std::uint64_t offset = 0;
    std::int32_t bone = 0, group = 0;
    Vec3 bbMin, bbMax;
    std::int32_t nameIndex = 0;
    std::array<std::uint8_t, 32> unused{};
    std::string name;
};

struct HitboxSet {
    std::uint64_t offset = 0;
    std::int32_t nameIndex = 0, numHitboxes = 0, hitboxIndex = 0;
    std::string name;
    std::vector<Hitbox> hitboxes;
};

// mstudioanimdesc_t; frame data is decoded by nothing yet (docs/mdl.md, animation is a stretch goal).
struct AnimDesc {
    std::uint64_t offset = 0;
    std::int32_t basePtr = 0, nameIndex = 0;
    float fps = 0;
    std::int32_t flags = 0, numFrames = 0, numMovements = 0, movementIndex = 0;
    std::array<std::int32_t, 6> unusedA{};
    std::int32_t animBlock = 0, animIndex = 0, numIkRules = 0, ikRuleIndex = 0, animBlockIkRuleIndex = 0;
    std::int32_t numLocalHierarchy = 0, localHierarchyIndex = 0, sectionIndex = 0, sectionFrames = 0;
    std::int16_t zeroFrameSpan = 0, zeroFrameCount = 0;
    std::int32_t zeroFrameIndex = 0;
    float zeroFrameStallTime = 0;
    std::string name;
};

struct SeqDesc {
    std::uint64_t offset = 0;
    std::int32_t basePtr = 0, labelIndex = 0, activityNameIndex = 0, flags = 0, activity = 0, actWeight = 0;
    std::int32_t numEvents = 0, eventIndex = 0;
    Vec3 bbMin, bbMax;
    std::int32_t numBlends = 0, animIndexIndex = 0, movementIndex = 0;
    std::array<std::int32_t, 2> groupSize{}, paramIndex{};
    std::array<float, 2> paramStart{}, paramEnd{};
    std::int32_t paramParent = 0;
    float fadeInTime = 0, fadeOutTime = 0;
    std::int32_t localEntryNode = 0, localExitNode = 0, nodeFlags = 0;
    float entryPhase = 0, exitPhase = 0, lastFrame = 0;
    std::int32_t nextSeq = 0, pose = 0, numIkRules = 0, numAutoLayers = 0, autoLayerIndex = 0, weightListIndex = 0;
    std::int32_t poseKeyIndex = 0, numIkLocks = 0, ikLockIndex = 0, keyValueIndex = 0, keyValueSize = 0;
    std::int32_t cyclePoseIndex = 0;
    std::array<std::int32_t, 7> unused{};
    std::string label, activityName;
    std::vector<std::int16_t> animIndices;  // groupSize[1] x groupSize[0] grid of local animation indices
};

struct IncludeModel {
    std::uint64_t offset = 0;
    std::int32_t labelIndex = 0, nameIndex = 0;
    std::string label, name;
};

struct Mdl {
    Bytes raw;  // the whole file as read
    Header header;
    std::optional<Header2> header2;
    std::vector<Bone> bones;
    std::vector<HitboxSet> hitboxSets;
    std::vector<AnimDesc> animations;
    std::vector<SeqDesc> sequences;
    std::vector<Texture> textures;
    std::vector<std::int32_t> cdTextureOffsets;  // absolute offsets of the search-path strings
    std::vector<std::string> cdTextures;
    std::vector<std::vector<std::int16_t>> skinFamilies;  // [numSkinFamilies][numSkinRef] -> texture index
                                                          // (empty when numSkinRef is 0)
    std::vector<BodyPart> bodyParts;
    std::vector<Attachment> attachments;
    std::vector<IncludeModel> includeModels;
    std::string surfaceProp;
    std::string animBlockName;

    [[nodiscard]] std::string nameText() const;  // header.name before the first NUL
};

// Reads and validates a whole .mdl. Errors carry the field and absolute offset (callers add .file()).
[[nodiscard]] Result<Mdl> readMdl(ByteView data);
// Re-encodes every decoded field over `raw`; byte-exact for an unmodified read.
[[nodiscard]] Result<Bytes> writeMdl(const Mdl& mdl);

}  // namespace vestige::source::mdl
