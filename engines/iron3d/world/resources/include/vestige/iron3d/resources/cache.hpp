#pragma once
// The four cache layers of the resource chain (spec section 4):
//
//   1 archives     opened once per normalised path (separators folded to '/', ASCII case folded) and shared:
//                  every caller of archive("Data\\Units.rlb") and archive("data/units.RLB") gets the same object
//                  (a shared_ptr: the reference count is the number of holders). The format is chosen by
//                  magic: "NRes" or "NL\0\x01"; anything else is cache.unknown_archive. A missing file is
//                  cache.not_found, remembered so the VFS is asked once.
//   2 directories  each archive's validated entry directory; lookups are ASCII case-insensitive
//   3 payloads     entry bytes: NRes entries are views into the open archive, RsLi entries are decoded once and
//                  kept up to a byte budget (oldest first out)
//   4 domain       decoded objects (prototype registries, models) up to a count budget; evicting them never
//                  closes an archive
//   + lightmaps    textures with the mission's lifetime: never evicted, dropped by endMission()
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "vestige/core/bytes.hpp"
#include "vestige/iron3d/materials/materials.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/prototype/registry.hpp"
#include "vestige/iron3d/rsli/rsli.hpp"
#include "vestige/iron3d/texm/texm.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::resources {

enum class ArchiveKind { Nres, Rsli };

class OpenArchive {
public:
    OpenArchive(std::string path, nres::Archive a) : mPath(std::move(path)), mArchive(std::move(a)) {}
    OpenArchive(std::string path, rsli::Archive a) : mPath(std::move(path)), mArchive(std::move(a)) {}
    [[nodiscard]] const std::string& path() const { return mPath; }  // as first opened
    [[nodiscard]] ArchiveKind kind() const { return mArchive.index() == 0 ? ArchiveKind::Nres : ArchiveKind::Rsli; }
    [[nodiscard]] const nres::Archive* nres() const { return std::get_if<nres::Archive>(&mArchive); }
    [[nodiscard]] const rsli::Archive* rsli() const { return std::get_if<rsli::Archive>(&mArchive); }
    [[nodiscard]] std::size_t size() const;
    [[nodiscard]] std::string_view entryName(std::size_t index) const;
    [[nodiscard]] std::uint32_t entryType(std::size_t index) const;  // NRes type id; 0 for RsLi
    [[nodiscard]] std::optional<std::size_t> find(std::string_view name) const;

private:
    std::string mPath;
    std::variant<nres::Archive, rsli::Archive> mArchive;
};
using ArchivePtr = std::shared_ptr<const OpenArchive>;

// An entry's bytes; `owner` keeps them alive (the open archive, or the decoded buffer).
struct Payload {
    std::shared_ptr<const void> owner;
    ByteView bytes;
};

struct CacheLimits {
    std::uint64_t payloadBytes = 256ull << 20;
    std::size_t domainObjects = 4096;
};

struct CacheStats {
    std::uint64_t archivesOpened = 0, archiveHits = 0, archivesMissing = 0;
    std::uint64_t directoryLookups = 0, directoryHits = 0;
    std::uint64_t payloadDecodes = 0, payloadHits = 0, payloadEvictions = 0;
    std::uint64_t domainLoads = 0, domainHits = 0, domainEvictions = 0;
    std::uint64_t lightmapLoads = 0;
};

class ResourceCache {
public:
    explicit ResourceCache(const vfs::Vfs& vfs, CacheLimits limits = {}) : mVfs(vfs), mLimits(limits) {}

    // Layer 1.
    [[nodiscard]] Result<ArchivePtr> archive(std::string_view path);
    // A plain file (unit DATs, BuildDat.lst, data.tma) through the same VFS; a missing one is cache.not_found.
    [[nodiscard]] Result<Bytes> file(std::string_view path);
    [[nodiscard]] static std::string normalisedKey(std::string_view path);
    // Layer 2.
    [[nodiscard]] std::optional<std::size_t> find(const OpenArchive& archive, std::string_view entry);
    // Layer 3.
    [[nodiscard]] Result<Payload> payload(const ArchivePtr& archive, std::size_t entry);
    // Layer 4.
    [[nodiscard]] Result<std::shared_ptr<const prototype::Registry>> registry(std::string_view path);
    [[nodiscard]] Result<std::shared_ptr<const msh::Model>> model(const ArchivePtr& archive, std::size_t entry);
    void evictDomain();
    // Lightmaps (mission lifetime).
    [[nodiscard]] Result<std::shared_ptr<const texm::Texture>> lightmap(const ArchivePtr& archive, std::size_t entry);
    void endMission();

    // The archive source the WEAR -> MAT0 -> Texm resolver uses, so it shares layer 1 (NRes only).
    [[nodiscard]] materials::ArchiveSource materialArchives();

    [[nodiscard]] const CacheStats& stats() const { return mStats; }
    [[nodiscard]] std::size_t openArchives() const;
    [[nodiscard]] std::size_t domainObjects() const { return mDomain.size(); }
    [[nodiscard]] std::size_t lightmaps() const { return mLightmaps.size(); }
    [[nodiscard]] std::uint64_t payloadBytes() const { return mPayloadBytes; }

private:
    using EntryKey = std::pair<std::string, std::size_t>;  // normalised archive key, entry index
    struct Decoded {
        std::shared_ptr<const Bytes> bytes;
        std::uint64_t order = 0;
    };
    struct DomainObject {
        std::shared_ptr<const void> object;
        std::uint64_t order = 0;
    };
    template <class T, class Make>
    Result<std::shared_ptr<const T>> domain(const std::string& key, Make make);

    const vfs::Vfs& mVfs;
    CacheLimits mLimits;
    CacheStats mStats;
    std::map<std::string, ArchivePtr> mArchives;  // key -> open archive; nullptr = known missing
    std::map<EntryKey, Decoded> mPayloads;
    std::uint64_t mPayloadBytes = 0;
    std::map<std::string, DomainObject> mDomain;  // "kind|archive|entry" -> object
    std::map<EntryKey, std::shared_ptr<const texm::Texture>> mLightmaps;
    std::uint64_t mOrder = 0;
};

}  // namespace vestige::iron3d::resources
