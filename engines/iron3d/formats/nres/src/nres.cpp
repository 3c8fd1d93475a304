// NRes reader and canonical writer.
//
//   0x00 +------------------------+
//        | "NRes" | u32 version   |  version = 0x100
//        | i32 entry_count        |
//        | u32 total_size         |  = file length
//   0x10 +------------------------+
//        | payloads, padding,     |
//        | gaps, unindexed bytes  |
//        +------------------------+  dir_offset = total_size - 64 * entry_count
//        | entry_count x 64 bytes |  +0x00 type  +0x04 attr1  +0x08 attr2  +0x0C size  +0x10 attr3
//        | directory              |  +0x14 name[36]  +0x38 data_offset  +0x3C sort_index
//        +------------------------+
#include "vestige/iron3d/nres/nres.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::nres {
namespace {

constexpr std::uint8_t kMagic[4] = {'N', 'R', 'e', 's'};
constexpr std::size_t kOffType = 0x00, kOffAttr1 = 0x04, kOffAttr2 = 0x08, kOffSize = 0x0C, kOffAttr3 = 0x10,
                      kOffName = 0x14, kOffData = 0x38, kOffSort = 0x3C;

Error fail(const char* code, std::string message, const char* field, std::uint64_t at) {
    return Error::atField(code, std::move(message), field, at);
}

Error failEntry(const char* code, std::string message, const char* field, std::uint64_t at, std::size_t index,
                std::string_view name) {
    return std::move(Error::atField(code, std::move(message), field, at).recordNamed(index, name));
}

bool sortedUnder(const std::vector<Entry>& entries, SortFold fold, std::size_t& badPosition) {
    for (std::size_t p = 1; p < entries.size(); ++p) {
        const auto& prev = entries[entries[p - 1].sortIndex];
        const auto& cur = entries[entries[p].sortIndex];
        if (compareNames(prev.name(), cur.name(), fold) > 0) {
            badPosition = p;
            return false;
        }
    }
    return true;
}

}  // namespace

int compareNames(std::string_view a, std::string_view b, SortFold fold) {
    return fold == SortFold::Lower ? icompareLower(a, b) : icompareUpper(a, b);
}

std::vector<std::uint32_t> buildSortTable(std::span<const std::string_view> names, SortFold fold) {
    std::vector<std::uint32_t> order(names.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return compareNames(names[a], names[b], fold) < 0; });
    return order;
}

Result<FixedString> makeNameField(std::string_view name) {
    if (name.empty()) return Error("nres.empty_name", "an entry name must not be empty").field("name");
    if (name.find('\0') != std::string_view::npos)
        return Error("nres.name_nul", "an entry name must not contain a NUL byte").field("name");
    if (name.size() > kNameSize - 1)
        return Error("nres.name_too_long", "an entry name holds at most 35 bytes")
            .field("name")
            .expected("<= 35 bytes")
            .actual(std::to_string(name.size()));
    FixedString f;
    f.raw.assign(kNameSize, 0);
    std::copy(name.begin(), name.end(), f.raw.begin());
    f.terminated = true;
    return f;
}

std::string typeLabel(std::uint32_t type) {
    std::string s;
    for (int i = 0; i < 4; ++i) {
        const auto c = static_cast<char>((type >> (8 * i)) & 0xFF);
        if (c < 0x20 || c > 0x7E) return std::to_string(type);
        s += c;
    }
    return s;
}

Result<Archive> Archive::read(Bytes data, Profile profile) { return read(std::move(data), profile, Limits{}); }

Result<Archive> Archive::read(Bytes data, Profile profile, const Limits& limits) {
    const std::uint64_t fileSize = data.size();
    if (fileSize > limits.maxInput)
        return fail("nres.limit", "archive larger than the input limit", "total_size", 0)
            .expected(fmt::format("<= {} bytes", limits.maxInput))
            .actual(std::to_string(fileSize));
    if (fileSize < kHeaderSize)
        return fail("nres.truncated", "file shorter than the 16-byte NRes header", "header", 0)
            .expected("16 bytes")
            .actual(std::to_string(fileSize));
    const std::uint8_t* p = data.data();
    if (!std::equal(kMagic, kMagic + 4, p))
        return fail("nres.bad_magic", "not an NRes archive", "magic", 0)
            .expected("4E 52 65 73")
            .actual(hexBytes({p, 4}));
    const std::uint32_t version = loadU32(p + 4);
    if (version != kVersion)
        return fail("nres.bad_version", "unsupported NRes version", "version", 4)
            .expected("0x100")
            .actual(hex(version));
    const auto count = static_cast<std::int32_t>(loadU32(p + 8));
    if (count < 0)
        return fail("nres.negative_count", "negative entry count", "entry_count", 8)
            .expected(">= 0")
            .actual(std::to_string(count));
    const std::uint32_t totalSize = loadU32(p + 12);
    if (totalSize != fileSize)
        return fail("nres.size_mismatch", "total_size differs from the file length", "total_size", 12)
            .expected(std::to_string(fileSize))
            .actual(std::to_string(totalSize));
    std::uint64_t dirSize = 0;
    if (!checkedMul(static_cast<std::uint64_t>(count), kEntrySize, dirSize) || dirSize > totalSize - kHeaderSize)
        return fail("nres.directory_overflow", "the directory does not fit between the header and the end of file",
                    "entry_count", 8)
            .expected(fmt::format("<= {} entries", (totalSize - kHeaderSize) / kEntrySize))
            .actual(std::to_string(count));
    const std::uint64_t dirOffset = totalSize - dirSize;
    if (static_cast<std::uint64_t>(count) > limits.maxEntries)
        return fail("nres.limit", "too many entries", "entry_count", 8)
            .expected(fmt::format("<= {}", limits.maxEntries))
            .actual(std::to_string(count));

    Archive a;
    a.mProfile = profile;
    a.mDirOffset = dirOffset;
    a.mEntries.resize(static_cast<std::size_t>(count));
    std::uint64_t totalPayload = 0;
    for (std::size_t i = 0; i < a.mEntries.size(); ++i) {
        const std::uint64_t rec = dirOffset + i * kEntrySize;
        const std::uint8_t* r = p + rec;
        Entry& e = a.mEntries[i];
        e.type = loadU32(r + kOffType);
        e.attr1 = loadU32(r + kOffAttr1);
        e.attr2 = loadU32(r + kOffAttr2);
        e.size = loadU32(r + kOffSize);
        e.attr3 = loadU32(r + kOffAttr3);
        e.nameField.raw.assign(r + kOffName, r + kOffName + kNameSize);
        e.nameField.terminated = std::find(r + kOffName, r + kOffName + kNameSize, 0) != r + kOffName + kNameSize;
        e.dataOffset = loadU32(r + kOffData);
        e.sortIndex = loadU32(r + kOffSort);
        if (!e.nameField.terminated)
            return failEntry("nres.name_unterminated", "the 36-byte name field has no NUL", "name", rec + kOffName, i,
                             {});
        if (e.name().empty()) return failEntry("nres.empty_name", "empty entry name", "name", rec + kOffName, i, {});
        if (e.dataOffset < kHeaderSize)
            return failEntry("nres.bad_offset", "payload starts inside the header", "data_offset", rec + kOffData, i,
                             e.name())
                .expected(">= 16")
                .actual(std::to_string(e.dataOffset));
        if (static_cast<std::uint64_t>(e.dataOffset) + e.size > dirOffset)
            return failEntry("nres.bad_range", "payload runs into the directory or past the end", "size",
                             rec + kOffSize, i, e.name())
                .expected(fmt::format("data_offset + size <= {}", dirOffset))
                .actual(fmt::format("{} + {}", e.dataOffset, e.size));
        if (e.size > limits.maxPayload)
            return failEntry("nres.limit", "payload larger than the per-entry limit", "size", rec + kOffSize, i,
                             e.name())
                .expected(fmt::format("<= {}", limits.maxPayload))
                .actual(std::to_string(e.size));
        totalPayload += e.size;
        if (totalPayload > limits.maxTotalPayload)
            return failEntry("nres.limit", "payloads exceed the total limit", "size", rec + kOffSize, i, e.name())
                .expected(fmt::format("<= {}", limits.maxTotalPayload));
        if (e.sortIndex >= a.mEntries.size())
            return failEntry("nres.sort_index_range", "sort_index out of range", "sort_index", rec + kOffSort, i,
                             e.name())
                .expected(fmt::format("< {}", count))
                .actual(std::to_string(e.sortIndex));
    }

    // Overlap: order the non-empty ranges by start; each must start at or after the previous end.
    std::vector<std::uint32_t> byOffset;
    byOffset.reserve(a.mEntries.size());
    for (std::uint32_t i = 0; i < a.mEntries.size(); ++i)
        if (a.mEntries[i].size != 0) byOffset.push_back(i);
    std::sort(byOffset.begin(), byOffset.end(), [&](std::uint32_t x, std::uint32_t y) {
        const auto& ex = a.mEntries[x];
        const auto& ey = a.mEntries[y];
        return ex.dataOffset != ey.dataOffset ? ex.dataOffset < ey.dataOffset : x < y;
    });
    std::uint64_t covered = 0;
    for (std::size_t k = 0; k < byOffset.size(); ++k) {
        const auto& e = a.mEntries[byOffset[k]];
        if (k > 0) {
            const auto& prev = a.mEntries[byOffset[k - 1]];
            if (e.dataOffset < static_cast<std::uint64_t>(prev.dataOffset) + prev.size) {
                const std::size_t later = std::max(byOffset[k], byOffset[k - 1]);
                const std::size_t other = std::min(byOffset[k], byOffset[k - 1]);
                return failEntry("nres.overlap", fmt::format("payload overlaps entry {}", other), "data_offset",
                                 a.recordOffset(later) + kOffData, later, a.mEntries[later].name())
                    .expected(fmt::format("no overlap with [{}, {})", prev.dataOffset,
                                          static_cast<std::uint64_t>(prev.dataOffset) + prev.size))
                    .actual(fmt::format("[{}, {})", e.dataOffset, static_cast<std::uint64_t>(e.dataOffset) + e.size));
            }
        }
        covered += e.size;
    }
    a.mPreserved = (dirOffset - kHeaderSize) - covered;
    if (a.mPreserved > limits.maxPreserved)
        return fail("nres.limit", "unindexed bytes exceed the preserved-region limit", "data_region", kHeaderSize)
            .expected(fmt::format("<= {}", limits.maxPreserved))
            .actual(std::to_string(a.mPreserved));

    // Sort table: a permutation, ordered under one of the two folds (see docs/nres.md).
    std::vector<std::uint8_t> seen(a.mEntries.size(), 0);
    bool permutation = true;
    std::size_t dupAt = 0;
    for (std::size_t i = 0; i < a.mEntries.size(); ++i) {
        auto& s = seen[a.mEntries[i].sortIndex];
        if (s) {
            permutation = false;
            dupAt = i;
            break;
        }
        s = 1;
    }
    if (!permutation) {
        if (profile == Profile::Strict)
            return failEntry("nres.sort_not_permutation", "sort_index values are not a permutation", "sort_index",
                             a.recordOffset(dupAt) + kOffSort, dupAt, a.mEntries[dupAt].name())
                .expected("each index 0..N-1 once")
                .actual(fmt::format("{} repeated", a.mEntries[dupAt].sortIndex));
        a.mSortTableValid = false;
    } else {
        std::size_t badLower = 0, badUpper = 0;
        if (sortedUnder(a.mEntries, SortFold::Lower, badLower)) {
            a.mSortTableValid = true;
            a.mFold = SortFold::Lower;
        } else if (sortedUnder(a.mEntries, SortFold::Upper, badUpper)) {
            a.mSortTableValid = true;
            a.mFold = SortFold::Upper;
        } else if (profile == Profile::Strict) {
            const std::size_t pos = std::max(badLower, badUpper);
            return failEntry("nres.sort_not_sorted", "the sort table does not list names in case-insensitive order",
                             "sort_index", a.recordOffset(pos) + kOffSort, pos,
                             a.mEntries[a.mEntries[pos].sortIndex].name())
                .expected(fmt::format("a name >= \"{}\"", a.mEntries[a.mEntries[pos - 1].sortIndex].name()))
                .actual(std::string(a.mEntries[a.mEntries[pos].sortIndex].name()));
        } else {
            a.mSortTableValid = false;
        }
    }
    a.mBytes = std::move(data);
    return a;
}

ByteView Archive::payload(std::size_t index) const {
    if (index >= mEntries.size()) return {};
    const auto& e = mEntries[index];
    return ByteView(mBytes).subspan(e.dataOffset, e.size);
}

std::optional<std::size_t> Archive::find(std::string_view name) const {
    if (!mSortTableValid) {
        for (std::size_t i = 0; i < mEntries.size(); ++i)
            if (iequals(mEntries[i].name(), name)) return i;
        return std::nullopt;
    }
    std::size_t lo = 0, hi = mEntries.size();
    while (lo < hi) {  // lower bound over sorted positions
        const std::size_t mid = lo + (hi - lo) / 2;
        if (compareNames(mEntries[mEntries[mid].sortIndex].name(), name, mFold) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    std::optional<std::size_t> best;
    for (std::size_t p = lo; p < mEntries.size(); ++p) {
        const std::size_t idx = mEntries[p].sortIndex;
        if (compareNames(mEntries[idx].name(), name, mFold) != 0) break;
        if (!best || idx < *best) best = idx;  // duplicates: first in directory order
    }
    return best;
}

std::vector<std::size_t> Archive::findByType(std::uint32_t type) const {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < mEntries.size(); ++i)
        if (mEntries[i].type == type) out.push_back(i);
    return out;
}

Result<Bytes> writeCanonical(std::span<const NewEntry> entries) { return writeCanonical(entries, SortFold::Lower); }

Result<Bytes> writeCanonical(std::span<const NewEntry> entries, SortFold fold) {
    std::vector<FixedString> fields;
    fields.reserve(entries.size());
    std::uint64_t total = kHeaderSize;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& n = entries[i];
        if (n.nameField) {
            const auto& f = *n.nameField;
            if (f.raw.size() != kNameSize)
                return Error("nres.bad_name_field", "a name field must be 36 bytes")
                    .field("name")
                    .record(i)
                    .expected("36")
                    .actual(std::to_string(f.raw.size()));
            if (std::find(f.raw.begin(), f.raw.end(), 0) == f.raw.end())
                return Error("nres.name_unterminated", "the name field has no NUL").field("name").record(i);
            if (f.text().empty()) return Error("nres.empty_name", "empty entry name").field("name").record(i);
            fields.push_back(f);
        } else {
            auto f = makeNameField(n.name);
            if (!f) return std::move(f).error().record(i);
            fields.push_back(std::move(*f));
        }
        if (n.data.size() > 0xFFFFFFFFull)
            return Error("nres.too_large", "payload larger than 4 GiB").record(i).entry(n.name);
        total += (n.data.size() + 7) & ~std::uint64_t{7};
    }
    total += entries.size() * kEntrySize;
    if (total > 0xFFFFFFFFull || entries.size() > 0x7FFFFFFF)
        return Error("nres.too_large", "archive larger than 4 GiB").actual(std::to_string(total));

    std::vector<std::string_view> names;
    names.reserve(fields.size());
    for (const auto& f : fields) names.push_back(f.text());
    const auto sortTable = buildSortTable(names, fold);

    ByteWriter w;
    w.chars("NRes");
    w.u32(kVersion);
    w.u32(static_cast<std::uint32_t>(entries.size()));
    w.u32(0);  // total_size patched last
    std::vector<std::uint32_t> offsets(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        offsets[i] = static_cast<std::uint32_t>(w.size());
        w.bytes(entries[i].data);
        w.alignTo(8);
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& n = entries[i];
        w.u32(n.type);
        w.u32(n.attr1);
        w.u32(n.attr2);
        w.u32(static_cast<std::uint32_t>(n.data.size()));
        w.u32(n.attr3);
        w.fixedString(fields[i]);
        w.u32(offsets[i]);
        w.u32(sortTable[i]);
    }
    w.patchU32(12, static_cast<std::uint32_t>(w.size()));
    return w.take();
}

Result<Bytes> writeCanonical(const Archive& archive) {
    std::vector<NewEntry> list;
    list.reserve(archive.size());
    for (std::size_t i = 0; i < archive.size(); ++i) {
        const auto& e = archive.entries()[i];
        const auto payload = archive.payload(i);
        list.push_back({e.type, e.attr1, e.attr2, e.attr3, std::string(e.name()), e.nameField,
                        Bytes(payload.begin(), payload.end())});
    }
    return writeCanonical(list, archive.sortTableValid() ? archive.sortFold() : SortFold::Lower);
}

NewEntry newEntry(std::uint32_t type, std::string name, Bytes data, std::uint32_t attr2) {
    NewEntry e;
    e.type = type;
    e.name = std::move(name);
    e.data = std::move(data);
    e.attr2 = attr2;
    return e;
}

}  // namespace vestige::iron3d::nres
