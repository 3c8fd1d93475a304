// VPK: contents for ls/extract (chunk files found from the origin), the manifest, and pack.
#include "vestige/source/vpk/manifest.hpp"

#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/vpk/register.hpp"
#include "vestige/source/vpk/vpk.hpp"

namespace vestige::source::vpk {
namespace fs = std::filesystem;

namespace {

using vfs::ManifestJson;

Result<vfs::ArchiveContents> contents(Bytes data, vfs::ArchiveOrigin origin) {
    std::shared_ptr<const ChunkSource> chunks = chunksFor(data, std::move(origin));
    VESTIGE_TRY(auto opened, Archive::read(std::move(data), Profile::Compatible));
    auto a = std::make_shared<const Archive>(std::move(opened));
    vfs::ArchiveContents c;
    for (const auto& e : a->entries()) c.entries.push_back({e.path, e.path, e.size()});
    c.find = [a](std::string_view name) { return a->find(name); };
    c.load = [a, chunks](std::size_t index) { return a->load(index, chunks.get(), true); };
    c.manifest = {{"vpk", {{"version", a->raw().version}}}};
    if (const auto* host = dynamic_cast<const HostChunks*>(chunks.get()))
        for (auto index : a->chunkIndices()) c.hostInputs.push_back(host->chunkPath(index));
    return c;
}

Result<std::uint32_t> packVersion(const vfs::PackInput& in) {
    if (const auto it = in.options.find("vpk-version"); it != in.options.end()) {
        const auto v = parseInteger<std::uint32_t>(it->second);
        if (!v) return Error("pack.bad_option", "--vpk-version takes an unsigned 32-bit number").actual(it->second);
        if (*v != 0) return *v;
    }
    const ManifestJson meta = in.manifest ? in.manifest->value("vpk", ManifestJson()) : ManifestJson();
    if (meta.is_object() && meta.contains("version")) {
        const auto& v = meta["version"];
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() > 0xFFFFFFFFull)
            return Error("pack.bad_manifest", "expected an unsigned 32-bit number")
                .field("version")
                .in("vpk", "header");
        if (v.get<std::uint64_t>() != 0) return static_cast<std::uint32_t>(v.get<std::uint64_t>());
    }
    return 2;
}

Result<vfs::PackOutput> pack(vfs::PackInput in) {
    VESTIGE_TRY(const std::uint32_t version, packVersion(in));
    if (version != 1 && version != 2)
        return Error("pack.bad_version", "VPK versions are 1 and 2").field("version").actual(std::to_string(version));
    std::vector<NewFile> entries;
    for (std::size_t i = 0; i < in.files.size(); ++i) {
        auto& f = in.files[i];
        if (f.row) { VESTIGE_TRY(f.name, vfs::manifestString(*f.row, "name", i)); }
        entries.push_back({std::move(f.name), std::move(f.data), 0});
    }
    WriteOptions options;
    options.version = version;
    const auto base = chunkBase(in.out.filename().string());
    options.singleFile = !base;
    VESTIGE_TRY(auto written, write(entries, options));
    vfs::PackOutput out{std::move(written.directory), {}};
    for (std::size_t i = 0; i < written.chunks.size(); ++i)
        out.siblings.emplace_back(in.out.parent_path() / chunkFileName(*base, static_cast<std::uint16_t>(i)),
                                  std::move(written.chunks[i]));
    return out;
}

// `<base>_NNN.vpk` in the folder of `<base>_dir.vpk`.
bool ownsOutput(const fs::path& out, const fs::path& file) {
    const auto base = chunkBase(out.filename().string());
    const std::string name = file.filename().string();
    if (!base || name.size() != base->size() + 8 || !endsWithNoCase(name, ".vpk")) return false;
    if (!iequals(std::string_view(name).substr(0, base->size() + 1), *base + "_")) return false;
    for (std::size_t i = base->size() + 1; i < base->size() + 4; ++i)
        if (name[i] < '0' || name[i] > '9') return false;
    std::error_code ec;
    const fs::path outDir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
    return fs::equivalent(outDir, file.parent_path(), ec);
}

}  // namespace

std::shared_ptr<const vfs::ArchiveServices> archiveServices() {
    auto s = std::make_shared<vfs::ArchiveServices>();
    s->pathNames = true;
    s->checkName = checkPath;
    s->contents = [](Bytes data, std::string, vfs::ArchiveOrigin origin) {
        return contents(std::move(data), std::move(origin));
    };
    s->pack = pack;
    s->ownsOutput = ownsOutput;
    s->packOptions.push_back({"vpk-version",
                              "VPK version 1 or 2 (default: the manifest's, else 2); an output named *_dir.vpk gets "
                              "chunk files beside it",
                              [](std::string_view value) -> std::optional<std::string> {
                                  if (parseInteger<std::uint32_t>(value)) return std::nullopt;
                                  return "--vpk-version '" + std::string(value) + "' is not an unsigned 32-bit number";
                              }});
    return s;
}

}  // namespace vestige::source::vpk
