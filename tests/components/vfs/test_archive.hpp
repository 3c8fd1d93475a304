#pragma once
// A tiny archive format that exists only in the tests, so the VFS's nesting and probing can be tested
// without depending on any engine's archive reader.
//
//   +0  "TEST"                 magic
//   +4  u32 count
//   +8  count x { u32 nameLen, name bytes, u32 size, data bytes }
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/text.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::vfs::test {

using TestEntries = std::vector<std::pair<std::string, Bytes>>;

inline Bytes buildTestArchive(const TestEntries& entries) {
    ByteWriter w;
    w.chars("TEST");
    w.u32(static_cast<std::uint32_t>(entries.size()));
    for (const auto& [name, data] : entries) {
        w.lpString32(name);
        w.u32(static_cast<std::uint32_t>(data.size()));
        w.bytes(data);
    }
    return w.take();
}

inline Bytes textBytes(std::string_view s) { return {s.begin(), s.end()}; }

class TestProvider final : public Provider {
public:
    static Result<std::unique_ptr<Provider>> open(Bytes data, std::string label) {
        auto p = std::make_unique<TestProvider>();
        p->mData = std::move(data);
        p->mLabel = std::move(label);
        ByteReader r(p->mData);
        VESTIGE_TRY(auto magic, r.bytes(4, "magic"));
        if (asChars(magic) != "TEST") return Error("test.magic", "not a TEST archive").file(p->mLabel);
        VESTIGE_TRY(auto count, r.u32("count"));
        for (std::uint32_t i = 0; i < count; ++i) {
            VESTIGE_TRY(auto name, r.lpString32("name").record(i));
            VESTIGE_TRY(auto size, r.u32("size").record(i));
            VESTIGE_TRY(auto body, r.bytes(size, "data").record(i));
            p->mEntries.push_back({std::move(name), Bytes(body.begin(), body.end())});
        }
        VESTIGE_CHECK(r.expectEnd("TEST archive"));
        return std::unique_ptr<Provider>(std::move(p));
    }
    std::string_view kind() const override { return "test"; }
    Result<std::vector<EntryInfo>> list() const override {
        std::vector<EntryInfo> out;
        for (const auto& [name, data] : mEntries) out.push_back({name, data.size()});
        return out;
    }
    Result<Bytes> read(std::string_view name) const override {
        ++reads;
        for (const auto& [n, data] : mEntries)
            if (iequals(n, name)) return data;
        return Error("test.not_found", "no such entry").entry(std::string(name)).file(mLabel);
    }
    bool contains(std::string_view name) const override {
        for (const auto& e : mEntries)
            if (iequals(e.first, name)) return true;
        return false;
    }
    const std::string& label() const { return mLabel; }
    mutable int reads = 0;

private:
    Bytes mData;
    std::string mLabel;
    TestEntries mEntries;
};

inline ArchiveFormat testArchiveFormat() {
    return {"test", [](ByteView data, std::string_view) { return data.size() >= 4 && asChars(data.first(4)) == "TEST"; },
            [](Bytes data, std::string label) { return TestProvider::open(std::move(data), std::move(label)); }};
}

}  // namespace vestige::vfs::test
