#pragma once
// The condition-record evaluator of the GOG ai.dll 1.00 (RVA 0x5180; seed 002 "Подтверждённый evaluator записей
// условий"), a static reconstruction of its branches. A record is 16 bytes:
//
//   +0x00 u32 tag        1..5                      } where these three sit inside the 16 bytes is not in the
//   +0x04 u32 subtype    0 for tags 1-3, 1 for 4-5 } seed: these offsets are Vestige's own [P] encoding
//   +0x08 u32 payload    object key / list index   }
//   +0x0c u8  completed  set to 1 only when the check passes (recorded); the caller skips completed records
//   +0x0d u8  rest[3]    kept as is
//
//   tag 1  passes when the object lookup by payload finds nothing
//   tag 2  the object must exist; then one of its properties is checked; in the complex branch only the result
//          codes 1, 0x12 and 0x13 pass
//   tag 3  the value found for payload equals the context's first number
//   tag 4  walks the children of list[payload] (-1 = no element, skipped); passes only if no child resolves
//   tag 5  walks the same children; a missing object is skipped, a found one asks another virtual result: 0 goes
//          on, the first non-zero stops the walk and leaves the condition open; passes at the end of the list
//   any other tag / subtype pairing: not passed (the record stays open)
//
// The list index is compared with the list count as unsigned and refused only when strictly greater; index ==
// count passes that check and then fails the checked access - the original's C++ exception, here the error
// `ai.condition_index`, never a plain "false". What the fields mean in the game is not known.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::ai {

constexpr std::size_t kConditionRecordSize = 16;

struct ConditionRecord {
    std::uint32_t tag = 0;
    std::uint32_t subtype = 0;
    std::uint32_t payload = 0;
    std::uint8_t completed = 0;
    std::array<std::uint8_t, 3> rest{};
    friend bool operator==(const ConditionRecord&, const ConditionRecord&) = default;
};

// A whole number of 16-byte records (else `ai.condition_size` at the first byte of the partial record).
[[nodiscard]] Result<std::vector<ConditionRecord>> readConditions(ByteView bytes);
[[nodiscard]] Bytes writeConditions(std::span<const ConditionRecord> records);

// What tag 2's property check returned: which branch ran and its value.
struct Tag2Probe {
    bool complexBranch = false;
    bool simplePass = false;       // the simple branch's verdict
    std::uint32_t resultCode = 0;  // the complex branch's result code
};

// The object interface the evaluator queries (World3D's objects as the SuperAI sees them).
class ConditionWorld {
public:
    virtual ~ConditionWorld() = default;
    [[nodiscard]] virtual bool objectExists(std::uint32_t key) const = 0;
    [[nodiscard]] virtual Tag2Probe probeTag2(std::uint32_t key) const = 0;
    [[nodiscard]] virtual std::optional<std::uint32_t> tag3Value(std::uint32_t key) const = 0;
    [[nodiscard]] virtual std::uint32_t tag5Result(std::uint32_t key) const = 0;
    [[nodiscard]] virtual std::size_t listCount() const = 0;
    [[nodiscard]] virtual std::span<const std::int32_t> list(std::size_t index) const = 0;
};

struct ConditionContext {
    std::uint32_t firstNumber = 0;
};

enum class Verdict { Passed, NotPassed };

// Evaluates one record; on Passed its completion byte becomes 1.
[[nodiscard]] Result<Verdict> evaluate(ConditionRecord& record, const ConditionWorld& world,
                                       const ConditionContext& context);

struct ConditionPass {
    std::size_t passed = 0, open = 0, skipped = 0;  // skipped: already completed, not evaluated
};
// The caller's loop: completed records are skipped; an error stops the pass (it is the original's exception).
[[nodiscard]] Result<ConditionPass> evaluateAll(std::span<ConditionRecord> records, const ConditionWorld& world,
                                                const ConditionContext& context);

}  // namespace vestige::iron3d::ai
