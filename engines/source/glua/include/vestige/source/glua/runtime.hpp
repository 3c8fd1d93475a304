#pragma once
// GLua runtime: one LuaJIT state per realm with GMod's native API. A listen server runs two in one process: the
// server realm (SERVER = true) and the client realm (CLIENT = true, Options::realm), each with its own state.
//
// Error model: every entry from C++ into Lua goes through a protected call with a traceback
// handler; a failure becomes a LuaError {file, line, message, traceback} in errors() and never
// escapes as a longjmp or exception. Bindings raise Lua errors only where no C++ object with a
// destructor is live; out-of-memory inside a push is the one case that unwinds through C++ frames,
// which LuaJIT on x86-64 does with the C++ unwinder (destructors run), documented in docs/glua.md.
//
// Determinism: CurTime/RealTime/SysTime are tick * interval (TickClock); timers fire in creation order;
// no wall clock or pointer value reaches a script.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/core/tick.hpp"
#include "vestige/core/trace.hpp"
#include "vestige/scene/draw2d.hpp"
#include "vestige/source/bsp/entities.hpp"
#include "vestige/source/game/trace_query.hpp"
#include "vestige/source/game/world.hpp"

struct lua_State;

namespace vestige::source::glua {

// util.TraceLine / TraceHull queries and results are the entity world's (vestige/source/game/trace_query.hpp).
using game::TraceHit;
using game::TraceQuery;

// The collision module plugs in here; the default traces against nothing.
using TraceFn = std::function<TraceHit(const TraceQuery&)>;
// util.PointContents: CONTENTS_* at a point; the default is CONTENTS_EMPTY everywhere.
using PointContentsFn = std::function<std::uint32_t(Vec3)>;

struct LuaError {
    // What ended the call: a Lua error, a syntax error, a file that is not there (include, gamemode, host file), or
    // one of the limits (Options): the instruction budget, the watchdog's time limit, the heap ceiling.
    enum class Kind { Runtime, Syntax, File, Budget, Time, Memory };
    std::string file;  // chunk path, "" when the message carries no position
    int line = 0;
    std::string message;  // without the "file:line: " prefix
    std::string traceback;
    Kind kind = Kind::Runtime;
    [[nodiscard]] std::string render() const;              // "file:line: message"
    [[nodiscard]] static const char* kindName(Kind kind);  // "runtime", "syntax", "file", "budget", "time", "memory"
};

// Which side of GMod's realm split a runtime is (SERVER / CLIENT in Lua).
enum class Realm { Server, Client };

struct Options {
    Realm realm = Realm::Server;
    std::optional<std::filesystem::path> gmodDir;  // GMod install mode: a garrysmod/ directory
    std::vector<std::filesystem::path> addonDirs;  // extra roots with lua/ and gamemodes/, searched first
    std::optional<std::filesystem::path> dataDir;  // DATA path id (the only writable one); none = writes refused
    std::string gamemode = "base";
    std::string map = "gm_construct";
    double tickInterval = kSourceTickInterval;  // seconds per tick (TickClock); the rate is 1 / interval
    // Limits of one engine -> Lua call (boot steps, each hook dispatch, each timer). The budget counts VM
    // instructions plus the work of natives that produce bytes or match patterns (one unit per byte / step);
    // 0 = unlimited, and then the JIT runs and neither the budget nor the time limit is checked.
    std::uint64_t instructionBudget = 200'000'000;
    double timeLimit = 5.0;                            // wall-clock seconds per call (watchdog); 0 = none
    std::size_t memoryLimit = std::size_t(512) << 20;  // Lua heap bytes; 0 = unlimited
    std::size_t outputLimit = std::size_t(16) << 20;   // print/Msg bytes passed to `output`; past it, dropped; 0 = all
    std::vector<std::filesystem::path> scripts;        // host .lua files run like autorun files, before the gamemode
    // The entity world the session binds to: Entity/ents/player read and write it, its tick drives the session's
    // (Runtime::tick steps it). None = an empty world without a map (one player slot). Its tick rate should be
    // 1 / tickInterval; the runtime adds the player when the world has none.
    std::shared_ptr<game::World> world;
    // The map's entity lump (worldspawn first), spawned into the world during boot after Initialize and before
    // InitPostEntity, as the engine does.
    std::vector<bsp::Entity> mapEntities;
    TraceFn trace;
    PointContentsFn pointContents;
    std::function<void(std::string_view)> output;  // print/Msg sink; default stdout
    // The session's determinism trace (optional): one event after boot and one per tick, built from engine state
    // only (entities, timers fired, hook dispatches, error counts), never from Lua output, so heap addresses that
    // tostring() shows never reach its hash. See docs/glua.md (Determinism).
    TraceSink* traceSink = nullptr;

    // ---- client realm only ----
    // Whether the server sent a file (AddCSLuaFile, virtual path in lower case, "gamemodes/g/gamemode/cl_init.lua").
    // The client loads only those, the folders GMod sends without it (lua/autorun, lua/autorun/client, lua/vgui,
    // lua/skins, lua/matproxy, lua/postprocess) and its own lua/includes; anything else is not found, as in GMod.
    std::function<bool(std::string_view)> sentToClient;
    std::uint32_t screenWidth = 1280, screenHeight = 720;  // ScrW / ScrH
    // Searched for CreateFont's family before the system's fonts (a mounted game's resource/fonts).
    std::vector<std::filesystem::path> fontDirs;
};

struct TimerFire {
    std::string name;  // "" for timer.Simple
    std::uint64_t tick = 0;
};

// A weapon a player carries, as the client's weapon selection sees it (SWEP.Slot / SlotPos; 0 for engine weapons).
struct CarriedWeapon {
    int index = 0;
    std::string className;
    int slot = 0, slotPos = 0;
    bool active = false;
    bool previous = false;  // the one active before (lastinv)
};

// A net message built by net.Start ... net.Send* (the server half of GMod's net library): the bit stream as GMod
// writes it, 16-bit message id first, then the payload, bits LSB first (Source's bf_write).
struct NetMessage {
    std::string name;
    std::vector<std::uint8_t> data;
    std::uint64_t bits = 0;       // header included
    std::vector<int> recipients;  // player entity indices
    bool unreliable = false;
};
struct NetCount {
    std::uint64_t messages = 0;
    std::uint64_t bytes = 0;  // net.BytesWritten of each message (the engine's 3 bytes included)
};
// A file offered to clients (resource.AddFile / AddSingleFile), a Workshop item (resource.AddWorkshop) or particles.
struct ClientResource {
    std::string
        kind;  // "file", "workshop", "particles" (game.AddParticles), "particle system" (PrecacheParticleSystem)
    std::string path;  // the file, or the Workshop id
};

class Runtime;

// An engine event bound once (Think, Tick...), so a per-tick call skips looking its name up. Made by
// Runtime::hookId; valid for that runtime only.
class HookId {
public:
    [[nodiscard]] const std::string& name() const { return mName; }

private:
    friend class Runtime;
    std::string mName;
    int mSlot = -1;  // the runtime's event cache slot; -1: the cache is full, dispatched by name
};

class Runtime {
public:
    ~Runtime();
    Runtime(const Runtime&) = delete;
    Runtime& operator=(const Runtime&) = delete;

    // Creates the state and installs the native API (no Lua files run yet).
    [[nodiscard]] static Result<std::unique_ptr<Runtime>> create(Options options);

    // Runs the base library (ours, or the install's lua/includes/init.lua), autorun files,
    // the gamemode, then Initialize, map entities and InitPostEntity. Lua errors are recorded in
    // errors(); the Status fails only when the base library itself cannot run.
    [[nodiscard]] Status boot();
    // Runs one host file (chunk name = its file name).
    [[nodiscard]] Status runHostFile(const std::filesystem::path& path);
    [[nodiscard]] Status runString(std::string_view code, std::string_view chunkName);
    // Evaluates code (GLua syntax) and returns its results joined by tabs (for tests and the REPL).
    [[nodiscard]] Result<std::string> eval(std::string_view code, std::string_view chunkName = "eval");

    // Advances the clock and the world by one tick (World::step: the player's command and spawn, entity thinks,
    // then the Lua Think, Tick and timers at the world's Tick hook point, I/O, deferred deletes). In the client realm
    // it is frame().
    void tick();
    // The session's player: it joins the world on the first tick (or now, when an embedder needs it earlier, e.g.
    // to give it the first tick's command) and spawns on the world's next tick.
    game::Entity& joinPlayer();
    void runTicks(std::uint64_t n) {
        for (std::uint64_t i = 0; i < n; ++i) tick();
    }

    // A command from the local player's console (argv as the client console split it, argString its raw
    // arguments): the engine's commands of this realm (server: lua_run, kill, noclip; client: lua_run_cl), Lua
    // commands (concommand.Add), console variables, ent_fire. False when nothing here has the name (the console
    // then prints "Unknown command").
    bool consoleCommand(const std::vector<std::string>& argv, std::string_view argString);

    // Calls hook.Call(name, GAMEMODE) with no arguments; counted in hookCounts().
    void callHook(std::string_view name);
    // The same for an event bound with hookId(): what the engine's own per-tick events use.
    void callHook(const HookId& event);
    [[nodiscard]] HookId hookId(std::string_view name);

    // Protected call of the function below `nargs` arguments on the state's stack, as every engine -> Lua entry
    // makes it (message handler, budget); a failure is recorded in errors() and gives false. For embedders and
    // benchmarks that push their own functions.
    bool protectedCall(int nargs, int nresults);
    // Writes text to the print/Msg sink (Options::output, default stdout).
    void print(std::string_view text);

    [[nodiscard]] const Options& options() const { return mOptions; }
    // The state, for tests and benchmarks. Between calls its stack holds the engine dispatch's message
    // handler in slot 1: leave the stack as found, or empty it (the next dispatch puts the handler back). Run Lua
    // through runString/eval/protectedCall: an event fired by a native inside a bare lua_pcall of the caller's
    // would take that native's first argument for the handler.
    [[nodiscard]] lua_State* state() const { return mL; }
    // The session's clock: CurTime() = tick * interval (Source's TICKS_TO_TIME), never accumulated.
    [[nodiscard]] const TickClock& clock() const;
    [[nodiscard]] std::uint64_t currentTick() const { return clock().tick(); }
    [[nodiscard]] double curTime() const { return clock().time(); }
    [[nodiscard]] double interval() const { return clock().interval(); }
    [[nodiscard]] const std::vector<LuaError>& errors() const;
    [[nodiscard]] const std::vector<std::string>& filesLoaded() const;
    // Engine-dispatched hooks plus, in standalone mode, every hook.Call/Run made by scripts.
    [[nodiscard]] std::map<std::string, std::uint64_t> hookCounts() const;
    [[nodiscard]] const std::vector<TimerFire>& timersFired() const;
    // The entity world the session reads and writes (Options::world or the runtime's own).
    [[nodiscard]] game::World& world();
    [[nodiscard]] const game::World& world() const;
    [[nodiscard]] std::size_t memoryUsed() const;
    [[nodiscard]] std::uint64_t warnings() const;
    // True only inside a call that a limit is ending (the flag resets when the engine call returns).
    [[nodiscard]] bool budgetExceeded() const;
    // Bytes of print/Msg output dropped past Options::outputLimit (a note in the output marks the cut).
    [[nodiscard]] std::uint64_t outputDropped() const;
    // Stand-ins (install mode: gmod_natives.lua's table of functions a loader needs but Vestige lacks) that scripts
    // called, with their call counts; every listed name; enum-shaped globals scripts read while undefined.
    [[nodiscard]] std::map<std::string, std::uint64_t> standInCalls() const;
    [[nodiscard]] std::vector<std::string> standIns() const;
    [[nodiscard]] std::vector<std::string> missingEnums() const;
    // The weapons player `playerIndex` carries, in pickup order (empty for no such player).
    [[nodiscard]] std::vector<CarriedWeapon> carriedWeapons(int playerIndex);
    // net: messages sent since the last call (drained), counts per message name, and a message arriving from a
    // client (net.Incoming(bits, player) runs it through net.Receive's receivers; false when no receiver ran).
    [[nodiscard]] std::vector<NetMessage> takeNetMessages();
    [[nodiscard]] std::map<std::string, NetCount> netCounts() const;
    bool receiveNetMessage(const std::vector<std::uint8_t>& data, std::uint64_t bits, int fromPlayer);
    // Client realm: the server's network string table (names and ids), as the engine replicates it.
    void adoptNetworkStrings(const Runtime& server);
    // resource.*: what clients are offered, in the order added.
    [[nodiscard]] const std::vector<ClientResource>& clientResources() const;

    [[nodiscard]] Realm realm() const { return mOptions.realm; }
    // Server realm: the files AddCSLuaFile sent (virtual paths in lower case, in the order added).
    [[nodiscard]] const std::vector<std::string>& clientLuaFiles() const;
    [[nodiscard]] bool sentToClient(std::string_view virtualPath) const;

    // ---- client realm (client.cpp) ----
    // The local player as this client sees it: the server's player 1 copied into this realm's world (position,
    // angles, eye angles, velocity, health, armor, alive, the active weapon's class and clips). Call after each
    // server tick; what client Lua changes on it lasts until the next update, as a network update overwrites it.
    void updateLocalPlayer(Runtime& server);
    // The server's networked variables (SetNW*/SetNW2*) of the entities this client has — the world and the local
    // player — copied in, replacing the client's own. Call after updateLocalPlayer.
    void replicateNetworkedVars(Runtime& server);
    // One client frame: the clock, InitPostEntity once (the first frame with a local player), Think, Tick, timers.
    void frame();
    // GM:PlayerBindPress(LocalPlayer(), bind, true, code) for a key going down: true when Lua blocks the bind.
    [[nodiscard]] bool playerBindPress(std::string_view bind, int code);
    // GM:CreateMove(cmd) over the command CInput built: what Lua changes (SetForwardMove, buttons...) is sent.
    void createMove(game::UserCmd& cmd);
    // The HUD pass: PreDrawHUD, HUDShouldDraw for each base HUD element, HUDPaint; surface.* calls made inside go
    // into `out` (cleared first). Outside the pass they draw nothing and are counted (surfaceCallsOutsidePaint).
    void paintHud(scene::DrawList2D& out);
    // HUDShouldDraw's answer per element at the last paintHud (Vestige draws none of them yet).
    [[nodiscard]] const std::map<std::string, bool>& hudElements() const;
    // Fonts that fell back to DejaVu Sans or could not load, one line each.
    [[nodiscard]] const std::vector<std::string>& fontNotes() const;
    [[nodiscard]] std::uint64_t surfaceCallsOutsidePaint() const;

    // The library's private state (src/internal.hpp); opaque here.
    struct Impl;

private:
    explicit Runtime(Options options);
    friend Impl& implOf(Runtime& rt);
    friend const Impl& implOf(const Runtime& rt);

    Options mOptions;
    lua_State* mL = nullptr;
    std::unique_ptr<Impl> mImpl;
};

// The in-process channel of a listen server: the messages `from` sent since the last call go to `to` through
// net.Incoming — server to client those addressed to `localPlayer`, client to server all of them, from
// `localPlayer` — with the same bits a network would carry (net.cpp's framing). The client adopts the server's
// string table first. Returns the number of messages delivered.
std::size_t deliverNetMessages(Runtime& from, Runtime& to, int localPlayer);

}  // namespace vestige::source::glua
