#pragma once
// Field lists of the MDL structs (one list each, used by both the reader and the writer; see codec.hpp).
#include "codec.hpp"
#include "vestige/source/mdl/mdl.hpp"

namespace vestige::source::mdl::detail {

// clang-format off
inline constexpr auto headerFields = [](auto& c, auto& h) {
    c.u32(h.id); c.i32(h.version); c.i32(h.checksum); c.raw(h.name); c.i32(h.length);
    c.vec3(h.eyePosition); c.vec3(h.illumPosition); c.vec3(h.hullMin); c.vec3(h.hullMax);
    c.vec3(h.viewBbMin); c.vec3(h.viewBbMax); c.i32(h.flags);
    c.i32(h.numBones); c.i32(h.boneIndex); c.i32(h.numBoneControllers); c.i32(h.boneControllerIndex);
    c.i32(h.numHitboxSets); c.i32(h.hitboxSetIndex); c.i32(h.numLocalAnim); c.i32(h.localAnimIndex);
    c.i32(h.numLocalSeq); c.i32(h.localSeqIndex); c.i32(h.activityListVersion); c.i32(h.eventsIndexed);
    c.i32(h.numTextures); c.i32(h.textureIndex); c.i32(h.numCdTextures); c.i32(h.cdTextureIndex);
    c.i32(h.numSkinRef); c.i32(h.numSkinFamilies); c.i32(h.skinIndex); c.i32(h.numBodyParts); c.i32(h.bodyPartIndex);
    c.i32(h.numLocalAttachments); c.i32(h.localAttachmentIndex);
    c.i32(h.numLocalNodes); c.i32(h.localNodeIndex); c.i32(h.localNodeNameIndex);
    c.i32(h.numFlexDesc); c.i32(h.flexDescIndex); c.i32(h.numFlexControllers); c.i32(h.flexControllerIndex);
    c.i32(h.numFlexRules); c.i32(h.flexRuleIndex); c.i32(h.numIkChains); c.i32(h.ikChainIndex);
    c.i32(h.numMouths); c.i32(h.mouthIndex); c.i32(h.numLocalPoseParameters); c.i32(h.localPoseParamIndex);
    c.i32(h.surfacePropIndex); c.i32(h.keyValueIndex); c.i32(h.keyValueSize);
    c.i32(h.numLocalIkAutoplayLocks); c.i32(h.localIkAutoplayLockIndex);
    c.f32(h.mass); c.i32(h.contents); c.i32(h.numIncludeModels); c.i32(h.includeModelIndex);
    c.i32(h.virtualModel); c.i32(h.animBlockNameIndex); c.i32(h.numAnimBlocks); c.i32(h.animBlockIndex);
    c.i32(h.animBlockModel); c.i32(h.boneTableByNameIndex); c.i32(h.vertexBase); c.i32(h.indexBase);
    c.u8(h.constDirectionalLightDot); c.u8(h.rootLod); c.u8(h.numAllowedRootLods); c.u8(h.unused0);
    c.i32(h.unused1); c.i32(h.numFlexControllerUi); c.i32(h.flexControllerUiIndex);
    c.f32(h.vertAnimFixedPointScale); c.i32(h.unused2); c.i32(h.studioHdr2Index); c.i32(h.unused3);
};

inline constexpr auto header2Fields = [](auto& c, auto& h) {
    c.i32(h.numSrcBoneTransform); c.i32(h.srcBoneTransformIndex); c.i32(h.illumPositionAttachmentIndex);
    c.f32(h.maxEyeDeflection); c.i32(h.linearBoneIndex); c.i32(h.nameIndex);
    c.i32(h.boneFlexDriverCount); c.i32(h.boneFlexDriverIndex); c.raw(h.reserved);
};

inline constexpr auto boneFields = [](auto& c, auto& b) {
    c.i32(b.nameIndex); c.i32(b.parent); c.each(b.boneController); c.vec3(b.pos); c.quat(b.quat); c.vec3(b.rot);
    c.vec3(b.posScale); c.vec3(b.rotScale); c.each(b.poseToBone); c.quat(b.alignment); c.i32(b.flags);
    c.i32(b.procType); c.i32(b.procIndex); c.i32(b.physicsBone); c.i32(b.surfacePropIndex); c.i32(b.contents);
    c.raw(b.unused);
};

inline constexpr auto bodyPartFields = [](auto& c, auto& b) {
    c.i32(b.nameIndex); c.i32(b.numModels); c.i32(b.base); c.i32(b.modelIndex);
};

inline constexpr auto modelFields = [](auto& c, auto& m) {
    c.raw(m.name); c.i32(m.type); c.f32(m.boundingRadius); c.i32(m.numMeshes); c.i32(m.meshIndex);
    c.i32(m.numVertices); c.i32(m.vertexIndex); c.i32(m.tangentsIndex); c.i32(m.numAttachments);
    c.i32(m.attachmentIndex); c.i32(m.numEyeballs); c.i32(m.eyeballIndex); c.each(m.vertexDataPointers);
    c.raw(m.unused);
};

inline constexpr auto meshFields = [](auto& c, auto& m) {
    c.i32(m.material); c.i32(m.modelIndex); c.i32(m.numVertices); c.i32(m.vertexOffset); c.i32(m.numFlexes);
    c.i32(m.flexIndex); c.i32(m.materialType); c.i32(m.materialParam); c.i32(m.meshId); c.vec3(m.center);
    c.i32(m.vertexDataPointer); c.each(m.numLodVertexes); c.raw(m.unused);
};

inline constexpr auto textureFields = [](auto& c, auto& t) {
    c.i32(t.nameIndex); c.i32(t.flags); c.i32(t.used); c.i32(t.unused1); c.each(t.materialPointers); c.raw(t.unused);
};

inline constexpr auto attachmentFields = [](auto& c, auto& a) {
    c.i32(a.nameIndex); c.i32(a.flags); c.i32(a.localBone); c.each(a.local); c.raw(a.unused);
};

inline constexpr auto hitboxSetFields = [](auto& c, auto& s) {
    c.i32(s.nameIndex); c.i32(s.numHitboxes); c.i32(s.hitboxIndex);
};

inline constexpr auto hitboxFields = [](auto& c, auto& b) {
    c.i32(b.bone); c.i32(b.group); c.vec3(b.bbMin); c.vec3(b.bbMax); c.i32(b.nameIndex); c.raw(b.unused);
};

inline constexpr auto animDescFields = [](auto& c, auto& a) {
    c.i32(a.basePtr); c.i32(a.nameIndex); c.f32(a.fps); c.i32(a.flags); c.i32(a.numFrames); c.i32(a.numMovements);
    c.i32(a.movementIndex); c.each(a.unusedA); c.i32(a.animBlock); c.i32(a.animIndex); c.i32(a.numIkRules);
    c.i32(a.ikRuleIndex); c.i32(a.animBlockIkRuleIndex); c.i32(a.numLocalHierarchy); c.i32(a.localHierarchyIndex);
    c.i32(a.sectionIndex); c.i32(a.sectionFrames); c.i16(a.zeroFrameSpan); c.i16(a.zeroFrameCount);
    c.i32(a.zeroFrameIndex); c.f32(a.zeroFrameStallTime);
};

inline constexpr auto seqDescFields = [](auto& c, auto& s) {
    c.i32(s.basePtr); c.i32(s.labelIndex); c.i32(s.activityNameIndex); c.i32(s.flags); c.i32(s.activity);
    c.i32(s.actWeight); c.i32(s.numEvents); c.i32(s.eventIndex); c.vec3(s.bbMin); c.vec3(s.bbMax);
    c.i32(s.numBlends); c.i32(s.animIndexIndex); c.i32(s.movementIndex); c.each(s.groupSize); c.each(s.paramIndex);
    c.each(s.paramStart); c.each(s.paramEnd); c.i32(s.paramParent); c.f32(s.fadeInTime); c.f32(s.fadeOutTime);
    c.i32(s.localEntryNode); c.i32(s.localExitNode); c.i32(s.nodeFlags); c.f32(s.entryPhase); c.f32(s.exitPhase);
    c.f32(s.lastFrame); c.i32(s.nextSeq); c.i32(s.pose); c.i32(s.numIkRules); c.i32(s.numAutoLayers);
    c.i32(s.autoLayerIndex); c.i32(s.weightListIndex); c.i32(s.poseKeyIndex); c.i32(s.numIkLocks);
    c.i32(s.ikLockIndex); c.i32(s.keyValueIndex); c.i32(s.keyValueSize); c.i32(s.cyclePoseIndex); c.each(s.unused);
};

inline constexpr auto includeModelFields = [](auto& c, auto& m) { c.i32(m.labelIndex); c.i32(m.nameIndex); };
// clang-format on

}  // namespace vestige::source::mdl::detail
