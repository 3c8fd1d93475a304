#include "vestige/iron3d/input/input.hpp"

#include <algorithm>
#include <cmath>

namespace vestige::iron3d::input {

InputSnapshot InputCollector::build(std::uint64_t tick) {
    InputSnapshot s;
    s.tick = tick;
    for (const InputEvent& e : mPending) {
        const Device device = e.kind == InputEvent::Kind::MouseMove ? Device::Mouse
                              : e.kind == InputEvent::Kind::Axis    ? Device::Joystick
                                                                    : e.button.device;
        if (e.kind == InputEvent::Kind::DeviceAdded) {
            mLost.erase(device);
            continue;
        }
        if (e.kind == InputEvent::Kind::DeviceLost) {
            // Reacquire later with clean state: nothing of the lost device stays held or deflected.
            mLost.insert(device);
            for (auto it = mHeld.begin(); it != mHeld.end();)
                if (it->device == device) {
                    s.released.insert(*it);
                    it = mHeld.erase(it);
                } else {
                    ++it;
                }
            if (device == Device::Joystick) mAxes.clear();
            if (device == Device::Mouse) s.mouseDelta = {};
            continue;
        }
        if (mLost.count(device)) continue;
        switch (e.kind) {
            case InputEvent::Kind::Down:
                if (mHeld.insert(e.button).second) s.pressed.insert(e.button);
                break;
            case InputEvent::Kind::Up:
                if (mHeld.erase(e.button)) s.released.insert(e.button);
                break;
            case InputEvent::Kind::MouseMove:
                if (std::isfinite(e.motion.x) && std::isfinite(e.motion.y)) s.mouseDelta = s.mouseDelta + e.motion;
                break;
            case InputEvent::Kind::Axis:
                mAxes[e.axis] = std::isfinite(e.value) ? std::clamp(e.value, -1.0f, 1.0f) : 0.0f;
                break;
            default:
                break;
        }
    }
    mPending.clear();
    s.held = mHeld;
    s.axes = mAxes;
    return s;
}

}  // namespace vestige::iron3d::input
