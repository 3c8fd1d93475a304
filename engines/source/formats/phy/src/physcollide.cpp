// LUMP_PHYSCOLLIDE and LUMP_PHYSDISP (physcollide.hpp).
#include "vestige/source/phy/physcollide.hpp"

#include <fmt/format.h>

namespace vestige::source::phy {

namespace {
constexpr std::uint16_t kNoDispCollision = 0xFFFF;
}

Result<PhysCollideLump> readPhysCollide(ByteView lump, std::uint64_t baseOffset) {
    ByteReader r(lump, baseOffset);
    PhysCollideLump out;
    for (std::uint64_t record = 0;; ++record) {
        if (r.atEnd())
            return Error::atField("phy.physcollide_end", "PHYSCOLLIDE ends without its -1 model record", "model_index",
                                  r.absolute())
                .record(record);
        const std::uint64_t at = r.absolute();
        VESTIGE_TRY(std::int32_t modelIndex, std::move(r.i32("model_index")).record(record));
        VESTIGE_TRY(std::int32_t dataSize, std::move(r.i32("data_size")).record(record));
        VESTIGE_TRY(std::int32_t keySize, std::move(r.i32("keydata_size")).record(record));
        VESTIGE_TRY(std::int32_t solidCount, std::move(r.i32("solid_count")).record(record));
        if (modelIndex == -1) {
            out.endDataSize = dataSize;
            out.endKeySize = keySize;
            out.endSolidCount = solidCount;
            out.trailing.assign(r.rest().begin(), r.rest().end());
            return out;
        }
        if (modelIndex < 0 || dataSize < 0 || keySize < 0 ||
            static_cast<std::uint64_t>(dataSize) + static_cast<std::uint64_t>(keySize) > r.remaining())
            return Error::atField("phy.physcollide_record", "PHYSCOLLIDE model record does not fit the lump",
                                  "data_size", at + 4)
                .record(record)
                .expected(fmt::format("model >= 0, data + key sizes <= {}", r.remaining()))
                .actual(fmt::format("model {}, data {}, key {}", modelIndex, dataSize, keySize));
        VESTIGE_TRY(ByteReader data, r.sub(static_cast<std::size_t>(dataSize), "collide_data"));
        VESTIGE_TRY(ByteReader keys, r.sub(static_cast<std::size_t>(keySize), "key_data"));
        PhysModel m;
        m.modelIndex = modelIndex;
        VESTIGE_TRY(m.collide, std::move(readCollide(data.data(), solidCount, data.baseOffset())).record(record));
        if (!m.collide.keyText.empty())
            return Error::atField("phy.physcollide_record", "solids do not fill the record's data size", "data_size",
                                  at + 4)
                .record(record)
                .expected(std::to_string(dataSize - static_cast<std::int32_t>(m.collide.keyText.size())))
                .actual(std::to_string(dataSize));
        m.collide.keyText.assign(keys.data().begin(), keys.data().end());
        out.models.push_back(std::move(m));
    }
}

Result<Bytes> writePhysCollide(const PhysCollideLump& lump) {
    ByteWriter w;
    for (std::size_t i = 0; i < lump.models.size(); ++i) {
        const PhysModel& m = lump.models[i];
        Collide solids{m.collide.solids, {}};
        VESTIGE_TRY(Bytes data, std::move(writeCollide(solids)).record(i));
        w.i32(m.modelIndex);
        w.i32(static_cast<std::int32_t>(data.size()));
        w.i32(static_cast<std::int32_t>(m.collide.keyText.size()));
        w.i32(static_cast<std::int32_t>(m.collide.solids.size()));
        w.bytes(data);
        w.bytes(m.collide.keyText);
    }
    w.i32(-1);
    w.i32(lump.endDataSize);
    w.i32(lump.endKeySize);
    w.i32(lump.endSolidCount);
    w.bytes(lump.trailing);
    return w.take();
}

Result<PhysDispLump> readPhysDisp(ByteView lump, std::uint64_t baseOffset) {
    ByteReader r(lump, baseOffset);
    VESTIGE_TRY(std::uint16_t count, r.u16("displacement_count"));
    VESTIGE_TRY(ByteReader sizes, r.array(count, 2, "sizes"));
    PhysDispLump out;
    for (std::uint16_t i = 0; i < count; ++i) {
        VESTIGE_TRY(std::uint16_t size, sizes.u16("size"));
        if (size == kNoDispCollision) {
            out.displacements.emplace_back();
            continue;
        }
        VESTIGE_TRY(ByteReader blob, std::move(r.sub(size, "displacement_collide")).record(i));
        VESTIGE_TRY(Solid s, std::move(readSolid(blob.data(), blob.baseOffset())).record(i));
        out.displacements.emplace_back(std::move(s));
    }
    VESTIGE_CHECK(r.expectEnd("PHYSDISP"));
    return out;
}

Result<Bytes> writePhysDisp(const PhysDispLump& lump) {
    if (lump.displacements.size() > 0xFFFF) return Error("phy.limit", "more than 65535 displacements");
    ByteWriter head, blobs;
    head.u16(static_cast<std::uint16_t>(lump.displacements.size()));
    for (std::size_t i = 0; i < lump.displacements.size(); ++i) {
        if (!lump.displacements[i]) {
            head.u16(kNoDispCollision);
            continue;
        }
        VESTIGE_TRY(Bytes b, std::move(writeSolid(*lump.displacements[i])).record(i));
        if (b.size() >= kNoDispCollision) return Error("phy.limit", "displacement collide too large").record(i);
        head.u16(static_cast<std::uint16_t>(b.size()));
        blobs.bytes(b);
    }
    head.bytes(blobs.data());
    return head.take();
}

Result<std::optional<PhysCollideLump>> physCollideOf(const bsp::Bsp& map) {
    const auto& l = map.lumps[bsp::kLumpPhysCollide];
    if (l.data.empty()) return std::optional<PhysCollideLump>{};
    VESTIGE_TRY(
        PhysCollideLump lump,
        std::move(readPhysCollide(l.data, static_cast<std::uint64_t>(l.entry.offset))).in("lump", "PHYSCOLLIDE"));
    return std::optional<PhysCollideLump>(std::move(lump));
}

Result<std::optional<PhysDispLump>> physDispOf(const bsp::Bsp& map) {
    const auto& l = map.lumps[bsp::kLumpPhysDisp];
    if (l.data.empty()) return std::optional<PhysDispLump>{};
    VESTIGE_TRY(PhysDispLump lump,
                std::move(readPhysDisp(l.data, static_cast<std::uint64_t>(l.entry.offset))).in("lump", "PHYSDISP"));
    return std::optional<PhysDispLump>(std::move(lump));
}

}  // namespace vestige::source::phy
