#include "vestige/render_gl/renderer.hpp"

#include <epoxy/gl.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

#include "overlay.hpp"
#include "shaders.hpp"
#include "vestige/scene/face_side.hpp"

namespace vestige::render_gl {
namespace {

constexpr int kModeTexture = 1, kModeMissing = 2, kModeLightmap = 4, kModeLit = 8, kModeFog = 16, kModeTexture2 = 32,
              kModeMissing2 = 64, kModeAlphaTest = 128, kModeBlended = 256;

bool blended(const scene::Material& m) {
    return m.blend == scene::Blend::Translucent || m.blend == scene::Blend::Additive;
}

Error glError(const char* what, GLenum code) {
    return Error("render.gl", fmt::format("OpenGL error during {}: 0x{:04X}", what, code));
}

Result<GLuint> compile(GLenum type, const char* source, const char* name) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetShaderInfoLog(s, sizeof(log), nullptr, log);
        glDeleteShader(s);
        return Error("render.shader_compile", fmt::format("{} shader: {}", name, log));
    }
    return s;
}

// One uploaded mesh. Ranges under the Iron3D policy keep CPU copies of positions and indices so the
// side test can run every frame; their filtered indices go to a separate, rewritten index buffer.
struct GpuMesh {
    GLuint vao = 0, vbo = 0, ebo = 0;
    GLuint dynamicEbo = 0;
    GLsizeiptr dynamicCapacity = 0;
    Mat4 placement;
    float normalMatrix[9] = {};
    bool mirrored = false;
    std::vector<scene::DrawRange> ranges;
    std::vector<Vec3> rangeCentres;  // world space, for the back-to-front order of blended ranges
    std::vector<Vec3> positions;     // only when some range uses the Iron3D policy
    std::vector<std::uint32_t> indices;
    std::vector<scene::FaceSideRecord> ironRecords;
    std::vector<std::size_t> ironRangeOf;  // ranges index of each iron record
};

}  // namespace

struct Renderer::Impl {
    std::uint32_t width = 0, height = 0;
    GLuint program = 0, fbo = 0, colorRb = 0, depthRb = 0;
    struct {
        GLint model, viewProj, normalMatrix, baseColor, mode, texture, lightmap, lightmapScale, eye, fog, fogColor,
            toSun, sunColor, ambient, checkerCells, checkerDark, checkerLight, texture2, alphaRef;
    } loc{};
    GpuMesh skyMesh;  // six unit quads around the origin, one range per face
    bool hasSky = false;
    std::array<std::uint32_t, 6> skyFaces{};
    std::vector<GpuMesh> meshes;
    std::vector<GLuint> textures;
    std::vector<scene::Material> materials;
    Vec3 sky;
    scene::Fog fog;
    scene::Sun sun;
    FrameStats stats;
    std::unique_ptr<OverlayPass> overlay;  // built on first use

    ~Impl() {
        overlay.reset();
        releaseScene();
        if (fbo) glDeleteFramebuffers(1, &fbo);
        if (colorRb) glDeleteRenderbuffers(1, &colorRb);
        if (depthRb) glDeleteRenderbuffers(1, &depthRb);
        if (program) glDeleteProgram(program);
    }

    void releaseScene() {
        for (auto& m : meshes) {
            glDeleteVertexArrays(1, &m.vao);
            GLuint bufs[3] = {m.vbo, m.ebo, m.dynamicEbo};
            glDeleteBuffers(3, bufs);
        }
        meshes.clear();
        if (hasSky) {
            glDeleteVertexArrays(1, &skyMesh.vao);
            GLuint bufs[2] = {skyMesh.vbo, skyMesh.ebo};
            glDeleteBuffers(2, bufs);
            skyMesh = {};
            hasSky = false;
        }
        if (!textures.empty()) glDeleteTextures(static_cast<GLsizei>(textures.size()), textures.data());
        textures.clear();
        materials.clear();
    }

    Status makeFramebuffer(std::uint32_t w, std::uint32_t h) {
        if (w == 0 || h == 0 || w > 16384 || h > 16384) {
            return Error("render.bad_size", "framebuffer size out of range")
                .expected("1..16384 on each side")
                .actual(fmt::format("{}x{}", w, h));
        }
        if (fbo) glDeleteFramebuffers(1, &fbo);
        if (colorRb) glDeleteRenderbuffers(1, &colorRb);
        if (depthRb) glDeleteRenderbuffers(1, &depthRb);
        glCreateRenderbuffers(1, &colorRb);
        glNamedRenderbufferStorage(colorRb, GL_RGBA8, static_cast<GLsizei>(w), static_cast<GLsizei>(h));
        glCreateRenderbuffers(1, &depthRb);
        glNamedRenderbufferStorage(depthRb, GL_DEPTH_COMPONENT32F, static_cast<GLsizei>(w), static_cast<GLsizei>(h));
        glCreateFramebuffers(1, &fbo);
        glNamedFramebufferRenderbuffer(fbo, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colorRb);
        glNamedFramebufferRenderbuffer(fbo, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depthRb);
        const GLenum status = glCheckNamedFramebufferStatus(fbo, GL_FRAMEBUFFER);
        if (status != GL_FRAMEBUFFER_COMPLETE)
            return Error("render.framebuffer", fmt::format("framebuffer incomplete: 0x{:04X}", status));
        width = w;
        height = h;
        return {};
    }

    Status buildProgram() {
        VESTIGE_TRY(GLuint vs, compile(GL_VERTEX_SHADER, shaders::kVertex, "vertex"));
        auto fsr = compile(GL_FRAGMENT_SHADER, shaders::kFragment, "fragment");
        if (!fsr) {
            glDeleteShader(vs);
            return std::move(fsr).error();
        }
        const GLuint fs = *fsr;
        program = glCreateProgram();
        glAttachShader(program, vs);
        glAttachShader(program, fs);
        glLinkProgram(program);
        glDeleteShader(vs);
        glDeleteShader(fs);
        GLint ok = 0;
        glGetProgramiv(program, GL_LINK_STATUS, &ok);
        if (!ok) {
            char log[2048] = {};
            glGetProgramInfoLog(program, sizeof(log), nullptr, log);
            return Error("render.shader_link", log);
        }
        auto u = [&](const char* n) { return glGetUniformLocation(program, n); };
        loc = {u("uModel"),       u("uViewProj"),     u("uNormalMatrix"),  u("uBaseColor"), u("uMode"),
               u("uTexture"),     u("uLightmap"),     u("uLightmapScale"), u("uEye"),       u("uFog"),
               u("uFogColor"),    u("uToSun"),        u("uSunColor"),      u("uAmbient"),   u("uCheckerCells"),
               u("uCheckerDark"), u("uCheckerLight"), u("uTexture2"),      u("uAlphaRef")};
        return {};
    }

    GLuint uploadTexture(const scene::Texture& t) {
        GLuint tex = 0;
        glCreateTextures(GL_TEXTURE_2D, 1, &tex);
        const bool linear = t.filter == scene::Filter::Linear;
        // Mipmaps only for repeating base textures; lightmap pages must not bleed between charts.
        int levels = 1;
        if (linear && t.repeat) {
            for (std::uint32_t s = std::max(t.width, t.height); s > 1; s >>= 1) ++levels;
        }
        glTextureStorage2D(tex, levels, GL_RGBA8, static_cast<GLsizei>(t.width), static_cast<GLsizei>(t.height));
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTextureSubImage2D(tex, 0, 0, 0, static_cast<GLsizei>(t.width), static_cast<GLsizei>(t.height), GL_RGBA,
                            GL_UNSIGNED_BYTE, t.rgba.data());
        if (levels > 1) glGenerateTextureMipmap(tex);
        glTextureParameteri(tex, GL_TEXTURE_MIN_FILTER,
                            levels > 1 ? GL_LINEAR_MIPMAP_LINEAR : (linear ? GL_LINEAR : GL_NEAREST));
        glTextureParameteri(tex, GL_TEXTURE_MAG_FILTER, linear ? GL_LINEAR : GL_NEAREST);
        const GLint wrap = t.repeat ? GL_REPEAT : GL_CLAMP_TO_EDGE;
        glTextureParameteri(tex, GL_TEXTURE_WRAP_S, wrap);
        glTextureParameteri(tex, GL_TEXTURE_WRAP_T, wrap);
        return tex;
    }

    void uploadMesh(const scene::Mesh& m) {
        GpuMesh g;
        g.placement = m.placement;
        const Mat3 upper = m.placement.upper3x3();
        g.mirrored = upper.determinant() < 0;
        Mat4 inv;
        Mat3 normal = upper;
        if (m.placement.inverse(inv)) normal = inv.upper3x3().transposed();
        for (int c = 0; c < 3; ++c)
            for (int r = 0; r < 3; ++r) g.normalMatrix[c * 3 + r] = normal.m[c][r];
        g.ranges = m.ranges;

        glCreateBuffers(1, &g.vbo);
        glNamedBufferStorage(g.vbo, static_cast<GLsizeiptr>(m.vertices.size() * sizeof(scene::Vertex)),
                             m.vertices.empty() ? nullptr : m.vertices.data(), 0);
        glCreateBuffers(1, &g.ebo);
        glNamedBufferStorage(g.ebo, static_cast<GLsizeiptr>(m.indices.size() * sizeof(std::uint32_t)),
                             m.indices.empty() ? nullptr : m.indices.data(), 0);
        glCreateVertexArrays(1, &g.vao);
        glVertexArrayVertexBuffer(g.vao, 0, g.vbo, 0, sizeof(scene::Vertex));
        const struct {
            GLuint index;
            GLint size;
            std::size_t offset;
        } attribs[] = {{0, 3, offsetof(scene::Vertex, position)},
                       {1, 3, offsetof(scene::Vertex, normal)},
                       {2, 2, offsetof(scene::Vertex, uv0)},
                       {3, 2, offsetof(scene::Vertex, uv1)},
                       {4, 1, offsetof(scene::Vertex, alpha)}};
        for (const auto& a : attribs) {
            glEnableVertexArrayAttrib(g.vao, a.index);
            glVertexArrayAttribFormat(g.vao, a.index, a.size, GL_FLOAT, GL_FALSE, static_cast<GLuint>(a.offset));
            glVertexArrayAttribBinding(g.vao, a.index, 0);
        }
        glVertexArrayElementBuffer(g.vao, g.ebo);

        for (const auto& r : m.ranges) {
            Vec3 sum{};
            for (std::uint32_t i = r.firstIndex; i < r.firstIndex + r.indexCount; ++i)
                sum = sum + m.vertices[m.indices[i]].position;
            const Vec3 centre = r.indexCount ? sum / static_cast<float>(r.indexCount) : Vec3{};
            g.rangeCentres.push_back(m.placement.transformPoint(centre));
        }
        for (std::size_t r = 0; r < m.ranges.size(); ++r) {
            if (!m.ranges[r].ironFaceSide) continue;
            g.ironRecords.push_back({m.ranges[r].firstIndex, m.ranges[r].indexCount, m.ranges[r].ironFlags});
            g.ironRangeOf.push_back(r);
        }
        if (!g.ironRecords.empty()) {
            g.positions.reserve(m.vertices.size());
            for (const auto& v : m.vertices) g.positions.push_back(v.position);
            g.indices = m.indices;
            glCreateBuffers(1, &g.dynamicEbo);
        }
        meshes.push_back(std::move(g));
    }

    // Unit cube faces in SkyBox order; positions from the face's (s, t) in [-1, 1] as scene.hpp lists them.
    void uploadSky(const scene::SkyBox& sky) {
        scene::Mesh m;
        auto corner = [](int face, float s, float t) -> Vec3 {
            switch (face) {
                case 0:
                    return {1, -s, t};
                case 1:
                    return {-1, s, t};
                case 2:
                    return {s, 1, t};
                case 3:
                    return {-s, -1, t};
                case 4:
                    return {-t, -s, 1};
                default:
                    return {t, -s, -1};
            }
        };
        for (int f = 0; f < 6; ++f) {
            const auto base = static_cast<std::uint32_t>(m.vertices.size());
            for (const auto& [s, t] : {std::pair{-1.0f, -1.0f}, {1.0f, -1.0f}, {1.0f, 1.0f}, {-1.0f, 1.0f}}) {
                scene::Vertex v;
                v.position = corner(f, s, t);
                v.uv0 = {(s + 1) * 0.5f, 1.0f - (t + 1) * 0.5f};
                m.vertices.push_back(v);
            }
            for (std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) m.indices.push_back(base + i);
            m.ranges.push_back({static_cast<std::uint32_t>(f) * 6, 6, 0, scene::CullMode::None});
        }
        uploadMesh(m);
        skyMesh = std::move(meshes.back());
        meshes.pop_back();
        skyFaces = sky.faces;
        hasSky = true;
    }

    void drawSky(const scene::Camera& camera) {
        // Around the eye, inside the far plane, behind everything: no depth test or write, no fog.
        const float size = camera.zFar * 0.5f;
        const Mat4 model = Mat4::fromMat3(Mat3::scale({size, size, size}), camera.position);
        glDisable(GL_DEPTH_TEST);
        glDepthMask(GL_FALSE);
        glDisable(GL_CULL_FACE);
        glUniformMatrix4fv(loc.model, 1, GL_FALSE, model.data());
        glUniform1i(loc.mode, kModeTexture);
        glUniform4f(loc.baseColor, 1, 1, 1, 1);
        glBindVertexArray(skyMesh.vao);
        for (int f = 0; f < 6; ++f) {
            glBindTextureUnit(0, textures[skyFaces[f]]);
            glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, reinterpret_cast<const void*>(std::uintptr_t(f) * 24));
            ++stats.drawCalls;
            stats.trianglesSubmitted += 2;
        }
        glEnable(GL_DEPTH_TEST);
        glDepthMask(GL_TRUE);
    }

    void setMaterial(const scene::Material& mat) {
        int mode = mat.fog ? kModeFog : 0;
        if (mat.texture2 != scene::kNone) {
            mode |= kModeTexture2;
            glBindTextureUnit(2, textures[mat.texture2]);
        } else if (mat.texture2Missing) {
            mode |= kModeMissing2;
        }
        if (mat.blend == scene::Blend::AlphaTest) mode |= kModeAlphaTest;
        if (blended(mat)) mode |= kModeBlended;
        if (mat.textureMissing || (mat.texture != scene::kNone && mat.texture >= textures.size())) {
            mode |= kModeMissing;
        } else if (mat.texture != scene::kNone) {
            mode |= kModeTexture;
            glBindTextureUnit(0, textures[mat.texture]);
        }
        if (mat.lightmap != scene::kNone) {
            mode |= kModeLightmap;
            glBindTextureUnit(1, textures[mat.lightmap]);
        } else if (mat.lit) {
            mode |= kModeLit;
        }
        glUniform1i(loc.mode, mode);
        glUniform4f(loc.baseColor, mat.baseColor.x, mat.baseColor.y, mat.baseColor.z, mat.baseColor.w);
        glUniform1f(loc.lightmapScale, mat.lightmapScale);
        glUniform1f(loc.alphaRef, mat.alphaRef);
    }

    void applyCull(const scene::DrawRange& r, bool mirrored) {
        if (r.cull == scene::CullMode::None) {
            glDisable(GL_CULL_FACE);
            return;
        }
        glEnable(GL_CULL_FACE);
        glCullFace(r.cull == scene::CullMode::Back ? GL_BACK : GL_FRONT);
        // A mirroring placement reverses the on-screen winding of every triangle.
        bool ccw = r.frontFace == scene::FrontFace::CounterClockwise;
        if (mirrored) ccw = !ccw;
        glFrontFace(ccw ? GL_CCW : GL_CW);
    }
};

Renderer::Renderer(std::unique_ptr<Impl> impl) : mImpl(std::move(impl)) {}
Renderer::~Renderer() = default;

Result<std::unique_ptr<Renderer>> Renderer::create(std::uint32_t width, std::uint32_t height) {
    auto impl = std::make_unique<Impl>();
    VESTIGE_CHECK(impl->buildProgram());
    VESTIGE_CHECK(impl->makeFramebuffer(width, height));
    glUseProgram(impl->program);
    glUniform1i(impl->loc.texture, 0);
    glUniform1i(impl->loc.lightmap, 1);
    glUniform1i(impl->loc.texture2, 2);
    if (const GLenum e = glGetError(); e != GL_NO_ERROR) return glError("renderer setup", e);
    return std::unique_ptr<Renderer>(new Renderer(std::move(impl)));
}

Status Renderer::resize(std::uint32_t width, std::uint32_t height) {
    if (width == mImpl->width && height == mImpl->height) return {};
    return mImpl->makeFramebuffer(width, height);
}

Status Renderer::setScene(const scene::Scene& s) {
    VESTIGE_CHECK(scene::validate(s));
    auto& d = *mImpl;
    d.releaseScene();
    for (const auto& t : s.textures) d.textures.push_back(d.uploadTexture(t));
    d.materials = s.materials;
    for (const auto& m : s.meshes) d.uploadMesh(m);
    if (s.sky.enabled()) d.uploadSky(s.sky);
    d.sky = s.skyColor;
    d.fog = s.fog;
    d.sun = s.sun;
    if (const GLenum e = glGetError(); e != GL_NO_ERROR) return glError("scene upload", e);
    return {};
}

Status Renderer::clearOnly() {
    auto& d = *mImpl;
    glBindFramebuffer(GL_FRAMEBUFFER, d.fbo);
    glViewport(0, 0, static_cast<GLsizei>(d.width), static_cast<GLsizei>(d.height));
    glDepthMask(GL_TRUE);
    const float sky[4] = {d.sky.x, d.sky.y, d.sky.z, 1.0f};
    glClearNamedFramebufferfv(d.fbo, GL_COLOR, 0, sky);
    glClearNamedFramebufferfi(d.fbo, GL_DEPTH_STENCIL, 0, 1.0f, 0);
    d.stats = {};
    return {};
}

Status Renderer::draw(const scene::Camera& camera) {
    auto& d = *mImpl;
    VESTIGE_CHECK(clearOnly());
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glUseProgram(d.program);
    const Mat4 viewProj = camera.viewProjection(static_cast<float>(d.width) / static_cast<float>(d.height));
    glUniformMatrix4fv(d.loc.viewProj, 1, GL_FALSE, viewProj.data());
    glUniform3f(d.loc.eye, camera.position.x, camera.position.y, camera.position.z);
    glUniform4f(d.loc.fog, d.fog.start, d.fog.end, std::clamp(d.fog.maxDensity, 0.0f, 1.0f),
                d.fog.enabled ? 1.0f : 0.0f);
    glUniform3f(d.loc.fogColor, d.fog.color.x, d.fog.color.y, d.fog.color.z);
    const Vec3 toSun = normalize(d.sun.toSun);
    glUniform3f(d.loc.toSun, toSun.x, toSun.y, toSun.z);
    glUniform3f(d.loc.sunColor, d.sun.color.x, d.sun.color.y, d.sun.color.z);
    glUniform3f(d.loc.ambient, d.sun.ambient.x, d.sun.ambient.y, d.sun.ambient.z);
    glUniform1f(d.loc.checkerCells, scene::kCheckerCellsPerUv);
    glUniform3f(d.loc.checkerDark, scene::kCheckerDark.x, scene::kCheckerDark.y, scene::kCheckerDark.z);
    glUniform3f(d.loc.checkerLight, scene::kCheckerLight.x, scene::kCheckerLight.y, scene::kCheckerLight.z);
    if (d.hasSky) d.drawSky(camera);

    struct Deferred {
        float distance;
        std::size_t mesh, range;
    };
    std::vector<Deferred> deferred;  // blended ranges, drawn after every opaque one
    for (std::size_t mi = 0; mi < d.meshes.size(); ++mi) {
        auto& m = d.meshes[mi];
        glUniformMatrix4fv(d.loc.model, 1, GL_FALSE, m.placement.data());
        glUniformMatrix3fv(d.loc.normalMatrix, 1, GL_FALSE, m.normalMatrix);
        glBindVertexArray(m.vao);
        glVertexArrayElementBuffer(m.vao, m.ebo);
        for (std::size_t ri = 0; ri < m.ranges.size(); ++ri) {
            const auto& r = m.ranges[ri];
            if (r.ironFaceSide || r.indexCount == 0) continue;
            if (blended(d.materials[r.material])) {
                deferred.push_back({length(m.rangeCentres[ri] - camera.position), mi, ri});
                continue;
            }
            d.setMaterial(d.materials[r.material]);
            d.applyCull(r, m.mirrored);
            glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(r.indexCount), GL_UNSIGNED_INT,
                           reinterpret_cast<const void*>(static_cast<std::uintptr_t>(r.firstIndex) * 4));
            ++d.stats.drawCalls;
            d.stats.trianglesSubmitted += r.indexCount / 3;
        }
        if (m.ironRecords.empty()) continue;
        // Iron3D colour pass: recomputed for this eye every frame; hardware culling stays off.
        VESTIGE_TRY(auto sides,
                    scene::applyFaceSide(m.positions, m.indices, m.ironRecords, camera.position, m.placement));
        for (std::size_t i = 0; i < m.ironRecords.size(); ++i) {
            d.stats.ironFacesDropped += m.ironRecords[i].indexCount / 3 - sides.recordCount[i] / 3;
            if (sides.recordCount[i] == 0 && m.ironRecords[i].indexCount != 0) ++d.stats.ironRecordsDropped;
        }
        if (sides.indices.empty()) continue;
        const auto bytes = static_cast<GLsizeiptr>(sides.indices.size() * sizeof(std::uint32_t));
        if (bytes > m.dynamicCapacity) {
            glNamedBufferData(m.dynamicEbo, bytes, sides.indices.data(), GL_STREAM_DRAW);
            m.dynamicCapacity = bytes;
        } else {
            glNamedBufferSubData(m.dynamicEbo, 0, bytes, sides.indices.data());
        }
        glVertexArrayElementBuffer(m.vao, m.dynamicEbo);
        glDisable(GL_CULL_FACE);
        for (std::size_t i = 0; i < m.ironRecords.size(); ++i) {
            if (sides.recordCount[i] == 0) continue;
            d.setMaterial(d.materials[m.ranges[m.ironRangeOf[i]].material]);
            glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(sides.recordCount[i]), GL_UNSIGNED_INT,
                           reinterpret_cast<const void*>(static_cast<std::uintptr_t>(sides.recordFirst[i]) * 4));
            ++d.stats.drawCalls;
            d.stats.trianglesSubmitted += sides.recordCount[i] / 3;
        }
        glVertexArrayElementBuffer(m.vao, m.ebo);
    }
    // Farthest first; equal distances keep scene order (stable sort, no pointer or hash order).
    std::stable_sort(deferred.begin(), deferred.end(),
                     [](const Deferred& a, const Deferred& b) { return a.distance > b.distance; });
    if (!deferred.empty()) {
        glEnable(GL_BLEND);
        glDepthMask(GL_FALSE);
    }
    for (const Deferred& x : deferred) {
        auto& m = d.meshes[x.mesh];
        const auto& r = m.ranges[x.range];
        const scene::Material& mat = d.materials[r.material];
        glBlendFunc(GL_SRC_ALPHA, mat.blend == scene::Blend::Additive ? GL_ONE : GL_ONE_MINUS_SRC_ALPHA);
        glUniformMatrix4fv(d.loc.model, 1, GL_FALSE, m.placement.data());
        glUniformMatrix3fv(d.loc.normalMatrix, 1, GL_FALSE, m.normalMatrix);
        glBindVertexArray(m.vao);
        d.setMaterial(mat);
        d.applyCull(r, m.mirrored);
        glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(r.indexCount), GL_UNSIGNED_INT,
                       reinterpret_cast<const void*>(static_cast<std::uintptr_t>(r.firstIndex) * 4));
        ++d.stats.drawCalls;
        ++d.stats.blendedDraws;
        d.stats.trianglesSubmitted += r.indexCount / 3;
    }
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    glBindVertexArray(0);
    if (const GLenum e = glGetError(); e != GL_NO_ERROR) return glError("draw", e);
    return {};
}

Status Renderer::drawOverlay(const scene::DrawList2D& list) {
    auto& d = *mImpl;
    if (list.empty()) return {};
    if (!d.overlay) { VESTIGE_TRY(d.overlay, OverlayPass::create()); }
    return d.overlay->draw(list, d.fbo, d.width, d.height);
}

void Renderer::finish() { glFinish(); }

Result<image::Image> Renderer::readColor() {
    auto& d = *mImpl;
    image::Image img(d.width, d.height);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, d.fbo);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, static_cast<GLsizei>(d.width), static_cast<GLsizei>(d.height), GL_RGBA, GL_UNSIGNED_BYTE,
                 img.data());
    if (const GLenum e = glGetError(); e != GL_NO_ERROR) return glError("colour read-back", e);
    img.flipRows();  // GL rows run bottom-up
    return img;
}

Result<std::vector<float>> Renderer::readDepth() {
    auto& d = *mImpl;
    std::vector<float> depth(static_cast<std::size_t>(d.width) * d.height);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, d.fbo);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, static_cast<GLsizei>(d.width), static_cast<GLsizei>(d.height), GL_DEPTH_COMPONENT, GL_FLOAT,
                 depth.data());
    if (const GLenum e = glGetError(); e != GL_NO_ERROR) return glError("depth read-back", e);
    for (std::uint32_t y = 0; y < d.height / 2; ++y) {
        std::swap_ranges(depth.begin() + static_cast<std::ptrdiff_t>(y) * d.width,
                         depth.begin() + static_cast<std::ptrdiff_t>(y + 1) * d.width,
                         depth.begin() + static_cast<std::ptrdiff_t>(d.height - 1 - y) * d.width);
    }
    return depth;
}

void Renderer::blitToScreen(std::uint32_t sw, std::uint32_t sh) {
    auto& d = *mImpl;
    glBlitNamedFramebuffer(d.fbo, 0, 0, 0, static_cast<GLint>(d.width), static_cast<GLint>(d.height), 0, 0,
                           static_cast<GLint>(sw), static_cast<GLint>(sh), GL_COLOR_BUFFER_BIT, GL_LINEAR);
}

std::uint32_t Renderer::width() const { return mImpl->width; }
std::uint32_t Renderer::height() const { return mImpl->height; }
const FrameStats& Renderer::lastFrame() const { return mImpl->stats; }

std::string Renderer::describeDriver() const {
    auto str = [](GLenum e) {
        const auto* s = reinterpret_cast<const char*>(glGetString(e));
        return std::string(s ? s : "?");
    };
    return fmt::format("{} / {} / {}", str(GL_VENDOR), str(GL_RENDERER), str(GL_VERSION));
}

}  // namespace vestige::render_gl
