// The entity world's core rules: slots and handles (engine ED_Alloc, CBaseEntityList serials), creation order,
// deferred removal with EntityRemoved/OnRemove once, spawn order, class registry, state hash.
#include <gtest/gtest.h>

#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

using test::load;
using test::room;

TEST(GameWorld, SlotsFollowTheEngine) {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    map.addEntity({{"classname", "info_target"}, {"targetname", "t"}});
    auto w = load(map);
    // 0 = worldspawn, 1 = the player slot (kept free), map entities from 2 in lump order.
    EXPECT_EQ(w->worldEntity().index, 0);
    EXPECT_EQ(w->worldEntity().className, "worldspawn");
    EXPECT_EQ(w->byIndex(1), nullptr);
    ASSERT_NE(w->byIndex(2), nullptr);
    EXPECT_EQ(w->byIndex(2)->className, "info_player_start");
    EXPECT_EQ(w->byIndex(3)->targetName, "t");
    Entity& p = w->addPlayer();
    EXPECT_EQ(p.index, 1);
    Entity& made = w->create("info_target");
    EXPECT_EQ(made.index, 4);
}

TEST(GameWorld, DeferredDeleteValidUntilTheEndOfTheTickAndOnRemoveOnce) {
    auto w = load(room());
    int removedHook = 0, onRemove = 0;
    struct Counting final : EntityClass {
        int* count;
        explicit Counting(int* c) : count(c) {}
        void onRemove(World&, Entity&) override { ++*count; }
    };
    w->hooks.entityRemoved = [&](World&, Entity& e) {
        ++removedHook;
        EXPECT_EQ(onRemove, 0) << "EntityRemoved fires before OnRemove";
        EXPECT_TRUE(e.markedForDeletion);
    };
    Entity& e = w->create("info_target");
    e.behaviour = std::make_unique<Counting>(&onRemove);
    w->spawn(e);
    const EntityHandle h = e.handle;
    w->remove(e);
    w->remove(e);  // a second Remove in the same tick does nothing
    EXPECT_EQ(removedHook, 1);
    EXPECT_EQ(onRemove, 1);
    ASSERT_NE(w->get(h), nullptr) << "valid until the end of the tick";
    EXPECT_TRUE(w->get(h)->markedForDeletion);
    w->step();  // freed at the end of this tick (and at the start: it was removed between ticks)
    EXPECT_EQ(w->get(h), nullptr);
    EXPECT_EQ(removedHook, 1);
    // In the map's first two seconds a freed slot is reused at once (ED_Alloc: freetime < 2), with a new serial;
    // the old handle stays dead.
    Entity& next = w->create("info_target");
    EXPECT_EQ(next.index, static_cast<int>(h.slot));
    EXPECT_EQ(next.handle.generation, h.generation + 1);
    EXPECT_EQ(w->get(h), nullptr);
    EXPECT_EQ(w->get(next.handle), &next);
}

TEST(GameWorld, RemovedInsideATickStaysUntilItsEnd) {
    auto w = load(room());
    Entity& a = w->create("info_target");
    w->spawn(a);
    const EntityHandle h = a.handle;
    bool seenMarked = false;
    w->hooks.tick = [&](World& world) {
        if (world.tick() == 1) {
            world.remove(*world.get(h));
            seenMarked = world.get(h) && world.get(h)->markedForDeletion;
        }
    };
    w->step();
    EXPECT_TRUE(seenMarked);
    EXPECT_EQ(w->get(h), nullptr);
}

TEST(GameWorld, FreedSlotsWaitASecondAfterTheFirstTwoSeconds) {
    // engine ED_Alloc: a slot freed at time t >= 2 s is not reused before t + EDICT_FREETIME (1 s).
    auto w = load(room());
    w->run(200);  // 3 s at 66.67 Hz
    Entity& a = w->create("info_target");
    const int slot = a.index;
    const EntityHandle h = a.handle;
    w->remove(a);
    w->step();
    Entity& b = w->create("info_target");
    EXPECT_NE(b.index, slot) << "freed " << w->curtime() << " s; too recent";
    w->run(67);  // > 1 s later
    Entity& c = w->create("info_target");
    EXPECT_EQ(c.index, slot);
    EXPECT_EQ(c.handle.generation, h.generation + 1);
}

TEST(GameWorld, IterationIsCreationOrderNotSlotOrder) {
    auto w = load(room());
    Entity& a = w->create("info_target");
    Entity& b = w->create("info_target");
    Entity& c = w->create("info_target");
    const int slotA = a.index;
    w->remove(a);
    w->step();
    Entity& d = w->create("info_target");  // reuses a's slot, but comes last
    EXPECT_EQ(d.index, slotA);
    std::vector<int> order;
    w->forEach([&](Entity& e) { order.push_back(e.index); });
    ASSERT_GE(order.size(), 3u);
    EXPECT_EQ(order[order.size() - 3], b.index);
    EXPECT_EQ(order[order.size() - 2], c.index);
    EXPECT_EQ(order.back(), d.index);
}

TEST(GameWorld, ParentsSpawnBeforeChildrenThenActivateInListOrder) {
    auto map = room();
    map.addEntity({{"classname", "spawn_probe"}, {"targetname", "child"}, {"parentname", "mom"}});
    map.addEntity({{"classname", "spawn_probe"}, {"targetname", "mom"}});
    std::vector<std::string> events;
    struct Probe final : EntityClass {
        std::vector<std::string>* log;
        explicit Probe(std::vector<std::string>* l) : log(l) {}
        void spawn(World&, Entity& e) override { log->push_back("spawn " + e.targetName); }
        void activate(World&, Entity& e) override { log->push_back("activate " + e.targetName); }
    };
    ClassRegistry classes = ClassRegistry::builtin();
    classes.add("spawn_probe", [&] { return std::make_unique<Probe>(&events); });
    auto bytes = map.write();
    auto parsed = bsp::readBsp(*bytes);
    auto models = MapModels::fromBsp(*parsed);
    ASSERT_TRUE(models.ok());
    World w(std::make_shared<const MapModels>(std::move(*models)), {}, std::move(classes));
    ASSERT_TRUE(w.loadEntities(parsed->entities).ok());
    const std::vector<std::string> expected = {"spawn mom", "spawn child", "activate child", "activate mom"};
    EXPECT_EQ(events, expected);
    EXPECT_EQ(w.get(test::named(w, "child")->parent), test::named(w, "mom"));
    EXPECT_TRUE(w.unimplementedClasses().empty());
}

TEST(GameWorld, UnknownClassesAreKeptInertAndCounted) {
    auto map = room();
    map.addEntity({{"classname", "env_fire"}, {"targetname", "fire"}, {"origin", "1 2 3"}});
    auto w = load(map);
    Entity* fire = test::named(*w, "fire");
    ASSERT_NE(fire, nullptr);
    EXPECT_EQ(fire->origin, (Vec3{1, 2, 3}));
    EXPECT_EQ(fire->keyValue("classname"), "env_fire");
    EXPECT_EQ(w->unimplementedClasses().at("env_fire"), 1);
}

TEST(GameWorld, LumpMustStartWithWorldspawn) {
    World w;
    std::vector<bsp::Entity> lump(1);
    lump[0].keys = {{"classname", "info_target"}};
    const Status st = w.loadEntities(lump);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "game.worldspawn");
}

// Regression guard (our own numbers): the same input gives the same per-tick hash; a different input does not.
TEST(GameWorld, StateHashIsReproducible) {
    auto make = [] {
        auto map = room();
        map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
        map.addEntity({{"classname", "logic_timer"}, {"RefireTime", "0.1"}, {"OnTimer", "c,Add,1,0,-1"}});
        map.addEntity({{"classname", "math_counter"}, {"targetname", "c"}});
        return load(map);
    };
    auto a = make(), b = make(), c = make();
    Entity& pa = a->addPlayer();
    Entity& pb = b->addPlayer();
    Entity& pc = c->addPlayer();
    for (int i = 0; i < 50; ++i) {
        a->setCommand(pa, test::cmd(200));
        b->setCommand(pb, test::cmd(200));
        c->setCommand(pc, test::cmd(i < 25 ? 200 : 0));
        a->step();
        b->step();
        c->step();
        ASSERT_EQ(a->stateHash(), b->stateHash()) << i;
    }
    EXPECT_NE(a->stateHash(), c->stateHash());
}

}  // namespace
}  // namespace vestige::source::game
