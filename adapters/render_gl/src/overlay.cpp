// The 2D overlay pass (overlay.hpp).
#include "overlay.hpp"

#include <epoxy/gl.h>
#include <fmt/format.h>

#include <vector>

namespace vestige::render_gl {
namespace {

constexpr const char* kVertex = R"(#version 450 core
layout(location = 0) in vec2 aPixel;
layout(location = 1) in vec2 aUv;
layout(location = 2) in vec4 aColor;
uniform vec2 uScreen;
out vec2 vUv;
out vec4 vColor;
void main() {
    vUv = aUv;
    vColor = aColor;
    gl_Position = vec4(aPixel.x * 2.0 / uScreen.x - 1.0, 1.0 - aPixel.y * 2.0 / uScreen.y, 0.0, 1.0);
}
)";

constexpr const char* kFragment = R"(#version 450 core
in vec2 vUv;
in vec4 vColor;
uniform sampler2D uInk;
uniform int uTextured;
out vec4 oColor;
void main() {
    float ink = uTextured == 1 ? texture(uInk, vUv).r : 1.0;
    oColor = vec4(vColor.rgb, vColor.a * ink);
}
)";

struct Vertex {
    float x, y, u, v;
    std::uint8_t color[4];
};

Result<GLuint> compileStage(GLenum type, const char* source) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (ok) return s;
    char log[1024] = {};
    glGetShaderInfoLog(s, sizeof(log), nullptr, log);
    glDeleteShader(s);
    return Error("render.shader_compile", fmt::format("overlay shader: {}", log));
}

void quad(std::vector<Vertex>& out, float x0, float y0, float x1, float y1, const scene::Rgba8& c) {
    const Vertex a{x0, y0, 0, 0, {c.r, c.g, c.b, c.a}}, b{x1, y0, 1, 0, {c.r, c.g, c.b, c.a}},
        d{x0, y1, 0, 1, {c.r, c.g, c.b, c.a}}, e{x1, y1, 1, 1, {c.r, c.g, c.b, c.a}};
    out.insert(out.end(), {a, b, d, b, e, d});
}

}  // namespace

Result<std::unique_ptr<OverlayPass>> OverlayPass::create() {
    std::unique_ptr<OverlayPass> p(new OverlayPass());
    VESTIGE_TRY(GLuint vs, compileStage(GL_VERTEX_SHADER, kVertex));
    auto fs = compileStage(GL_FRAGMENT_SHADER, kFragment);
    if (!fs) {
        glDeleteShader(vs);
        return std::move(fs).error();
    }
    p->mProgram = glCreateProgram();
    glAttachShader(p->mProgram, vs);
    glAttachShader(p->mProgram, *fs);
    glLinkProgram(p->mProgram);
    glDeleteShader(vs);
    glDeleteShader(*fs);
    GLint ok = 0;
    glGetProgramiv(p->mProgram, GL_LINK_STATUS, &ok);
    if (!ok) return Error("render.shader_link", "overlay program does not link");
    p->mScreen = glGetUniformLocation(p->mProgram, "uScreen");
    p->mTextured = glGetUniformLocation(p->mProgram, "uTextured");
    p->mInk = glGetUniformLocation(p->mProgram, "uInk");
    glCreateVertexArrays(1, &p->mVao);
    glCreateBuffers(1, &p->mVbo);
    glVertexArrayVertexBuffer(p->mVao, 0, p->mVbo, 0, sizeof(Vertex));
    glEnableVertexArrayAttrib(p->mVao, 0);
    glVertexArrayAttribFormat(p->mVao, 0, 2, GL_FLOAT, GL_FALSE, offsetof(Vertex, x));
    glEnableVertexArrayAttrib(p->mVao, 1);
    glVertexArrayAttribFormat(p->mVao, 1, 2, GL_FLOAT, GL_FALSE, offsetof(Vertex, u));
    glEnableVertexArrayAttrib(p->mVao, 2);
    glVertexArrayAttribFormat(p->mVao, 2, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(Vertex, color));
    for (GLuint a = 0; a < 3; ++a) glVertexArrayAttribBinding(p->mVao, a, 0);
    return p;
}

OverlayPass::~OverlayPass() {
    if (mVbo) glDeleteBuffers(1, &mVbo);
    if (mVao) glDeleteVertexArrays(1, &mVao);
    if (mProgram) glDeleteProgram(mProgram);
}

Status OverlayPass::draw(const scene::DrawList2D& list, unsigned fbo, unsigned width, unsigned height) {
    if (list.empty()) return {};
    // Every item's vertices in one buffer: six per rectangle or text quad, two per line (through pixel centres).
    std::vector<Vertex> vertices;
    vertices.reserve(list.items.size() * 6);
    for (const auto& it : list.items) {
        const auto x0 = static_cast<float>(it.x0), y0 = static_cast<float>(it.y0);
        const auto x1 = static_cast<float>(it.x1), y1 = static_cast<float>(it.y1);
        if (it.kind == scene::Draw2D::Kind::Line) {
            const scene::Rgba8& c = it.color;
            vertices.push_back({x0 + 0.5f, y0 + 0.5f, 0, 0, {c.r, c.g, c.b, c.a}});
            vertices.push_back({x1 + 0.5f, y1 + 0.5f, 0, 0, {c.r, c.g, c.b, c.a}});
        } else {
            quad(vertices, x0, y0, x1, y1, it.color);
        }
    }
    glNamedBufferData(mVbo, static_cast<GLsizeiptr>(vertices.size() * sizeof(Vertex)), vertices.data(), GL_STREAM_DRAW);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glViewport(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height));
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(mProgram);
    glUniform2f(mScreen, static_cast<float>(width), static_cast<float>(height));
    glUniform1i(mInk, 0);
    glBindVertexArray(mVao);
    GLint first = 0;
    for (const auto& it : list.items) {
        if (it.kind == scene::Draw2D::Kind::Line) {
            glUniform1i(mTextured, 0);
            glDrawArrays(GL_LINES, first, 2);
            first += 2;
            continue;
        }
        GLuint tex = 0;
        if (it.kind == scene::Draw2D::Kind::Text) {
            if (it.bitmap >= list.bitmaps.size()) return Error("render.overlay", "text item without its bitmap");
            const scene::Coverage& b = list.bitmaps[it.bitmap];
            if (b.ink.size() != static_cast<std::size_t>(b.width) * b.height || b.width == 0 || b.height == 0)
                return Error("render.overlay", "text bitmap size does not match its ink")
                    .expected(std::to_string(static_cast<std::size_t>(b.width) * b.height))
                    .actual(std::to_string(b.ink.size()));
            glCreateTextures(GL_TEXTURE_2D, 1, &tex);
            glTextureStorage2D(tex, 1, GL_R8, static_cast<GLsizei>(b.width), static_cast<GLsizei>(b.height));
            glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
            glTextureSubImage2D(tex, 0, 0, 0, static_cast<GLsizei>(b.width), static_cast<GLsizei>(b.height), GL_RED,
                                GL_UNSIGNED_BYTE, b.ink.data());
            glTextureParameteri(tex, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTextureParameteri(tex, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            glTextureParameteri(tex, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
            glTextureParameteri(tex, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
            glBindTextureUnit(0, tex);
        }
        glUniform1i(mTextured, tex ? 1 : 0);
        glDrawArrays(GL_TRIANGLES, first, 6);
        first += 6;
        if (tex) glDeleteTextures(1, &tex);
    }
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    if (const GLenum e = glGetError(); e != GL_NO_ERROR)
        return Error("render.gl", fmt::format("OpenGL error during the 2D overlay: 0x{:04X}", e));
    return {};
}

}  // namespace vestige::render_gl
