// Pixel decoding to RGBA8 and encoding of the uncompressed formats.
//
// Channel order follows the format name in memory order for byte formats (BGRA8888: B, G, R, A bytes);
// packed 16-bit formats list channels from the lowest bits up (BGR565: B bits 0-4, G 5-10, R 11-15),
// which is Direct3D's R5G6B5 / A1R5G5B5 / A4R4G4B4. Interpretations chosen where no colour exists:
//   I8 -> (i, i, i, 255); IA88 -> (i, i, i, a); A8 -> (0, 0, 0, a);
//   *_BLUESCREEN: pure blue (0, 0, 255) -> (0, 0, 0, 0), everything else opaque;
//   BGRX/X formats -> alpha 255; UV88 / UVWQ8888 (signed) -> value + 128 per channel, UV88 has B 0, A 255;
//   UVLX8888: U, V signed (+128), L, X unsigned; RGBA16161616 -> round(v * 255 / 65535);
//   half and 32-bit floats -> clamp(v, 0, 1) * 255 rounded; R32F -> grey.
// DXT colours expand 5/6-bit endpoints by bit replication and interpolate in 8-bit with truncating integer
// division: (2a + b) / 3, (a + b) / 2, DXT5 alpha (6a + b) / 7 and (4a + b) / 5. With truncation the five corpus
// samples decode bit-exactly against their reference PNGs (rounding to nearest left 862 / 80 pixels off by 1).
#include <fmt/format.h>

#include <cmath>
#include <cstring>

#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::vtf {

namespace {

using image::Image;

inline std::uint8_t expand5(std::uint32_t v) { return static_cast<std::uint8_t>((v << 3) | (v >> 2)); }
inline std::uint8_t expand6(std::uint32_t v) { return static_cast<std::uint8_t>((v << 2) | (v >> 4)); }
inline std::uint8_t expand4(std::uint32_t v) { return static_cast<std::uint8_t>((v << 4) | v); }
inline std::uint8_t unitToByte(float f) {
    if (!(f > 0.0f)) return 0;  // NaN and negatives
    if (f >= 1.0f) return 255;
    return static_cast<std::uint8_t>(std::lround(f * 255.0f));
}

float halfToFloat(std::uint16_t h) {
    const std::uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1F, mant = h & 0x3FF;
    float v;
    if (exp == 0)
        v = std::ldexp(static_cast<float>(mant), -24);
    else if (exp == 31)
        v = mant ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
    else
        v = std::ldexp(static_cast<float>(mant | 0x400), static_cast<int>(exp) - 25);
    return sign ? -v : v;
}

std::uint16_t floatToHalf(float f) {
    // Only used for values in [0, 1] coming from 8-bit channels: exact enough with round-to-nearest.
    if (!(f > 0.0f)) return 0;
    int e = 0;
    const float m = std::frexp(f, &e);  // f = m * 2^e, m in [0.5, 1)
    int exp = e - 1 + 15;
    if (exp <= 0) return static_cast<std::uint16_t>(std::lround(std::ldexp(f, 24)));
    std::uint32_t mant = static_cast<std::uint32_t>(std::lround((m * 2.0f - 1.0f) * 1024.0f));
    if (mant == 1024) {
        mant = 0;
        ++exp;
    }
    return static_cast<std::uint16_t>((exp << 10) | mant);
}

void decodeColorBlock(const std::uint8_t* b, bool alwaysFourColour, bool punchThrough, std::uint8_t out[16][4]) {
    const std::uint16_t c0 = loadU16(b), c1 = loadU16(b + 2);
    std::uint8_t pal[4][4];
    pal[0][0] = expand5(c0 >> 11), pal[0][1] = expand6((c0 >> 5) & 63), pal[0][2] = expand5(c0 & 31), pal[0][3] = 255;
    pal[1][0] = expand5(c1 >> 11), pal[1][1] = expand6((c1 >> 5) & 63), pal[1][2] = expand5(c1 & 31), pal[1][3] = 255;
    if (alwaysFourColour || c0 > c1) {
        for (int k = 0; k < 3; ++k) {
            pal[2][k] = static_cast<std::uint8_t>((2 * pal[0][k] + pal[1][k]) / 3);
            pal[3][k] = static_cast<std::uint8_t>((pal[0][k] + 2 * pal[1][k]) / 3);
        }
        pal[2][3] = pal[3][3] = 255;
    } else {
        for (int k = 0; k < 3; ++k) {
            pal[2][k] = static_cast<std::uint8_t>((pal[0][k] + pal[1][k]) / 2);
            pal[3][k] = 0;
        }
        pal[2][3] = 255;
        pal[3][3] = punchThrough ? 0 : 255;
    }
    const std::uint32_t bits = loadU32(b + 4);
    for (int i = 0; i < 16; ++i) std::memcpy(out[i], pal[(bits >> (2 * i)) & 3], 4);
}

void decodeDxt(std::int32_t format, ByteView data, std::uint32_t w, std::uint32_t h, bool punchThrough, Image& img) {
    const std::uint32_t bw = std::max(1u, (w + 3) / 4), bh = std::max(1u, (h + 3) / 4);
    const std::size_t blockBytes = format == static_cast<std::int32_t>(Format::DXT1) ||
                                           format == static_cast<std::int32_t>(Format::DXT1_ONEBITALPHA)
                                       ? 8
                                       : 16;
    const bool dxt1 = blockBytes == 8;
    std::uint8_t px[16][4];
    const std::uint8_t* p = data.data();
    std::uint8_t* dst = img.data();
    for (std::uint32_t by = 0; by < bh; ++by)
        for (std::uint32_t bx = 0; bx < bw; ++bx, p += blockBytes) {
            if (dxt1) {
                decodeColorBlock(p, false, punchThrough, px);
            } else {
                decodeColorBlock(p + 8, true, false, px);
                if (format == static_cast<std::int32_t>(Format::DXT3)) {
                    const std::uint64_t a = loadU64(p);
                    for (int i = 0; i < 16; ++i) px[i][3] = expand4(static_cast<std::uint32_t>((a >> (4 * i)) & 15));
                } else {
                    const std::uint32_t a0 = p[0], a1 = p[1];
                    std::uint32_t pal[8] = {a0, a1};
                    if (a0 > a1) {
                        for (std::uint32_t k = 1; k < 7; ++k) pal[k + 1] = ((7 - k) * a0 + k * a1) / 7;
                    } else {
                        for (std::uint32_t k = 1; k < 5; ++k) pal[k + 1] = ((5 - k) * a0 + k * a1) / 5;
                        pal[6] = 0;
                        pal[7] = 255;
                    }
                    std::uint64_t bits = 0;
                    for (int i = 0; i < 6; ++i) bits |= std::uint64_t{p[2 + i]} << (8 * i);
                    for (int i = 0; i < 16; ++i) px[i][3] = static_cast<std::uint8_t>(pal[(bits >> (3 * i)) & 7]);
                }
            }
            for (std::uint32_t y = 0; y < 4; ++y) {
                const std::uint32_t yy = by * 4 + y;
                if (yy >= h) break;
                for (std::uint32_t x = 0; x < 4; ++x) {
                    const std::uint32_t xx = bx * 4 + x;
                    if (xx >= w) break;
                    std::memcpy(dst + (std::size_t{yy} * w + xx) * 4, px[y * 4 + x], 4);
                }
            }
        }
}

}  // namespace

Result<Image> decode(std::int32_t format, ByteView data, std::uint32_t w, std::uint32_t h,
                     const DecodeOptions& options) {
    if (w == 0 || h == 0 || w > image::kMaxSide || h > image::kMaxSide)
        return Error("vtf.bad_size", "image size out of range").actual(fmt::format("{}x{}", w, h));
    if (format == static_cast<std::int32_t>(Format::P8))
        return Error("vtf.unsupported_format", "P8 (paletted) textures carry no palette in the file; not supported")
            .field("highResImageFormat")
            .actual("P8 (7)");
    VESTIGE_TRY(std::uint64_t want, imageBytes(format, w, h));
    if (format < 0) return Error("vtf.unsupported_format", "no image format").actual("NONE");
    if (data.size() != want)
        return Error("vtf.bad_size", "pixel data size does not match the image")
            .expected(std::to_string(want))
            .actual(std::to_string(data.size()));
    Image img(w, h, {0, 0, 0, 255});
    if (isBlockCompressed(format)) {
        const bool punch = options.oneBitAlpha || format == static_cast<std::int32_t>(Format::DXT1_ONEBITALPHA);
        decodeDxt(format, data, w, h, punch, img);
        return img;
    }
    const std::size_t n = std::size_t{w} * h;
    const std::uint8_t* s = data.data();
    std::uint8_t* d = img.data();
    auto put = [&](std::size_t i, std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
        d[i * 4] = r, d[i * 4 + 1] = g, d[i * 4 + 2] = b, d[i * 4 + 3] = a;
    };
    switch (static_cast<Format>(format)) {
        case Format::RGBA8888:
            std::memcpy(d, s, n * 4);
            break;
        case Format::ABGR8888:
            for (std::size_t i = 0; i < n; ++i, s += 4) put(i, s[3], s[2], s[1], s[0]);
            break;
        case Format::RGB888:
            for (std::size_t i = 0; i < n; ++i, s += 3) put(i, s[0], s[1], s[2], 255);
            break;
        case Format::BGR888:
            for (std::size_t i = 0; i < n; ++i, s += 3) put(i, s[2], s[1], s[0], 255);
            break;
        case Format::RGB565:
            for (std::size_t i = 0; i < n; ++i, s += 2) {
                const std::uint32_t v = loadU16(s);
                put(i, expand5(v & 31), expand6((v >> 5) & 63), expand5(v >> 11), 255);
            }
            break;
        case Format::BGR565:
            for (std::size_t i = 0; i < n; ++i, s += 2) {
                const std::uint32_t v = loadU16(s);
                put(i, expand5(v >> 11), expand6((v >> 5) & 63), expand5(v & 31), 255);
            }
            break;
        case Format::I8:
            for (std::size_t i = 0; i < n; ++i) put(i, s[i], s[i], s[i], 255);
            break;
        case Format::IA88:
            for (std::size_t i = 0; i < n; ++i, s += 2) put(i, s[0], s[0], s[0], s[1]);
            break;
        case Format::A8:
            for (std::size_t i = 0; i < n; ++i) put(i, 0, 0, 0, s[i]);
            break;
        case Format::RGB888_BLUESCREEN:
        case Format::BGR888_BLUESCREEN: {
            const bool rgb = format == static_cast<std::int32_t>(Format::RGB888_BLUESCREEN);
            for (std::size_t i = 0; i < n; ++i, s += 3) {
                const std::uint8_t r = rgb ? s[0] : s[2], g = s[1], b = rgb ? s[2] : s[0];
                if (r == 0 && g == 0 && b == 255)
                    put(i, 0, 0, 0, 0);
                else
                    put(i, r, g, b, 255);
            }
            break;
        }
        case Format::ARGB8888:
            // Stored G, B, A, R in real files despite the name (srctools' and VTFEdit's decoders agree).
            for (std::size_t i = 0; i < n; ++i, s += 4) put(i, s[3], s[0], s[1], s[2]);
            break;
        case Format::BGRA8888:
            for (std::size_t i = 0; i < n; ++i, s += 4) put(i, s[2], s[1], s[0], s[3]);
            break;
        case Format::BGRX8888:
            for (std::size_t i = 0; i < n; ++i, s += 4) put(i, s[2], s[1], s[0], 255);
            break;
        case Format::BGRX5551:
        case Format::BGRA5551: {
            const bool alpha = format == static_cast<std::int32_t>(Format::BGRA5551);
            for (std::size_t i = 0; i < n; ++i, s += 2) {
                const std::uint32_t v = loadU16(s);
                put(i, expand5((v >> 10) & 31), expand5((v >> 5) & 31), expand5(v & 31),
                    alpha ? ((v >> 15) ? 255 : 0) : 255);
            }
            break;
        }
        case Format::BGRA4444:
            for (std::size_t i = 0; i < n; ++i, s += 2) {
                const std::uint32_t v = loadU16(s);
                put(i, expand4((v >> 8) & 15), expand4((v >> 4) & 15), expand4(v & 15), expand4(v >> 12));
            }
            break;
        case Format::UV88:
            for (std::size_t i = 0; i < n; ++i, s += 2)
                put(i, static_cast<std::uint8_t>(s[0] ^ 0x80), static_cast<std::uint8_t>(s[1] ^ 0x80), 0, 255);
            break;
        case Format::UVWQ8888:
            for (std::size_t i = 0; i < n; ++i, s += 4)
                put(i, static_cast<std::uint8_t>(s[0] ^ 0x80), static_cast<std::uint8_t>(s[1] ^ 0x80),
                    static_cast<std::uint8_t>(s[2] ^ 0x80), static_cast<std::uint8_t>(s[3] ^ 0x80));
            break;
        case Format::UVLX8888:
            for (std::size_t i = 0; i < n; ++i, s += 4)
                put(i, static_cast<std::uint8_t>(s[0] ^ 0x80), static_cast<std::uint8_t>(s[1] ^ 0x80), s[2], s[3]);
            break;
        case Format::RGBA16161616F:
            for (std::size_t i = 0; i < n; ++i, s += 8)
                put(i, unitToByte(halfToFloat(loadU16(s))), unitToByte(halfToFloat(loadU16(s + 2))),
                    unitToByte(halfToFloat(loadU16(s + 4))), unitToByte(halfToFloat(loadU16(s + 6))));
            break;
        case Format::RGBA16161616: {
            auto c = [](std::uint32_t v) { return static_cast<std::uint8_t>((v * 255 + 32767) / 65535); };
            for (std::size_t i = 0; i < n; ++i, s += 8)
                put(i, c(loadU16(s)), c(loadU16(s + 2)), c(loadU16(s + 4)), c(loadU16(s + 6)));
            break;
        }
        case Format::R32F:
            for (std::size_t i = 0; i < n; ++i, s += 4) {
                const std::uint8_t g = unitToByte(loadF32(s));
                put(i, g, g, g, 255);
            }
            break;
        case Format::RGB323232F:
            for (std::size_t i = 0; i < n; ++i, s += 12)
                put(i, unitToByte(loadF32(s)), unitToByte(loadF32(s + 4)), unitToByte(loadF32(s + 8)), 255);
            break;
        case Format::RGBA32323232F:
            for (std::size_t i = 0; i < n; ++i, s += 16)
                put(i, unitToByte(loadF32(s)), unitToByte(loadF32(s + 4)), unitToByte(loadF32(s + 8)),
                    unitToByte(loadF32(s + 12)));
            break;
        default:
            return Error("vtf.unsupported_format", "format cannot be decoded").actual(formatName(format));
    }
    return img;
}

Result<Image> decodeImage(const Vtf& vtf, std::uint32_t mip, std::uint32_t frame, std::uint32_t face,
                          std::uint32_t slice) {
    VESTIGE_TRY(auto sub, vtf.subimage(mip, frame, face, slice));
    std::uint64_t end = 0;
    if (!checkedAdd(sub.first, sub.second, end) || end > vtf.highRes.size())
        return Error("vtf.truncated", "the file holds no high-res data for this subimage")
            .field("highResData")
            .expected(fmt::format("{} bytes", end))
            .actual(fmt::format("{} bytes", vtf.highRes.size()));
    DecodeOptions opt;
    opt.oneBitAlpha = (vtf.flags & flag::kOneBitAlpha) != 0;
    return decode(vtf.highResFormat, ByteView(vtf.highRes).subspan(sub.first, sub.second), vtf.mipWidth(mip),
                  vtf.mipHeight(mip), opt)
        .record(mip);
}

Result<Image> decodeThumbnail(const Vtf& vtf) {
    if (vtf.lowResFormat == -1 || vtf.lowRes.empty())
        return Error("vtf.no_thumbnail", "the file has no low-res thumbnail").field("lowResImageFormat");
    return decode(vtf.lowResFormat, vtf.lowRes, vtf.lowResWidth, vtf.lowResHeight);
}

Result<Bytes> encode(std::int32_t format, const Image& img) {
    const std::size_t n = std::size_t{img.width()} * img.height();
    VESTIGE_TRY(std::uint64_t want, imageBytes(format, img.width(), img.height()));
    if (isBlockCompressed(format) || format == static_cast<std::int32_t>(Format::P8) || format < 0)
        return Error("vtf.unsupported_format", "no encoder for this format (pass DXT bytes through buildVtfRaw)")
            .actual(formatName(format));
    Bytes out(static_cast<std::size_t>(want));
    const std::uint8_t* s = img.data();
    std::uint8_t* d = out.data();
    auto q = [](std::uint8_t v, int bits) { return static_cast<std::uint32_t>((v * ((1u << bits) - 1) + 127) / 255); };
    auto p16 = [&](std::size_t i, std::uint32_t v) {
        d[i * 2] = static_cast<std::uint8_t>(v), d[i * 2 + 1] = static_cast<std::uint8_t>(v >> 8);
    };
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t r = s[i * 4], g = s[i * 4 + 1], b = s[i * 4 + 2], a = s[i * 4 + 3];
        switch (static_cast<Format>(format)) {
            case Format::RGBA8888:
                d[i * 4] = r, d[i * 4 + 1] = g, d[i * 4 + 2] = b, d[i * 4 + 3] = a;
                break;
            case Format::ABGR8888:
                d[i * 4] = a, d[i * 4 + 1] = b, d[i * 4 + 2] = g, d[i * 4 + 3] = r;
                break;
            case Format::RGB888:
                d[i * 3] = r, d[i * 3 + 1] = g, d[i * 3 + 2] = b;
                break;
            case Format::BGR888:
                d[i * 3] = b, d[i * 3 + 1] = g, d[i * 3 + 2] = r;
                break;
            case Format::RGB888_BLUESCREEN:
            case Format::BGR888_BLUESCREEN: {
                std::uint8_t rr = r, gg = g, bb = b;
                if (a < 128) rr = 0, gg = 0, bb = 255;
                if (format == static_cast<std::int32_t>(Format::RGB888_BLUESCREEN))
                    d[i * 3] = rr, d[i * 3 + 2] = bb;
                else
                    d[i * 3] = bb, d[i * 3 + 2] = rr;
                d[i * 3 + 1] = gg;
                break;
            }
            case Format::RGB565:
                p16(i, q(r, 5) | (q(g, 6) << 5) | (q(b, 5) << 11));
                break;
            case Format::BGR565:
                p16(i, q(b, 5) | (q(g, 6) << 5) | (q(r, 5) << 11));
                break;
            case Format::I8:
                d[i] = static_cast<std::uint8_t>((r * 299 + g * 587 + b * 114 + 500) / 1000);
                break;
            case Format::IA88:
                d[i * 2] = static_cast<std::uint8_t>((r * 299 + g * 587 + b * 114 + 500) / 1000), d[i * 2 + 1] = a;
                break;
            case Format::A8:
                d[i] = a;
                break;
            case Format::ARGB8888:  // G, B, A, R (see decode)
                d[i * 4] = g, d[i * 4 + 1] = b, d[i * 4 + 2] = a, d[i * 4 + 3] = r;
                break;
            case Format::BGRA8888:
                d[i * 4] = b, d[i * 4 + 1] = g, d[i * 4 + 2] = r, d[i * 4 + 3] = a;
                break;
            case Format::BGRX8888:
                d[i * 4] = b, d[i * 4 + 1] = g, d[i * 4 + 2] = r, d[i * 4 + 3] = 255;
                break;
            case Format::BGRX5551:
                p16(i, q(b, 5) | (q(g, 5) << 5) | (q(r, 5) << 10) | 0x8000);
                break;
            case Format::BGRA5551:
                p16(i, q(b, 5) | (q(g, 5) << 5) | (q(r, 5) << 10) | (a >= 128 ? 0x8000 : 0));
                break;
            case Format::BGRA4444:
                p16(i, q(b, 4) | (q(g, 4) << 4) | (q(r, 4) << 8) | (q(a, 4) << 12));
                break;
            case Format::UV88:
                d[i * 2] = r ^ 0x80, d[i * 2 + 1] = g ^ 0x80;
                break;
            case Format::UVWQ8888:
                d[i * 4] = r ^ 0x80, d[i * 4 + 1] = g ^ 0x80, d[i * 4 + 2] = b ^ 0x80, d[i * 4 + 3] = a ^ 0x80;
                break;
            case Format::UVLX8888:
                d[i * 4] = r ^ 0x80, d[i * 4 + 1] = g ^ 0x80, d[i * 4 + 2] = b, d[i * 4 + 3] = a;
                break;
            case Format::RGBA16161616F: {
                const std::uint8_t c[4] = {r, g, b, a};
                for (int k = 0; k < 4; ++k) {
                    const std::uint16_t hv = floatToHalf(static_cast<float>(c[k]) / 255.0f);
                    d[i * 8 + k * 2] = static_cast<std::uint8_t>(hv),
                                  d[i * 8 + k * 2 + 1] = static_cast<std::uint8_t>(hv >> 8);
                }
                break;
            }
            case Format::RGBA16161616: {
                const std::uint8_t c[4] = {r, g, b, a};
                for (int k = 0; k < 4; ++k) d[i * 8 + k * 2] = c[k], d[i * 8 + k * 2 + 1] = c[k];  // v * 257
                break;
            }
            case Format::R32F: {
                const auto bits = std::bit_cast<std::uint32_t>(static_cast<float>(r) / 255.0f);
                for (int k = 0; k < 4; ++k) d[i * 4 + k] = static_cast<std::uint8_t>(bits >> (8 * k));
                break;
            }
            case Format::RGB323232F:
            case Format::RGBA32323232F: {
                const int count = format == static_cast<std::int32_t>(Format::RGB323232F) ? 3 : 4;
                const std::uint8_t c[4] = {r, g, b, a};
                for (int ch = 0; ch < count; ++ch) {
                    const auto bits = std::bit_cast<std::uint32_t>(static_cast<float>(c[ch]) / 255.0f);
                    for (int k = 0; k < 4; ++k)
                        d[(i * count + ch) * 4 + k] = static_cast<std::uint8_t>(bits >> (8 * k));
                }
                break;
            }
            default:
                return Error("vtf.unsupported_format", "no encoder for this format").actual(formatName(format));
        }
    }
    return out;
}

}  // namespace vestige::source::vtf
