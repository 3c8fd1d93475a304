#pragma once
// Helpers for MSH tests: build the sample tank, pull its entries apart, mutate, repack.
#include <gtest/gtest.h>

#include <functional>

#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/msh/sample.hpp"

namespace vestige::iron3d::msh::test {

inline Bytes tankBytes() {
    auto b = build(sampleTank());
    EXPECT_TRUE(b.ok()) << (b.ok() ? "" : b.error().render());
    return b.ok() ? *b : Bytes{};
}

inline std::vector<nres::NewEntry> entriesOf(const Bytes& file) {
    auto a = nres::Archive::read(file);
    EXPECT_TRUE(a.ok());
    std::vector<nres::NewEntry> out;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const auto& e = a->entries()[i];
        auto p = a->payload(i);
        out.push_back({e.type, e.attr1, e.attr2, e.attr3, std::string(e.name()), e.nameField, Bytes(p.begin(), p.end())});
    }
    return out;
}

inline nres::NewEntry& byType(std::vector<nres::NewEntry>& entries, std::uint32_t type) {
    for (auto& e : entries)
        if (e.type == type) return e;
    ADD_FAILURE() << "no entry of type " << type;
    static nres::NewEntry none;
    return none;
}

inline Bytes pack(const std::vector<nres::NewEntry>& entries) {
    auto b = nres::writeCanonical(entries);
    EXPECT_TRUE(b.ok());
    return b.ok() ? *b : Bytes{};
}

// Absolute offset of the payload of the (first) entry of this type.
inline std::uint64_t payloadOffset(const Bytes& file, std::uint32_t type) {
    auto a = nres::Archive::read(file);
    for (const auto& e : a->entries())
        if (e.type == type) return e.dataOffset;
    ADD_FAILURE() << "no entry of type " << type;
    return 0;
}

inline void putU16(Bytes& b, std::size_t at, std::uint16_t v) { b[at] = v & 0xFF; b[at + 1] = v >> 8; }
inline void putU32(Bytes& b, std::size_t at, std::uint32_t v) { for (int i = 0; i < 4; ++i) b[at + i] = (v >> (8 * i)) & 0xFF; }
inline void putF32(Bytes& b, std::size_t at, float v) { putU32(b, at, std::bit_cast<std::uint32_t>(v)); }

// The tank with one mutation applied to its entry list.
inline Bytes mutated(const std::function<void(std::vector<nres::NewEntry>&)>& fn) {
    auto entries = entriesOf(tankBytes());
    fn(entries);
    return pack(entries);
}

}  // namespace vestige::iron3d::msh::test
