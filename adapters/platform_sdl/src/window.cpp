#include "vestige/platform_sdl/window.hpp"

#include <SDL.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "keys.hpp"

namespace vestige::platform_sdl {

struct Window::Impl {
    SDL_Window* window = nullptr;
    SDL_GLContext gl = nullptr;
    bool videoUp = false, joystickUp = false;
    bool escapeQuits = true;
    viewer::KeyState keys;
    Uint64 last = 0;
    ~Impl() {
        if (gl) SDL_GL_DeleteContext(gl);
        if (window) SDL_DestroyWindow(window);
        if (joystickUp) SDL_QuitSubSystem(SDL_INIT_JOYSTICK);
        if (videoUp) SDL_QuitSubSystem(SDL_INIT_VIDEO);
    }
};

namespace {

Error noDisplay(const std::string& why) {
    Error e("render.no_display", fmt::format("cannot open a window: {}", why));
    e.expected("a display (X11 or Wayland); for headless pictures use `vestige render ... -o out.png`");
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    e.actual(
        fmt::format("DISPLAY={} WAYLAND_DISPLAY={}", display ? display : "(unset)", wayland ? wayland : "(unset)"));
    return e;
}

bool offscreenChosen() {
    const char* want = std::getenv("SDL_VIDEODRIVER");
    return want && std::string_view(want) == "offscreen";
}

std::optional<viewer::MouseButton> buttonOf(Uint8 sdl) {
    switch (sdl) {
        case SDL_BUTTON_LEFT:
            return viewer::MouseButton::Left;
        case SDL_BUTTON_MIDDLE:
            return viewer::MouseButton::Middle;
        case SDL_BUTTON_RIGHT:
            return viewer::MouseButton::Right;
        default:
            return std::nullopt;
    }
}

}  // namespace

Result<std::unique_ptr<Window>> Window::open(const WindowOptions& options) {
    auto w = std::unique_ptr<Window>(new Window());
    w->mImpl = std::make_unique<Impl>();
    Impl& s = *w->mImpl;
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) return noDisplay(SDL_GetError());
    s.videoUp = true;
    const char* driver = SDL_GetCurrentVideoDriver();
    const std::string_view name = driver ? driver : "";
    const bool offscreen = name == "offscreen";
    if (name.empty() || name == "dummy" || (offscreen && !(options.allowOffscreen && offscreenChosen())))
        return noDisplay(fmt::format("SDL video driver '{}' has no display{}", driver ? driver : "none",
                                     offscreen ? " (SDL_VIDEODRIVER=offscreen with --script runs without one)" : ""));
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 4);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 5);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    s.window = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                static_cast<int>(options.width), static_cast<int>(options.height),
                                SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE);
    if (!s.window) return noDisplay(SDL_GetError());
    s.gl = SDL_GL_CreateContext(s.window);
    if (!s.gl) return noDisplay(fmt::format("no OpenGL 4.5 core context: {}", SDL_GetError()));
    if (SDL_GL_MakeCurrent(s.window, s.gl) != 0) return noDisplay(SDL_GetError());
    SDL_GL_SetSwapInterval(options.vsync ? 1 : 0);
    if (options.relativeMouse && !offscreen) SDL_SetRelativeMouseMode(SDL_TRUE);
    // Only to hear about removed devices (FrameInput::deviceRemoved); joystick axes are not read yet.
    s.joystickUp = SDL_InitSubSystem(SDL_INIT_JOYSTICK) == 0;
    s.escapeQuits = options.escapeQuits;
    s.last = SDL_GetPerformanceCounter();
    return w;
}

Window::~Window() = default;

viewer::FrameInput Window::pump() {
    Impl& s = *mImpl;
    const Uint64 now = SDL_GetPerformanceCounter();
    const auto elapsed = static_cast<std::uint64_t>((now - s.last) * 1'000'000 / SDL_GetPerformanceFrequency());
    s.last = now;
    viewer::FrameInput f = s.keys.begin(elapsed);
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
        switch (ev.type) {
            case SDL_QUIT:
                f.quit = true;
                break;
            case SDL_KEYDOWN:
                if (ev.key.keysym.scancode == SDL_SCANCODE_ESCAPE && s.escapeQuits) f.quit = true;
                if (!ev.key.repeat) s.keys.down(f, keyFromScancode(ev.key.keysym.scancode));
                break;
            case SDL_KEYUP:
                s.keys.up(f, keyFromScancode(ev.key.keysym.scancode));
                break;
            case SDL_MOUSEMOTION:
                f.mouseDelta =
                    f.mouseDelta + Vec2{static_cast<float>(ev.motion.xrel), static_cast<float>(ev.motion.yrel)};
                break;
            case SDL_TEXTINPUT:
                f.text += ev.text.text;
                break;
            case SDL_MOUSEWHEEL:
                f.wheel += ev.wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -ev.wheel.y : ev.wheel.y;
                break;
            case SDL_MOUSEBUTTONDOWN:
                if (auto b = buttonOf(ev.button.button)) s.keys.buttonDown(f, *b);
                break;
            case SDL_MOUSEBUTTONUP:
                if (auto b = buttonOf(ev.button.button)) s.keys.buttonUp(f, *b);
                break;
            case SDL_WINDOWEVENT:
                if (ev.window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
                    s.keys.releaseAll(f);  // the key-up events go to another window
                    f.focusLost = true;
                }
                break;
            case SDL_JOYDEVICEREMOVED:
                s.keys.releaseAll(f);  // nothing may stay held from a device that went away
                f.deviceRemoved = true;
                break;
            default:
                break;
        }
    }
    return f;
}

void Window::drawableSize(std::uint32_t& width, std::uint32_t& height) const {
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(mImpl->window, &w, &h);
    width = static_cast<std::uint32_t>(std::max(w, 1));
    height = static_cast<std::uint32_t>(std::max(h, 1));
}

void Window::swap() { SDL_GL_SwapWindow(mImpl->window); }

std::string Window::driver() const {
    const char* d = SDL_GetCurrentVideoDriver();
    return d ? d : "";
}

}  // namespace vestige::platform_sdl
