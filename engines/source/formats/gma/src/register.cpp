// GMA: `info` describer and the VFS archive provider.
#include "vestige/source/gma/register.hpp"

#include <fmt/format.h>

#include "vestige/source/gma/inspect.hpp"

namespace vestige::source::gma {
namespace {

// Compatible profile (the game mounts addons whose trailer CRC is stale); every read checks the
// file's CRC32.
class GmaProvider final : public vfs::Provider {
public:
    GmaProvider(Addon addon, std::string label) : mAddon(std::move(addon)), mLabel(std::move(label)) {}
    [[nodiscard]] std::string_view kind() const override { return "gma"; }
    [[nodiscard]] Result<std::vector<vfs::EntryInfo>> list() const override {
        std::vector<vfs::EntryInfo> out;
        out.reserve(mAddon.size());
        for (const auto& f : mAddon.files()) out.push_back({f.path, static_cast<std::uint64_t>(f.size)});
        return out;
    }
    [[nodiscard]] Result<Bytes> read(std::string_view name) const override {
        const auto idx = mAddon.find(name);
        if (!idx)
            return Error("gma.not_found", fmt::format("no file named \"{}\"", name)).entry(std::string(name)).in("archive", mLabel);
        return mAddon.load(*idx, true).in("archive", mLabel);
    }
    [[nodiscard]] bool contains(std::string_view name) const override { return mAddon.find(name).has_value(); }

private:
    Addon mAddon;
    std::string mLabel;
};

}  // namespace

void registerFormat(formats::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    formats::FormatInfo info;
    info.name = "gma";
    info.summary = "Garry's Mod addon (*.gma, GMAD v1-3)";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) { return describe(data, label); };
    formats.add(std::move(info));

    vfs::ArchiveFormat archive;
    archive.name = "gma";
    archive.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName) > 0; };
    archive.open = [](Bytes data, std::string label) -> Result<std::unique_ptr<vfs::Provider>> {
        auto a = Addon::read(std::move(data), Profile::Compatible);
        if (!a) return std::move(a).error().file(label);
        return std::unique_ptr<vfs::Provider>(std::make_unique<GmaProvider>(std::move(*a), std::move(label)));
    };
    archives.add(std::move(archive));
}

}  // namespace vestige::source::gma
