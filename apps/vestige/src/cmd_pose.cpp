// pose: load an Iron3D model (plus attached submodels) into a CAniMesh, pose it and print every
// piece with its local/global transform and joint bounds.
#include "cmd_pose.hpp"

#include <fmt/format.h>

#include <cmath>

#include "options.hpp"
#include "vestige/iron3d/animesh/animesh.hpp"
#include "vestige/iron3d/ctl/ctl.hpp"
#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::app {
namespace {

namespace animesh = iron3d::animesh;

int usage(const std::string& message) { return usageError("pose", message); }

std::optional<std::uint32_t> parseIndex(std::string_view s) { return parseInteger<std::uint32_t>(s); }

Result<iron3d::msh::ModelData> loadModel(const std::string& spec, const AppContext& ctx) {
    VESTIGE_TRY(auto resolved, vfs::openSpec(spec, ctx.archives));
    auto model = iron3d::msh::Model::read(resolved.data);
    if (!model) return std::move(model).error().file(spec);
    return model->data();
}

}  // namespace

void addPoseCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd =
        cli.add_subcommand("pose", "Pose an Iron3D model (and attached models) and print pieces and joint bounds");
    static std::string model, time, frame, ctlPath;
    static int state = -1, lod = 0;
    static std::vector<std::string> nodeTimes, attaches;
    static bool world = false;
    // Fresh defaults each time the verb is registered (the statics outlive one parse).
    model.clear(), time.clear(), frame.clear(), ctlPath.clear(), nodeTimes.clear(), attaches.clear();
    state = -1, lod = 0, world = false;
    auto* json = addJsonFlag(cmd);
    cmd->add_option("MODEL", model, "The primary .msh (tag 0); archive entries as archive.lib:entry")->required();
    cmd->add_option("--state", state, "Model state 0..2 for every piece (default: each piece's own, 0)")
        ->transform(integerIn(0, 2));
    cmd->add_option("--lod", lod, "Level of detail 0..4 for slots and bounds")->transform(integerIn(0, 4));
    cmd->add_option("--time", time, "Animation time (frames, float) for every piece")->check(finiteOption());
    cmd->add_option("--node-time", nodeTimes, "PIECE=T: time for one piece (repeatable; others use the fallback key)");
    cmd->add_option("--frame", frame, "Explicit type 19 frame for every piece")->transform(countIn(0, 0xFFFFFFFF));
    cmd->add_option("--ctl", ctlPath, "CTLD file whose pose rows give the primary model's node times");
    cmd->add_option("--attach", attaches,
                    "MODEL2@PIECE: attach a model at an absolute piece (tags 1, 2, ... in order)");
    cmd->add_flag("--world", world, "Report global matrices and bounds in world space (identity placement)");
    cmd->footer("Example: vestige pose tank.msh --attach turret.msh@3 --attach cannon.msh@6 --time 4.5 --json");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            const int modes = !time.empty() + !frame.empty() + !nodeTimes.empty() + !ctlPath.empty();
            if (modes > 1) return usage("use only one of --time, --frame, --node-time, --ctl");
            if (lod < 0 || lod > 4) return usage("--lod must be 0..4");
            if (state < -1 || state > 2) return usage("--state must be 0..2");
            animesh::AniMesh mesh;
            auto primary = loadModel(model, ctx);
            if (!primary) return reportError(ctx, primary.error());
            if (auto r = mesh.append(model, std::move(*primary), 0); !r) return reportError(ctx, r.error());
            std::uint32_t tag = 1;
            for (const auto& a : attaches) {
                const auto at = a.rfind('@');
                const auto piece =
                    at == std::string::npos ? std::nullopt : parseIndex(std::string_view(a).substr(at + 1));
                if (!piece) return usage(fmt::format("--attach '{}' is not MODEL@PIECE", a));
                const std::string path = a.substr(0, at);
                auto data = loadModel(path, ctx);
                if (!data) return reportError(ctx, data.error());
                if (auto r = mesh.append(path, std::move(*data), tag++, *piece); !r) return reportError(ctx, r.error());
            }
            if (!time.empty()) {
                const auto t = parseFloat(time);
                if (!t) return usage(fmt::format("--time '{}' is not a finite number", time));
                mesh.setAllTimes(*t);
            } else if (!frame.empty()) {
                const auto f = parseIndex(frame);
                if (!f) return usage(fmt::format("--frame '{}' is not a frame number", frame));
                mesh.setAllFrames(*f);
            }
            for (const auto& nt : nodeTimes) {
                const auto eq = nt.find('=');
                const auto piece =
                    eq == std::string::npos ? std::nullopt : parseIndex(std::string_view(nt).substr(0, eq));
                const auto t = eq == std::string::npos ? std::nullopt : parseFloat(std::string_view(nt).substr(eq + 1));
                if (!piece || !t) return usage(fmt::format("--node-time '{}' is not PIECE=T", nt));
                if (auto st = mesh.setTime(*piece, *t); !st) return reportError(ctx, st.error());
            }
            if (!ctlPath.empty()) {
                auto resolved = vfs::openSpec(ctlPath, ctx.archives);
                if (!resolved) return reportError(ctx, resolved.error());
                auto file = iron3d::ctl::read(resolved->data);
                if (!file) return reportError(ctx, std::move(file).error().file(ctlPath));
                const auto& load = mesh.loads()[0];
                auto bindings = iron3d::ctl::poseBindings(*file, load.pieceCount);
                if (!bindings) return reportError(ctx, std::move(bindings).error().file(ctlPath));
                for (std::uint32_t i = 0; i < load.pieceCount; ++i)
                    if (auto st = mesh.setTime(load.firstPiece + i, bindings->times[i]); !st)
                        return reportError(ctx, st.error());
            }
            if (state >= 0)
                for (std::uint32_t i = 0; i < mesh.pieces().size(); ++i)
                    if (auto st = mesh.setState(i, state); !st) return reportError(ctx, st.error());
            if (auto st = mesh.update(); !st) return reportError(ctx, st.error().file(model));
            animesh::BoundsQuery q;
            q.lod = lod;
            q.state = animesh::kModelStateDefault;
            q.space = world ? animesh::JointSpace::World : animesh::JointSpace::Mesh;
            auto out = ctx.json ? animesh::describeJson(mesh, q) : animesh::describeText(mesh, q);
            if (!out) return reportError(ctx, out.error());
            printOut(*out);
            return kExitOk;
        };
    });
}

}  // namespace vestige::app
