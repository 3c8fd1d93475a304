#include "vestige/render_gl/headless.hpp"

#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>

namespace vestige::render_gl {
namespace {

Error noEgl(const std::string& why) {
    Error e("render.no_egl", fmt::format("cannot create a headless OpenGL 4.5 context: {}", why));
    e.expected("EGL with EGL_MESA_platform_surfaceless and a GL 4.5 core driver (Mesa llvmpipe works)");
    return e;
}

// The surfaceless display is initialised once per process and never terminated: eglTerminate makes
// Mesa unload its driver, which costs a driver load per context and leaves the driver's internal
// allocations looking like leaks from an unloaded module (LeakSanitizer reports them).
Result<EGLDisplay> sharedDisplay() {
    struct Shared {
        EGLDisplay display = EGL_NO_DISPLAY;
        std::string error;
    };
    static const Shared shared = [] {
        Shared s;
        // Without a render node Mesa must use llvmpipe; saying so up front avoids its slower probing.
        std::error_code ec;
        if (!std::filesystem::exists("/dev/dri", ec)) setenv("LIBGL_ALWAYS_SOFTWARE", "1", 0);
        if (!epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_MESA_platform_surfaceless")) {
            s.error = "client extension EGL_MESA_platform_surfaceless is missing";
            return s;
        }
        EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        if (display == EGL_NO_DISPLAY) {
            s.error = "eglGetPlatformDisplayEXT(surfaceless) failed";
            return s;
        }
        EGLint major = 0, minor = 0;
        if (!eglInitialize(display, &major, &minor)) {
            s.error = fmt::format("eglInitialize failed (0x{:04X})", eglGetError());
            return s;
        }
        s.display = display;
        return s;
    }();
    if (shared.display == EGL_NO_DISPLAY) return noEgl(shared.error);
    return shared.display;
}

}  // namespace

Result<std::unique_ptr<HeadlessContext>> HeadlessContext::create() {
    VESTIGE_TRY(EGLDisplay display, sharedDisplay());
    auto fail = [&](const std::string& why) { return noEgl(why); };
    if (!epoxy_has_egl_extension(display, "EGL_KHR_surfaceless_context"))
        return fail("EGL_KHR_surfaceless_context is missing");
    if (!eglBindAPI(EGL_OPENGL_API)) return fail("eglBindAPI(EGL_OPENGL_API) failed");
    EGLConfig config = EGL_NO_CONFIG_KHR;
    if (!epoxy_has_egl_extension(display, "EGL_KHR_no_config_context")) {
        const EGLint want[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
        EGLint count = 0;
        if (!eglChooseConfig(display, want, &config, 1, &count) || count < 1) return fail("no EGL config for OpenGL");
    }
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attribs);
    if (context == EGL_NO_CONTEXT)
        return fail(fmt::format("eglCreateContext(GL 4.5 core) failed (0x{:04X})", eglGetError()));
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        eglDestroyContext(display, context);
        return fail(fmt::format("eglMakeCurrent failed (0x{:04X})", eglGetError()));
    }
    auto ctx = std::unique_ptr<HeadlessContext>(new HeadlessContext());
    ctx->mDisplay = display;
    ctx->mContext = context;
    return ctx;
}

HeadlessContext::~HeadlessContext() {
    if (!mDisplay) return;
    eglMakeCurrent(mDisplay, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (mContext) eglDestroyContext(mDisplay, mContext);
    eglReleaseThread();  // the display itself stays initialised (see sharedDisplay)
}

Status HeadlessContext::makeCurrent() {
    if (!eglMakeCurrent(mDisplay, EGL_NO_SURFACE, EGL_NO_SURFACE, mContext))
        return Error("render.egl", fmt::format("eglMakeCurrent failed (0x{:04X})", eglGetError()));
    return {};
}

Result<Offscreen> Offscreen::create(std::uint32_t width, std::uint32_t height) {
    Offscreen o;
    VESTIGE_TRY(o.context, HeadlessContext::create());
    VESTIGE_TRY(o.renderer, Renderer::create(width, height));
    return o;
}

Offscreen& Offscreen::operator=(Offscreen&& other) noexcept {
    if (this != &other) {
        renderer.reset();
        context.reset();
        context = std::move(other.context);
        renderer = std::move(other.renderer);
    }
    return *this;
}

Offscreen::~Offscreen() {
    renderer.reset();  // GL objects first, while the context still exists
    context.reset();
}

Result<image::Image> renderToImage(const scene::Scene& scene, const scene::Camera& camera, std::uint32_t width,
                                   std::uint32_t height) {
    VESTIGE_TRY(auto off, Offscreen::create(width, height));
    VESTIGE_CHECK(off.renderer->setScene(scene));
    VESTIGE_CHECK(off.renderer->draw(camera));
    return off.renderer->readColor();
}

}  // namespace vestige::render_gl
