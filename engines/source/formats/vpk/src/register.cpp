// VPK: `info` describer, the VFS archive provider and the archive services (manifest.cpp).
#include "vestige/source/vpk/register.hpp"

#include "vestige/source/vpk/inspect.hpp"
#include "vestige/source/vpk/manifest.hpp"
#include "vestige/vfs/archive_provider.hpp"

namespace vestige::source::vpk {
namespace {

// Opened in the Compatible profile (the game loads archives whose MD5 sections are stale); every read
// checks the entry's CRC32, so corrupt content is an error, never data.
struct VpkAccess {
    static constexpr std::string_view kKind = "vpk";
    std::shared_ptr<const ChunkSource> chunks;
    [[nodiscard]] std::vector<vfs::EntryInfo> list(const Archive& a) const {
        std::vector<vfs::EntryInfo> out;
        out.reserve(a.size());
        for (const auto& e : a.entries()) out.push_back({e.path, e.size()});
        return out;
    }
    [[nodiscard]] std::optional<std::size_t> find(const Archive& a, std::string_view name) const {
        return a.find(name);
    }
    [[nodiscard]] Result<Bytes> load(const Archive& a, std::size_t index) const {
        return a.load(index, chunks.get(), true);
    }
};

}  // namespace

std::unique_ptr<vfs::Provider> makeProvider(Archive archive, std::shared_ptr<const ChunkSource> chunks,
                                            std::string label) {
    return std::make_unique<vfs::ArchiveProvider<Archive, VpkAccess>>(std::move(archive), std::move(label),
                                                                      VpkAccess{std::move(chunks)});
}

std::shared_ptr<const ChunkSource> chunksFor(ByteView dirData, vfs::ArchiveOrigin origin) {
    std::shared_ptr<const ChunkSource> chunks;
    if (origin.hostPath) chunks = hostChunksFor(origin.hostPath->string(), dirData);
    if (!chunks) chunks = siblingChunksFor(origin.name, std::move(origin.readSibling));
    return chunks;
}

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    registry::FormatInfo info;
    info.name = "vpk";
    info.summary = "Source engine VPK archive v1/v2 (*_dir.vpk + *_NNN.vpk chunks, single-file .vpk)";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) { return describe(data, label); };
    formats.add(std::move(info));

    vfs::ArchiveFormat archive;
    archive.name = "vpk";
    // Only real directories: a headerless chunk file is data, not an archive.
    archive.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName) == 100; };
    archive.open = [](Bytes data, std::string label) -> Result<std::unique_ptr<vfs::Provider>> {
        // The VFS hands over only the directory's bytes and a label. When the label is the host path of
        // this very file (the CLI's first level), chunks are read from its folder; otherwise (nested or
        // mounted) only embedded and preloaded data is reachable. See docs/vpk.md.
        auto chunks = hostChunksFor(label, data);
        return vfs::provideArchive(Archive::read(std::move(data), Profile::Compatible), std::move(label),
                                   VpkAccess{std::move(chunks)});
    };
    // Through the VFS, which knows where the directory came from: chunk files next to it on the host (read by
    // range), or next to it in its container (an outer archive, a mount), read whole once each.
    archive.openFrom = [](Bytes data, std::string label, vfs::ArchiveOrigin origin) {
        auto chunks = chunksFor(data, std::move(origin));
        return vfs::provideArchive(Archive::read(std::move(data), Profile::Compatible), std::move(label),
                                   VpkAccess{std::move(chunks)});
    };
    archive.services = archiveServices();
    archives.add(std::move(archive));
}

}  // namespace vestige::source::vpk
