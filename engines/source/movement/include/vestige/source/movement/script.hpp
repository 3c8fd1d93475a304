#pragma once
// Input scripts for headless movement runs (`vestige move --input FILE`). One command per line:
//
//   TICKS [+button ...] FORWARD SIDE YAW PITCH      e.g.  120 +forward +jump 250 0 90 0
//
// TICKS is a positive integer, buttons are +forward +back +moveleft +moveright +jump +duck +speed +walk
// +use +attack +noclip (or "-" for none), the four numbers are finite decimals (units/s, degrees).
// '#' starts a comment; blank lines are ignored. Errors name the line, column and byte offset.
#include <cstdint>
#include <string_view>
#include <vector>

#include "vestige/core/result.hpp"
#include "vestige/source/movement/movement.hpp"

namespace vestige::source::movement {

struct ScriptCommand {
    std::uint32_t ticks = 0;
    std::uint32_t buttons = 0;
    float forward = 0;
    float side = 0;
    float yaw = 0;
    float pitch = 0;
    std::uint32_t line = 0;  // 1-based source line
    [[nodiscard]] MoveInput input() const;
};

constexpr std::uint32_t kMaxScriptTicks = 10'000'000;  // total over the script

[[nodiscard]] Result<std::vector<ScriptCommand>> parseInputScript(std::string_view text);
// The button bit of "+name" (without the plus), or 0.
[[nodiscard]] std::uint32_t buttonFromName(std::string_view name);

}  // namespace vestige::source::movement
