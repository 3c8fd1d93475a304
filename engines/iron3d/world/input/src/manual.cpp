#include "vestige/iron3d/input/manual.hpp"

#include <algorithm>
#include <cmath>

namespace vestige::iron3d::input {

std::string_view manualCommandName(ManualCommand c) {
    switch (c) {
        case ManualCommand::State:
            return "MCMD_STATE";
        case ManualCommand::AngleX:
            return "MCMD_ANGLE_X";
        case ManualCommand::AngleY:
            return "MCMD_ANGLE_Y";
    }
    return "?";
}

float wrapInto(float v, float lo, float hi) {
    const float span = hi - lo;
    float r = std::fmod(v - lo, span);
    if (r < 0) r += span;
    const float out = lo + r;
    return out >= hi ? lo : out;  // rounding can land on hi itself
}

Status ManualCommands::add(const ManualBinding& b) {
    const bool finite = std::isfinite(b.coefficient) && std::isfinite(b.deadZone) && b.deadZone >= 0;
    const bool range = b.minValue <= b.maxValue && !std::isnan(b.minValue) && !std::isnan(b.maxValue);
    const bool wrapOk = b.wrap == WrapMode::NotWrap ||
                        (std::isfinite(b.minValue) && std::isfinite(b.maxValue) && b.minValue < b.maxValue);
    if (!finite || !range || !wrapOk)
        return Error("input.bad_binding", "a manual binding needs finite numbers (and a finite range to wrap in)")
            .in("command", std::string(manualCommandName(b.command)));
    mBindings.push_back(b);
    mStates.push_back({});
    return {};
}

float ManualCommands::inputOf(ManualCommand command) const {
    float sum = 0;
    for (std::size_t i = 0; i < mBindings.size(); ++i)
        if (mBindings[i].command == command) sum += mStates[i].input;
    return sum;
}

void ManualCommands::update(const InputSnapshot& s, std::uint32_t stepMs) {
    for (std::size_t i = 0; i < mBindings.size(); ++i) {
        const ManualBinding& b = mBindings[i];
        StateOf& st = mStates[i];
        float raw = 0;
        switch (b.source.kind) {
            case ManualSource::Kind::Button:
                raw = s.isHeld(b.source.button) ? 1.0f : 0.0f;
                break;
            case ManualSource::Kind::MouseX:
                raw = s.mouseDelta.x;
                break;
            case ManualSource::Kind::MouseY:
                raw = s.mouseDelta.y;
                break;
            case ManualSource::Kind::JoystickAxis:
                raw = s.axis(b.source.axis);
                break;
        }
        if (std::fabs(raw) <= b.deadZone) raw = 0;
        st.activeMs = raw != 0 ? st.activeMs + stepMs : 0;
        const float ramp = b.accelerationMs == 0
                               ? 1.0f
                               : std::min(1.0f, static_cast<float>(st.activeMs) / static_cast<float>(b.accelerationMs));
        st.input = raw * b.coefficient * ramp;
        if (b.command == ManualCommand::State) {
            st.value = st.input;
            continue;
        }
        const float next = st.value + st.input;
        st.value = b.wrap == WrapMode::Wrap ? wrapInto(next, b.minValue, b.maxValue)
                                            : std::clamp(next, b.minValue, b.maxValue);
    }
}

}  // namespace vestige::iron3d::input
