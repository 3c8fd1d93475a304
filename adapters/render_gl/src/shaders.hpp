#pragma once
// GLSL 4.50 core sources for the one scene program.
namespace vestige::render_gl::shaders {

inline constexpr const char* kVertex = R"(#version 450 core
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec2 aUv0;
layout(location = 3) in vec2 aUv1;
layout(location = 4) in float aAlpha;
uniform mat4 uModel;
uniform mat4 uViewProj;
uniform mat3 uNormalMatrix;
out vec3 vWorld;
out vec3 vNormal;
out vec2 vUv0;
out vec2 vUv1;
out float vAlpha;
void main() {
    vAlpha = aAlpha;
    vec4 world = uModel * vec4(aPosition, 1.0);
    vWorld = world.xyz;
    vNormal = uNormalMatrix * aNormal;
    vUv0 = aUv0;
    vUv1 = aUv1;
    gl_Position = uViewProj * world;
}
)";

// uMode bits: 1 base texture, 2 missing texture (checkerboard), 4 lightmap, 8 sun lighting, 16 fog,
// 32 second texture blended by vertex alpha, 64 missing second texture, 128 alpha test, 256 blended (alpha out).
inline constexpr const char* kFragment = R"(#version 450 core
in vec3 vWorld;
in vec3 vNormal;
in vec2 vUv0;
in vec2 vUv1;
in float vAlpha;
uniform vec4 uBaseColor;
uniform int uMode;
uniform sampler2D uTexture;
uniform sampler2D uLightmap;
uniform sampler2D uTexture2;
uniform float uAlphaRef;
uniform float uLightmapScale;
uniform vec3 uEye;
uniform vec4 uFog;        // start, end, max density, enabled
uniform vec3 uFogColor;
uniform vec3 uToSun;
uniform vec3 uSunColor;
uniform vec3 uAmbient;
uniform float uCheckerCells;
uniform vec3 uCheckerDark;
uniform vec3 uCheckerLight;
out vec4 oColor;
vec4 checker() {
    ivec2 cell = ivec2(floor(vUv0 * uCheckerCells));
    return vec4(((cell.x + cell.y) & 1) != 0 ? uCheckerLight : uCheckerDark, 1.0);
}
void main() {
    vec4 c = uBaseColor;
    if ((uMode & 2) != 0) {
        c = checker();
    } else if ((uMode & 1) != 0) {
        c *= texture(uTexture, vUv0);
    }
    if ((uMode & 96) != 0) {
        vec4 second = (uMode & 32) != 0 ? uBaseColor * texture(uTexture2, vUv0) : checker();
        c = mix(c, second, clamp(vAlpha, 0.0, 1.0));
    }
    if ((uMode & 128) != 0 && c.a < uAlphaRef) discard;
    if ((uMode & 4) != 0) {
        // Per pixel through UV1: interpolating lightmap colours per vertex draws diagonal seams.
        c.rgb *= texture(uLightmap, vUv1).rgb * uLightmapScale;
    } else if ((uMode & 8) != 0) {
        vec3 n = normalize(vNormal);
        c.rgb *= uAmbient + uSunColor * max(dot(n, uToSun), 0.0);
    }
    if ((uMode & 16) != 0 && uFog.w > 0.5 && uFog.y > uFog.x) {
        float d = distance(vWorld, uEye);
        float f = clamp((d - uFog.x) / (uFog.y - uFog.x), 0.0, uFog.z);
        c.rgb = mix(c.rgb, uFogColor, f);
    }
    oColor = vec4(c.rgb, (uMode & 256) != 0 ? c.a : 1.0);
}
)";

}  // namespace vestige::render_gl::shaders
