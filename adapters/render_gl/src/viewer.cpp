#include "vestige/render_gl/viewer.hpp"

#include <SDL.h>
#include <epoxy/gl.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "vestige/render_gl/renderer.hpp"

namespace vestige::render_gl {

namespace {

// The free-fly camera keeps heading/pitch (Iron3D convention angles) and rebuilds the basis each frame.
struct FlyCamera {
    scene::Camera base;
    float heading = 0, pitch = 0;

    explicit FlyCamera(const scene::Camera& c) : base(c) {
        heading = std::atan2(c.forward.y, c.forward.x);
        pitch = std::asin(std::clamp(c.forward.z, -1.0f, 1.0f));
    }
    scene::Camera current() const {
        scene::Camera c = scene::ironCamera(base.position, heading, pitch, 0, base.verticalFov);
        c.zNear = base.zNear;
        c.zFar = base.zFar;
        return c;
    }
};

struct SdlSession {
    SDL_Window* window = nullptr;
    SDL_GLContext gl = nullptr;
    ~SdlSession() {
        if (gl) SDL_GL_DeleteContext(gl);
        if (window) SDL_DestroyWindow(window);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    }
};

Error noDisplay(const std::string& why) {
    Error e("render.no_display", fmt::format("cannot open a window: {}", why));
    e.expected("a display (X11 or Wayland); for headless pictures use `vestige render ... -o out.png`");
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    e.actual(
        fmt::format("DISPLAY={} WAYLAND_DISPLAY={}", display ? display : "(unset)", wayland ? wayland : "(unset)"));
    return e;
}

}  // namespace

Status runViewer(const scene::Scene& scene, const scene::Camera& start, const ViewerOptions& options) {
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) return noDisplay(SDL_GetError());
    SdlSession session;
    const char* driver = SDL_GetCurrentVideoDriver();
    if (!driver || std::string_view(driver) == "dummy" || std::string_view(driver) == "offscreen")
        return noDisplay(fmt::format("SDL video driver '{}' has no display", driver ? driver : "none"));
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 4);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 5);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    session.window = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                      static_cast<int>(options.width), static_cast<int>(options.height),
                                      SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE);
    if (!session.window) return noDisplay(SDL_GetError());
    session.gl = SDL_GL_CreateContext(session.window);
    if (!session.gl) return noDisplay(fmt::format("no OpenGL 4.5 core context: {}", SDL_GetError()));
    SDL_GL_SetSwapInterval(1);

    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(session.window, &w, &h);
    VESTIGE_TRY(auto renderer, Renderer::create(static_cast<std::uint32_t>(std::max(w, 1)),
                                                static_cast<std::uint32_t>(std::max(h, 1))));
    VESTIGE_CHECK(renderer->setScene(scene));
    FlyCamera fly(start);
    SDL_SetRelativeMouseMode(SDL_TRUE);
    int shot = 0;
    Uint64 last = SDL_GetPerformanceCounter();
    bool running = true;
    Status result;
    while (running) {
        SDL_Event ev;
        bool screenshot = false;
        while (SDL_PollEvent(&ev)) {
            if (ev.type == SDL_QUIT) running = false;
            if (ev.type == SDL_KEYDOWN && ev.key.keysym.sym == SDLK_ESCAPE) running = false;
            if (ev.type == SDL_KEYDOWN && ev.key.keysym.sym == SDLK_F12 && !ev.key.repeat) screenshot = true;
            if (ev.type == SDL_MOUSEMOTION) {
                fly.heading -= static_cast<float>(ev.motion.xrel) * 0.003f;
                fly.pitch = std::clamp(fly.pitch - static_cast<float>(ev.motion.yrel) * 0.003f, -1.55f, 1.55f);
            }
        }
        const Uint64 now = SDL_GetPerformanceCounter();
        const float dt = static_cast<float>(now - last) / static_cast<float>(SDL_GetPerformanceFrequency());
        last = now;
        const Uint8* keys = SDL_GetKeyboardState(nullptr);
        const scene::Camera cam = fly.current();
        Vec3 move;
        if (keys[SDL_SCANCODE_W]) move += cam.forward;
        if (keys[SDL_SCANCODE_S]) move -= cam.forward;
        if (keys[SDL_SCANCODE_A]) move += cam.left;
        if (keys[SDL_SCANCODE_D]) move -= cam.left;
        if (keys[SDL_SCANCODE_SPACE]) move += Vec3{0, 0, 1};
        if (keys[SDL_SCANCODE_LCTRL]) move -= Vec3{0, 0, 1};
        const float speed = options.speed * (keys[SDL_SCANCODE_LSHIFT] ? 4.0f : 1.0f);
        fly.base.position += normalize(move) * (speed * std::min(dt, 0.1f));

        SDL_GL_GetDrawableSize(session.window, &w, &h);
        if (w > 0 && h > 0) {
            result = renderer->resize(static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h));
            if (!result) break;
        }
        result = renderer->draw(fly.current());
        if (!result) break;
        if (screenshot) {
            auto img = renderer->readColor();
            if (img) {
                const auto path = options.screenshotDir / fmt::format("vestige-shot-{:03}.png", shot++);
                auto st = image::writePng(path, *img);
                std::fprintf(stderr, "%s\n",
                             st ? fmt::format("screenshot: {}", path.string()).c_str() : st.error().render().c_str());
            }
        }
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        renderer->blitToScreen(static_cast<std::uint32_t>(std::max(w, 1)), static_cast<std::uint32_t>(std::max(h, 1)));
        SDL_GL_SwapWindow(session.window);
    }
    renderer.reset();
    return result;
}

}  // namespace vestige::render_gl
