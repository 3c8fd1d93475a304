#pragma once
// The library's private side: Runtime::Impl (all mutable state of a runtime), the entity seam and the binding API
// the files under src/ share. Nothing here is public (runtime.hpp only names Impl).
//
// Binding rule: a C function may raise a Lua error (luaL_error / luaL_check*) only while no C++ object with a
// destructor is live in its frame; work that needs std::string & co. happens in helpers that return before any raise.
#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <lua.hpp>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "vestige/source/glua/runtime.hpp"

namespace vestige::source::glua {

struct EmbeddedFile {
    const char* path;  // virtual path, e.g. "lua/includes/init.lua"
    const unsigned char* data;
    std::size_t size;
};
extern const EmbeddedFile kEmbeddedLua[];
extern const std::size_t kEmbeddedLuaCount;
// data/gmod_enums.txt (the wiki's enumerations of the server realm), embedded at build time.
extern const unsigned char kGmodEnums[];
extern const std::size_t kGmodEnumsSize;

// A function listed in gmod_natives.lua's stand-in table, and how often scripts called it.
struct StandIn {
    std::string name;  // "Player:SetTeam", "Material"
    std::uint64_t calls = 0;
};

struct Timer {
    std::string name;  // "" for timer.Simple
    bool simple = false;
    double delay = 0;
    int repsLeft = 0;      // remaining calls (0 for a timer that repeats forever)
    bool forever = false;  // timer.Create with reps 0
    int fnRef = LUA_NOREF;
    double nextTime = 0;
    bool paused = false;
    double pausedLeft = 0;
    bool removed = false;
};

// A file found through the game search paths.
struct FoundFile {
    std::string virtualPath;  // "lua/autorun/x.lua", "gamemodes/base/gamemode/init.lua"
    std::string data;
};

// Payload of an Entity/Player userdata: the world's handle (slot, generation); a freed slot's generation moved on.
struct EntHandle {
    int index;
    std::uint32_t serial;
};

// The entity world's entities, as the bindings name them.
using GameEntity = game::Entity;
using game::EntityHandle;

// The entity world Lua sees (Entity, ents, player, the ffi fast paths, trace filters): every binding reaches
// entities through this one seam. A handle {index, serial} is the world's generational handle (slot, generation):
// once the world frees a slot its generation moves on, so a stale handle resolves to nothing, never to the slot's
// next entity. A removed entity stays valid until the end of its tick (World::remove).
class EntityTable {
public:
    EntityTable() = default;
    explicit EntityTable(std::shared_ptr<game::World> world) : mWorld(std::move(world)) {}
    // The live entity a handle {index, serial} names, or nullptr (NULL, freed, or a slot reused since).
    [[nodiscard]] GameEntity* live(int index, std::uint32_t serial) {
        if (index < 0) return nullptr;
        return mWorld->get(EntityHandle{static_cast<std::uint32_t>(index), serial});
    }
    // The live entity at a slot, or nullptr.
    [[nodiscard]] GameEntity* liveAt(int index) { return mWorld->byIndex(index); }
    [[nodiscard]] game::World& world() { return *mWorld; }
    [[nodiscard]] const game::World& world() const { return *mWorld; }
    [[nodiscard]] const std::shared_ptr<game::World>& shared() const { return mWorld; }

private:
    std::shared_ptr<game::World> mWorld;
};

// Which limit ended the current engine -> Lua call; scripts' pcall/xpcall cannot swallow either.
enum class LimitHit : std::uint8_t { None, Budget, Time };

// Small-block cache for the Lua allocator: LuaJIT allocates and frees many small GC objects (cdata vectors,
// strings, closures); recycling them per 16-byte size class saves a malloc/free pair each time. Blocks in the
// lists are not counted as used memory; the lists never hold more than the peak of small blocks in use.
// Sanitizer builds skip the cache so use-after-free stays detectable.
struct SmallBlocks {
    static constexpr std::size_t kGranule = 16, kMax = 256, kClasses = kMax / kGranule;
    void* heads[kClasses] = {};
    SmallBlocks() = default;
    SmallBlocks(const SmallBlocks&) = delete;
    SmallBlocks& operator=(const SmallBlocks&) = delete;
    ~SmallBlocks();
    static bool small(std::size_t n) { return n != 0 && n <= kMax; }
    static std::size_t classOf(std::size_t n) { return (n - 1) / kGranule; }
    void* take(std::size_t n);
    void give(void* p, std::size_t n);
};

struct ServerApi;       // lib/server_api.hpp
struct Surface;         // lib/surface.cpp (client realm)
struct WeaponRegistry;  // weapons.hpp

struct Runtime::Impl {
    Runtime* owner = nullptr;  // the allocator's user data is the Impl; bindings reach the Runtime through this
    SmallBlocks blocks;
    std::size_t memUsed = 0;  // bytes the allocator handed out (the cache's spare blocks not counted)
    // Limits of the current engine -> Lua call (budget.cpp): VM instructions plus the work natives charge (bytes
    // produced, match steps), the watchdog's start (0: not read yet, the first check reads the clock) and the limit
    // that ended the call. startCall() resets them at the engine's level.
    std::uint64_t instructions = 0;
    double callStart = 0;
    int callDepth = 0;
    LimitHit limitHit = LimitHit::None;
    std::size_t timersTraced = 0;  // timersFired already in a trace event (session_trace.cpp)
    // print/Msg output (errors.cpp): bytes passed to the sink and bytes dropped past Options::outputLimit.
    std::size_t outputBytes = 0;
    std::uint64_t outputDropped = 0;

    TickClock clock;
    bool booted = false;
    HookId thinkEvent, tickEvent;
    std::uint64_t warnings = 0;
    std::vector<LuaError> errors;
    std::vector<std::string> filesLoaded;
    std::vector<TimerFire> timersFired;
    std::map<std::string, std::uint64_t> hookCounts;  // install mode's engine-side counts
    EntityTable entities;

    // Metatables (registry refs and identity pointers for fast type checks).
    int entityMetaRef = LUA_NOREF, playerMetaRef = LUA_NOREF;
    int vectorMetaRef = LUA_NOREF, angleMetaRef = LUA_NOREF;  // interpreter mode (userdata)
    const void* vectorMeta = nullptr;
    const void* angleMeta = nullptr;
    // Interpreter mode: addresses of the interned strings naming Vector (x y z) and Angle (p y r pitch yaw roll)
    // components, compared in __index instead of the text (keyNamesRef anchors the strings); keysByAddress is false
    // when lua_topointer gives no string addresses.
    std::array<const void*, 6> vectorKeys{}, angleKeys{};
    bool keysByAddress = false;
    int keyNamesRef = LUA_NOREF;
    const void* entityMeta = nullptr;
    const void* playerMeta = nullptr;
    int userCmdMetaRef = LUA_NOREF, moveDataMetaRef = LUA_NOREF;  // lib/usercmd.cpp
    const void* userCmdMeta = nullptr;
    const void* moveDataMeta = nullptr;
    // The movement hooks' CUserCmd / CMoveData (world_hooks.cpp): one of each, re-pointed for every hook call.
    struct MoveBoxes {
        void* cmd = nullptr;
        void* move = nullptr;
        int cmdRef = LUA_NOREF, moveRef = LUA_NOREF;
    } moveBoxes;
    int entityCacheRef = LUA_NOREF;   // index -> userdata, so Entity(1) == Entity(1)
    int entityTablesRef = LUA_NOREF;  // index -> the entity's Lua table (GetTable)
    int nwRef = LUA_NOREF;            // index -> networked vars table
    int tracebackRef = LUA_NOREF;     // message handler
    int engineCallRef = LUA_NOREF;    // hook._VestigeEngineCall (LUA_REFNIL: not available, use hook.Call)
    // Standalone mode: hook.lua's bind(event) -> a zero-argument closure running the event's dispatch inside an
    // xpcall whose handler records the error (registry "vestige.hookEngine", taken over at boot, then unlinked).
    int hookBindRef = LUA_NOREF;
    bool hookErrorSeen = false;  // the dispatch's own handler recorded the error
    struct EventName {
        std::uint64_t head = 0;  // first 8 bytes of the name (zero padded): compared before the text
        std::string text;
        int ref = LUA_NOREF;      // registry ref of its Lua string
        int bound = LUA_NOREF;    // registry ref of the closure hook.lua's bind handed over (LUA_REFNIL: bind failed)
        std::uint64_t count = 0;  // dispatches through `bound` (hookCounts() adds them to hook.lua's counts)
    };
    std::vector<EventName> eventNames;  // engine events: a handful of names called every tick
    // Open-addressed index into eventNames by (size, first 8 bytes), twice the cache's 64 names. The key is kept
    // in the entry, so a lookup of a name of up to 8 bytes reads one entry.
    struct EventKey {
        std::uint64_t head = 0;
        std::uint32_t size = 0;
        std::int32_t slot = -1;  // -1: empty
    };
    std::array<EventKey, 128> eventIndex{};
    int hookHandlerRef = LUA_NOREF;  // the engine dispatch's message handler (records the error), lua_pcall's errfunc
    int nullRef = LUA_NOREF;         // the NULL entity
    int handlesRef = LUA_NOREF;      // weak-keyed set of every genuine entity userdata (the FFI paths trust only these)
    // Vector/Angle (ffi structs, fastpath.cpp): constructors and readers for the C side.
    // Representation of Vector/Angle: ffi structs when the JIT runs (no instruction budget), userdata otherwise
    // (the interpreter pays a C call per ffi field access, which makes userdata the faster choice there).
    bool ffiTypes = false;
    int ffiRef = LUA_NOREF;  // the private ffi module (kept alive, never exposed)
    int newVectorRef = LUA_NOREF, newAngleRef = LUA_NOREF, unpackVectorRef = LUA_NOREF, unpackAngleRef = LUA_NOREF;

    std::vector<Timer> timers;
    std::set<std::string> consoleCommands;
    std::vector<std::string> gamemodeLoading;         // names being loaded (DeriveGamemode target)
    std::map<std::string, std::string> gamemodeBase;  // name -> DeriveGamemode argument
    bool playerAdded = false;  // the session's player joined the world (after InitPostEntity, or on the first tick)
    std::shared_ptr<ServerApi> api;           // lib/server_api.hpp (shared_ptr: deleted where ServerApi is complete)
    std::shared_ptr<WeaponRegistry> weapons;  // weapons.hpp: made on first use
    int weaponMetaRef = LUA_NOREF;            // the Weapon metatable (lib/weapon.cpp)
    const void* weaponMeta = nullptr;
    std::vector<StandIn> standIns;       // standins.cpp
    std::set<std::string> missingEnums;  // enum-shaped globals read while undefined

    // AddCSLuaFile (server realm): virtual paths in lower case, in the order added, and the same as a set.
    std::vector<std::string> clientLuaFiles;
    std::set<std::string> clientLuaSet;
    // Client realm: InitPostEntity ran; the surface library's state; HUDShouldDraw's answers of the last HUD pass.
    bool clientEntitiesReady = false;
    game::EntityHandle localWeapon;  // the local player's active weapon as this realm's world holds it
    std::shared_ptr<Surface> surface;
    std::map<std::string, bool> hudElements;

    // Game search roots, most important first (addons, install); embedded files come last in standalone mode.
    std::vector<std::filesystem::path> roots;
    bool useEmbedded = true;
};

inline Runtime::Impl& implOf(Runtime& rt) { return *rt.mImpl; }
inline const Runtime::Impl& implOf(const Runtime& rt) { return *rt.mImpl; }

// ---- the runtime behind a state, and its bookkeeping (errors.cpp) ----
inline Runtime::Impl& implOf(lua_State* L) {
    void* ud = nullptr;
    lua_getallocf(L, &ud);
    return *static_cast<Runtime::Impl*>(ud);
}
inline Runtime& runtimeOf(lua_State* L) { return *implOf(L).owner; }
void recordError(Runtime& rt, LuaError e);
void warn(Runtime& rt, std::string_view message);
// "file:line: message" -> parts; the first ":<digits>: " wins (file names may contain ':').
LuaError parseMessage(std::string text);
// Message handler of protectedCall: returns {message, traceback}.
int messageHandler(lua_State* L);
// Message handler of the engine's hook dispatch: records the error where it happened and returns nothing.
int recordingHandler(lua_State* L);
// protectedCall with the message handler already at handlerIndex, below the function (it stays there).
bool protectedCallAt(Runtime& rt, int handlerIndex, int nargs, int nresults);

// ---- allocator and limits (allocator.cpp, budget.cpp) ----
void* luaAllocate(void* ud, void* ptr, std::size_t oldSize, std::size_t newSize);
constexpr int kHookGranularity = 1000;  // VM instructions between budget checks
void countHook(lua_State* L, lua_Debug* ar);
int budgetPcall(lua_State* L);
int budgetXpcall(lua_State* L);
// An engine -> Lua call starts (call depth 0): its instruction count, watchdog and limit flag start afresh.
inline void startCall(Runtime::Impl& impl) {
    impl.instructions = 0;
    impl.callStart = 0;
    impl.limitHit = LimitHit::None;
}
// Work a native does that the count hook never sees (bytes produced, pattern steps), counted as instructions of
// the current call: raises the budget or time-limit error once it is over. A no-op without a budget (JIT mode).
void charge(lua_State* L, std::uint64_t units);
// The kind of a failed call's error: the limit that ended it, memory, or a runtime error.
LuaError::Kind errorKind(const Runtime::Impl& impl, int status, const std::string& message);
// "not enough memory" without a position, as LuaJIT raises it (natives that refuse an allocation up front).
[[noreturn]] void raiseOutOfMemory(lua_State* L);
constexpr std::uint64_t kMaxLuaString = 0x7fffff00;  // LuaJIT's LJ_MAX_STR: a longer result is out of memory
// LuaJIT's lj_lib_checkint conversion of a number to int32, as x86-64's cvttsd2si truncates (NaN and out-of-range
// values give INT32_MIN).
inline std::int32_t luajitInt32(lua_Number n) {
    if (!(n > -2147483649.0 && n < 2147483648.0)) return INT32_MIN;
    return static_cast<std::int32_t>(n);
}

// ---- engine events (events.cpp) ----
constexpr const char* kHookCountsKey = "vestige.hookCounts";
constexpr const char* kHookEngineKey = "vestige.hookEngine";  // our hook.lua <-> the engine, unlinked at boot
void countEngineHook(Runtime& rt, std::string_view name);     // install mode: counted on the C++ side
// Between engine calls stack slot 1 holds the dispatch's message handler (see events.cpp).
void resetStack(Runtime& rt);

// ---- the determinism trace (session_trace.cpp): no-ops without Options::traceSink ----
void traceBoot(Runtime& rt);
void traceTick(Runtime& rt);

// ---- search paths (gamefs.cpp) ----
// Looks up a virtual path ("lua/x.lua") in every root, then the embedded library.
std::optional<FoundFile> findGameFile(Runtime& rt, const std::string& virtualPath);
// Sorted file names matching "dir/*.lua" in every root (and the embedded tree), deduplicated.
std::vector<std::string> findGameFiles(Runtime& rt, const std::string& dir, const std::string& suffix);
// The same over files (directories false) or subdirectories (true) of `dir` whose names end with `suffix`.
std::vector<std::string> findGameEntries(Runtime& rt, const std::string& dir, const std::string& suffix,
                                         bool directories);
// Host directories a path id covers ("DATA" -> data dir, "LUA" -> root/lua..., "GAME" -> roots).
std::vector<std::filesystem::path> pathIdRoots(Runtime& rt, const std::string& pathId, bool* embeddedLua);
bool globMatch(std::string_view pattern, std::string_view name);

// ---- loading (loader.cpp, gamemode.cpp) ----
// Resolves, reads, translates and loads `path` as GMod's include() does, relative to `currentFile`
// first. On success pushes the chunk and returns true; on failure records the error and pushes nothing.
// With `failure`, an error is handed back instead of recorded (require raises it, so a pcall around it may catch it).
bool loadIncludeChunk(Runtime& rt, lua_State* L, const std::string& path, const std::string& currentFile,
                      LuaError* failure = nullptr);
// include()'s lookup without loading: relative to `currentFile`, then lua/, gamemodes/, the path itself. In the
// client realm only files the client may load count (clientMayLoad).
std::optional<FoundFile> findIncludeFile(Runtime& rt, const std::string& path, const std::string& currentFile);
// Client realm: the server sent the file, or GMod sends its folder without AddCSLuaFile, or it is the client's own
// lua/includes.
bool clientMayLoad(Runtime& rt, const std::string& virtualPath);
// The entry file of a gamemode or scripted class folder in this realm: init.lua (server), cl_init.lua (client).
const char* realmEntryFile(const Runtime& rt);
bool loadGamemode(Runtime& rt, const std::string& name);
// The active gamemode and its bases, base first (DeriveGamemode / <name>.txt "base").
std::vector<std::string> gamemodeChain(Runtime& rt);
// GMod's entity script layout: `libraryDir` (lua/entities, lua/weapons), then gamemodes/<chain>/entities/<subdir>,
// base first: single files (<class>.lua), then folders (<class>/init.lua, the server realm's file, or
// <class>/shared.lua without one; cl_init.lua is the client's). Calls load(class, path) for each.
void forEachEntityScript(Runtime& rt, const std::string& libraryDir, const std::string& gamemodeSubdir,
                         const std::function<void(const std::string&, const std::string&)>& load);
void loadScriptedEntities(Runtime& rt);
// With a class table on the stack: pops it into the global `global` (ENT, SWEP), runs `path`, then
// <module>.Register(<global>, cls) when the file ran; the global is cleared afterwards.
void runScriptedClassFile(Runtime& rt, const char* global, const char* module, const std::string& cls,
                          const std::string& path);
// lua/weapons and gamemodes/<chain>/entities/weapons into the weapons module (weapons_loader.cpp), then the
// modules' OnLoaded (baseclass tables of every SENT and SWEP).
void loadWeapons(Runtime& rt);

// ---- bindings ----
// What a successful type check of a userdata argument leaves on the stack. Keep: its metatable stays pushed, which
// saves a pop (~1.5 ns in the interpreter) where it does not matter: a binding's last check when nothing reads an
// argument after it (results come from the top of the stack); anything later would find the metatable in the slot
// of a missing argument.
enum class Meta { Pop, Keep };
// Whether the value at idx has the metatable `meta` or `alt` (compared by pointer); on failure the stack is unchanged.
bool hasMeta(lua_State* L, int idx, const void* meta, const void* alt, Meta leave);
// The payload of the full userdata at idx when it has `size` bytes and the metatable `meta` or `alt`, else nullptr.
// Both are needed: debug.setmetatable gives any userdata our metatables, and only the size keeps a zero-size newproxy
// or an Entity handle from being read as a Vector (lua_objlen is 0 for light userdata).
void* testPayload(lua_State* L, int idx, std::size_t size, const void* meta, const void* alt, Meta leave);

void openTypes(Runtime& rt, lua_State* L);     // Vector, Angle as userdata (interpreter mode)
bool openFastPath(Runtime& rt, lua_State* L);  // Vector, Angle as ffi structs, entity fast paths (JIT mode)
void installDebugGuards(lua_State* L);         // both modes: hidden registry, internal upvalues/locals hidden
void openEntities(Runtime& rt, lua_State* L);  // Entity, Player metatables and NULL (lib/entity.cpp), then openEnts
void openEnts(Runtime& rt, lua_State* L);      // Entity(), Player(), ents, player (lib/ents.cpp)
void openUserCmd(Runtime& rt, lua_State* L);   // CUserCmd, CMoveData metatables (lib/usercmd.cpp)
// A CUserCmd (moveData false) or CMoveData userdata over `p`, pushed; returns the box for clearBoxed, which makes
// the object refuse use once the hook call it was made for returned.
void* pushBoxed(Runtime& rt, lua_State* L, void* p, bool moveData);
void clearBoxed(void* boxed);
// handles[ud] = {index, serial} for the Entity userdata on top: the ffi fast paths accept only these.
void registerHandle(Runtime& rt, lua_State* L, int index, std::uint32_t serial);
void openBase(Runtime& rt, lua_State* L);        // global functions and constants (lib/base.cpp)
void openTimer(Runtime& rt, lua_State* L);       // timer (lib/timer.cpp)
void openUtil(Runtime& rt, lua_State* L);        // util, CONTENTS_*/MASK_*/COLLISION_GROUP_* (lib/util.cpp)
void openGame(Runtime& rt, lua_State* L);        // game, engine, gmod (lib/game.cpp)
void openConcommand(Runtime& rt, lua_State* L);  // AddConsoleCommand, RunConsoleCommand (lib/concommand.cpp)
void openFile(Runtime& rt, lua_State* L);        // file (lib/file.cpp)
void openSandbox(Runtime& rt, lua_State* L);     // what GMod does not expose goes (lib/sandbox.cpp)
// Budget mode: string.rep/find/match/gmatch/gsub/format and table.concat charged to the budget (lib/string.cpp,
// lib/table.cpp).
void openChargedString(Runtime& rt, lua_State* L);
void openChargedTable(Runtime& rt, lua_State* L);
// One call of a native that ran without part of its behaviour (listed by `name` in the report's standInCalls).
void countStandIn(Runtime::Impl& impl, std::string_view name);
void openEnums(Runtime& rt, lua_State* L);  // the wiki's enumerations and global constants (lib/enums.cpp)
// The first name of the wiki family `family` ("Enums/ACT") with `value`, or "" (lib/enums.cpp).
std::string enumName(std::string_view family, long long value);
void openWeapons(Runtime& rt, lua_State* L);    // Weapon metatable, Player weapon/ammo methods (lib/weapon.cpp)
void openServerApi(Runtime& rt, lua_State* L);  // cvars, sql, net, bit, util data, resource, sound (lib/server_api.cpp)
void openClient(Runtime& rt, lua_State* L);     // client realm: LocalPlayer, ScrW/ScrH, surface (lib/surface.cpp)
void openAppearance(Runtime& rt, lua_State* L);   // skins, body groups, effects, SetSolid (lib/appearance.cpp)
void openPlayerState(Runtime& rt, lua_State* L);  // hands, view models, userinfo, observers (lib/player_state.cpp)
void openMaterials(Runtime& rt, lua_State* L);    // Material() and IMaterial (lib/material.cpp)
void openReporting(Runtime& rt, lua_State* L);    // _G records reads of missing enums (standins.cpp); opened last
// Runs lua/vestige/gmod_natives.lua (install mode) with its private helpers: standIn(name, body) and
// isStandIn(f) (standins.cpp). False when it failed (recorded).
bool runNatives(Runtime& rt);
void runTimers(Runtime& rt, lua_State* L);
// ---- the entity world (world_hooks.cpp) ----
// Binds the world's hook points to the gamemode (hook.Call(name, GAMEMODE, ...)) and the Lua tick (Think, Tick,
// timers at the world's Tick point); frees the Lua side of an entity when the world frees its slot.
void bindWorld(Runtime& rt);
// The session's player joins the world once (it spawns on the world's next tick).
void addPlayerOnce(Runtime& rt);
// Helpers of the hook bindings (world_hooks.cpp): hook.Call, its event name and GAMEMODE pushed (false, nothing
// pushed, without a hook library); hook.Call(name, GAMEMODE, ent) without results; ENT:<method> of the entity's own
// table and the entity pushed (false, nothing pushed, when it has none); GAMEMODE[name] is a function.
bool pushHookCall(Runtime& rt, lua_State* L, const char* name);
void entityEvent(Runtime& rt, const char* name, const game::Entity& e);
bool pushEntityMethod(Runtime& rt, lua_State* L, const game::Entity& e, const char* method);
bool gamemodeHas(lua_State* L, const char* name);
// hook.Call(name, GAMEMODE, a, b): false only when the first result is false (PlayerUse, PlayerShouldTakeDamage).
bool hookAllows(Runtime& rt, const char* name, const game::Entity& a, const game::Entity& b);
// Map I/O from Lua (lib/entity_io.cpp): GM:AcceptInput / ENT:AcceptInput, GM:EntityKeyValue / ENT:KeyValue;
// Entity:Fire/Input and the ent_fire engine command. (A map entity of a scripted class gets its members at creation,
// scripted_class.cpp.)
void bindEntityIo(Runtime& rt);
void openEntityIo(Runtime& rt, lua_State* L);
// Entity:EmitSound/StopSound, EmitSound, sound.Play as the world's sound events (lib/emit_sound.cpp).
void openSoundEvents(Runtime& rt, lua_State* L);
// Engine console commands (ent_fire): true when `name` is one (it ran); args from stack slot first + 1.
bool runEngineCommand(lua_State* L, const char* name, int first);
// Damage from Lua (lib/damageinfo.cpp): CTakeDamageInfo, DamageInfo(), TakeDamage(Info), util.BlastDamage(Info); the
// damage hooks (EntityTakeDamage, PostEntityTakeDamage, PlayerShouldTakeDamage, DoPlayerDeath, ENT:OnTakeDamage).
void openDamage(Runtime& rt, lua_State* L);
void bindDamage(Runtime& rt);
// A CTakeDamageInfo over `info` pushed, valid until clearDamageInfo(box) (the end of the hook call).
void* pushDamageInfo(Runtime& rt, lua_State* L, game::DamageInfo* info);
void clearDamageInfo(void* box);
// Drops the Lua side of a freed slot (its cached userdata, GetTable, NW vars).
void forgetEntity(Runtime& rt, lua_State* L, int index);
void noteTimerFired(Runtime& rt, std::string name);
// game.ConsoleCommand("name arg1 arg2\n") -> RunConsoleCommand(name, arg1, arg2) (lib/concommand.cpp).
int runConsoleLine(lua_State* L);
// The host console's dispatch (lib/host_commands.cpp): the command at `first`, its arguments above, the raw argument
// text at `argStringIndex`; pushes whether anything by that name ran.
int dispatchConsoleCommand(lua_State* L, int first, int argStringIndex);
// The networked variables (SetNW*/SetNW2*) of entity `index` copied from one realm's state to another's
// (lib/entity.cpp).
void copyNetworkedVars(Runtime& from, Runtime& to, int index);

// util.cpp: a trace through the session's plug (Options::trace; without one, a miss ending at q.end), and the
// TraceResult table util.TraceLine returns pushed (filled into the table at stack slot `output` when it is not 0).
TraceHit runTrace(Runtime& rt, const TraceQuery& q);
void pushTraceResult(Runtime& rt, lua_State* L, const TraceHit& hit, Vec3 start, Vec3 end, int output = 0);
// Entity:FireBullets and its hooks (lib/fire_bullets.cpp).
void openFireBullets(Runtime& rt, lua_State* L);

// Reads a Vector (or, with `angle`, an Angle) at idx into *out (may be null); false for anything else.
bool toVector(Runtime& rt, lua_State* L, int idx, Vec3* out, bool angle = false);
inline bool toAngle(Runtime& rt, lua_State* L, int idx, Vec3* out) { return toVector(rt, L, idx, out, true); }
void pushVector(Runtime& rt, lua_State* L, Vec3 v, bool angle = false);
bool ffiToVector(Runtime& rt, lua_State* L, int idx, Vec3* out, bool angle);
void ffiPushVector(Runtime& rt, lua_State* L, Vec3 v, bool angle);
inline void pushAngle(Runtime& rt, lua_State* L, Vec3 a) { pushVector(rt, L, a, true); }
// GMod's type()/TypeID() of a userdata (MetaName / MetaID of its metatable); lib/base.cpp.
int userdataTypeName(lua_State* L);
int userdataTypeId(lua_State* L);
// The Lua source of the JIT mode's internal chunk (internal/fastpath.lua, embedded at build time).
extern const unsigned char kFastPathLua[];
extern const std::size_t kFastPathLuaSize;
// Entity __index after the metatables: the entity's own Lua table (GetTable).
int entityFallbackIndex(lua_State* L);
void pushEntity(Runtime& rt, lua_State* L, int index);
// The record behind an Entity userdata, or nullptr for NULL / removed / not an entity.
GameEntity* toEntity(Runtime& rt, lua_State* L, int idx);
// ents.Create: a new entity of the world (nothing runs until Spawn); returns its index.
int createEntity(Runtime& rt, std::string_view className);
// The entity table behind the bindings (the seam: see EntityTable).
EntityTable& entityTable(Runtime& rt);
void angleVectors(Vec3 ang, Vec3* forward, Vec3* right, Vec3* up);

// __concat of our userdata types: both operands become strings first (userdata, and cdata when `cdata`, through
// tostring) because LuaJIT 2.1.0-beta3's lua_concat crashes when it has to call a __concat metamethod (an ffi Angle,
// a table with __concat; found by fuzz_glua_natives). Extra arguments of a direct call are dropped.
int concatAsStrings(lua_State* L, bool cdata);

// Registers functions into the table on top of the stack.
void setFuncs(lua_State* L, const luaL_Reg* regs);
// luaL_newmetatable(name) holding `regs`, MetaName = name and MetaID = id (GMod's TypeID); pops it and returns its
// registry ref, with its address in *identity (the bindings' type checks compare metatables by pointer).
int newMetatable(lua_State* L, const char* name, const luaL_Reg* regs, int id, const void** identity);
// The tick clock's globals, shared by _G (FrameTime) and engine (TickInterval, TickCount).
int luaTickInterval(lua_State* L);
int luaTickCount(lua_State* L);

}  // namespace vestige::source::glua
