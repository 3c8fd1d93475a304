// .scr framing: bounded reader, byte-exact writer, selector, version check.
#include "vestige/iron3d/scr/scr.hpp"

#include <fmt/format.h>

namespace vestige::iron3d::scr {
namespace {

Error limitError(std::string field, std::uint64_t at, std::uint64_t limit, std::uint64_t actual) {
    return Error::atField("scr.limit", "count over the reader's limit", std::move(field), at)
        .expected(fmt::format("at most {}", limit))
        .actual(std::to_string(actual));
}

// Fails before any allocation when `count` items of at least `minBytes` each cannot fit in what is left.
Status fits(const ByteReader& r, std::uint64_t count, std::uint64_t minBytes, std::string field, std::uint64_t at) {
    std::uint64_t need = 0;
    if (!checkedMul(count, minBytes, need) || need > r.remaining())
        return Error::atField("scr.truncated", "the count needs more bytes than the package has left", std::move(field),
                              at)
            .expected(fmt::format("{} x at least {} bytes", count, minBytes))
            .actual(fmt::format("{} bytes left", r.remaining()));
    return okStatus();
}

Result<Instruction> readInstruction(ByteReader& r, const Limits& limits) {
    Instruction ins;
    static constexpr const char* kHead[5] = {"w0", "w1", "w2", "w3", "w4"};
    for (std::size_t i = 0; i < ins.head.size(); ++i) { VESTIGE_TRY(ins.head[i], r.u32(kHead[i])); }
    const std::uint64_t countAt = r.absolute();
    VESTIGE_TRY(const std::uint32_t refCount, r.u32("ref_count"));
    if (refCount > limits.maxRefs) return limitError("ref_count", countAt, limits.maxRefs, refCount);
    VESTIGE_CHECK(fits(r, std::uint64_t{refCount} + 1, 4, "ref_count", countAt));
    VESTIGE_TRY(ByteReader refs, r.array(refCount, 4, "refs"));
    ins.refs.resize(refCount);
    for (std::uint32_t i = 0; i < refCount; ++i) ins.refs[i] = loadU32(refs.data().data() + 4 * i);
    VESTIGE_TRY(ins.tail, r.u32("w6"));
    return ins;
}

Result<Event> readEvent(ByteReader& r, const Limits& limits, std::uint64_t& instructionsLeft) {
    Event ev;
    const std::uint64_t lenAt = r.absolute();
    VESTIGE_TRY(const std::uint32_t nameLen, r.u32("name_len"));
    const std::uint64_t nameBytes = std::uint64_t{nameLen} + 1;
    if (nameBytes > limits.maxNameBytes) return limitError("name_len", lenAt, limits.maxNameBytes - 1, nameLen);
    VESTIGE_TRY(ByteView name, r.bytes(static_cast<std::size_t>(nameBytes), "name"));
    if (name.back() != 0)
        return Error::atField("scr.name_unterminated", "event name does not end with NUL", "name", r.absolute() - 1)
            .expected("0x00")
            .actual(hex(name.back()));
    ev.name.assign(reinterpret_cast<const char*>(name.data()), nameLen);
    VESTIGE_TRY(ev.word, r.u32("event_word"));
    const std::uint64_t countAt = r.absolute();
    VESTIGE_TRY(const std::uint32_t count, r.u32("instruction_count"));
    if (count > instructionsLeft) return limitError("instruction_count", countAt, limits.maxInstructions, count);
    instructionsLeft -= count;
    VESTIGE_CHECK(fits(r, count, kInstructionHeaderBytes, "instruction_count", countAt));
    ev.instructions.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        VESTIGE_TRY(Instruction ins, readInstruction(r, limits).record(i).in("field", "instructions"));
        ev.instructions.push_back(std::move(ins));
    }
    return ev;
}

}  // namespace

std::array<std::uint32_t, 7> Instruction::headerWords() const {
    return {head[0], head[1], head[2], head[3], head[4], static_cast<std::uint32_t>(refs.size()), tail};
}

std::string_view Event::cName() const {
    const std::string_view all(name);
    return all.substr(0, all.find('\0'));
}

DispatchSelector DispatchSelector::of(std::uint32_t w0) {
    if (w0 < kHandlerCount) return {SelectorKind::Handler, w0};
    if (w0 == kSentinel) return {SelectorKind::Sentinel, w0};
    return {SelectorKind::Unknown, w0};
}

std::string DispatchSelector::label() const {
    switch (kind) {
        case SelectorKind::Handler:
            return fmt::format("Handler({})", raw);
        case SelectorKind::Sentinel:
            return "Sentinel";
        case SelectorKind::Unknown:
            break;
    }
    return fmt::format("Unknown({})", hex(raw));
}

Result<Package> read(ByteView bytes, const Limits& limits) {
    if (bytes.size() > limits.maxInput) return limitError("file", 0, limits.maxInput, bytes.size());
    ByteReader r(bytes);
    Package pkg;
    VESTIGE_TRY(pkg.handlerCount, r.u32("opcode_handler_count"));
    VESTIGE_TRY(const std::uint32_t eventCount, r.u32("event_count"));
    if (eventCount > limits.maxEvents) return limitError("event_count", 4, limits.maxEvents, eventCount);
    VESTIGE_CHECK(fits(r, eventCount, kMinEventBytes, "event_count", 4));
    pkg.events.reserve(eventCount);
    std::uint64_t instructionsLeft = limits.maxInstructions;
    for (std::uint32_t i = 0; i < eventCount; ++i) {
        VESTIGE_TRY(Event ev, readEvent(r, limits, instructionsLeft).in("event", std::to_string(i)));
        pkg.events.push_back(std::move(ev));
    }
    const ByteView rest = r.rest();
    pkg.trailing.assign(rest.begin(), rest.end());
    return pkg;
}

Status validate(const Package& pkg, const Limits& limits) {
    if (pkg.events.size() > limits.maxEvents)
        return limitError("event_count", 4, limits.maxEvents, pkg.events.size()).in("event", "*");
    std::uint64_t instructions = 0;
    for (std::size_t e = 0; e < pkg.events.size(); ++e) {
        const Event& ev = pkg.events[e];
        if (ev.name.size() + 1 > limits.maxNameBytes)
            return limitError("name_len", 0, limits.maxNameBytes - 1, ev.name.size()).in("event", std::to_string(e));
        instructions += ev.instructions.size();
        if (instructions > limits.maxInstructions)
            return limitError("instruction_count", 0, limits.maxInstructions, instructions)
                .in("event", std::to_string(e));
        for (std::size_t i = 0; i < ev.instructions.size(); ++i)
            if (ev.instructions[i].refs.size() > limits.maxRefs)
                return limitError("ref_count", 0, limits.maxRefs, ev.instructions[i].refs.size())
                    .record(i)
                    .in("event", std::to_string(e));
    }
    return okStatus();
}

Result<Bytes> write(const Package& pkg) {
    VESTIGE_CHECK(validate(pkg));
    ByteWriter w;
    w.u32(pkg.handlerCount);
    w.u32(static_cast<std::uint32_t>(pkg.events.size()));
    for (const Event& ev : pkg.events) {
        w.u32(static_cast<std::uint32_t>(ev.name.size()));
        w.chars(ev.name);
        w.u8(0);
        w.u32(ev.word);
        w.u32(static_cast<std::uint32_t>(ev.instructions.size()));
        for (const Instruction& ins : ev.instructions) {
            for (const std::uint32_t word : ins.head) w.u32(word);
            w.u32(static_cast<std::uint32_t>(ins.refs.size()));
            for (const std::uint32_t ref : ins.refs) w.u32(ref);
            w.u32(ins.tail);
        }
    }
    w.bytes(pkg.trailing);
    return w.take();
}

Status checkVersion(const Package& pkg, std::uint32_t vmHandlers) {
    if (pkg.handlerCount == vmHandlers) return okStatus();
    return Error::atField("scr.version_mismatch", "script package was built for another AI VM version",
                          "opcode_handler_count", 0)
        .expected(fmt::format("{} handlers", vmHandlers))
        .actual(fmt::format("{} handlers", pkg.handlerCount));
}

std::string aiLogLine(std::string_view file, const Error& error) { return fmt::format("{}: {}", file, error.render()); }

std::optional<std::size_t> findEvent(const Package& pkg, std::string_view name) {
    const std::string_view wanted = name.substr(0, name.find('\0'));
    for (std::size_t i = 0; i < pkg.events.size(); ++i)
        if (pkg.events[i].cName() == wanted) return i;
    return std::nullopt;
}

Counts count(const Package& pkg) {
    Counts c;
    for (const Event& ev : pkg.events)
        for (const Instruction& ins : ev.instructions) {
            ++c.instructions;
            c.references += ins.refs.size();
            const DispatchSelector s = DispatchSelector::of(ins);
            if (s.kind == SelectorKind::Handler) {
                ++c.handlers;
                ++c.byHandler[s.raw];
            } else if (s.kind == SelectorKind::Sentinel) {
                ++c.sentinels;
            } else {
                ++c.unknown;
            }
        }
    return c;
}

}  // namespace vestige::iron3d::scr
