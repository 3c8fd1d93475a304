// CTLD effect section: typed records, group references, group tables. Layout: include/vestige/iron3d/ctl/effects.hpp.
#include "vestige/iron3d/ctl/effects.hpp"

#include <fmt/format.h>

#include <cstring>

namespace vestige::iron3d::ctl {
namespace {

bool knownTag(std::uint32_t tag) { return tag == 2 || tag == 5; }

FixedString fixedName(std::string_view text) {
    FixedString f;
    f.raw.assign(kResourceNameSize, 0);
    std::memcpy(f.raw.data(), text.data(), std::min(text.size(), kResourceNameSize - 1));
    f.terminated = true;
    return f;
}

Error damaged(Error e, std::string_view what, std::uint64_t index) {
    return std::move(e.in(std::string(what), std::to_string(index)));
}

Status readRecord(ByteReader& r, EffectSection& out) {
    TypedRecord rec;
    rec.offset = r.absolute();
    VESTIGE_TRY(ByteView header, r.bytes(kTypedHeaderSize, "header"));
    std::memcpy(rec.header.data(), header.data(), kTypedHeaderSize);
    const std::uint32_t count = loadU32(rec.header.data() + kTypedCountOffset);
    VESTIGE_TRY(ByteReader values, r.array(count, 4, "values"));
    rec.values.resize(count);
    for (std::uint32_t i = 0; i < count; ++i) rec.values[i] = loadU32(values.rest().data() + 4 * i);
    VESTIGE_TRY(const std::uint32_t length, r.u32("name_length"));
    if (length != 0) {
        if (length >= r.remaining())
            return Error("ctl.typed_record", "the record's name and its NUL run past the end of the file")
                .field("name")
                .at(r.absolute())
                .expected(fmt::format("{} bytes + NUL", length))
                .actual(fmt::format("{} bytes left", r.remaining()));
        VESTIGE_TRY(ByteView text, r.bytes(length, "name"));
        const std::uint64_t nulAt = r.absolute();
        VESTIGE_TRY(const std::uint8_t nul, r.u8("name_nul"));
        if (nul != 0)
            return Error("ctl.typed_record", "the record's name is not followed by a NUL")
                .field("name_nul")
                .at(nulAt)
                .expected("0")
                .actual(std::to_string(nul));
        rec.name = Bytes(text.begin(), text.end());
    }
    out.records.push_back(std::move(rec));
    return {};
}

GroupRow decodeRow(const std::uint8_t* p, std::uint64_t offset) {
    GroupRow row;
    row.offset = offset;
    for (int i = 0; i < 3; ++i) row.condition[i] = loadU32(p + 4 * i);
    row.type = loadU32(p + 0x0C);
    for (int i = 0; i < 5; ++i) row.args[i] = loadU32(p + 0x10 + 4 * i);
    row.archive.raw.assign(p + 0x24, p + 0x44);
    row.resource.raw.assign(p + 0x44, p + 0x64);
    row.archive.terminated = std::memchr(p + 0x24, 0, kResourceNameSize) != nullptr;
    row.resource.terminated = std::memchr(p + 0x44, 0, kResourceNameSize) != nullptr;
    return row;
}

void stopUnsupported(EffectSection& s, const ByteReader& r, std::string why) {
    s.state = SectionState::Unsupported;
    s.unsupported = std::move(why);
    s.unsupportedAt = r.absolute();
    const ByteView rest = r.rest();
    s.rest.assign(rest.begin(), rest.end());
}

}  // namespace

const char* toString(SectionState s) { return s == SectionState::Parsed ? "parsed" : "unsupported"; }

std::vector<EffectRowRef> effectRows(const EffectSection& section) {
    std::vector<EffectRowRef> out;
    for (std::uint32_t t = 0; t < section.tables.size(); ++t)
        for (std::uint32_t i = 0; i < section.tables[t].rows.size(); ++i)
            if (section.tables[t].rows[i].isEffect()) out.push_back({t, i, &section.tables[t].rows[i]});
    return out;
}

Result<EffectSection> readEffects(const ControlFile& file) {
    VESTIGE_TRY(const std::uint64_t start, rowTableStart(file.s(), file.m()));
    ByteReader r(file.tail, start + kRowSize * file.rows.size());
    EffectSection s;
    if (r.atEnd()) {
        stopUnsupported(s, r, "the file ends after the pose rows: no typed records or group references");
        return s;
    }
    for (std::uint32_t i = 0; i < file.counts[3]; ++i) {
        if (r.remaining() < 4)
            return damaged(Error("ctl.truncated", "the file ends inside the typed records")
                               .field("tag")
                               .at(r.absolute())
                               .expected(fmt::format("{} typed records (counts[3])", file.counts[3]))
                               .actual(fmt::format("{} read", i)),
                           "typed_record", i);
        const std::uint32_t tag = loadU32(r.rest().data());
        if (!knownTag(tag)) {
            stopUnsupported(s, r, fmt::format("typed record {} has tag {} (known layouts: tags 2 and 5)", i, tag));
            return s;
        }
        if (auto st = readRecord(r, s); !st) return damaged(std::move(st).error(), "typed_record", i);
    }
    const std::uint64_t refsAt = r.absolute();
    VESTIGE_TRY(ByteReader refs, r.array(kGroupRefCount, 4, "group_refs"));
    s.groupRefs.emplace();
    for (std::size_t i = 0; i < kGroupRefCount; ++i) {
        const std::uint32_t ref = loadU32(refs.rest().data() + 4 * i);
        if (ref != kNoGroup && ref >= file.counts[4])
            return Error("ctl.group_ref", "an effect-group reference names a table the file does not have")
                .field(fmt::format("group_refs[{}]", i))
                .at(refsAt + 4 * i)
                .expected(fmt::format("0xFFFFFFFF or < {} (counts[4])", file.counts[4]))
                .actual(std::to_string(ref));
        (*s.groupRefs)[i] = ref;
    }
    if ((*s.groupRefs)[0] != kNoGroup) s.initialEffectGroup = (*s.groupRefs)[0];
    for (std::uint32_t t = 0; t < file.counts[4]; ++t) {
        GroupTable table;
        table.offset = r.absolute();
        auto count = r.u32("row_count");
        if (!count) return damaged(std::move(count).error(), "group_table", t);
        auto rows = r.array(*count, kGroupRowSize, "rows");
        if (!rows) return damaged(std::move(rows).error(), "group_table", t);
        table.rows.reserve(*count);
        for (std::uint32_t i = 0; i < *count; ++i)
            table.rows.push_back(
                decodeRow(rows->rest().data() + kGroupRowSize * i, rows->absolute() + kGroupRowSize * i));
        s.tables.push_back(std::move(table));
    }
    if (!r.atEnd()) stopUnsupported(s, r, fmt::format("{} bytes follow the last group table", r.remaining()));
    return s;
}

Result<Bytes> writeEffects(const EffectSection& s) {
    ByteWriter out;
    for (std::size_t i = 0; i < s.records.size(); ++i) {
        std::array<std::uint8_t, kTypedHeaderSize> header = s.records[i].header;
        const auto count = static_cast<std::uint32_t>(s.records[i].values.size());
        for (int b = 0; b < 4; ++b) header[kTypedCountOffset + b] = static_cast<std::uint8_t>(count >> (8 * b));
        out.bytes(header);
        for (std::uint32_t v : s.records[i].values) out.u32(v);
        const auto& name = s.records[i].name;
        out.u32(name ? static_cast<std::uint32_t>(name->size()) : 0u);
        if (name) {
            if (name->empty())
                return Error("ctl.layout", "a present record name must not be empty (length 0 means no name)")
                    .in("typed_record", std::to_string(i))
                    .field("name");
            out.bytes(*name);
            out.u8(0);
        }
    }
    if (s.groupRefs) {
        for (std::uint32_t ref : *s.groupRefs) out.u32(ref);
        for (std::size_t t = 0; t < s.tables.size(); ++t) {
            out.u32(static_cast<std::uint32_t>(s.tables[t].rows.size()));
            for (std::size_t i = 0; i < s.tables[t].rows.size(); ++i) {
                const GroupRow& row = s.tables[t].rows[i];
                if (row.archive.raw.size() != kResourceNameSize || row.resource.raw.size() != kResourceNameSize)
                    return Error("ctl.layout", "group row names are 32-byte fields")
                        .in("group_table", std::to_string(t))
                        .record(i)
                        .field(row.archive.raw.size() != kResourceNameSize ? "archive" : "resource")
                        .expected("32 bytes")
                        .actual(std::to_string(row.archive.raw.size() != kResourceNameSize ? row.archive.raw.size()
                                                                                           : row.resource.raw.size()));
                for (std::uint32_t c : row.condition) out.u32(c);
                out.u32(row.type);
                for (std::uint32_t a : row.args) out.u32(a);
                out.bytes(row.archive.raw);
                out.bytes(row.resource.raw);
            }
        }
    } else if (!s.tables.empty()) {
        return Error("ctl.layout", "group tables need the 21 group references before them").field("group_refs");
    }
    out.bytes(s.rest);
    return out.take();
}

TypedRecord typedRecord(std::uint32_t tag, std::vector<std::uint32_t> values, std::optional<std::string> name) {
    TypedRecord r;
    for (int b = 0; b < 4; ++b) r.header[b] = static_cast<std::uint8_t>(tag >> (8 * b));
    r.values = std::move(values);
    if (name && !name->empty()) r.name = Bytes(name->begin(), name->end());
    return r;
}

GroupRow groupRow(std::uint32_t type, std::string_view archive, std::string_view resource,
                  std::array<std::uint32_t, 5> args, std::array<std::uint32_t, 3> condition) {
    GroupRow row;
    row.type = type;
    row.args = args;
    row.condition = condition;
    row.archive = fixedName(archive);
    row.resource = fixedName(resource);
    return row;
}

EffectSection effectSection(std::vector<TypedRecord> records, std::vector<std::uint32_t> refs,
                            std::vector<GroupTable> tables) {
    EffectSection s;
    s.records = std::move(records);
    s.groupRefs.emplace();
    s.groupRefs->fill(kNoGroup);
    for (std::size_t i = 0; i < refs.size() && i < kGroupRefCount; ++i) (*s.groupRefs)[i] = refs[i];
    if ((*s.groupRefs)[0] != kNoGroup) s.initialEffectGroup = (*s.groupRefs)[0];
    s.tables = std::move(tables);
    return s;
}

}  // namespace vestige::iron3d::ctl
