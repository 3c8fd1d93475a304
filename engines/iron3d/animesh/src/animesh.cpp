// CAniMesh piece tree, posing and joint bounds. Rules: include/vestige/iron3d/animesh/animesh.hpp.
#include "vestige/iron3d/animesh/animesh.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace vestige::iron3d::animesh {

Result<std::uint32_t> AniMesh::append(std::string name, msh::ModelData model, std::uint32_t tag,
                                      std::optional<std::uint32_t> attachParent) {
    auto fail = [&](Error e) { return std::move(e.entry(name)); };
    if (tag == 0 && !mPieces.empty())
        return fail(Error("animesh.second_root", "a tag 0 load is the primary model and must come first")
                        .field("tag")
                        .expected("tag != 0 for an attached model")
                        .actual("0"));
    if (tag != 0) {
        if (!attachParent || *attachParent >= mPieces.size())
            return fail(Error("animesh.attach_parent", "an attached load needs an existing absolute attach piece")
                            .field("attach_parent_absolute_piece_index")
                            .expected(fmt::format("< {}", mPieces.size()))
                            .actual(attachParent ? std::to_string(*attachParent) : "none"));
    } else if (attachParent) {
        return fail(Error("animesh.attach_parent", "the primary (tag 0) model has no attach parent")
                        .field("attach_parent_absolute_piece_index"));
    }
    if (auto st = msh::validate(model); !st) return fail(std::move(st).error());
    auto anim = animation::ModelAnimation::fromModel(model);
    if (!anim) return fail(std::move(anim).error());
    if (model.nodes.size() > 0xFFFFu)
        return fail(Error("animesh.too_many_nodes", "a load has more nodes than a u16 index").field("nodes"));

    Load load;
    load.name = std::move(name);
    load.tag = tag;
    load.attachParent = attachParent;
    load.firstPiece = static_cast<std::uint32_t>(mPieces.size());
    load.model = std::make_shared<const msh::ModelData>(std::move(model));
    load.animation = std::move(anim).value();
    const msh::ModelData& d = *load.model;
    const std::uint32_t firstNew = load.firstPiece;
    const std::uint32_t loadIndex = static_cast<std::uint32_t>(mLoads.size());
    const std::size_t skip = tag == 0 ? 0 : 1;  // attached models drop their virtual root, node 0
    for (std::size_t node = skip; node < d.nodes.size(); ++node) {
        const msh::Node& n = d.nodes[node];
        Piece p;
        p.tag = tag;
        p.load = loadIndex;
        p.sourceNode = static_cast<std::uint16_t>(node);
        p.nodeFlags = n.flags;
        p.flags = n.flags;
        if (node == skip) p.flags |= kSubmodelRoot;
        if (n.parent != msh::kNone) {
            if (tag == 0)
                p.parent = firstNew + n.parent;
            else if (n.parent == 0)
                p.parent = *attachParent;
            else
                p.parent = firstNew + n.parent - 1;
        }
        if (d.names && node < d.names->names.size() && d.names->names[node]) p.name = *d.names->names[node];
        mPieces.push_back(std::move(p));
        mChildren.emplace_back();
        if (mPieces.back().parent)
            mChildren[*mPieces.back().parent].push_back(static_cast<std::uint32_t>(mPieces.size() - 1));
    }
    load.pieceCount = static_cast<std::uint32_t>(mPieces.size()) - firstNew;
    mLoads.push_back(std::move(load));
    return firstNew;
}

std::vector<std::uint32_t> AniMesh::children(std::uint32_t piece) const {
    return piece < mChildren.size() ? mChildren[piece] : std::vector<std::uint32_t>{};
}

Status AniMesh::checkPiece(std::uint32_t piece) const {
    if (piece >= mPieces.size())
        return Error("animesh.piece_index", "no such piece")
            .field("piece")
            .expected(fmt::format("< {}", mPieces.size()))
            .actual(std::to_string(piece));
    return {};
}

Status AniMesh::setTime(std::uint32_t piece, std::optional<float> time) {
    VESTIGE_CHECK(checkPiece(piece));
    mPieces[piece].time = time;
    return {};
}

void AniMesh::setAllTimes(std::optional<float> time) {
    for (auto& p : mPieces) {
        p.time = time;
        p.frame.reset();
    }
}

void AniMesh::setAllFrames(std::uint32_t frame) {
    for (auto& p : mPieces) p.frame = frame;
}

Status AniMesh::setState(std::uint32_t piece, int state) {
    VESTIGE_CHECK(checkPiece(piece));
    if (state < 0 || state >= static_cast<int>(msh::kStateCount))
        return Error("animesh.bad_state", "a piece state is 0..2").field("state").actual(std::to_string(state));
    mPieces[piece].state = state;
    return {};
}

Status AniMesh::update() {
    for (std::size_t i = 0; i < mPieces.size(); ++i) {
        Piece& p = mPieces[i];
        const Load& load = mLoads[p.load];
        auto source = p.frame ? load.animation.sourcePoseAtFrame(p.sourceNode, *p.frame, &p.sample)
                              : load.animation.sourcePose(p.sourceNode, p.time, &p.sample);
        if (!source) return std::move(source).error().in("piece", std::to_string(i)).entry(load.name);
        p.local = animation::conjugated(*source);  // the one conjugation of the Node38 path
        p.mesh = p.parent ? animation::compose(mPieces[*p.parent].mesh, p.local) : p.local;
    }
    mCachedBox = Aabb::empty();
    mCachedSphere = {};
    if (!mPieces.empty()) {
        BoundsQuery q;
        q.state = kModelStateDefault;
        auto own = pieceBox(0, q);
        if (!own) return std::move(own).error();
        mCachedBox = *own;
        VESTIGE_CHECK(subtreeBox(0, q, mPieces[0].tag, mCachedBox));
        mCachedSphere = Sphere::around(mCachedBox);
    }
    return {};
}

Mat4 AniMesh::jointMatrix(std::uint32_t piece, JointSpace space) const {
    const Mat4 mesh = mPieces.at(piece).mesh.matrix();
    return space == JointSpace::World ? mPlacement.matrix() * mesh : mesh;
}

Result<std::optional<std::uint16_t>> AniMesh::resolveSlot(std::uint32_t piece, int lod, int state) const {
    VESTIGE_CHECK(checkPiece(piece));
    const Piece& p = mPieces[piece];
    const int s = state == kModelStateDefault ? p.state : state;
    if (lod < 0 || lod >= static_cast<int>(msh::kLodCount))
        return Error("animesh.bad_lod", "LOD is 0..4").field("lod").actual(std::to_string(lod));
    if (s < 0 || s >= static_cast<int>(msh::kStateCount))
        return Error("animesh.bad_state", "state is -1 (default) or 0..2").field("state").actual(std::to_string(state));
    const msh::Node& n = mLoads[p.load].model->nodes[p.sourceNode];
    if (!n.variantTail.empty()) return std::optional<std::uint16_t>{};  // 24-byte variant: no decoded slot table
    const std::uint16_t slot = n.slot(static_cast<unsigned>(s), static_cast<unsigned>(lod));
    if (slot == msh::kNone) return std::optional<std::uint16_t>{};
    return std::optional<std::uint16_t>{slot};
}

Result<Aabb> AniMesh::pieceBox(std::uint32_t piece, const BoundsQuery& q) const {
    VESTIGE_TRY(const auto slot, resolveSlot(piece, q.lod, q.state));
    const Mat4 m = jointMatrix(piece, q.space);
    // No geometry: a helper/socket joint is a point at its origin.
    if (!slot) return Aabb::fromPoint(m.translationPart());
    const msh::Slot& s = mLoads[mPieces[piece].load].model->slots[*slot];
    Aabb local{s.aabbMin, s.aabbMax};
    if (q.meshScale) local = {s.aabbMin * *q.meshScale, s.aabbMax * *q.meshScale};
    return local.transformed(m);
}

Status AniMesh::subtreeBox(std::uint32_t piece, const BoundsQuery& q, std::uint32_t rootTag, Aabb& box) const {
    const Piece& p = mPieces[piece];
    if (p.nodeFlags & q.filter.stopNodeFlags) return {};
    for (std::uint32_t c : mChildren[piece]) {
        const Piece& child = mPieces[c];
        if (child.nodeFlags & q.filter.excludeNodeFlags) continue;
        if (q.filter.sameTagOnly && child.tag != rootTag) continue;
        VESTIGE_TRY(const Aabb own, pieceBox(c, q));
        box.expand(own);
        VESTIGE_CHECK(subtreeBox(c, q, rootTag, box));
    }
    return {};
}

Result<Aabb> AniMesh::computeJointBoundingBox(std::uint32_t piece, const BoundsQuery& q) const {
    VESTIGE_CHECK(checkPiece(piece));
    VESTIGE_TRY(Aabb box, pieceBox(piece, q));
    if (q.scope == BoundsScope::SinglePiece) return box;
    // Piece 0: the cached whole-mesh bounds (native fast path; the query's filter/lod/state do not apply).
    if (piece == 0) return q.space == JointSpace::World ? mCachedBox.transformed(mPlacement.matrix()) : mCachedBox;
    VESTIGE_CHECK(subtreeBox(piece, q, mPieces[piece].tag, box));
    return box;
}

Result<Sphere> AniMesh::computeJointBoundingSphere(std::uint32_t piece, const BoundsQuery& q) const {
    VESTIGE_CHECK(checkPiece(piece));
    if (q.scope == BoundsScope::SinglePiece) {
        VESTIGE_TRY(const auto slot, resolveSlot(piece, q.lod, q.state));
        const Mat4 m = jointMatrix(piece, q.space);
        if (!slot) return Sphere{m.translationPart(), 0.0f};
        const msh::Slot& s = mLoads[mPieces[piece].load].model->slots[*slot];
        const float scale = q.meshScale.value_or(1.0f);
        // Radius grows with the largest axis scale of the joint matrix (placement scale in world space).
        const Mat3 r = m.upper3x3();
        const float axis = std::max({length(r.column(0)), length(r.column(1)), length(r.column(2))});
        return Sphere{m.transformPoint(s.sphereCenter * scale), s.sphereRadius * std::fabs(scale) * axis};
    }
    if (piece == 0) {
        if (q.space == JointSpace::Mesh) return mCachedSphere;
        return Sphere::around(mCachedBox.transformed(mPlacement.matrix()));
    }
    // Other subtrees: the sphere around the box query's AABB, not a tight sphere.
    VESTIGE_TRY(const Aabb box, computeJointBoundingBox(piece, q));
    return Sphere::around(box);
}

Status traceTicks(AniMesh& mesh, TraceSink& sink, std::uint64_t ticks, float step, std::uint64_t period) {
    const auto f = [](float v) { return TraceSink::formatFloat(v); };
    for (std::uint64_t tick = 0; tick < ticks; ++tick) {
        const float time = static_cast<float>(period ? tick % period : tick) * step;
        mesh.setAllTimes(time);
        VESTIGE_CHECK(mesh.update());
        std::string payload = fmt::format(R"({{"time":{},"pieces":[)", f(time));
        for (std::size_t i = 0; i < mesh.pieces().size(); ++i) {
            const auto& p = mesh.pieces()[i].mesh;
            payload +=
                fmt::format(R"({}[{},{},{},{},{},{},{}])", i ? "," : "", f(p.translation.x), f(p.translation.y),
                            f(p.translation.z), f(p.rotation.x), f(p.rotation.y), f(p.rotation.z), f(p.rotation.w));
        }
        const Aabb& b = mesh.cachedMeshBox();
        payload += fmt::format(R"(],"box":[{},{},{},{},{},{}]}})", f(b.min.x), f(b.min.y), f(b.min.z), f(b.max.x),
                               f(b.max.y), f(b.max.z));
        sink.event(tick, "UpdateAnimationAndEffects", "animesh", payload);
    }
    return {};
}

}  // namespace vestige::iron3d::animesh
