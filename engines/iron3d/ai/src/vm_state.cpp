// The Handler(19) numeric chain, the Handler(2) scheduler, mission outcome, result JSON.
#include <fmt/format.h>

#include <bit>
#include <cmath>

#include "vestige/core/math.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/ai/vm.hpp"

namespace vestige::iron3d::ai {
namespace {

constexpr float kInt64Limit = 9223372036854775808.0f;  // 2^63

// `fistp qword` of an already integral value: the low word of the int64, or of the integer indefinite.
std::uint32_t lowWordOfIntegral(float integral) {
    if (std::isnan(integral) || integral >= kInt64Limit || integral < -kInt64Limit) return 0;
    return static_cast<std::uint32_t>(static_cast<std::uint64_t>(static_cast<std::int64_t>(integral)));
}

// The float compare the scheduler makes: NaN is unequal to everything, +0 equals -0.
bool scalarEqual(float a, float b) { return a == b; }

}  // namespace

std::uint32_t roundHalfEvenLowWord(float v) { return lowWordOfIntegral(roundHalfEven(v)); }
std::uint32_t truncateLowWord(float v) { return lowWordOfIntegral(std::trunc(v)); }

ClanBase clanBase(std::uint32_t clanIndex, float anchorX, float anchorY) {
    ClanBase b;
    b.clanId = clanIndex;
    b.roundedX = roundHalfEvenLowWord(anchorX);
    b.roundedY = roundHalfEvenLowWord(anchorY);
    b.baseX = static_cast<float>(b.roundedX);
    b.baseY = static_cast<float>(b.roundedY);
    for (const auto& [axis, word] : {std::pair{'X', b.roundedX}, std::pair{'Y', b.roundedY}})
        if (word > kBaseWarnAbove)
            b.warnings.push_back(fmt::format("clan {} base {} = {} is above {} (the original warns and goes on)",
                                             clanIndex, axis, word, kBaseWarnAbove));
    return b;
}

std::vector<std::uint32_t> defaultCells(const varset::VarSet& vars) {
    std::vector<std::uint32_t> cells;
    cells.reserve(vars.declarations.size());
    for (const auto& d : vars.declarations) cells.push_back(d.bits);
    return cells;
}

H2Update H2Scheduler::submit(const H2Input& in, const scr::Package* package, std::string_view base) {
    const std::uint32_t k4 = std::bit_cast<std::uint32_t>(in.scalar4);
    const std::uint32_t k5 = std::bit_cast<std::uint32_t>(in.scalar5);
    for (std::size_t i = 0; i < mRecords.size(); ++i) {
        H2Record& r = mRecords[i];
        if (r.word0 != in.word0 || r.key4Bits != k4 || r.key5Bits != k5) continue;
        if (scalarEqual(r.scalar1, in.scalar1)) return {i, false, false};
        r.scalar1 = in.scalar1;
        r.scalar6 = in.scalar6;
        r.counter += r.increment;  // unsigned: wraps modulo 2^32 as the x86 add does
        return {i, false, true};
    }
    H2Record r;
    r.word0 = in.word0;
    r.key4Bits = k4;
    r.key5Bits = k5;
    r.scalar1 = in.scalar1;
    r.counter = in.word2;
    r.increment = in.word2;
    r.word3 = in.word3;
    r.scalar6 = in.scalar6;
    if (package) {
        const auto find = [&](std::string_view suffix) -> std::optional<std::uint32_t> {
            const auto e = scr::findEvent(*package, fmt::format("{}{}", base, suffix));
            return e ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(*e)) : std::nullopt;
        };
        r.startEvent = find("_Start");
        r.continueEvent = find("_Continue");
    }
    mRecords.push_back(r);
    return {mRecords.size() - 1, true, false};
}

OutcomeEffect applyOutcome(MissionOutcome& state, std::uint32_t payload, bool autoDemo) {
    if (autoDemo) return OutcomeEffect::Suppressed;
    const MissionOutcome target = payload == 0 ? MissionOutcome::Failed : MissionOutcome::Completed;
    if (state == target) return OutcomeEffect::Repeat;
    state = target;
    return OutcomeEffect::Changed;
}

std::string_view outcomeName(MissionOutcome o) {
    switch (o) {
        case MissionOutcome::Running:
            return "running";
        case MissionOutcome::Failed:
            return "failed";
        case MissionOutcome::Completed:
            return "completed";
    }
    return "?";
}

Json resultJson(const HandlerResult& r, const varset::VarSet* vars) {
    Json j;
    j["event"] = r.event;
    j["instruction"] = r.instruction;
    j["selector"] = r.selector.label();
    j["result"] = r.outcome == Outcome::Executed ? "executed" : "unsupported";
    j["detail"] = r.detail;
    if (r.scalar) j["scalar"] = TraceSink::formatFloat(*r.scalar);
    Json writes = Json::array();
    for (const auto& w : r.writes) {
        Json jw{{"index", w.index}, {"before", w.before}, {"after", w.after}};
        if (vars && w.index < vars->declarations.size()) jw["name"] = cp1251ToUtf8(vars->declarations[w.index].name);
        writes.push_back(std::move(jw));
    }
    j["writes"] = std::move(writes);
    return j;
}

}  // namespace vestige::iron3d::ai
