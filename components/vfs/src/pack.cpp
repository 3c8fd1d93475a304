// `vestige pack` for every archive format: the manifest or folder read once, outputs never over inputs.
#include <fmt/format.h>

#include <algorithm>

#include "vestige/core/file_io.hpp"
#include "vestige/vfs/archive_service.hpp"

namespace vestige::vfs {
namespace fs = std::filesystem;

namespace {

struct Loaded {
    ManifestJson manifest;  // null for a bare folder
    PackInput input;
    std::vector<fs::path> read;  // every host file read (the clobber check compares outputs with them)
};

// A manifest row's file: only relative paths below the manifest's folder (the rules of VFS paths).
Result<fs::path> rowFile(const fs::path& folder, const ManifestJson& row, std::size_t index) {
    VESTIGE_TRY(auto file, manifestString(row, "file", index));
    auto segments = splitPath(file);
    if (!segments) return std::move(segments).error().record(index).field("file");
    fs::path p = folder;
    for (const auto& s : *segments) p /= s;
    return p;
}

Status readManifest(Loaded& in, const fs::path& path, std::string_view format) {
    VESTIGE_TRY(auto text, readFile(path));
    in.read.push_back(path);
    in.manifest = ManifestJson::parse(text.begin(), text.end(), nullptr, false);
    if (in.manifest.is_discarded() || !in.manifest.is_object() || !in.manifest.contains("entries") ||
        !in.manifest["entries"].is_array())
        return Error("pack.bad_manifest", "not a Vestige archive manifest (JSON object with \"entries\")")
            .file(path.string());
    const auto written = in.manifest.value("format", std::string(format));
    if (written != format)
        return Error("pack.format_mismatch", "the manifest was written for another format")
            .expected(std::string(format))
            .actual(in.manifest["format"].is_string() ? written : std::string("?"));
    const auto& rows = in.manifest["entries"];
    for (std::size_t i = 0; i < rows.size(); ++i) {
        VESTIGE_TRY(auto file, rowFile(in.input.folder, rows[i], i).file(path.string()));
        PackFile f;
        VESTIGE_TRY(f.data, readFile(file));
        in.read.push_back(file);
        if (rows[i].contains("name") && rows[i]["name"].is_string()) f.name = rows[i]["name"].get<std::string>();
        f.row = &rows[i];
        in.input.files.push_back(std::move(f));
    }
    in.input.manifest = &in.manifest;
    return {};
}

// A bare folder: its regular files (recursively for path formats), sorted bytewise, without what this pack writes.
Status readFolder(Loaded& in, const ArchiveServices& services) {
    const fs::path& folder = in.input.folder;
    const fs::path& out = in.input.out;
    std::vector<std::string> names;
    auto take = [&](const fs::directory_entry& de) {
        std::error_code ec;
        if (!de.is_regular_file(ec)) return;
        const fs::path& p = de.path();
        if (sameFile(p, out) || (services.ownsOutput && services.ownsOutput(out, p))) return;
        names.push_back(p.lexically_relative(folder).generic_string());
    };
    std::error_code ec;
    if (services.pathNames) {
        for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec))
            take(*it);
    } else {
        for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
            take(*it);
    }
    if (ec) return Error("io.read_dir", ec.message()).file(folder.string());
    std::sort(names.begin(), names.end());
    for (auto& n : names) {
        PackFile f;
        VESTIGE_TRY(f.data, readFile(folder / n));
        in.read.push_back(folder / n);
        f.name = std::move(n);
        in.input.files.push_back(std::move(f));
    }
    return {};
}

Result<std::unique_ptr<Loaded>> load(std::string_view format, const ArchiveServices& services,
                                     const PackRequest& request) {
    auto in = std::make_unique<Loaded>();
    in->input.out = request.out;
    in->input.options = request.options;
    std::error_code ec;
    const fs::path input(request.input);
    const auto st = fs::status(input, ec);
    if (fs::is_directory(st)) {
        in->input.folder = input;
        if (fs::is_regular_file(input / kManifestName, ec)) {
            VESTIGE_CHECK(readManifest(*in, input / kManifestName, format));
        } else {
            VESTIGE_CHECK(readFolder(*in, services).file(request.input));
        }
    } else if (fs::is_regular_file(st)) {
        in->input.folder = input.parent_path().empty() ? fs::path(".") : input.parent_path();
        VESTIGE_CHECK(readManifest(*in, input, format));
    } else if (fs::exists(st)) {
        return Error("io.not_regular", "not a regular file or folder").file(request.input);
    } else {
        return Error("io.open", "no such file or directory").file(request.input);
    }
    return in;
}

}  // namespace

Result<PackReport> packArchive(std::string_view format, const ArchiveServices& services, const PackRequest& request) {
    VESTIGE_TRY(auto in, load(format, services, request));
    const std::size_t count = in->input.files.size();
    auto packed = services.pack(std::move(in->input));
    if (!packed) return std::move(packed).error().file(request.input);

    std::vector<fs::path> outputs{request.out};
    for (const auto& s : packed->siblings) outputs.push_back(s.first);
    for (const auto& out : outputs)
        for (const auto& input : in->read)
            if (sameFile(out, input))
                return Error("pack.output_is_input", "the output would overwrite one of the inputs")
                    .file(out.string())
                    .expected("an output path that is not one of the packed files or the manifest")
                    .actual(input.string());

    VESTIGE_CHECK(writeFileAtomic(request.out, packed->archive));
    PackReport report{count, packed->archive.size(), {}};
    for (const auto& [path, bytes] : packed->siblings) {
        VESTIGE_CHECK(writeFileAtomic(path, bytes));
        report.siblings.push_back(path);
    }
    return report;
}

}  // namespace vestige::vfs
