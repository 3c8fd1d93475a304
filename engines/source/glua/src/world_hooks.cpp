// The entity world's hook points bound to the gamemode: each GameHooks member the session uses becomes
// hook.Call(name, GAMEMODE, ...) with GMod's arguments, and the Lua side of a tick (Think, Tick, timers) runs at the
// world's Tick point (after entity thinks, before the I/O queue), so CurTime and the world's tick agree.
#include <cmath>

#include "internal.hpp"
#include "lib/physobj.hpp"
#include "weapons.hpp"

namespace vestige::source::glua {

// Pushes hook.Call, the event name and GAMEMODE; false (nothing pushed) when there is no hook library.
bool pushHookCall(Runtime& rt, lua_State* L, const char* name) {
    lua_getglobal(L, "hook");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    lua_getfield(L, -1, "Call");
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    if (rt.options().gmodDir) countEngineHook(rt, name);
    lua_pushstring(L, name);
    lua_getglobal(L, "GAMEMODE");
    return true;
}

namespace {
// Calls the hook.Call pushed by pushHookCall with its `args`: a finite number back, else `fallback`.
float hookNumber(Runtime& rt, lua_State* L, int args, float fallback) {
    if (!rt.protectedCall(2 + args, 1)) return fallback;
    if (lua_type(L, -1) == LUA_TNUMBER && std::isfinite(lua_tonumber(L, -1)))
        fallback = static_cast<float>(lua_tonumber(L, -1));
    lua_pop(L, 1);
    return fallback;
}
}  // namespace

// hook.Call(name, GAMEMODE, ent) with no results kept.
void entityEvent(Runtime& rt, const char* name, const game::Entity& e) {
    lua_State* L = rt.state();
    if (!pushHookCall(rt, L, name)) return;
    pushEntity(rt, L, e.index);
    (void)rt.protectedCall(3, 0);
}

// ENT:<method>(...) of the entity's own table (a scripted entity's members), when it has one.
bool pushEntityMethod(Runtime& rt, lua_State* L, const game::Entity& e, const char* method) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityTablesRef);
    lua_rawgeti(L, -1, e.index);
    lua_remove(L, -2);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    lua_getfield(L, -1, method);
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    pushEntity(rt, L, e.index);
    return true;
}

namespace {

// The movement hooks' CUserCmd / CMoveData objects: one of each per runtime, pointed at the struct for the length of
// one hook call (a script that keeps one gets an error afterwards).
void pushBox(Runtime& rt, lua_State* L, void* p, bool move) {
    Runtime::Impl::MoveBoxes& b = implOf(rt).moveBoxes;
    int& ref = move ? b.moveRef : b.cmdRef;
    void*& box = move ? b.move : b.cmd;
    if (ref == LUA_NOREF) {
        box = pushBoxed(rt, L, p, move);
        lua_pushvalue(L, -1);
        ref = luaL_ref(L, LUA_REGISTRYINDEX);
        return;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    *static_cast<void**>(box) = p;
}

// hook.Call(name, GAMEMODE, ply, a, b) for the movement hooks: a and b are a CMoveData (move = true) or CUserCmd;
// returns whether the first result is true (Move / FinishMove: the engine's part is skipped).
bool moveEvent(Runtime& rt, const char* name, const game::Entity& p, void* a, bool aIsMove, void* b = nullptr) {
    lua_State* L = rt.state();
    if (!pushHookCall(rt, L, name)) return false;
    pushEntity(rt, L, p.index);
    int n = 3;
    pushBox(rt, L, a, aIsMove);
    ++n;
    if (b) {
        pushBox(rt, L, b, false);
        ++n;
    }
    bool result = false;
    if (rt.protectedCall(n, 1)) {
        result = lua_toboolean(L, -1) != 0;
        lua_pop(L, 1);
    }
    const auto& bx = implOf(rt).moveBoxes;
    clearBoxed(bx.cmd);
    clearBoxed(bx.move);
    return result;
}

}  // namespace

bool hookAllows(Runtime& rt, const char* name, const game::Entity& a, const game::Entity& b) {
    lua_State* L = rt.state();
    if (!pushHookCall(rt, L, name)) return true;
    pushEntity(rt, L, a.index);
    pushEntity(rt, L, b.index);
    bool allow = true;
    if (rt.protectedCall(4, 1)) {
        allow = !(lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1));  // only false refuses
        lua_pop(L, 1);
    }
    return allow;
}

// A gamemode (or hook) function is there for `name`: GAMEMODE[name] is a function.
bool gamemodeHas(lua_State* L, const char* name) {
    lua_getglobal(L, "GAMEMODE");
    bool has = false;
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, name);
        has = lua_isfunction(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return has;
}

void addPlayerOnce(Runtime& rt) {
    auto& impl = implOf(rt);
    if (impl.playerAdded) return;
    impl.playerAdded = true;
    game::World& world = rt.world();
    if (world.players() == 0) {
        game::Entity& p = world.addPlayer();
        p.model = "models/player/kleiner.mdl";  // GMod's model for a player no PlayerSetModel changed
    }
}

game::Entity& Runtime::joinPlayer() {
    addPlayerOnce(*this);
    game::Entity* p = world().player(1);
    return p ? *p : world().addPlayer();  // the world's own player was removed: a new one
}

void bindWorld(Runtime& rt) {
    game::World& world = rt.world();
    game::GameHooks& hooks = world.hooks;
    Runtime* r = &rt;
    hooks.tick = [r](game::World&) {
        auto& impl = implOf(*r);
        r->callHook(impl.thinkEvent);
        r->callHook(impl.tickEvent);
        runTimers(*r, r->state());
    };
    // UTIL_Remove: GM:EntityRemoved, then ENT:OnRemove, once, at the Remove call (the entity stays valid).
    hooks.entityRemoved = [r](game::World&, game::Entity& e) {
        entityEvent(*r, "EntityRemoved", e);
        lua_State* L = r->state();
        if (pushEntityMethod(*r, L, e, "OnRemove")) (void)r->protectedCall(1, 0);
    };
    hooks.entityFreed = [r](game::World&, EntityHandle h) { forgetEntity(*r, r->state(), static_cast<int>(h.slot)); };
    hooks.playerInitialSpawn = [r](game::World&, game::Entity& p) { entityEvent(*r, "PlayerInitialSpawn", p); };
    hooks.playerSpawn = [r](game::World&, game::Entity& p) { entityEvent(*r, "PlayerSpawn", p); };
    // The base gamemode's PlayerSpawn calls PlayerLoadout itself (gamemodes/base/gamemode/player.lua).
    hooks.playerLoadout = [](game::World&, game::Entity&) {};
    // CPlayerMove::RunCommand's hook points (GMod's order: StartCommand, SetupMove, PlayerTick, Move, FinishMove).
    hooks.startCommand = [r](game::World& world, game::Entity& p, game::UserCmd& cmd) {
        (void)moveEvent(*r, "StartCommand", p, &cmd, false);
        // CPlayerMove::RunCommand: the command's weapon selection (CUserCmd:SelectWeapon, the client's weapon
        // menu) switches to that weapon when the player carries it; anything else is ignored, as the SDK's
        // dynamic_cast to a weapon is.
        if (cmd.weaponSelect > 0)
            if (game::Entity* w = world.byIndex(cmd.weaponSelect); w && w->owner == p.handle && weaponStateOf(*r, *w))
                switchToWeapon(*r, p, w);
    };
    hooks.setupMove = [r](game::World&, game::Entity& p, game::MoveData& mv, const game::UserCmd& cmd) {
        (void)moveEvent(*r, "SetupMove", p, &mv, true, const_cast<game::UserCmd*>(&cmd));
    };
    hooks.playerTick = [r](game::World&, game::Entity& p, game::MoveData& mv) {
        (void)moveEvent(*r, "PlayerTick", p, &mv, true);
    };
    hooks.move = [r](game::World&, game::Entity& p, game::MoveData& mv) { return moveEvent(*r, "Move", p, &mv, true); };
    hooks.finishMove = [r](game::World&, game::Entity& p, game::MoveData& mv) {
        return moveEvent(*r, "FinishMove", p, &mv, true);
    };
    // GM:GetFallDamage(ply, speed): the gamemode's number; without one (no such function, or no number back) the
    // base gamemode's rule in C++.
    hooks.getFallDamage = [r](game::World& w, game::Entity& p, float speed) {
        lua_State* L = r->state();
        float damage = game::baseGamemodeFallDamage(speed, w.options().realisticFallDamage);
        if (!pushHookCall(*r, L, "GetFallDamage")) return damage;
        pushEntity(*r, L, p.index);
        lua_pushnumber(L, speed);
        return hookNumber(*r, L, 2, damage);
    };
    // GM:PlayerStepSoundTime(ply, type, walking): the gamemode's milliseconds; no number back: the base rule in C++.
    hooks.playerStepSoundTime = [r](game::World&, game::Entity& p, game::StepSoundTime type, bool walking) {
        lua_State* L = r->state();
        float ms = game::baseGamemodeStepSoundTime(p.player->maxSpeed, type, p.player->move.ducked);
        if (!pushHookCall(*r, L, "PlayerStepSoundTime")) return ms;
        pushEntity(*r, L, p.index);
        lua_pushinteger(L, static_cast<int>(type));
        lua_pushboolean(L, walking);
        return hookNumber(*r, L, 3, ms);
    };
    // GM:PlayerFootstep(ply, pos, foot, sound, volume, filter): true silences the step. The filter is nil (no
    // recipient filters yet); the base gamemode silences a dead player's steps.
    hooks.playerFootstep = [r](game::World&, game::Entity& p, Vec3 pos, int foot, const std::string& sound,
                               float volume) {
        lua_State* L = r->state();
        if (!pushHookCall(*r, L, "PlayerFootstep")) return !p.alive;
        pushEntity(*r, L, p.index);
        pushVector(*r, L, pos);
        lua_pushinteger(L, foot);
        lua_pushstring(L, sound.c_str());
        lua_pushnumber(L, volume);
        lua_pushnil(L);
        bool silenced = false;
        if (r->protectedCall(8, 1)) {
            silenced = lua_toboolean(L, -1) != 0;
            lua_pop(L, 1);
        }
        return silenced;
    };
    hooks.playerDeath = [r](game::World& w, game::Entity& p, game::Entity* inflictor, game::Entity* attacker) {
        // GMod drops the active weapon at death when ShouldDropWeapon(true) was set, with a throw Vestige has no
        // number for yet; nothing drops here, so the death shows in the report instead of passing for GMod's.
        if (p.player && p.player->dropWeaponOnDeath && w.get(arsenalOf(*r, p).active))
            countStandIn(implOf(*r), "Player:ShouldDropWeapon (the weapon is not dropped at death)");
        lua_State* L = r->state();
        if (!pushHookCall(*r, L, "PlayerDeath")) return;
        pushEntity(*r, L, p.index);
        pushEntity(*r, L, inflictor ? inflictor->index : -1);
        pushEntity(*r, L, attacker ? attacker->index : -1);
        (void)r->protectedCall(5, 0);
    };
    // GM:PlayerDeathThink respawns through Player:Spawn when the gamemode has one; else the base rule in C++.
    hooks.playerDeathThink = [r](game::World& w, game::Entity& p) {
        if (gamemodeHas(r->state(), "PlayerDeathThink")) {
            entityEvent(*r, "PlayerDeathThink", p);
            return;
        }
        const game::PlayerData& pd = *p.player;
        if (!(pd.nextSpawnTime > w.curtime()) &&
            (pd.keyPressed(game::in::kAttack) || pd.keyPressed(game::in::kAttack2) || pd.keyPressed(game::in::kJump)))
            w.spawnPlayer(p);
    };
    hooks.playerUse = [r](game::World&, game::Entity& p, game::Entity& used) {
        return hookAllows(*r, "PlayerUse", p, used);
    };
    bindEntityIo(rt);
    // ENT:StartTouch / Touch / EndTouch(other) of a scripted entity touched by a player.
    hooks.entityTouch = [r](game::World&, game::Entity& self, game::Entity& other, game::TouchPhase phase) {
        static constexpr const char* kMethods[] = {"StartTouch", "Touch", "EndTouch"};
        if (phase != game::TouchPhase::End && isWeaponSlot(implOf(*r), self.index)) touchDroppedWeapon(*r, self, other);
        lua_State* L = r->state();
        if (!pushEntityMethod(*r, L, self, kMethods[static_cast<int>(phase)])) return;
        pushEntity(*r, L, other.index);
        (void)r->protectedCall(2, 0);
    };
    bindDamage(rt);
    bindPhysics(rt);
    bindMotionControllers(rt);
}

}  // namespace vestige::source::glua
