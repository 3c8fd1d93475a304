// VPK directory reader: raw structural parse, profile validation, flattened entries, content loading.
// The byte layout is pictured in vestige/source/vpk/vpk.hpp.
#include <fmt/format.h>

#include <algorithm>

#include "vestige/core/text.hpp"
#include "vestige/source/vpk/vpk.hpp"

namespace vestige::source::vpk {
namespace {

// Record field offsets inside the 18-byte record.
constexpr std::uint64_t kCrcAt = 0, kArchiveAt = 6, kOffsetAt = 8, kTerminatorAt = 16;

std::string fold(std::string_view path) {
    std::string s = asciiLower(path);
    std::replace(s.begin(), s.end(), '\\', '/');
    return s;
}

std::string fullName(std::string_view ext, std::string_view dir, std::string_view name) {
    std::string out;
    if (dir != " ") {
        out += dir;
        out += '/';
    }
    out += name;
    if (ext != " ") {
        out += '.';
        out += ext;
    }
    return out;
}

}  // namespace

Result<RawDirectory> parseRaw(ByteView data, Profile profile, const Limits& limits) {
    if (data.size() > limits.maxDirectory)
        return Error("vpk.too_large", "directory file exceeds the size limit")
            .expected(fmt::format("at most {} bytes", limits.maxDirectory))
            .actual(std::to_string(data.size()));
    ByteReader r(data);
    RawDirectory d;
    VESTIGE_TRY(auto signature, r.u32("signature"));
    if (signature != kSignature)
        return Error("vpk.bad_signature", "not a VPK directory (signature)")
            .field("signature")
            .at(0)
            .expected("0x55AA1234")
            .actual(hex(signature));
    VESTIGE_TRY(d.version, r.u32("version"));
    if (d.version != 1 && d.version != 2)
        return Error("vpk.bad_version", "unsupported VPK version")
            .field("version")
            .at(4)
            .expected("1 or 2")
            .actual(std::to_string(d.version));
    VESTIGE_TRY(d.treeSize, r.u32("tree_size"));
    if (d.version == 2) {
        VESTIGE_TRY(d.fileDataSize, r.u32("file_data_section_size"));
        VESTIGE_TRY(d.archiveMd5Size, r.u32("archive_md5_section_size"));
        VESTIGE_TRY(d.otherMd5Size, r.u32("other_md5_section_size"));
        VESTIGE_TRY(d.signatureSize, r.u32("signature_section_size"));
    }
    VESTIGE_TRY(auto tree, r.sub(d.treeSize, "tree"));

    std::uint64_t count = 0;
    for (;;) {
        VESTIGE_TRY(auto ext, tree.cString("extension"));
        if (ext.empty()) break;
        RawExtension& xg = d.tree.emplace_back();
        xg.ext = std::move(ext);
        for (;;) {
            VESTIGE_TRY(auto path, tree.cString("path"));
            if (path.empty()) break;
            RawPath& pg = xg.paths.emplace_back();
            pg.path = std::move(path);
            for (;;) {
                VESTIGE_TRY(auto name, tree.cString("name"));
                if (name.empty()) break;
                if (++count > limits.maxEntries)
                    return Error("vpk.too_many_entries", "more entries than the limit")
                        .field("tree")
                        .at(tree.absolute())
                        .expected(fmt::format("at most {}", limits.maxEntries));
                RawEntry& e = pg.entries.emplace_back();
                e.name = std::move(name);
                e.recordOffset = tree.absolute();
                VESTIGE_TRY(e.crc32, tree.u32("crc32"));
                VESTIGE_TRY(auto preload, tree.u16("preload_bytes"));
                VESTIGE_TRY(e.archiveIndex, tree.u16("archive_index"));
                VESTIGE_TRY(e.offset, tree.u32("offset"));
                VESTIGE_TRY(e.length, tree.u32("length"));
                VESTIGE_TRY(e.terminator, tree.u16("terminator"));
                if (e.terminator != kTerminator)
                    return Error("vpk.bad_terminator", "entry record does not end with 0xFFFF")
                        .field("terminator")
                        .entry(fullName(xg.ext, pg.path, e.name))
                        .at(e.recordOffset + kTerminatorAt)
                        .expected("0xFFFF")
                        .actual(hex(e.terminator));
                VESTIGE_TRY(auto pre, tree.bytes(preload, "preload"));
                e.preload.assign(pre.begin(), pre.end());
            }
        }
    }
    if (!tree.atEnd()) {
        if (profile == Profile::Strict)
            return Error("vpk.tree_size", "the tree's end marker comes before tree_size bytes")
                .field("tree_size")
                .at(8)
                .expected(std::to_string(tree.position()))
                .actual(std::to_string(d.treeSize));
        d.treeTail.assign(tree.rest().begin(), tree.rest().end());
    }

    if (d.version == 1) {
        d.fileData.assign(r.rest().begin(), r.rest().end());
        return d;
    }
    VESTIGE_TRY(auto fileData, r.bytes(d.fileDataSize, "file_data_section"));
    VESTIGE_TRY(auto archiveMd5, r.bytes(d.archiveMd5Size, "archive_md5_section"));
    const std::uint64_t archiveMd5At = r.absolute() - archiveMd5.size();
    VESTIGE_TRY(auto otherMd5, r.bytes(d.otherMd5Size, "other_md5_section"));
    VESTIGE_TRY(auto signatureSection, r.bytes(d.signatureSize, "signature_section"));
    d.fileData.assign(fileData.begin(), fileData.end());
    d.archiveMd5Raw.assign(archiveMd5.begin(), archiveMd5.end());
    d.otherMd5.assign(otherMd5.begin(), otherMd5.end());
    d.signature.assign(signatureSection.begin(), signatureSection.end());
    if (!r.atEnd()) {
        if (profile == Profile::Strict)
            return Error("vpk.trailing_bytes", "bytes after the last v2 section")
                .field("signature_section_size")
                .at(r.absolute())
                .expected(std::to_string(r.position()) + " bytes in the file")
                .actual(std::to_string(data.size()));
        d.trailing.assign(r.rest().begin(), r.rest().end());
    }
    if (d.archiveMd5Size % kArchiveMd5Size == 0) {
        ByteReader m(archiveMd5, archiveMd5At);
        while (!m.atEnd()) {
            ArchiveMd5 a;
            VESTIGE_TRY(a.archiveIndex, m.u32("archive_index"));
            VESTIGE_TRY(a.offset, m.u32("offset"));
            VESTIGE_TRY(a.length, m.u32("length"));
            VESTIGE_TRY(auto digest, m.bytes(16, "md5"));
            std::copy(digest.begin(), digest.end(), a.md5.begin());
            d.archiveMd5.push_back(a);
        }
    }
    return d;
}

Result<Archive> Archive::read(Bytes data, Profile profile, const Limits& limits) {
    VESTIGE_TRY(auto raw, parseRaw(data, profile, limits));
    Archive a;
    a.mProfile = profile;
    a.mFileSize = data.size();
    a.mRaw = std::make_unique<RawDirectory>(std::move(raw));
    const RawDirectory& d = *a.mRaw;

    // Strict: the first problem is the error. Compatible: problems that do not stop the game loading
    // the archive are collected as issues.
    std::optional<Error> strictError;
    auto problem = [&](Error e) {
        if (profile == Profile::Strict) {
            if (!strictError) strictError = std::move(e);
        } else {
            a.mIssues.push_back(std::move(e));
        }
    };

    for (std::size_t x = 0; x < d.tree.size(); ++x) {
        const auto& xg = d.tree[x];
        for (std::size_t p = 0; p < xg.paths.size(); ++p) {
            const auto& pg = xg.paths[p];
            for (std::size_t i = 0; i < pg.entries.size(); ++i) {
                const RawEntry& e = pg.entries[i];
                Entry out{fullName(xg.ext, pg.path, e.name), x, p, i, &e};
                if (e.archiveIndex == kEmbedded && std::uint64_t(e.offset) + e.length > d.fileData.size())
                    problem(Error("vpk.entry_range", "embedded entry data runs past the data section")
                                .field("offset")
                                .entry(out.path)
                                .at(e.recordOffset + kOffsetAt)
                                .expected(fmt::format("offset + length <= {}", d.fileData.size()))
                                .actual(fmt::format("{} + {}", e.offset, e.length)));
                auto [it, inserted] = a.mIndex.emplace(fold(out.path), a.mEntries.size());
                if (!inserted)
                    problem(Error("vpk.duplicate_entry", "two entries have the same path (lookups use the first)")
                                .field("name")
                                .entry(out.path)
                                .at(e.recordOffset)
                                .expected("unique paths")
                                .actual(fmt::format("same as entry {}", it->second)));
                a.mEntries.push_back(std::move(out));
            }
        }
    }

    if (d.version == 2) {
        const std::uint64_t hdr = kHeaderSizeV2;
        const std::uint64_t amAt = hdr + d.treeSize + d.fileDataSize;
        const std::uint64_t omAt = amAt + d.archiveMd5Size;
        const std::uint64_t sigAt = omAt + d.otherMd5Size;
        if (d.archiveMd5Size % kArchiveMd5Size != 0)
            problem(Error("vpk.archive_md5_size", "archive MD5 section is not a whole number of 28-byte records")
                        .field("archive_md5_section_size")
                        .at(16)
                        .expected("a multiple of 28")
                        .actual(std::to_string(d.archiveMd5Size)));
        if (d.otherMd5Size != 0 && d.otherMd5Size != kOtherMd5Size) {
            problem(Error("vpk.other_md5_size", "other MD5 section has an unexpected size")
                        .field("other_md5_section_size")
                        .at(20)
                        .expected("0 or 48")
                        .actual(std::to_string(d.otherMd5Size)));
        } else if (d.otherMd5Size == kOtherMd5Size) {
            auto compare = [&](const char* field, std::uint64_t at, ByteView covered) {
                const Md5 want = md5(covered);
                if (!std::equal(want.begin(), want.end(), d.otherMd5.begin() + static_cast<long>(at - omAt)))
                    problem(Error("vpk.md5_mismatch", "stored MD5 does not match the bytes it covers")
                                .field(field)
                                .at(at)
                                .expected(toHex(want))
                                .actual(hexBytes(ByteView(d.otherMd5).subspan(at - omAt, 16), 16)));
            };
            const ByteView all(data);
            compare("tree_md5", omAt, all.subspan(hdr, d.treeSize));
            compare("archive_md5_section_md5", omAt + 16, all.subspan(amAt, d.archiveMd5Size));
            compare("whole_file_md5", omAt + 32, all.subspan(0, omAt + 32));
        }
        if (!d.signature.empty()) {
            // u32 key size, key, u32 signature size, signature, exactly filling the section.
            auto layout = [&]() -> Status {
                ByteReader s(d.signature, sigAt);
                VESTIGE_TRY(auto keySize, s.u32("public_key_size"));
                VESTIGE_CHECK(s.skip(keySize, "public_key"));
                VESTIGE_TRY(auto sigSize, s.u32("signature_size"));
                VESTIGE_CHECK(s.skip(sigSize, "signature"));
                return s.expectEnd("signature section");
            }();
            if (!layout) {
                const Error& inner = layout.error();
                problem(Error("vpk.bad_signature_section", "signature section is not key size, key, size, signature")
                            .field(inner.find("field").value_or("signature_section"))
                            .at(inner.offset().value_or(sigAt))
                            .expected(fmt::format("sizes that fill {} bytes", d.signature.size()))
                            .actual(inner.message()));
            }
        }
    }
    if (strictError) return std::move(*strictError);
    return a;
}

std::optional<std::size_t> Archive::find(std::string_view path) const {
    auto it = mIndex.find(fold(path));
    if (it == mIndex.end()) return std::nullopt;
    return it->second;
}

std::vector<std::uint16_t> Archive::chunkIndices() const {
    std::vector<std::uint16_t> out;
    for (const auto& e : mEntries)
        if (!e.embedded()) out.push_back(e.raw->archiveIndex);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

Result<Bytes> Archive::load(std::size_t index, const ChunkSource* chunks, bool verifyCrc) const {
    if (index >= mEntries.size())
        return Error("vpk.bad_index", "entry index out of range")
            .expected(fmt::format("< {}", mEntries.size()))
            .actual(std::to_string(index));
    const Entry& entry = mEntries[index];
    const RawEntry& e = *entry.raw;
    Bytes out;
    if (e.archiveIndex == kEmbedded) {
        if (std::uint64_t(e.offset) + e.length > mRaw->fileData.size())
            return Error("vpk.entry_range", "embedded entry data runs past the data section")
                .field("offset")
                .entry(entry.path)
                .at(e.recordOffset + kOffsetAt)
                .expected(fmt::format("offset + length <= {}", mRaw->fileData.size()))
                .actual(fmt::format("{} + {}", e.offset, e.length));
        out.reserve(e.preload.size() + e.length);
        out = e.preload;
        const auto* p = mRaw->fileData.data() + e.offset;
        out.insert(out.end(), p, p + e.length);
    } else if (e.length == 0) {
        out = e.preload;  // all in the preload: the chunk is never touched
    } else {
        if (!chunks)
            return Error("vpk.no_chunks", fmt::format("the entry's data is in chunk file {:03}, and no chunk files are "
                                                      "available (open the *_dir.vpk from the host directory)",
                                                      e.archiveIndex))
                .field("archive_index")
                .entry(entry.path)
                .at(e.recordOffset + kArchiveAt);
        auto data = chunks->read(e.archiveIndex, e.offset, e.length);
        if (!data) {
            Error err = std::move(data).error();
            const bool range = err.code() == "vpk.chunk_range";
            return err.field(range ? "offset" : "archive_index")
                .entry(entry.path)
                .at(e.recordOffset + (range ? kOffsetAt : kArchiveAt));
        }
        out.reserve(e.preload.size() + e.length);
        out = e.preload;
        out.insert(out.end(), data->begin(), data->end());
    }
    if (verifyCrc) {
        const std::uint32_t crc = crc32(out);
        if (crc != e.crc32)
            return Error("vpk.crc_mismatch", "entry content does not match its CRC32")
                .field("crc32")
                .entry(entry.path)
                .at(e.recordOffset + kCrcAt)
                .expected(hex(e.crc32))
                .actual(hex(crc));
    }
    return out;
}

std::vector<EntryCheck> Archive::verifyEntries(const ChunkSource* chunks) const {
    std::vector<EntryCheck> out;
    out.reserve(mEntries.size());
    for (std::size_t i = 0; i < mEntries.size(); ++i) {
        auto r = load(i, chunks, true);
        EntryCheck c{i, r.ok(), std::nullopt};
        if (!r) c.error = std::move(r).error();
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<Error> Archive::verifyArchiveMd5(const ChunkSource& chunks) const {
    std::vector<Error> out;
    const std::uint64_t at = kHeaderSizeV2 + std::uint64_t(mRaw->treeSize) + mRaw->fileDataSize;
    for (std::size_t i = 0; i < mRaw->archiveMd5.size(); ++i) {
        const auto& m = mRaw->archiveMd5[i];
        const std::uint64_t rec = at + i * kArchiveMd5Size;
        if (m.archiveIndex > 0xFFFF) {
            out.push_back(Error("vpk.missing_chunk", "archive MD5 record names a chunk index above 65535")
                              .record(i)
                              .field("archive_index")
                              .at(rec)
                              .actual(std::to_string(m.archiveIndex)));
            continue;
        }
        auto data = chunks.read(static_cast<std::uint16_t>(m.archiveIndex), m.offset, m.length);
        if (!data) {
            out.push_back(std::move(data).error().record(i).field("archive_index").at(rec));
            continue;
        }
        const Md5 got = md5(*data);
        if (got != m.md5)
            out.push_back(Error("vpk.md5_mismatch", "chunk slice does not match its archive MD5 record")
                              .record(i)
                              .field("md5")
                              .at(rec + 12)
                              .expected(toHex(m.md5))
                              .actual(toHex(got)));
    }
    return out;
}

}  // namespace vestige::source::vpk
