// MDL writer: every decoded struct is re-encoded at the offset it was read from, over a copy of the kept file
// bytes. Bytes no struct claims (strings, vertex data tables, unknown sections, padding) pass through as read.
#include <fmt/format.h>

#include "mdl_fields.hpp"

namespace vestige::source::mdl {

using namespace detail;

Result<Bytes> writeMdl(const Mdl& m) {
    Bytes out = m.raw;
    if (out.size() < kHeaderSize) out.resize(kHeaderSize, 0);
    VESTIGE_CHECK(encodeAt<kHeaderSize>(out, 0, m.header, headerFields, "header"));
    if (m.header2)
        VESTIGE_CHECK(encodeAt<kHeader2Size>(out, m.header2->offset, *m.header2, header2Fields, "studiohdr2"));
    for (const auto& b : m.bones) VESTIGE_CHECK(encodeAt<kBoneSize>(out, b.offset, b, boneFields, "bone"));
    for (const auto& s : m.hitboxSets) {
        VESTIGE_CHECK(encodeAt<kHitboxSetSize>(out, s.offset, s, hitboxSetFields, "hitboxset"));
        for (const auto& b : s.hitboxes) VESTIGE_CHECK(encodeAt<kHitboxSize>(out, b.offset, b, hitboxFields, "hitbox"));
    }
    for (const auto& a : m.animations)
        VESTIGE_CHECK(encodeAt<kAnimDescSize>(out, a.offset, a, animDescFields, "animdesc"));
    for (const auto& s : m.sequences) {
        VESTIGE_CHECK(encodeAt<kSeqDescSize>(out, s.offset, s, seqDescFields, "seqdesc"));
        const std::int64_t grid = static_cast<std::int64_t>(s.offset) + s.animIndexIndex;
        for (std::size_t c = 0; c < s.animIndices.size(); ++c) {
            const std::uint64_t at = static_cast<std::uint64_t>(grid) + c * 2;
            if (grid < 0 || at + 2 > out.size())
                return Error("mdl.write_range", "sequence grid outside the file").at(at);
            out[at] = static_cast<std::uint8_t>(s.animIndices[c]);
            out[at + 1] = static_cast<std::uint8_t>(static_cast<std::uint16_t>(s.animIndices[c]) >> 8);
        }
    }
    for (const auto& t : m.textures) VESTIGE_CHECK(encodeAt<kTextureSize>(out, t.offset, t, textureFields, "texture"));
    for (std::size_t i = 0; i < m.cdTextureOffsets.size(); ++i) {
        const std::uint64_t at = static_cast<std::uint64_t>(m.header.cdTextureIndex) + i * 4;
        if (m.header.cdTextureIndex < 0 || at + 4 > out.size())
            return Error("mdl.write_range", "cdtexture table outside the file").at(at);
        const auto v = static_cast<std::uint32_t>(m.cdTextureOffsets[i]);
        for (int k = 0; k < 4; ++k) out[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
    }
    for (std::size_t f = 0; f < m.skinFamilies.size(); ++f)
        for (std::size_t r = 0; r < m.skinFamilies[f].size(); ++r) {
            const std::uint64_t at =
                static_cast<std::uint64_t>(m.header.skinIndex) + (f * m.skinFamilies[f].size() + r) * 2;
            if (m.header.skinIndex < 0 || at + 2 > out.size())
                return Error("mdl.write_range", "skin table outside the file").at(at);
            const auto v = static_cast<std::uint16_t>(m.skinFamilies[f][r]);
            out[at] = static_cast<std::uint8_t>(v);
            out[at + 1] = static_cast<std::uint8_t>(v >> 8);
        }
    for (const auto& part : m.bodyParts) {
        VESTIGE_CHECK(encodeAt<kBodyPartSize>(out, part.offset, part, bodyPartFields, "bodypart"));
        for (const auto& model : part.models) {
            VESTIGE_CHECK(encodeAt<kModelSize>(out, model.offset, model, modelFields, "model"));
            for (const auto& mesh : model.meshes)
                VESTIGE_CHECK(encodeAt<kMeshSize>(out, mesh.offset, mesh, meshFields, "mesh"));
        }
    }
    for (const auto& a : m.attachments)
        VESTIGE_CHECK(encodeAt<kAttachmentSize>(out, a.offset, a, attachmentFields, "attachment"));
    for (const auto& inc : m.includeModels)
        VESTIGE_CHECK(encodeAt<kIncludeModelSize>(out, inc.offset, inc, includeModelFields, "includemodel"));
    return out;
}

}  // namespace vestige::source::mdl
