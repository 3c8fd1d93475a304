// GMA: `info` describer, the VFS archive provider and the archive services (manifest.cpp).
#include "vestige/source/gma/register.hpp"

#include "vestige/source/gma/inspect.hpp"
#include "vestige/source/gma/manifest.hpp"
#include "vestige/vfs/archive_provider.hpp"

namespace vestige::source::gma {
namespace {

// Compatible profile (the game mounts addons whose trailer CRC is stale); every read checks the
// file's CRC32.
struct GmaAccess {
    static constexpr std::string_view kKind = "gma";
    [[nodiscard]] std::vector<vfs::EntryInfo> list(const Addon& a) const {
        std::vector<vfs::EntryInfo> out;
        out.reserve(a.size());
        for (const auto& f : a.files()) out.push_back({f.path, static_cast<std::uint64_t>(f.size)});
        return out;
    }
    [[nodiscard]] std::optional<std::size_t> find(const Addon& a, std::string_view name) const { return a.find(name); }
    [[nodiscard]] Result<Bytes> load(const Addon& a, std::size_t index) const { return a.load(index, true); }
};

}  // namespace

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    registry::FormatInfo info;
    info.name = "gma";
    info.summary = "Garry's Mod addon (*.gma, GMAD v1-3)";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) { return describe(data, label); };
    formats.add(std::move(info));

    vfs::ArchiveFormat archive;
    archive.name = "gma";
    archive.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName) > 0; };
    archive.open = [](Bytes data, std::string label) {
        return vfs::provideArchive<GmaAccess>(Addon::read(std::move(data), Profile::Compatible), std::move(label));
    };
    archive.services = archiveServices();
    archives.add(std::move(archive));
}

}  // namespace vestige::source::gma
