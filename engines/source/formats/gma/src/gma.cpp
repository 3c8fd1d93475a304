// GMA reader and writers. The byte layout is pictured in vestige/source/gma/gma.hpp.
#include "vestige/source/gma/gma.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"
#include "vestige/vfs/names.hpp"

namespace vestige::source::gma {
namespace {

std::string fold(std::string_view path) {
    std::string s = asciiLower(path);
    std::replace(s.begin(), s.end(), '\\', '/');
    return s;
}

void cstr(ByteWriter& w, std::string_view s) {
    w.chars(s);
    w.u8(0);
}

Status checkString(std::string_view s, const char* field) {
    if (s.find('\0') != std::string_view::npos)
        return Error("gma.bad_string", "strings cannot contain NUL").field(field).actual(std::string(s));
    return {};
}

Result<Bytes> writeHeaderAndTable(const Header& h, std::span<const FileRecord> files) {
    if (h.version < 1 || h.version > 3)
        return Error("gma.bad_version", "only GMA versions 1 to 3 can be written")
            .field("version")
            .actual(std::to_string(h.version));
    ByteWriter w;
    w.chars("GMAD");
    w.u8(h.version);
    w.u64(h.steamId);
    w.u64(h.timestamp);
    if (h.version > 1) {
        for (const auto& r : h.requiredContent) {
            VESTIGE_CHECK(checkString(r, "required_content"));
            if (r.empty())
                return Error("gma.bad_string", "required content names cannot be empty").field("required_content");
            cstr(w, r);
        }
        w.u8(0);
    } else if (!h.requiredContent.empty()) {
        return Error("gma.bad_version", "version 1 has no required-content list").field("required_content");
    }
    VESTIGE_CHECK(checkString(h.name, "name"));
    VESTIGE_CHECK(checkString(h.description, "description"));
    VESTIGE_CHECK(checkString(h.author, "author"));
    cstr(w, h.name);
    cstr(w, h.description);
    cstr(w, h.author);
    w.i32(h.addonVersion);
    for (std::size_t i = 0; i < files.size(); ++i) {
        const auto& f = files[i];
        if (f.number == 0)
            return Error("gma.bad_number", "file number 0 would end the table").record(i).field("file_number");
        VESTIGE_CHECK(checkString(f.path, "path").record(i));
        w.u32(f.number);
        cstr(w, f.path);
        w.i64(f.size);
        w.u32(f.crc32);
    }
    w.u32(0);
    return w.take();
}

}  // namespace

std::uint32_t crc32(ByteView data) {
    uLong crc = ::crc32(0L, Z_NULL, 0);
    std::size_t off = 0;
    while (off < data.size()) {
        const std::size_t n = std::min<std::size_t>(data.size() - off, 1u << 30);
        crc = ::crc32(crc, data.data() + off, static_cast<uInt>(n));
        off += n;
    }
    return static_cast<std::uint32_t>(crc);
}

Result<RawAddon> parseRaw(ByteView data, Profile profile, const Limits& limits) {
    if (data.size() > limits.maxInput)
        return Error("gma.too_large", "addon exceeds the size limit")
            .expected(fmt::format("at most {} bytes", limits.maxInput))
            .actual(std::to_string(data.size()));
    ByteReader r(data);
    RawAddon a;
    VESTIGE_TRY(auto ident, r.bytes(4, "ident"));
    if (std::memcmp(ident.data(), "GMAD", 4) != 0)
        return Error("gma.bad_ident", "not a GMA addon")
            .field("ident")
            .at(0)
            .expected("\"GMAD\"")
            .actual(hexBytes(ident));
    Header& h = a.header;
    VESTIGE_TRY(h.version, r.u8("version"));
    if (h.version < 1 || h.version > 3)
        return Error("gma.bad_version", "unsupported GMA version")
            .field("version")
            .at(4)
            .expected("1..3")
            .actual(std::to_string(h.version));
    VESTIGE_TRY(h.steamId, r.u64("steam_id"));
    VESTIGE_TRY(h.timestamp, r.u64("timestamp"));
    if (h.version > 1) {
        for (;;) {
            VESTIGE_TRY(auto s, r.cString("required_content"));
            if (s.empty()) break;
            if (h.requiredContent.size() >= limits.maxFiles)
                return Error("gma.too_many", "required-content list exceeds the limit")
                    .field("required_content")
                    .at(r.absolute());
            h.requiredContent.push_back(std::move(s));
        }
    }
    VESTIGE_TRY(h.name, r.cString("name"));
    VESTIGE_TRY(h.description, r.cString("description"));
    VESTIGE_TRY(h.author, r.cString("author"));
    VESTIGE_TRY(h.addonVersion, r.i32("addon_version"));

    std::uint64_t total = 0;
    for (;;) {
        const std::uint64_t at = r.absolute();
        VESTIGE_TRY(auto number, r.u32("file_number"));
        if (number == 0) break;
        if (a.files.size() >= limits.maxFiles)
            return Error("gma.too_many", "file table exceeds the limit")
                .field("file_number")
                .at(at)
                .expected(fmt::format("at most {} files", limits.maxFiles));
        FileRecord f;
        f.number = number;
        f.recordOffset = at;
        VESTIGE_TRY(f.path, r.cString("path"));
        const std::uint64_t sizeAt = r.absolute();
        VESTIGE_TRY(f.size, r.i64("size"));
        VESTIGE_TRY(f.crc32, r.u32("crc32"));
        // Sizes are checked against the bytes that can still follow before anything relies on them.
        std::uint64_t next = 0;
        if (f.size < 0 || !checkedAdd(total, static_cast<std::uint64_t>(f.size), next) || next > data.size())
            return Error("gma.bad_size", "file size is negative or larger than the addon")
                .field("size")
                .entry(f.path)
                .at(sizeAt)
                .expected(fmt::format("0..{}", data.size()))
                .actual(std::to_string(f.size));
        total = next;
        a.files.push_back(std::move(f));
    }
    const std::uint64_t dataAt = r.absolute();
    VESTIGE_TRY(auto body, r.bytes(static_cast<std::size_t>(total), "file_data"));
    a.data.assign(body.begin(), body.end());
    std::uint64_t off = dataAt;
    for (auto& f : a.files) {
        f.dataOffset = off;
        off += static_cast<std::uint64_t>(f.size);
    }
    a.trailerOffset = r.absolute();
    if (r.remaining() >= 4) {
        VESTIGE_TRY(auto crc, r.u32("addon_crc"));
        a.trailer = crc;
    }
    if (!r.atEnd()) {
        if (profile == Profile::Strict)
            return Error("gma.trailing_bytes", "bytes after the file data that are not a 4-byte CRC")
                .field("addon_crc")
                .at(r.absolute())
                .expected("end of file")
                .actual(fmt::format("{} more byte(s)", r.remaining()));
        a.trailing.assign(r.rest().begin(), r.rest().end());
    }
    return a;
}

Result<Bytes> writeRaw(const RawAddon& a) {
    VESTIGE_TRY(Bytes out, writeHeaderAndTable(a.header, a.files));
    std::uint64_t total = 0;
    for (const auto& f : a.files) {
        if (f.size < 0 || !checkedAdd(total, static_cast<std::uint64_t>(f.size), total))
            return Error("gma.bad_size", "negative file size").field("size").entry(f.path);
    }
    if (total != a.data.size())
        return Error("gma.bad_size", "file sizes do not add up to the data")
            .field("file_data")
            .expected(std::to_string(total))
            .actual(std::to_string(a.data.size()));
    out.insert(out.end(), a.data.begin(), a.data.end());
    if (a.trailer) {
        ByteWriter w;
        w.u32(*a.trailer);
        out.insert(out.end(), w.data().begin(), w.data().end());
    }
    out.insert(out.end(), a.trailing.begin(), a.trailing.end());
    return out;
}

Status checkPath(std::string_view path) { return vfs::checkEntryPath(path); }

Result<Bytes> write(const Header& header, std::span<const NewFile> files) {
    std::vector<FileRecord> records;
    records.reserve(files.size());
    Bytes data;
    for (std::size_t i = 0; i < files.size(); ++i) {
        VESTIGE_CHECK(checkPath(files[i].path).record(i).field("path"));
        FileRecord f;
        f.number = static_cast<std::uint32_t>(i + 1);
        f.path = files[i].path;
        f.size = static_cast<std::int64_t>(files[i].data.size());
        f.crc32 = crc32(files[i].data);
        records.push_back(std::move(f));
    }
    VESTIGE_TRY(Bytes out, writeHeaderAndTable(header, records));
    for (const auto& f : files) out.insert(out.end(), f.data.begin(), f.data.end());
    const std::uint32_t crc = crc32(out);
    ByteWriter w;
    w.u32(crc);
    out.insert(out.end(), w.data().begin(), w.data().end());
    return out;
}

Result<Addon> Addon::read(Bytes data, Profile profile, const Limits& limits) {
    VESTIGE_TRY(auto raw, parseRaw(data, profile, limits));
    Addon a;
    a.mProfile = profile;
    a.mFileSize = data.size();
    a.mRaw = std::move(raw);
    std::optional<Error> strictError;
    auto problem = [&](Error e) {
        if (profile == Profile::Strict) {
            if (!strictError) strictError = std::move(e);
        } else {
            a.mIssues.push_back(std::move(e));
        }
    };
    std::uint64_t start = 0;
    for (std::size_t i = 0; i < a.mRaw.files.size(); ++i) {
        const auto& f = a.mRaw.files[i];
        a.mStart.push_back(start);
        start += static_cast<std::uint64_t>(f.size);
        if (f.number != i + 1)
            problem(Error("gma.bad_number", "file numbers are not 1, 2, 3, ...")
                        .field("file_number")
                        .entry(f.path)
                        .at(f.recordOffset)
                        .expected(std::to_string(i + 1))
                        .actual(std::to_string(f.number)));
        if (f.path.empty())
            problem(Error("gma.bad_path", "empty file path").record(i).field("path").at(f.recordOffset + 4));
        auto [it, inserted] = a.mIndex.emplace(fold(f.path), i);
        if (!inserted)
            problem(Error("gma.duplicate_entry", "two files have the same path (lookups use the first)")
                        .field("path")
                        .entry(f.path)
                        .at(f.recordOffset + 4)
                        .actual(fmt::format("same as file {}", it->second + 1)));
    }
    a.mComputedCrc = crc32(ByteView(data).first(a.mRaw.trailerOffset));
    if (a.mRaw.trailer && *a.mRaw.trailer != 0 && *a.mRaw.trailer != a.mComputedCrc)
        problem(Error("gma.addon_crc_mismatch", "the trailing CRC32 does not match the addon's bytes")
                    .field("addon_crc")
                    .at(a.mRaw.trailerOffset)
                    .expected(hex(a.mComputedCrc))
                    .actual(hex(*a.mRaw.trailer)));
    if (strictError) return std::move(*strictError);
    return a;
}

std::optional<std::size_t> Addon::find(std::string_view path) const {
    auto it = mIndex.find(fold(path));
    if (it == mIndex.end()) return std::nullopt;
    return it->second;
}

ByteView Addon::payload(std::size_t index) const {
    return ByteView(mRaw.data).subspan(mStart[index], static_cast<std::size_t>(mRaw.files[index].size));
}

Result<Bytes> Addon::load(std::size_t index, bool verifyCrc) const {
    if (index >= mRaw.files.size())
        return Error("gma.bad_index", "file index out of range")
            .expected(fmt::format("< {}", mRaw.files.size()))
            .actual(std::to_string(index));
    const auto p = payload(index);
    const auto& f = mRaw.files[index];
    if (verifyCrc) {
        const std::uint32_t crc = crc32(p);
        if (crc != f.crc32)
            return Error("gma.crc_mismatch", "file content does not match its CRC32")
                .field("crc32")
                .entry(f.path)
                .at(f.recordOffset + 4 + f.path.size() + 1 + 8)
                .expected(hex(f.crc32))
                .actual(hex(crc));
    }
    return Bytes(p.begin(), p.end());
}

AddonInfo interpretDescription(std::string_view description) {
    AddonInfo info;
    info.description = std::string(description);
    auto j = nlohmann::json::parse(description.begin(), description.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) return info;
    info.json = true;
    if (j.contains("description") && j["description"].is_string())
        info.description = j["description"].get<std::string>();
    else
        info.description.clear();
    if (j.contains("type") && j["type"].is_string()) info.type = j["type"].get<std::string>();
    if (j.contains("tags") && j["tags"].is_array())
        for (const auto& t : j["tags"])
            if (t.is_string()) info.tags.push_back(t.get<std::string>());
    return info;
}

}  // namespace vestige::source::gma
