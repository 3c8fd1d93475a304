#pragma once
// Source's key names as `bind` takes them (inputsystem's button names: "w", "SPACE", "CTRL", "MOUSE1", "`",
// "UPARROW", "MWHEELUP" ...), matched without case, and the backend-neutral keys of a platform frame
// (viewer::Key) under those names. Each name's number is its ButtonCode_t (KEY_A = 11, KEY_SPACE = 65, MOUSE_LEFT =
// 107 ...; GMod's KEY_*/MOUSE_* enums): the key number a "+cmd" binding passes to its button, so two keys holding one
// button are told apart, and the code PlayerBindPress gets.
#include <optional>
#include <string_view>

#include "vestige/viewer/frame_input.hpp"

namespace vestige::source::client {

// Mouse buttons and wheel notches after the keyboard's viewer::Key values.
enum class MouseKey : int { Mouse1, Mouse2, Mouse3, WheelUp, WheelDown };

// The key's number, or nullopt when `name` is no Source key name.
[[nodiscard]] std::optional<int> keyCode(std::string_view name);
// The canonical spelling of a key number ("w", "SPACE"), "" for none.
[[nodiscard]] std::string_view keyName(int code);
// The Source name of a platform key ("" when Source has none, e.g. Key::Unknown).
[[nodiscard]] std::string_view sourceKeyName(viewer::Key key);
[[nodiscard]] std::string_view sourceKeyName(MouseKey key);

}  // namespace vestige::source::client
