// query_slot_segment rules (seed 000 "Type 7 и сегментный запрос"), one test per rule, each with builder
// geometry that a plausible wrong reading of the rule would answer differently. Every query runs through
// the scan and the index (fixture.hpp). These pin the seed's rules on our own data: evidence for the rule
// shape, not a measurement of the original engine.
#include <random>

#include "fixture.hpp"

namespace vestige::iron3d::query::test {
namespace {

TEST(SlotQuery, FrontFaceCrossingHitsAtThePlane) {
    const auto d = oneSlot([](ModelBuilder& b) {
        b.addBatch();
        wall(b, 0);
    });
    const auto r = both(d, 0, 0, alongX(-2, 2));
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_EQ(r.hit->point, (Vec3{0, 0.25f, 0.25f}));
    EXPECT_FLOAT_EQ(r.hit->distance2, 4.0f);
    EXPECT_EQ(r.hit->batch, 0u);
    EXPECT_FALSE(r.hit->reversed);
    // From behind the face (its normal points away from the start): no crossing.
    EXPECT_EQ(both(d, 0, 0, alongX(2, -2)).outcome, Outcome::Miss);
}

TEST(SlotQuery, ThresholdIsZeroStartMustBeAboveEndMayTouch) {
    const auto d = oneSlot([](ModelBuilder& b) {
        b.addBatch();
        wall(b, 0);
    });
    // The end exactly on the plane crosses (d(end) <= 0) ...
    const auto touching = both(d, 0, 0, alongX(-2, 0));
    ASSERT_EQ(touching.outcome, Outcome::Hit);
    EXPECT_EQ(touching.hit->point, (Vec3{0, 0.25f, 0.25f}));
    // ... a start exactly on the plane does not (d(start) > 0 is strict).
    EXPECT_EQ(both(d, 0, 0, alongX(0, 2)).outcome, Outcome::Miss);
    EXPECT_EQ(both(d, 0, 0, alongX(-2, -0.5f)).outcome, Outcome::Miss);  // stops short
}

TEST(SlotQuery, ReverseOnlyFaceNeedsBatchFlag0x0002) {
    auto make = [](std::uint16_t flags) {
        return oneSlot([flags](ModelBuilder& b) {
            b.addBatch(flags);
            wall(b, 0);
        });
    };
    // The segment meets the face from behind: start x = 3, end x = -1.
    const Segment back = alongX(3, -1);
    EXPECT_EQ(both(make(0), 0, 0, back).outcome, Outcome::Miss);
    EXPECT_EQ(both(make(0x0001), 0, 0, back).outcome, Outcome::Miss);
    const auto r = both(make(0x0002), 0, 0, back);
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_TRUE(r.hit->reversed);
    EXPECT_EQ(r.hit->point, (Vec3{0, 0.25f, 0.25f}));
    EXPECT_FLOAT_EQ(r.hit->distance2, 9.0f);  // from the original first endpoint, not from the end (1)
    // With 0x0002 the front side still uses the forward test.
    const auto front = both(make(0x0002), 0, 0, alongX(-1, 3));
    ASSERT_EQ(front.outcome, Outcome::Hit);
    EXPECT_FALSE(front.hit->reversed);
    EXPECT_EQ(front.hit->distance2, 1.0f);
}

TEST(SlotQuery, EdgesAndVerticesAreHits) {
    // A floor triangle facing +z: (0,0,0), (2,0,0), (0,2,0).
    const auto d = oneSlot([](ModelBuilder& b) {
        b.addBatch();
        b.addTriangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    });
    auto down = [](float x, float y) { return Segment{{x, y, 1}, {x, y, -1}}; };
    const auto edge = both(d, 0, 0, down(1, 0));  // on the edge y = 0: expression exactly 0
    ASSERT_EQ(edge.outcome, Outcome::Hit);
    EXPECT_EQ(edge.hit->point, (Vec3{1, 0, 0}));
    EXPECT_EQ(both(d, 0, 0, down(1, 1)).outcome, Outcome::Hit);  // on the hypotenuse x + y = 2
    EXPECT_EQ(both(d, 0, 0, down(0, 0)).outcome, Outcome::Hit);  // a vertex
    EXPECT_EQ(both(d, 0, 0, down(2, 0)).outcome, Outcome::Hit);  // another vertex
    EXPECT_EQ(both(d, 0, 0, down(1, -0.001f)).outcome, Outcome::Miss);
    EXPECT_EQ(both(d, 0, 0, down(1.001f, 1)).outcome, Outcome::Miss);
}

TEST(SlotQuery, ProjectionUsesTheLargestNormalComponentWithItsSign) {
    // A tilted face whose normal is mostly -y: (1, -3, 1) normalised.
    const Vec3 a{0, 0, 0}, b{3, 1, 0}, c{0, 0, 2};
    const auto d = oneSlot([&](ModelBuilder& m) {
        m.addBatch();
        m.addTriangle(a, b, c);
    });
    ASSERT_LT(d.triangles->at(0).normal[1], -20000);  // dominant axis y, negative
    const Vec3 centroid = (a + b + c) / 3.0f;
    const Vec3 n = normalize(cross(b - a, c - a));
    const auto in = both(d, 0, 0, {centroid + n * 2.0f, centroid - n * 2.0f});
    ASSERT_EQ(in.outcome, Outcome::Hit);
    EXPECT_LT(length(in.hit->point - centroid), 1e-3f);  // the quantised normal tilts the plane slightly
    const Vec3 outside = c + (c - centroid) * 0.1f;      // beyond vertex c
    EXPECT_EQ(both(d, 0, 0, {outside + n * 2.0f, outside - n * 2.0f}).outcome, Outcome::Miss);
}

TEST(SlotQuery, NearestBySquaredDistanceFromTheFirstEndpoint) {
    const auto d = oneSlot([](ModelBuilder& b) {
        b.addBatch();
        wall(b, 3);  // far, first in scan order
        b.addBatch();
        wall(b, 1);
    });
    const auto r = both(d, 0, 0, alongX(0, 5));
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_EQ(r.hit->batch, 1u);
    EXPECT_FLOAT_EQ(r.hit->distance2, 1.0f);
}

TEST(SlotQuery, AnEqualDistanceLaterCandidateReplacesTheEarlierOne) {
    // The same wall twice in two batches, and twice within one batch.
    const auto twoBatches = oneSlot([](ModelBuilder& b) {
        b.addBatch();
        wall(b, 1);
        b.addBatch();
        wall(b, 1);
    });
    auto r = both(twoBatches, 0, 0, alongX(0, 5, 0, 0.5f));
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_EQ(r.hit->batch, 1u);  // strict "<" would keep batch 0
    EXPECT_EQ(r.hit->descriptor, 2u);
    // On the quads' shared diagonal both triangles of both batches hit: the last one, face 1 of batch 1.
    r = both(twoBatches, 0, 0, alongX(0, 5, 0.25f, 0.25f));
    EXPECT_EQ(r.hit->batch, 1u);
    EXPECT_EQ(r.hit->face, 1u);
    EXPECT_EQ(r.hit->descriptor, 3u);
    const auto oneBatch = oneSlot([](ModelBuilder& b) {
        b.addBatch();
        b.addTriangle({1, -1, -1}, {1, -1, 1}, {1, 1, 1});
        b.addTriangle({1, -1, -1}, {1, -1, 1}, {1, 1, 1});
    });
    const auto s = both(oneBatch, 0, 0, alongX(0, 5, 0, 0.5f));
    ASSERT_EQ(s.outcome, Outcome::Hit);
    EXPECT_EQ(s.hit->face, 1u);
}

TEST(SlotQuery, CursorAdvancesAfterAFilteredBatch) {
    // Batch 0 (flags 0x0200, excluded) owns descriptor 0 (tri flags 0x0020); batch 1 owns descriptor 1.
    // A cursor that skipped filtered batches would read descriptor 0 for batch 1 and drop the face.
    auto d = oneSlot([](ModelBuilder& b) {
        b.addBatch(0x0200);
        b.addTriangle({5, -1, -1}, {5, -1, 1}, {5, 1, 1}, 0x0020);
        b.addBatch();
        b.addTriangle({1, -1, -1}, {1, -1, 1}, {1, 1, 1});
    });
    Masks m;
    m.batch.exclude = 0x0200;
    m.tri.exclude = 0x0020;
    const auto r = both(d, 0, 0, alongX(0, 6, 0, 0.5f), m);
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_EQ(r.hit->batch, 1u);
    EXPECT_EQ(r.hit->face, 0u);
    EXPECT_EQ(r.hit->descriptor, 1u);
}

TEST(SlotQuery, CursorCountsFilteredFacesWithinABatch) {
    // Face 0 is excluded by its descriptor; face 1 must still read descriptor 1 (whose flags are 0).
    auto d = oneSlot([](ModelBuilder& b) {
        b.addBatch();
        b.addTriangle({5, -1, -1}, {5, -1, 1}, {5, 1, 1}, 0x0020);
        b.addTriangle({1, -1, -1}, {1, -1, 1}, {1, 1, 1});
    });
    Masks m;
    m.tri.exclude = 0x0020;
    const auto r = both(d, 0, 0, alongX(0, 6, 0, 0.5f), m);
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_EQ(r.hit->face, 1u);
    EXPECT_EQ(r.hit->descriptor, 1u);
    EXPECT_FLOAT_EQ(r.hit->point.x, 1.0f);
}

TEST(SlotQuery, CursorStartsAtTriStartAndDescriptorNormalIsUsed) {
    // Slot 0's two descriptors come first; slot 1's face uses descriptor 2 (tri_start = 2). Descriptor 0's
    // normal is reversed: a cursor starting at 0 would see the face from behind and miss.
    ModelBuilder b;
    b.addNode();
    b.addNode();
    b.beginSlot(0);
    b.addBatch();
    b.addTriangle({9, -1, -1}, {9, 1, 1}, {9, -1, 1}, 0, Vec3{1, 0, 0});
    b.addTriangle({9, -1, -1}, {9, 1, 1}, {9, -1, 1}, 0, Vec3{1, 0, 0});
    b.beginSlot(1);
    b.addBatch();
    b.addTriangle({1, -1, -1}, {1, -1, 1}, {1, 1, 1});
    const auto d = b.finish();
    ASSERT_EQ(d.slots[1].triStart, 2);
    const auto r = both(d, 1, 1, alongX(0, 6, 0, 0.5f));
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_EQ(r.hit->descriptor, 2u);
    EXPECT_EQ(r.hit->batch, 1u);
}

TEST(SlotQuery, IndicesGoThroughBaseVertex) {
    // Batch 1's indices are 0, 1, 2 relative to its base_vertex 3: without it they would name batch 0's
    // triangle at x = 7 and the hit would be there.
    const auto d = oneSlot([](ModelBuilder& b) {
        b.addBatch(0x0200);
        b.addTriangle({7, -1, -1}, {7, -1, 1}, {7, 1, 1});
        b.addBatch();
        b.addTriangle({2, -1, -1}, {2, -1, 1}, {2, 1, 1});
    });
    ASSERT_EQ(d.batches[1].baseVertex, 3u);
    ASSERT_EQ(d.indices[3], 0);
    Masks m;
    m.batch.exclude = 0x0200;
    const auto r = both(d, 0, 0, alongX(0, 9, 0, 0.5f), m);
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_FLOAT_EQ(r.hit->point.x, 2.0f);
}

TEST(SlotQuery, IncludeNeedsEveryBitExcludeSkipsOnAnyBit) {
    // Batch 0 (near) has material_index_hi 0x0001, batch 1 (far) 0x0003; include 0x00030000 takes only
    // batch 1 ("any bit" would take the nearer batch 0).
    const auto d = oneSlot([](ModelBuilder& b) {
        b.addBatch(0x0004, 0x0001);
        wall(b, 1);
        b.addBatch(0x0001, 0x0003);
        wall(b, 2);
    });
    Masks inc;
    inc.batch.include = 0x00030000;
    auto r = both(d, 0, 0, alongX(0, 5), inc);
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_EQ(r.hit->batch, 1u);
    // Exclude 0x0005 shares only bit 0x0004 with batch 0: that one bit is enough to skip it.
    Masks exc;
    exc.batch.exclude = 0x0005;
    EXPECT_EQ(both(d, 0, 0, alongX(0, 5), exc).outcome, Outcome::Miss);  // batch 1 has 0x0001
    exc.batch.exclude = 0x0004;
    r = both(d, 0, 0, alongX(0, 5), exc);
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_EQ(r.hit->batch, 1u);
}

TEST(SlotQuery, TriangleAndNodeMasks) {
    const auto d = oneSlot(
        [](ModelBuilder& b) {
            b.addBatch();
            wall(b, 1, -1, 1, 0x0011);  // near: flags 0x0011
            wall(b, 2, -1, 1, 0x0001);  // far
        },
        0x0003);
    Masks m;
    m.tri.include = 0x0011;
    auto r = both(d, 0, 0, alongX(0, 5), m);
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_FLOAT_EQ(r.hit->point.x, 1.0f);
    m = {};
    m.tri.exclude = 0x0010;
    r = both(d, 0, 0, alongX(0, 5), m);
    ASSERT_EQ(r.outcome, Outcome::Hit);
    EXPECT_FLOAT_EQ(r.hit->point.x, 2.0f);
    // Node hdr0 0x0003: include 0x0007 needs bit 0x0004 too; exclude 0x0002 hits one bit.
    m = {};
    m.node.include = 0x0007;
    EXPECT_EQ(both(d, 0, 0, alongX(0, 5), m).outcome, Outcome::Miss);
    m.node = {0x0003, 0};
    EXPECT_EQ(both(d, 0, 0, alongX(0, 5), m).outcome, Outcome::Hit);
    m.node = {0, 0x0002};
    EXPECT_EQ(both(d, 0, 0, alongX(0, 5), m).outcome, Outcome::Miss);
}

TEST(SlotQuery, NoTypeSevenIsItsOwnAnswer) {
    ModelBuilder b;
    b.addNode();
    b.beginSlot(0);
    b.addBatch();
    wall(b, 1);
    b.withoutDescriptors();
    const auto d = b.finish();
    ASSERT_FALSE(d.triangles);
    const auto r = both(d, 0, 0, alongX(0, 5));
    EXPECT_EQ(r.outcome, Outcome::NoDescriptors);
    EXPECT_FALSE(r.hit);
    EXPECT_STREQ(toString(r.outcome), "no_descriptors");
}

TEST(SlotQuery, StructuredErrors) {
    auto d = oneSlot([](ModelBuilder& b) {
        b.addBatch();
        wall(b, 1);
    });
    auto model = QueryModel::create(d);
    ASSERT_TRUE(model.ok());
    EXPECT_EQ(model->querySlot(1, 0, alongX(0, 1), {}).error().code(), "query.node_index");
    EXPECT_EQ(model->querySlot(0, 1, alongX(0, 1), {}).error().code(), "query.slot_index");
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(model->querySlot(0, 0, {{0, 0, 0}, {nan, 0, 0}}, {}).error().code(), "query.segment");
    EXPECT_EQ(scanSlotSegment(d, 0, 0, {{nan, 0, 0}, {1, 0, 0}}).error().code(), "query.segment");
    // The cursor would run past type 7: msh validation accepts tri_start + tri_count, the query refuses.
    d.slots[0].triCount = 0;
    d.slots[0].triStart = 1;
    ASSERT_TRUE(msh::validate(d).ok());
    auto bad = QueryModel::create(d);
    ASSERT_TRUE(bad.ok());
    const auto e = bad->querySlot(0, 0, alongX(0, 5), {});
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "query.descriptor_range");
    EXPECT_EQ(scanSlotSegment(d, 0, 0, alongX(0, 5)).error().code(), "query.descriptor_range");
    // An invalid model is refused up front.
    d.batches[0].indexStart = 1000;
    EXPECT_EQ(QueryModel::create(d).error().code(), "msh.batch_index_range");
}

TEST(SlotQuery, IndexAgreesWithTheScanOnRandomSegments) {
    const auto d = sampleSheet(2000);
    auto model = QueryModel::create(d);
    ASSERT_TRUE(model.ok());
    std::mt19937 rng(17);
    std::uniform_real_distribution<float> xy(-3, 35), zz(-2, 2);
    int hits = 0;
    for (int i = 0; i < 3000; ++i) {
        const Segment s{{xy(rng), xy(rng), zz(rng)}, {xy(rng), xy(rng), zz(rng)}};
        const Masks m;
        auto scan = scanSlotSegment(d, 0, 0, s, m);
        auto idx = model->querySlot(0, 0, s, m);
        ASSERT_TRUE(scan.ok() && idx.ok());
        ASSERT_TRUE(sameHit(scan->hit, idx->hit)) << "segment " << i;
        hits += scan->hit.has_value();
        EXPECT_LE(idx->facesTested, scan->facesTested);
    }
    EXPECT_GT(hits, 500);  // the sample set really exercises hits
}

}  // namespace
}  // namespace vestige::iron3d::query::test
