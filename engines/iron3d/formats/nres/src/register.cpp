// NRes: `info` describer and the VFS archive provider.
#include "vestige/iron3d/nres/register.hpp"

#include <fmt/format.h>

#include "vestige/iron3d/nres/inspect.hpp"

namespace vestige::iron3d::nres {
namespace {

// Opened in the compatible profile: the VFS loads content the way the game does (named quirks
// accepted); `info` and the tests check the strict profile.
class NresProvider final : public vfs::Provider {
public:
    NresProvider(Archive archive, std::string label) : mArchive(std::move(archive)), mLabel(std::move(label)) {}
    [[nodiscard]] std::string_view kind() const override { return "nres"; }
    [[nodiscard]] Result<std::vector<vfs::EntryInfo>> list() const override {
        std::vector<vfs::EntryInfo> out;
        out.reserve(mArchive.size());
        for (const auto& e : mArchive.entries()) out.push_back({std::string(e.name()), e.size});
        return out;
    }
    [[nodiscard]] Result<Bytes> read(std::string_view name) const override {
        const auto idx = mArchive.find(name);
        if (!idx)
            return Error("nres.not_found", fmt::format("no entry named \"{}\"", name)).entry(std::string(name)).in("archive", mLabel);
        const auto p = mArchive.payload(*idx);
        return Bytes(p.begin(), p.end());
    }
    [[nodiscard]] bool contains(std::string_view name) const override { return mArchive.find(name).has_value(); }

private:
    Archive mArchive;
    std::string mLabel;
};

}  // namespace

void registerFormat(formats::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    formats::FormatInfo info;
    info.name = "nres";
    info.summary = "Iron3D NRes archive (*.lib, *.rlb, and the container inside .msh/.map)";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) { return describe(data, label); };
    formats.add(std::move(info));

    vfs::ArchiveFormat archive;
    archive.name = "nres";
    archive.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName) > 0; };
    archive.open = [](Bytes data, std::string label) -> Result<std::unique_ptr<vfs::Provider>> {
        auto a = Archive::read(std::move(data), Profile::Compatible);
        if (!a) return std::move(a).error().file(label);
        return std::unique_ptr<vfs::Provider>(std::make_unique<NresProvider>(std::move(*a), std::move(label)));
    };
    archives.add(std::move(archive));
}

}  // namespace vestige::iron3d::nres
