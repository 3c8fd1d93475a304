// The client realm's frame (runtime.hpp, client realm): the local player mirrored from the server's world, the
// frame's hooks and the HUD pass. Nothing here runs in the server realm.
#include "lib/surface.hpp"
#include "weapons.hpp"

namespace vestige::source::glua {
namespace {

// Base HUD elements the engine asks HUDShouldDraw about (wiki: HUD_Element_List), in the order they draw.
constexpr const char* kHudElements[] = {"CHudHealth", "CHudBattery", "CHudAmmo", "CHudSecondaryAmmo", "CHudCrosshair"};

// The mirror of the server's active weapon in this realm's world: one entity of the same class, its state copied.
void mirrorWeapon(Runtime& client, Runtime& server, game::Entity& local, const game::Entity& serverPlayer) {
    auto& impl = implOf(client);
    PlayerArsenal& mine = weaponsOf(client).arsenals[local.index];
    const PlayerArsenal& theirs = weaponsOf(server).arsenals[serverPlayer.index];
    mine.ammo = theirs.ammo;
    const game::Entity* active = server.world().get(theirs.active);
    if (!active || active->markedForDeletion) {
        mine.active = {};
        return;
    }
    game::World& world = client.world();
    game::Entity* w = world.get(impl.localWeapon);
    if (!w || w->className != active->className) {
        if (w) world.remove(*w);
        w = &world.create(active->className);
        impl.localWeapon = w->handle;
        mine.weapons = {w->handle};
    }
    w->owner = local.handle;
    w->origin = active->origin;
    if (auto it = weaponsOf(server).weapons.find(active->index); it != weaponsOf(server).weapons.end())
        weaponsOf(client).weapons[w->index] = it->second;
    mine.active = w->handle;
}

}  // namespace

const std::vector<std::string>& Runtime::clientLuaFiles() const { return mImpl->clientLuaFiles; }
bool Runtime::sentToClient(std::string_view virtualPath) const {
    return mImpl->clientLuaSet.count(std::string(virtualPath)) > 0;
}

void Runtime::updateLocalPlayer(Runtime& server) {
    const game::Entity* sp = server.world().player(1);
    if (mOptions.realm != Realm::Client || !sp || !sp->player) return;
    game::World& world = this->world();
    game::Entity* p = world.player(1);
    if (!p) p = &world.addPlayer();
    p->origin = sp->origin;
    p->angles = sp->angles;
    p->velocity = sp->velocity;
    p->mins = sp->mins;
    p->maxs = sp->maxs;
    p->health = sp->health;
    p->maxHealth = sp->maxHealth;
    p->armor = sp->armor;
    p->maxArmor = sp->maxArmor;
    p->alive = sp->alive;
    p->model = sp->model;
    p->moveType = sp->moveType;
    p->player->eyeAngles = sp->player->eyeAngles;
    p->player->move.viewOffsetZ = sp->player->move.viewOffsetZ;
    p->player->team = sp->player->team;
    p->player->frags = sp->player->frags;
    p->player->deaths = sp->player->deaths;
    p->player->initialSpawnDone = sp->player->initialSpawnDone;
    mirrorWeapon(*this, server, *p, *sp);
}

void Runtime::frame() {
    auto& impl = *mImpl;
    if (mOptions.realm != Realm::Client) return;
    impl.clock.advance();
    // GMod's client runs InitPostEntity once the entities it was sent exist: here, the first frame with a player.
    if (!impl.clientEntitiesReady && world().player(1)) {
        impl.clientEntitiesReady = true;
        callHook("InitPostEntity");
    }
    callHook(impl.thinkEvent);
    callHook(impl.tickEvent);
    runTimers(*this, mL);
    resetStack(*this);
}

void Runtime::replicateNetworkedVars(Runtime& server) {
    if (mOptions.realm != Realm::Client) return;
    // The entities this client has: the world (GetGlobal* live on it in GMod) and the local player.
    for (const int index : {0, 1}) copyNetworkedVars(server, *this, index);
    resetStack(*this);
}

bool Runtime::playerBindPress(std::string_view bind, int code) {
    if (mOptions.realm != Realm::Client || !pushHookCall(*this, mL, "PlayerBindPress")) return false;
    pushEntity(*this, mL, 1);
    lua_pushlstring(mL, bind.data(), bind.size());
    lua_pushboolean(mL, 1);  // always true in GMod (the wiki's issue 1176): the hook runs on presses only
    lua_pushinteger(mL, code);
    bool blocked = false;
    if (protectedCall(6, 1)) {
        blocked = lua_toboolean(mL, -1) != 0;
        lua_pop(mL, 1);
    }
    resetStack(*this);
    return blocked;
}

void Runtime::createMove(game::UserCmd& cmd) {
    if (mOptions.realm != Realm::Client || !pushHookCall(*this, mL, "CreateMove")) return;
    void* box = pushBoxed(*this, mL, &cmd, false);
    (void)protectedCall(3, 0);  // an error is recorded; the command goes out as it is
    clearBoxed(box);            // the CUserCmd is dead after the hook, as GMod's is
    resetStack(*this);
}

void Runtime::paintHud(scene::DrawList2D& out) {
    out.clear();
    if (mOptions.realm != Realm::Client) return;
    auto& impl = *mImpl;
    Surface& s = surfaceOf(*this);
    s.list = &out;
    callHook("PreDrawHUD");
    for (const char* element : kHudElements) {
        // hook.Call("HUDShouldDraw", GAMEMODE, name): only false hides an element.
        bool shown = true;
        if (pushHookCall(*this, mL, "HUDShouldDraw")) {
            lua_pushstring(mL, element);
            if (protectedCall(3, 1)) {
                shown = !(lua_isboolean(mL, -1) && !lua_toboolean(mL, -1));
                lua_pop(mL, 1);
            }
        }
        impl.hudElements[element] = shown;
    }
    callHook("HUDPaint");
    s.list = nullptr;
    resetStack(*this);
}

const std::map<std::string, bool>& Runtime::hudElements() const { return mImpl->hudElements; }
const std::vector<std::string>& Runtime::fontNotes() const {
    static const std::vector<std::string> kNone;
    return mImpl->surface ? mImpl->surface->notes : kNone;
}
std::uint64_t Runtime::surfaceCallsOutsidePaint() const { return mImpl->surface ? mImpl->surface->outsidePaint : 0; }

}  // namespace vestige::source::glua
