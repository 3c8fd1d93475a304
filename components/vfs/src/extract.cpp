// `vestige extract` for every archive format: host names, staging, the manifest, never over an input.
#include <fmt/format.h>
#include <unistd.h>

#include "vestige/core/file_io.hpp"
#include "vestige/core/json.hpp"
#include "vestige/vfs/archive_service.hpp"
#include "vestige/vfs/names.hpp"

namespace vestige::vfs {
namespace fs = std::filesystem;

namespace {

// The entry's name split where the format separates folders ('/' and '\' for path formats; nowhere otherwise).
std::vector<std::string> nameSegments(std::string_view name, bool pathNames) {
    if (!pathNames) return {std::string(name)};
    std::vector<std::string> segments(1);
    for (char c : name) {
        if (c == '/' || c == '\\')
            segments.emplace_back();
        else
            segments.back() += c;
    }
    return segments;
}

struct Planned {
    std::size_t index;
    HostNames::Placed placed;
};

// The staging folder inside the output folder: a name no entry can take (hostFileName never starts with '.'),
// removed on every way out unless released.
class Staging {
public:
    Staging(fs::path out, bool createdOut) : mOut(std::move(out)), mCreatedOut(createdOut) {
        mDir = mOut / fmt::format(".vestige-extract-{}", static_cast<long>(::getpid()));
    }
    ~Staging() {
        std::error_code ec;
        fs::remove_all(mDir, ec);
        if (mCreatedOut && !mKeepOut) fs::remove(mOut, ec);  // only when still empty
    }
    Staging(const Staging&) = delete;
    Staging& operator=(const Staging&) = delete;
    [[nodiscard]] const fs::path& dir() const { return mDir; }
    void keepOut() { mKeepOut = true; }

private:
    fs::path mOut, mDir;
    bool mCreatedOut = false, mKeepOut = false;
};

Status writeStaged(const fs::path& path, ByteView data) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) return Error("io.mkdir", "cannot create directory").file(path.parent_path().string());
    return writeFileAtomic(path, data);
}

// A file to be moved from staging to `target` must not land on a folder, under a file, or over an input.
Status checkTarget(const fs::path& out, const std::string& relative, const std::vector<fs::path>& inputs) {
    const fs::path rel(relative);
    const fs::path target = out / rel;
    std::error_code ec;
    fs::path cur = out;
    for (const auto& part : rel) {
        cur /= part;
        const auto st = fs::symlink_status(cur, ec);
        if (!fs::exists(st)) break;
        const bool last = cur == target;
        // A link would take the entries out of the output folder.
        if (!last && (fs::is_symlink(st) || !fs::is_directory(st)))
            return Error("extract.path_conflict", "a file or link in the output folder is in the way of a folder")
                .file(cur.string())
                .entry(relative);
        if (last && fs::is_directory(st))
            return Error("extract.path_conflict", "a folder in the output folder is in the way of a file")
                .file(cur.string())
                .entry(relative);
    }
    for (const auto& input : inputs)
        if (sameFile(target, input))
            return Error("extract.output_is_input", "extracting would write over one of the inputs")
                .file(target.string())
                .expected("an output folder that does not hold the archive under an entry's name")
                .actual(input.string());
    return {};
}

}  // namespace

Result<ExtractReport> extractArchive(std::string_view format, const ArchiveServices& services,
                                     const ArchiveContents& contents, const ExtractRequest& request) {
    // Which entries, and where each goes.
    std::vector<std::size_t> selected;
    if (request.names.empty()) {
        for (std::size_t i = 0; i < contents.entries.size(); ++i) selected.push_back(i);
    } else {
        for (const auto& n : request.names) {
            const auto index = contents.find(n);
            if (!index) return Error("archive.no_entry", "no such entry in the archive").entry(n).file(request.label);
            selected.push_back(*index);
        }
    }
    HostNames names({std::string(kManifestName)});
    std::vector<Planned> plan;
    ExtractReport report;
    for (const auto index : selected) {
        const ArchiveEntry& e = contents.entries[index];
        if (services.checkName) VESTIGE_CHECK(services.checkName(e.name).entry(e.shown).file(request.label));
        auto placed = names.place(nameSegments(e.name, services.pathNames));
        if (!placed.reason.empty()) report.renamed.push_back({e.shown, placed.path, placed.reason});
        plan.push_back({index, std::move(placed)});
    }
    std::vector<fs::path> inputs = request.inputs;
    inputs.insert(inputs.end(), contents.hostInputs.begin(), contents.hostInputs.end());
    for (const auto& p : plan) VESTIGE_CHECK(checkTarget(request.out, p.placed.path, inputs));
    VESTIGE_CHECK(checkTarget(request.out, std::string(kManifestName), inputs));

    std::error_code ec;
    const bool existed = fs::exists(request.out, ec);
    fs::create_directories(request.out, ec);
    if (ec || !fs::is_directory(request.out, ec))
        return Error("io.mkdir", "cannot create the output directory").file(request.out.string());
    Staging staging(request.out, !existed);

    // Every entry is read and written into the staging folder first: a corrupt entry stops here, with nothing
    // in the output folder.
    ManifestJson manifest{{"format", std::string(format)}, {"version", 1}};
    for (const auto& [key, value] : contents.manifest.items()) manifest[key] = value;
    manifest["entries"] = ManifestJson::array();
    std::uint64_t expected = 0;
    for (const auto& p : plan) expected += contents.entries[p.index].size;
    Progress& progress = request.progress ? *request.progress : silentProgress();
    progress.begin("extract", expected);
    std::uint64_t done = 0;
    for (const auto& p : plan) {
        const ArchiveEntry& e = contents.entries[p.index];
        auto data = contents.load(p.index);
        if (!data) {
            progress.end();
            return std::move(data).error().file(request.label);
        }
        if (auto st = writeStaged(staging.dir() / p.placed.path, *data); !st) {
            progress.end();
            return st.error();
        }
        ManifestJson row{{"file", p.placed.path}, {"name", e.shown}};
        if (contents.manifestRow) {
            const ManifestJson own = contents.manifestRow(p.index);
            for (const auto& [key, value] : own.items()) row[key] = value;
        }
        row["size"] = data->size();
        manifest["entries"].push_back(std::move(row));
        report.bytes += data->size();
        done += e.size;
        progress.update(done);
    }
    progress.end();
    VESTIGE_CHECK(writeStaged(staging.dir() / kManifestName, asBytes(dumpJson(manifest, 2))));

    // Into place: entries first, the manifest last (a manifest only ever describes files that are there).
    for (const auto& p : plan) {
        const fs::path target = request.out / p.placed.path;
        fs::create_directories(target.parent_path(), ec);
        fs::rename(staging.dir() / p.placed.path, target, ec);
        if (ec)
            return Error("io.rename", fmt::format("cannot move an extracted entry into place ({} of {} moved)",
                                                  report.extracted, plan.size()))
                .file(target.string());
        ++report.extracted;
    }
    report.manifest = request.out / kManifestName;
    fs::rename(staging.dir() / kManifestName, report.manifest, ec);
    if (ec) return Error("io.rename", "cannot move the manifest into place").file(report.manifest.string());
    staging.keepOut();
    return report;
}

}  // namespace vestige::vfs
