// Texm reader, writer, decoder and encoder. Layout picture: include/vestige/iron3d/texm/texm.hpp.
#include "vestige/iron3d/texm/texm.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>

namespace vestige::iron3d::texm {

static_assert(std::endian::native == std::endian::little, "the 4444 decoder stores RGBA as one little-endian word");

bool isKnownFormat(std::uint32_t format) {
    return std::any_of(kFormats.begin(), kFormats.end(), [&](Format f) { return static_cast<std::uint32_t>(f) == format; });
}

std::uint32_t bytesPerPixel(Format format) {
    switch (format) {
    case Format::Indexed: return 1;
    case Format::Rgb565:
    case Format::Rgb556:
    case Format::Argb4444:
    case Format::La88: return 2;
    case Format::Rgb888:
    case Format::Argb8888: return 4;
    }
    return 0;
}

std::string_view formatName(Format format) {
    switch (format) {
    case Format::Indexed: return "indexed";
    case Format::Rgb565: return "565";
    case Format::Rgb556: return "556";
    case Format::Argb4444: return "4444";
    case Format::La88: return "88";
    case Format::Rgb888: return "888";
    case Format::Argb8888: return "8888";
    }
    return "unknown";
}

Result<std::vector<MipSize>> mipChain(std::uint32_t width, std::uint32_t height, std::uint32_t mipCount,
                                      std::uint32_t format) {
    if (!isKnownFormat(format))
        return Error("texm.bad_format", "unknown pixel format").field("format").expected("0, 565, 556, 4444, 88, 888 or 8888").actual(std::to_string(format));
    if (width == 0 || height == 0 || width > kMaxSide || height > kMaxSide)
        return Error("texm.bad_size", "width and height must be 1.." + std::to_string(kMaxSide))
            .field(width == 0 || width > kMaxSide ? "width" : "height")
            .actual(fmt::format("{}x{}", width, height));
    if (mipCount == 0 || mipCount > kMaxMipCount)
        return Error("texm.bad_mip_count", "mip_count must be 1.." + std::to_string(kMaxMipCount))
            .field("mip_count")
            .actual(std::to_string(mipCount));
    const std::uint64_t bpp = bytesPerPixel(static_cast<Format>(format));
    std::vector<MipSize> out;
    out.reserve(mipCount);
    std::uint32_t w = width, h = height;
    for (std::uint32_t i = 0; i < mipCount; ++i) {
        // w, h <= 65536 and bpp <= 4: the product fits in 64 bits without a check.
        out.push_back({w, h, static_cast<std::uint64_t>(w) * h * bpp});
        w = std::max<std::uint32_t>(1, w >> 1);
        h = std::max<std::uint32_t>(1, h >> 1);
    }
    return out;
}

MipSize Texture::mipSize(std::uint32_t level) const {
    std::uint32_t w = header.width, h = header.height;
    for (std::uint32_t i = 0; i < level; ++i) {
        w = std::max<std::uint32_t>(1, w >> 1);
        h = std::max<std::uint32_t>(1, h >> 1);
    }
    return {w, h, static_cast<std::uint64_t>(w) * h * bytesPerPixel(format())};
}

Result<Header> readHeader(ByteView data, std::uint64_t baseOffset) {
    ByteReader r(data, baseOffset);
    VESTIGE_TRY(const std::uint32_t magic, r.u32("magic"));
    if (magic != kMagic)
        return Error("texm.bad_magic", "not a Texm texture").field("magic").at(baseOffset).expected("54 65 78 6D (\"Texm\")").actual(hexBytes(data.first(4)));
    Header h;
    VESTIGE_TRY(h.width, r.u32("width"));
    VESTIGE_TRY(h.height, r.u32("height"));
    VESTIGE_TRY(h.mipCount, r.u32("mip_count"));
    VESTIGE_TRY(h.flags4, r.u32("flags4"));
    VESTIGE_TRY(h.flags5, r.u32("flags5"));
    VESTIGE_TRY(h.unknown6, r.u32("unknown6"));
    VESTIGE_TRY(h.format, r.u32("format"));
    return h;
}

Result<Texture> read(ByteView data, std::uint64_t baseOffset) {
    VESTIGE_TRY(Header h, readHeader(data, baseOffset));
    auto chain = mipChain(h.width, h.height, h.mipCount, h.format);
    if (!chain) {
        // Point at the field that made the chain invalid.
        const auto field = chain.error().find("field").value_or("format");
        const std::uint64_t off = field == "width" ? 4 : field == "height" ? 8 : field == "mip_count" ? 12 : 28;
        chain.error().at(baseOffset + off);
        return std::move(chain).error();
    }
    ByteReader r(data, baseOffset);
    VESTIGE_CHECK(r.skip(kHeaderSize));
    Texture t;
    t.header = h;
    if (t.format() == Format::Indexed) {
        VESTIGE_TRY(ByteView pal, r.bytes(kPaletteSize, "palette"));
        t.palette.assign(pal.begin(), pal.end());
    }
    // Sum the level sizes with overflow checks and compare with what is left before copying anything.
    std::uint64_t total = 0;
    for (const auto& m : *chain)
        if (!checkedAdd(total, m.bytes, total))
            return Error("texm.overflow", "mip chain size overflows").field("mip_count").at(baseOffset + 12);
    if (total > r.remaining())
        return Error("texm.truncated", "mip chain runs past the end of the payload")
            .field("mips")
            .at(r.absolute())
            .expected(fmt::format("{} byte(s) of mips", total))
            .actual(fmt::format("{} remaining", r.remaining()));
    t.mips.reserve(chain->size());
    for (std::size_t i = 0; i < chain->size(); ++i) {
        VESTIGE_TRY(ByteView level, r.bytes(static_cast<std::size_t>((*chain)[i].bytes), "mip"));
        t.mips.emplace_back(level.begin(), level.end());
    }
    if (r.atEnd()) return t;
    // Only a complete Page chunk may follow the mips.
    const std::uint64_t pageAt = r.absolute();
    if (r.remaining() < kPageHeaderSize)
        return Error("texm.bad_tail", "bytes after the mips are neither EOF nor a Page chunk")
            .field("page")
            .at(pageAt)
            .expected("EOF or \"Page\" chunk")
            .actual(fmt::format("{} byte(s): {}", r.remaining(), hexBytes(r.rest())));
    VESTIGE_TRY(const std::uint32_t pm, r.u32("page.magic"));
    if (pm != kPageMagic)
        return Error("texm.bad_tail", "bytes after the mips are neither EOF nor a Page chunk")
            .field("page.magic")
            .at(pageAt)
            .expected("50 61 67 65 (\"Page\")")
            .actual(hexBytes(data.subspan(pageAt - baseOffset, 4)));
    VESTIGE_TRY(const std::uint32_t count, r.u32("page.rect_count"));
    const std::uint64_t want = static_cast<std::uint64_t>(count) * kPageRectSize;  // < 2^35: no overflow
    if (want != r.remaining())
        return Error("texm.bad_page", "Page chunk size does not match its rect_count")
            .field("page.rect_count")
            .at(pageAt + 4)
            .expected(fmt::format("{} byte(s) of rects", want))
            .actual(fmt::format("{} byte(s)", r.remaining()));
    VESTIGE_TRY(ByteReader rects, r.array(count, kPageRectSize, "page.rects"));
    std::vector<PageRect> page;
    page.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        PageRect pr;
        VESTIGE_TRY(pr.x, rects.i16("page.rect.x"));
        VESTIGE_TRY(pr.width, rects.i16("page.rect.width"));
        VESTIGE_TRY(pr.y, rects.i16("page.rect.y"));
        VESTIGE_TRY(pr.height, rects.i16("page.rect.height"));
        page.push_back(pr);
    }
    t.page = std::move(page);
    VESTIGE_CHECK(r.expectEnd("the Texm payload"));
    return t;
}

Result<Bytes> write(const Texture& t) {
    const Header& h = t.header;
    VESTIGE_TRY(auto chain, mipChain(h.width, h.height, h.mipCount, h.format));
    if (t.format() == Format::Indexed && t.palette.size() != kPaletteSize)
        return Error("texm.bad_palette", "an indexed texture needs a 1024-byte palette").field("palette").actual(std::to_string(t.palette.size()));
    if (t.format() != Format::Indexed && !t.palette.empty())
        return Error("texm.bad_palette", "only indexed textures carry a palette").field("palette");
    if (t.mips.size() != chain.size())
        return Error("texm.bad_mips", "level count differs from mip_count").field("mips").expected(std::to_string(chain.size())).actual(std::to_string(t.mips.size()));
    for (std::size_t i = 0; i < chain.size(); ++i)
        if (t.mips[i].size() != chain[i].bytes)
            return Error("texm.bad_mips", "level byte count differs from its size").record(i).field("mips").expected(std::to_string(chain[i].bytes)).actual(std::to_string(t.mips[i].size()));
    if (t.page && t.page->size() > 0xFFFFFFFFull) return Error("texm.bad_page", "too many Page rects").field("page");
    ByteWriter w;
    for (std::uint32_t v : {kMagic, h.width, h.height, h.mipCount, h.flags4, h.flags5, h.unknown6, h.format}) w.u32(v);
    w.bytes(t.palette);
    for (const auto& m : t.mips) w.bytes(m);
    if (t.page) {
        w.u32(kPageMagic);
        w.u32(static_cast<std::uint32_t>(t.page->size()));
        for (const auto& r : *t.page) {
            w.i16(r.x);
            w.i16(r.width);
            w.i16(r.y);
            w.i16(r.height);
        }
    }
    return w.take();
}

std::uint8_t expand4(std::uint32_t v, Expansion e) {
    v &= 0xF;
    (void)e;  // both rules agree for 4 bits: v*17 == v<<4|v
    return static_cast<std::uint8_t>(v * 17);
}
std::uint8_t expand5(std::uint32_t v, Expansion e) {
    v &= 0x1F;
    return static_cast<std::uint8_t>(e == Expansion::Rounding ? (v * 255 + 15) / 31 : (v << 3) | (v >> 2));
}
std::uint8_t expand6(std::uint32_t v, Expansion e) {
    v &= 0x3F;
    return static_cast<std::uint8_t>(e == Expansion::Rounding ? (v * 255 + 31) / 63 : (v << 2) | (v >> 4));
}

namespace {

struct Tables {
    std::array<std::uint8_t, 32> e5{};
    std::array<std::uint8_t, 64> e6{};
    explicit Tables(Expansion e) {
        for (std::uint32_t v = 0; v < 32; ++v) e5[v] = expand5(v, e);
        for (std::uint32_t v = 0; v < 64; ++v) e6[v] = expand6(v, e);
    }
};

const Tables& tables(Expansion e) {
    static const Tables rounding(Expansion::Rounding);
    static const Tables replication(Expansion::Replication);
    return e == Expansion::Rounding ? rounding : replication;
}

}  // namespace

void decodePixels(Format format, const std::uint8_t* source, std::size_t n, const std::uint8_t* palette, std::uint8_t* target,
                  Expansion expansion) {
    // Source and target never overlap; saying so lets the compiler vectorise the per-pixel loops.
    const std::uint8_t* __restrict in = source;
    std::uint8_t* __restrict out = target;
    const Tables& t = tables(expansion);
    switch (format) {
    case Format::Indexed:
        // Palette entry bytes go to RGBA in stored order.
        for (std::size_t i = 0; i < n; ++i) std::memcpy(out + i * 4, palette + static_cast<std::size_t>(in[i]) * 4, 4);
        return;
    case Format::Rgb565:
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t v = loadU16(in + i * 2);
            out[i * 4 + 0] = t.e5[v >> 11];
            out[i * 4 + 1] = t.e6[(v >> 5) & 0x3F];
            out[i * 4 + 2] = t.e5[v & 0x1F];
            out[i * 4 + 3] = 255;
        }
        return;
    case Format::Rgb556:
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t v = loadU16(in + i * 2);
            out[i * 4 + 0] = t.e5[v >> 11];
            out[i * 4 + 1] = t.e5[(v >> 6) & 0x1F];
            out[i * 4 + 2] = t.e6[v & 0x3F];
            out[i * 4 + 3] = 255;
        }
        return;
    case Format::Argb4444:
        for (std::size_t i = 0; i < n; ++i) {
            // Spread the four nibbles into the four bytes (A R G B -> R G B A), then x17 widens all at once.
            const std::uint32_t v = loadU16(in + i * 2);
            const std::uint32_t spread = ((v >> 8) & 0xF) | (((v >> 4) & 0xF) << 8) | ((v & 0xF) << 16) | ((v >> 12) << 24);
            const std::uint32_t rgba = spread * 17;  // no carries: each byte is at most 15 * 17 = 255
            std::memcpy(out + i * 4, &rgba, 4);      // little-endian host (checked below)
        }
        return;
    case Format::La88:
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint8_t a = in[i * 2], l = in[i * 2 + 1];  // little-endian u16: low byte first
            out[i * 4 + 0] = l;
            out[i * 4 + 1] = l;
            out[i * 4 + 2] = l;
            out[i * 4 + 3] = a;
        }
        return;
    case Format::Rgb888:
        for (std::size_t i = 0; i < n; ++i) {
            out[i * 4 + 0] = in[i * 4 + 0];
            out[i * 4 + 1] = in[i * 4 + 1];
            out[i * 4 + 2] = in[i * 4 + 2];
            out[i * 4 + 3] = 255;
        }
        return;
    case Format::Argb8888:
        for (std::size_t i = 0; i < n; ++i) {
            out[i * 4 + 0] = in[i * 4 + 1];
            out[i * 4 + 1] = in[i * 4 + 2];
            out[i * 4 + 2] = in[i * 4 + 3];
            out[i * 4 + 3] = in[i * 4 + 0];
        }
        return;
    }
}

Result<image::Image> decode(const Texture& t, std::uint32_t level, Expansion expansion) {
    if (level >= t.mips.size())
        return Error("texm.bad_level", "no such mip level").field("mip").expected(fmt::format("0..{}", t.mips.size() == 0 ? 0 : t.mips.size() - 1)).actual(std::to_string(level));
    if (!isKnownFormat(t.header.format)) return Error("texm.bad_format", "unknown pixel format").field("format").actual(std::to_string(t.header.format));
    const MipSize m = t.mipSize(level);
    if (t.mips[level].size() != m.bytes)
        return Error("texm.bad_mips", "level byte count differs from its size").record(level).field("mips");
    if (t.format() == Format::Indexed && t.palette.size() != kPaletteSize)
        return Error("texm.bad_palette", "an indexed texture needs a 1024-byte palette").field("palette");
    if (m.width > image::kMaxSide || m.height > image::kMaxSide)
        return Error("texm.too_large", "level is larger than an image may be").field("width").actual(fmt::format("{}x{}", m.width, m.height));
    image::Image img(m.width, m.height);
    decodePixels(t.format(), t.mips[level].data(), static_cast<std::size_t>(m.width) * m.height, t.palette.data(), img.data(),
                 expansion);
    return img;
}

namespace {

std::uint32_t quantise(std::uint8_t v, std::uint32_t bits) {
    const std::uint32_t maxv = (1u << bits) - 1;
    return (static_cast<std::uint32_t>(v) * maxv + 127) / 255;
}

image::Image halve(const image::Image& src) {
    const std::uint32_t w = std::max<std::uint32_t>(1, src.width() >> 1), h = std::max<std::uint32_t>(1, src.height() >> 1);
    image::Image dst(w, h);
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) {
            std::uint32_t acc[4] = {0, 0, 0, 0};
            std::uint32_t n = 0;
            for (std::uint32_t dy = 0; dy < 2; ++dy)
                for (std::uint32_t dx = 0; dx < 2; ++dx) {
                    const std::uint32_t sx = std::min(src.width() - 1, x * 2 + dx), sy = std::min(src.height() - 1, y * 2 + dy);
                    const auto c = src.at(sx, sy);
                    acc[0] += c.r; acc[1] += c.g; acc[2] += c.b; acc[3] += c.a;
                    ++n;
                }
            dst.set(x, y, {static_cast<std::uint8_t>((acc[0] + n / 2) / n), static_cast<std::uint8_t>((acc[1] + n / 2) / n),
                           static_cast<std::uint8_t>((acc[2] + n / 2) / n), static_cast<std::uint8_t>((acc[3] + n / 2) / n)});
        }
    return dst;
}

}  // namespace

Result<Texture> encode(const image::Image& src, const EncodeOptions& o) {
    const auto format = static_cast<std::uint32_t>(o.format);
    VESTIGE_TRY(auto chain, mipChain(src.width(), src.height(), o.mipCount, format));
    Texture t;
    t.header = {src.width(), src.height(), o.mipCount, o.flags4, o.flags5, o.unknown6, format};
    t.page = o.page;
    std::map<std::uint32_t, std::uint8_t> paletteIndex;  // RGBA packed -> index (lookup only; order is first use)
    if (o.format == Format::Indexed) t.palette.assign(kPaletteSize, 0);
    image::Image level = src;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        if (i > 0) level = halve(level);
        Bytes px;
        px.reserve(static_cast<std::size_t>(chain[i].bytes));
        for (std::uint32_t y = 0; y < level.height(); ++y)
            for (std::uint32_t x = 0; x < level.width(); ++x) {
                const auto c = level.at(x, y);
                switch (o.format) {
                case Format::Indexed: {
                    const std::uint32_t key = c.r | (c.g << 8) | (c.b << 16) | (static_cast<std::uint32_t>(c.a) << 24);
                    auto it = paletteIndex.find(key);
                    if (it == paletteIndex.end()) {
                        if (paletteIndex.size() == 256)
                            return Error("texm.palette_full", "more than 256 distinct colours for an indexed texture").record(i);
                        const auto idx = static_cast<std::uint8_t>(paletteIndex.size());
                        std::memcpy(t.palette.data() + idx * 4, &key, 4);  // little-endian host: R, G, B, A
                        it = paletteIndex.emplace(key, idx).first;
                    }
                    px.push_back(it->second);
                    break;
                }
                case Format::Rgb565: {
                    const auto v = (quantise(c.r, 5) << 11) | (quantise(c.g, 6) << 5) | quantise(c.b, 5);
                    px.push_back(static_cast<std::uint8_t>(v)); px.push_back(static_cast<std::uint8_t>(v >> 8));
                    break;
                }
                case Format::Rgb556: {
                    const auto v = (quantise(c.r, 5) << 11) | (quantise(c.g, 5) << 6) | quantise(c.b, 6);
                    px.push_back(static_cast<std::uint8_t>(v)); px.push_back(static_cast<std::uint8_t>(v >> 8));
                    break;
                }
                case Format::Argb4444: {
                    const auto v = (quantise(c.a, 4) << 12) | (quantise(c.r, 4) << 8) | (quantise(c.g, 4) << 4) | quantise(c.b, 4);
                    px.push_back(static_cast<std::uint8_t>(v)); px.push_back(static_cast<std::uint8_t>(v >> 8));
                    break;
                }
                case Format::La88:
                    px.push_back(c.a);
                    px.push_back(static_cast<std::uint8_t>((c.r * 77u + c.g * 150u + c.b * 29u + 128) >> 8));
                    break;
                case Format::Rgb888:
                    px.insert(px.end(), {c.r, c.g, c.b, o.serviceByte});
                    break;
                case Format::Argb8888:
                    px.insert(px.end(), {c.a, c.r, c.g, c.b});
                    break;
                }
            }
        t.mips.push_back(std::move(px));
    }
    return t;
}

PageRect scaleRect(PageRect r, std::uint32_t baseW, std::uint32_t baseH, std::uint32_t mipW, std::uint32_t mipH) {
    auto floorDiv = [](std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
    auto ceilDiv = [&](std::int64_t a, std::int64_t b) { return -floorDiv(-a, b); };
    auto axis = [&](std::int16_t origin, std::int16_t size, std::uint32_t base, std::uint32_t mip, std::int16_t& o, std::int16_t& s) {
        if (base == 0) { o = origin; s = size; return; }
        const std::int64_t start = floorDiv(static_cast<std::int64_t>(origin) * mip, base);
        const std::int64_t end = ceilDiv((static_cast<std::int64_t>(origin) + size) * mip, base);
        o = static_cast<std::int16_t>(start);
        s = static_cast<std::int16_t>(end - start);
    };
    PageRect out;
    axis(r.x, r.width, baseW, mipW, out.x, out.width);
    axis(r.y, r.height, baseH, mipH, out.y, out.height);
    return out;
}

}  // namespace vestige::iron3d::texm
