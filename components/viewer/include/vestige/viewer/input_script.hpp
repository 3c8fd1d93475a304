#pragma once
// Scripted input for `vestige view --script FILE`: the view loop runs at a fixed frame rate and takes its input
// from the script instead of the keyboard and mouse, so a run is repeatable (tests, bug reports).
//
//   # comment                       blank lines and '#' lines are skipped
//   TIME down KEY | up KEY          TIME in milliseconds from the first frame, KEY a name of keyName()
//   TIME tap KEY                    pressed and released in the same frame
//   TIME mouse DX DY                relative motion (counts; x right, y down)
//   TIME button down|up left|middle|right
//   TIME text TEXT                  typed text (the rest of the line, as a keyboard's text input delivers it)
//   TIME wheel N                    N wheel notches (+ away from the user)
//   TIME focus-lost                 everything held is released, as when the window loses focus
//   TIME quit                       ends the run
//
// Times must not decrease. Frame k is at k * 1e6 / fps microseconds (integer); an event is delivered in the first
// frame at or after its time, so a time that is a frame boundary at two rates (every 1/6 s for 30 and 144 fps)
// is seen at the same game time at both.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/result.hpp"
#include "vestige/viewer/frame_input.hpp"

namespace vestige::viewer {

struct ScriptEvent {
    enum class Kind : std::uint8_t { Down, Up, Tap, Mouse, ButtonDown, ButtonUp, Text, Wheel, FocusLost, Quit };
    std::uint64_t timeMicros = 0;
    Kind kind = Kind::Down;
    Key key = Key::Unknown;
    MouseButton button = MouseButton::Left;
    Vec2 motion;
    std::string text;
    std::int32_t notches = 0;
};

class InputScript {
public:
    // Fails with view.bad_script (line, field, expected vs actual).
    [[nodiscard]] static Result<InputScript> parse(std::string_view text);
    [[nodiscard]] const std::vector<ScriptEvent>& events() const { return mEvents; }
    // The first frame at `fps` that delivers the last event (0 for an empty script).
    [[nodiscard]] std::uint64_t lastFrame(std::uint32_t fps) const;

private:
    std::vector<ScriptEvent> mEvents;
};

// Plays a script frame by frame at a fixed rate.
class ScriptPlayer {
public:
    ScriptPlayer(const InputScript& script, std::uint32_t fps) : mScript(&script), mFps(fps) {}
    [[nodiscard]] FrameInput next();
    [[nodiscard]] std::uint64_t frame() const { return mFrame; }  // frames played so far

private:
    [[nodiscard]] std::uint64_t timeOf(std::uint64_t frame) const { return frame * 1'000'000 / mFps; }
    const InputScript* mScript;
    std::uint32_t mFps;
    std::uint64_t mFrame = 0;
    std::size_t mNext = 0;
    KeyState mKeys;
};

}  // namespace vestige::viewer
