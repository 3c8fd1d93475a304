// query: Iron3D segment queries (docs/query.md).
//   vestige query MODEL --node N --slot S --from X,Y,Z --to X,Y,Z [--masks SPEC] [--scan] [--json]
//   vestige query MODEL --world [--pose TIME | --frame F] [--state S] [--lod L] --from ... --to ... [--json]
// SPEC: comma-separated FIELD=INCLUDE/EXCLUDE with FIELD node|batch|tri (0x hex or decimal), e.g.
// "batch=0/0x200,tri=0/0x24". A hit, a miss and "no descriptors" are answers (exit 0).
#include <fmt/format.h>

#include <array>

#include "app.hpp"
#include "options.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/iron3d/animesh/animesh.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/query/report.hpp"
#include "vestige/iron3d/query/slot_query.hpp"
#include "vestige/iron3d/query/world_query.hpp"

namespace vestige::app {
namespace {

namespace query = iron3d::query;

struct QueryArgs {
    std::string model, from, to, masks, pose, frame;
    std::uint32_t node = 0, slot = 0;
    int state = 0, lod = 0;
    bool world = false, scan = false;
};

int usage(const std::string& message) { return usageError("query", message); }

std::optional<Vec3> parseVec3(const std::string& text) {
    const auto v = parseList<float, 3>(text);
    if (!v) return std::nullopt;
    return Vec3{(*v)[0], (*v)[1], (*v)[2]};
}

std::optional<std::uint32_t> parseMask(std::string_view text) {
    if (text.starts_with("0x") || text.starts_with("0X")) return parseInteger<std::uint32_t>(text.substr(2), 16);
    return parseInteger<std::uint32_t>(text);
}

// "node=INC/EXC,batch=INC/EXC,tri=INC/EXC" (any subset, any order).
std::optional<query::Masks> parseMasks(const std::string& text) {
    query::Masks m;
    std::size_t at = 0;
    while (at < text.size()) {
        const auto end = std::min(text.find(',', at), text.size());
        const std::string_view part = std::string_view(text).substr(at, end - at);
        const auto eq = part.find('='), slash = part.find('/');
        if (eq == std::string_view::npos || slash == std::string_view::npos || slash < eq) return std::nullopt;
        const auto field = part.substr(0, eq);
        const auto inc = parseMask(part.substr(eq + 1, slash - eq - 1)), exc = parseMask(part.substr(slash + 1));
        if (!inc || !exc) return std::nullopt;
        query::FieldMask* target = field == "node"    ? &m.node
                                   : field == "batch" ? &m.batch
                                   : field == "tri"   ? &m.tri
                                                      : nullptr;
        if (!target) return std::nullopt;
        *target = {*inc, *exc};
        at = end + 1;
    }
    return m;
}

Result<iron3d::msh::ModelData> loadModel(const std::string& spec, const AppContext& ctx) {
    VESTIGE_TRY(auto resolved, vfs::openSpec(spec, ctx.archives));
    auto model = iron3d::msh::Model::read(resolved.data);
    if (!model) return std::move(model).error().file(spec);
    return model->data();
}

Result<query::SlotResult> slotQuery(const QueryArgs& a, iron3d::msh::ModelData data, const Segment& seg,
                                    const query::Masks& masks) {
    if (a.scan) {
        VESTIGE_CHECK(iron3d::msh::validate(data));
        return query::scanSlotSegment(data, a.node, a.slot, seg, masks);
    }
    VESTIGE_TRY(auto model, query::QueryModel::create(std::move(data)));
    return query::querySlotSegment(model, a.node, a.slot, seg, masks);
}

int runSlot(const AppContext& ctx, const QueryArgs& a, iron3d::msh::ModelData data, const Segment& seg,
            const query::Masks& masks) {
    auto r = slotQuery(a, std::move(data), seg, masks);
    if (!r) return reportError(ctx, std::move(r).error().file(a.model));
    printOut(ctx.json ? query::slotJson(*r, a.node, a.slot) : query::slotText(*r, a.node, a.slot));
    return kExitOk;
}

int runWorld(const AppContext& ctx, const QueryArgs& a, iron3d::msh::ModelData data, const Segment& seg,
             const query::Masks& masks) {
    namespace animesh = iron3d::animesh;
    animesh::AniMesh mesh;
    if (auto r = mesh.append(a.model, std::move(data), 0); !r) return reportError(ctx, r.error());
    if (!a.pose.empty()) {
        const auto t = parseFloat(a.pose);
        if (!t) return usage(fmt::format("--pose '{}' is not a number", a.pose));
        mesh.setAllTimes(*t);
    } else if (!a.frame.empty()) {
        const auto f = parseInteger<std::uint32_t>(a.frame);
        if (!f) return usage(fmt::format("--frame '{}' is not a frame number", a.frame));
        mesh.setAllFrames(*f);
    }
    if (auto st = mesh.update(); !st) return reportError(ctx, std::move(st).error().file(a.model));
    auto list = query::posedNodes(mesh, 0, a.lod, a.state);
    if (!list) return reportError(ctx, list.error());
    auto model = query::QueryModel::create(mesh.loads()[0].model);
    if (!model) return reportError(ctx, std::move(model).error().file(a.model));
    auto r = query::queryBuildingSegmentWorld(*model, *list, seg, masks);
    if (!r) return reportError(ctx, std::move(r).error().file(a.model));
    printOut(ctx.json ? query::worldJson(*r) : query::worldText(*r));
    return kExitOk;
}

}  // namespace

void addQueryCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("query", "Iron3D segment query: one node's slot, or the posed model in the world");
    static QueryArgs a;
    a = {};
    auto* json = addJsonFlag(cmd);
    cmd->add_option("MODEL", a.model, "The .msh; archive entries as archive.lib:entry")->required();
    cmd->add_option("--from", a.from, "Segment start X,Y,Z (node space; world space with --world)")->required();
    cmd->add_option("--to", a.to, "Segment end X,Y,Z")->required();
    cmd->add_option("--node", a.node, "Node (Node38 index) whose header mask applies")
        ->transform(countIn(0, 0xFFFFFFFF));
    cmd->add_option("--slot", a.slot, "Slot (Slot68 index) to query")->transform(countIn(0, 0xFFFFFFFF));
    cmd->add_option("--masks", a.masks, "FIELD=INCLUDE/EXCLUDE,... with FIELD node|batch|tri");
    cmd->add_flag("--scan", a.scan, "Walk every face (the reference scan) instead of the index");
    cmd->add_flag("--world", a.world, "World query over every node with a slot at --state/--lod, posed");
    cmd->add_option("--pose", a.pose, "With --world: animation time for every node (default: fallback keys)")
        ->check(finiteOption());
    cmd->add_option("--frame", a.frame, "With --world: explicit type 19 frame for every node")
        ->transform(countIn(0, 0xFFFFFFFF));
    cmd->add_option("--state", a.state, "With --world: model state 0..2")->transform(integerIn(0, 2));
    cmd->add_option("--lod", a.lod, "With --world: level of detail 0..4")->transform(integerIn(0, 4));
    cmd->footer(
        "Examples:\n  vestige query plant.msh --node 3 --slot 2 --from -1,1,1 --to 1,1,1\n"
        "  vestige query plant.msh --world --frame 1 --from -10,0,1 --to 10,0,1 --json");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            const auto from = parseVec3(a.from), to = parseVec3(a.to);
            if (!from || !to) return usage("--from and --to expect X,Y,Z (three finite numbers)");
            const auto masks = parseMasks(a.masks);
            if (!masks) return usage(fmt::format("--masks '{}' is not FIELD=INCLUDE/EXCLUDE,...", a.masks));
            if (!a.pose.empty() && !a.frame.empty()) return usage("use only one of --pose and --frame");
            if (!a.world && (!a.pose.empty() || !a.frame.empty())) return usage("--pose and --frame need --world");
            if (a.world && a.scan) return usage("--scan applies to the slot form only");
            if (a.lod < 0 || a.lod > 4 || a.state < 0 || a.state > 2) return usage("--lod is 0..4, --state 0..2");
            auto data = loadModel(a.model, ctx);
            if (!data) return reportError(ctx, data.error());
            const Segment seg{*from, *to};
            return a.world ? runWorld(ctx, a, std::move(*data), seg, *masks)
                           : runSlot(ctx, a, std::move(*data), seg, *masks);
        };
    });
}

}  // namespace vestige::app
