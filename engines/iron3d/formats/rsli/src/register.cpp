// RsLi: `info` describer, the VFS archive provider and the archive services (manifest.cpp).
#include "vestige/iron3d/rsli/register.hpp"

#include "vestige/iron3d/rsli/inspect.hpp"
#include "vestige/iron3d/rsli/manifest.hpp"
#include "vestige/vfs/archive_provider.hpp"

namespace vestige::iron3d::rsli {
namespace {

// Opened strictly when possible, else in the compatible profile (named quirks only). Lookup follows
// the original rules first, then falls back to an ASCII case-insensitive scan (VFS contract).
struct RsliAccess {
    static constexpr std::string_view kKind = "rsli";
    [[nodiscard]] std::vector<vfs::EntryInfo> list(const Archive& a) const {
        std::vector<vfs::EntryInfo> out;
        for (const auto& e : a.entries()) out.push_back({std::string(e.name()), e.unpackedSize});
        return out;
    }
    [[nodiscard]] std::optional<std::size_t> find(const Archive& a, std::string_view name) const {
        auto index = a.find(name);
        return index ? index : a.findNoCase(name);
    }
    [[nodiscard]] Result<Bytes> load(const Archive& a, std::size_t index) const { return a.load(index); }
};

}  // namespace

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    registry::FormatInfo info;
    info.name = "rsli";
    info.summary = "Iron3D RsLi library (NL: gamefont.rlb, sprites.lib): XOR table, LZSS/LZHUF/Deflate payloads";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) { return describe(data, label); };
    formats.add(std::move(info));

    vfs::ArchiveFormat archive;
    archive.name = "rsli";
    archive.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName) > 0; };
    archive.open = [](Bytes data, std::string label) {
        return vfs::provideArchive<RsliAccess>(openBest(data), std::move(label));
    };
    archive.services = archiveServices();
    archives.add(std::move(archive));
}

}  // namespace vestige::iron3d::rsli
