// FXID effect reader and writer. Layout picture: include/vestige/iron3d/fx/fx.hpp.
#include "vestige/iron3d/fx/fx.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace vestige::iron3d::fx {
namespace {

// Index = opcode; 0 = not a known opcode (spec §10's table, sizes with the word).
constexpr std::array<std::size_t, 11> kCommandSize = {0, 224, 148, 200, 204, 112, 4, 208, 248, 208, 208};

Result<std::array<float, 3>> triple(ByteReader& r, std::string_view field) {
    std::array<float, 3> v{};
    for (std::size_t i = 0; i < 3; ++i) { VESTIGE_TRY(v[i], r.f32(fmt::format("{}[{}]", field, i))); }
    return v;
}

FixedString fixedField(const std::uint8_t* p) {
    FixedString s;
    s.raw.assign(p, p + kRefFieldSize);
    s.terminated = std::memchr(p, 0, kRefFieldSize) != nullptr;
    return s;
}

void putFixed(std::uint8_t* p, std::string_view text) {
    if (text.empty()) return;  // an empty view may hold a null pointer, which memcpy must never get
    std::memcpy(p, text.data(), std::min(text.size(), kRefFieldSize - 1));
}

}  // namespace

std::optional<std::size_t> commandSize(std::uint8_t opcode) {
    if (opcode >= kCommandSize.size() || kCommandSize[opcode] == 0) return std::nullopt;
    return kCommandSize[opcode];
}

bool hasResourceRef(std::uint8_t opcode) { return opcode >= 2 && opcode <= 10 && opcode != 6; }

std::optional<ResourceRef> Command::resourceRef() const {
    if (!hasResourceRef(opcode()) || body.size() < 2 * kRefFieldSize) return std::nullopt;
    return ResourceRef{fixedField(body.data()), fixedField(body.data() + kRefFieldSize)};
}

Result<Effect> read(ByteView bytes) {
    ByteReader r(bytes);
    VESTIGE_TRY(const std::uint32_t count, r.u32("command_count"));
    Effect e;
    Header& h = e.header;
    VESTIGE_TRY(h.timeMode, r.u32("time_mode"));
    VESTIGE_TRY(h.durationS, r.f32("duration_s"));
    VESTIGE_TRY(h.phaseJitter, r.f32("phase_jitter"));
    VESTIGE_TRY(h.flags, r.u32("flags"));
    VESTIGE_TRY(h.settingsId, r.u32("settings_id"));
    VESTIGE_TRY(h.randomShift, triple(r, "random_shift"));
    VESTIGE_TRY(h.pivot, triple(r, "pivot"));
    VESTIGE_TRY(h.scale, triple(r, "scale"));
    // Every command is at least its 4-byte word: a count the payload cannot hold fails before allocating.
    std::uint64_t least = 0;
    if (!checkedMul(count, kMinCommandSize, least) || least > r.remaining())
        return Error("fx.count", "the command count does not fit in the payload")
            .field("command_count")
            .at(0)
            .expected(fmt::format("<= {} commands of at least 4 bytes in {} bytes after the header",
                                  r.remaining() / kMinCommandSize, r.remaining()))
            .actual(std::to_string(count));
    e.commands.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t start = r.position();
        VESTIGE_TRY(const std::uint32_t word, r.u32("word"));
        const auto opcode = static_cast<std::uint8_t>(word & 0xFF);
        const auto size = commandSize(opcode);
        if (!size)
            return Error("fx.opcode", "unknown FX opcode")
                .record(i)
                .field("word")
                .at(start)
                .expected("opcode 1..10")
                .actual(fmt::format("opcode {} (word {:#010x})", opcode, word));
        if (*size > bytes.size() - start)
            return Error("fx.command_out_of_bounds", "an FX command runs past the end of the payload")
                .record(i)
                .field(fmt::format("op{}", opcode))
                .at(start)
                .expected(fmt::format("{} bytes from offset {} (end {})", *size, start, start + *size))
                .actual(fmt::format("payload of {} bytes", bytes.size()));
        VESTIGE_TRY(const ByteView body, r.bytes(*size - 4, "body"));
        e.commands.push_back({word, Bytes(body.begin(), body.end())});
    }
    VESTIGE_CHECK(r.expectEnd("the FX command stream"));
    return e;
}

Result<Bytes> write(const Effect& effect) {
    ByteWriter out;
    out.u32(static_cast<std::uint32_t>(effect.commands.size()));
    const Header& h = effect.header;
    out.u32(h.timeMode);
    out.f32(h.durationS);
    out.f32(h.phaseJitter);
    out.u32(h.flags);
    out.u32(h.settingsId);
    for (const auto* v : {&h.randomShift, &h.pivot, &h.scale})
        for (float f : *v) out.f32(f);
    for (std::size_t i = 0; i < effect.commands.size(); ++i) {
        const Command& c = effect.commands[i];
        const auto size = commandSize(c.opcode());
        if (!size)
            return Error("fx.opcode", "unknown FX opcode")
                .record(i)
                .field("word")
                .expected("opcode 1..10")
                .actual(std::to_string(c.opcode()));
        if (c.body.size() != *size - 4)
            return Error("fx.body_size", "an FX command body does not have its opcode's size")
                .record(i)
                .field("body")
                .expected(fmt::format("{} bytes (op {})", *size - 4, c.opcode()))
                .actual(fmt::format("{} bytes", c.body.size()));
        out.u32(c.word);
        out.bytes(c.body);
    }
    return out.take();
}

Command makeCommand(std::uint8_t opcode, bool enabled, std::string_view archive, std::string_view name) {
    Command c;
    c.word = opcode | (enabled ? kEnabledBit : 0u);
    if (const auto size = commandSize(opcode)) c.body.assign(*size - 4, 0);
    if (hasResourceRef(opcode)) {
        putFixed(c.body.data(), archive);
        putFixed(c.body.data() + kRefFieldSize, name);
    }
    return c;
}

}  // namespace vestige::iron3d::fx
