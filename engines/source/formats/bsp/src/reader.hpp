#pragma once
// The VBSP reader's internals, shared by bsp_reader.cpp (header, lumps, typed records), game_lump.cpp (the game lump
// and static props) and validate.cpp (cross-lump index checks). Not installed: nothing outside src/ includes it.
#include <fmt/format.h>

#include "vestige/source/bsp/bsp.hpp"

namespace vestige::source::bsp::detail {

// Valve's MAX_MAP_* limits (Source SDK 2013 bspfile.h).
constexpr std::uint64_t kMaxModels = 1024, kMaxBrushes = 8192, kMaxEntities = 8192, kMaxTexInfo = 12288,
                        kMaxTexData = 2048, kMaxDispInfo = 2048, kMaxDispVerts = kMaxDispInfo * 17 * 17,
                        kMaxDispTris = kMaxDispInfo * 2 * 16 * 16, kMaxPlanes = 65536, kMaxNodes = 65536,
                        kMaxBrushSides = 65536, kMaxLeafs = 65536, kMaxVerts = 65536, kMaxFaces = 65536,
                        kMaxLeafFaces = 65536, kMaxLeafBrushes = 65536, kMaxEdges = 256000, kMaxSurfEdges = 512000,
                        kMaxLighting = 0x1000000, kMaxAreas = 256, kMaxWorldLights = 8192, kMaxCubemaps = 1024,
                        kMaxOverlays = 512, kMaxStringData = 256000, kMaxStringTable = 65536, kMaxLeafWaterData = 32768,
                        kMaxPrimitives = 32768, kMaxPrimVerts = 65536, kMaxPrimIndices = 65536;

inline float f32At(const std::uint8_t* p) { return loadF32(p); }
inline std::int32_t i32At(const std::uint8_t* p) { return static_cast<std::int32_t>(loadU32(p)); }
inline std::int16_t i16At(const std::uint8_t* p) { return static_cast<std::int16_t>(loadU16(p)); }
inline Vec3 vec3At(const std::uint8_t* p) { return {loadF32(p), loadF32(p + 4), loadF32(p + 8)}; }

class Reader {
public:
    Reader(ByteView file, Bsp& bsp) : mFile(file), mBsp(bsp) {}

    Status run(const ReadOptions& options);

private:
    // Absolute offset of byte `pos` of a lump's decoded data; compressed lumps report the lump start.
    std::uint64_t absolute(int lump, std::uint64_t pos) const {
        const auto& l = mBsp.lumps[lump];
        return static_cast<std::uint64_t>(l.entry.offset) + (l.compressed ? 0 : pos);
    }
    Error lumpError(int lump, std::string code, std::string message, std::uint64_t pos) const {
        Error e(std::move(code), std::move(message));
        e.at(absolute(lump, pos));
        if (mBsp.lumps[lump].compressed) e.in("decoded_offset", std::to_string(pos));
        e.in("lump", fmt::format("{} ({})", lumpName(lump), lump));
        return e;
    }

    Status readHeader();
    Status decodeLump(int index);

    // Splits a lump into `stride`-byte records, checking the length and the count limit.
    template <class T, class Fn>
    Status records(int lump, std::size_t stride, std::uint64_t maxCount, std::vector<T>& out, Fn decode) {
        const Bytes& data = mBsp.lumps[lump].data;
        if (data.size() % stride != 0) {
            Error e = lumpError(lump, "bsp.lump_size", "lump length is not a multiple of its record size",
                                data.size() - data.size() % stride);
            return std::move(e.expected(fmt::format("a multiple of {}", stride)).actual(std::to_string(data.size())));
        }
        const std::uint64_t count = data.size() / stride;
        if (count > maxCount) {
            Error e = lumpError(lump, "bsp.limit", "record count exceeds Valve's MAX_MAP limit", 0);
            return std::move(e.expected(fmt::format("<= {}", maxCount)).actual(std::to_string(count)));
        }
        out.resize(count);
        for (std::uint64_t i = 0; i < count; ++i) decode(data.data() + i * stride, out[i]);
        return {};
    }

    // index must be in [lo, count) of the target lump.
    Status checkIndex(int lump, std::size_t stride, std::uint64_t record, std::size_t fieldOffset,
                      std::string_view field, std::int64_t value, std::int64_t lo, std::uint64_t count,
                      int targetLump) const {
        if (value >= lo && (value < 0 || static_cast<std::uint64_t>(value) < count)) return {};
        Error e = lumpError(lump, "bsp.index", fmt::format("{} points outside {}", field, lumpName(targetLump)),
                            record * stride + fieldOffset);
        e.record(record).field(std::string(field));
        e.expected(lo < 0 ? fmt::format("-1 or 0..{}", static_cast<std::int64_t>(count) - 1)
                          : fmt::format("0..{} ({} records)", static_cast<std::int64_t>(count) - 1, count));
        e.actual(std::to_string(value));
        return e;
    }
    // [first, first+num) must lie inside [0, count).
    Status checkRange(int lump, std::size_t stride, std::uint64_t record, std::size_t fieldOffset,
                      std::string_view field, std::int64_t first, std::int64_t num, std::uint64_t count,
                      int targetLump) const {
        if (first >= 0 && num >= 0 && static_cast<std::uint64_t>(first) + static_cast<std::uint64_t>(num) <= count)
            return {};
        Error e = lumpError(lump, "bsp.index", fmt::format("{} range points outside {}", field, lumpName(targetLump)),
                            record * stride + fieldOffset);
        e.record(record).field(std::string(field));
        e.expected(fmt::format("a range inside 0..{}", count));
        e.actual(fmt::format("{} + {}", first, num));
        return e;
    }

    Status parseTyped();
    Status parseFaces(int lump, std::vector<Face>& out);
    Status parseLeafs();
    Status parseWorldLights(int lump, std::vector<WorldLight>& out);
    Status parseStrings();
    Status parseGameLump();
    Status parseStaticProps(const GameLump& gl, std::size_t index);
    Status parsePakfile();
    Status validate();
    Status validateFaces(int lump, const std::vector<Face>& faces, const Bytes& lighting);

    ByteView mFile;
    Bsp& mBsp;
};

}  // namespace vestige::source::bsp::detail
