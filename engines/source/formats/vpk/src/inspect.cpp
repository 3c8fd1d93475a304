// VPK listing and `info` description.
#include "vestige/source/vpk/inspect.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::source::vpk {
namespace {

using Json = nlohmann::ordered_json;

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

constexpr std::uint64_t kMaxCrcCheckBytes = 512ull << 20;  // `info` reads at most this much entry data

Json errorJson(const Error& e) {
    Json j{{"code", e.code()}, {"text", e.render()}};
    if (e.offset()) j["offset"] = *e.offset();
    if (auto f = e.find("field")) j["field"] = *f;
    return j;
}

// "pak01_007.vpk" -> true (a headerless data chunk)
bool looksLikeChunk(std::string_view fileName) {
    if (fileName.size() < 9 || !endsWithNoCase(fileName, ".vpk")) return false;
    const auto stem = fileName.substr(0, fileName.size() - 4);
    if (stem.size() < 5 || stem[stem.size() - 4] != '_') return false;
    for (std::size_t i = stem.size() - 3; i < stem.size(); ++i)
        if (stem[i] < '0' || stem[i] > '9') return false;
    return true;
}

std::string baseName(std::string_view label) {
    const auto colon = label.rfind(':');
    if (colon != std::string_view::npos) label.remove_prefix(colon + 1);
    const auto slash = label.find_last_of("/\\");
    if (slash != std::string_view::npos) label.remove_prefix(slash + 1);
    return std::string(label);
}

}  // namespace

int probe(ByteView data, std::string_view fileName) {
    if (data.size() >= kHeaderSizeV1 && loadU32(data.data()) == kSignature) return 100;
    return looksLikeChunk(baseName(fileName)) ? 10 : 0;
}

std::string listJson(const Archive& archive) {
    Json j;
    j["format"] = "vpk";
    j["entries"] = Json::array();
    for (std::size_t i = 0; i < archive.size(); ++i) {
        const auto& e = archive.entries()[i];
        j["entries"].push_back({{"index", i},
                                {"path", e.path},
                                {"size", e.size()},
                                {"crc32", hex(e.raw->crc32)},
                                {"preload", e.raw->preload.size()},
                                {"archive", e.raw->archiveIndex},
                                {"offset", e.raw->offset},
                                {"length", e.raw->length}});
    }
    return dump(j);
}

std::string listText(const Archive& archive) {
    std::string out = fmt::format("{:>5}  {:<48} {:>10} {:>10} {:>7} {:>10}\n", "index", "path", "size", "crc32",
                                  "archive", "offset");
    for (std::size_t i = 0; i < archive.size(); ++i) {
        const auto& e = archive.entries()[i];
        const std::string where = e.embedded() ? "dir" : fmt::format("{:03}", e.raw->archiveIndex);
        out += fmt::format("{:>5}  {:<48} {:>10} {:>10} {:>7} {:>10}\n", i, e.path, e.size(),
                           fmt::format("{:08x}", e.raw->crc32), where, e.raw->offset);
    }
    out += fmt::format("{} entries", archive.size());
    return out;
}

Result<registry::Description> describe(ByteView data, std::string_view label) {
    const std::string host(label);
    return describe(data, label, hostChunksFor(host, data));
}

Result<registry::Description> describe(ByteView data, std::string_view label,
                                       std::shared_ptr<const ChunkSource> chunks) {
    if ((data.size() < 4 || loadU32(data.data()) != kSignature) && looksLikeChunk(baseName(label))) {
        Json j{{"format", "vpk"}, {"label", std::string(label)}, {"kind", "chunk"}, {"bytes", data.size()}};
        std::string text = fmt::format(
            "VPK data chunk {}\n  {} bytes of raw entry data (no header); open the "
            "matching *_dir.vpk to list its entries",
            label, data.size());
        return registry::Description{dump(j), text};
    }
    auto strict = Archive::read(data, Profile::Strict);
    auto opened = strict.ok() ? std::move(strict) : Archive::read(data, Profile::Compatible);
    if (!opened) return std::move(opened).error();
    const Archive& a = *opened;
    const RawDirectory& d = a.raw();

    Json j;
    j["format"] = "vpk";
    j["label"] = std::string(label);
    j["kind"] = chunkBase(baseName(label)) ? "directory" : "single";
    j["version"] = d.version;
    j["profile"] = a.profile() == Profile::Strict ? "strict" : "compatible";
    if (a.profile() != Profile::Strict) j["strict_error"] = errorJson(strict.error());
    j["issues"] = Json::array();
    for (const auto& e : a.issues()) j["issues"].push_back(errorJson(e));
    j["file_size"] = a.fileSize();
    j["header"] = {{"tree_size", d.treeSize}};
    if (d.version == 2) {
        j["header"]["file_data_section_size"] = d.fileDataSize;
        j["header"]["archive_md5_section_size"] = d.archiveMd5Size;
        j["header"]["other_md5_section_size"] = d.otherMd5Size;
        j["header"]["signature_section_size"] = d.signatureSize;
        j["archive_md5_records"] = d.archiveMd5.size();
    }
    j["entry_count"] = a.size();
    std::uint64_t total = 0, preload = 0, embedded = 0;
    for (const auto& e : a.entries()) {
        total += e.size();
        preload += e.raw->preload.size();
        embedded += e.embedded() ? 1 : 0;
    }
    j["total_bytes"] = total;
    j["preload_bytes"] = preload;
    j["embedded_entries"] = embedded;
    j["chunks"] = Json::array();
    for (auto idx : a.chunkIndices()) {
        Json c{{"index", idx}};
        if (auto base = chunkBase(baseName(label))) c["file"] = chunkFileName(*base, idx);
        const auto size = chunks ? chunks->size(idx) : std::nullopt;
        c["present"] = size.has_value();
        if (size) c["size"] = *size;
        j["chunks"].push_back(std::move(c));
    }

    // CRC32 of every entry (the data must be reachable and bounded).
    Json crc;
    std::size_t bad = 0;
    if (total <= kMaxCrcCheckBytes) {
        crc["checked"] = true;
        crc["bad"] = Json::array();
        for (const auto& c : a.verifyEntries(chunks.get())) {
            if (c.ok) continue;
            ++bad;
            Json b = errorJson(*c.error);
            b["path"] = a.entries()[c.entry].path;
            crc["bad"].push_back(std::move(b));
        }
        crc["ok"] = a.size() - bad;
    } else {
        crc["checked"] = false;
        crc["reason"] =
            fmt::format("{} bytes of entry data (limit {}); use `vestige extract` to check", total, kMaxCrcCheckBytes);
    }
    j["crc"] = crc;
    if (d.version == 2 && chunks && !d.archiveMd5.empty()) {
        Json m = Json::array();
        for (const auto& e : a.verifyArchiveMd5(*chunks)) m.push_back(errorJson(e));
        j["archive_md5_failures"] = m;
    }
    j["entries"] = Json::parse(listJson(a))["entries"];

    std::string text = fmt::format("VPK v{} {} {}\n", d.version, j["kind"].get<std::string>(), label);
    text += fmt::format("  profile:   {}{}\n", j["profile"].get<std::string>(),
                        a.profile() == Profile::Strict ? "" : " (strict: " + strict.error().render() + ")");
    for (const auto& e : a.issues()) text += fmt::format("  issue:     {}\n", e.render());
    text +=
        fmt::format("  entries:   {} ({} bytes, {} preload, {} in this file)\n", a.size(), total, preload, embedded);
    text += fmt::format("  tree:      {} bytes; data section {} bytes\n", d.treeSize, d.fileData.size());
    if (d.version == 2)
        text += fmt::format("  v2:        {} archive MD5 records, other MD5 {} bytes, signature {} bytes\n",
                            d.archiveMd5.size(), d.otherMd5Size, d.signatureSize);
    for (const auto& c : j["chunks"])
        text +=
            fmt::format("  chunk {:03}: {}\n", c["index"].get<int>(),
                        c["present"].get<bool>() ? fmt::format("{} bytes", c["size"].get<std::uint64_t>()) : "missing");
    if (crc["checked"].get<bool>()) {
        text += fmt::format("  crc32:     {} ok, {} bad\n", a.size() - bad, bad);
        for (const auto& b : crc["bad"]) text += fmt::format("    bad: {}\n", b["text"].get<std::string>());
    } else {
        text += fmt::format("  crc32:     not checked ({})\n", crc["reason"].get<std::string>());
    }
    if (j.contains("archive_md5_failures"))
        for (const auto& m : j["archive_md5_failures"])
            text += fmt::format("  md5:       {}\n", m["text"].get<std::string>());
    text += listText(a);
    return registry::Description{dump(j), text};
}

}  // namespace vestige::source::vpk
