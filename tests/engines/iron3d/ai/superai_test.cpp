// Mission start: bundles, varset fallback, SuperAI slots, the first Init and its guards.
#include <gtest/gtest.h>

#include "doubles.hpp"

namespace vestige::iron3d::ai {
namespace {

using scr::PackageBuilder;
using test::clan;
using test::MemoryFiles;

MemoryFiles autoDemoFiles() {
    MemoryFiles files;
    files.add("MISSIONS/SCRIPTS/default.scr", scr::autoDemoShape());
    files.add("MISSIONS/SCRIPTS/varset.var", test::sharedVarSet());
    return files;
}

std::uint32_t cell(const SuperAi& sa, std::string_view name) { return sa.vm.cells[*sa.bundle->vars->find(name)]; }

TEST(SuperAi, BundleNamesAppendScrOnlyWhenMissing) {
    EXPECT_EQ(bundleFile("default"), "default.scr");
    EXPECT_EQ(bundleFile("Default.SCR"), "Default.SCR");
    EXPECT_EQ(bundleBase("c1m2p.Scr"), "c1m2p");
    EXPECT_EQ(bundleBase("c1m2p"), "c1m2p");
}

TEST(SuperAi, AutoDemoInitGivesTheTwoRecordedClans) {
    // Seed 002 / spec 13: the live GOG AutoDemo holds (500, 752, 0) and (728, 449, 1); its first anchor is the
    // non-integral 500.2857.
    const MemoryFiles files = autoDemoFiles();
    const std::vector<ClanSpec> clans = {clan(0, "default", 500.2857f, 752.0f), clan(1, "default", 728.0f, 449.0f)};
    test::RecordingTrace sink;
    RngStreams streams(7);
    StreamRandom rng(streams, "ai.shared");
    const Tracer trace{&sink, &rng};
    auto world = createSuperAis(clans, files, {}, trace);
    ASSERT_TRUE(world.ok()) << world.error().render();
    for (std::uint32_t c = 0; c < 2; ++c) {
        auto report = runFirstInit(*world, c, LoadMode::Full, nullptr, trace);
        ASSERT_TRUE(report.ok()) << report.error().render();
        EXPECT_TRUE(report->applied);
    }
    const SuperAi* a = world->getSuperAi(0);
    const SuperAi* b = world->getSuperAi(1);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(cell(*a, "ClanBaseX"), 500u);
    EXPECT_EQ(cell(*a, "ClanBaseY"), 752u);
    EXPECT_EQ(cell(*a, "ClanID"), 0u);
    EXPECT_EQ(cell(*b, "ClanBaseX"), 728u);
    EXPECT_EQ(cell(*b, "ClanBaseY"), 449u);
    EXPECT_EQ(cell(*b, "ClanID"), 1u);
    EXPECT_TRUE(a->initOneShot);
    // Every script event, handler result and cell write is traced with the shared stream's counter.
    EXPECT_EQ(sink.of("ai.handler").size(), 2u);
    EXPECT_EQ(sink.of("ai.cell").size(), 6u);
    EXPECT_EQ(sink.of("ai.cell")[0]["name"], "ClanBaseX");
    EXPECT_EQ(sink.of("ai.cell")[0]["after"], 500);
    EXPECT_EQ(sink.of("ai")[0]["rng"]["stream"], "ai.shared");
    EXPECT_EQ(sink.of("ai")[0]["rng"]["draws"], 0);
    const Json j = initReportJson(runFirstInit(*world, 0, LoadMode::Full).value(), *world);
    EXPECT_EQ(j["cells_written"].size(), 3u);
}

TEST(SuperAi, EveryClanGetsASuperAiButOnlyLoadedPackagesGetSlots) {
    MemoryFiles files = autoDemoFiles();
    // Clan 0's bundle is missing; clan 1 keeps slot 1 (never renumbered to 0).
    const std::vector<ClanSpec> clans = {clan(0, "absent", 1, 1), clan(1, "default", 2, 2)};
    auto world = createSuperAis(clans, files, {});
    ASSERT_TRUE(world.ok()) << world.error().render();
    EXPECT_EQ(world->clans.size(), 2u);
    EXPECT_EQ(world->getSuperAi(0), nullptr);
    ASSERT_NE(world->getSuperAi(1), nullptr);
    EXPECT_EQ(world->getSuperAi(1)->clan.index, 1u);
    EXPECT_EQ(world->getSuperAi(63), nullptr);
    EXPECT_EQ(world->getSuperAi(64), nullptr);
    ASSERT_EQ(world->aiLog.size(), 1u);
    EXPECT_NE(world->aiLog[0].find("MISSIONS/SCRIPTS/absent.scr: script package not found"), std::string::npos);
    // A clan without a package has no Init: no records, the one-shot flag stays off.
    auto r = runFirstInit(*world, 0, LoadMode::Full);
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE(r->packageLoaded);
    EXPECT_FALSE(world->clans[0].initOneShot);
}

TEST(SuperAi, PersonalVarsetFirstSharedOnlyWhenNotFound) {
    MemoryFiles files = autoDemoFiles();
    files.add("MISSIONS/SCRIPTS/c1m2p.scr", scr::c1m2pShape());
    files.add("MISSIONS/SCRIPTS/c1m2p.var", std::string_view("VAR(DWORD, only, 5)\n"));
    const std::vector<ClanSpec> clans = {clan(0, "c1m2p", 0, 0), clan(1, "default", 0, 0)};
    auto world = createSuperAis(clans, files, {});
    ASSERT_TRUE(world.ok()) << world.error().render();
    EXPECT_EQ(world->clans[0].bundle->varsetPath, "MISSIONS/SCRIPTS/c1m2p.var");
    EXPECT_EQ(world->clans[0].bundle->vars->declarations.size(), 1u);
    EXPECT_EQ(world->clans[1].bundle->varsetPath, kSharedVarSet);
    EXPECT_EQ(world->clans[1].bundle->vars->declarations.size(), 231u);
    // A malformed personal varset is an error; it never falls back to the shared file.
    files.add("MISSIONS/SCRIPTS/c1m2p.var", std::string_view("VAR(DWORD, bad, x)\n"));
    auto bad = createSuperAis(clans, files, {});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "varset.bad_dword");
    EXPECT_EQ(bad.error().find("file"), "MISSIONS/SCRIPTS/c1m2p.var");
    // Neither varset: an error naming both.
    MemoryFiles bare;
    bare.add("MISSIONS/SCRIPTS/default.scr", scr::autoDemoShape());
    auto none = createSuperAis(std::vector<ClanSpec>{clan(0, "default", 0, 0)}, bare, {});
    ASSERT_FALSE(none.ok());
    EXPECT_EQ(none.error().code(), "ai.no_varset");
    // An I/O failure other than "not found" is not a fallback either.
    files.failing = "MISSIONS/SCRIPTS/default.var";
    auto io = createSuperAis(std::vector<ClanSpec>{clan(0, "default", 0, 0)}, files, {});
    ASSERT_FALSE(io.ok());
    EXPECT_EQ(io.error().code(), "io.read");
}

TEST(SuperAi, VersionMismatchIsLoggedAndIsItsOwnError) {
    MemoryFiles files = autoDemoFiles();
    scr::Package old = scr::autoDemoShape();
    old.handlerCount = 70;
    files.add("MISSIONS/SCRIPTS/old.scr", old);
    const std::vector<ClanSpec> clans = {clan(0, "old", 0, 0), clan(1, "default", 0, 0)};
    auto full = createSuperAis(clans, files, {});
    ASSERT_FALSE(full.ok());
    EXPECT_EQ(full.error().code(), "scr.version_mismatch");
    EXPECT_EQ(full.error().find("clan"), "0");
    StartOptions preview;
    preview.mode = LoadMode::Preview;
    auto p = createSuperAis(clans, files, preview);
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(p->getSuperAi(0), nullptr);
    ASSERT_TRUE(p->clans[0].loadError);
    EXPECT_EQ(p->clans[0].loadError->code(), "scr.version_mismatch");
    ASSERT_EQ(p->aiLog.size(), 1u);
    EXPECT_NE(p->aiLog[0].find("[scr.version_mismatch]"), std::string::npos);
    EXPECT_NE(p->getSuperAi(1), nullptr);
    // A corrupt package is a different error.
    files.add("MISSIONS/SCRIPTS/old.scr", Bytes{73, 0, 0, 0, 1});
    auto corrupt = createSuperAis(clans, files, {});
    ASSERT_FALSE(corrupt.ok());
    EXPECT_NE(corrupt.error().code(), "scr.version_mismatch");
}

TEST(FirstInit, FoundByCaseSensitiveCStringFirstDuplicateWins) {
    MemoryFiles files = autoDemoFiles();
    files.add("MISSIONS/SCRIPTS/dup.scr", PackageBuilder()
                                              .event("INIT")
                                              .handler(5)
                                              .event(std::string("Init\0x", 6))
                                              .handler(19, {224, 225, 226})
                                              .event("Init")
                                              .handler(5)
                                              .package());
    auto world = createSuperAis(std::vector<ClanSpec>{clan(0, "dup", 12, 34)}, files, {});
    ASSERT_TRUE(world.ok());
    auto r = runFirstInit(*world, 0, LoadMode::Full);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(r->event, 1u);
    EXPECT_EQ(cell(world->clans[0], "ClanBaseY"), 34u);
}

TEST(FirstInit, MissingEventGivesNoRecordsEmptyEventRunsWithNone) {
    MemoryFiles files = autoDemoFiles();
    files.add("MISSIONS/SCRIPTS/noinit.scr", PackageBuilder().event("init").handler(19, {224, 225, 226}).package());
    files.add("MISSIONS/SCRIPTS/empty.scr", PackageBuilder().event("Init").package());
    auto world = createSuperAis(std::vector<ClanSpec>{clan(0, "noinit", 5, 5), clan(1, "empty", 5, 5)}, files, {});
    ASSERT_TRUE(world.ok());
    auto missing = runFirstInit(*world, 0, LoadMode::Full);
    ASSERT_TRUE(missing.ok());
    EXPECT_FALSE(missing->found);
    EXPECT_FALSE(world->clans[0].initOneShot);
    EXPECT_EQ(cell(world->clans[0], "ClanBaseX"), 0u);
    auto empty = runFirstInit(*world, 1, LoadMode::Full);
    ASSERT_TRUE(empty.ok());
    EXPECT_TRUE(empty->found);
    EXPECT_TRUE(empty->applied);
    EXPECT_TRUE(empty->results.empty());
    EXPECT_TRUE(world->clans[1].initOneShot);
}

TEST(FirstInit, BusyGuardSkipsButSetsTheOneShotFlag) {
    const MemoryFiles files = autoDemoFiles();
    auto world = createSuperAis(std::vector<ClanSpec>{clan(0, "default", 9, 9)}, files, {});
    ASSERT_TRUE(world.ok());
    world->clans[0].busy = true;
    auto r = runFirstInit(*world, 0, LoadMode::Full);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->skippedBusy);
    EXPECT_FALSE(r->applied);
    EXPECT_TRUE(world->clans[0].initOneShot);
    EXPECT_EQ(cell(world->clans[0], "ClanBaseX"), 0u);
}

TEST(FirstInit, ReentryFromATargetCallIsSkipped) {
    MemoryFiles files = autoDemoFiles();
    files.add("MISSIONS/SCRIPTS/call.scr",
              PackageBuilder().event("Init").handler(15, {16, 18, 19, 18, 17, 20, 21, 22, 25}).package());
    auto world = createSuperAis(std::vector<ClanSpec>{clan(0, "call", 0, 0)}, files, {});
    ASSERT_TRUE(world.ok());
    test::FakeTargets targets;
    targets.result = 0;
    std::optional<InitReport> inner;
    targets.onInvoke = [&] { inner = runFirstInit(*world, 0, LoadMode::Full, &targets).value(); };
    auto outer = runFirstInit(*world, 0, LoadMode::Full, &targets);
    ASSERT_TRUE(outer.ok()) << outer.error().render();
    EXPECT_TRUE(outer->applied);
    ASSERT_TRUE(inner);
    EXPECT_TRUE(inner->skippedBusy);
    ASSERT_EQ(targets.calls.size(), 1u);
    EXPECT_EQ(world->clans[0].vm.flag, 0u);  // the call returned 0
    EXPECT_FALSE(world->clans[0].busy);
}

TEST(FirstInit, ResultsApplyOnlyAfterTheWholeEventSucceeds) {
    MemoryFiles files = autoDemoFiles();
    files.add(
        "MISSIONS/SCRIPTS/half.scr",
        PackageBuilder().event("Init").handler(19, {224, 225, 226}).handler(30, {12, 13}).handler(44, {1}).package());
    files.add("MISSIONS/SCRIPTS/bad.scr",
              PackageBuilder().event("Init").handler(19, {224, 225, 226}).handler(30, {12, 999}).package());
    const std::vector<ClanSpec> clans = {clan(0, "half", 100, 200), clan(1, "bad", 100, 200)};
    auto world = createSuperAis(clans, files, {});
    ASSERT_TRUE(world.ok());
    // Preview: Unsupported reported, every default kept, the outcome callback not delivered.
    auto preview = runFirstInit(*world, 0, LoadMode::Preview);
    ASSERT_TRUE(preview.ok());
    EXPECT_EQ(preview->unsupported, 1u);
    EXPECT_FALSE(preview->applied);
    EXPECT_EQ(cell(world->clans[0], "ClanBaseX"), 0u);
    EXPECT_EQ(world->outcome, MissionOutcome::Running);
    const Json j = initReportJson(*preview, *world);
    ASSERT_EQ(j["unsupported"].size(), 1u);
    EXPECT_EQ(j["unsupported"][0]["selector"], "Handler(44)");
    EXPECT_TRUE(j["cells_written"].empty());
    // Full: the same record is an error; still nothing applied.
    world->clans[0].initOneShot = false;
    auto full = runFirstInit(*world, 0, LoadMode::Full);
    ASSERT_FALSE(full.ok());
    EXPECT_EQ(full.error().code(), "ai.unsupported");
    EXPECT_EQ(full.error().find("record"), "2");
    EXPECT_EQ(cell(world->clans[0], "ClanBaseX"), 0u);
    EXPECT_FALSE(world->clans[0].busy);
    // An error in a later record (a reference past the varset) leaves the earlier H19 writes unapplied.
    auto bad = runFirstInit(*world, 1, LoadMode::Full);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "ai.ref_out_of_range");
    EXPECT_EQ(bad.error().find("record"), "1");
    EXPECT_EQ(cell(world->clans[1], "ClanBaseX"), 0u);
}

TEST(FirstInit, MissionCompleteReachesTheOutcomeUnlessAutoDemo) {
    MemoryFiles files = autoDemoFiles();
    files.add("MISSIONS/SCRIPTS/win.scr", PackageBuilder().event("Init").handler(30, {12, 13}).package());
    for (const bool demo : {false, true}) {
        StartOptions options;
        options.autoDemo = demo;
        auto world = createSuperAis(std::vector<ClanSpec>{clan(0, "win", 0, 0)}, files, options);
        ASSERT_TRUE(world.ok());
        auto r = runFirstInit(*world, 0, LoadMode::Full);
        ASSERT_TRUE(r.ok()) << r.error().render();
        EXPECT_EQ(world->outcome, demo ? MissionOutcome::Running : MissionOutcome::Completed);
        ASSERT_EQ(r->notes.size(), 1u);
        EXPECT_NE(r->notes[0].find(demo ? "suppressed" : "changed"), std::string::npos);
    }
}

}  // namespace
}  // namespace vestige::iron3d::ai
