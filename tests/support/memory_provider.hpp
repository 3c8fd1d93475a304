#pragma once
// An in-memory VFS container for tests: names fold to lower case, as every archive format's lookup does.
#include <map>
#include <string>

#include "vestige/core/text.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::test {

class MemoryProvider final : public vfs::Provider {
public:
    std::map<std::string, Bytes> files;  // lower-cased names
    void add(std::string_view name, Bytes data) { files[asciiLower(name)] = std::move(data); }
    [[nodiscard]] std::string_view kind() const override { return "memory"; }
    [[nodiscard]] Result<std::vector<vfs::EntryInfo>> list() const override {
        std::vector<vfs::EntryInfo> out;
        for (const auto& [n, b] : files) out.push_back({n, b.size()});
        return out;
    }
    [[nodiscard]] Result<Bytes> read(std::string_view name) const override {
        auto it = files.find(asciiLower(name));
        if (it == files.end()) return Error("memory.not_found", "no such file").entry(std::string(name));
        return it->second;
    }
    [[nodiscard]] bool contains(std::string_view name) const override { return files.count(asciiLower(name)) > 0; }
};

}  // namespace vestige::test
