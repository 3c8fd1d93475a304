// Distributor membership and shares, initial ore, the two-pass transfer.
#include <gtest/gtest.h>

#include <bit>
#include <map>

#include "doubles.hpp"
#include "vestige/iron3d/ai/ore.hpp"

namespace vestige::iron3d::ai {
namespace {

Handle h(std::uint32_t slot) { return {slot, 0}; }

TEST(Distributor, SharesAfterOneTwoThreeAdds) {
    Distributor d;
    EXPECT_EQ(d.add(h(1), 1), AddEffect::Added);
    EXPECT_EQ(d.rows()[0].share, 1.0f);
    d.add(h(2), 2);
    EXPECT_EQ(d.rows()[0].share, 0.5f);  // two members: half each
    EXPECT_EQ(d.rows()[1].share, 0.5f);
    d.add(h(3), 3);
    // The third keeps about a third; the rest is rescaled among the earlier (non-pinned) rows.
    EXPECT_NEAR(d.rows()[2].share, 1.0f / 3.0f, 1e-6f);
    EXPECT_NEAR(d.rows()[0].share, 1.0f / 3.0f, 1e-6f);
    EXPECT_NEAR(d.rows()[1].share, 1.0f / 3.0f, 1e-6f);
    // Regression guard of our single-precision arithmetic (not a measurement of the original's bits).
    EXPECT_EQ(std::bit_cast<std::uint32_t>(d.rows()[2].share), 0x3EAAAAABu);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(d.rows()[0].share), 0x3EAAAAAAu);
}

TEST(Distributor, PinnedRowKeepsItsWeightDuplicateChangesNothing) {
    Distributor d;
    d.add(h(1), 1);
    d.add(h(2), 2, /*pinned=*/true);
    EXPECT_EQ(d.rows()[0].share, 0.5f);
    EXPECT_EQ(d.rows()[1].share, 0.5f);
    d.add(h(3), 3);
    EXPECT_EQ(d.rows()[1].share, 0.5f);  // pinned: kept
    EXPECT_NEAR(d.rows()[2].share, 1.0f / 3.0f, 1e-6f);
    EXPECT_NEAR(d.rows()[0].share, 1.0f - 0.5f - 1.0f / 3.0f, 1e-6f);  // the rest, on the one free row
    EXPECT_TRUE(d.rows()[1].pinned());
    const auto before = d.rows();
    EXPECT_EQ(d.add(h(2), 77), AddEffect::Duplicate);
    EXPECT_EQ(d.add(h(3), 78, true), AddEffect::Duplicate);
    ASSERT_EQ(d.rows().size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(d.rows()[i].share, before[i].share);
        EXPECT_EQ(d.rows()[i].tmaIndex, before[i].tmaIndex);
        EXPECT_EQ(d.rows()[i].tail, before[i].tail);
    }
}

TEST(Distributor, NothingLeftToRescaleIsReportedAsZeroSum) {
    Distributor d;
    d.add(h(1), 1, true);
    EXPECT_EQ(d.add(h(2), 2), AddEffect::ZeroSum);
    EXPECT_EQ(d.rows()[0].share, 1.0f);
    EXPECT_EQ(d.rows()[1].share, 0.5f);
}

// AutoDemo's shape (seed 002): TMA objects 4 and 6 go to slot 0, 5 and 7 to slot 1; classes 0x80000010
// (wor_l_n1.dat) and 0x80000002 (gener01.dat); objects without a Unit DAT or without the high bit stay out.
std::vector<PlacedUnit> autoDemoUnits() {
    std::vector<PlacedUnit> units;
    for (std::uint32_t i = 0; i < 10; ++i) {
        PlacedUnit u;
        u.handle = {i, 1};
        u.tmaIndex = i;
        u.rawAfterResource = i >= 4 && i <= 7 ? i % 2 : 0;
        if (i >= 4 && i <= 7) u.classWord = i < 6 ? 0x80000010u : 0x80000002u;
        if (i == 8) u.classWord = 0x01008000u;  // a Unit DAT without the registration bit
        if (i == 9) {
            u.classWord = 0x80000002u;
            u.rawAfterResource = 2;  // no package for slot 2
        }
        units.push_back(std::move(u));
    }
    return units;
}

AiWorld twoClanWorld(bool firstMissing = false) {
    test::MemoryFiles files;
    files.add("MISSIONS/SCRIPTS/default.scr", scr::autoDemoShape());
    files.add("MISSIONS/SCRIPTS/varset.var", test::sharedVarSet());
    return createSuperAis(std::vector<ClanSpec>{test::clan(0, firstMissing ? "absent" : "default", 0, 0),
                                                test::clan(1, "default", 0, 0), test::clan(2, "absent", 0, 0)},
                          files, {})
        .value();
}

TEST(Distributor, MembershipNeedsTheHighBitAndAnExistingSlot) {
    const auto units = autoDemoUnits();
    const auto m = memberships(units, twoClanWorld());
    ASSERT_EQ(m.size(), 4u);
    EXPECT_EQ(m[0].tmaIndex, 4u);
    EXPECT_EQ(m[0].slot, 0u);
    EXPECT_EQ(m[1].tmaIndex, 5u);
    EXPECT_EQ(m[1].slot, 1u);
    EXPECT_EQ(m[2].tmaIndex, 6u);
    EXPECT_EQ(m[2].slot, 0u);
    EXPECT_EQ(m[3].tmaIndex, 7u);
    EXPECT_EQ(m[3].slot, 1u);
    EXPECT_EQ(m[3].handle, (Handle{7, 1}));
    // Clan 0's package missing: its objects join nothing, clan 1's still join slot 1 (not renumbered).
    const auto partial = memberships(units, twoClanWorld(true));
    ASSERT_EQ(partial.size(), 2u);
    EXPECT_EQ(partial[0].tmaIndex, 5u);
    EXPECT_EQ(partial[0].slot, 1u);
    EXPECT_EQ(unitClassWord(Bytes{0xF1, 0xF0, 0, 0, 0x10, 0, 0, 0x80}), 0x80000010u);
    EXPECT_EQ(unitClassWord(Bytes{0xF1, 0xF0, 0, 0}), std::nullopt);
}

PlacedUnit oreUnit(std::uint32_t classWord, std::vector<tma::Property> props = {}) {
    PlacedUnit u;
    u.handle = {1, 0};
    u.classWord = classWord;
    u.properties = std::move(props);
    return u;
}

tma::Property prop(std::string name, std::uint32_t raw1) {
    tma::Property p;
    p.name = std::move(name);
    p.raw = {0xDEAD, raw1, 0xBEEF, 0};
    return p;
}

TEST(Ore, ClassDefaultTable) {
    EXPECT_EQ(oreClassDefaults(0x80000004).maximum, 500u);
    EXPECT_EQ(oreClassDefaults(0x80000008).maximum, 4000u);
    EXPECT_EQ(oreClassDefaults(0x01002000).current, 0u);
    EXPECT_EQ(oreClassDefaults(0x01002000).maximum, 2000u);
    EXPECT_EQ(oreClassDefaults(0x01004000).current, 2000u);
    EXPECT_EQ(oreClassDefaults(0x01004000).maximum, 2000u);
    EXPECT_EQ(oreClassDefaults(0x01008000).maximum, 0u);
    EXPECT_EQ(oreClassDefaults(0x80000002).current, 0u);
    const auto s = initialOre(oreUnit(0x01004000), oreDescriptors());
    ASSERT_TRUE(s);
    EXPECT_EQ(s->property.key, 0x02000100u);
    EXPECT_EQ(s->property.valueBits, std::bit_cast<std::uint32_t>(2000.0f));
    EXPECT_EQ(s->property.extra, 2000u);
    EXPECT_FALSE(s->fromTma);
    PlacedUnit noDat;
    EXPECT_FALSE(initialOre(noDat, oreDescriptors()));
}

TEST(Ore, CurrentFromTheFirstExactMatchMaximumSetterDoesNothing) {
    const auto props = std::vector<tma::Property>{prop("currentore", 11), prop("CurrentOre", 0x12345678),
                                                  prop("CurrentOre", 99), prop("MaximumOre", 7)};
    test::RecordingTrace sink;
    const auto s = initialOre(oreUnit(0x80000008, props), oreDescriptors(), {&sink, nullptr});
    ASSERT_TRUE(s);
    EXPECT_EQ(s->property.valueBits, 0x12345678u);  // raw word [1], bits kept (no float round trip)
    EXPECT_EQ(s->property.extra, 4000u);            // the TMA MaximumOre changes nothing
    EXPECT_TRUE(s->fromTma);
    ASSERT_EQ(sink.of("behavior").size(), 1u);
    EXPECT_EQ(sink.of("behavior")[0]["current"]["bits"], 0x12345678u);
    // Descriptors chosen by code, not by row: the permuted table gives the same state.
    const std::vector<OreDescriptor> permuted = {{"MaximumOre", 5}, {"CurrentOre", 4}};
    const auto p = initialOre(oreUnit(0x80000008, props), permuted);
    EXPECT_EQ(p->property.valueBits, s->property.valueBits);
    EXPECT_EQ(p->property.extra, s->property.extra);
    OreProperty direct;
    EXPECT_FALSE(setOreByCode(direct, 5, 123));
    EXPECT_EQ(direct.extra, 0u);
    EXPECT_TRUE(setOreByCode(direct, 4, 123));
}

class Party final : public ResourceParty {
public:
    bool transferSkipped() const override { return skipped; }
    float rate() override {
        ++rateCalls;
        if (rates.empty()) return 0.0f;
        const float r = rates.front();
        if (rates.size() > 1) rates.erase(rates.begin());
        return r;
    }
    float amount() const override { return value; }
    void setAmount(float v) override { value = v; }
    std::vector<float> rates;
    float value = 0;
    bool skipped = false;
    int rateCalls = 0;
};

class Objects final : public ResourceObjects {
public:
    ResourceParty* find(Handle object) override {
        lookups.push_back(object.slot);
        const auto it = parties.find(object.slot);
        return it == parties.end() ? nullptr : &it->second;
    }
    std::map<std::uint32_t, Party> parties;
    std::vector<std::uint32_t> lookups;
};

TEST(Transfer, TheSeedsSyntheticRunEndsAtSeven) {
    // Seed 002: rows 41 and 42 looked up 41, 42, 41, 42; the producer says rate 4, then 1; the receiver's 6 ends
    // at 7 - the apply pass asks again instead of trusting the read pass.
    Distributor d;
    d.add(h(41), 0);
    d.add(h(42), 1);
    Objects objects;
    objects.parties[41].rates = {4.0f, 1.0f};
    objects.parties[42].value = 6.0f;
    test::RecordingTrace sink;
    const TransferStep step = transfer(d, objects, 1.0f, 0, {&sink, nullptr});
    EXPECT_EQ(objects.lookups, (std::vector<std::uint32_t>{41, 42, 41, 42}));
    EXPECT_EQ(objects.parties[42].value, 7.0f);
    EXPECT_EQ(objects.parties[41].rateCalls, 2);
    EXPECT_EQ(step.produced, 1.0f);
    EXPECT_EQ(step.delivered, 1.0f);
    EXPECT_EQ(step.undelivered, 0.0f);
    ASSERT_EQ(sink.of("behavior").size(), 1u);
    EXPECT_EQ(sink.of("behavior")[0]["after"]["value"], "7");
}

TEST(Transfer, ZeroDtDoesNothingAndSkippedStatesSkipBeforeQueries) {
    Distributor d;
    d.add(h(41), 0);
    d.add(h(42), 1);
    Objects objects;
    objects.parties[41].rates = {4.0f};
    objects.parties[42].value = 6.0f;
    const TransferStep none = transfer(d, objects, 0.0f);
    EXPECT_TRUE(objects.lookups.empty());
    EXPECT_EQ(none.lookups, 0u);
    EXPECT_EQ(objects.parties[42].value, 6.0f);
    objects.parties[41].skipped = true;
    const TransferStep skipped = transfer(d, objects, 1.0f);
    EXPECT_EQ(objects.parties[41].rateCalls, 0);  // no resource query for a skipped state
    EXPECT_EQ(skipped.skipped, 1u);
    EXPECT_EQ(objects.parties[42].value, 6.0f);
    // A receiver met before any producer gets nothing this step; the produced amount is reported, not lost.
    Distributor reversed;
    reversed.add(h(42), 1);
    reversed.add(h(41), 0);
    objects.parties[41].skipped = false;
    const TransferStep late = transfer(reversed, objects, 2.0f);
    EXPECT_EQ(objects.parties[42].value, 6.0f);
    EXPECT_EQ(late.undelivered, 8.0f);
}

}  // namespace
}  // namespace vestige::iron3d::ai
