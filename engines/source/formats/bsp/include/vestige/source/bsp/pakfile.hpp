#pragma once
// The PAKFILE lump (40): a ZIP archive of files the map embeds (materials, cubemaps, scripts). vbsp stores the
// files uncompressed; the reader lists what the central directory says and checks that every record lies inside
// the lump.
//
//   local file header    "PK\3\4" u16 version, flags, method, time, date; u32 crc32, packed, size;
//                        u16 name length, extra length; name; extra; data          (one per file)
//   central directory    "PK\1\2" u16 made-by, version, flags, method, time, date; u32 crc32, packed, size;
//                        u16 name, extra, comment lengths, disk, internal attrs; u32 external attrs,
//                        local header offset; name; extra; comment                 (one per file, 46 + n bytes)
//   end of directory     "PK\5\6" u16 disk, cd disk, entries here, entries; u32 cd size, cd offset;
//                        u16 comment length; comment                               (last, 22 + n bytes)
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::bsp {

struct PakEntry {
    std::string name;
    std::uint16_t method = 0;                                                      // 0 stored, 8 deflate, 14 LZMA
    std::uint32_t crc32 = 0, compressedSize = 0, size = 0, localHeaderOffset = 0;  // offset relative to the lump
};

// The central directory of a PAKFILE lump; `lumpOffset` (the lump's absolute file offset) places error offsets.
// An empty lump lists nothing. Errors: bsp.pakfile (no end record, directory or entry outside the lump).
[[nodiscard]] Result<std::vector<PakEntry>> listPakfile(ByteView lump, std::uint64_t lumpOffset);

// A stored (uncompressed) ZIP of the files in the given order, as vbsp embeds them (date 1980-01-01 00:00).
[[nodiscard]] Bytes writePakfile(const std::vector<std::pair<std::string, Bytes>>& files);

}  // namespace vestige::source::bsp
