#include "keys.hpp"

namespace vestige::platform_sdl {

using viewer::Key;

Key keyFromScancode(SDL_Scancode code) {
    // Letters, digits and F-keys are contiguous in both enumerations.
    if (code >= SDL_SCANCODE_A && code <= SDL_SCANCODE_Z)
        return static_cast<Key>(static_cast<int>(Key::A) + (code - SDL_SCANCODE_A));
    if (code >= SDL_SCANCODE_1 && code <= SDL_SCANCODE_9)
        return static_cast<Key>(static_cast<int>(Key::Num1) + (code - SDL_SCANCODE_1));
    if (code >= SDL_SCANCODE_F1 && code <= SDL_SCANCODE_F12)
        return static_cast<Key>(static_cast<int>(Key::F1) + (code - SDL_SCANCODE_F1));
    switch (code) {
        case SDL_SCANCODE_0:
            return Key::Num0;
        case SDL_SCANCODE_LEFT:
            return Key::Left;
        case SDL_SCANCODE_RIGHT:
            return Key::Right;
        case SDL_SCANCODE_UP:
            return Key::Up;
        case SDL_SCANCODE_DOWN:
            return Key::Down;
        case SDL_SCANCODE_HOME:
            return Key::Home;
        case SDL_SCANCODE_END:
            return Key::End;
        case SDL_SCANCODE_PAGEUP:
            return Key::PageUp;
        case SDL_SCANCODE_PAGEDOWN:
            return Key::PageDown;
        case SDL_SCANCODE_INSERT:
            return Key::Insert;
        case SDL_SCANCODE_DELETE:
            return Key::Delete;
        case SDL_SCANCODE_SPACE:
            return Key::Space;
        case SDL_SCANCODE_RETURN:
            return Key::Enter;
        case SDL_SCANCODE_ESCAPE:
            return Key::Escape;
        case SDL_SCANCODE_TAB:
            return Key::Tab;
        case SDL_SCANCODE_BACKSPACE:
            return Key::Backspace;
        case SDL_SCANCODE_LSHIFT:
            return Key::LeftShift;
        case SDL_SCANCODE_RSHIFT:
            return Key::RightShift;
        case SDL_SCANCODE_LCTRL:
            return Key::LeftCtrl;
        case SDL_SCANCODE_RCTRL:
            return Key::RightCtrl;
        case SDL_SCANCODE_LALT:
            return Key::LeftAlt;
        case SDL_SCANCODE_RALT:
            return Key::RightAlt;
        case SDL_SCANCODE_GRAVE:
            return Key::Grave;
        default:
            return Key::Unknown;
    }
}

}  // namespace vestige::platform_sdl
