// The AI area inside a mission load (issue 21 "wiring into World3D"): the scripts/AI hook on the sample game root,
// with and without its script package, a broken package, the AI/BEHAVIOR chunks in the simulation hash, the AI
// tick as a runtime system and its trace lines.
#include "vestige/iron3d/mission/ai_system.hpp"

#include <gtest/gtest.h>

#include "memory_vfs.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/mission/sample.hpp"

namespace vestige::iron3d::mission {
namespace {

struct Game {
    test::MemoryVfs m;
    explicit Game(bool scripts) {
        auto g = sampleGame(0, 8, scripts);
        EXPECT_TRUE(g.ok()) << g.error().render();
        for (auto& [path, bytes] : g->files) m.files->put(path, bytes);
    }
    Result<LoadedMission> load(std::shared_ptr<AiSession> ai = nullptr) {
        LoadOptions o;
        if (ai) o.scripts = aiScriptsHook(std::move(ai));
        return loadMission(m.vfs, kSampleMission, o);
    }
};

Status runTicks(LoadedMission& m, int ticks) {
    for (int t = 0; t < ticks; ++t) VESTIGE_CHECK(m.runtime->tick());
    return {};
}

std::vector<std::string> rendered(const std::vector<Error>& errors) {
    std::vector<std::string> out;
    for (const auto& e : errors) out.push_back(e.render());
    return out;
}

TEST(MissionAi, AMissionWithoutScriptsLoadsAsBefore) {
    Game g(false);
    auto plain = g.load();
    ASSERT_TRUE(plain.ok()) << plain.error().render();
    auto ai = std::make_shared<AiSession>();
    auto hooked = g.load(ai);
    ASSERT_TRUE(hooked.ok()) << hooked.error().render();
    EXPECT_EQ(rendered(hooked->warnings), rendered(plain->warnings)) << "no new warnings or errors";
    EXPECT_EQ(hooked->counts.objects, plain->counts.objects);
    EXPECT_EQ(hooked->counts.failures, 0u);
    ASSERT_TRUE(ai->runtime);
    ASSERT_EQ(ai->runtime->ai.clans.size(), 2u) << "a SuperAI per clan even without a package";
    for (const auto& sa : ai->runtime->ai.clans) EXPECT_FALSE(sa.bundle);
    for (const auto& slot : ai->runtime->ai.slots) EXPECT_FALSE(slot) << "no GetSuperAI slot without a package";
    EXPECT_EQ(ai->runtime->ai.aiLog.size(), 2u) << "each missing package is logged, not an error";
    // The world itself is untouched by the AI: the section-14 hash is the same at load and after 60 ticks.
    EXPECT_EQ(hooked->runtime->world().stateHash(), plain->runtime->world().stateHash());
    ASSERT_TRUE(runTicks(*plain, 60).ok());
    ASSERT_TRUE(runTicks(*hooked, 60).ok());
    EXPECT_EQ(hooked->runtime->world().stateHash(), plain->runtime->world().stateHash());
    EXPECT_EQ(ai->ticks, 60u);
}

TEST(MissionAi, ScriptsRunTheFirstInitAndJoinTheSimulationHash) {
    Game g(true);
    auto plain = g.load();
    ASSERT_TRUE(plain.ok()) << plain.error().render();
    auto ai = std::make_shared<AiSession>();
    auto m = g.load(ai);
    ASSERT_TRUE(m.ok()) << m.error().render();
    const auto& world = ai->runtime->ai;
    ASSERT_EQ(world.clans.size(), 2u);
    // Handler(19) through the seed's chain from the sample TMA's anchors (4, 4) and (12, 12): DWORD cells.
    for (std::uint32_t c = 0; c < 2; ++c) {
        ASSERT_TRUE(world.clans[c].bundle) << c;
        EXPECT_EQ(*world.slots[c], c) << "GetSuperAI(n) is clan n";
        EXPECT_TRUE(ai->runtime->inits[c].applied);
        const auto& cells = world.clans[c].vm.cells;
        ASSERT_GT(cells.size(), 226u);
        EXPECT_EQ(cells[224], c ? 12u : 4u);
        EXPECT_EQ(cells[225], c ? 12u : 4u);
        EXPECT_EQ(cells[226], c);
    }
    // Object 0 (gen1.dat, class word 0x80000002, raw_after_resource 0) joins clan 0's distributor; its ore state.
    ASSERT_EQ(ai->runtime->behavior[0].distributor.rows().size(), 1u);
    EXPECT_EQ(ai->runtime->behavior[0].distributor.rows()[0].tmaIndex, 0u);
    EXPECT_TRUE(ai->runtime->behavior[1].distributor.rows().empty());
    EXPECT_EQ(ai->runtime->ore.size(), 1u);
    // First runs drew from the runtime's "ai" stream: 3 x 64 + 0..63 ms after queue time 0.
    for (const auto& b : ai->runtime->behavior) {
        EXPECT_GE(b.firstRun.deadline, 192u);
        EXPECT_LT(b.firstRun.deadline, 256u);
    }
    ASSERT_NE(m->runtime->rng().find("ai"), nullptr);
    EXPECT_EQ(m->runtime->rng().find("ai")->calls(), 2u);
    // The AI and BEHAVIOR chunks (and the ai stream) are in the simulation hash; the world hash is not touched.
    EXPECT_EQ(m->runtime->world().stateHash(), plain->runtime->world().stateHash());
    EXPECT_NE(m->runtime->simulationHash(), plain->runtime->simulationHash());
    ASSERT_TRUE(runTicks(*m, 60).ok());
    EXPECT_EQ(ai->ticks, 60u);
    EXPECT_EQ(ai->lastTick.checked, 1u) << "the member's Behavior prerequisites are checked every tick";
    EXPECT_EQ(ai->lastTick.transfers, 1u) << "clan 0's first run is due by queue time 944 ms";
}

TEST(MissionAi, ABrokenScriptPackageAbortsTheLoadAndPublishesNothing) {
    Game g(true);
    MissionHost host;
    auto ai = std::make_shared<AiSession>();
    LoadOptions o;
    o.scripts = aiScriptsHook(ai);
    ASSERT_TRUE(host.load(g.m.vfs, kSampleMission, o).ok());
    const auto before = host.current()->runtime->simulationHash();

    g.m.files->put(std::string(kSamplePackage), Bytes{'N', 'o', 't', 'S', 'c', 'r'});
    auto broken = std::make_shared<AiSession>();
    o.scripts = aiScriptsHook(broken);
    auto st = host.load(g.m.vfs, kSampleMission, o);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "bytes.eof") << "the header is cut inside event_count: " << st.error().render();
    const std::string text = st.error().render();
    EXPECT_NE(text.find("phase scripts"), std::string::npos) << text;
    EXPECT_NE(text.find("field event_count"), std::string::npos) << text;
    EXPECT_NE(text.find("MISSIONS/SCRIPTS/default.scr"), std::string::npos) << text;
    EXPECT_FALSE(broken->runtime) << "no AI state half-built";
    ASSERT_NE(host.current(), nullptr);
    EXPECT_EQ(host.current()->runtime->simulationHash(), before) << "the previous mission stays published";

    // A full load also refuses a package without its varset (the shared fallback is missing too).
    Game noVars(true);
    noVars.m.files->erase(std::string(kSampleVarSet));
    auto e = noVars.load(std::make_shared<AiSession>());
    ASSERT_FALSE(e.ok());
    EXPECT_NE(e.error().render().find("varset"), std::string::npos) << e.error().render();
}

// Regression guard, not evidence: the sample mission's simulation hash and trace with the AI are the same over two
// runs (our own output compared with itself; no number from the original is involved).
TEST(MissionAi, DemoMissionHashIsStableOverTwoRuns) {
    auto once = [](std::string& lines) {
        Game g(true);
        TraceSink trace([&lines](std::string_view l) { lines += std::string(l) + "\n"; });
        auto ai = std::make_shared<AiSession>();
        ai->trace = &trace;
        auto m = g.load(ai);
        EXPECT_TRUE(m.ok()) << m.error().render();
        m->runtime->setTrace(&trace);
        EXPECT_TRUE(runTicks(*m, 120).ok());
        return m->runtime->simulationHash();
    };
    std::string a, b;
    const auto first = once(a);
    EXPECT_EQ(once(b), first);
    EXPECT_EQ(a, b);
    EXPECT_NE(a.find(R"("event":"superai")"), std::string::npos);
    EXPECT_NE(a.find(R"("event":"init")"), std::string::npos);
    EXPECT_NE(a.find(R"("subsystem":"ai.handler")"), std::string::npos);
    EXPECT_NE(a.find(R"("subsystem":"behavior")"), std::string::npos);
}

}  // namespace
}  // namespace vestige::iron3d::mission
