// PAKFILE lump provider: the central directory comes from bsp::listPakfile; a read finds the entry's local header
//
//   local header  "PK\3\4" (4) version (2) flags (2) method (2) time (2) date (2) crc32 (4) packed (4) size (4)
//                 name length (2, at +26) extra length (2, at +28) name extra data
//
// and returns `size` bytes after it when the method is 0 (stored: what vbsp writes), with the CRC32 checked.
#include "pakfile_provider.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "vestige/core/crc32.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/bsp/pakfile.hpp"
#include "vestige/vfs/archive_provider.hpp"

namespace vestige::source::content {
namespace {

constexpr std::uint64_t kLocalHeaderSize = 30;

class PakfileProvider final : public vfs::Provider {
public:
    PakfileProvider(Bytes lump, std::vector<bsp::PakEntry> entries, std::string label)
        : mLump(std::move(lump)), mEntries(std::move(entries)), mLabel(std::move(label)) {
        for (std::size_t i = 0; i < mEntries.size(); ++i) mIndex.try_emplace(fold(mEntries[i].name), i);
    }
    [[nodiscard]] std::string_view kind() const override { return "pakfile"; }
    [[nodiscard]] Result<std::vector<vfs::EntryInfo>> list() const override {
        std::vector<vfs::EntryInfo> out;
        for (const auto& e : mEntries) out.push_back({e.name, e.size});
        return out;
    }
    [[nodiscard]] bool contains(std::string_view name) const override { return mIndex.contains(fold(name)); }
    [[nodiscard]] Result<Bytes> read(std::string_view name) const override {
        const auto it = mIndex.find(fold(name));
        if (it == mIndex.end()) return vfs::entryNotFound("pakfile", name, mLabel);
        const bsp::PakEntry& e = mEntries[it->second];
        auto fail = [&](std::string code, std::string message) {
            return Error(std::move(code), std::move(message)).entry(e.name).file(mLabel);
        };
        if (e.method != 0)
            return fail("content.pakfile_method", fmt::format("ZIP method {} is not read (only stored, 0)", e.method))
                .expected("0")
                .actual(std::to_string(e.method));
        const std::uint64_t at = e.localHeaderOffset;
        if (at + kLocalHeaderSize > mLump.size() || loadU32(mLump.data() + at) != 0x04034B50u)
            return fail("content.pakfile_header", "no local file header at the directory's offset").at(at);
        const std::uint64_t data =
            at + kLocalHeaderSize + loadU16(mLump.data() + at + 26) + loadU16(mLump.data() + at + 28);
        if (data + e.size > mLump.size())
            return fail("content.pakfile_range", "entry data runs past the lump").at(data);
        Bytes out(mLump.begin() + static_cast<std::ptrdiff_t>(data),
                  mLump.begin() + static_cast<std::ptrdiff_t>(data + e.size));
        if (const std::uint32_t crc = crc32(out); crc != e.crc32)
            return fail("content.pakfile_crc", "entry CRC32 does not match its data")
                .field("crc32")
                .expected(fmt::format("{:08x}", e.crc32))
                .actual(fmt::format("{:08x}", crc));
        return out;
    }

private:
    static std::string fold(std::string_view name) {
        std::string s = asciiLower(name);
        for (char& c : s)
            if (c == '\\') c = '/';
        return s;
    }
    Bytes mLump;
    std::vector<bsp::PakEntry> mEntries;
    std::unordered_map<std::string, std::size_t> mIndex;  // folded name -> first entry
    std::string mLabel;
};

}  // namespace

Result<std::unique_ptr<vfs::Provider>> openPakfile(ByteView lump, std::string label) {
    VESTIGE_TRY(auto entries, std::move(bsp::listPakfile(lump, 0)).file(label));
    return std::unique_ptr<vfs::Provider>(
        std::make_unique<PakfileProvider>(Bytes(lump.begin(), lump.end()), std::move(entries), std::move(label)));
}

}  // namespace vestige::source::content
