// ls / extract / pack for every registered archive format: the format is found by probing (ls, extract) or named
// (pack), and its services do the work (vestige/vfs/archive_service.hpp); this file only parses and prints.
#include <fmt/format.h>

#include "app.hpp"
#include "vestige/core/json.hpp"
#include "vestige/vfs/archive_service.hpp"
#include "vestige/vfs/names.hpp"

namespace vestige::app {
namespace {

using Json = nlohmann::ordered_json;

struct OpenedArchive {
    const vfs::ArchiveFormat* format = nullptr;
    vfs::ArchiveContents contents;
    std::string hostFile;  // the host file the spec starts in: extraction never writes over it
};

// The archive a spec names, opened once by its format.
Result<OpenedArchive> openArchive(const std::string& spec, const AppContext& ctx) {
    VESTIGE_TRY(auto resolved, vfs::openSpec(spec, ctx.archives));
    const auto* format = ctx.archives.detect(resolved.data, resolved.name);
    if (!format || !format->services || !format->services->contents) {
        Error e("archive.unknown_format", "not an archive of any registered format");
        e.file(spec)
            .expected("NRes, RsLi or another registered archive (vestige version lists them)")
            .actual(hexBytes(resolved.data, 8));
        return e;
    }
    auto contents = format->services->contents(std::move(resolved.data), resolved.label, std::move(resolved.origin));
    if (!contents) return std::move(contents).error().file(spec);
    return OpenedArchive{format, std::move(*contents), std::move(resolved.hostFile)};
}

void addLs(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("ls", "List the entries of an archive (NRes, RsLi, VPK, GMA)");
    auto* json = addJsonFlag(cmd);
    static std::string spec;
    cmd->add_option("ARCHIVE", spec, "Archive file, or a nested one as outer.lib:inner.msh")->required();
    cmd->footer("Example: vestige ls --json Textures.lib");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            auto opened = openArchive(spec, ctx);
            if (!opened) return reportError(ctx, opened.error());
            const auto& warning = opened->contents.warning;
            if (!warning.empty() && !ctx.json)
                std::fprintf(stderr, "vestige: warning: %s: %s\n", spec.c_str(), vfs::printable(warning).c_str());
            printOut(vfs::listArchive(opened->format->name, opened->contents, ctx.json));
            return kExitOk;
        };
    });
}

void addExtract(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("extract", "Extract archive entries (decoded) into a directory, with a manifest");
    auto* json = addJsonFlag(cmd);
    static std::string spec, outDir;
    static std::vector<std::string> names;
    cmd->add_option("ARCHIVE", spec, "Archive file, or a nested one as outer.lib:inner.msh")->required();
    cmd->add_option("ENTRY", names, "Entries to extract (default: all)");
    cmd->add_option("-o,--out", outDir, "Output directory (created if missing)")->required();
    cmd->footer(
        "Example: vestige extract sprites.lib -o sprites/   (then: vestige pack --format rsli sprites/ -o copy.lib)");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            auto opened = openArchive(spec, ctx);
            if (!opened) return reportError(ctx, opened.error());
            vfs::ExtractRequest request{spec, names, outDir, {opened->hostFile}, &ctx.progress()};
            auto report =
                vfs::extractArchive(opened->format->name, *opened->format->services, opened->contents, request);
            if (!report) return reportError(ctx, report.error());
            const std::size_t n = report->extracted;
            if (ctx.json) {
                Json renamed = Json::array();
                for (const auto& r : report->renamed)
                    renamed.push_back({{"entry", r.entry}, {"file", r.file}, {"reason", r.reason}});
                printOut(dumpJson(Json{{"ok", true},
                                       {"format", opened->format->name},
                                       {"out", outDir},
                                       {"extracted", n},
                                       {"bytes", report->bytes},
                                       {"manifest", report->manifest.string()},
                                       {"renamed", renamed}}));
                return kExitOk;
            }
            if (const auto& w = opened->contents.warning; !w.empty())
                std::fprintf(stderr, "vestige: warning: %s\n", vfs::printable(w).c_str());
            for (const auto& r : report->renamed)
                std::fprintf(stderr, "vestige: %s: entry \"%s\" written as \"%s\"\n", r.reason.c_str(),
                             vfs::printable(r.entry).c_str(), vfs::printable(r.file).c_str());
            printOut(fmt::format("extracted {} entr{} ({} bytes) from {} to {} (manifest {})", n, n == 1 ? "y" : "ies",
                                 report->bytes, spec, outDir, report->manifest.string()));
            return kExitOk;
        };
    });
}

void addPack(CLI::App& cli, AppContext& ctx) {
    // The formats that can be written, and every option one of them reads.
    std::vector<std::string> formats;
    std::vector<const vfs::PackOption*> options;
    for (const auto& f : ctx.archives.formats()) {
        if (!f.services || !f.services->pack) continue;
        formats.push_back(f.name);
        for (const auto& o : f.services->packOptions) {
            bool seen = false;
            for (const auto* known : options) seen = seen || known->name == o.name;
            if (!seen) options.push_back(&o);
        }
    }
    auto* cmd = cli.add_subcommand(
        "pack", fmt::format("Build an archive ({}) from an extract manifest or a directory", fmt::join(formats, ", ")));
    auto* json = addJsonFlag(cmd);
    static std::string format, input, out;
    static std::map<std::string, std::string> values;
    cmd->add_option("--format", format, "Archive format")->required()->check(CLI::IsMember(formats));
    cmd->add_option("INPUT", input, "Manifest (vestige-manifest.json) or directory")->required();
    cmd->add_option("-o,--out", out, "Output archive")->required();
    for (const auto* o : options) cmd->add_option("--" + o->name, values[o->name], o->help);
    cmd->footer(
        "Examples: vestige pack --format nres extracted/ -o rebuilt.lib\n"
        "          vestige pack --format vpk materials_root/ -o pak01_dir.vpk\n"
        "          vestige pack --format gma my_addon/ -o my_addon.gma");
    cmd->callback([&ctx, json, cmd, options] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx, cmd, options]() -> int {
            vfs::PackRequest request{input, out, {}};
            for (const auto* o : options) {
                if (cmd->get_option("--" + o->name)->count() == 0) continue;
                const std::string& value = values[o->name];
                if (o->check)
                    if (auto problem = o->check(value)) {
                        std::fprintf(stderr, "vestige pack: %s\n", problem->c_str());
                        return kExitUsage;
                    }
                request.options[o->name] = value;
            }
            const auto* f = ctx.archives.find(format);
            auto report = vfs::packArchive(f->name, *f->services, request);
            if (!report) return reportError(ctx, report.error());
            const std::size_t n = report->entries;
            Json chunks = Json::array();
            for (const auto& p : report->siblings) chunks.push_back(p.string());
            if (ctx.json) {
                printOut(dumpJson(Json{{"ok", true},
                                       {"format", format},
                                       {"out", out},
                                       {"entries", n},
                                       {"bytes", report->bytes},
                                       {"chunks", chunks}}));
            } else {
                printOut(fmt::format("packed {} entr{} into {} ({} bytes, {}{})", n, n == 1 ? "y" : "ies", out,
                                     report->bytes, format,
                                     chunks.empty() ? "" : fmt::format(", {} chunk file(s)", chunks.size())));
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
