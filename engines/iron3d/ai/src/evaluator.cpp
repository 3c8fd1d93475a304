// Condition-record evaluator.
#include "vestige/iron3d/ai/evaluator.hpp"

#include <fmt/format.h>

namespace vestige::iron3d::ai {
namespace {

bool validPairing(const ConditionRecord& r) {
    if (r.tag >= 1 && r.tag <= 3) return r.subtype == 0;
    if (r.tag == 4 || r.tag == 5) return r.subtype == 1;
    return false;
}

Result<Verdict> walkList(const ConditionRecord& r, const ConditionWorld& world) {
    const std::size_t count = world.listCount();
    if (r.payload > count) return Verdict::NotPassed;  // the unsigned check refuses only "greater than"
    if (r.payload == count)
        return Error("ai.condition_index", "condition list index equals the list count (checked access fails)")
            .field("payload")
            .expected(fmt::format("< {}", count))
            .actual(std::to_string(r.payload));
    for (const std::int32_t child : world.list(r.payload)) {
        if (child == -1) continue;
        const auto key = static_cast<std::uint32_t>(child);
        if (!world.objectExists(key)) continue;
        if (r.tag == 4) return Verdict::NotPassed;                  // a child resolved
        if (world.tag5Result(key) != 0) return Verdict::NotPassed;  // the first non-zero stops the walk
    }
    return Verdict::Passed;
}

Result<Verdict> check(const ConditionRecord& r, const ConditionWorld& world, const ConditionContext& context) {
    if (!validPairing(r)) return Verdict::NotPassed;
    switch (r.tag) {
        case 1:
            return world.objectExists(r.payload) ? Verdict::NotPassed : Verdict::Passed;
        case 2: {
            if (!world.objectExists(r.payload)) return Verdict::NotPassed;
            const Tag2Probe p = world.probeTag2(r.payload);
            const bool pass =
                p.complexBranch ? (p.resultCode == 1 || p.resultCode == 0x12 || p.resultCode == 0x13) : p.simplePass;
            return pass ? Verdict::Passed : Verdict::NotPassed;
        }
        case 3: {
            const auto v = world.tag3Value(r.payload);
            return v && *v == context.firstNumber ? Verdict::Passed : Verdict::NotPassed;
        }
        default:
            return walkList(r, world);
    }
}

}  // namespace

Result<std::vector<ConditionRecord>> readConditions(ByteView bytes) {
    if (bytes.size() % kConditionRecordSize != 0)
        return Error::atField("ai.condition_size", "condition records are 16 bytes each", "record",
                              bytes.size() - bytes.size() % kConditionRecordSize)
            .expected("a multiple of 16 bytes")
            .actual(std::to_string(bytes.size()));
    std::vector<ConditionRecord> out(bytes.size() / kConditionRecordSize);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const std::uint8_t* p = bytes.data() + i * kConditionRecordSize;
        out[i].tag = loadU32(p);
        out[i].subtype = loadU32(p + 4);
        out[i].payload = loadU32(p + 8);
        out[i].completed = p[12];
        out[i].rest = {p[13], p[14], p[15]};
    }
    return out;
}

Bytes writeConditions(std::span<const ConditionRecord> records) {
    ByteWriter w;
    for (const auto& r : records) {
        w.u32(r.tag);
        w.u32(r.subtype);
        w.u32(r.payload);
        w.u8(r.completed);
        for (const std::uint8_t b : r.rest) w.u8(b);
    }
    return w.take();
}

Result<Verdict> evaluate(ConditionRecord& record, const ConditionWorld& world, const ConditionContext& context) {
    VESTIGE_TRY(const Verdict v, check(record, world, context));
    if (v == Verdict::Passed) record.completed = 1;
    return v;
}

Result<ConditionPass> evaluateAll(std::span<ConditionRecord> records, const ConditionWorld& world,
                                  const ConditionContext& context) {
    ConditionPass pass;
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (records[i].completed) {
            ++pass.skipped;
            continue;
        }
        VESTIGE_TRY(const Verdict v, evaluate(records[i], world, context).record(i));
        ++(v == Verdict::Passed ? pass.passed : pass.open);
    }
    return pass;
}

}  // namespace vestige::iron3d::ai
