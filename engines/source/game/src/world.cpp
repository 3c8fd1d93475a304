// The entity world: slots and handles, creation, keys, spawn order, deferred removal, lookup, state hash.
#include "vestige/source/game/world.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/game/keys.hpp"

namespace vestige::source::game {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// CBaseEntity's own outputs (DEFINE_OUTPUT in baseentity.cpp).
constexpr std::string_view kBaseOutputs[] = {"OnUser1", "OnUser2", "OnUser3", "OnUser4"};

void hashBytes(std::uint64_t& h, const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
}
template <class T>
void hashValue(std::uint64_t& h, const T& v) {
    hashBytes(h, &v, sizeof v);
}
void hashVec(std::uint64_t& h, Vec3 v) {
    hashValue(h, v.x);
    hashValue(h, v.y);
    hashValue(h, v.z);
}
void hashText(std::uint64_t& h, std::string_view s) {
    const std::uint64_t n = s.size();
    hashValue(h, n);
    hashBytes(h, s.data(), s.size());
}

}  // namespace

// ---- ClassRegistry -------------------------------------------------------------------------------------------

void ClassRegistry::add(std::string name, Factory factory) { mFactories[lower(name)] = std::move(factory); }

std::unique_ptr<EntityClass> ClassRegistry::create(std::string_view name) const {
    const auto it = mFactories.find(lower(name));
    if (it != mFactories.end()) return it->second();
    return mFallback ? mFallback(name) : nullptr;
}

bool ClassRegistry::has(std::string_view name) const { return mFactories.count(lower(name)) > 0; }

std::vector<std::string> ClassRegistry::names() const {
    std::vector<std::string> out;
    for (const auto& [name, f] : mFactories) out.push_back(name);
    return out;
}

// ---- Entity ----------------------------------------------------------------------------------------------------

Entity::Entity() = default;
Entity::~Entity() = default;

std::string_view Entity::keyValue(std::string_view key) const {
    for (auto it = keyValues.rbegin(); it != keyValues.rend(); ++it)
        if (iequals(it->first, key)) return it->second;
    return {};
}

Output* Entity::findOutput(std::string_view name) {
    for (Output& o : outputs)
        if (iequals(o.name, name)) return &o;
    return nullptr;
}

const Output* Entity::findOutput(std::string_view name) const {
    for (const Output& o : outputs)
        if (iequals(o.name, name)) return &o;
    return nullptr;
}

// ---- World: slots --------------------------------------------------------------------------------------------

World::World(std::shared_ptr<const MapModels> map, WorldOptions options, ClassRegistry classes)
    : mOptions(std::move(options)), mMap(std::move(map)), mClasses(std::move(classes)), mRng(mOptions.seed) {
    mInterval = static_cast<float>(1.0 / mOptions.tickRate);
    mUniformRandom.setSeed(static_cast<int>(mRng.stream("uniform_random").next() & 0x7fffffff));
    createPhysics();
}

World::~World() = default;

Entity& World::allocate(std::string_view className, std::optional<std::uint32_t> slot) {
    auto owned = std::make_unique<Entity>();
    Entity* e = owned.get();
    Handle h;
    if (slot) {
        h = mPool.insertAt(*slot, std::move(owned));
    } else {
        // ED_Alloc: the lowest free edict above the player slots, unless it was freed less than EDICT_FREETIME
        // ago (slots freed in the first 2 seconds of the map are reused at once).
        const auto reserved = static_cast<std::uint32_t>(mOptions.maxPlayers);
        const float now = curtime();
        h = mPool.insertLowest(std::move(owned), [&](std::uint32_t s) {
            if (s <= reserved) return false;
            if (s >= mFreeTime.size()) return true;
            const float freed = mFreeTime[s];
            return freed < 2.0f || now - freed >= mOptions.edictFreeTime;
        });
    }
    e->handle = h;
    e->index = static_cast<int>(h.slot);
    e->creationSeq = ++mCreationSeq;
    e->className = std::string(className);
    e->outputs.reserve(std::size(kBaseOutputs));
    for (std::string_view o : kBaseOutputs) e->outputs.push_back(Output{std::string(o), {}});
    mOrder.push_back(h);
    return *e;
}

Entity& World::create(std::string_view className) {
    Entity& e = allocate(className, std::nullopt);
    e.behaviour = mClasses.create(className);
    if (!e.behaviour) {
        // Kept as an entity (its keys, name and outputs work); counted so a report shows what has no behaviour.
        e.behaviour = std::make_unique<EntityClass>();
        ++mUnimplemented[lower(className)];
    }
    for (std::string_view o : e.behaviour->outputs()) e.outputs.push_back(Output{std::string(o), {}});
    if (hooks.onEntityCreated) hooks.onEntityCreated(*this, e);
    return e;
}

Entity& World::addPlayer() {
    std::uint32_t slot = 1;
    while (slot <= static_cast<std::uint32_t>(mOptions.maxPlayers) && !mPool.handleAt(slot).isNull()) ++slot;
    Entity& e = allocate("player", slot);
    e.behaviour = mClasses.create("player");
    if (!e.behaviour) e.behaviour = std::make_unique<EntityClass>();
    e.player = std::make_unique<PlayerData>();
    e.player->values = mOptions.playerClass;
    PlayerData& pd = *e.player;
    pd.hullMins = mOptions.move.hullMins;
    pd.hullMaxs = mOptions.move.hullMaxs;
    pd.duckHullMins = mOptions.move.duckHullMins;
    pd.duckHullMaxs = mOptions.move.duckHullMaxs;
    pd.viewOffset = {0, 0, mOptions.move.viewHeight};
    pd.viewOffsetDucked = {0, 0, mOptions.move.duckViewHeight};
    pd.ladderSpeed = mOptions.move.ladderSpeed;
    e.alive = false;  // spawns on its first tick
    e.mins = pd.hullMins;
    e.maxs = pd.hullMaxs;
    return e;
}

int World::players() const {
    int n = 0;
    mPool.forEach([&](Handle, const std::unique_ptr<Entity>& e) { n += e && e->player ? 1 : 0; });
    return n;
}

Entity* World::get(EntityHandle h) {
    auto* p = mPool.get(h);
    return p ? p->get() : nullptr;
}

const Entity* World::get(EntityHandle h) const {
    const auto* p = mPool.get(h);
    return p ? p->get() : nullptr;
}

Entity* World::byIndex(int index) {
    if (index < 0) return nullptr;
    return get(mPool.handleAt(static_cast<std::uint32_t>(index)));
}

Entity& World::worldEntity() {
    Entity* w = byIndex(0);
    if (!w) {
        Entity& e = allocate("worldspawn", 0u);
        e.behaviour = std::make_unique<EntityClass>();
        e.solid = Solid::Bsp;
        if (!mWorldBody.isNull()) e.physicsObjects.push_back(mWorldBody);
        if (mMap) {
            const Aabb b = mMap->world().bounds();
            if (!b.isEmpty()) {
                e.mins = b.min;
                e.maxs = b.max;
            }
        }
        return e;
    }
    return *w;
}

// ---- keys ------------------------------------------------------------------------------------------------------

void World::setKeyValue(Entity& e, std::string_view key, std::string_view value) {
    std::string hooked;
    bool suppressed = false;
    if (hooks.keyValue) {
        hooked.assign(value);
        const bool fromMap = std::exchange(mLoadingLump, false);  // a SetKeyValue inside the hook is not the map's
        suppressed = hooks.keyValue(*this, e, key, hooked, fromMap);
        mLoadingLump = fromMap;
        value = hooked;
    }
    e.keyValues.emplace_back(std::string(key), std::string(value));
    if (suppressed) return;  // recorded, not applied
    if (iequals(key, "classname")) {
        e.className = std::string(value);
    } else if (iequals(key, "targetname")) {
        e.targetName = std::string(value);
        mNamesDirty = true;
    } else if (iequals(key, "target")) {
        e.target = std::string(value);
    } else if (iequals(key, "parentname")) {
        e.parentName = std::string(value);
    } else if (iequals(key, "origin")) {
        std::array<float, 3> v{};
        if (scanFloats(value, v) == 3 && isFinite(Vec3{v[0], v[1], v[2]})) e.origin = {v[0], v[1], v[2]};
    } else if (iequals(key, "angles")) {
        std::array<float, 3> v{};
        if (scanFloats(value, v) == 3 && isFinite(Vec3{v[0], v[1], v[2]})) e.angles = {v[0], v[1], v[2]};
    } else if (iequals(key, "angle")) {
        if (const auto y = base::keyFloat(value)) {
            if (*y >= 0)
                e.angles.y = *y;
            else if (static_cast<int>(*y) == -1)
                e.angles = {-90, 0, 0};
            else
                e.angles = {90, 0, 0};
        }
    } else if (iequals(key, "model")) {
        e.model = std::string(value);
        const auto n = base::brushModelIndex(value);
        e.brushModel = (n && mMap && *n > 0 && *n < mMap->modelCount()) ? static_cast<int>(*n) : -1;
    } else if (iequals(key, "spawnflags")) {
        e.spawnFlags = static_cast<int>(std::strtol(std::string(value).c_str(), nullptr, 10));
    } else if (iequals(key, "health")) {
        e.health = static_cast<int>(std::strtol(std::string(value).c_str(), nullptr, 10));
    } else if (iequals(key, "max_health")) {
        e.maxHealth = static_cast<int>(std::strtol(std::string(value).c_str(), nullptr, 10));
    } else if (iequals(key, "gravity")) {
        e.gravity = scanFloat(value).value_or(0.0f);
    } else if (iequals(key, "rendercolor")) {
        std::array<float, 3> c{};
        if (scanFloats(value, c) == 3)
            for (int k = 0; k < 3; ++k) e.renderColor[k] = static_cast<std::uint8_t>(static_cast<int>(c[k]));
    } else if (iequals(key, "renderamt")) {
        e.renderColor[3] = static_cast<std::uint8_t>(std::strtol(std::string(value).c_str(), nullptr, 10));
    } else if (e.findOutput(key)) {
        addOutputAction(e, key, value);
        return;
    }
    if (e.behaviour) e.behaviour->keyValue(*this, e, key, value);
}

void World::addOutputAction(Entity& e, std::string_view output, std::string_view actionText) {
    Output* o = e.findOutput(output);
    if (!o) {
        Error err("game.io_output", "the entity has no such output; the connection is ignored");
        err.entry(e.className).field(std::string(output)).actual(std::string(actionText));
        warn(std::move(err));
        return;
    }
    EventAction a = parseEventAction(actionText);
    a.id = ++mNextActionId;
    // CBaseEntityOutput::AddEventAction puts the new action at the head of the list.
    o->actions.insert(o->actions.begin(), std::move(a));
}

// ---- spawning --------------------------------------------------------------------------------------------------

void World::finishSpawn(Entity& e) {
    if (e.brushModel > 0 && mMap) {
        const Aabb b = mMap->modelBounds(static_cast<std::size_t>(e.brushModel));
        e.mins = b.min;
        e.maxs = b.max;
    }
    if (!e.parentName.empty() && e.parent.isNull()) {
        const auto parents = findByName(e.parentName);
        if (!parents.empty() && parents.front() != e.handle) e.parent = parents.front();
    }
    e.behaviour->spawn(*this, e);
    e.touched();
    invalidateScene();
}

void World::spawn(Entity& e) {
    finishSpawn(e);
    if (mRunning && !e.markedForDeletion) e.behaviour->activate(*this, e);
}

Status World::loadEntities(std::span<const bsp::Entity> lump) {
    if (lump.empty() || !iequals(lump.front().className(), "worldspawn")) {
        Error err("game.worldspawn", "the entity lump does not start with worldspawn");
        err.field("classname").expected("worldspawn");
        if (!lump.empty()) err.record(0).at(lump.front().offset).actual(std::string(lump.front().className()));
        return err;
    }
    Entity& world = worldEntity();
    for (const auto& [key, value] : lump.front().keys) world.keyValues.emplace_back(key, value);

    std::vector<EntityHandle> spawned;
    for (std::size_t i = 1; i < lump.size(); ++i) {
        const bsp::Entity& le = lump[i];
        Entity& e = create(le.className());
        mLoadingLump = true;
        for (const auto& [key, value] : le.keys) setKeyValue(e, key, value);
        mLoadingLump = false;
        // The engine's own angle/origin rules (keys.hpp) over the whole block, with warnings for bad numbers.
        e.origin = entityOrigin(le, &mWarnings);
        e.angles = entityAngles(le, &mWarnings);
        if (const auto n = base::brushModelIndex(le.value("model")); n && e.brushModel < 0) {
            Error err("game.entity_model", "brush model number is not in the MODELS lump");
            err.field("model").at(le.offset).record(i).actual(std::string(le.value("model")));
            warn(std::move(err));
        }
        spawned.push_back(e.handle);
    }
    // SpawnHierarchicalList: parents before their children, otherwise lump order.
    const auto depth = [&](EntityHandle h) {
        int d = 0;
        const Entity* e = get(h);
        while (e && !e->parentName.empty() && d < 16) {
            const auto p = findByName(e->parentName);
            if (p.empty() || p.front() == e->handle) break;
            e = get(p.front());
            ++d;
        }
        return d;
    };
    std::vector<std::pair<int, EntityHandle>> ordered;
    for (EntityHandle h : spawned) ordered.emplace_back(depth(h), h);
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [d, h] : ordered)
        if (Entity* e = get(h); e && !e->markedForDeletion) finishSpawn(*e);
    // ServerActivate: Activate for every entity in list order.
    forEach([&](Entity& e) {
        if (!e.markedForDeletion && e.behaviour) e.behaviour->activate(*this, e);
    });
    mRunning = true;
    return {};
}

Result<std::unique_ptr<World>> World::fromBsp(const bsp::Bsp& map, WorldOptions options) {
    VESTIGE_TRY(MapModels models, MapModels::fromBsp(map));
    auto world = std::make_unique<World>(std::make_shared<const MapModels>(std::move(models)), std::move(options));
    VESTIGE_CHECK(world->loadEntities(map.entities));
    return world;
}

// ---- removal ---------------------------------------------------------------------------------------------------

void World::remove(Entity& e) {
    if (e.markedForDeletion || e.index == 0) return;  // once; the world is never removed
    e.markedForDeletion = true;
    e.touched();
    invalidateScene();
    // UpdateOnRemove: GMod's EntityRemoved, then the entity's own OnRemove.
    if (hooks.entityRemoved) hooks.entityRemoved(*this, e);
    if (e.behaviour) e.behaviour->onRemove(*this, e);
    physicsDestroy(e);  // UpdateOnRemove -> VPhysicsDestroyObject
    mRemoved.push_back(e.handle);
    // GMod's DeleteOnRemove list, in the order it was built; each removal runs the same rules (and its own list).
    const std::vector<EntityHandle> doomed = std::move(e.deleteOnRemove);
    e.deleteOnRemove.clear();
    for (EntityHandle h : doomed)
        if (Entity* other = get(h)) remove(*other);
}

void World::removeHierarchy(Entity& e) {
    std::vector<EntityHandle> children;
    forEach([&](Entity& c) {
        if (c.parent == e.handle) children.push_back(c.handle);
    });
    for (EntityHandle c : children)
        if (Entity* ce = get(c)) removeHierarchy(*ce);
    remove(e);
}

void World::freeRemoved() {
    if (mRemoved.empty()) return;
    std::vector<EntityHandle> removed;
    removed.swap(mRemoved);
    for (EntityHandle h : removed) {
        if (!get(h)) continue;
        if (mFreeTime.size() <= h.slot) mFreeTime.resize(h.slot + 1, 0.0f);
        mFreeTime[h.slot] = curtime();
        if (Entity* e = get(h)) physicsDestroy(*e);
        mPool.remove(h);
        if (hooks.entityFreed) hooks.entityFreed(*this, h);
    }
    std::erase_if(mOrder, [&](EntityHandle h) { return get(h) == nullptr; });
    invalidateScene();
    mNamesDirty = true;
}

// ---- lookup ----------------------------------------------------------------------------------------------------

void World::setName(Entity& e, std::string name) {
    e.targetName = std::move(name);
    e.touched();
    mNamesDirty = true;
}

std::vector<EntityHandle> World::findByName(std::string_view name, EntityHandle searching, EntityHandle activator,
                                            EntityHandle caller) {
    std::vector<EntityHandle> out;
    if (name.empty()) return out;
    if (name[0] == '!') {
        // FindEntityProcedural: one match per procedural name.
        EntityHandle h;
        const std::string_view p = name.substr(1);
        if (p == "activator")
            h = activator;
        else if (p == "caller")
            h = caller;
        else if (p == "self")
            h = searching;
        else if (p == "player" || p == "pvsplayer" || p == "picker")
            if (Entity* pl = byIndex(1)) h = pl->handle;
        if (get(h)) out.push_back(h);
        return out;
    }
    if (name.find('*') == std::string_view::npos) {
        // Without a wildcard NamesMatch is an ASCII case-insensitive equality: look it up (creation order kept).
        if (mNamesDirty) {
            mNames.clear();
            forEach([&](Entity& e) {
                if (!e.targetName.empty()) mNames[lower(e.targetName)].push_back(e.handle);
            });
            mNamesDirty = false;
        }
        const auto it = mNames.find(lower(name));
        if (it != mNames.end())
            for (EntityHandle h : it->second)
                if (get(h)) out.push_back(h);
        return out;
    }
    forEach([&](Entity& e) {
        if (!e.targetName.empty() && namesMatch(name, e.targetName)) out.push_back(e.handle);
    });
    return out;
}

std::vector<EntityHandle> World::findByClass(std::string_view className) {
    std::vector<EntityHandle> out;
    forEach([&](Entity& e) {
        if (namesMatch(className, e.className)) out.push_back(e.handle);
    });
    return out;
}

// ---- state hash ------------------------------------------------------------------------------------------------

std::uint64_t World::stateHash() const {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    hashValue(h, mTick);
    for (EntityHandle eh : mOrder) {
        const Entity* e = get(eh);
        if (!e) continue;
        hashValue(h, eh.slot);
        hashValue(h, eh.generation);
        hashText(h, e->className);
        hashText(h, e->targetName);
        hashVec(h, e->origin);
        hashVec(h, e->angles);
        hashVec(h, e->velocity);
        hashValue(h, e->health);
        hashValue(h, e->armor);
        hashValue(h, e->alive);
        hashValue(h, e->markedForDeletion);
        hashValue(h, static_cast<int>(e->moveType));
        const bool solid = e->isSolid();
        hashValue(h, solid);
        hashValue(h, e->noDraw);
        hashValue(h, e->nextThinkTick);
        hashValue(h, e->moveDoneTime);
        if (e->player) {
            const movement::PlayerState& s = e->player->move;
            hashValue(h, s.onGround);
            hashValue(h, s.ducked);
            hashValue(h, s.waterLevel);
            hashValue(h, e->player->buttons);
        }
    }
    for (const QueuedEvent& ev : mEvents.events()) {
        hashValue(h, ev.fireTime);
        hashText(h, ev.target);
        hashValue(h, ev.targetEntity.slot);
        hashText(h, ev.input);
        hashText(h, ev.value.toString());
    }
    hashValue(h, mPhysics->stateHash());
    return h;
}

}  // namespace vestige::source::game
