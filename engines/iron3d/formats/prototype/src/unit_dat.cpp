#include "vestige/iron3d/prototype/unit_dat.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "vestige/iron3d/prototype/names.hpp"

namespace vestige::iron3d::prototype {
namespace {

Error sizeError(std::size_t size) {
    return Error::atField("unit_dat.bad_size", "a unit DAT must be 8 + n x 112 bytes", "file_size", 0)
        .expected("8 + n x 112 bytes")
        .actual(fmt::format("{} bytes", size));
}

void encodeRecord(ByteWriter& w, const UnitRecord& r) {
    w.fixedString(r.archive);
    w.fixedString(r.resource);
    w.u32(r.kind);
    w.i32(r.parentOrLink);
    w.fixedString(r.description);
    w.u32(r.tail0);
    w.u32(r.tail1);
}

}  // namespace

std::string_view UnitRecord::archiveName() const { return fieldText(archive); }
std::string_view UnitRecord::resourceName() const { return fieldText(resource); }

Result<UnitDat> readUnitDat(ByteView bytes) {
    if (bytes.size() < kUnitHeaderSize || (bytes.size() - kUnitHeaderSize) % kUnitRecordSize != 0)
        return sizeError(bytes.size());
    if (bytes[0] != 0xF1 || bytes[1] != 0xF0)
        return Error::atField("unit_dat.bad_magic", "a unit DAT starts with the bytes F1 F0", "header", 0)
            .expected("F1 F0")
            .actual(hexBytes(bytes.first(2)));
    UnitDat dat;
    std::copy(bytes.begin(), bytes.begin() + kUnitHeaderSize, dat.header.begin());
    ByteReader r(bytes);
    VESTIGE_CHECK(r.skip(kUnitHeaderSize));
    const std::size_t n = (bytes.size() - kUnitHeaderSize) / kUnitRecordSize;
    dat.records.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        UnitRecord rec;
        std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(r.position()), kUnitRecordSize, rec.raw.begin());
        auto fields = [&]() -> Status {
            VESTIGE_TRY(rec.archive, r.fixedString(32, "archive_name"));
            VESTIGE_TRY(rec.resource, r.fixedString(32, "resource_name"));
            VESTIGE_TRY(rec.kind, r.u32("kind"));
            VESTIGE_TRY(rec.parentOrLink, r.i32("parent_or_link"));
            VESTIGE_TRY(rec.description, r.fixedString(32, "description"));
            VESTIGE_TRY(rec.tail0, r.u32("tail0"));
            VESTIGE_TRY(rec.tail1, r.u32("tail1"));
            return {};
        };
        VESTIGE_CHECK(fields().record(i));
        dat.records.push_back(std::move(rec));
    }
    VESTIGE_CHECK(r.expectEnd("unit DAT"));
    return dat;
}

Result<UnitBinding> readUnitBinding(ByteView bytes) {
    if (bytes.size() < kBindingMinSize)
        return Error::atField("unit_dat.bad_size", "a unit binding is at least 0x48 bytes", "file_size", 0)
            .expected("at least 72 bytes")
            .actual(fmt::format("{} bytes", bytes.size()));
    ByteReader r(bytes);
    VESTIGE_TRY(const std::uint32_t magic, r.u32("magic"));
    if (magic != kBindingMagic)
        return Error::atField("unit_dat.bad_magic", "a unit binding starts with the u32 0x0000F0F1", "magic", 0)
            .expected("0x0000F0F1")
            .actual(hex(magic));
    UnitBinding b;
    VESTIGE_TRY(b.flags, r.u32("flags"));
    VESTIGE_TRY(b.archive, r.fixedString(32, "archive"));
    VESTIGE_TRY(b.model, r.fixedString(32, "model"));
    if (fieldText(b.archive).empty() || fieldText(b.model).empty())
        return Error::atField("unit_dat.empty_name", "a unit binding names both an archive and a model",
                              fieldText(b.archive).empty() ? "archive" : "model",
                              fieldText(b.archive).empty() ? 0x08 : 0x28);
    const ByteView rest = r.rest();
    b.tail.assign(rest.begin(), rest.end());
    return b;
}

Result<UnitFile> readUnitFile(ByteView bytes) {
    UnitFile f;
    if (bytes.size() >= kUnitHeaderSize && (bytes.size() - kUnitHeaderSize) % kUnitRecordSize == 0) {
        VESTIGE_TRY(f.dat, readUnitDat(bytes));
        return f;
    }
    auto binding = readUnitBinding(bytes);
    if (!binding)
        return sizeError(bytes.size())
            .expected("8 + n x 112 bytes (record layout) or a binding layout (" + binding.error().message() + ")");
    f.layout = UnitLayout::Binding;
    f.binding = std::move(*binding);
    return f;
}

Bytes writeUnitDat(const UnitDat& dat) {
    ByteWriter w;
    w.bytes(dat.header);
    for (const auto& rec : dat.records) encodeRecord(w, rec);
    return w.take();
}

Bytes writeUnitBinding(const UnitBinding& b) {
    ByteWriter w;
    w.u32(kBindingMagic);
    w.u32(b.flags);
    w.fixedString(b.archive);
    w.fixedString(b.model);
    w.bytes(b.tail);
    return w.take();
}

Bytes writeUnitFile(const UnitFile& file) {
    return file.layout == UnitLayout::Binding && file.binding ? writeUnitBinding(*file.binding)
                                                              : writeUnitDat(file.dat);
}

Result<UnitDat> makeUnitDat(const std::vector<UnitComponent>& components, std::uint32_t classWord) {
    UnitDat dat;
    for (int k = 0; k < 4; ++k) dat.header[4 + k] = static_cast<std::uint8_t>(classWord >> (8 * k));
    for (std::size_t i = 0; i < components.size(); ++i) {
        const auto& c = components[i];
        UnitRecord rec;
        auto fill = [&]() -> Status {
            VESTIGE_TRY(rec.archive, makeNameField(c.archive, "archive_name", false));
            VESTIGE_TRY(rec.resource, makeNameField(c.resource, "resource_name", false));
            VESTIGE_TRY(rec.description, makeNameField(c.description, "description", true));
            return {};
        };
        VESTIGE_CHECK(fill().record(i));
        rec.kind = c.kind;
        rec.parentOrLink = c.parentOrLink;
        ByteWriter w;
        encodeRecord(w, rec);
        std::copy(w.data().begin(), w.data().end(), rec.raw.begin());
        dat.records.push_back(std::move(rec));
    }
    return dat;
}

}  // namespace vestige::iron3d::prototype
