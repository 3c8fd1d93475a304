// Iron3D colour-pass face-side policy (seed 000), case by case, on hand-built triangles.
#include <gtest/gtest.h>

#include "vestige/scene/face_side.hpp"
#include "vestige/scene/scene.hpp"

namespace vestige::scene {
namespace {

// Four vertices in the plane x = 0; the eye sits on +X.
const std::vector<Vec3> kPositions = {{0, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 1}};
// Face A (0,1,2): cross((0,1,0),(0,0,1)) = (1,0,0), facing +X. Face B (1,3,2) also faces +X.
// Reversed faces face -X.
constexpr std::uint32_t kFrontA[] = {0, 1, 2};
constexpr std::uint32_t kFrontB[] = {1, 3, 2};
constexpr std::uint32_t kBackA[] = {0, 2, 1};
constexpr std::uint32_t kBackB[] = {1, 2, 3};
const Vec3 kEye{5, 0.3f, 0.3f};

std::vector<std::uint32_t> faces(std::initializer_list<const std::uint32_t*> list) {
    std::vector<std::uint32_t> out;
    for (const auto* f : list) out.insert(out.end(), f, f + 3);
    return out;
}

FaceSideResult run(const std::vector<std::uint32_t>& indices, std::vector<FaceSideRecord> records,
                   const Mat4& placement = Mat4::identity(), Vec3 eye = kEye) {
    auto r = applyFaceSide(kPositions, indices, records, eye, placement);
    EXPECT_TRUE(r.ok()) << (r ? "" : r.error().render());
    return r ? *r : FaceSideResult{};
}

TEST(FaceSide, ValueIsTheTripleProduct) {
    EXPECT_FLOAT_EQ(faceSideValue({5, 0, 0}, {0, 0, 0}, {0, 1, 0}, {0, 0, 1}), 5.0f);
    EXPECT_FLOAT_EQ(faceSideValue({5, 0, 0}, {0, 0, 0}, {0, 0, 1}, {0, 1, 0}), -5.0f);
    EXPECT_FLOAT_EQ(faceSideValue({0, 7, 0}, {0, 0, 0}, {0, 1, 0}, {0, 0, 1}), 0.0f);  // edge-on
}

TEST(FaceSide, FrontKeptBackDropped) {
    const auto r = run(faces({kFrontA, kBackB}), {{0, 6, 0}});
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{1, 0}));
    EXPECT_EQ(r.indices, (std::vector<std::uint32_t>{0, 1, 2}));
    EXPECT_EQ(r.recordFirst, (std::vector<std::uint32_t>{0}));
    EXPECT_EQ(r.recordCount, (std::vector<std::uint32_t>{3}));
}

TEST(FaceSide, EdgeOnFaceIsDropped) {
    // d == 0 is not > 0.
    const auto r = run(faces({kFrontA}), {{0, 3, 0}}, Mat4::identity(), {0, 5, 5});
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{0}));
}

TEST(FaceSide, Flag0002KeepsBackFaces) {
    const auto r = run(faces({kBackA, kBackB}), {{0, 6, kIronSkipSideTest}});
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{1, 1}));
    EXPECT_EQ(r.recordCount, (std::vector<std::uint32_t>{6}));
}

TEST(FaceSide, Flag4000FirstFaceBackDropsTheRecord) {
    const auto r = run(faces({kBackA, kFrontB, kFrontA}), {{0, 9, kIronFirstFaceOnly}});
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{0, 0, 0}));
    EXPECT_EQ(r.recordCount, (std::vector<std::uint32_t>{0}));
    EXPECT_TRUE(r.indices.empty());
}

TEST(FaceSide, Flag4000FirstFaceFrontKeepsEveryFace) {
    const auto r = run(faces({kFrontA, kBackB, kBackA}), {{0, 9, kIronFirstFaceOnly}});
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{1, 1, 1}));
    EXPECT_EQ(r.indices, faces({kFrontA, kBackB, kBackA}));
}

TEST(FaceSide, Flag0002WinsOver4000) {
    const auto r = run(faces({kBackA, kFrontB}), {{0, 6, kIronSkipSideTest | kIronFirstFaceOnly}});
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{1, 1}));
}

TEST(FaceSide, OtherFlagBitsChangeNothing) {
    const auto r = run(faces({kFrontA, kBackB}), {{0, 6, 0xFFFFFFFFu & ~(kIronSkipSideTest | kIronFirstFaceOnly)}});
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{1, 0}));
}

TEST(FaceSide, NegativeDeterminantFlipsTheChoice) {
    // A Y mirror keeps the plane x = 0 but reverses every winding: face A's world normal points to -X and
    // its raw world triple product is negative. The determinant sign restores the model-space choice.
    const Mat4 mirror = Mat4::fromTRS({}, Quat::identity(), {1, -1, 1});
    ASSERT_LT(mirror.upper3x3().determinant(), 0.0f);
    const Vec3 eye{5, -0.3f, 0.3f};  // the mirrored image of kEye
    const auto r = run(faces({kFrontA, kBackB}), {{0, 6, 0}}, mirror, eye);
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{1, 0}));
    // Without the correction face A would have been dropped:
    const Vec3 a0 = mirror.transformPoint(kPositions[0]), a1 = mirror.transformPoint(kPositions[1]),
               a2 = mirror.transformPoint(kPositions[2]);
    EXPECT_LT(faceSideValue(eye, a0, a1, a2), 0.0f);
    // And 0x4000 follows the corrected sign as well.
    const auto r2 = run(faces({kBackA, kFrontB}), {{0, 6, kIronFirstFaceOnly}}, mirror, eye);
    EXPECT_EQ(r2.recordCount, (std::vector<std::uint32_t>{0}));
}

TEST(FaceSide, PositiveScaleAndRotationDoNotFlip) {
    // Rotating the piece 180 degrees about Z and moving it: the eye must follow to see the same side.
    const Mat4 place = Mat4::fromTRS({10, 20, 0}, Quat::fromAxisAngle({0, 0, 1}, kPi), {2, 2, 2});
    const Vec3 eye = place.transformPoint({2.5f, 0.3f, 0.3f});
    const auto r = run(faces({kFrontA, kBackB}), {{0, 6, 0}}, place, eye);
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{1, 0}));
}

TEST(FaceSide, SeveralRecordsKeepTheirOwnRanges) {
    const auto idx = faces({kFrontA, kBackA, kBackB, kFrontB, kBackA});
    const auto r = run(idx, {{0, 6, 0}, {6, 6, kIronFirstFaceOnly}, {12, 3, kIronSkipSideTest}, {15, 0, 0}});
    EXPECT_EQ(r.keepFace, (std::vector<std::uint8_t>{1, 0, 0, 0, 1}));
    EXPECT_EQ(r.recordFaceStart, (std::vector<std::uint32_t>{0, 2, 4, 5}));
    EXPECT_EQ(r.recordFirst, (std::vector<std::uint32_t>{0, 3, 3, 6}));
    EXPECT_EQ(r.recordCount, (std::vector<std::uint32_t>{3, 0, 3, 0}));
    EXPECT_EQ(r.indices, faces({kFrontA, kBackA}));
}

TEST(FaceSide, RecomputedFromTheEye) {
    const auto idx = faces({kFrontA});
    EXPECT_EQ(run(idx, {{0, 3, kIronFirstFaceOnly}}, Mat4::identity(), {5, 0.3f, 0.3f}).recordCount[0], 3u);
    EXPECT_EQ(run(idx, {{0, 3, kIronFirstFaceOnly}}, Mat4::identity(), {-5, 0.3f, 0.3f}).recordCount[0], 0u);
}

TEST(FaceSide, BadInputIsRefused) {
    const auto idx = faces({kFrontA, kFrontB});
    const std::vector<FaceSideRecord> pastEnd{{3, 6, 0}};
    auto r = applyFaceSide(kPositions, idx, pastEnd, kEye, Mat4::identity());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "scene.face_side_range");
    EXPECT_EQ(r.error().find("record"), "0");

    const std::vector<FaceSideRecord> notTriangles{{0, 4, 0}};
    r = applyFaceSide(kPositions, idx, notTriangles, kEye, Mat4::identity());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "scene.face_side_count");

    const std::vector<std::uint32_t> badIndex{0, 1, 9};
    const std::vector<FaceSideRecord> one{{0, 3, 0}};
    r = applyFaceSide(kPositions, badIndex, one, kEye, Mat4::identity());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "scene.face_side_index");
    EXPECT_EQ(r.error().find("field"), "indices[2]");

    const std::vector<FaceSideRecord> overflow{{0xFFFFFFF0u, 0x20u, 0}};
    r = applyFaceSide(kPositions, idx, overflow, kEye, Mat4::identity());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "scene.face_side_range");
}

}  // namespace
}  // namespace vestige::scene
