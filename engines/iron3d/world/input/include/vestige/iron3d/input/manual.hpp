#pragma once
// Manual commands (seed 002 "Event, state и axis"): a source (button, mouse axis, joystick axis) completed by a
// coefficient, a wrap mode, a dead zone and a time characteristic in milliseconds. The camera bindings name the
// commands MCMD_STATE, MCMD_ANGLE_X, MCMD_ANGLE_Y and the modes MAN_WRAP / MAN_NOTWRAP. The seed does not give
// the formulas, so these are Vestige's [P], evaluated once per tick from the snapshot (game time only):
//
//   raw      button: 1 while held, else 0; mouse: this tick's delta on the axis; joystick: the axis position
//   dead     |raw| <= deadZone -> 0 (no rescaling outside it)
//   ramp     accelerationMs > 0: the factor grows linearly with the time the source has been continuously active,
//            min(1, activeMs / accelerationMs) with activeMs counted in whole ticks, the first tick included
//   input    raw x coefficient x ramp
//   STATE    value = input (not accumulated)
//   ANGLE_*  value += input; MAN_WRAP wraps into [min, max), MAN_NOTWRAP clamps to [min, max]
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "vestige/core/result.hpp"
#include "vestige/iron3d/input/input.hpp"

namespace vestige::iron3d::input {

enum class ManualCommand : std::uint8_t { State, AngleX, AngleY };  // MCMD_STATE, MCMD_ANGLE_X, MCMD_ANGLE_Y
enum class WrapMode : std::uint8_t { Wrap, NotWrap };               // MAN_WRAP, MAN_NOTWRAP
[[nodiscard]] std::string_view manualCommandName(ManualCommand c);

struct ManualSource {
    enum class Kind : std::uint8_t { Button, MouseX, MouseY, JoystickAxis };
    Kind kind = Kind::Button;
    Button button;
    std::uint32_t axis = 0;
};

struct ManualBinding {
    ManualCommand command = ManualCommand::State;
    ManualSource source;
    float coefficient = 1;
    WrapMode wrap = WrapMode::NotWrap;
    float deadZone = 0;
    std::uint32_t accelerationMs = 0;
    float minValue = -std::numeric_limits<float>::infinity();
    float maxValue = std::numeric_limits<float>::infinity();
};

class ManualCommands {
public:
    // A wrapping binding needs a finite range with min < max; every number must be finite where used
    // (input.bad_binding otherwise).
    [[nodiscard]] Status add(const ManualBinding& binding);
    void update(const InputSnapshot& snapshot, std::uint32_t stepMs);
    [[nodiscard]] float value(std::size_t binding) const { return mStates.at(binding).value; }
    [[nodiscard]] float input(std::size_t binding) const { return mStates.at(binding).input; }
    [[nodiscard]] std::size_t size() const { return mBindings.size(); }
    [[nodiscard]] const ManualBinding& binding(std::size_t i) const { return mBindings.at(i); }
    // The sum of this tick's inputs of every binding of `command` (0 when none is bound).
    [[nodiscard]] float inputOf(ManualCommand command) const;

private:
    struct StateOf {
        float value = 0, input = 0;
        std::uint32_t activeMs = 0;
    };
    std::vector<ManualBinding> mBindings;
    std::vector<StateOf> mStates;
};

// Wraps v into [lo, hi) (hi > lo, both finite).
[[nodiscard]] float wrapInto(float v, float lo, float hi);

}  // namespace vestige::iron3d::input
