// The condition evaluator: every tag rule, the subtype guards, the completion byte, the list boundary.
#include "vestige/iron3d/ai/evaluator.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace vestige::iron3d::ai {
namespace {

class World final : public ConditionWorld {
public:
    bool objectExists(std::uint32_t key) const override {
        queried.push_back(key);
        return objects.count(key) > 0;
    }
    Tag2Probe probeTag2(std::uint32_t key) const override { return tag2.count(key) ? tag2.at(key) : Tag2Probe{}; }
    std::optional<std::uint32_t> tag3Value(std::uint32_t key) const override {
        if (!values.count(key)) return std::nullopt;
        return values.at(key);
    }
    std::uint32_t tag5Result(std::uint32_t key) const override {
        asked5.push_back(key);
        return results5.count(key) ? results5.at(key) : 0;
    }
    std::size_t listCount() const override { return lists.size(); }
    std::span<const std::int32_t> list(std::size_t index) const override { return lists.at(index); }

    std::set<std::uint32_t> objects;
    std::map<std::uint32_t, Tag2Probe> tag2;
    std::map<std::uint32_t, std::uint32_t> values;
    std::map<std::uint32_t, std::uint32_t> results5;
    std::vector<std::vector<std::int32_t>> lists;
    mutable std::vector<std::uint32_t> queried;
    mutable std::vector<std::uint32_t> asked5;
};

ConditionRecord rec(std::uint32_t tag, std::uint32_t subtype, std::uint32_t payload) {
    ConditionRecord r;
    r.tag = tag;
    r.subtype = subtype;
    r.payload = payload;
    return r;
}

Verdict run(ConditionRecord& r, const World& w, std::uint32_t first = 0) { return evaluate(r, w, {first}).value(); }

TEST(Evaluator, Tag1PassesWhenTheLookupFindsNothing) {
    World w;
    w.objects = {5};
    ConditionRecord gone = rec(1, 0, 6), here = rec(1, 0, 5);
    EXPECT_EQ(run(gone, w), Verdict::Passed);
    EXPECT_EQ(gone.completed, 1);
    EXPECT_EQ(run(here, w), Verdict::NotPassed);
    EXPECT_EQ(here.completed, 0);  // left as it was
}

TEST(Evaluator, Tag2NeedsTheObjectAndAcceptsOnlyCodes1_0x12_0x13InTheComplexBranch) {
    World w;
    w.objects = {1, 2};
    w.tag2[1] = {false, true, 0};
    w.tag2[2] = {false, false, 1};  // simple branch, failing: the code does not matter there
    ConditionRecord r1 = rec(2, 0, 1), r2 = rec(2, 0, 2), missing = rec(2, 0, 3);
    EXPECT_EQ(run(r1, w), Verdict::Passed);
    EXPECT_EQ(run(r2, w), Verdict::NotPassed);
    EXPECT_EQ(run(missing, w), Verdict::NotPassed);
    for (std::uint32_t code = 0; code < 0x40; ++code) {
        w.tag2[1] = {true, false, code};
        ConditionRecord r = rec(2, 0, 1);
        const bool expected = code == 1 || code == 0x12 || code == 0x13;
        EXPECT_EQ(run(r, w), expected ? Verdict::Passed : Verdict::NotPassed) << code;
    }
}

TEST(Evaluator, Tag3ComparesWithTheContextsFirstNumber) {
    World w;
    w.values[9] = 42;
    ConditionRecord r = rec(3, 0, 9);
    EXPECT_EQ(run(r, w, 41), Verdict::NotPassed);
    EXPECT_EQ(run(r, w, 42), Verdict::Passed);
    ConditionRecord none = rec(3, 0, 8);
    EXPECT_EQ(run(none, w, 0), Verdict::NotPassed);
}

TEST(Evaluator, Tag4PassesOnlyIfNoChildResolvesSkippingMinusOne) {
    World w;
    w.objects = {20};
    w.lists = {{-1, 10, -1, 11}, {10, 20, 30}};
    ConditionRecord none = rec(4, 1, 0), some = rec(4, 1, 1);
    EXPECT_EQ(run(none, w), Verdict::Passed);
    EXPECT_EQ(w.queried, (std::vector<std::uint32_t>{10, 11}));  // -1 never looked up
    w.queried.clear();
    EXPECT_EQ(run(some, w), Verdict::NotPassed);
    EXPECT_EQ(w.queried, (std::vector<std::uint32_t>{10, 20}));  // stops at the first resolving child
}

TEST(Evaluator, Tag5StopsAtTheFirstNonZeroResult) {
    World w;
    w.objects = {1, 2, 3};
    w.lists = {{-1, 9, 1, 2, 3}};
    ConditionRecord r = rec(5, 1, 0);
    EXPECT_EQ(run(r, w), Verdict::Passed);  // all zero; 9 is missing and skipped
    EXPECT_EQ(w.asked5, (std::vector<std::uint32_t>{1, 2, 3}));
    w.asked5.clear();
    w.results5[2] = 7;
    r = rec(5, 1, 0);
    EXPECT_EQ(run(r, w), Verdict::NotPassed);
    EXPECT_EQ(r.completed, 0);
    EXPECT_EQ(w.asked5, (std::vector<std::uint32_t>{1, 2}));
}

TEST(Evaluator, ListIndexEqualToTheCountIsAnErrorGreaterIsRefused) {
    World w;
    w.lists = {{}, {}};
    for (const std::uint32_t tag : {4u, 5u}) {
        ConditionRecord greater = rec(tag, 1, 3);
        EXPECT_EQ(run(greater, w), Verdict::NotPassed);
        ConditionRecord equal = rec(tag, 1, 2);
        auto v = evaluate(equal, w, {});
        ASSERT_FALSE(v.ok());
        EXPECT_EQ(v.error().code(), "ai.condition_index");
        EXPECT_EQ(v.error().actualText(), "2");
        EXPECT_EQ(equal.completed, 0);
        ConditionRecord inside = rec(tag, 1, 1);
        EXPECT_EQ(run(inside, w), Verdict::Passed);  // an empty list
    }
}

TEST(Evaluator, SubtypeGuardsAndUnknownTagsLeaveTheRecordOpen) {
    World w;
    w.lists = {{}};
    const ConditionRecord cases[] = {rec(1, 1, 0), rec(2, 1, 0), rec(3, 1, 0), rec(4, 0, 0),
                                     rec(5, 0, 0), rec(0, 0, 0), rec(6, 0, 0), rec(6, 1, 0)};
    for (ConditionRecord r : cases) {
        EXPECT_EQ(run(r, w), Verdict::NotPassed) << r.tag << "/" << r.subtype;
        EXPECT_EQ(r.completed, 0);
    }
    EXPECT_TRUE(w.queried.empty());  // a bad pairing queries nothing
}

TEST(Evaluator, CallerSkipsCompletedRecordsAndStopsAtAnError) {
    World w;
    w.objects = {1};
    w.lists = {{}};
    std::vector<ConditionRecord> rs = {rec(1, 0, 2), rec(1, 0, 1), rec(1, 0, 3)};
    rs[2].completed = 1;
    auto pass = evaluateAll(rs, w, {});
    ASSERT_TRUE(pass.ok());
    EXPECT_EQ(pass->passed, 1u);
    EXPECT_EQ(pass->open, 1u);
    EXPECT_EQ(pass->skipped, 1u);
    EXPECT_EQ(w.queried, (std::vector<std::uint32_t>{2, 1}));
    pass = evaluateAll(rs, w, {});
    EXPECT_EQ(pass->skipped, 2u);  // the first one completed last time
    std::vector<ConditionRecord> bad = {rec(1, 0, 5), rec(4, 1, 1)};
    auto e = evaluateAll(bad, w, {});
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().find("record"), "1");
}

TEST(Evaluator, RecordsRoundTripAs16Bytes) {
    ConditionRecord r = rec(4, 1, 0x01020304);
    r.completed = 1;
    r.rest = {7, 8, 9};
    const Bytes b = writeConditions(std::vector<ConditionRecord>{r, rec(1, 0, 2)});
    ASSERT_EQ(b.size(), 32u);
    EXPECT_EQ(b[12], 1);
    auto back = readConditions(b);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ((*back)[0], r);
    auto bad = readConditions(ByteView(b).first(20));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "ai.condition_size");
    EXPECT_EQ(bad.error().offset(), 16u);
}

}  // namespace
}  // namespace vestige::iron3d::ai
