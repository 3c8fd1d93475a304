// VTF reader (7.0-7.5).
//
//   offset  size  field
//   0       4     char[4] "VTF\0"
//   4       4     u32 versionMajor (7)
//   8       4     u32 versionMinor (0..5)
//   12      4     u32 headerSize          7.0/7.1: 64   7.2: 80   7.3+: 80 + 8 * numResources
//   16      2+2   u16 width, height
//   20      4     u32 flags
//   24      2     u16 frames
//   26      2     u16 firstFrame
//   28      4     padding (kept)
//   32      12    f32 reflectivity[3]
//   44      4     padding (kept)
//   48      4     f32 bumpScale
//   52      4     i32 highResImageFormat
//   56      1     u8  mipCount
//   57      4     i32 lowResImageFormat   (-1 = no thumbnail)
//   61      1+1   u8  lowResWidth, lowResHeight
//   63      2     u16 depth               (7.2+)
//   65      3     padding                 (7.3+)
//   68      4     u32 numResources        (7.3+)
//   72      8     padding                 (7.3+)
//   80      8*n   resource entries        (7.3+): u8 tag[3], u8 flags, u32 offset-or-value
//
//   7.0-7.2 body at headerSize:  [thumbnail][high-res]
//   7.3+ body: wherever the entries point: tag 01 00 00 thumbnail, 30 00 00 high-res, flag 0x02 = value
//              inline, any other tag -> u32 length + bytes.
//   high-res: for mip = mipCount-1 down to 0 (smallest first): for frame: for face: for slice: one image.
//
// Every header byte is kept in Vtf::rawHeader, and every file byte no region claims lands in Vtf::extras,
// so the writer reproduces the file exactly.
#include <fmt/format.h>

#include <algorithm>

#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::vtf {

namespace {

constexpr std::uint32_t kMaxResources = 32;  // Valve's MAX_RSRC_DICTIONARY_ENTRIES

Error fieldError(std::string code, std::string message, std::string field, std::uint64_t offset) {
    Error e(std::move(code), std::move(message));
    e.field(std::move(field)).at(offset);
    return e;
}

struct Region {
    std::uint64_t begin, end;
};

}  // namespace

Result<Vtf> readVtf(ByteView data, const ReadOptions& options) {
    Vtf v;
    ByteReader r(data);
    VESTIGE_TRY(std::uint32_t ident, r.u32("signature"));
    if (ident != kIdent)
        return fieldError("vtf.bad_magic", "not a VTF file", "signature", 0)
            .expected("56 54 46 00 (\"VTF\\0\")")
            .actual(hexBytes(data.first(4)));
    VESTIGE_TRY(v.versionMajor, r.u32("versionMajor"));
    VESTIGE_TRY(v.versionMinor, r.u32("versionMinor"));
    if (v.versionMajor != 7 || v.versionMinor > 5)
        return fieldError("vtf.bad_version", "unsupported VTF version",
                          v.versionMajor != 7 ? "versionMajor" : "versionMinor", v.versionMajor != 7 ? 4 : 8)
            .expected("7.0 .. 7.5")
            .actual(fmt::format("{}.{}", v.versionMajor, v.versionMinor));
    VESTIGE_TRY(v.headerSize, r.u32("headerSize"));
    const std::uint32_t minHeader = v.versionMinor >= 3 ? 80 : (v.versionMinor == 2 ? 65 : 63);
    if (v.headerSize < minHeader || v.headerSize > data.size())
        return fieldError("vtf.bad_header_size", "header size outside the file or too small for this version",
                          "headerSize", 12)
            .expected(fmt::format("{} .. {}", minHeader, data.size()))
            .actual(std::to_string(v.headerSize));
    VESTIGE_TRY(v.width, r.u16("width"));
    VESTIGE_TRY(v.height, r.u16("height"));
    VESTIGE_TRY(v.flags, r.u32("flags"));
    VESTIGE_TRY(v.frames, r.u16("frames"));
    VESTIGE_TRY(v.firstFrame, r.u16("firstFrame"));
    VESTIGE_CHECK(r.skip(4, "padding0"));
    VESTIGE_TRY(v.reflectivity.x, r.f32("reflectivity"));
    VESTIGE_TRY(v.reflectivity.y, r.f32("reflectivity"));
    VESTIGE_TRY(v.reflectivity.z, r.f32("reflectivity"));
    VESTIGE_CHECK(r.skip(4, "padding1"));
    VESTIGE_TRY(v.bumpScale, r.f32("bumpScale"));
    VESTIGE_TRY(v.highResFormat, r.i32("highResImageFormat"));
    VESTIGE_TRY(v.mipCount, r.u8("mipCount"));
    VESTIGE_TRY(v.lowResFormat, r.i32("lowResImageFormat"));
    VESTIGE_TRY(v.lowResWidth, r.u8("lowResWidth"));
    VESTIGE_TRY(v.lowResHeight, r.u8("lowResHeight"));
    v.depth = 1;
    if (v.versionMinor >= 2) { VESTIGE_TRY(v.depth, r.u16("depth")); }
    std::uint32_t numResources = 0;
    if (v.versionMinor >= 3) {
        VESTIGE_CHECK(r.skip(3, "padding2"));
        VESTIGE_TRY(numResources, r.u32("numResources"));
        if (numResources > kMaxResources)
            return fieldError("vtf.bad_resource_count", "too many resources", "numResources", 68)
                .expected(fmt::format("<= {}", kMaxResources))
                .actual(std::to_string(numResources));
    }

    // Validation of the interpreted fields, each naming its offset.
    if (v.width == 0 || v.width > options.maxSide)
        return fieldError("vtf.bad_size", "width out of range", "width", 16)
            .expected(fmt::format("1 .. {}", options.maxSide))
            .actual(std::to_string(v.width));
    if (v.height == 0 || v.height > options.maxSide)
        return fieldError("vtf.bad_size", "height out of range", "height", 18)
            .expected(fmt::format("1 .. {}", options.maxSide))
            .actual(std::to_string(v.height));
    if (v.depth == 0 || v.depth > options.maxSide)
        return fieldError("vtf.bad_size", "depth out of range", "depth", 63)
            .expected(fmt::format("1 .. {}", options.maxSide))
            .actual(std::to_string(v.depth));
    if (v.frames == 0) return fieldError("vtf.bad_frames", "zero frames", "frames", 24).expected(">= 1").actual("0");
    std::uint32_t maxMips = 1;
    for (std::uint32_t side = std::max({std::uint32_t{v.width}, std::uint32_t{v.height}, std::uint32_t{v.depth}});
         side > 1; side >>= 1)
        ++maxMips;
    if (v.mipCount == 0 || v.mipCount > maxMips)
        return fieldError("vtf.bad_mip_count", "mip count does not fit the image size", "mipCount", 56)
            .expected(fmt::format("1 .. {}", maxMips))
            .actual(std::to_string(v.mipCount));
    if (!isKnownFormat(v.highResFormat) || v.highResFormat == -1)
        return fieldError("vtf.unknown_format", "unsupported high-res image format", "highResImageFormat", 52)
            .expected("0 .. 29")
            .actual(std::to_string(v.highResFormat));
    if (!isKnownFormat(v.lowResFormat))
        return fieldError("vtf.unknown_format", "unsupported low-res image format", "lowResImageFormat", 57)
            .expected("-1 .. 29")
            .actual(std::to_string(v.lowResFormat));
    const bool hasThumb = v.lowResFormat != -1 && v.lowResWidth != 0 && v.lowResHeight != 0;
    VESTIGE_TRY(std::uint64_t lowBytes,
                hasThumb ? imageBytes(v.lowResFormat, v.lowResWidth, v.lowResHeight) : Result<std::uint64_t>(0));

    // Resource directory.
    std::uint64_t headerEnd = v.headerSize;
    if (v.versionMinor >= 3) {
        std::uint64_t dirEnd = 80 + std::uint64_t{numResources} * 8;
        if (dirEnd > data.size())
            return fieldError("vtf.truncated", "resource directory runs past the end of the file", "resources", 80)
                .expected(fmt::format("{} bytes", dirEnd))
                .actual(fmt::format("{} bytes", data.size()));
        headerEnd = std::max(headerEnd, dirEnd);
        VESTIGE_CHECK(r.seek(80));
        for (std::uint32_t i = 0; i < numResources; ++i) {
            Resource res;
            for (auto& b : res.tag) { VESTIGE_TRY(b, r.u8("resource.tag")); }
            VESTIGE_TRY(res.flags, r.u8("resource.flags"));
            VESTIGE_TRY(res.value, r.u32("resource.data"));
            // One image per kind: a second thumbnail or high-res entry would be ambiguous.
            if (res.isImage() && !res.inlineValue() && v.findResource(res.tag))
                return fieldError("vtf.duplicate_resource", "image resource listed twice", "resource.tag", 80 + i * 8)
                    .record(i)
                    .actual(res.tagText());
            v.resources.push_back(std::move(res));
        }
    }
    v.rawHeader.assign(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(headerEnd));

    // Envmaps hold 6 faces; 7.1-7.4 may add a sphere map, detected by the room the data has.
    const bool envmap = (v.flags & flag::kEnvmap) != 0;
    v.faces = envmap ? 6 : 1;
    std::vector<Region> regions{{0, headerEnd}};
    auto claim = [&](std::uint64_t offset, std::uint64_t size, const std::string& field,
                     std::uint64_t fieldOffset) -> Status {
        std::uint64_t end = 0;
        if (!checkedAdd(offset, size, end) || end > data.size())
            return fieldError("vtf.truncated", fmt::format("{} runs past the end of the file", field), field,
                              fieldOffset)
                .expected(fmt::format("{} bytes at offset {}", size, offset))
                .actual(fmt::format("file of {} bytes", data.size()));
        if (offset < headerEnd && size != 0)
            return fieldError("vtf.bad_offset", fmt::format("{} overlaps the header", field), field, fieldOffset)
                .expected(fmt::format(">= {}", headerEnd))
                .actual(std::to_string(offset));
        regions.push_back({offset, end});
        return {};
    };
    auto facesFor = [&](std::uint64_t offset, std::uint64_t limit) -> Status {
        if (!envmap || v.versionMinor < 1 || v.versionMinor > 4) return {};
        Vtf probe = v;
        probe.faces = 7;
        auto seven = probe.highResBytes();
        std::uint64_t end = 0;
        if (seven.ok() && checkedAdd(offset, *seven, end) && end <= limit) v.faces = 7;
        return {};
    };

    if (v.versionMinor < 3) {
        std::uint64_t at = v.headerSize;
        VESTIGE_CHECK(claim(at, lowBytes, "lowResData", at));
        v.lowRes.assign(data.begin() + static_cast<std::ptrdiff_t>(at),
                        data.begin() + static_cast<std::ptrdiff_t>(at + lowBytes));
        at += lowBytes;
        VESTIGE_CHECK(facesFor(at, data.size()));
        VESTIGE_TRY(std::uint64_t highBytes, v.highResBytes());
        VESTIGE_CHECK(claim(at, highBytes, "highResData", at));
        v.highRes.assign(data.begin() + static_cast<std::ptrdiff_t>(at),
                         data.begin() + static_cast<std::ptrdiff_t>(at + highBytes));
    } else {
        // Chunk starts, to bound the sphere-map probe of the high-res image.
        std::vector<std::uint64_t> starts;
        for (const auto& res : v.resources)
            if (!res.inlineValue()) starts.push_back(res.value);
        std::sort(starts.begin(), starts.end());
        for (std::size_t i = 0; i < v.resources.size(); ++i) {
            auto& res = v.resources[i];
            const std::uint64_t entryOffset = 80 + i * 8;
            if (res.inlineValue()) continue;
            if (res.tag == kTagLowRes) {
                if (!hasThumb) continue;  // a directory entry with no thumbnail in the header: nothing to read
                VESTIGE_CHECK(std::move(claim(res.value, lowBytes, "lowResData", entryOffset + 4)).record(i));
                v.lowRes.assign(data.begin() + res.value,
                                data.begin() + static_cast<std::ptrdiff_t>(res.value + lowBytes));
            } else if (res.tag == kTagHighRes) {
                auto next = std::upper_bound(starts.begin(), starts.end(), std::uint64_t{res.value});
                VESTIGE_CHECK(facesFor(res.value, next == starts.end() ? data.size() : *next));
                VESTIGE_TRY(std::uint64_t highBytes, v.highResBytes());
                VESTIGE_CHECK(std::move(claim(res.value, highBytes, "highResData", entryOffset + 4)).record(i));
                v.highRes.assign(data.begin() + res.value,
                                 data.begin() + static_cast<std::ptrdiff_t>(res.value + highBytes));
            } else {
                if (std::uint64_t{res.value} + 4 > data.size())
                    return fieldError("vtf.truncated", "resource chunk length runs past the end of the file",
                                      "resource.data", entryOffset + 4)
                        .record(i)
                        .actual(std::to_string(res.value));
                const std::uint32_t length = loadU32(data.data() + res.value);
                VESTIGE_CHECK(std::move(claim(res.value, std::uint64_t{length} + 4,
                                              fmt::format("resource '{}'", res.tagText()), entryOffset + 4))
                                  .record(i));
                res.data.assign(data.begin() + res.value + 4,
                                data.begin() + static_cast<std::ptrdiff_t>(res.value + 4 + length));
            }
        }
    }

    // Regions must not overlap; whatever lies between them is kept verbatim.
    std::sort(regions.begin(), regions.end(),
              [](const Region& a, const Region& b) { return a.begin != b.begin ? a.begin < b.begin : a.end < b.end; });
    std::uint64_t cursor = 0;
    for (const auto& reg : regions) {
        if (reg.begin == reg.end) continue;
        if (reg.begin < cursor)
            return Error("vtf.overlap", "two data regions overlap")
                .field("resource.data")
                .at(reg.begin)
                .expected(fmt::format(">= {}", cursor));
        if (reg.begin > cursor)
            v.extras.push_back({cursor, Bytes(data.begin() + static_cast<std::ptrdiff_t>(cursor),
                                              data.begin() + static_cast<std::ptrdiff_t>(reg.begin))});
        cursor = reg.end;
    }
    if (cursor < data.size())
        v.extras.push_back({cursor, Bytes(data.begin() + static_cast<std::ptrdiff_t>(cursor), data.end())});
    return v;
}

}  // namespace vestige::source::vtf
