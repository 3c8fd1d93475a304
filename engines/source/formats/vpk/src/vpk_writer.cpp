// VPK writers: the exact raw re-emitter and the canonical authoring writer (single file or dir + chunks).
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "vestige/core/text.hpp"
#include "vestige/source/vpk/vpk.hpp"
#include "vestige/vfs/names.hpp"

namespace vestige::source::vpk {
namespace {

Status checkString(std::string_view s, const char* field) {
    if (s.empty())
        return Error("vpk.bad_name", "tree strings cannot be empty (an empty string ends a list)").field(field);
    if (s.find('\0') != std::string_view::npos)
        return Error("vpk.bad_name", "tree strings cannot contain NUL").field(field).actual(std::string(s));
    return {};
}

void cstr(ByteWriter& w, std::string_view s) {
    w.chars(s);
    w.u8(0);
}

Result<std::uint32_t> size32(std::uint64_t n, const char* field) {
    if (n > 0xFFFFFFFFull)
        return Error("vpk.too_large", "section does not fit a 32-bit size").field(field).actual(std::to_string(n));
    return static_cast<std::uint32_t>(n);
}

// The archive MD5 section as it will be written: parsed records, unless the stored bytes did not parse.
Bytes archiveMd5Bytes(const RawDirectory& d) {
    if (d.archiveMd5Raw.size() % kArchiveMd5Size != 0) return d.archiveMd5Raw;
    ByteWriter w;
    for (const auto& a : d.archiveMd5) {
        w.u32(a.archiveIndex);
        w.u32(a.offset);
        w.u32(a.length);
        w.bytes(a.md5);
    }
    return w.take();
}

}  // namespace

Result<Bytes> writeTree(const RawDirectory& d) {
    ByteWriter w;
    for (const auto& xg : d.tree) {
        VESTIGE_CHECK(checkString(xg.ext, "extension"));
        cstr(w, xg.ext);
        for (const auto& pg : xg.paths) {
            VESTIGE_CHECK(checkString(pg.path, "path"));
            cstr(w, pg.path);
            for (const auto& e : pg.entries) {
                VESTIGE_CHECK(checkString(e.name, "name"));
                if (e.preload.size() > 0xFFFF)
                    return Error("vpk.preload_too_large", "preload data is limited to 65535 bytes")
                        .field("preload_bytes")
                        .entry(e.name)
                        .actual(std::to_string(e.preload.size()));
                cstr(w, e.name);
                w.u32(e.crc32);
                w.u16(static_cast<std::uint16_t>(e.preload.size()));
                w.u16(e.archiveIndex);
                w.u32(e.offset);
                w.u32(e.length);
                w.u16(e.terminator);
                w.bytes(e.preload);
            }
            w.u8(0);
        }
        w.u8(0);
    }
    w.u8(0);
    w.bytes(d.treeTail);
    return w.take();
}

Result<Bytes> writeRaw(const RawDirectory& d) {
    if (d.version != 1 && d.version != 2)
        return Error("vpk.bad_version", "only VPK versions 1 and 2 can be written")
            .field("version")
            .actual(std::to_string(d.version));
    VESTIGE_TRY(Bytes tree, writeTree(d));
    VESTIGE_TRY(auto treeSize, size32(tree.size(), "tree_size"));
    ByteWriter w;
    w.u32(kSignature);
    w.u32(d.version);
    w.u32(treeSize);
    if (d.version == 1) {
        w.bytes(tree);
        w.bytes(d.fileData);
        return w.take();
    }
    const Bytes am = archiveMd5Bytes(d);
    VESTIGE_TRY(auto fileDataSize, size32(d.fileData.size(), "file_data_section_size"));
    VESTIGE_TRY(auto amSize, size32(am.size(), "archive_md5_section_size"));
    VESTIGE_TRY(auto omSize, size32(d.otherMd5.size(), "other_md5_section_size"));
    VESTIGE_TRY(auto sigSize, size32(d.signature.size(), "signature_section_size"));
    w.u32(fileDataSize);
    w.u32(amSize);
    w.u32(omSize);
    w.u32(sigSize);
    w.bytes(tree);
    w.bytes(d.fileData);
    w.bytes(am);
    w.bytes(d.otherMd5);
    w.bytes(d.signature);
    w.bytes(d.trailing);
    return w.take();
}

namespace {
// Other MD5 = md5(tree), md5(archive MD5 section), md5(everything before the last digest).
Status computeOtherMd5(RawDirectory& d) {
    VESTIGE_TRY(Bytes tree, writeTree(d));
    VESTIGE_TRY(d.treeSize, size32(tree.size(), "tree_size"));
    d.otherMd5.assign(kOtherMd5Size, 0);
    VESTIGE_TRY(Bytes file, writeRaw(d));
    const Bytes am = archiveMd5Bytes(d);
    const std::size_t omAt = kHeaderSizeV2 + tree.size() + d.fileData.size() + am.size();
    const Md5 t = md5(tree);
    const Md5 a = md5(am);
    std::copy(t.begin(), t.end(), d.otherMd5.begin());
    std::copy(a.begin(), a.end(), d.otherMd5.begin() + 16);
    std::copy(d.otherMd5.begin(), d.otherMd5.begin() + 32, file.begin() + static_cast<long>(omAt));
    const Md5 whole = md5(ByteView(file).first(omAt + 32));
    std::copy(whole.begin(), whole.end(), d.otherMd5.begin() + 32);
    return {};
}
}  // namespace

Status refreshMd5(RawDirectory& d, const ChunkSource* chunks) {
    if (d.version != 2) return {};
    if (d.archiveMd5Raw.size() % kArchiveMd5Size == 0) {
        for (std::size_t i = 0; i < d.archiveMd5.size(); ++i) {
            auto& a = d.archiveMd5[i];
            if (!chunks) return Error("vpk.no_chunks", "archive MD5 records need the chunk files").record(i);
            if (a.archiveIndex > 0xFFFF) return Error("vpk.missing_chunk", "chunk index above 65535").record(i);
            VESTIGE_TRY(auto slice,
                        chunks->read(static_cast<std::uint16_t>(a.archiveIndex), a.offset, a.length).record(i));
            a.md5 = md5(slice);
        }
        d.archiveMd5Raw = archiveMd5Bytes(d);
    }
    return computeOtherMd5(d);
}

Status checkPath(std::string_view path) {
    VESTIGE_CHECK(vfs::checkEntryPath(path));
    VESTIGE_TRY(auto split, splitName(path));
    (void)split;
    return {};
}

Result<SplitName> splitName(std::string_view path) {
    auto bad = [&](const char* why) { return Error("vpk.bad_name", why).field("path").actual(std::string(path)); };
    if (path.empty()) return bad("empty path");
    if (path.find('\0') != std::string_view::npos) return bad("NUL in path");
    std::string p(path);
    std::replace(p.begin(), p.end(), '\\', '/');
    std::vector<std::string_view> segments;
    std::string_view rest(p);
    for (;;) {
        const auto slash = rest.find('/');
        const auto seg = rest.substr(0, slash);
        if (seg.empty() || seg == "." || seg == ".." || seg == " ") return bad("empty, '.', '..' or ' ' path segment");
        segments.push_back(seg);
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
    }
    SplitName out;
    const std::string_view file = segments.back();
    const auto dot = file.rfind('.');
    if (dot == std::string_view::npos) {
        out.name = std::string(file);
        out.ext = " ";
    } else {
        out.name = std::string(file.substr(0, dot));
        out.ext = std::string(file.substr(dot + 1));
        if (out.name.empty() || out.ext.empty() || out.ext == " ")
            return bad("a file name needs text before and after its last '.'");
    }
    if (segments.size() == 1) {
        out.dir = " ";
    } else {
        const auto dirLen = static_cast<std::size_t>(file.data() - p.data()) - 1;
        out.dir = p.substr(0, dirLen);
    }
    return out;
}

Result<Written> write(std::span<const NewFile> files, const WriteOptions& options) {
    if (options.version != 1 && options.version != 2)
        return Error("vpk.bad_version", "only VPK versions 1 and 2 can be written")
            .field("version")
            .actual(std::to_string(options.version));
    struct Item {
        SplitName split;
        const NewFile* file;
    };
    std::vector<Item> items;
    items.reserve(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        const auto& f = files[i];
        VESTIGE_CHECK(checkPath(f.path).record(i));
        VESTIGE_TRY(auto split, splitName(f.path).record(i));
        if (f.preloadBytes > f.data.size())
            return Error("vpk.preload_too_large", "preload is longer than the file")
                .field("preload_bytes")
                .entry(f.path)
                .expected(fmt::format("<= {}", f.data.size()))
                .actual(std::to_string(f.preloadBytes));
        items.push_back({std::move(split), &f});
    }
    auto key = [](const Item& it) { return std::tie(it.split.ext, it.split.dir, it.split.name); };
    std::stable_sort(items.begin(), items.end(), [&](const Item& a, const Item& b) { return key(a) < key(b); });
    // Lookups are ASCII case-insensitive (as in the Source filesystem), so paths must differ after folding.
    std::set<std::string> seen;
    for (const auto& it : items) {
        std::string folded = asciiLower(it.split.dir + "/" + it.split.name + "." + it.split.ext);
        if (!seen.insert(std::move(folded)).second)
            return Error("vpk.duplicate_entry", "two files have the same path (ignoring case)").entry(it.file->path);
    }

    RawDirectory d;
    d.version = options.version;
    std::vector<Bytes> chunks;
    for (const auto& it : items) {
        if (d.tree.empty() || d.tree.back().ext != it.split.ext) d.tree.push_back({it.split.ext, {}});
        auto& paths = d.tree.back().paths;
        if (paths.empty() || paths.back().path != it.split.dir) paths.push_back({it.split.dir, {}});
        const NewFile& f = *it.file;
        RawEntry e;
        e.name = it.split.name;
        e.crc32 = crc32(f.data);
        e.preload.assign(f.data.begin(), f.data.begin() + f.preloadBytes);
        const ByteView body = ByteView(f.data).subspan(f.preloadBytes);
        VESTIGE_TRY(e.length, size32(body.size(), "length").entry(f.path));
        if (options.singleFile || body.empty()) {
            e.archiveIndex = kEmbedded;
            VESTIGE_TRY(e.offset,
                        size32(body.empty() && !options.singleFile ? 0 : d.fileData.size(), "offset").entry(f.path));
            d.fileData.insert(d.fileData.end(), body.begin(), body.end());
        } else {
            if (chunks.empty() || (!chunks.back().empty() && chunks.back().size() + body.size() > options.maxChunkSize))
                chunks.emplace_back();
            if (chunks.size() > kEmbedded)
                return Error("vpk.too_many_chunks", "more than 32767 chunk files").entry(f.path);
            e.archiveIndex = static_cast<std::uint16_t>(chunks.size() - 1);
            VESTIGE_TRY(e.offset, size32(chunks.back().size(), "offset").entry(f.path));
            chunks.back().insert(chunks.back().end(), body.begin(), body.end());
        }
        paths.back().entries.push_back(std::move(e));
    }
    if (d.version == 2) {
        if (options.md5SliceSize) {
            for (std::size_t c = 0; c < chunks.size(); ++c)
                for (std::size_t off = 0; off < chunks[c].size(); off += options.md5SliceSize) {
                    const std::size_t n = std::min<std::size_t>(options.md5SliceSize, chunks[c].size() - off);
                    ArchiveMd5 a;
                    a.archiveIndex = static_cast<std::uint32_t>(c);
                    a.offset = static_cast<std::uint32_t>(off);
                    a.length = static_cast<std::uint32_t>(n);
                    a.md5 = md5(ByteView(chunks[c]).subspan(off, n));
                    d.archiveMd5.push_back(a);
                }
        }
        d.archiveMd5Raw = archiveMd5Bytes(d);
        VESTIGE_CHECK(computeOtherMd5(d));  // the archive records already hold their digests
    }
    VESTIGE_TRY(Bytes dir, writeRaw(d));
    return Written{std::move(dir), std::move(chunks)};
}

}  // namespace vestige::source::vpk
