// PAKFILE ZIP: the central-directory listing and the stored-ZIP writer (layout in pakfile.hpp).
#include "vestige/source/bsp/pakfile.hpp"

#include <fmt/format.h>

#include <optional>

#include "vestige/core/crc32.hpp"

namespace vestige::source::bsp {

namespace {

constexpr std::uint32_t kLocalHeader = 0x04034b50;     // "PK\3\4"
constexpr std::uint32_t kCentralHeader = 0x02014b50;   // "PK\1\2"
constexpr std::uint32_t kEndOfDirectory = 0x06054b50;  // "PK\5\6"
constexpr std::size_t kEndSize = 22, kCentralSize = 46, kLocalSize = 30;
constexpr std::size_t kMaxComment = 65535;
constexpr std::uint16_t kDate19800101 = 0x21;

}  // namespace

Result<std::vector<PakEntry>> listPakfile(ByteView data, std::uint64_t lumpOffset) {
    std::vector<PakEntry> out;
    if (data.empty()) return out;
    auto fail = [&](std::string message, std::uint64_t pos) {
        Error e("bsp.pakfile", std::move(message));
        e.at(lumpOffset + pos).in("lump", "PAKFILE (40)");
        return e;
    };
    // The end record (22 bytes + its comment) is found scanning back from the end.
    std::optional<std::size_t> eocd;
    if (data.size() >= kEndSize) {
        const std::size_t lowest = data.size() >= kEndSize + kMaxComment ? data.size() - kEndSize - kMaxComment : 0;
        for (std::size_t pos = data.size() - kEndSize + 1; pos-- > lowest;) {
            if (loadU32(data.data() + pos) == kEndOfDirectory &&
                pos + kEndSize + loadU16(data.data() + pos + 20) == data.size()) {
                eocd = pos;
                break;
            }
        }
    }
    if (!eocd) return std::move(fail("no ZIP end-of-central-directory record", 0).expected("PK\\5\\6 record"));
    const std::uint8_t* e = data.data() + *eocd;
    const std::uint16_t entries = loadU16(e + 10);
    const std::uint32_t cdSize = loadU32(e + 12);
    const std::uint32_t cdOfs = loadU32(e + 16);
    if (static_cast<std::uint64_t>(cdOfs) + cdSize > *eocd)
        return std::move(fail("ZIP central directory lies outside the pakfile", *eocd + 16)
                             .field("centralDirectoryOffset")
                             .expected(fmt::format("offset + size <= {}", *eocd))
                             .actual(fmt::format("{} + {}", cdOfs, cdSize)));
    std::size_t pos = cdOfs;
    for (std::uint16_t i = 0; i < entries; ++i) {
        if (pos + kCentralSize > static_cast<std::size_t>(cdOfs) + cdSize ||
            loadU32(data.data() + pos) != kCentralHeader)
            return std::move(fail("bad ZIP central directory entry", pos).record(i).expected("PK\\1\\2 header"));
        const std::uint8_t* c = data.data() + pos;
        PakEntry entry;
        entry.method = loadU16(c + 10);
        entry.crc32 = loadU32(c + 16);
        entry.compressedSize = loadU32(c + 20);
        entry.size = loadU32(c + 24);
        const std::size_t nameLen = loadU16(c + 28), extraLen = loadU16(c + 30), commentLen = loadU16(c + 32);
        entry.localHeaderOffset = loadU32(c + 42);
        const std::size_t next = pos + kCentralSize + nameLen + extraLen + commentLen;
        if (next > static_cast<std::size_t>(cdOfs) + cdSize)
            return std::move(
                fail("ZIP entry name runs past the central directory", pos + 28).record(i).field("nameLength"));
        entry.name.assign(reinterpret_cast<const char*>(c + kCentralSize), nameLen);
        if (static_cast<std::uint64_t>(entry.localHeaderOffset) + kLocalSize + entry.compressedSize > cdOfs)
            return std::move(fail("ZIP entry data lies outside the pakfile", pos + 42)
                                 .record(i)
                                 .entry(entry.name)
                                 .field("localHeaderOffset")
                                 .expected(fmt::format("offset + 30 + size <= {}", cdOfs))
                                 .actual(fmt::format("{} + 30 + {}", entry.localHeaderOffset, entry.compressedSize)));
        out.push_back(std::move(entry));
        pos = next;
    }
    return out;
}

Bytes writePakfile(const std::vector<std::pair<std::string, Bytes>>& files) {
    ByteWriter w;
    std::vector<std::uint32_t> offsets, crcs;
    for (const auto& [name, data] : files) {
        const std::uint32_t crc = crc32(data);
        offsets.push_back(static_cast<std::uint32_t>(w.size()));
        crcs.push_back(crc);
        w.u32(kLocalHeader);
        w.u16(10);  // version needed
        w.u16(0);   // flags
        w.u16(0);   // stored
        w.u16(0);   // time
        w.u16(kDate19800101);
        w.u32(crc);
        w.u32(static_cast<std::uint32_t>(data.size()));
        w.u32(static_cast<std::uint32_t>(data.size()));
        w.u16(static_cast<std::uint16_t>(name.size()));
        w.u16(0);  // extra length
        w.chars(name);
        w.bytes(data);
    }
    const auto cdStart = static_cast<std::uint32_t>(w.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        const auto& [name, data] = files[i];
        w.u32(kCentralHeader);
        w.u16(20);  // made by
        w.u16(10);  // version needed
        w.u16(0);   // flags
        w.u16(0);   // stored
        w.u16(0);   // time
        w.u16(kDate19800101);
        w.u32(crcs[i]);
        w.u32(static_cast<std::uint32_t>(data.size()));
        w.u32(static_cast<std::uint32_t>(data.size()));
        w.u16(static_cast<std::uint16_t>(name.size()));
        w.u16(0);  // extra length
        w.u16(0);  // comment length
        w.u16(0);  // disk
        w.u16(0);  // internal attributes
        w.u32(0);  // external attributes
        w.u32(offsets[i]);
        w.chars(name);
    }
    const auto cdSize = static_cast<std::uint32_t>(w.size() - cdStart);
    w.u32(kEndOfDirectory);
    w.u16(0);  // this disk
    w.u16(0);  // directory disk
    w.u16(static_cast<std::uint16_t>(files.size()));
    w.u16(static_cast<std::uint16_t>(files.size()));
    w.u32(cdSize);
    w.u32(cdStart);
    w.u16(0);  // comment length
    return w.take();
}

}  // namespace vestige::source::bsp
