// NRes: `info` describer, the VFS archive provider and the archive services (manifest.cpp).
#include "vestige/iron3d/nres/register.hpp"

#include "vestige/iron3d/nres/inspect.hpp"
#include "vestige/iron3d/nres/manifest.hpp"
#include "vestige/vfs/archive_provider.hpp"

namespace vestige::iron3d::nres {
namespace {

// Opened in the compatible profile: the VFS loads content the way the game does (named quirks
// accepted); `info` and the tests check the strict profile.
struct NresAccess {
    static constexpr std::string_view kKind = "nres";
    [[nodiscard]] std::vector<vfs::EntryInfo> list(const Archive& a) const {
        std::vector<vfs::EntryInfo> out;
        out.reserve(a.size());
        for (const auto& e : a.entries()) out.push_back({std::string(e.name()), e.size});
        return out;
    }
    [[nodiscard]] std::optional<std::size_t> find(const Archive& a, std::string_view name) const {
        return a.find(name);
    }
    [[nodiscard]] Result<Bytes> load(const Archive& a, std::size_t index) const {
        const auto p = a.payload(index);
        return Bytes(p.begin(), p.end());
    }
};

}  // namespace

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    registry::FormatInfo info;
    info.name = "nres";
    info.summary = "Iron3D NRes archive (*.lib, *.rlb, and the container inside .msh/.map)";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) { return describe(data, label); };
    formats.add(std::move(info));

    vfs::ArchiveFormat archive;
    archive.name = "nres";
    archive.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName) > 0; };
    archive.open = [](Bytes data, std::string label) {
        return vfs::provideArchive<NresAccess>(Archive::read(std::move(data), Profile::Compatible), std::move(label));
    };
    archive.services = archiveServices();
    archives.add(std::move(archive));
}

}  // namespace vestige::iron3d::nres
