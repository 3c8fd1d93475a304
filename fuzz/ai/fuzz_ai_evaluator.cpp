// Fuzz the condition evaluator. Input: u8 list_count, per list u8 length + length i8 children, u32 context
// number, then 16-byte records. The object world is a fixed function of the key. Checks: records round-trip as
// bytes; a record's completion byte only ever goes 0 -> 1 and only on Passed; completed records are never looked
// at; the only error is the index == count boundary of tags 4/5; a second evaluation of the same input agrees.
#include <cstdint>
#include <vector>

#include "vestige/iron3d/ai/evaluator.hpp"

using namespace vestige;
using namespace vestige::iron3d::ai;

namespace {

class World final : public ConditionWorld {
public:
    bool objectExists(std::uint32_t key) const override {
        ++queries;
        return key % 3 != 0;
    }
    Tag2Probe probeTag2(std::uint32_t key) const override {
        return {(key & 1) != 0, (key & 2) != 0, (key >> 2) & 0x1F};
    }
    std::optional<std::uint32_t> tag3Value(std::uint32_t key) const override {
        if (key % 5 == 0) return std::nullopt;
        return key * 7;
    }
    std::uint32_t tag5Result(std::uint32_t key) const override { return key % 4 == 0 ? 1u : 0u; }
    std::size_t listCount() const override { return lists.size(); }
    std::span<const std::int32_t> list(std::size_t index) const override {
        if (index >= lists.size()) __builtin_trap();  // the evaluator must never read past the lists
        return lists[index];
    }
    std::vector<std::vector<std::int32_t>> lists;
    mutable std::size_t queries = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::size_t at = 0;
    if (size < 1) return 0;
    World world;
    const std::size_t lists = data[at++];
    for (std::size_t l = 0; l < lists && at < size; ++l) {
        const std::size_t n = data[at++];
        std::vector<std::int32_t> children;
        for (std::size_t i = 0; i < n && at < size; ++i) children.push_back(static_cast<std::int8_t>(data[at++]));
        world.lists.push_back(std::move(children));
    }
    if (size - at < 4) return 0;
    const ConditionContext context{loadU32(data + at)};
    at += 4;
    const ByteView rest(data + at, size - at - (size - at) % kConditionRecordSize);
    auto records = readConditions(rest);
    if (!records || writeConditions(*records) != Bytes(rest.begin(), rest.end())) __builtin_trap();
    std::vector<ConditionRecord> before = *records;
    for (std::size_t i = 0; i < records->size(); ++i) {
        ConditionRecord& r = (*records)[i];
        const ConditionRecord original = r;
        ConditionRecord twin = r;
        auto v = evaluate(r, world, context);
        auto again = evaluate(twin, world, context);
        if (v.ok() != again.ok() || (v.ok() && *v != *again) || !(r == twin)) __builtin_trap();
        if (!v) {
            const bool boundary = (r.tag == 4 || r.tag == 5) && r.subtype == 1 && r.payload == world.lists.size();
            if (!boundary || !(r == original)) __builtin_trap();
            continue;
        }
        if (*v == Verdict::Passed && r.completed != 1) __builtin_trap();
        if (*v == Verdict::NotPassed && !(r == original)) __builtin_trap();
    }
    // The caller's pass: completed records are skipped without a single object query.
    for (auto& r : before) r.completed = 1;
    world.queries = 0;
    auto pass = evaluateAll(before, world, context);
    if (!pass || pass->skipped != before.size() || world.queries != 0) __builtin_trap();
    return 0;
}
