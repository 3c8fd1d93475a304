#pragma once
// Land.msh fixtures: the sample terrain as NRes entries a test may corrupt before packing (bypassing validate()).
#include <functional>
#include <vector>

#include "vestige/iron3d/land/land.hpp"
#include "vestige/iron3d/land/sample.hpp"

namespace vestige::iron3d::land::test {

inline std::vector<nres::NewEntry> sampleEntries(const TerrainData& d = sampleTerrain()) {
    std::vector<nres::NewEntry> out;
    for (auto type : kStreamOrder) {
        nres::NewEntry e;
        e.type = type;
        e.attr3 = static_cast<std::uint32_t>(strideOf(type));
        e.data = encodeStream(d, type);
        const std::size_t header = type == stream::kSlots ? kSlotHeaderSize : 0;
        e.attr1 = static_cast<std::uint32_t>((e.data.size() - header) / e.attr3);
        e.name = "Res" + std::to_string(type);
        out.push_back(std::move(e));
    }
    return out;
}

inline nres::NewEntry& entryOf(std::vector<nres::NewEntry>& entries, std::uint32_t type) {
    for (auto& e : entries)
        if (e.type == type) return e;
    throw std::logic_error("no such type");
}

inline Bytes pack(const std::vector<nres::NewEntry>& entries) { return nres::writeCanonical(entries).value(); }

inline Bytes mutated(const std::function<void(std::vector<nres::NewEntry>&)>& edit) {
    auto entries = sampleEntries();
    edit(entries);
    return pack(entries);
}

// Absolute offset of the payload of the entry with this type in a packed archive.
inline std::uint64_t payloadOffset(const Bytes& bytes, std::uint32_t type) {
    auto a = nres::Archive::read(bytes).value();
    for (const auto& e : a.entries())
        if (e.type == type) return e.dataOffset;
    return 0;
}

}  // namespace vestige::iron3d::land::test
