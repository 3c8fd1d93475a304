#pragma once
// An in-memory VFS provider for the world-area tests: files by path, looked up ASCII case-insensitively with
// '\' read as '/'. Tests build every file with our own writers and mount this at the root.
#include <map>
#include <memory>
#include <string>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::test {

class MemoryProvider final : public vfs::Provider {
public:
    void put(std::string path, Bytes data) {
        const std::string key = fold(path);  // before `path` is moved from
        mFiles[key] = {std::move(path), std::move(data)};
    }
    void erase(const std::string& path) { mFiles.erase(fold(path)); }
    std::string_view kind() const override { return "memory"; }
    Result<std::vector<vfs::EntryInfo>> list() const override {
        std::vector<vfs::EntryInfo> out;
        for (const auto& [k, f] : mFiles) out.push_back({f.first, f.second.size()});
        return out;
    }
    Result<Bytes> read(std::string_view name) const override {
        const auto it = mFiles.find(fold(name));
        if (it == mFiles.end()) return Error("memory.not_found", "no such file").in("path", std::string(name));
        ++mReads;
        return it->second.second;
    }
    bool contains(std::string_view name) const override { return mFiles.count(fold(name)) > 0; }
    [[nodiscard]] std::size_t reads() const { return mReads; }

private:
    static std::string fold(std::string_view p) {
        std::string s;
        for (const char c : p) s.push_back(c == '\\' ? '/' : asciiLower(c));
        return s;
    }
    std::map<std::string, std::pair<std::string, Bytes>> mFiles;
    mutable std::size_t mReads = 0;
};

// A VFS over one memory provider (no archive formats: the tests open archives through the resource cache).
struct MemoryVfs {
    std::shared_ptr<MemoryProvider> files = std::make_shared<MemoryProvider>();
    vfs::Vfs vfs;
    MemoryVfs() { (void)vfs.mount("", files); }
};

// A canonical NRes of (name, payload) pairs, type and attributes 0.
inline Bytes nresOf(std::vector<std::pair<std::string, Bytes>> entries) {
    std::vector<iron3d::nres::NewEntry> out;
    for (auto& [name, data] : entries) out.push_back(iron3d::nres::newEntry(0, name, std::move(data)));
    return *iron3d::nres::writeCanonical(out);
}

}  // namespace vestige::test
