// VTF writer and builder. The header is the file's own header bytes (rawHeader) with every field
// written over it, so padding survives; regions keep their offsets when those are consistent (a file
// from readVtf), and are packed in directory order otherwise (a built file).
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::vtf {

namespace {

void put8(Bytes& b, std::size_t at, std::uint8_t v) { b[at] = v; }
void put16(Bytes& b, std::size_t at, std::uint16_t v) {
    b[at] = static_cast<std::uint8_t>(v);
    b[at + 1] = static_cast<std::uint8_t>(v >> 8);
}
void put32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}
void putF32(Bytes& b, std::size_t at, float v) { put32(b, at, std::bit_cast<std::uint32_t>(v)); }

struct Placement {
    std::uint64_t offset = 0;
    Bytes data;         // owned copy (chunk resources need their u32 length prefix)
    int resource = -1;  // directory index whose value is this offset
};

bool overlaps(const std::vector<Placement>& placed, std::uint64_t headerEnd) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> spans{{0, headerEnd}};
    for (const auto& p : placed)
        if (!p.data.empty()) spans.emplace_back(p.offset, p.offset + p.data.size());
    std::sort(spans.begin(), spans.end());
    for (std::size_t i = 1; i < spans.size(); ++i)
        if (spans[i].first < spans[i - 1].second) return true;
    return false;
}

}  // namespace

Result<Bytes> writeVtf(const Vtf& v) {
    if (v.versionMajor != 7 || v.versionMinor > 5)
        return Error("vtf.bad_version", "can only write VTF 7.0 .. 7.5")
            .field("version")
            .actual(fmt::format("{}.{}", v.versionMajor, v.versionMinor));
    if (v.resources.size() > 32)
        return Error("vtf.bad_resource_count", "too many resources")
            .field("numResources")
            .actual(std::to_string(v.resources.size()));
    const bool dir = v.versionMinor >= 3;
    const std::uint64_t minHeader = dir ? 80 + 8 * v.resources.size() : (v.versionMinor == 2 ? 80 : 64);
    const std::uint32_t headerSize = v.headerSize != 0 ? v.headerSize : static_cast<std::uint32_t>(minHeader);
    const std::uint64_t headerEnd =
        std::max<std::uint64_t>({headerSize, dir ? minHeader : 0, v.rawHeader.size(), v.versionMinor >= 2 ? 65u : 63u});

    Bytes header = v.rawHeader;
    header.resize(headerEnd, 0);
    put32(header, 0, kIdent);
    put32(header, 4, v.versionMajor);
    put32(header, 8, v.versionMinor);
    put32(header, 12, headerSize);
    put16(header, 16, v.width);
    put16(header, 18, v.height);
    put32(header, 20, v.flags);
    put16(header, 24, v.frames);
    put16(header, 26, v.firstFrame);
    putF32(header, 32, v.reflectivity.x);
    putF32(header, 36, v.reflectivity.y);
    putF32(header, 40, v.reflectivity.z);
    putF32(header, 48, v.bumpScale);
    put32(header, 52, static_cast<std::uint32_t>(v.highResFormat));
    put8(header, 56, v.mipCount);
    put32(header, 57, static_cast<std::uint32_t>(v.lowResFormat));
    put8(header, 61, v.lowResWidth);
    put8(header, 62, v.lowResHeight);
    if (v.versionMinor >= 2) put16(header, 63, v.depth);

    std::vector<Placement> placed;
    if (!dir) {
        placed.push_back({headerSize, v.lowRes, -1});
        placed.push_back({headerSize + v.lowRes.size(), v.highRes, -1});
    } else {
        put32(header, 68, static_cast<std::uint32_t>(v.resources.size()));
        bool keepOffsets = true;
        for (std::size_t i = 0; i < v.resources.size(); ++i) {
            const auto& res = v.resources[i];
            if (res.inlineValue()) continue;
            Placement p{res.value, {}, static_cast<int>(i)};
            if (res.tag == kTagLowRes) {
                p.data = v.lowRes;
            } else if (res.tag == kTagHighRes) {
                p.data = v.highRes;
            } else {
                if (res.data.size() > 0xFFFFFFFFu) return Error("vtf.overflow", "resource chunk too large").record(i);
                p.data.resize(4);
                put32(p.data, 0, static_cast<std::uint32_t>(res.data.size()));
                p.data.insert(p.data.end(), res.data.begin(), res.data.end());
            }
            // An empty region (a thumbnail entry with no thumbnail) keeps whatever value it had.
            if (p.data.empty()) continue;
            if (res.value == 0 || res.value < headerEnd) keepOffsets = false;
            placed.push_back(std::move(p));
        }
        if (keepOffsets) {
            std::vector<Placement> all = placed;
            for (const auto& e : v.extras) all.push_back({e.offset, e.data, -1});
            keepOffsets = !overlaps(all, headerEnd);
        }
        if (!keepOffsets) {
            std::uint64_t at = headerEnd;
            for (auto& p : placed) {
                p.offset = at;
                at += p.data.size();
            }
        }
        for (const auto& p : placed) {
            if (p.offset > 0xFFFFFFFFu) return Error("vtf.overflow", "resource offset beyond 4 GiB").record(p.resource);
            put32(header, 80 + 8 * static_cast<std::size_t>(p.resource) + 4, static_cast<std::uint32_t>(p.offset));
        }
        for (std::size_t i = 0; i < v.resources.size(); ++i) {
            const auto& res = v.resources[i];
            std::memcpy(header.data() + 80 + 8 * i, res.tag.data(), 3);
            put8(header, 80 + 8 * i + 3, res.flags);
            const bool emptyImage = !res.inlineValue() && ((res.tag == kTagLowRes && v.lowRes.empty()) ||
                                                           (res.tag == kTagHighRes && v.highRes.empty()));
            if (res.inlineValue() || emptyImage) put32(header, 80 + 8 * i + 4, res.value);
        }
    }

    // Extras keep their offsets when they fit around everything else; otherwise they follow the data.
    std::uint64_t end = headerEnd;
    for (const auto& p : placed) end = std::max<std::uint64_t>(end, p.offset + p.data.size());
    std::vector<Placement> extras;
    {
        std::vector<Placement> all = placed;
        for (const auto& e : v.extras) all.push_back({e.offset, e.data, -1});
        const bool fit = !overlaps(all, headerEnd);
        std::uint64_t at = end;
        for (const auto& e : v.extras) {
            extras.push_back({fit ? e.offset : at, e.data, -1});
            at += e.data.size();
        }
    }
    for (const auto& p : extras) end = std::max<std::uint64_t>(end, p.offset + p.data.size());
    if (end > 0xFFFFFFFFu) return Error("vtf.overflow", "file larger than 4 GiB");

    Bytes out(static_cast<std::size_t>(end), 0);
    std::memcpy(out.data(), header.data(), header.size());
    for (const auto* list : {&placed, &extras})
        for (const auto& p : *list)
            if (!p.data.empty()) std::memcpy(out.data() + p.offset, p.data.data(), p.data.size());
    return out;
}

namespace {

Result<Vtf> headerFromSpec(const BuildSpec& s) {
    Vtf v;
    v.versionMinor = s.versionMinor;
    if (s.versionMinor > 5) return Error("vtf.bad_version", "VTF 7.0 .. 7.5 only").field("versionMinor");
    if (s.width == 0 || s.height == 0 || s.depth == 0 || s.frames == 0)
        return Error("vtf.bad_size", "width, height, depth and frames must be >= 1");
    if (s.depth != 1 && s.versionMinor < 2) return Error("vtf.bad_size", "volume textures need 7.2+").field("depth");
    if (s.faces != 1 && s.faces != 6 && s.faces != 7)
        return Error("vtf.bad_faces", "faces must be 1, 6 or 7").actual(std::to_string(s.faces));
    if (s.faces == 7 && (s.versionMinor < 1 || s.versionMinor > 4))
        return Error("vtf.bad_faces", "a sphere-map face exists only in 7.1 .. 7.4");
    if (!isKnownFormat(s.format) || s.format < 0)
        return Error("vtf.unknown_format", "unsupported format").actual(std::to_string(s.format));
    v.width = s.width;
    v.height = s.height;
    v.depth = s.depth;
    v.frames = s.frames;
    v.faces = s.faces;
    v.flags = s.flags | (s.faces != 1 ? flag::kEnvmap : 0);
    v.firstFrame = s.firstFrame;
    v.reflectivity = s.reflectivity;
    v.bumpScale = s.bumpScale;
    v.highResFormat = s.format;
    std::uint32_t full = 1;
    for (std::uint32_t side = std::max({std::uint32_t{s.width}, std::uint32_t{s.height}, std::uint32_t{s.depth}});
         side > 1; side >>= 1)
        ++full;
    if (s.mips > full)
        return Error("vtf.bad_mip_count", "more mips than the size allows").actual(std::to_string(s.mips));
    v.mipCount = static_cast<std::uint8_t>(s.mips == 0 ? full : s.mips);
    v.lowResFormat = s.lowResFormat;
    v.lowResWidth = s.lowResWidth;
    v.lowResHeight = s.lowResHeight;
    if (s.lowResFormat != -1) {
        VESTIGE_TRY(std::uint64_t lowBytes, imageBytes(s.lowResFormat, s.lowResWidth, s.lowResHeight));
        if (lowBytes != s.lowRes.size())
            return Error("vtf.bad_size", "thumbnail bytes do not match its format and size")
                .field("lowRes")
                .expected(std::to_string(lowBytes))
                .actual(std::to_string(s.lowRes.size()));
        v.lowRes = s.lowRes;
    }
    if (s.versionMinor >= 3) {
        if (s.lowResFormat != -1) v.resources.push_back({kTagLowRes, 0, 0, {}});
        v.resources.push_back({kTagHighRes, 0, 0, {}});
        for (const auto& r : s.extraResources) {
            if (r.isImage()) return Error("vtf.bad_resource", "image resources are made by the builder");
            v.resources.push_back(r);
            v.resources.back().value = r.inlineValue() ? r.value : 0;
        }
        // Valve keeps the directory sorted by tag.
        std::stable_sort(v.resources.begin(), v.resources.end(),
                         [](const Resource& a, const Resource& b) { return a.tag < b.tag; });
    }
    return v;
}

}  // namespace

Result<Vtf> buildVtfRaw(const BuildSpec& spec, Bytes highRes) {
    VESTIGE_TRY(Vtf v, headerFromSpec(spec));
    VESTIGE_TRY(std::uint64_t want, v.highResBytes());
    if (want != highRes.size())
        return Error("vtf.bad_size", "high-res bytes do not match the spec")
            .field("highRes")
            .expected(std::to_string(want))
            .actual(std::to_string(highRes.size()));
    v.highRes = std::move(highRes);
    return v;
}

Result<Vtf> buildVtf(const BuildSpec& spec, const SubimageSource& source) {
    VESTIGE_TRY(Vtf v, headerFromSpec(spec));
    VESTIGE_TRY(std::uint64_t want, v.highResBytes());
    Bytes high;
    high.reserve(static_cast<std::size_t>(want));
    for (std::uint32_t m = v.mipCount; m-- > 0;)
        for (std::uint32_t fr = 0; fr < v.frames; ++fr)
            for (std::uint32_t fa = 0; fa < v.faces; ++fa)
                for (std::uint32_t sl = 0; sl < v.mipDepth(m); ++sl) {
                    const image::Image img = source(m, fr, fa, sl);
                    if (img.width() != v.mipWidth(m) || img.height() != v.mipHeight(m))
                        return Error("vtf.bad_size", "subimage size does not match its mip level")
                            .record(m)
                            .expected(fmt::format("{}x{}", v.mipWidth(m), v.mipHeight(m)))
                            .actual(fmt::format("{}x{}", img.width(), img.height()));
                    VESTIGE_TRY(Bytes enc, encode(v.highResFormat, img));
                    high.insert(high.end(), enc.begin(), enc.end());
                }
    v.highRes = std::move(high);
    return v;
}

}  // namespace vestige::source::vtf
