// VPK: `info` describer and the VFS archive provider.
#include "vestige/source/vpk/register.hpp"

#include <fmt/format.h>

#include "vestige/source/vpk/inspect.hpp"

namespace vestige::source::vpk {
namespace {

// Opened in the Compatible profile (the game loads archives whose MD5 sections are stale); every read
// checks the entry's CRC32, so corrupt content is an error, never data.
class VpkProvider final : public vfs::Provider {
public:
    VpkProvider(Archive archive, std::shared_ptr<const ChunkSource> chunks, std::string label)
        : mArchive(std::move(archive)), mChunks(std::move(chunks)), mLabel(std::move(label)) {}
    [[nodiscard]] std::string_view kind() const override { return "vpk"; }
    [[nodiscard]] Result<std::vector<vfs::EntryInfo>> list() const override {
        std::vector<vfs::EntryInfo> out;
        out.reserve(mArchive.size());
        for (const auto& e : mArchive.entries()) out.push_back({e.path, e.size()});
        return out;
    }
    [[nodiscard]] Result<Bytes> read(std::string_view name) const override {
        const auto idx = mArchive.find(name);
        if (!idx)
            return Error("vpk.not_found", fmt::format("no entry named \"{}\"", name)).entry(std::string(name)).in("archive", mLabel);
        return mArchive.load(*idx, mChunks.get(), true).in("archive", mLabel);
    }
    [[nodiscard]] bool contains(std::string_view name) const override { return mArchive.find(name).has_value(); }

private:
    Archive mArchive;
    std::shared_ptr<const ChunkSource> mChunks;
    std::string mLabel;
};

}  // namespace

std::unique_ptr<vfs::Provider> makeProvider(Archive archive, std::shared_ptr<const ChunkSource> chunks, std::string label) {
    return std::make_unique<VpkProvider>(std::move(archive), std::move(chunks), std::move(label));
}

void registerFormat(formats::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    formats::FormatInfo info;
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
        auto a = Archive::read(std::move(data), Profile::Compatible);
        if (!a) return std::move(a).error().file(label);
        return makeProvider(std::move(*a), std::move(chunks), std::move(label));
    };
    archives.add(std::move(archive));
}

}  // namespace vestige::source::vpk
