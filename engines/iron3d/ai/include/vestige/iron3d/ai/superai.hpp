#pragma once
// Mission start of the AI layer (seed 002 "SuperAI и миссионные сценарии", "Первый запуск сценария",
// "Откуда берутся объекты распределителя"; spec section 13):
//
//   clans (TMA order) -> bundle = res0 (+".scr" unless it ends so, any case) in MISSIONS/SCRIPTS/
//                     -> a SuperAI per clan, whether or not its package was found
//                     -> GetSuperAI slot n only for clan n whose package loaded (never renumbered; 64 slots)
//   per clan          -> varset: <base>.var, and only when *not found* MISSIONS/SCRIPTS/varset.var
//   first Init        -> the first event named exactly "Init" (C string, case-sensitive); runs only while the
//                        re-entrancy guard is free (busy: skipped, one-shot flag still set); no Init: the flag stays
//                        off; results are applied only after the whole event succeeded
//
// Preview keeps a package with an unsupported record and reports it, leaving every default; Full (a real mission
// load) turns the same record into an error and publishes nothing.
#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "vestige/iron3d/ai/vm.hpp"
#include "vestige/iron3d/tma/tma.hpp"

namespace vestige::iron3d::ai {

constexpr std::size_t kSuperAiSlots = 64;  // GetSuperAI serves n <= 63
constexpr std::string_view kScriptsDir = "MISSIONS/SCRIPTS/";
constexpr std::string_view kSharedVarSet = "MISSIONS/SCRIPTS/varset.var";

struct ClanSpec {
    std::uint32_t index = 0;  // zero-based TMA clan index (the ClanID Handler(19) writes)
    std::string name;
    std::string res0;  // script/formula base (mode 0: its first resource)
    float anchorX = 0, anchorY = 0;
};
[[nodiscard]] std::vector<ClanSpec> clansOf(const tma::Mission& mission);

// "default" -> "default.scr"; "Default.SCR" stays as it is.
[[nodiscard]] std::string bundleFile(std::string_view res0);
// The bundle's base name: res0 without a trailing ".scr" (any case).
[[nodiscard]] std::string bundleBase(std::string_view res0);

enum class LoadMode { Preview, Full };

struct ScriptBundle {
    std::string path;  // MISSIONS/SCRIPTS/<bundle>.scr
    std::shared_ptr<const scr::Package> package;
    std::string varsetPath;  // the personal <base>.var or the shared file
    std::shared_ptr<const varset::VarSet> vars;
};

struct SuperAi {
    ClanSpec clan;
    ClanBase base;
    std::optional<ScriptBundle> bundle;  // set when the package loaded
    std::optional<Error> loadError;      // Preview: why the package did not load
    VmState vm;
    bool initOneShot = false;  // the original's one-shot flag (AI+0x8a8)
    bool busy = false;         // the re-entrancy guard (AI+0x78)
};

// What a mission start built; World3D keeps it (the "AI" chunk of its state).
struct AiWorld {
    std::vector<SuperAi> clans;
    std::array<std::optional<std::uint32_t>, kSuperAiSlots> slots{};  // GetSuperAI -> clan index
    std::vector<std::string> aiLog;                                   // ai.log lines (Vestige's wording)
    MissionOutcome outcome = MissionOutcome::Running;
    bool autoDemo = false;              // the automatic demo game suppresses the mission outcome callback
    std::uint32_t problemRecords = 16;  // [P] size of each SuperAI's problem table: not recorded in the seed

    [[nodiscard]] const SuperAi* getSuperAi(std::uint32_t n) const;
    [[nodiscard]] SuperAi* getSuperAi(std::uint32_t n);
};

struct StartOptions {
    LoadMode mode = LoadMode::Full;
    bool autoDemo = false;
    std::uint32_t problemRecords = 16;
};

// Creates the SuperAIs of a mission: packages decoded and version-checked, varsets selected, cells at their
// defaults. Full: a malformed package, a version mismatch or a malformed/missing varset is an error (nothing is
// returned half-built); a package that is not found only leaves its clan without a slot (logged).
[[nodiscard]] Result<AiWorld> createSuperAis(std::span<const ClanSpec> clans, const ScriptFiles& files,
                                             const StartOptions& options, const Tracer& trace = {});

struct InitReport {
    std::uint32_t clan = 0;
    bool packageLoaded = false;
    bool found = false;        // an event named "Init"
    bool skippedBusy = false;  // found but the guard was held
    bool applied = false;      // the results reached the SuperAI
    std::optional<std::uint32_t> event;
    std::vector<HandlerResult> results;
    std::size_t unsupported = 0;
    std::optional<Error> error;      // Preview only (Full returns it)
    std::vector<std::string> notes;  // queued calls run at commit
};

// Runs the first Init of clan `clan` (its SuperAI must exist). `targets` may be null (H15 is then Unsupported).
[[nodiscard]] Result<InitReport> runFirstInit(AiWorld& world, std::uint32_t clan, LoadMode mode,
                                              ScriptTargets* targets = nullptr, const Tracer& trace = {});

[[nodiscard]] Json initReportJson(const InitReport& report, const AiWorld& world);

}  // namespace vestige::iron3d::ai
