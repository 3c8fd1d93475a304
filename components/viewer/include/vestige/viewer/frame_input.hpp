#pragma once
// One presentation frame of user input, as a platform adapter (adapters/platform_sdl) hands it to the view loop.
// Keys are named by a neutral code (the key's role on a US layout), never by a backend's numbers, so controllers
// and scripts do not depend on SDL. Edges and held state follow the same rules as a game's input snapshot:
//
//   pressed / released   edges seen during this frame (a tap inside one frame has both and is not held)
//   held                 down at the end of the frame
//   mouseDelta           relative motion summed over the frame (x right, y down, device counts)
//   focusLost / deviceRemoved   the window lost the keyboard/mouse or a device went away: the platform has already
//                        released every held key and button (they appear in `released`)
#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "vestige/core/math.hpp"

namespace vestige::viewer {

// clang-format off
enum class Key : std::uint8_t {
    Unknown,
    A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
    Num0, Num1, Num2, Num3, Num4, Num5, Num6, Num7, Num8, Num9,
    Left, Right, Up, Down, Home, End, PageUp, PageDown, Insert, Delete,
    Space, Enter, Escape, Tab, Backspace,
    LeftShift, RightShift, LeftCtrl, RightCtrl, LeftAlt, RightAlt,
    F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12,
    Grave,  // ` (the console key)
    Count
};
// clang-format on
inline constexpr std::size_t kKeyCount = static_cast<std::size_t>(Key::Count);

enum class MouseButton : std::uint8_t { Left, Middle, Right, Count };
inline constexpr std::size_t kMouseButtonCount = static_cast<std::size_t>(MouseButton::Count);

// "a", "left", "space", "lshift", "f12", ...; Unknown is "unknown".
[[nodiscard]] std::string_view keyName(Key key);
[[nodiscard]] std::optional<Key> keyFromName(std::string_view name);  // case-insensitive

struct FrameInput {
    std::uint64_t elapsedMicros = 0;  // time since the previous frame (the platform's clock or the script's rate)
    std::bitset<kKeyCount> held, pressed, released;
    std::bitset<kMouseButtonCount> buttonsHeld, buttonsPressed, buttonsReleased;
    Vec2 mouseDelta;
    int wheel = 0;      // wheel notches over the frame, + away from the user
    std::string text;   // UTF-8 typed over the frame (text input: layout and shift applied, no control keys)
    bool quit = false;  // window closed or Escape
    bool focusLost = false;
    bool deviceRemoved = false;

    [[nodiscard]] bool isHeld(Key k) const { return held.test(static_cast<std::size_t>(k)); }
    [[nodiscard]] bool wasPressed(Key k) const { return pressed.test(static_cast<std::size_t>(k)); }
    [[nodiscard]] bool wasReleased(Key k) const { return released.test(static_cast<std::size_t>(k)); }
};

// Folds edges into held state frame after frame (the platform adapter and the script share it): down/up update
// `held` and record the edge; a repeat of a held key is no edge. `release()` lets go of everything (focus lost).
class KeyState {
public:
    void down(FrameInput& f, Key k);
    void up(FrameInput& f, Key k);
    void buttonDown(FrameInput& f, MouseButton b);
    void buttonUp(FrameInput& f, MouseButton b);
    void releaseAll(FrameInput& f);
    // Starts a frame: no edges, the held state carried over.
    [[nodiscard]] FrameInput begin(std::uint64_t elapsedMicros) const;

private:
    std::bitset<kKeyCount> mHeld;
    std::bitset<kMouseButtonCount> mButtons;
};

}  // namespace vestige::viewer
