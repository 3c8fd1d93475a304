#pragma once
// Iron3D compiled AI script package `MISSIONS/SCRIPTS/<bundle>.scr`: the external framing the GOG ai.dll reader
// (0x10011b20) walks, read losslessly. No field but the first instruction word has a known meaning.
//
//   u32 opcode_handler_count            73 in the GOG ai.dll (it builds exactly 73 handler pointers)
//   u32 event_count
//   Event x event_count:
//     u32 name_len                      excludes the terminator
//     u8  name[name_len + 1]            the last byte must be 0; earlier NULs are kept (C-string lookups stop there)
//     u32 event_word                    [?]
//     u32 instruction_count
//     Instruction x instruction_count:  28 + 4 * ref_count bytes
//       u32 w0                          dispatch selector: 0..72 handler index, 0xFFFFFFFF sentinel, else unknown
//       u32 w1, w2, w3, w4              [?]
//       u32 w5 = ref_count
//       u32 refs[ref_count]             varset declaration indices (0-based, declaration order)
//       u32 w6                          [?]
//   u8 trailing[]                       kept as is (none in the GOG corpus)
//
// Hard limits (a corrupt count must not make us allocate): see Limits; every count is also checked against the
// bytes left before anything is reserved. Specification: ../shared/specs/iron3d.md section 13, seed 002
// "SuperAI и миссионные сценарии"; docs/scr.md.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::scr {

// The handler table size of the GOG ai.dll; a package stating another count was built for another VM.
constexpr std::uint32_t kHandlerCount = 73;
constexpr std::uint32_t kSentinel = 0xFFFFFFFFu;
constexpr std::size_t kInstructionHeaderBytes = 28;  // w0..w6 without the references
constexpr std::size_t kMinEventBytes = 13;           // name_len, one NUL, event_word, instruction_count

// [P] limits of ours (the original has none recorded); the GOG corpus is far below every one.
struct Limits {
    std::uint64_t maxInput = 64ull << 20;
    std::uint32_t maxEvents = 1u << 16;
    std::uint32_t maxInstructions = 1u << 20;  // per package
    std::uint32_t maxRefs = 1u << 16;          // per instruction
    std::uint32_t maxNameBytes = 4096;         // name_len + 1
};

struct Instruction {
    std::array<std::uint32_t, 5> head{};  // w0..w4 as on disk
    std::vector<std::uint32_t> refs;      // w5 is refs.size()
    std::uint32_t tail = 0;               // w6
    // The seven raw header words in disk order (w5 = reference count).
    [[nodiscard]] std::array<std::uint32_t, 7> headerWords() const;
    friend bool operator==(const Instruction&, const Instruction&) = default;
};

struct Event {
    std::string name;  // the name_len bytes before the terminator (interior NULs kept)
    std::uint32_t word = 0;
    std::vector<Instruction> instructions;
    // The name as the VM compares it: the bytes before the first NUL.
    [[nodiscard]] std::string_view cName() const;
    friend bool operator==(const Event&, const Event&) = default;
};

struct Package {
    std::uint32_t handlerCount = kHandlerCount;
    std::vector<Event> events;
    Bytes trailing;
    friend bool operator==(const Package&, const Package&) = default;
};

enum class SelectorKind { Handler, Sentinel, Unknown };

// The typed reading of w0: the table is copied without reordering, so 0..72 is the handler index.
struct DispatchSelector {
    SelectorKind kind = SelectorKind::Unknown;
    std::uint32_t raw = 0;
    [[nodiscard]] static DispatchSelector of(std::uint32_t w0);
    [[nodiscard]] static DispatchSelector of(const Instruction& i) { return of(i.head[0]); }
    [[nodiscard]] bool isHandler(std::uint32_t index) const { return kind == SelectorKind::Handler && raw == index; }
    [[nodiscard]] std::string label() const;  // "Handler(19)", "Sentinel", "Unknown(0x100)"
};

// Strict framing read: stops at the end of the last event; the rest is `trailing`.
[[nodiscard]] Result<Package> read(ByteView bytes, const Limits& limits = {});
// Byte-exact: write(read(b)) == b.
[[nodiscard]] Result<Bytes> write(const Package& package);
// The limits read() enforces, on decoded data.
[[nodiscard]] Status validate(const Package& package, const Limits& limits = {});

// The VM check a loader makes before it uses a package: the package's handler count must be the VM's.
// A mismatch is `scr.version_mismatch` (its own error, never "unknown command").
[[nodiscard]] Status checkVersion(const Package& package, std::uint32_t vmHandlers = kHandlerCount);
// The line a loader appends to its ai.log for a package it refused (Vestige's wording; the original's text is
// not recorded): "<file>: <rendered error>".
[[nodiscard]] std::string aiLogLine(std::string_view file, const Error& error);

// The first event whose C-string name equals `name` exactly (case-sensitive, first NUL ends the stored name).
[[nodiscard]] std::optional<std::size_t> findEvent(const Package& package, std::string_view name);

struct Counts {
    std::uint64_t instructions = 0;
    std::uint64_t handlers = 0;
    std::uint64_t sentinels = 0;
    std::uint64_t unknown = 0;
    std::uint64_t references = 0;
    std::array<std::uint64_t, kHandlerCount> byHandler{};
};
[[nodiscard]] Counts count(const Package& package);

}  // namespace vestige::iron3d::scr
