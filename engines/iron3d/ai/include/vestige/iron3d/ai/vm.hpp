#pragma once
// The bounded script executor: one .scr instruction record at a time, only through the handlers whose contracts
// were recovered from the GOG ai.dll (seed 002, spec section 13). Everything else - other handler indices, the
// sentinel record, unknown selectors, a recovered handler met in a form nobody has seen - is an explicit
// `Unsupported` result, never a no-op. Effects that leave the VM (a target call, the host callback) are queued and
// run only when the caller commits a whole event.
//
//   handler  what runs                                                            operands (varset indices)
//   H0       context word +0x50 = 1                                               -
//   H1       one varset value as a scalar: float as is, DWORD as unsigned         1
//   H2       event-record scheduler keyed by the bits of (slot0, slot4, slot5)    7: w, scalar, w, w, s, s, s
//   H8       state word of the current 100-byte problem record (+0x18)            1 DWORD
//   H15      typed target call; mode NONE 9 refs, 0x201/0x203/0x204/0x205 10,     9..11
//            TARGET_BY_PLACE 0x202 11; any other mode is an error
//   H19      ClanBaseX, ClanBaseY, ClanID from the SuperAI's base fields          3 DWORD
//   H30      host callback (0, first, second); (0,0,0) failed, (0,0,1) complete   2 DWORD
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "vestige/iron3d/ai/seams.hpp"
#include "vestige/iron3d/scr/scr.hpp"
#include "vestige/iron3d/varset/varset.hpp"

namespace vestige::iron3d::ai {

// ---- the SuperAI base fields Handler(19) reads (+0x7c clan id, +0x80 / +0x84 base x / y) ----

// x87 `fistp qword` at the game's rounding (nearest, ties to even), then the low 32 bits. NaN and values beyond the
// int64 range store the integer-indefinite 0x8000000000000000, whose low word is 0.
[[nodiscard]] std::uint32_t roundHalfEvenLowWord(float v);
// The ai.dll `__ftol` (rounding set to truncate around `fistp qword`), then the low 32 bits.
[[nodiscard]] std::uint32_t truncateLowWord(float v);

constexpr std::uint32_t kBaseWarnAbove = 10000;  // the constructor warns above this and goes on (10001 passes)

struct ClanBase {
    std::uint32_t clanId = 0;                  // zero-based clan index
    std::uint32_t roundedX = 0, roundedY = 0;  // the anchor's rounded low words
    float baseX = 0, baseY = 0;  // those words as the AI stores them: unsigned -> float (0xFFFFFFFF -> 2^32)
    std::vector<std::string> warnings;
};
[[nodiscard]] ClanBase clanBase(std::uint32_t clanIndex, float anchorX, float anchorY);

// ---- state the handlers change ----

struct H2Record {
    std::uint32_t word0 = 0, key4Bits = 0, key5Bits = 0;     // the identity: slot0 word, slot4/slot5 IEEE bits
    float scalar1 = 0;                                       // +0x14
    std::uint32_t counter = 0;                               // +0x24
    std::uint32_t increment = 0;                             // +0x28, slot2 at creation
    std::uint32_t word3 = 0;                                 // +0x2c
    float scalar6 = 0;                                       // +0x0c
    std::optional<std::uint32_t> startEvent, continueEvent;  // <base>_Start / <base>_Continue event indices
};

struct H2Input {
    std::uint32_t word0 = 0;
    float scalar1 = 0;
    std::uint32_t word2 = 0, word3 = 0;
    float scalar4 = 0, scalar5 = 0, scalar6 = 0;
};

struct H2Update {
    std::size_t index = 0;
    bool created = false;
    bool refreshed = false;
};

// The Handler(2) record collection (ai.dll 0x100059f0): find by identity bits; an existing record refreshes only
// when slot1 compares unequal as a float (NaN never equal, +0 == -0): slot1 and slot6 replaced, then the stored
// increment (+0x28) added to the counter (+0x24) with 32-bit wrap-around. A new record looks up its base's
// `_Start` / `_Continue` events once.
class H2Scheduler {
public:
    H2Update submit(const H2Input& in, const scr::Package* package, std::string_view base);
    [[nodiscard]] const std::vector<H2Record>& records() const { return mRecords; }

private:
    std::vector<H2Record> mRecords;
};

using ProblemRecord = std::array<std::uint32_t, 25>;  // 100 bytes; word 6 (+0x18) is the state

struct VmState {
    std::vector<std::uint32_t> cells;  // one raw word per varset declaration, from the defaults
    std::uint32_t flag = 0;            // the context word +0x50
    H2Scheduler h2;
    std::vector<ProblemRecord> problems;  // indexed by the live dCurrentProblem cell
};

[[nodiscard]] std::vector<std::uint32_t> defaultCells(const varset::VarSet& vars);

// ---- what leaves the VM ----

struct H15Payload {
    std::array<std::uint32_t, 4> words{};  // refs 0..3
    std::array<float, 4> scalars{};        // refs 4..7
    std::uint32_t mode = 0;                // ref 8
    std::vector<std::uint32_t> tail;       // refs 9.. (one word, or two for TARGET_BY_PLACE)
};

// The opaque target Handler(15) finds through the SuperAI (+0x3d8, virtual +0x1c) and calls (virtual +0x0c).
// What the call does is not recovered; World3D answers for it. The flag becomes 5 when the lookup fails, otherwise
// 0 or 1 from the call's zero / non-zero result.
class ScriptTargets {
public:
    virtual ~ScriptTargets() = default;
    [[nodiscard]] virtual bool exists(std::uint32_t word0) const = 0;
    virtual std::uint32_t invoke(std::uint32_t word0, const H15Payload& payload, std::uint32_t word2) = 0;
};

struct TargetCall {
    std::uint32_t word0 = 0, word2 = 0;
    H15Payload payload;
};
struct HostCallback {
    std::uint32_t mode = 0, command = 0, payload = 0;
};
using PendingCall = std::variant<TargetCall, HostCallback>;

enum class MissionOutcome { Running, Failed, Completed };
enum class OutcomeEffect { Changed, Repeat, Suppressed };
// The recovered Iron3D callback branch (mode 0, command 0): payload 0 -> Failed, 1 -> Completed; the same state
// again changes nothing; in the automatic demo game the branch is suppressed.
[[nodiscard]] OutcomeEffect applyOutcome(MissionOutcome& state, std::uint32_t payload, bool autoDemo);
[[nodiscard]] std::string_view outcomeName(MissionOutcome o);

// ---- one instruction ----

enum class Outcome { Executed, Unsupported };

struct CellWrite {
    std::uint32_t index = 0;
    std::uint32_t before = 0, after = 0;
};

struct HandlerResult {
    std::uint32_t event = 0, instruction = 0;
    scr::DispatchSelector selector;
    Outcome outcome = Outcome::Unsupported;
    std::string detail;             // why Unsupported, or what ran
    std::vector<CellWrite> writes;  // varset cells changed
    std::optional<float> scalar;    // H1's value
};

struct ExecEnv {
    const scr::Package& package;
    const varset::VarSet& vars;
    const ClanBase& base;
    const ScriptTargets* targets = nullptr;  // null: H15 is Unsupported
};

// Runs one record against `state`; queues external effects in `pending`. Errors are what the original raises as
// exceptions (a reference past the varset, a problem index past the table, an unobserved H15 mode).
[[nodiscard]] Result<HandlerResult> execute(const ExecEnv& env, std::uint32_t event, std::uint32_t instruction,
                                            VmState& state, std::vector<PendingCall>& pending);

[[nodiscard]] Json resultJson(const HandlerResult& r, const varset::VarSet* vars);

}  // namespace vestige::iron3d::ai
