// NRes lossless editor: segment model of the data region.
//
//   original:  [hdr][P0][E2][P1][E0][E1][P2][dir]     P = preserved bytes (gap, padding, unindexed)
//   rebuilt:   [hdr][P0][E2'][P1][E0][E1][P2][new entries, 8-aligned][dir']
//
// Segments keep their original order; an entry's payload is written where the entry was. Offsets,
// sizes, the count and total_size are recomputed; the sort table only when a name was added, removed or
// renamed (equal names may be listed in either order, and an edit of payloads keeps the file's own order).
#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::nres {

Editor::Editor(const Archive& archive) : mOriginal(archive.bytes()) {
    mFold = archive.sortTableValid() ? archive.sortFold() : SortFold::Lower;
    const auto& entries = archive.entries();
    mSlots.reserve(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto payload = archive.payload(i);
        mSlots.push_back({entries[i], Bytes(payload.begin(), payload.end()), false, false});
        mOrder.push_back(i);
    }
    // Walk the data region by offset (ties in directory order) and cut it into segments.
    std::vector<std::size_t> byOffset(entries.size());
    std::iota(byOffset.begin(), byOffset.end(), std::size_t{0});
    std::stable_sort(byOffset.begin(), byOffset.end(),
                     [&](std::size_t a, std::size_t b) { return entries[a].dataOffset < entries[b].dataOffset; });
    const ByteView bytes(mOriginal);
    std::uint64_t cursor = kHeaderSize;
    for (std::size_t idx : byOffset) {
        const auto& e = entries[idx];
        if (e.dataOffset > cursor) {
            mSegments.push_back({false, 0, Bytes(bytes.begin() + cursor, bytes.begin() + e.dataOffset)});
            cursor = e.dataOffset;
        }
        mSegments.push_back({true, idx, {}});
        cursor = std::max<std::uint64_t>(cursor, static_cast<std::uint64_t>(e.dataOffset) + e.size);
    }
    if (archive.directoryOffset() > cursor)
        mSegments.push_back(
            {false, 0,
             Bytes(bytes.begin() + cursor, bytes.begin() + static_cast<std::ptrdiff_t>(archive.directoryOffset()))});
}

Status Editor::checkIndex(std::size_t index) const {
    if (index >= mOrder.size())
        return Error("nres.no_entry", "entry index out of range")
            .record(index)
            .expected(fmt::format("< {}", mOrder.size()))
            .actual(std::to_string(index));
    return {};
}

std::optional<std::size_t> Editor::find(std::string_view name) const {
    for (std::size_t i = 0; i < mOrder.size(); ++i)
        if (iequals(mSlots[mOrder[i]].meta.name(), name)) return i;
    return std::nullopt;
}

Status Editor::replace(std::size_t index, Bytes data) {
    VESTIGE_CHECK(checkIndex(index));
    if (data.size() > 0xFFFFFFFFull) return Error("nres.too_large", "payload larger than 4 GiB").record(index);
    auto& slot = mSlots[mOrder[index]];
    slot.data = std::move(data);
    slot.meta.size = static_cast<std::uint32_t>(slot.data.size());
    mModified = true;
    return {};
}

Result<std::size_t> Editor::add(const NewEntry& entry) {
    Slot slot;
    slot.meta.type = entry.type;
    slot.meta.attr1 = entry.attr1;
    slot.meta.attr2 = entry.attr2;
    slot.meta.attr3 = entry.attr3;
    if (entry.nameField) {
        if (entry.nameField->raw.size() != kNameSize || entry.nameField->text().empty() ||
            entry.nameField->text().size() == kNameSize)
            return Error("nres.bad_name_field", "a name field must be 36 bytes with a non-empty NUL-terminated name")
                .field("name");
        slot.meta.nameField = *entry.nameField;
    } else {
        VESTIGE_TRY(slot.meta.nameField, makeNameField(entry.name));
    }
    if (entry.data.size() > 0xFFFFFFFFull)
        return Error("nres.too_large", "payload larger than 4 GiB").entry(entry.name);
    slot.data = entry.data;
    slot.meta.size = static_cast<std::uint32_t>(slot.data.size());
    slot.added = true;
    mNamesChanged = true;
    mSlots.push_back(std::move(slot));
    mSegments.push_back({true, mSlots.size() - 1, {}});
    mOrder.push_back(mSlots.size() - 1);
    mModified = true;
    return mOrder.size() - 1;
}

Status Editor::remove(std::size_t index) {
    VESTIGE_CHECK(checkIndex(index));
    mSlots[mOrder[index]].removed = true;
    mOrder.erase(mOrder.begin() + static_cast<std::ptrdiff_t>(index));
    mModified = true;
    mNamesChanged = true;
    return {};
}

Status Editor::rename(std::size_t index, std::string_view name) {
    VESTIGE_CHECK(checkIndex(index));
    VESTIGE_TRY(auto field, makeNameField(name));
    mSlots[mOrder[index]].meta.nameField = std::move(field);
    mModified = true;
    mNamesChanged = true;
    return {};
}

Status Editor::setAttributes(std::size_t index, std::uint32_t type, std::uint32_t attr1, std::uint32_t attr2,
                             std::uint32_t attr3) {
    VESTIGE_CHECK(checkIndex(index));
    auto& m = mSlots[mOrder[index]].meta;
    m.type = type;
    m.attr1 = attr1;
    m.attr2 = attr2;
    m.attr3 = attr3;
    mModified = true;
    return {};
}

Result<Bytes> Editor::write() const {
    if (!mModified) return mOriginal;
    ByteWriter w;
    w.chars("NRes");
    w.u32(kVersion);
    w.u32(static_cast<std::uint32_t>(mOrder.size()));
    w.u32(0);  // total_size patched last
    std::vector<std::uint32_t> offsets(mSlots.size(), 0);
    for (const auto& seg : mSegments) {
        if (!seg.isEntry) {
            w.bytes(seg.bytes);
            continue;
        }
        const auto& slot = mSlots[seg.slot];
        if (slot.removed) continue;
        if (slot.added) w.alignTo(8);
        if (w.size() + slot.data.size() > 0xFFFFFFFFull) return Error("nres.too_large", "archive larger than 4 GiB");
        offsets[seg.slot] = static_cast<std::uint32_t>(w.size());
        w.bytes(slot.data);
        if (slot.added) w.alignTo(8);
    }
    std::vector<std::uint32_t> sortTable;
    if (mNamesChanged) {
        std::vector<std::string_view> names;
        names.reserve(mOrder.size());
        for (auto s : mOrder) names.push_back(mSlots[s].meta.name());
        sortTable = buildSortTable(names, mFold);
    } else {
        for (auto s : mOrder) sortTable.push_back(mSlots[s].meta.sortIndex);
    }
    if (w.size() + mOrder.size() * kEntrySize > 0xFFFFFFFFull)
        return Error("nres.too_large", "archive larger than 4 GiB");
    for (std::size_t i = 0; i < mOrder.size(); ++i) {
        const auto& slot = mSlots[mOrder[i]];
        const auto& m = slot.meta;
        w.u32(m.type);
        w.u32(m.attr1);
        w.u32(m.attr2);
        w.u32(static_cast<std::uint32_t>(slot.data.size()));
        w.u32(m.attr3);
        w.fixedString(m.nameField);
        w.u32(offsets[mOrder[i]]);
        w.u32(sortTable[i]);
    }
    w.patchU32(12, static_cast<std::uint32_t>(w.size()));
    return w.take();
}

Status Editor::save(const std::filesystem::path& path) const {
    VESTIGE_TRY(auto bytes, write());
    return writeFileAtomic(path, bytes);
}

}  // namespace vestige::iron3d::nres
