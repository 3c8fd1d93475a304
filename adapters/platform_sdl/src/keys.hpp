#pragma once
// SDL scancodes (physical positions) to the neutral key codes.
#include <SDL.h>

#include "vestige/viewer/frame_input.hpp"

namespace vestige::platform_sdl {

[[nodiscard]] viewer::Key keyFromScancode(SDL_Scancode code);

}  // namespace vestige::platform_sdl
