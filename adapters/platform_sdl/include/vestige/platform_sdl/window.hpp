#pragma once
// An SDL2 window with a current OpenGL 4.5 core context, and its event pump as backend-neutral frames
// (viewer::FrameInput). Renderers draw into the context it makes current; nothing else here knows about GL.
//
// Video drivers: a real display (X11, Wayland). SDL's `offscreen` driver (an EGL pbuffer, no display) is accepted
// only when the caller allows it AND the user chose it (SDL_VIDEODRIVER=offscreen): SDL falls back to it silently
// when no display exists, and a window nobody can see must not look like success. `dummy` has no GL.
#include <cstdint>
#include <memory>
#include <string>

#include "vestige/core/result.hpp"
#include "vestige/viewer/frame_input.hpp"

namespace vestige::platform_sdl {

struct WindowOptions {
    std::string title = "Vestige";
    std::uint32_t width = 1280;
    std::uint32_t height = 720;
    bool allowOffscreen = false;  // scripted runs: accept SDL_VIDEODRIVER=offscreen
    bool relativeMouse = true;    // hide the cursor and report relative motion
    bool vsync = true;
    bool escapeQuits = true;  // false: Escape is an ordinary key (a game decides what it does)
};

class Window {
public:
    // Fails with render.no_display (the driver, DISPLAY and WAYLAND_DISPLAY in the message) when no usable window
    // and GL 4.5 core context can be made.
    [[nodiscard]] static Result<std::unique_ptr<Window>> open(const WindowOptions& options);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    // Drains SDL's queue into one frame: edges, held keys, typed text, mouse motion, buttons and wheel, quit (window
    // closed, or Escape unless escapeQuits is off), focus lost and device removed (both release everything held);
    // elapsedMicros from SDL's counter.
    [[nodiscard]] viewer::FrameInput pump();
    // The drawable size in pixels (at least 1x1).
    void drawableSize(std::uint32_t& width, std::uint32_t& height) const;
    void swap();
    [[nodiscard]] std::string driver() const;

private:
    Window() = default;
    struct Impl;
    std::unique_ptr<Impl> mImpl;
};

}  // namespace vestige::platform_sdl
