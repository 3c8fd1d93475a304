// ls / extract / pack for every registered archive format (NRes, RsLi, VPK, GMA).
//
// extract writes the payloads under DIR with sanitised host names plus a manifest
// (vestige-manifest.json) that keeps everything else the archive needs: type/attrs and the raw name
// field for NRes; the raw header, name field, service bytes and flags for RsLi; the VPK version; the GMA
// header. pack reads that manifest back, so extract + pack of a canonical archive gives the same bytes.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "app.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/nres/extract_names.hpp"
#include "vestige/iron3d/nres/inspect.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/rsli/inspect.hpp"
#include "vestige/iron3d/rsli/rsli.hpp"
#include "vestige/source/gma/gma.hpp"
#include "vestige/source/vpk/vpk.hpp"

namespace vestige::app {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
constexpr const char* kManifestName = "vestige-manifest.json";

std::string dumpJson(const Json& j, int indent = -1) { return j.dump(indent, ' ', false, Json::error_handler_t::replace); }

std::string toHex(ByteView b) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s;
    s.reserve(b.size() * 2);
    for (auto c : b) {
        s += kDigits[c >> 4];
        s += kDigits[c & 15];
    }
    return s;
}

Result<Bytes> fromHex(std::string_view s, std::size_t expectedSize, const char* field) {
    auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    if (s.size() != expectedSize * 2)
        return Error("pack.bad_hex", "hex field has the wrong length")
            .field(field)
            .expected(fmt::format("{} hex digits", expectedSize * 2))
            .actual(std::to_string(s.size()));
    Bytes out(expectedSize);
    for (std::size_t i = 0; i < expectedSize; ++i) {
        const int hi = nibble(s[2 * i]), lo = nibble(s[2 * i + 1]);
        if (hi < 0 || lo < 0) return Error("pack.bad_hex", "not a hex digit").field(field).at(2 * i);
        out[i] = static_cast<std::uint8_t>(hi * 16 + lo);
    }
    return out;
}

// ---- opening ----

struct OpenedArchive {
    std::string format;  // "nres" / "rsli"
    std::optional<iron3d::nres::Archive> nres;
    std::optional<iron3d::rsli::Archive> rsli;
    std::shared_ptr<vfs::Provider> provider;  // any other registered archive format (VPK, GMA, ...)
    Json meta;            // what pack needs besides the entries (VPK version, GMA header); null when nothing
    std::string warning;  // non-empty when only the compatible profile accepted it
};

// The archive-level facts extract keeps in the manifest for pack.
Json archiveMeta(std::string_view format, const Bytes& data) {
    if (format == "vpk") {
        auto a = source::vpk::Archive::read(data, source::vpk::Profile::Compatible);
        if (a) return Json{{"version", a->raw().version}};
    } else if (format == "gma") {
        auto a = source::gma::Addon::read(data, source::gma::Profile::Compatible);
        if (a) {
            const auto& h = a->header();
            return Json{{"version", h.version},       {"steam_id", h.steamId},         {"timestamp", h.timestamp},
                        {"required_content", h.requiredContent}, {"name", h.name}, {"description", h.description},
                        {"author", h.author},         {"addon_version", h.addonVersion}};
        }
    }
    return nullptr;
}

Result<OpenedArchive> openArchive(const std::string& spec, const AppContext& ctx) {
    VESTIGE_TRY(auto resolved, vfs::openSpec(spec, ctx.archives));
    OpenedArchive out;
    if (iron3d::nres::probe(resolved.data, resolved.name) > 0) {
        auto strict = iron3d::nres::Archive::read(resolved.data, iron3d::nres::Profile::Strict);
        if (!strict) {
            auto compat = iron3d::nres::Archive::read(resolved.data, iron3d::nres::Profile::Compatible);
            if (!compat) return std::move(strict).error().file(spec);
            out.warning = strict.error().render();
            out.nres = std::move(*compat);
        } else {
            out.nres = std::move(*strict);
        }
        out.format = "nres";
        return out;
    }
    if (iron3d::rsli::probe(resolved.data, resolved.name) > 0) {
        auto a = iron3d::rsli::openBest(resolved.data);
        if (!a) return std::move(a).error().file(spec);
        if (a->quirks() != iron3d::rsli::kQuirkNone) out.warning = "opened in the compatible profile (named quirks)";
        out.rsli = std::move(*a);
        out.format = "rsli";
        return out;
    }
    // Every other registered archive format, through its VFS provider, opened with its origin so a *_dir.vpk
    // finds its chunk files next to it (on the host, or in the archive it sits in).
    if (const auto* format = ctx.archives.detect(resolved.data, resolved.name)) {
        auto p = vfs::openArchiveSpec(spec, ctx.archives);
        if (!p) return std::move(p).error().file(spec);
        out.provider = std::move(*p);
        out.format = format->name;
        out.meta = archiveMeta(out.format, resolved.data);
        return out;
    }
    Error e("archive.unknown_format", "not an archive of any registered format");
    e.file(spec).expected("NRes, RsLi or another registered archive (vestige version lists them)").actual(hexBytes(resolved.data, 8));
    return e;
}

// ---- ls ----

void addLs(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("ls", "List the entries of an NRes or RsLi archive");
    auto* json = addJsonFlag(cmd);
    static std::string spec;
    cmd->add_option("ARCHIVE", spec, "Archive file, or a nested one as outer.lib:inner.msh")->required();
    cmd->footer("Example: vestige ls --json Textures.lib");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            auto opened = openArchive(spec, ctx);
            if (!opened) return reportError(ctx, opened.error());
            if (!opened->warning.empty() && !ctx.json)
                std::fprintf(stderr, "vestige: warning: %s: %s\n", spec.c_str(), opened->warning.c_str());
            if (opened->provider) {
                auto entries = opened->provider->list();
                if (!entries) return reportError(ctx, std::move(entries).error().file(spec));
                Json j{{"format", opened->format}, {"entries", Json::array()}};
                std::string text = fmt::format("{:>5}  {:<56} {:>12}\n", "index", "name", "size");
                for (std::size_t i = 0; i < entries->size(); ++i) {
                    const auto& e = (*entries)[i];
                    j["entries"].push_back({{"index", i}, {"name", e.name}, {"size", e.size}});
                    text += fmt::format("{:>5}  {:<56} {:>12}\n", i, e.name, e.size);
                }
                text += fmt::format("{} entries", entries->size());
                printOut(ctx.json ? dumpJson(j) : text);
            } else if (opened->nres) {
                printOut(ctx.json ? iron3d::nres::listJson(*opened->nres) : iron3d::nres::listText(*opened->nres));
            } else {
                printOut(ctx.json ? iron3d::rsli::listJson(*opened->rsli) : iron3d::rsli::listText(*opened->rsli));
            }
            return kExitOk;
        };
    });
}

// ---- extract ----

// Archives opened through their VFS provider: entries are written under their archive paths ('/' kept as
// host directories, each segment checked like a VFS path); every read is the provider's (CRC-checked for
// VPK/GMA), so a corrupt entry stops the extraction with its structured error.
int extractFromProvider(AppContext& ctx, const OpenedArchive& opened, const std::string& spec,
                        const std::vector<std::string>& names, const std::string& outDir) {
    auto entries = opened.provider->list();
    if (!entries) return reportError(ctx, std::move(entries).error().file(spec));
    std::vector<vfs::EntryInfo> selected;
    if (names.empty()) {
        selected = *entries;
    } else {
        for (const auto& n : names) {
            if (!opened.provider->contains(n))
                return reportError(ctx, Error("archive.no_entry", "no such entry in the archive").entry(n).file(spec));
            selected.push_back({n, 0});
        }
    }
    std::error_code mkdirError;
    fs::create_directories(outDir, mkdirError);
    if (mkdirError || !fs::is_directory(outDir))
        return reportError(ctx, Error("io.mkdir", "cannot create the output directory").file(outDir));
    Json manifest{{"format", opened.format}, {"version", 1}};
    if (!opened.meta.is_null()) manifest[opened.format] = opened.meta;
    manifest["entries"] = Json::array();
    std::uint64_t total = 0;
    auto& progress = ctx.progress();
    progress.begin("extract", selected.size());
    for (std::size_t i = 0; i < selected.size(); ++i) {
        const auto& s = selected[i];
        auto segments = vfs::splitPath(s.name);
        if (!segments) {
            progress.end();
            return reportError(ctx, std::move(segments).error().entry(s.name).file(spec));
        }
        fs::path host = outDir;
        for (const auto& seg : *segments) host /= seg;
        auto data = opened.provider->read(s.name);
        if (!data) {
            progress.end();
            return reportError(ctx, std::move(data).error().file(spec));
        }
        std::error_code ec;
        fs::create_directories(host.parent_path(), ec);
        if (auto st = writeFileAtomic(host, *data); !st) {
            progress.end();
            return reportError(ctx, st.error());
        }
        manifest["entries"].push_back({{"file", fs::relative(host, outDir).generic_string()}, {"name", s.name},
                                       {"size", data->size()}});
        total += data->size();
        progress.update(i + 1);
    }
    progress.end();
    const auto manifestPath = fs::path(outDir) / kManifestName;
    if (auto st = writeFileAtomic(manifestPath, dumpJson(manifest, 2)); !st) return reportError(ctx, st.error());
    if (ctx.json) {
        printOut(dumpJson(Json{{"ok", true}, {"format", opened.format}, {"out", outDir}, {"extracted", selected.size()},
                               {"bytes", total}, {"manifest", manifestPath.string()}}));
    } else {
        printOut(fmt::format("extracted {} entr{} ({} bytes) from {} to {} (manifest {})", selected.size(),
                             selected.size() == 1 ? "y" : "ies", total, spec, outDir, manifestPath.string()));
    }
    return kExitOk;
}

struct Selected {
    std::size_t index;
    std::string name;
    std::uint64_t size;
};

void addExtract(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("extract", "Extract archive entries (decoded) into a directory, with a manifest");
    auto* json = addJsonFlag(cmd);
    static std::string spec, outDir;
    static std::vector<std::string> names;
    cmd->add_option("ARCHIVE", spec, "Archive file, or a nested one as outer.lib:inner.msh")->required();
    cmd->add_option("ENTRY", names, "Entries to extract (default: all)");
    cmd->add_option("-o,--out", outDir, "Output directory (created if missing)")->required();
    cmd->footer("Example: vestige extract sprites.lib -o sprites/   (then: vestige pack --format rsli sprites/ -o copy.lib)");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            auto opened = openArchive(spec, ctx);
            if (!opened) return reportError(ctx, opened.error());
            if (opened->provider) return extractFromProvider(ctx, *opened, spec, names, outDir);
            const auto* nres = opened->nres ? &*opened->nres : nullptr;
            const auto* rsli = opened->rsli ? &*opened->rsli : nullptr;
            const std::size_t count = nres ? nres->size() : rsli->size();
            auto entryName = [&](std::size_t i) {
                return std::string(nres ? nres->entries()[i].name() : rsli->entries()[i].name());
            };
            auto entrySize = [&](std::size_t i) -> std::uint64_t {
                return nres ? nres->entries()[i].size : rsli->entries()[i].unpackedSize;
            };

            std::vector<Selected> selected;
            if (names.empty()) {
                for (std::size_t i = 0; i < count; ++i) selected.push_back({i, entryName(i), entrySize(i)});
            } else {
                for (const auto& n : names) {
                    std::optional<std::size_t> idx = nres ? nres->find(n) : rsli->find(n);
                    if (!idx && rsli) idx = rsli->findNoCase(n);
                    if (!idx) {
                        Error e("archive.no_entry", "no such entry in the archive");
                        return reportError(ctx, e.entry(n).file(spec));
                    }
                    selected.push_back({*idx, entryName(*idx), entrySize(*idx)});
                }
            }

            std::error_code ec;
            fs::create_directories(outDir, ec);
            if (ec || !fs::is_directory(outDir))
                return reportError(ctx, Error("io.mkdir", "cannot create the output directory").file(outDir));

            Json manifest;
            manifest["format"] = opened->format;
            manifest["version"] = 1;
            if (nres) {
                manifest["sort_fold"] = nres->sortTableValid() && nres->sortFold() == iron3d::nres::SortFold::Upper ? "upper" : "lower";
            } else {
                manifest["header"] = toHex(rsli->header());
            }
            manifest["entries"] = Json::array();
            Json collisions = Json::array();
            std::set<std::string> used{asciiLower(kManifestName)};
            std::uint64_t total = 0, done = 0;
            for (const auto& s : selected) total += s.size;
            auto& progress = ctx.progress();
            progress.begin("extract", total);
            for (const auto& s : selected) {
                const std::string base = iron3d::nres::hostFileName(s.name);
                const std::string file = iron3d::nres::uniqueHostName(base, used);
                if (file != s.name)
                    collisions.push_back({{"entry", iron3d::nres::displayName(s.name)}, {"file", file},
                                          {"reason", file != base ? "collision" : "sanitised"}});
                Bytes data;
                if (nres) {
                    const auto p = nres->payload(s.index);
                    data.assign(p.begin(), p.end());
                } else {
                    auto d = rsli->load(s.index);
                    if (!d) {
                        progress.end();
                        return reportError(ctx, std::move(d).error().file(spec));
                    }
                    data = std::move(*d);
                }
                if (auto st = writeFileAtomic(fs::path(outDir) / file, data); !st) {
                    progress.end();
                    return reportError(ctx, st.error());
                }
                Json row{{"file", file}, {"name", iron3d::nres::displayName(s.name)}};
                if (nres) {
                    const auto& e = nres->entries()[s.index];
                    row["name_field"] = toHex(e.nameField.raw);
                    row["type"] = e.type;
                    row["attr1"] = e.attr1;
                    row["attr2"] = e.attr2;
                    row["attr3"] = e.attr3;
                } else {
                    const auto& e = rsli->entries()[s.index];
                    row["name_field"] = toHex(e.nameField.raw);
                    row["service"] = toHex(e.service);
                    row["flags"] = e.flags;
                    row["method"] = std::string(iron3d::rsli::methodName(e.method()));
                }
                row["size"] = data.size();
                manifest["entries"].push_back(std::move(row));
                done += s.size;
                progress.update(done);
            }
            progress.end();
            const auto manifestPath = fs::path(outDir) / kManifestName;
            if (auto st = writeFileAtomic(manifestPath, dumpJson(manifest, 2)); !st) return reportError(ctx, st.error());

            if (ctx.json) {
                Json r{{"ok", true},       {"format", opened->format},           {"out", outDir},
                       {"extracted", selected.size()}, {"bytes", total},      {"manifest", manifestPath.string()},
                       {"renamed", collisions}};
                printOut(dumpJson(r));
            } else {
                if (!opened->warning.empty()) std::fprintf(stderr, "vestige: warning: %s\n", opened->warning.c_str());
                for (const auto& c : collisions)
                    std::fprintf(stderr, "vestige: %s: entry \"%s\" written as \"%s\"\n",
                                 c["reason"].get<std::string>().c_str(), c["entry"].get<std::string>().c_str(),
                                 c["file"].get<std::string>().c_str());
                printOut(fmt::format("extracted {} entr{} ({} bytes) from {} to {} (manifest {})", selected.size(),
                                     selected.size() == 1 ? "y" : "ies", total, spec, outDir, manifestPath.string()));
            }
            return kExitOk;
        };
    });
}

// ---- pack ----

struct PackInput {
    Json manifest;       // null when packing a bare directory
    fs::path baseDir;    // where the entry files are
    std::vector<std::string> files;  // bare directory: sorted file names
};

Result<PackInput> loadPackInput(const std::string& input) {
    PackInput in;
    std::error_code ec;
    fs::path manifestPath;
    if (fs::is_directory(input, ec)) {
        in.baseDir = input;
        if (fs::is_regular_file(in.baseDir / kManifestName, ec)) manifestPath = in.baseDir / kManifestName;
    } else if (fs::is_regular_file(input, ec)) {
        manifestPath = input;
        in.baseDir = fs::path(input).parent_path();
        if (in.baseDir.empty()) in.baseDir = ".";
    } else {
        return Error("io.open", "no such file or directory").file(input);
    }
    if (!manifestPath.empty()) {
        VESTIGE_TRY(auto text, readFile(manifestPath));
        in.manifest = Json::parse(text.begin(), text.end(), nullptr, false);
        if (in.manifest.is_discarded() || !in.manifest.is_object() || !in.manifest.contains("entries") ||
            !in.manifest["entries"].is_array())
            return Error("pack.bad_manifest", "not a Vestige archive manifest (JSON object with \"entries\")")
                .file(manifestPath.string());
        return in;
    }
    for (const auto& de : fs::directory_iterator(in.baseDir, ec))
        if (de.is_regular_file()) in.files.push_back(de.path().filename().string());
    std::sort(in.files.begin(), in.files.end());
    return in;
}

// Manifest values with checks (a hand-edited manifest must fail with a clear error, not throw).
Result<std::uint32_t> u32Field(const Json& row, const char* key, std::size_t index, std::uint32_t fallback = 0) {
    if (!row.contains(key)) return fallback;
    const auto& v = row[key];
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > 0xFFFFFFFFull)
        return Error("pack.bad_manifest", "expected an unsigned 32-bit number").field(key).record(index);
    return static_cast<std::uint32_t>(v.get<std::uint64_t>());
}

Result<std::string> stringField(const Json& row, const char* key, std::size_t index) {
    if (!row.contains(key) || !row[key].is_string())
        return Error("pack.bad_manifest", "expected a string").field(key).record(index);
    return row[key].get<std::string>();
}

Result<Bytes> readEntryFile(const fs::path& baseDir, const std::string& file, std::size_t index) {
    // Only relative paths below the manifest directory (the same rules as VFS paths).
    auto segments = vfs::splitPath(file);
    if (!segments) return std::move(segments).error().record(index).field("file");
    fs::path p = baseDir;
    for (const auto& s : *segments) p /= s;
    return readFile(p);
}

// The fields every manifest row has: its file (read from below the manifest), and either the raw
// fixed-size name field (hex, kept byte for byte) or a plain name.
template <class NewEntry>
Status readRow(const PackInput& in, const Json& row, std::size_t i, std::size_t nameSize, NewEntry& e) {
    VESTIGE_TRY(auto file, stringField(row, "file", i));
    VESTIGE_TRY(e.data, readEntryFile(in.baseDir, file, i));
    if (!row.contains("name_field")) {
        VESTIGE_TRY(e.name, stringField(row, "name", i));
        return {};
    }
    auto raw = fromHex(row["name_field"].is_string() ? row["name_field"].get<std::string>() : "", nameSize, "name_field");
    if (!raw) return std::move(raw).error().record(i);
    FixedString f;
    f.raw = std::move(*raw);
    f.terminated = std::find(f.raw.begin(), f.raw.end(), 0) != f.raw.end();
    e.nameField = std::move(f);
    return {};
}

Result<Bytes> packNres(const PackInput& in, std::size_t& count) {
    std::vector<iron3d::nres::NewEntry> entries;
    auto fold = iron3d::nres::SortFold::Lower;
    if (in.manifest.is_null()) {
        for (const auto& f : in.files) {
            VESTIGE_TRY(auto data, readFile(in.baseDir / f));
            entries.push_back({0, 0, 0, 0, f, std::nullopt, std::move(data)});
        }
    } else {
        if (in.manifest.value("sort_fold", std::string("lower")) == "upper") fold = iron3d::nres::SortFold::Upper;
        const auto& rows = in.manifest["entries"];
        for (std::size_t i = 0; i < rows.size(); ++i) {
            iron3d::nres::NewEntry e;
            VESTIGE_CHECK(readRow(in, rows[i], i, iron3d::nres::kNameSize, e));
            for (auto [key, dst] : {std::pair{"type", &e.type}, {"attr1", &e.attr1}, {"attr2", &e.attr2}, {"attr3", &e.attr3}}) {
                VESTIGE_TRY(*dst, u32Field(rows[i], key, i));
            }
            entries.push_back(std::move(e));
        }
    }
    count = entries.size();
    return iron3d::nres::writeCanonical(entries, fold);
}

Result<Bytes> packRsli(const PackInput& in, iron3d::rsli::Method defaultMethod, std::size_t& count) {
    std::vector<iron3d::rsli::NewEntry> entries;
    iron3d::rsli::WriteOptions options;
    if (in.manifest.is_null()) {
        for (const auto& f : in.files) {
            iron3d::rsli::NewEntry e;
            VESTIGE_TRY(e.data, readFile(in.baseDir / f));
            e.name = asciiUpper(f);  // the original lookup upper-cases queries
            e.flags = static_cast<std::uint16_t>(defaultMethod);
            entries.push_back(std::move(e));
        }
    } else {
        if (in.manifest.contains("header")) {
            const auto& h = in.manifest["header"];
            VESTIGE_TRY(options.header, fromHex(h.is_string() ? h.get<std::string>() : "", iron3d::rsli::kHeaderSize, "header"));
        }
        const auto& rows = in.manifest["entries"];
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto& row = rows[i];
            iron3d::rsli::NewEntry e;
            VESTIGE_CHECK(readRow(in, row, i, iron3d::rsli::kNameSize, e));
            e.flags = static_cast<std::uint16_t>(defaultMethod);
            if (row.contains("flags")) {
                auto flags = u32Field(row, "flags", i);
                if (!flags || *flags > 0xFFFF)
                    return Error("pack.bad_manifest", "flags must be a 16-bit number").field("flags").record(i);
                e.flags = static_cast<std::uint16_t>(*flags);
            } else if (row.contains("method")) {
                auto m = iron3d::rsli::parseMethod(row.value("method", std::string()));
                if (!m) return Error("pack.bad_manifest", "unknown method").field("method").record(i);
                e.flags = static_cast<std::uint16_t>(*m);
            }
            if (row.contains("service")) {
                VESTIGE_TRY(auto sv, fromHex(row["service"].is_string() ? row["service"].get<std::string>() : "", 4, "service"));
                std::copy(sv.begin(), sv.end(), e.service.begin());
            }
            entries.push_back(std::move(e));
        }
    }
    count = entries.size();
    return iron3d::rsli::write(entries, options);
}

// VPK and GMA hold paths: a bare directory is walked recursively ('/' paths, sorted bytewise, the manifest file
// left out); a manifest gives each row's archive path ("name") and its file.
Result<std::vector<std::pair<std::string, Bytes>>> pathFiles(const PackInput& in) {
    std::vector<std::pair<std::string, Bytes>> out;
    if (in.manifest.is_null()) {
        std::vector<std::string> names;
        std::error_code ec;
        for (auto it = fs::recursive_directory_iterator(in.baseDir, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec)) {
            if (!it->is_regular_file()) continue;
            std::string rel = fs::relative(it->path(), in.baseDir).generic_string();
            if (rel != kManifestName) names.push_back(std::move(rel));
        }
        if (ec) return Error("io.read_dir", ec.message()).file(in.baseDir.string());
        std::sort(names.begin(), names.end());
        for (auto& n : names) {
            VESTIGE_TRY(auto data, readEntryFile(in.baseDir, n, out.size()));
            out.emplace_back(std::move(n), std::move(data));
        }
        return out;
    }
    const auto& rows = in.manifest["entries"];
    for (std::size_t i = 0; i < rows.size(); ++i) {
        VESTIGE_TRY(auto file, stringField(rows[i], "file", i));
        VESTIGE_TRY(auto name, stringField(rows[i], "name", i));
        VESTIGE_TRY(auto data, readEntryFile(in.baseDir, file, i));
        out.emplace_back(std::move(name), std::move(data));
    }
    return out;
}

struct Packed {
    Bytes bytes;                                        // the archive (a VPK's directory file)
    std::vector<std::pair<fs::path, Bytes>> siblings;  // a VPK's chunk files, next to it
    std::size_t count = 0;
};

// A *_dir.vpk output gets chunk files (<base>_NNN.vpk beside it); any other name is one single-file VPK.
Result<Packed> packVpk(const PackInput& in, std::uint32_t version, const fs::path& out) {
    const Json meta = in.manifest.is_null() ? Json() : in.manifest.value("vpk", Json());
    if (version == 0 && meta.is_object() && meta.contains("version")) {
        const auto& v = meta["version"];
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() > 0xFFFFFFFFull)
            return Error("pack.bad_manifest", "expected an unsigned 32-bit number").field("version").in("vpk", "header");
        version = static_cast<std::uint32_t>(v.get<std::uint64_t>());
    }
    if (version == 0) version = 2;
    if (version != 1 && version != 2)
        return Error("pack.bad_version", "VPK versions are 1 and 2").field("version").actual(std::to_string(version));
    VESTIGE_TRY(auto files, pathFiles(in));
    std::vector<source::vpk::NewFile> entries;
    for (auto& [name, data] : files) entries.push_back({name, std::move(data), 0});
    source::vpk::WriteOptions options;
    options.version = version;
    const auto base = source::vpk::chunkBase(out.filename().string());
    options.singleFile = !base;
    VESTIGE_TRY(auto written, source::vpk::write(entries, options));
    Packed p{std::move(written.directory), {}, entries.size()};
    for (std::size_t i = 0; i < written.chunks.size(); ++i)
        p.siblings.emplace_back(out.parent_path() / source::vpk::chunkFileName(*base, static_cast<std::uint16_t>(i)),
                                std::move(written.chunks[i]));
    return p;
}

// The header comes from the manifest (what extract kept) or, for a bare directory, from --title (default: the
// directory's name); the timestamp stays 0 unless given, so the same input always packs to the same bytes.
Result<Packed> packGma(const PackInput& in, const std::string& title) {
    source::gma::Header h;
    fs::path dir = fs::absolute(in.baseDir).lexically_normal();
    if (dir.filename().empty()) dir = dir.parent_path();  // "my_addon/" names my_addon too
    h.name = title.empty() ? dir.filename().string() : title;
    const Json meta = in.manifest.is_null() ? Json() : in.manifest.value("gma", Json());
    if (meta.is_object()) {
        const auto text = [&](const char* key, std::string& dst) -> Status {
            if (!meta.contains(key)) return {};
            if (!meta[key].is_string()) return Error("pack.bad_manifest", "expected a string").field(key).in("gma", "header");
            dst = meta[key].get<std::string>();
            return {};
        };
        const auto number = [&](const char* key, auto& dst) -> Status {
            using T = std::remove_reference_t<decltype(dst)>;
            if (!meta.contains(key)) return {};
            const auto& v = meta[key];
            const bool fits = v.is_number_unsigned() ? v.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<T>::max())
                              : v.is_number_integer() ? v.get<std::int64_t>() >= std::int64_t(std::numeric_limits<T>::min()) &&
                                                            v.get<std::int64_t>() <= std::int64_t(std::numeric_limits<T>::max())
                                                      : false;
            if (!fits) return Error("pack.bad_manifest", "expected an integer in range").field(key).in("gma", "header");
            dst = v.is_number_unsigned() ? static_cast<T>(v.get<std::uint64_t>()) : static_cast<T>(v.get<std::int64_t>());
            return {};
        };
        VESTIGE_CHECK(number("version", h.version));
        VESTIGE_CHECK(number("steam_id", h.steamId));
        VESTIGE_CHECK(number("timestamp", h.timestamp));
        VESTIGE_CHECK(number("addon_version", h.addonVersion));
        VESTIGE_CHECK(text("name", h.name));
        VESTIGE_CHECK(text("description", h.description));
        VESTIGE_CHECK(text("author", h.author));
        if (meta.contains("required_content")) {
            const auto& list = meta["required_content"];
            if (!list.is_array()) return Error("pack.bad_manifest", "expected an array of strings").field("required_content");
            h.requiredContent.clear();
            for (const auto& item : list) {
                if (!item.is_string()) return Error("pack.bad_manifest", "expected a string").field("required_content");
                h.requiredContent.push_back(item.get<std::string>());
            }
        }
    }
    if (!title.empty()) h.name = title;
    VESTIGE_TRY(auto files, pathFiles(in));
    std::vector<source::gma::NewFile> entries;
    for (auto& [name, data] : files) entries.push_back({name, std::move(data)});
    VESTIGE_TRY(auto bytes, source::gma::write(h, entries));
    return Packed{std::move(bytes), {}, entries.size()};
}

void addPack(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("pack", "Build an NRes, RsLi, VPK or GMA archive from an extract manifest or a directory");
    auto* json = addJsonFlag(cmd);
    static std::string format, input, out, method = "stored", title;
    static std::uint32_t vpkVersion = 0;
    cmd->add_option("--format", format, "Archive format")->required()->check(CLI::IsMember({"nres", "rsli", "vpk", "gma"}));
    cmd->add_option("INPUT", input, "Manifest (vestige-manifest.json) or directory")->required();
    cmd->add_option("-o,--out", out, "Output archive")->required();
    cmd->add_option("--method", method,
                    "RsLi method for files without a manifest row: stored, xor, lzss, xor+lzss, lzhuf, xor+lzhuf, deflate")
        ->capture_default_str();
    cmd->add_option("--vpk-version", vpkVersion, "VPK version 1 or 2 (default: the manifest's, else 2); an output "
                                                 "named *_dir.vpk gets chunk files beside it");
    cmd->add_option("--title", title, "GMA addon title (default: the manifest's, else the directory's name)");
    cmd->footer("Examples: vestige pack --format nres extracted/ -o rebuilt.lib\n"
                "          vestige pack --format vpk materials_root/ -o pak01_dir.vpk\n"
                "          vestige pack --format gma my_addon/ -o my_addon.gma");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            const auto defaultMethod = iron3d::rsli::parseMethod(method);
            if (!defaultMethod) {
                std::fprintf(stderr, "vestige pack: unknown --method '%s'\n", method.c_str());
                return kExitUsage;
            }
            auto in = loadPackInput(input);
            if (!in) return reportError(ctx, in.error());
            if (!in->manifest.is_null() && in->manifest.value("format", format) != format) {
                Error e("pack.format_mismatch", "the manifest was written for another format");
                return reportError(ctx, e.expected(format).actual(in->manifest.value("format", std::string("?"))));
            }
            auto packed = [&]() -> Result<Packed> {
                Packed p;
                if (format == "vpk") return packVpk(*in, vpkVersion, fs::path(out));
                if (format == "gma") return packGma(*in, title);
                VESTIGE_TRY(p.bytes, format == "nres" ? packNres(*in, p.count) : packRsli(*in, *defaultMethod, p.count));
                return p;
            }();
            if (!packed) return reportError(ctx, std::move(packed).error().file(input));
            if (auto st = writeFileAtomic(out, packed->bytes); !st) return reportError(ctx, st.error());
            Json siblings = Json::array();
            for (const auto& [path, bytes] : packed->siblings) {
                if (auto st = writeFileAtomic(path, bytes); !st) return reportError(ctx, st.error());
                siblings.push_back(path.string());
            }
            const std::size_t count = packed->count;
            if (ctx.json) {
                printOut(dumpJson(Json{{"ok", true}, {"format", format}, {"out", out}, {"entries", count},
                                       {"bytes", packed->bytes.size()}, {"chunks", siblings}}));
            } else {
                printOut(fmt::format("packed {} entr{} into {} ({} bytes, {}{})", count, count == 1 ? "y" : "ies", out,
                                     packed->bytes.size(), format,
                                     siblings.empty() ? "" : fmt::format(", {} chunk file(s)", siblings.size())));
            }
            return kExitOk;
        };
    });
}

}  // namespace

void addArchiveCommands(CLI::App& cli, AppContext& ctx) {
    addLs(cli, ctx);
    addExtract(cli, ctx);
    addPack(cli, ctx);
}

}  // namespace vestige::app
