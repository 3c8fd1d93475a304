// RsLi: `info` describer and the VFS archive provider.
#include "vestige/iron3d/rsli/register.hpp"

#include <fmt/format.h>

#include "vestige/iron3d/rsli/inspect.hpp"

namespace vestige::iron3d::rsli {
namespace {

// Opened strictly when possible, else in the compatible profile (named quirks only). Lookup follows
// the original rules first, then falls back to an ASCII case-insensitive scan (VFS contract).
class RsliProvider final : public vfs::Provider {
public:
    RsliProvider(Archive archive, std::string label) : mArchive(std::move(archive)), mLabel(std::move(label)) {}
    [[nodiscard]] std::string_view kind() const override { return "rsli"; }
    [[nodiscard]] Result<std::vector<vfs::EntryInfo>> list() const override {
        std::vector<vfs::EntryInfo> out;
        for (const auto& e : mArchive.entries()) out.push_back({std::string(e.name()), e.unpackedSize});
        return out;
    }
    [[nodiscard]] Result<Bytes> read(std::string_view name) const override {
        const auto idx = lookup(name);
        if (!idx)
            return Error("rsli.not_found", fmt::format("no entry named \"{}\"", name)).entry(std::string(name)).in("archive", mLabel);
        auto data = mArchive.load(*idx);
        if (!data) return std::move(data).error().in("archive", mLabel);
        return data;
    }
    [[nodiscard]] bool contains(std::string_view name) const override { return lookup(name).has_value(); }

private:
    [[nodiscard]] std::optional<std::size_t> lookup(std::string_view name) const {
        auto idx = mArchive.find(name);
        return idx ? idx : mArchive.findNoCase(name);
    }
    Archive mArchive;
    std::string mLabel;
};

}  // namespace

void registerFormat(formats::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    formats::FormatInfo info;
    info.name = "rsli";
    info.summary = "Iron3D RsLi library (NL: gamefont.rlb, sprites.lib): XOR table, LZSS/LZHUF/Deflate payloads";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) { return describe(data, label); };
    formats.add(std::move(info));

    vfs::ArchiveFormat archive;
    archive.name = "rsli";
    archive.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName) > 0; };
    archive.open = [](Bytes data, std::string label) -> Result<std::unique_ptr<vfs::Provider>> {
        auto a = openBest(data);
        if (!a) return std::move(a).error().file(label);
        return std::unique_ptr<vfs::Provider>(std::make_unique<RsliProvider>(std::move(*a), std::move(label)));
    };
    archives.add(std::move(archive));
}

}  // namespace vestige::iron3d::rsli
