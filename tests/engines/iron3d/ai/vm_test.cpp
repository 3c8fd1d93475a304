// The recovered handlers one by one: Handler(19)'s number chain, H0, H1, H2, H8, H15, H30, and Unsupported for
// everything else.
#include "vestige/iron3d/ai/vm.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

#include "doubles.hpp"

namespace vestige::iron3d::ai {
namespace {

using scr::PackageBuilder;

// One event "E" holding the given records, run against the synthetic shared varset.
struct Harness {
    explicit Harness(scr::Package p) : package(std::move(p)) {
        vars = varset::parse(asBytes(test::sharedVarSet())).value();
        state.cells = defaultCells(vars);
        state.problems.assign(4, ProblemRecord{});
    }
    Result<HandlerResult> run(std::uint32_t instruction, std::uint32_t event = 0) {
        const ExecEnv env{package, vars, base, &targets};
        return execute(env, event, instruction, state, pending);
    }
    std::uint32_t cell(std::string_view name) const { return state.cells[*vars.find(name)]; }
    void set(std::string_view name, std::uint32_t v) { state.cells[*vars.find(name)] = v; }
    std::uint32_t idx(std::string_view name) const { return *vars.find(name); }

    scr::Package package;
    varset::VarSet vars;
    ClanBase base = clanBase(0, 0, 0);
    VmState state;
    std::vector<PendingCall> pending;
    test::FakeTargets targets;
};

TEST(Handler19Chain, RoundsHalfEvenKeepsTheLowWordStoresAsFloatTruncates) {
    // Seed 002: -0.6 -> 0xFFFFFFFF -> stored as 2^32 -> truncated, low word again -> 0.
    EXPECT_EQ(roundHalfEvenLowWord(-0.6f), 0xFFFFFFFFu);
    const ClanBase b = clanBase(3, -0.6f, 500.2857f);
    EXPECT_EQ(b.roundedX, 0xFFFFFFFFu);
    EXPECT_EQ(b.baseX, 4294967296.0f);
    EXPECT_EQ(truncateLowWord(b.baseX), 0u);
    EXPECT_EQ(truncateLowWord(b.baseY), 500u);  // AutoDemo's non-integral anchor 500.2857 -> 500
    EXPECT_EQ(b.clanId, 3u);
    // Ties go to even, not away from zero.
    EXPECT_EQ(roundHalfEvenLowWord(2.5f), 2u);
    EXPECT_EQ(roundHalfEvenLowWord(3.5f), 4u);
    EXPECT_EQ(roundHalfEvenLowWord(-2.5f), 0xFFFFFFFEu);
    EXPECT_EQ(roundHalfEvenLowWord(0.5f), 0u);
    // Beyond 32 bits only the low word survives; NaN / beyond int64 store the integer indefinite (low word 0).
    EXPECT_EQ(roundHalfEvenLowWord(4294967808.0f), 512u);
    EXPECT_EQ(roundHalfEvenLowWord(std::numeric_limits<float>::quiet_NaN()), 0u);
    EXPECT_EQ(roundHalfEvenLowWord(1e30f), 0u);
    EXPECT_EQ(truncateLowWord(-1.9f), 0xFFFFFFFFu);
}

TEST(Handler19Chain, AboveTenThousandWarnsAndPasses) {
    const ClanBase ok = clanBase(0, 10000.0f, 0.0f);
    EXPECT_TRUE(ok.warnings.empty());
    const ClanBase high = clanBase(1, 10001.0f, 20.0f);
    ASSERT_EQ(high.warnings.size(), 1u);
    EXPECT_NE(high.warnings[0].find("10001"), std::string::npos);
    EXPECT_EQ(truncateLowWord(high.baseX), 10001u);  // not clamped, not refused
    // -0.6's 0xFFFFFFFF is above 10000 as an unsigned word, so it warns too.
    EXPECT_EQ(clanBase(0, -0.6f, 0).warnings.size(), 1u);
}

TEST(Handler19, WritesTheThreeDwordCells) {
    Harness h(scr::autoDemoShape());
    h.base = clanBase(1, 728.0f, 449.0f);
    auto r = h.run(0);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->outcome, Outcome::Executed);
    EXPECT_EQ(h.cell("ClanBaseX"), 728u);
    EXPECT_EQ(h.cell("ClanBaseY"), 449u);
    EXPECT_EQ(h.cell("ClanID"), 1u);
    ASSERT_EQ(r->writes.size(), 3u);
    EXPECT_EQ(r->writes[0].index, 224u);
    EXPECT_EQ(r->writes[2].after, 1u);
}

TEST(Handler19, AFloatTargetOrAnotherArityIsUnsupported) {
    Harness h(PackageBuilder().event("E").handler(19, {224, 17, 226}).handler(19, {224, 225}).package());
    auto r = h.run(0);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->outcome, Outcome::Unsupported);
    EXPECT_NE(r->detail.find("only DWORD targets"), std::string::npos);
    EXPECT_EQ(h.cell("ClanBaseX"), 0u);  // nothing written
    r = h.run(1);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->outcome, Outcome::Unsupported);
}

TEST(Handlers, ReferencePastTheVarsetIsAnError) {
    Harness h(PackageBuilder().event("E").handler(19, {224, 225, 231}).package());
    auto r = h.run(0);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "ai.ref_out_of_range");
    EXPECT_EQ(r.error().find("operand"), "2");
    EXPECT_EQ(r.error().actualText(), "231");
}

TEST(Handlers, H0SetsTheContextFlag) {
    Harness h(PackageBuilder().event("E").handler(0).package());
    ASSERT_EQ(h.run(0)->outcome, Outcome::Executed);
    EXPECT_EQ(h.state.flag, 1u);
}

TEST(Handlers, H1ConvertsFloatAndUnsignedDword) {
    Harness h(PackageBuilder().event("E").handler(1, {17}).handler(1, {12}).handler(1, {12, 13}).package());
    h.set("MISSION_COMMAND", 0xFFFFFFFFu);
    auto r = h.run(0);
    EXPECT_EQ(r->scalar, 2.5f);
    r = h.run(1);
    EXPECT_EQ(r->scalar, 4294967296.0f);  // kind 5 is unsigned
    EXPECT_EQ(h.run(2)->outcome, Outcome::Unsupported);
    // A STRING declaration has no recovered scalar conversion.
    Harness s(PackageBuilder().event("E").handler(1, {1}).package());
    s.vars = varset::parse(asBytes(std::string_view("VAR(DWORD, a, 1)\nSTRING(b, x)\n"))).value();
    s.state.cells = defaultCells(s.vars);
    EXPECT_EQ(s.run(0)->outcome, Outcome::Unsupported);
}

TEST(Handlers, H2KeysByBitsRefreshesOnUnequalScalarAndWrapsTheCounter) {
    // Slots: 16 dTaskId(7) 17 fTaskValue(2.5) 18 dTaskCounter(3) 19 dTaskWord(9) 20 fTaskKeyA(0) 21 fTaskKeyB(-0)
    // 22 fTaskExtra(1.25).
    scr::Package p = PackageBuilder()
                         .event("E")
                         .handler(2, {16, 17, 18, 19, 20, 21, 22})
                         .handler(2, {16, 17, 18, 19, 20, 20, 22})
                         .event("dTaskId_Start")
                         .event("dTaskId_Continue")
                         .package();
    Harness h(std::move(p));
    h.state.flag = 1;
    auto r = h.run(0);
    ASSERT_EQ(r->outcome, Outcome::Executed) << r->detail;
    EXPECT_EQ(h.state.flag, 0u);
    ASSERT_EQ(h.state.h2.records().size(), 1u);
    const H2Record& rec = h.state.h2.records()[0];
    EXPECT_EQ(rec.word0, 7u);
    EXPECT_EQ(rec.key5Bits, 0x80000000u);
    EXPECT_EQ(rec.counter, 3u);
    EXPECT_EQ(rec.word3, 9u);
    EXPECT_EQ(rec.scalar6, 1.25f);
    EXPECT_EQ(rec.startEvent, 1u);
    EXPECT_EQ(rec.continueEvent, 2u);
    // Same key, same scalar1: unchanged.
    r = h.run(0);
    EXPECT_EQ(r->detail, "record 0 unchanged");
    // slot5 +0 instead of -0: a different key, a second record (+0 and -0 differ as key bits).
    r = h.run(1);
    EXPECT_EQ(r->detail, "record 1 created");
    // Unequal scalar1: refresh replaces slot1/slot6 and adds the stored increment (3), not the new slot2.
    h.set("fTaskValue", std::bit_cast<std::uint32_t>(9.0f));
    h.set("fTaskExtra", std::bit_cast<std::uint32_t>(4.0f));
    h.set("dTaskCounter", 100);
    r = h.run(0);
    EXPECT_EQ(r->detail, "record 0 refreshed");
    EXPECT_EQ(h.state.h2.records()[0].counter, 6u);
    EXPECT_EQ(h.state.h2.records()[0].scalar1, 9.0f);
    EXPECT_EQ(h.state.h2.records()[0].scalar6, 4.0f);
}

TEST(Handlers, H2SchedulerNanRefreshesSignedZeroDoesNotAndCounterWraps) {
    H2Scheduler s;
    H2Input in;
    in.word0 = 1;
    in.scalar1 = std::numeric_limits<float>::quiet_NaN();
    in.word2 = 0x80000000u;
    EXPECT_TRUE(s.submit(in, nullptr, "").created);
    EXPECT_TRUE(s.submit(in, nullptr, "").refreshed);  // NaN != NaN
    EXPECT_EQ(s.records()[0].counter, 0u);             // 0x80000000 + 0x80000000 wraps
    EXPECT_TRUE(s.submit(in, nullptr, "").refreshed);
    EXPECT_EQ(s.records()[0].counter, 0x80000000u);
    H2Input zero;
    zero.scalar1 = 0.0f;
    EXPECT_TRUE(s.submit(zero, nullptr, "").created);
    zero.scalar1 = -0.0f;
    const H2Update u = s.submit(zero, nullptr, "");
    EXPECT_FALSE(u.created);
    EXPECT_FALSE(u.refreshed);  // +0 == -0 as floats
    EXPECT_FALSE(s.records()[1].startEvent.has_value());
}

TEST(Handlers, H8WritesTheProblemStateWithTheRecoveredResets) {
    Harness h(PackageBuilder().event("E").handler(8, {14}).handler(8, {23}).handler(8, {16}).package());
    h.set("dCurrentProblem", 2);
    h.state.problems[2].fill(0xAA);
    ASSERT_EQ(h.run(0)->outcome, Outcome::Executed);  // ST_SOLVING = 1: only the state word
    EXPECT_EQ(h.state.problems[2][6], 1u);
    EXPECT_EQ(h.state.problems[2][0], 0xAAu);
    auto r = h.run(1);  // ST_SOLVED = 2: words 0..3 and 6 reset first
    EXPECT_EQ(h.state.problems[2][6], 2u);
    EXPECT_EQ(h.state.problems[2][3], 0u);
    EXPECT_EQ(h.state.problems[2][4], 0xAAu);
    EXPECT_NE(r->detail.find("2 opaque callbacks"), std::string::npos);
    h.state.problems[2].fill(0xAA);
    h.set("dTaskId", 3);  // state 3: words 0..2 and 6, word 3 kept
    ASSERT_EQ(h.run(2)->outcome, Outcome::Executed);
    EXPECT_EQ(h.state.problems[2][2], 0u);
    EXPECT_EQ(h.state.problems[2][3], 0xAAu);
    EXPECT_EQ(h.state.problems[2][6], 3u);
    h.set("dCurrentProblem", 4);  // the table has 4 records: a bounds-checked index
    auto e = h.run(0);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "ai.problem_out_of_range");
}

TEST(Handlers, H15ModesAritiesAndTheTargetFlag) {
    // refs 0..3 DWORD, 4..7 float, 8 mode, then the tail.
    Harness h(PackageBuilder()
                  .event("E")
                  .handler(15, {16, 18, 19, 18, 17, 20, 21, 22, 25})          // NONE: 9
                  .handler(15, {16, 18, 19, 18, 17, 20, 21, 22, 27, 18, 19})  // TARGET_BY_PLACE: 11
                  .handler(15, {16, 18, 19, 18, 17, 20, 21, 22, 26})          // BY_LOGIC_ID with 9: form
                  .handler(15, {16, 18, 19, 18, 17, 20, 21, 22, 14})          // mode 1: never observed
                  .handler(15, {17, 18, 19, 18, 17, 20, 21, 22, 25})          // float where a DWORD goes
                  .package());
    auto r = h.run(0);
    ASSERT_EQ(r->outcome, Outcome::Executed) << r->detail;
    ASSERT_EQ(h.pending.size(), 1u);  // target 7 exists: the call is queued, not made
    EXPECT_TRUE(h.targets.calls.empty());
    const auto& call = std::get<TargetCall>(h.pending[0]);
    EXPECT_EQ(call.word0, 7u);
    EXPECT_EQ(call.word2, 9u);
    EXPECT_EQ(call.payload.scalars[0], 2.5f);
    EXPECT_TRUE(call.payload.tail.empty());
    r = h.run(1);
    ASSERT_EQ(r->outcome, Outcome::Executed);
    EXPECT_EQ(std::get<TargetCall>(h.pending[1]).payload.tail, (std::vector<std::uint32_t>{3, 9}));
    EXPECT_EQ(h.run(2)->outcome, Outcome::Unsupported);
    auto e = h.run(3);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "ai.h15_mode");
    EXPECT_EQ(e.error().actualText(), "0x1");
    EXPECT_EQ(h.run(4)->outcome, Outcome::Unsupported);
    // A target the world does not find: flag 5, nothing queued.
    h.targets.present = 99;
    h.pending.clear();
    ASSERT_EQ(h.run(0)->outcome, Outcome::Executed);
    EXPECT_EQ(h.state.flag, 5u);
    EXPECT_TRUE(h.pending.empty());
}

TEST(Handlers, H30QueuesTheRecoveredCallbackOnly) {
    Harness h(PackageBuilder().event("E").handler(30, {12, 13}).handler(30, {12, 15}).handler(30, {14, 13}).package());
    ASSERT_EQ(h.run(0)->outcome, Outcome::Executed);
    ASSERT_EQ(h.run(1)->outcome, Outcome::Executed);
    EXPECT_EQ(std::get<HostCallback>(h.pending[0]).payload, 1u);
    EXPECT_EQ(std::get<HostCallback>(h.pending[1]).payload, 0u);
    auto r = h.run(2);  // command 1: unhandled
    EXPECT_EQ(r->outcome, Outcome::Unsupported);
    EXPECT_EQ(h.pending.size(), 2u);
}

TEST(Handlers, MissionOutcomeTransitions) {
    MissionOutcome o = MissionOutcome::Running;
    EXPECT_EQ(applyOutcome(o, 1, false), OutcomeEffect::Changed);
    EXPECT_EQ(o, MissionOutcome::Completed);
    EXPECT_EQ(applyOutcome(o, 1, false), OutcomeEffect::Repeat);  // a repeat is a no-op
    EXPECT_EQ(applyOutcome(o, 0, false), OutcomeEffect::Changed);
    EXPECT_EQ(o, MissionOutcome::Failed);
    MissionOutcome demo = MissionOutcome::Running;
    EXPECT_EQ(applyOutcome(demo, 1, true), OutcomeEffect::Suppressed);
    EXPECT_EQ(demo, MissionOutcome::Running);
}

TEST(Handlers, EverythingElseIsUnsupportedNeverANoOp) {
    scr::Instruction unknown;
    unknown.head[0] = 73;
    Harness h(PackageBuilder().event("E").handler(5, {1}).sentinel().instruction(unknown).handler(72).package());
    const VmState before = h.state;
    for (std::uint32_t i = 0; i < 4; ++i) {
        auto r = h.run(i);
        ASSERT_TRUE(r.ok());
        EXPECT_EQ(r->outcome, Outcome::Unsupported) << i;
        EXPECT_FALSE(r->detail.empty());
    }
    EXPECT_EQ(h.state.cells, before.cells);
    EXPECT_EQ(h.state.flag, before.flag);
    EXPECT_EQ(h.run(0)->detail, "Handler(5) is not recovered");
    EXPECT_EQ(h.run(1)->detail, "sentinel record: its meaning is not recovered");
}

}  // namespace
}  // namespace vestige::iron3d::ai
