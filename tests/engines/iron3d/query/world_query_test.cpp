// query_building_segment_world rules (seed 000 "Мировой отрезок по выбранным узлам"), one test per rule
// with builder geometry that separates it from a plausible alternative, and the seed's PLANT / Node3
// door case in two poses. Builder data: evidence for the rule shape, not for the original's numbers.
#include "fixture.hpp"

namespace vestige::iron3d::query::test {
namespace {

struct World {
    msh::ModelData data;
    std::vector<WorldNode> list;
};

Result<WorldResult> run(const World& w, Segment s, const Masks& extra = {}) {
    auto model = QueryModel::create(w.data);
    if (!model) return std::move(model).error();
    return queryBuildingSegmentWorld(*model, w.list, s, extra);
}

// Node i gets one slot with one batch holding a wall at local x = `x`.
std::uint32_t wallNode(ModelBuilder& b, float x, std::uint16_t parent = msh::kNone, std::uint16_t nodeFlags = 0,
                       std::uint16_t batchFlags = 0, std::uint16_t key = 0, std::uint16_t triFlags = 0) {
    const auto n = b.addNode(parent, nodeFlags);
    b.beginSlot(n);
    b.addBatch(batchFlags, 0, key);
    wall(b, x, -1, 1, triFlags);
    return n;
}

std::vector<WorldNode> listed(std::initializer_list<std::uint32_t> nodes) {
    std::vector<WorldNode> out;
    for (auto n : nodes) out.push_back({n, n, Mat4::identity()});  // wallNode gives node n slot n
    return out;
}

TEST(WorldQuery, FirstPassKeepsTheInputListOrderForTies) {
    ModelBuilder b;
    wallNode(b, 2);
    wallNode(b, 2);
    World w{b.finish(), listed({0, 1})};
    auto r = run(w, alongX(0, 5));
    ASSERT_TRUE(r.ok()) << r.error().render();
    ASSERT_EQ(r->outcome, Outcome::Hit);
    EXPECT_EQ(r->hit->node, 1u);  // the later entry wins the tie
    w.list = listed({1, 0});
    r = run(w, alongX(0, 5));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->hit->node, 0u);  // list order, not node order
    EXPECT_EQ(r->hit->entry, 1u);
}

TEST(WorldQuery, EndpointsGoThroughTheInverseAndHitsBack) {
    // The node's wall sits at local x = 1; world_from_node = T(5, 0, 0) * Rz(90 deg) * S(2): local +x is
    // world +y, so the wall is the world plane y = 2 and faces world -y.
    ModelBuilder b;
    wallNode(b, 1);
    World w{b.finish(), {}};
    const Mat4 m =
        Mat4::translation({5, 0, 0}) * Mat4::fromMat3(Mat3::rotationZ(kPi / 2)) * Mat4::fromTRS({}, {}, {2, 2, 2});
    w.list.push_back({0, 0, m});
    auto r = run(w, {{5.5f, -3, 0.5f}, {5.5f, 6, 0.5f}});
    ASSERT_TRUE(r.ok()) << r.error().render();
    ASSERT_EQ(r->outcome, Outcome::Hit);
    EXPECT_NEAR(r->hit->point.x, 5.5f, 1e-5f);
    EXPECT_NEAR(r->hit->point.y, 2.0f, 1e-5f);
    EXPECT_NEAR(r->hit->point.z, 0.5f, 1e-5f);
    EXPECT_NEAR(r->hit->nodePoint.x, 1.0f, 1e-5f);
    EXPECT_NEAR(r->hit->distance2, 25.0f, 1e-3f);  // world distance from the start (node space: 6.25)
}

TEST(WorldQuery, NearestIsChosenInWorldSpace) {
    // Entry 0 is scaled by 10: its hit is nearer in node space (local x 0.3 from local start 0) but farther in
    // the world (x 3) than entry 1's wall at world x 2.
    ModelBuilder b;
    wallNode(b, 0.3f, msh::kNone, 0, 0, 0);
    wallNode(b, 2);
    World w{b.finish(), {}};
    w.list.push_back({0, 0, Mat4::fromTRS({}, {}, {10, 10, 10})});
    w.list.push_back({1, 1, Mat4::identity()});
    auto r = run(w, alongX(0, 5, 0.05f, 0.05f));
    ASSERT_TRUE(r.ok()) << r.error().render();
    ASSERT_EQ(r->outcome, Outcome::Hit);
    EXPECT_EQ(r->hit->node, 1u);
    EXPECT_FLOAT_EQ(r->hit->distance2, 4.0f);
}

TEST(WorldQuery, EveryPassExcludesBatch0x0200AndTriFlags0x0024) {
    ModelBuilder b;
    wallNode(b, 1, msh::kNone, 0, 0x0200);             // batch 0x0200
    wallNode(b, 2, msh::kNone, 0, 0, 0, 0x0004);       // tri 0x0004
    wallNode(b, 3, msh::kNone, 0, 0, 0, 0x0020);       // tri 0x0020
    wallNode(b, 4, msh::kNone, 0, 0x0100, 0, 0x0001);  // other bits: kept
    World w{b.finish(), listed({0, 1, 2, 3})};
    auto r = run(w, alongX(0, 9));
    ASSERT_TRUE(r.ok()) << r.error().render();
    ASSERT_EQ(r->outcome, Outcome::Hit);
    EXPECT_EQ(r->hit->node, 3u);
    EXPECT_FLOAT_EQ(r->hit->distance2, 16.0f);
    // The caller's masks add to the fixed ones.
    Masks extra;
    extra.batch.exclude = 0x0100;
    r = run(w, alongX(0, 9), extra);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->outcome, Outcome::Miss);
}

TEST(WorldQuery, HelperRetryRestartsAtTheHelperHitTowardsTheOriginalEnd) {
    // Node 0: helper wall at x = 1 (0x0008, key 1); node 1: wall at x = 3. Reading the helper as a hit would
    // stop at x = 1; measuring from the helper point would give 4 instead of 9.
    ModelBuilder b;
    wallNode(b, 1, msh::kNone, 0, 0x0008, 1);
    wallNode(b, 3);
    World w{b.finish(), listed({0, 1})};
    auto r = run(w, alongX(0, 9, 0.5f, 0.5f));
    ASSERT_TRUE(r.ok()) << r.error().render();
    ASSERT_EQ(r->outcome, Outcome::Hit);
    EXPECT_EQ(r->hit->node, 1u);
    EXPECT_FLOAT_EQ(r->hit->distance2, 9.0f);
    EXPECT_EQ(r->passes, 2u);
    EXPECT_EQ(r->visits, 2u);
    ASSERT_EQ(r->trace.size(), 2u);
    EXPECT_FALSE(r->trace[0].root);
    EXPECT_EQ(r->trace[1].root, 1u);
    EXPECT_FLOAT_EQ(r->trace[1].start.x, 1.0f);
    EXPECT_EQ(r->trace[1].start.y, 0.5f);
    EXPECT_TRUE(r->trace[0].nearest->helper);
}

TEST(WorldQuery, RetryWalksChildrenBeforeTheNodeItself) {
    // Root 1 and its child 2 have the same wall: the walk visits 2 first, so root 1 (later) wins the tie.
    ModelBuilder b;
    wallNode(b, 1, msh::kNone, 0, 0x0008, 1);
    wallNode(b, 3);
    wallNode(b, 3, 1);
    World w{b.finish(), listed({0, 1, 2})};
    auto r = run(w, alongX(0, 9, 0.5f, 0.5f));
    ASSERT_TRUE(r.ok()) << r.error().render();
    ASSERT_EQ(r->outcome, Outcome::Hit);
    EXPECT_EQ(r->hit->node, 1u);
    EXPECT_EQ(r->trace[1].slotQueries, 2u);
}

TEST(WorldQuery, StopDescentFlag0x0010AndExcludedBranch0x0004) {
    // Root 1 (wall x = 5) has children: 2 (0x0004, no geometry) > 3 (wall x = 2, nearer) and 4 (wall x = 4).
    ModelBuilder b;
    wallNode(b, 1, msh::kNone, 0, 0x0008, 1);
    wallNode(b, 5);
    b.addNode(1, 0x0004);
    wallNode(b, 2, 2);
    wallNode(b, 4, 1);
    auto data = b.finish();
    std::vector<WorldNode> list{{0, 0}, {1, 1}, {3, 2}, {4, 3}};
    World w{data, list};
    auto r = run(w, alongX(0, 9, 0.5f, 0.5f));
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->hit->node, 4u);  // node 3 is inside the excluded branch
    // Without 0x0004 on node 2 the walk reaches node 3.
    w.data.nodes[2].flags = 0;
    r = run(w, alongX(0, 9, 0.5f, 0.5f));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->hit->node, 3u);
    // 0x0010 on the root: none of its children are visited, its own geometry is.
    w.data.nodes[1].flags = 0x0010;
    r = run(w, alongX(0, 9, 0.5f, 0.5f));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->hit->node, 1u);
    EXPECT_EQ(r->trace[1].slotQueries, 1u);
    // 0x0004 on the root itself does not stop its own geometry (or its children).
    w.data.nodes[1].flags = 0x0004;
    r = run(w, alongX(0, 9, 0.5f, 0.5f));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->hit->node, 3u);
    w.data.nodes[3].parent = 1;  // now 3 hangs from the root directly; make the root the only geometry
    w.list = {{0, 0}, {1, 1}};
    r = run(w, alongX(0, 9, 0.5f, 0.5f));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->hit->node, 1u);
}

TEST(WorldQuery, UnlistedNodesAreWalkedButNotQueried) {
    // Root 1 is not in the list; its child 2 is (wall x = 4). Its other child 3 has a nearer wall but is
    // not listed either.
    ModelBuilder b;
    wallNode(b, 1, msh::kNone, 0, 0x0008, 1);
    wallNode(b, 2);
    wallNode(b, 4, 1);
    wallNode(b, 3, 1);
    World w{b.finish(), {{0, 0}, {2, 2}}};
    auto r = run(w, alongX(0, 9, 0.5f, 0.5f));
    ASSERT_TRUE(r.ok()) << r.error().render();
    ASSERT_EQ(r->outcome, Outcome::Hit);
    EXPECT_EQ(r->hit->node, 2u);
    EXPECT_EQ(r->trace[1].slotQueries, 1u);
}

TEST(WorldQuery, HelperKey0xFFFFIsADataError) {
    ModelBuilder b;
    wallNode(b, 1, msh::kNone, 0, 0x0008, 0xFFFF);
    World w{b.finish(), listed({0})};
    auto r = run(w, alongX(0, 9));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "query.helper_key");
    EXPECT_NE(r.error().render().find("local_batch_index"), std::string::npos);
    w.data.batches[0].localBatchIndex = 7;  // past the one node
    r = run(w, alongX(0, 9));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "query.helper_key");
}

TEST(WorldQuery, VisitTwoHundredEndsTheQueryBeforeTheHelperCheck) {
    // 199 helpers + 1 plain wall = 200 visits: the 200th (not even a helper) ends in the error.
    World w{sampleHelperChain(199), {}};
    for (std::uint32_t i = 0; i <= 199; ++i) w.list.push_back({i, i, Mat4::identity()});
    auto r = run(w, alongX(0, 500));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "query.visit_limit");
    EXPECT_NE(r.error().render().find("200 visits"), std::string::npos);
    // One helper fewer: 199 visits answer normally.
    World shorter{sampleHelperChain(198), {}};
    for (std::uint32_t i = 0; i <= 198; ++i) shorter.list.push_back({i, i, Mat4::identity()});
    r = run(shorter, alongX(0, 500));
    ASSERT_TRUE(r.ok()) << r.error().render();
    ASSERT_EQ(r->outcome, Outcome::Hit);
    EXPECT_EQ(r->hit->node, 198u);
    EXPECT_EQ(r->visits, 199u);
    EXPECT_EQ(r->passes, 199u);
    EXPECT_FLOAT_EQ(r->hit->distance2, 199.0f * 199.0f);
}

TEST(WorldQuery, RetryWithoutAHitIsAMiss) {
    ModelBuilder b;
    wallNode(b, 2, msh::kNone, 0, 0x0008, 1);
    wallNode(b, 1);  // behind the helper point
    World w{b.finish(), listed({0, 1})};
    // From x = 1.5 pass 1 meets only the helper (node 1's wall is behind the start); the retry from the
    // helper point over root 1 finds nothing ahead.
    auto r = run(w, alongX(1.5f, 9));
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->outcome, Outcome::Miss);
    EXPECT_EQ(r->passes, 2u);
    EXPECT_EQ(r->visits, 1u);
}

TEST(WorldQuery, NoDescriptorsAndBadEntries) {
    ModelBuilder b;
    wallNode(b, 1);
    b.withoutDescriptors();
    World w{b.finish(), listed({0})};
    auto r = run(w, alongX(0, 9));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->outcome, Outcome::NoDescriptors);
    w.list = {{0, 3, Mat4::identity()}};
    EXPECT_EQ(run(w, alongX(0, 9)).error().code(), "query.world_entry");
    Mat4 singular = Mat4::fromTRS({}, {}, {0, 1, 1});
    w.list = {{0, 0, singular}};
    EXPECT_EQ(run(w, alongX(0, 9)).error().code(), "query.singular_transform");
}

// The seed's case: the PLANT segment crosses Node3 (the door) in the closed pose and passes with frame 1.
TEST(WorldQuery, PlantDoorBlocksClosedAndPassesAtFrameOne) {
    animesh::AniMesh mesh;
    ASSERT_TRUE(mesh.append("plant.msh", samplePlant(), 0).ok());
    auto model = QueryModel::create(mesh.loads()[0].model);
    ASSERT_TRUE(model.ok()) << model.error().render();
    const Segment through{{-10, 0, 1}, {10, 0, 1}};
    auto query = [&]() -> Result<WorldResult> {
        VESTIGE_CHECK(mesh.update());
        VESTIGE_TRY(auto list, posedNodes(mesh, 0));
        return queryBuildingSegmentWorld(*model, list, through);
    };
    mesh.setAllTimes(std::nullopt);  // fallback keys: the closed door
    auto closed = query();
    ASSERT_TRUE(closed.ok()) << closed.error().render();
    ASSERT_EQ(closed->outcome, Outcome::Hit);
    EXPECT_EQ(closed->hit->node, 3u);
    EXPECT_NEAR(closed->hit->point.x, 0.1f, 1e-5f);
    EXPECT_NEAR(closed->hit->distance2, 10.1f * 10.1f, 1e-3f);
    mesh.setAllFrames(0);
    auto frame0 = query();
    ASSERT_TRUE(frame0.ok());
    EXPECT_EQ(frame0->outcome, Outcome::Hit);
    mesh.setAllFrames(1);
    auto open = query();
    ASSERT_TRUE(open.ok()) << open.error().render();
    EXPECT_EQ(open->outcome, Outcome::Miss);
    EXPECT_EQ(open->passes, 1u);
    // The wall beside the doorway still blocks in the open pose.
    auto wall = queryBuildingSegmentWorld(*model, *posedNodes(mesh, 0), {{-10, 2.5f, 1}, {10, 2.5f, 1}});
    ASSERT_TRUE(wall.ok());
    ASSERT_EQ(wall->outcome, Outcome::Hit);
    EXPECT_EQ(wall->hit->node, 0u);
}

}  // namespace
}  // namespace vestige::iron3d::query::test
