// query_building_segment_world: passes, helper retry, subtree walk. Rules:
// include/vestige/iron3d/query/world_query.hpp.
#include "vestige/iron3d/query/world_query.hpp"

#include <fmt/format.h>

namespace vestige::iron3d::query {
namespace {

// The entries a retry pass queries: the root's subtree, children (node order) before the node itself.
std::vector<std::uint32_t> walkOrder(const msh::ModelData& d, const std::vector<std::vector<std::uint32_t>>& children,
                                     const std::vector<std::vector<std::uint32_t>>& entriesOf, std::uint32_t root) {
    std::vector<std::uint32_t> order;
    std::vector<std::pair<std::uint32_t, std::size_t>> stack{{root, 0}};
    while (!stack.empty()) {
        const std::uint32_t n = stack.back().first;
        std::size_t& next = stack.back().second;
        const auto& kids = children[n];
        const bool descend = (d.nodes[n].flags & kNodeStopDescent) == 0;
        while (descend && next < kids.size() && (d.nodes[kids[next]].flags & kNodeExcludeBranch) != 0) ++next;
        if (descend && next < kids.size()) {
            const std::uint32_t child = kids[next++];
            stack.emplace_back(child, 0);
            continue;
        }
        for (std::uint32_t e : entriesOf[n]) order.push_back(e);
        stack.pop_back();
    }
    return order;
}

}  // namespace

Result<WorldResult> queryBuildingSegmentWorld(const QueryModel& model, std::span<const WorldNode> nodes,
                                              const Segment& world, const Masks& extra) {
    if (!isFinite(world.a) || !isFinite(world.b))
        return Error("query.segment", "segment endpoints must be finite")
            .field(isFinite(world.a) ? "to" : "from")
            .expected("finite coordinates");
    const msh::ModelData& d = model.data();
    std::vector<Mat4> nodeFromWorld(nodes.size());
    std::vector<std::vector<std::uint32_t>> entriesOf(d.nodes.size()), children(d.nodes.size());
    for (std::uint32_t i = 0; i < nodes.size(); ++i) {
        const WorldNode& n = nodes[i];
        if (n.node >= d.nodes.size() || n.slot >= d.slots.size())
            return Error("query.world_entry", "an input entry names a node or slot the model does not have")
                .in("entry", std::to_string(i))
                .field(n.node >= d.nodes.size() ? "node" : "slot")
                .expected(fmt::format("node < {}, slot < {}", d.nodes.size(), d.slots.size()))
                .actual(fmt::format("node {}, slot {}", n.node, n.slot));
        if (!n.worldFromNode.inverse(nodeFromWorld[i]))
            return Error("query.singular_transform", "world_from_node has no inverse")
                .in("entry", std::to_string(i))
                .field("world_from_node");
        entriesOf[n.node].push_back(i);
    }
    WorldResult out;
    if (!model.hasDescriptors()) {
        out.outcome = Outcome::NoDescriptors;
        return out;
    }
    for (std::uint32_t n = 0; n < d.nodes.size(); ++n)
        if (d.nodes[n].parent != msh::kNone) children[d.nodes[n].parent].push_back(n);
    Masks masks = extra;
    masks.batch.exclude |= kWorldBatchExclude;
    masks.tri.exclude |= kWorldTriExclude;

    const Vec3 origin = world.a, end = world.b;
    Vec3 start = origin;
    std::optional<std::uint32_t> root;
    std::vector<std::uint32_t> order;
    while (true) {
        PassInfo pass{root, start, 0, std::nullopt};
        if (root) {
            order = walkOrder(d, children, entriesOf, *root);
        } else {
            order.resize(nodes.size());
            for (std::uint32_t i = 0; i < nodes.size(); ++i) order[i] = i;
        }
        std::optional<WorldHit>& best = pass.nearest;
        for (std::uint32_t i : order) {
            const WorldNode& n = nodes[i];
            const Segment local{nodeFromWorld[i].transformPoint(start), nodeFromWorld[i].transformPoint(end)};
            ++pass.slotQueries;
            auto r = model.querySlot(n.node, n.slot, local, masks);
            if (!r) return std::move(r).error().in("entry", std::to_string(i));
            if (!r->hit) continue;
            const Vec3 hw = n.worldFromNode.transformPoint(r->hit->point);
            const float d2 = lengthSquared(hw - origin);
            if (!best || d2 <= best->distance2)
                best = WorldHit{hw,
                                d2,
                                r->hit->point,
                                i,
                                n.node,
                                n.slot,
                                r->hit->batch,
                                r->hit->face,
                                r->hit->descriptor,
                                r->hit->reversed,
                                (d.batches[r->hit->batch].flags & kBatchHelper) != 0};
        }
        const std::optional<WorldHit> nearest = best;
        out.trace.push_back(std::move(pass));
        ++out.passes;
        if (!nearest) {
            out.outcome = Outcome::Miss;
            return out;
        }
        if (++out.visits >= kVisitLimit)
            return Error("query.visit_limit",
                         fmt::format("the query reached {} visits in {} passes", out.visits, out.passes))
                .field("visits")
                .expected(fmt::format("< {}", kVisitLimit))
                .actual(std::to_string(out.visits));
        if (!nearest->helper) {
            out.outcome = Outcome::Hit;
            out.hit = nearest;
            return out;
        }
        const msh::Batch& helper = d.batches[nearest->batch];
        if (helper.localBatchIndex == msh::kNone || helper.localBatchIndex >= d.nodes.size())
            return Error("query.helper_key", "a helper batch's local_batch_index names no Node38 root")
                .in("stream", "type 13")
                .record(nearest->batch)
                .field("local_batch_index")
                .expected(fmt::format("< {} (0xFFFF is not a link)", d.nodes.size()))
                .actual(fmt::format("{:#06x}", helper.localBatchIndex));
        root = helper.localBatchIndex;
        start = nearest->point;
    }
}

Result<std::vector<WorldNode>> posedNodes(const animesh::AniMesh& mesh, std::uint32_t load, int lod, int state) {
    if (load >= mesh.loads().size())
        return Error("query.load_index", "no such load")
            .field("load")
            .expected(fmt::format("< {}", mesh.loads().size()))
            .actual(std::to_string(load));
    const animesh::Load& l = mesh.loads()[load];
    std::vector<WorldNode> out;
    for (std::uint32_t p = l.firstPiece; p < l.firstPiece + l.pieceCount; ++p) {
        VESTIGE_TRY(const auto slot, mesh.resolveSlot(p, lod, state));
        if (slot) out.push_back({mesh.pieces()[p].sourceNode, *slot, mesh.jointMatrix(p, animesh::JointSpace::World)});
    }
    return out;
}

}  // namespace vestige::iron3d::query
