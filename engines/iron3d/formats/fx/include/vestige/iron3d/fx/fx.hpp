#pragma once
// Iron3D FXID effect (NRes entry type 'FXID' = 0x44495846; spec §10): a 60-byte header, then command_count
// fixed-size commands with no padding, ending exactly at the end of the payload. Field meanings are unknown [?]
// beyond the names below; everything is kept raw and written back byte for byte.
//
//   +0x00 u32 command_count          derived: the writer stores commands.size()
//   +0x04 u32 time_mode              corpus: 0,1,2,4,5,14,15,16,17 (formulas unknown)
//   +0x08 f32 duration_s
//   +0x0C f32 phase_jitter
//   +0x10 u32 flags                  raw
//   +0x14 u32 settings_id            raw
//   +0x18 f32 random_shift[3]
//   +0x24 f32 pivot[3]
//   +0x30 f32 scale[3]
//   +0x3C commands, each:
//           +0x00 u32 word           opcode = word & 0xFF, enabled = (word >> 8) & 1, bits 9..31 kept raw
//           +0x04 body               total size (word included) fixed by the opcode:
//                                      op 1 224  op 2 148  op 3 200  op 4 204  op 5 112
//                                      op 6   4  op 7 208  op 8 248  op 9 208  op 10 208   (other opcodes: error)
//                 ops 2,3,4,5,7,8,9,10: body +0x00 char archive[32], +0x20 char name[32], then raw bytes
//                 (op 2 = a sound: 148 = 4 + 32 + 32 + 80 raw)
//   end of payload, exactly
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige::iron3d::fx {

constexpr std::uint32_t kNresType = 0x44495846;  // "FXID"
constexpr std::size_t kHeaderSize = 0x3C;
constexpr std::size_t kRefFieldSize = 32;
constexpr std::size_t kMinCommandSize = 4;  // op 6: the word alone
constexpr std::uint8_t kSoundOpcode = 2;
constexpr std::uint32_t kEnabledBit = 1u << 8;

struct Header {
    std::uint32_t timeMode = 0;
    float durationS = 0;
    float phaseJitter = 0;
    std::uint32_t flags = 0;
    std::uint32_t settingsId = 0;
    std::array<float, 3> randomShift{};
    std::array<float, 3> pivot{};
    std::array<float, 3> scale{1, 1, 1};
};

// Total size of a command with this opcode, word included; nullopt for an opcode the spec does not list.
[[nodiscard]] std::optional<std::size_t> commandSize(std::uint8_t opcode);
// Opcodes whose body starts with archive[32] + name[32].
[[nodiscard]] bool hasResourceRef(std::uint8_t opcode);

struct ResourceRef {
    FixedString archive;  // 32 raw bytes
    FixedString name;     // 32 raw bytes
};

struct Command {
    std::uint32_t word = 0;
    Bytes body;  // commandSize(opcode) - 4 raw bytes
    [[nodiscard]] std::uint8_t opcode() const { return static_cast<std::uint8_t>(word & 0xFF); }
    [[nodiscard]] bool enabled() const { return (word & kEnabledBit) != 0; }
    // The archive/name pair at the start of the body (opcodes with hasResourceRef and a full body).
    [[nodiscard]] std::optional<ResourceRef> resourceRef() const;
};

struct Effect {
    Header header;
    std::vector<Command> commands;
};

[[nodiscard]] Result<Effect> read(ByteView bytes);
// Byte-exact inverse of read(): every opcode must be known and every body exactly its opcode's size.
[[nodiscard]] Result<Bytes> write(const Effect& effect);

// Builders (tests, demo): a zero-filled command; for opcodes with a resource reference, archive and name are
// written NUL-padded (each at most 31 bytes).
[[nodiscard]] Command makeCommand(std::uint8_t opcode, bool enabled, std::string_view archive = {},
                                  std::string_view name = {});

}  // namespace vestige::iron3d::fx
