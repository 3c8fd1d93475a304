// Source key names (keys.hpp).
#include "vestige/source/client/keys.hpp"

#include <array>

#include "vestige/core/text.hpp"

namespace vestige::source::client {
namespace {

// Key number = index + 1 = the key's ButtonCode_t (SDK 2013 public/inputsystem/ButtonCode.h: KEY_0 = 1 .. KEY_F12 =
// 103, the three lock toggles, MOUSE_LEFT = 107 .. MOUSE_WHEEL_DOWN = 113), which GMod's KEY_*/MOUSE_* enums are and
// PlayerBindPress receives. The spellings are the names Source's bind takes.
constexpr std::array<std::string_view, 113> kNames = {
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
    "g",
    "h",
    "i",
    "j",
    "k",
    "l",
    "m",
    "n",
    "o",
    "p",
    "q",
    "r",
    "s",
    "t",
    "u",
    "v",
    "w",
    "x",
    "y",
    "z",
    "KP_INS",
    "KP_END",
    "KP_DOWNARROW",
    "KP_PGDN",
    "KP_LEFTARROW",
    "KP_5",
    "KP_RIGHTARROW",
    "KP_HOME",
    "KP_UPARROW",
    "KP_PGUP",
    "KP_SLASH",
    "KP_MULTIPLY",
    "KP_MINUS",
    "KP_PLUS",
    "KP_ENTER",
    "KP_DEL",
    "[",
    "]",
    "SEMICOLON",
    "'",
    "`",
    ",",
    ".",
    "/",
    "\\",
    "-",
    "=",
    "ENTER",
    "SPACE",
    "BACKSPACE",
    "TAB",
    "CAPSLOCK",
    "NUMLOCK",
    "ESCAPE",
    "SCROLLLOCK",
    "INS",
    "DEL",
    "HOME",
    "END",
    "PGUP",
    "PGDN",
    "PAUSE",
    "SHIFT",
    "RSHIFT",
    "ALT",
    "RALT",
    "CTRL",
    "RCTRL",
    "LWIN",
    "RWIN",
    "APP",
    "UPARROW",
    "LEFTARROW",
    "DOWNARROW",
    "RIGHTARROW",
    "F1",
    "F2",
    "F3",
    "F4",
    "F5",
    "F6",
    "F7",
    "F8",
    "F9",
    "F10",
    "F11",
    "F12",
    "CAPSLOCKTOGGLE",
    "NUMLOCKTOGGLE",
    "SCROLLLOCKTOGGLE",
    "MOUSE1",
    "MOUSE2",
    "MOUSE3",
    "MOUSE4",
    "MOUSE5",
    "MWHEELUP",
    "MWHEELDOWN",
};

int indexOf(std::string_view name) {
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (kNames[i] == name) return static_cast<int>(i) + 1;
    return 0;
}

}  // namespace

std::optional<int> keyCode(std::string_view name) {
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (iequals(kNames[i], name)) return static_cast<int>(i) + 1;
    return std::nullopt;
}

std::string_view keyName(int code) {
    if (code < 1 || code > static_cast<int>(kNames.size())) return {};
    return kNames[static_cast<std::size_t>(code - 1)];
}

std::string_view sourceKeyName(viewer::Key key) {
    using viewer::Key;
    const auto k = static_cast<int>(key);
    if (key >= Key::A && key <= Key::Z) return kNames[static_cast<std::size_t>(indexOf("a") - 1 + k - 1)];
    if (key >= Key::Num0 && key <= Key::Num9) return kNames[static_cast<std::size_t>(k - static_cast<int>(Key::Num0))];
    if (key >= Key::F1 && key <= Key::F12)
        return kNames[static_cast<std::size_t>(indexOf("F1") - 1 + k - static_cast<int>(Key::F1))];
    switch (key) {
        case Key::Left:
            return "LEFTARROW";
        case Key::Right:
            return "RIGHTARROW";
        case Key::Up:
            return "UPARROW";
        case Key::Down:
            return "DOWNARROW";
        case Key::Home:
            return "HOME";
        case Key::End:
            return "END";
        case Key::PageUp:
            return "PGUP";
        case Key::PageDown:
            return "PGDN";
        case Key::Insert:
            return "INS";
        case Key::Delete:
            return "DEL";
        case Key::Space:
            return "SPACE";
        case Key::Enter:
            return "ENTER";
        case Key::Escape:
            return "ESCAPE";
        case Key::Tab:
            return "TAB";
        case Key::Backspace:
            return "BACKSPACE";
        case Key::LeftShift:
            return "SHIFT";
        case Key::RightShift:
            return "RSHIFT";
        case Key::LeftCtrl:
            return "CTRL";
        case Key::RightCtrl:
            return "RCTRL";
        case Key::LeftAlt:
            return "ALT";
        case Key::RightAlt:
            return "RALT";
        case Key::Grave:
            return "`";
        default:
            return {};
    }
}

std::string_view sourceKeyName(MouseKey key) {
    switch (key) {
        case MouseKey::Mouse1:
            return "MOUSE1";
        case MouseKey::Mouse2:
            return "MOUSE2";
        case MouseKey::Mouse3:
            return "MOUSE3";
        case MouseKey::WheelUp:
            return "MWHEELUP";
        case MouseKey::WheelDown:
            return "MWHEELDOWN";
    }
    return {};
}

}  // namespace vestige::source::client
