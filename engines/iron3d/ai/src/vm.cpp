// The handler dispatcher: operand resolution through the varset and the recovered handler bodies.
#include "vestige/iron3d/ai/vm.hpp"

#include <fmt/format.h>

#include <bit>

namespace vestige::iron3d::ai {
namespace {

using varset::Kind;

// Operand access for one record. A reference past the varset is the original's C++ exception (an error); a kind
// a resolver has no recovered rule for makes the whole record Unsupported (the first reason is kept).
class Operands {
public:
    Operands(const ExecEnv& env, const scr::Instruction& ins, const VmState& state)
        : mEnv(env), mIns(ins), mState(state) {}

    [[nodiscard]] std::size_t size() const { return mIns.refs.size(); }
    [[nodiscard]] const std::string& unsupported() const { return mUnsupported; }

    Result<const varset::Declaration*> declaration(std::size_t slot) const {
        const std::uint32_t ref = mIns.refs[slot];
        if (ref >= mEnv.vars.declarations.size() || ref >= mState.cells.size())
            return Error("ai.ref_out_of_range", "instruction reference past the varset")
                .in("operand", std::to_string(slot))
                .expected(fmt::format("< {}", mEnv.vars.declarations.size()))
                .actual(std::to_string(ref));
        return &mEnv.vars.declarations[ref];
    }
    [[nodiscard]] std::uint32_t cell(std::size_t slot) const { return mState.cells[mIns.refs[slot]]; }

    // The DWORD resolver (0x10013570): a DWORD cell's raw word. A float goes through __ftol, whose rounding profile
    // was not captured, so it is not guessed.
    Result<std::uint32_t> word(std::size_t slot) {
        VESTIGE_TRY(const auto* d, declaration(slot));
        if (d->kind != Kind::Dword)
            miss(fmt::format("operand {} is {} where a DWORD is read (__ftol rounding of a non-DWORD not captured)",
                             slot, varset::kindName(d->kind)));
        return cell(slot);
    }
    // The scalar resolver (0x10013190): kind 3 float as is, kind 5 DWORD as unsigned. Kinds 0/2/4 and the
    // fallback constant are not recovered.
    Result<float> scalar(std::size_t slot) {
        VESTIGE_TRY(const auto* d, declaration(slot));
        if (d->kind == Kind::Float) return std::bit_cast<float>(cell(slot));
        if (d->kind == Kind::Dword) return static_cast<float>(cell(slot));
        miss(fmt::format("operand {} is {}: its scalar conversion is not recovered", slot, varset::kindName(d->kind)));
        return 0.0f;
    }
    // Handler(2)'s slots 4..6: kinds 5/3 converted, anything else 0.0 (recovered).
    Result<float> scalarOrZero(std::size_t slot) {
        VESTIGE_TRY(const auto* d, declaration(slot));
        if (!d->numeric()) return 0.0f;
        return scalar(slot);
    }
    void miss(std::string why) {
        if (mUnsupported.empty()) mUnsupported = std::move(why);
    }

private:
    const ExecEnv& mEnv;
    const scr::Instruction& mIns;
    const VmState& mState;
    std::string mUnsupported;
};

HandlerResult unsupported(HandlerResult r, std::string why) {
    r.outcome = Outcome::Unsupported;
    r.detail = std::move(why);
    return r;
}

std::string formNote(std::uint32_t handler, std::size_t want, std::size_t got) {
    return fmt::format("Handler({}) with {} references; the recovered form has {}", handler, got, want);
}

// Expected operand count of Handler(15) for a mode; 0 for a mode nobody has seen.
std::size_t h15Arity(std::uint32_t mode) {
    switch (mode) {
        case 0:
            return 9;  // NONE
        case 0x201:    // TARGET_BY_LOGIC_ID
        case 0x203:    // TARGET_BY_TYPE
        case 0x204:    // TARGET_NOT_DEFINED
        case 0x205:    // TARGET_BY_NAME
            return 10;
        case 0x202:
            return 11;  // TARGET_BY_PLACE
        default:
            return 0;
    }
}

Result<HandlerResult> runH2(const ExecEnv& env, Operands& ops, HandlerResult r, VmState& state) {
    if (ops.size() != 7) return unsupported(std::move(r), formNote(2, 7, ops.size()));
    H2Input in;
    VESTIGE_TRY(in.word0, ops.word(0));
    VESTIGE_TRY(in.scalar1, ops.scalar(1));
    VESTIGE_TRY(in.word2, ops.word(2));
    VESTIGE_TRY(in.word3, ops.word(3));
    VESTIGE_TRY(in.scalar4, ops.scalarOrZero(4));
    VESTIGE_TRY(in.scalar5, ops.scalarOrZero(5));
    VESTIGE_TRY(in.scalar6, ops.scalarOrZero(6));
    if (!ops.unsupported().empty()) return unsupported(std::move(r), ops.unsupported());
    // Slot 0 also names the base of the <base>_Start / <base>_Continue events: its declaration's name.
    VESTIGE_TRY(const auto* baseDecl, ops.declaration(0));
    const H2Update u = state.h2.submit(in, &env.package, baseDecl->name);
    state.flag = 0;
    r.outcome = Outcome::Executed;
    r.detail = fmt::format("record {} {}", u.index, u.created ? "created" : u.refreshed ? "refreshed" : "unchanged");
    return r;
}

Result<HandlerResult> runH8(const ExecEnv& env, Operands& ops, HandlerResult r, VmState& state) {
    if (ops.size() != 1) return unsupported(std::move(r), formNote(8, 1, ops.size()));
    VESTIGE_TRY(const std::uint32_t newState, ops.word(0));
    if (!ops.unsupported().empty()) return unsupported(std::move(r), ops.unsupported());
    const auto binding = env.vars.find("dCurrentProblem");
    if (!binding || *binding >= state.cells.size())
        return unsupported(std::move(r), "the loader binding dCurrentProblem is not in this varset");
    const std::uint32_t index = state.cells[*binding];
    if (index >= state.problems.size())
        return Error("ai.problem_out_of_range", "dCurrentProblem indexes past the problem table")
            .expected(fmt::format("< {}", state.problems.size()))
            .actual(std::to_string(index));
    ProblemRecord& rec = state.problems[index];
    std::string note;
    if (newState == 2 || newState == 3) {
        for (std::size_t w = 0; w < (newState == 2 ? 4u : 3u); ++w) rec[w] = 0;
        rec[6] = 0;
        note = fmt::format("; words 0-{} and 6 reset, the 2 opaque callbacks after the reset are not reproduced",
                           newState == 2 ? 3 : 2);
    }
    rec[6] = newState;
    r.outcome = Outcome::Executed;
    r.detail = fmt::format("problem {} state {}{}", index, newState, note);
    return r;
}

Result<HandlerResult> runH15(const ExecEnv& env, Operands& ops, HandlerResult r, VmState& state,
                             std::vector<PendingCall>& pending) {
    if (ops.size() < 9) return unsupported(std::move(r), formNote(15, 9, ops.size()));
    TargetCall call;
    for (std::size_t i = 0; i < 4; ++i) { VESTIGE_TRY(call.payload.words[i], ops.word(i)); }
    for (std::size_t i = 0; i < 4; ++i) { VESTIGE_TRY(call.payload.scalars[i], ops.scalar(4 + i)); }
    VESTIGE_TRY(call.payload.mode, ops.word(8));
    const std::size_t arity = h15Arity(call.payload.mode);
    if (arity == 0)
        return Error("ai.h15_mode", "Handler(15) target mode nobody has observed")
            .expected("0, 0x201, 0x202, 0x203, 0x204 or 0x205")
            .actual(hex(call.payload.mode));
    if (ops.size() != arity) return unsupported(std::move(r), formNote(15, arity, ops.size()));
    for (std::size_t i = 9; i < arity; ++i) {
        VESTIGE_TRY(const std::uint32_t w, ops.word(i));
        call.payload.tail.push_back(w);
    }
    if (!ops.unsupported().empty()) return unsupported(std::move(r), ops.unsupported());
    if (!env.targets) return unsupported(std::move(r), "no target interface (World3D) to call");
    call.word0 = call.payload.words[0];
    call.word2 = call.payload.words[2];
    r.outcome = Outcome::Executed;
    if (!env.targets->exists(call.word0)) {
        state.flag = 5;
        r.detail = fmt::format("target {} not found: flag 5", call.word0);
        return r;
    }
    r.detail = fmt::format("target {} mode {} call queued", call.word0, hex(call.payload.mode));
    pending.emplace_back(std::move(call));
    return r;
}

Result<HandlerResult> runH19(const ExecEnv& env, Operands& ops, HandlerResult r, VmState& state) {
    if (ops.size() != 3) return unsupported(std::move(r), formNote(19, 3, ops.size()));
    const std::uint32_t values[3] = {truncateLowWord(env.base.baseX), truncateLowWord(env.base.baseY), env.base.clanId};
    for (std::size_t i = 0; i < 3; ++i) {
        VESTIGE_TRY(const auto* d, ops.declaration(i));
        if (d->kind != Kind::Dword)
            ops.miss(fmt::format("Handler(19) target {} is {}; only DWORD targets are recovered", i,
                                 varset::kindName(d->kind)));
    }
    if (!ops.unsupported().empty()) return unsupported(std::move(r), ops.unsupported());
    const auto& ins = env.package.events[r.event].instructions[r.instruction];
    for (std::size_t i = 0; i < 3; ++i) {
        std::uint32_t& cell = state.cells[ins.refs[i]];
        r.writes.push_back({ins.refs[i], cell, values[i]});
        cell = values[i];
    }
    state.flag = 0;
    r.outcome = Outcome::Executed;
    r.detail = fmt::format("base ({}, {}) clan {}", values[0], values[1], values[2]);
    return r;
}

Result<HandlerResult> runH30(Operands& ops, HandlerResult r, std::vector<PendingCall>& pending) {
    if (ops.size() != 2) return unsupported(std::move(r), formNote(30, 2, ops.size()));
    VESTIGE_TRY(const std::uint32_t command, ops.word(0));
    VESTIGE_TRY(const std::uint32_t payload, ops.word(1));
    if (!ops.unsupported().empty()) return unsupported(std::move(r), ops.unsupported());
    if (command != 0 || payload > 1)
        return unsupported(std::move(r), fmt::format("host callback (0, {}, {}): only command 0 with payload 0/1 "
                                                     "(mission failed / complete) is recovered",
                                                     command, payload));
    pending.emplace_back(HostCallback{0, command, payload});
    r.outcome = Outcome::Executed;
    r.detail = fmt::format("host callback (0, 0, {}) queued: mission {}", payload, payload ? "complete" : "failed");
    return r;
}

}  // namespace

Result<HandlerResult> execute(const ExecEnv& env, std::uint32_t event, std::uint32_t instruction, VmState& state,
                              std::vector<PendingCall>& pending) {
    const scr::Instruction& ins = env.package.events.at(event).instructions.at(instruction);
    HandlerResult r;
    r.event = event;
    r.instruction = instruction;
    r.selector = scr::DispatchSelector::of(ins);
    if (r.selector.kind == scr::SelectorKind::Sentinel)
        return unsupported(std::move(r), "sentinel record: its meaning is not recovered");
    if (r.selector.kind == scr::SelectorKind::Unknown)
        return unsupported(std::move(r), "selector outside the 73-entry handler table");
    Operands ops(env, ins, state);
    switch (r.selector.raw) {
        case 0:
            state.flag = 1;
            r.outcome = Outcome::Executed;
            r.detail = "context flag +0x50 = 1";
            return r;
        case 1: {
            if (ops.size() != 1) return unsupported(std::move(r), formNote(1, 1, ops.size()));
            VESTIGE_TRY(const float v, ops.scalar(0));
            if (!ops.unsupported().empty()) return unsupported(std::move(r), ops.unsupported());
            r.scalar = v;
            r.outcome = Outcome::Executed;
            r.detail = fmt::format("scalar {} (its consumer is not recovered)", TraceSink::formatFloat(v));
            return r;
        }
        case 2:
            return runH2(env, ops, std::move(r), state);
        case 8:
            return runH8(env, ops, std::move(r), state);
        case 15:
            return runH15(env, ops, std::move(r), state, pending);
        case 19:
            return runH19(env, ops, std::move(r), state);
        case 30:
            return runH30(ops, std::move(r), pending);
        default:
            break;
    }
    return unsupported(std::move(r), fmt::format("Handler({}) is not recovered", r.selector.raw));
}

}  // namespace vestige::iron3d::ai
