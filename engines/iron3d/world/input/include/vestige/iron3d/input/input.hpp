#pragma once
// Input as the simulation sees it (seed 002 "Ввод, камера и управление"): platform events are collected by the
// platform layer and turned into ONE snapshot per tick; the simulation and the renderer read only snapshots
// (the renderer never polls the OS, so the same press cannot depend on the frame rate).
//
//   edge    pressed / released during this tick's batch (a key pressed and released in one tick has both edges
//           and is not held)
//   held    down at the end of the batch; an edge is never repeated as a held state of a later tick
//   analog  mouse motion accumulates within the batch and starts from zero in the next; a joystick axis keeps
//           its last position until it moves
//   device  losing a device (or unplugging it) releases its held buttons and zeroes its axes, so no axis stays
//           deflected; its events are then ignored until it is added again
#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "vestige/core/math.hpp"

namespace vestige::iron3d::input {

enum class Device : std::uint8_t { Keyboard, Mouse, Joystick };

// Codes are scan codes per device; a button's identity is (device, code).
struct Button {
    Device device = Device::Keyboard;
    std::uint32_t code = 0;
    friend auto operator<=>(const Button&, const Button&) = default;
};

struct InputEvent {
    enum class Kind : std::uint8_t { Down, Up, MouseMove, Axis, DeviceLost, DeviceAdded };
    Kind kind = Kind::Down;
    Button button;  // Down/Up; device for DeviceLost/DeviceAdded
    Vec2 motion;    // MouseMove: (dx, dy) in device units
    std::uint32_t axis = 0;
    float value = 0;  // Axis: the normalised position in [-1, 1]
};

struct InputSnapshot {
    std::uint64_t tick = 0;
    std::set<Button> pressed, released, held;
    Vec2 mouseDelta;
    std::map<std::uint32_t, float> axes;  // joystick axes
    [[nodiscard]] bool isHeld(Button b) const { return held.count(b) > 0; }
    [[nodiscard]] bool wasPressed(Button b) const { return pressed.count(b) > 0; }
    [[nodiscard]] bool wasReleased(Button b) const { return released.count(b) > 0; }
    [[nodiscard]] float axis(std::uint32_t a) const {
        const auto it = axes.find(a);
        return it == axes.end() ? 0.0f : it->second;
    }
};

class InputCollector {
public:
    // Platform side: events in arrival order (UpdateManualEventsList).
    void push(const InputEvent& event) { mPending.push_back(event); }
    // Simulation side, once per tick (BuildInputSnapshot): consumes the batch (ClearManualEventsList).
    [[nodiscard]] InputSnapshot build(std::uint64_t tick);
    [[nodiscard]] std::size_t pending() const { return mPending.size(); }

private:
    std::vector<InputEvent> mPending;
    std::set<Button> mHeld;
    std::map<std::uint32_t, float> mAxes;
    std::set<Device> mLost;
};

}  // namespace vestige::iron3d::input
