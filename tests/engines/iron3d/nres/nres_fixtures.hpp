#pragma once
// Test fixture builders for NRes: canonical archives from our writer, and hand-laid raw archives
// (gaps, unindexed regions, arbitrary sort tables) for the cases our writer never produces.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::nres::test {

inline Bytes canonical(std::vector<std::pair<std::string, std::string>> list) {
    std::vector<NewEntry> entries;
    for (auto& [name, data] : list) {
        NewEntry e;
        e.name = name;
        e.data.assign(data.begin(), data.end());
        entries.push_back(std::move(e));
    }
    auto r = writeCanonical(entries);
    EXPECT_TRUE(r.ok()) << r.error().render();
    return r.ok() ? std::move(*r) : Bytes{};
}

inline void patchU32(Bytes& b, std::uint64_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b.at(at + i) = static_cast<std::uint8_t>(v >> (8 * i));
}

struct RawRecord {
    std::uint32_t type = 0, attr1 = 0, attr2 = 0, attr3 = 0;
    std::string name;
    std::string nameTail;  // bytes after the NUL (rest zero)
    std::uint32_t offset = 0, size = 0, sortIndex = 0;
};

// Header + `region` (starting at 16) + directory; total_size computed.
inline Bytes raw(const Bytes& region, const std::vector<RawRecord>& records) {
    ByteWriter w;
    w.chars("NRes");
    w.u32(kVersion);
    w.u32(static_cast<std::uint32_t>(records.size()));
    w.u32(static_cast<std::uint32_t>(16 + region.size() + 64 * records.size()));
    w.bytes(region);
    for (const auto& r : records) {
        w.u32(r.type);
        w.u32(r.attr1);
        w.u32(r.attr2);
        w.u32(r.size);
        w.u32(r.attr3);
        Bytes field(36, 0);
        std::copy(r.name.begin(), r.name.end(), field.begin());
        std::copy(r.nameTail.begin(), r.nameTail.end(), field.begin() + static_cast<std::ptrdiff_t>(r.name.size() + 1));
        w.bytes(field);
        w.u32(r.offset);
        w.u32(r.sortIndex);
    }
    return w.take();
}

}  // namespace vestige::iron3d::nres::test
