// MAT0 reader and writer. Layout picture: include/vestige/iron3d/mat0/mat0.hpp.
#include "vestige/iron3d/mat0/mat0.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace vestige::iron3d::mat0 {

std::size_t prefixSize(std::uint32_t version) {
    return version < 2 ? 4 : version == 2 ? 6 : version == 3 ? 10 : 14;
}

std::string_view Phase::texture() const {
    std::string_view s = textureName.text();
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

Result<Material> read(ByteView data, std::uint32_t version, std::uint64_t base) {
    ByteReader r(data, base);
    Material m;
    m.version = version;
    VESTIGE_TRY(const std::uint16_t phaseCount, r.u16("phase_count"));
    VESTIGE_TRY(const std::uint16_t blockCount, r.u16("anim_block_count"));
    if (blockCount > kMaxAnimBlocks)
        return Error("mat0.bad_block_count", "anim_block_count must be below 20")
            .field("anim_block_count")
            .at(base + 2)
            .expected("0..19")
            .actual(std::to_string(blockCount));
    if (version >= 2) {
        VESTIGE_TRY(m.metadataA, r.u8("metadata_a"));
        VESTIGE_TRY(m.metadataB, r.u8("metadata_b"));
    }
    if (version >= 3) {
        VESTIGE_TRY(m.metadataCRaw, r.u32("metadata_c"));
    }
    if (version >= 4) {
        VESTIGE_TRY(m.metadataDRaw, r.u32("metadata_d"));
    }
    // The phase table size is checked against the payload before anything is allocated.
    VESTIGE_TRY(ByteReader phases, r.array(phaseCount, kPhaseSize, "phases"));
    m.phases.resize(phaseCount);
    for (std::uint16_t i = 0; i < phaseCount; ++i) {
        Phase& p = m.phases[i];
        VESTIGE_TRY(ByteView params, phases.bytes(kParameterSize, "phase.parameters"));
        std::copy(params.begin(), params.end(), p.parameters.begin());
        VESTIGE_TRY(p.textureName, phases.fixedString(kTextureNameSize, "phase.texture_name"));
    }
    m.blocks.reserve(blockCount);
    for (std::uint16_t b = 0; b < blockCount; ++b) {
        AnimBlock block;
        auto header = r.u32("block.header");
        if (!header) return std::move(header).error().record(b);
        block.headerRaw = *header;
        auto keyCount = r.u16("block.key_count");
        if (!keyCount) return std::move(keyCount).error().record(b);
        auto keys = r.array(*keyCount, 6, "block.keys");
        if (!keys) return std::move(keys).error().record(b);
        block.keys.resize(*keyCount);
        for (auto& k : block.keys) {
            const auto* p = keys->rest().data();
            k = {loadU16(p), loadU16(p + 2), loadU16(p + 4)};
            VESTIGE_CHECK(keys->skip(6));
        }
        m.blocks.push_back(std::move(block));
    }
    if (!r.atEnd())
        return Error("mat0.trailing", fmt::format("{} byte(s) after the last animation block", r.remaining()))
            .field("end")
            .at(r.absolute())
            .expected("end of payload")
            .actual(fmt::format("{} more byte(s)", r.remaining()));
    return m;
}

Result<Bytes> write(const Material& m) {
    if (m.phases.size() > 0xFFFF) return Error("mat0.bad_phase_count", "more than 65535 phases").field("phase_count");
    if (m.blocks.size() > kMaxAnimBlocks)
        return Error("mat0.bad_block_count", "anim_block_count must be below 20").field("anim_block_count").actual(std::to_string(m.blocks.size()));
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(m.phases.size()));
    w.u16(static_cast<std::uint16_t>(m.blocks.size()));
    if (m.version >= 2) {
        w.u8(m.metadataA);
        w.u8(m.metadataB);
    }
    if (m.version >= 3) w.u32(m.metadataCRaw);
    if (m.version >= 4) w.u32(m.metadataDRaw);
    for (std::size_t i = 0; i < m.phases.size(); ++i) {
        const Phase& p = m.phases[i];
        if (p.textureName.raw.size() != kTextureNameSize)
            return Error("mat0.bad_texture_name", "texture name field must be 16 bytes").record(i).field("texture_name");
        w.bytes(p.parameters);
        w.bytes(p.textureName.raw);
    }
    for (std::size_t b = 0; b < m.blocks.size(); ++b) {
        const AnimBlock& block = m.blocks[b];
        if (block.keys.size() > 0xFFFF) return Error("mat0.bad_key_count", "more than 65535 keys").record(b).field("key_count");
        w.u32(block.headerRaw);
        w.u16(static_cast<std::uint16_t>(block.keys.size()));
        for (const auto& k : block.keys) {
            w.u16(k.k0);
            w.u16(k.k1);
            w.u16(k.k2);
        }
    }
    return w.take();
}

Result<Phase> makePhase(std::string_view texture, std::array<std::uint8_t, kParameterSize> parameters) {
    if (texture.size() > kTextureNameSize || texture.find('\0') != std::string_view::npos)
        return Error("mat0.bad_texture_name", "a texture name is at most 16 bytes without NUL").field("texture_name").actual(std::string(texture));
    Phase p;
    p.parameters = parameters;
    p.textureName.raw.assign(kTextureNameSize, 0);
    std::copy(texture.begin(), texture.end(), p.textureName.raw.begin());
    p.textureName.terminated = texture.size() < kTextureNameSize;
    return p;
}

}  // namespace vestige::iron3d::mat0
