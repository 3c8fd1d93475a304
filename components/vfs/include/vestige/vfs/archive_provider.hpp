// The Provider every archive format hands to the VFS (NRes, RsLi, VPK, GMA): it owns the opened archive and names
// it in errors; the format supplies an Access type that says how to list, find and load entries:
//
//   struct Access {
//       static constexpr std::string_view kKind = "nres";  // Provider::kind(); errors are "<kind>.not_found"
//       std::vector<EntryInfo> list(const Archive&) const;
//       std::optional<std::size_t> find(const Archive&, std::string_view name) const;
//       Result<Bytes> load(const Archive&, std::size_t index) const;
//   };
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vestige/vfs/vfs.hpp"

namespace vestige::vfs {

// "<kind>.not_found" for `name` in the archive `label`: the code the VFS falls through on.
[[nodiscard]] Error entryNotFound(std::string_view kind, std::string_view name, std::string_view label);

template <class Archive, class Access>
class ArchiveProvider final : public Provider {
public:
    ArchiveProvider(Archive archive, std::string label, Access access = {})
        : mArchive(std::move(archive)), mLabel(std::move(label)), mAccess(std::move(access)) {}

    [[nodiscard]] std::string_view kind() const override { return Access::kKind; }
    [[nodiscard]] Result<std::vector<EntryInfo>> list() const override { return mAccess.list(mArchive); }
    [[nodiscard]] Result<Bytes> read(std::string_view name) const override {
        const std::optional<std::size_t> index = mAccess.find(mArchive, name);
        if (!index) return entryNotFound(Access::kKind, name, mLabel);
        return mAccess.load(mArchive, *index).in("archive", mLabel);
    }
    [[nodiscard]] bool contains(std::string_view name) const override {
        return mAccess.find(mArchive, name).has_value();
    }

private:
    Archive mArchive;
    std::string mLabel;
    Access mAccess;
};

// ArchiveFormat::open's usual body: `opened` is the format's read result; a failure names the file.
template <class Access, class Archive>
[[nodiscard]] Result<std::unique_ptr<Provider>> provideArchive(Result<Archive> opened, std::string label,
                                                               Access access = {}) {
    if (!opened) return std::move(opened).error().file(label);
    return std::unique_ptr<Provider>(
        std::make_unique<ArchiveProvider<Archive, Access>>(std::move(*opened), std::move(label), std::move(access)));
}

}  // namespace vestige::vfs
