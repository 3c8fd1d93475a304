// VBSP game lump (lump 35): the directory of sub-lumps and the static props ('sprp') inside it; see bsp_reader.cpp
// for the file header and reader.hpp for the shared checks.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "reader.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/lzma.hpp"

namespace vestige::source::bsp::detail {

Status Reader::parseStaticProps(const GameLump& gl, std::size_t index) {
    // 'sprp': i32 dictCount, char[128][dictCount], i32 leafCount, u16[leafCount], i32 propCount, props.
    ByteReader r(gl.data, gl.compressed ? 0 : static_cast<std::uint64_t>(gl.fileOfs));
    auto fail = [&](Error e) {
        e.in("game_lump", fmt::format("sprp #{} v{}", index, gl.version));
        if (gl.compressed) e.at(static_cast<std::uint64_t>(gl.fileOfs));
        return e.in("lump", "GAME_LUMP (35)");
    };
    StaticProps props;
    auto dictCount = r.i32("dictCount");
    if (!dictCount) return fail(std::move(dictCount).error());
    if (*dictCount < 0 || static_cast<std::uint64_t>(*dictCount) * 128 > r.remaining())
        return fail(std::move(Error("bsp.static_props", "static prop dictionary runs past the game lump")
                                  .at(r.absolute() - 4)
                                  .field("dictCount")
                                  .expected(fmt::format("<= {}", r.remaining() / 128))
                                  .actual(std::to_string(*dictCount))));
    for (std::int32_t i = 0; i < *dictCount; ++i) {
        auto name = r.fixedString(128, "name");
        if (!name) return fail(std::move(name).error());
        props.names.emplace_back(name->text());
    }
    auto leafCount = r.i32("leafCount");
    if (!leafCount) return fail(std::move(leafCount).error());
    if (*leafCount < 0 || static_cast<std::uint64_t>(*leafCount) * 2 > r.remaining())
        return fail(std::move(Error("bsp.static_props", "static prop leaf list runs past the game lump")
                                  .at(r.absolute() - 4)
                                  .field("leafCount")
                                  .expected(fmt::format("<= {}", r.remaining() / 2))
                                  .actual(std::to_string(*leafCount))));
    for (std::int32_t i = 0; i < *leafCount; ++i) props.leaves.push_back(*r.u16("leaf"));
    auto propCount = r.i32("propCount");
    if (!propCount) return fail(std::move(propCount).error());
    const std::uint64_t propCountAt = r.absolute() - 4;
    if (*propCount < 0)
        return fail(std::move(Error("bsp.static_props", "negative static prop count")
                                  .at(propCountAt)
                                  .field("propCount")
                                  .actual(std::to_string(*propCount))));
    if (*propCount > 0) {
        const std::size_t remaining = r.remaining();
        if (remaining % static_cast<std::size_t>(*propCount) != 0 || remaining / *propCount < 56)
            return fail(
                std::move(Error("bsp.static_props", "static prop records do not divide the remaining bytes")
                              .at(propCountAt)
                              .field("propCount")
                              .expected(fmt::format("a count dividing {} bytes into records of >= 56", remaining))
                              .actual(std::to_string(*propCount))));
        props.recordSize = remaining / static_cast<std::size_t>(*propCount);
    } else if (!r.atEnd()) {
        return fail(std::move(Error("bsp.static_props", "bytes after an empty static prop list")
                                  .at(r.absolute())
                                  .expected("end of the game lump")
                                  .actual(fmt::format("{} bytes", r.remaining()))));
    }
    for (std::int32_t i = 0; i < *propCount; ++i) {
        const std::uint64_t at = r.absolute();
        auto rec = r.bytes(props.recordSize, "prop");
        if (!rec) return fail(std::move(rec).error());
        const std::uint8_t* p = rec->data();
        StaticProp sp;
        sp.origin = vec3At(p);
        sp.angles = vec3At(p + 12);
        sp.propType = loadU16(p + 24);
        sp.firstLeaf = loadU16(p + 26);
        sp.leafCount = loadU16(p + 28);
        sp.solid = p[30];
        sp.flags = p[31];
        sp.skin = i32At(p + 32);
        sp.fadeMinDist = f32At(p + 36);
        sp.fadeMaxDist = f32At(p + 40);
        sp.lightingOrigin = vec3At(p + 44);
        sp.raw.assign(rec->begin(), rec->end());
        if (sp.propType >= props.names.size())
            return fail(std::move(Error("bsp.index", "static prop model index outside the dictionary")
                                      .at(at + 24)
                                      .record(static_cast<std::uint64_t>(i))
                                      .field("propType")
                                      .expected(fmt::format("< {}", props.names.size()))
                                      .actual(std::to_string(sp.propType))));
        if (static_cast<std::size_t>(sp.firstLeaf) + sp.leafCount > props.leaves.size())
            return fail(std::move(Error("bsp.index", "static prop leaf range outside the leaf list")
                                      .at(at + 26)
                                      .record(static_cast<std::uint64_t>(i))
                                      .field("firstLeaf")
                                      .expected(fmt::format("a range inside 0..{}", props.leaves.size()))
                                      .actual(fmt::format("{} + {}", sp.firstLeaf, sp.leafCount))));
        props.props.push_back(std::move(sp));
    }
    for (std::size_t i = 0; i < props.leaves.size(); ++i)
        if (props.leaves[i] >= mBsp.leafs.size() && !mBsp.leafs.empty())
            return fail(std::move(Error("bsp.index", "static prop leaf points outside LEAFS")
                                      .record(i)
                                      .field("leaf")
                                      .expected(fmt::format("< {}", mBsp.leafs.size()))
                                      .actual(std::to_string(props.leaves[i]))));
    mBsp.staticProps = std::move(props);
    return {};
}

Status Reader::parseGameLump() {
    const auto& raw = mBsp.lumps[kLumpGameLump];
    if (raw.data.empty()) return {};
    const std::uint64_t base = static_cast<std::uint64_t>(raw.entry.offset);
    ByteReader r(raw.data, base);
    auto wrap = [](Error e) { return e.in("lump", "GAME_LUMP (35)"); };
    auto count = r.i32("lumpCount");
    if (!count) return wrap(std::move(count).error());
    if (*count < 0 || static_cast<std::uint64_t>(*count) * 16 > r.remaining())
        return wrap(std::move(Error("bsp.gamelump", "game lump directory runs past the lump")
                                  .at(base)
                                  .field("lumpCount")
                                  .expected(fmt::format("<= {}", r.remaining() / 16))
                                  .actual(std::to_string(*count))));
    struct Dir {
        std::uint32_t id;
        std::uint16_t flags, version;
        std::int32_t ofs, len;
        std::uint64_t at;
    };
    std::vector<Dir> dirs;
    for (std::int32_t i = 0; i < *count; ++i) {
        Dir d{};
        d.at = r.absolute();
        d.id = *r.u32();
        d.flags = *r.u16();
        d.version = *r.u16();
        d.ofs = *r.i32();
        d.len = *r.i32();
        dirs.push_back(d);
    }
    for (std::size_t i = 0; i < dirs.size(); ++i) {
        const Dir& d = dirs[i];
        GameLump gl;
        gl.id = d.id;
        gl.flags = d.flags;
        gl.version = d.version;
        gl.fileOfs = d.ofs;
        gl.fileLen = d.len;
        gl.compressed = (d.flags & 1) != 0;
        // A compressed sub-lump's disk size runs to the next entry's offset (compressed maps end with a dummy).
        std::int64_t diskLen = d.len;
        if (gl.compressed) {
            if (i + 1 < dirs.size())
                diskLen = static_cast<std::int64_t>(dirs[i + 1].ofs) - d.ofs;
            else
                diskLen = static_cast<std::int64_t>(base + raw.data.size()) - d.ofs;
        }
        if (d.id == 0 && d.len == 0) {  // terminating dummy entry of compressed maps
            mBsp.gameLumps.push_back(std::move(gl));
            continue;
        }
        if (d.ofs < 0 || diskLen < 0 ||
            static_cast<std::uint64_t>(d.ofs) + static_cast<std::uint64_t>(diskLen) > mFile.size())
            return wrap(std::move(Error("bsp.gamelump", "game lump data lies outside the file")
                                      .at(d.at + 8)
                                      .record(i)
                                      .field("fileofs")
                                      .expected(fmt::format("offset + length <= {}", mFile.size()))
                                      .actual(fmt::format("{} + {}", d.ofs, diskLen))));
        ByteView bytes = mFile.subspan(static_cast<std::size_t>(d.ofs), static_cast<std::size_t>(diskLen));
        if (gl.compressed) {
            if (d.len < 0)
                return wrap(std::move(Error("bsp.gamelump", "negative game lump length").at(d.at + 12).record(i)));
            auto decoded = decompressLzma(bytes, static_cast<std::uint64_t>(d.ofs), static_cast<std::uint64_t>(d.len));
            if (!decoded) return wrap(std::move(decoded).error().record(i).in("game_lump", gl.idText()));
            gl.data = std::move(decoded).value();
        } else {
            gl.data.assign(bytes.begin(), bytes.end());
        }
        mBsp.gameLumps.push_back(std::move(gl));
    }
    for (std::size_t i = 0; i < mBsp.gameLumps.size(); ++i)
        if (mBsp.gameLumps[i].id == kGameLumpStaticProps && !mBsp.staticProps)
            VESTIGE_CHECK(parseStaticProps(mBsp.gameLumps[i], i));
    return {};
}

}  // namespace vestige::source::bsp::detail
