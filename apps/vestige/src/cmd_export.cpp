// export: models, maps and mission folders to binary glTF 2.0, textures to PNG (chosen by the registry entry and the
// -o extension).
#include <fmt/format.h>

#include "app.hpp"
#include "options.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"
#include "vestige/vfs/archive_service.hpp"

namespace vestige::app {
namespace {

// A folder (an Iron3D mission directory) through the folder format that recognises it, as `render` does
// (scene_input.cpp); the format's counts are printed with the file.
int exportFolder(AppContext& ctx, const std::string& path, const std::string& out,
                 const registry::ExportOptions& options) {
    const auto* format = ctx.formats.detectFolder(path);
    if (!format || !format->exportGlb) {
        std::string known;
        for (const auto& f : ctx.formats.folders())
            if (f.exportGlb) known += (known.empty() ? "" : ", ") + f.name;
        return reportError(ctx, Error("export.unsupported", !format ? std::string("no format recognises this folder")
                                                                    : format->name + " folders cannot be exported")
                                    .file(path)
                                    .expected(known));
    }
    const bool wantGlb = out.size() >= 4 && iequals(std::string_view(out).substr(out.size() - 4), ".glb");
    if (!wantGlb)
        return reportError(ctx, Error("export.unsupported", format->name + " folders export to glTF (.glb) only")
                                    .file(path)
                                    .expected("an output name ending in .glb")
                                    .actual(out));
    auto done = format->exportGlb(path, options);
    if (!done) return reportError(ctx, std::move(done).error().file(path));
    if (auto st = writeFileAtomic(out, done->glb); !st) return reportError(ctx, st.error());
    if (ctx.json) {
        nlohmann::ordered_json j{{"ok", true}, {"format", format->name}, {"out", out}, {"bytes", done->glb.size()}};
        const auto stats = nlohmann::ordered_json::parse(done->stats);
        for (const auto& [key, value] : stats.items()) j[key] = value;
        printOut(dumpJson(j));
    } else {
        printOut(fmt::format("wrote {} ({} bytes, from {})\n{}", out, done->glb.size(), format->name, done->summary));
    }
    return kExitOk;
}

}  // namespace

void addExportCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("export", "Convert a model or map to binary glTF 2.0 (.glb), a texture to PNG");
    static std::string path, out, state, lod, time, frame, frames, mip, face, textures;
    static bool animated = false;
    auto* json = addJsonFlag(cmd);
    cmd->add_option("PATH", path, "Model, map or mission folder (archive entries as archive.lib:entry)")->required();
    cmd->add_option("-o,--out", out, "Output file: .glb for models and maps, .png for textures")->required();
    cmd->add_option("--state", state, "Iron3D model state (0..2)")->transform(indexOption());
    cmd->add_option("--lod", lod, "Iron3D level of detail (0..4)")->transform(indexOption());
    cmd->add_option("--time", time, "Animation time for the pose")->check(timeOption());
    cmd->add_option("--frame", frame, "Animation frame for the pose")->transform(indexOption());
    cmd->add_flag("--animated", animated, "Iron3D: export the node animation as glTF channels (CAniMesh sampling)");
    cmd->add_option("--frames", frames, "With --animated: number of frames sampled, 1..100000 (default 16)")
        ->transform(integerIn(1, 100000));
    cmd->add_option("--mip", mip, "Texture: mip level (0 = largest)")->transform(indexOption());
    cmd->add_option("--face", face, "Texture: cube-map face")->transform(indexOption());
    cmd->add_option(
        "--textures", textures,
        "Iron3D: folder with Material.lib/Textures.lib/LightMap.lib (default: next to the model's archive)");
    cmd->footer(
        "Examples: vestige export tank.msh -o tank.glb --state 0 --lod 0\n          vestige export tank.msh -o "
        "tank_anim.glb --animated --frames 32\n          vestige export units.lib:tank.msh -o tank.glb --textures "
        "data\n          vestige export brick.vtf -o brick.png --mip 0\n          vestige export game/MISSIONS/DEMO -o "
        "mission.glb");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            registry::ExportOptions options;
            for (auto [key, value] : {std::pair{"state", &state},
                                      {"lod", &lod},
                                      {"time", &time},
                                      {"frame", &frame},
                                      {"frames", &frames},
                                      {"mip", &mip},
                                      {"face", &face},
                                      {"textures", &textures}})
                if (!value->empty()) options.values[key] = *value;
            if (animated) options.values["animated"] = "1";
            std::error_code ec;
            if (std::filesystem::is_directory(path, ec)) return exportFolder(ctx, path, out, options);
            auto resolved = vfs::openSpec(path, ctx.archives);
            if (!resolved) return reportError(ctx, resolved.error());
            const auto* format = ctx.formats.detect(resolved->data, resolved->name);
            const bool wantPng = out.size() >= 4 && iequals(std::string_view(out).substr(out.size() - 4), ".png");
            const auto* exporter = !format ? nullptr : wantPng ? &format->exportPng : &format->exportGlb;
            if (!exporter || !*exporter) {
                Error e("export.unsupported", !format ? std::string("unknown file format")
                                                      : fmt::format("{} files cannot be exported to {}", format->name,
                                                                    wantPng ? "PNG" : "glTF (.glb)"));
                if (format && !wantPng && format->exportPng) e.expected("an output name ending in .png");
                if (format && wantPng && format->exportGlb) e.expected("an output name ending in .glb");
                return reportError(ctx, e.file(path));
            }
            if (vfs::sameFile(out, resolved->hostFile))
                return reportError(ctx, Error("export.output_is_input", "the output would overwrite the input")
                                            .file(out)
                                            .expected("an output path that is not the input")
                                            .actual(resolved->hostFile));
            auto glb = (*exporter)(resolved->data, resolved->label, options);
            if (!glb) return reportError(ctx, std::move(glb).error().file(path));
            if (auto st = writeFileAtomic(out, *glb); !st) return reportError(ctx, st.error());
            if (ctx.json)
                printOut(dumpJson(nlohmann::ordered_json{
                    {"ok", true}, {"format", format->name}, {"out", out}, {"bytes", glb->size()}}));
            else
                printOut(fmt::format("wrote {} ({} bytes, from {})", out, glb->size(), format->name));
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
