#pragma once
// Small builders for hand-made geometry, the built-in test card and a benchmark field. They exist so the
// renderer, its tests, the CLI and the demo all draw the same content without any file format.
#include <array>
#include <cstdint>

#include "vestige/scene/camera.hpp"
#include "vestige/scene/scene.hpp"

namespace vestige::scene {

// Appends a quad, corners counter-clockwise seen from its front, as triangles (0,1,2) (0,2,3).
// UV0 spans 0..uvRepeat; UV1 spans the atlas rectangle [uv1Min, uv1Max]. Returns the first index.
std::uint32_t appendQuad(Mesh& mesh, const std::array<Vec3, 4>& corners, float uvRepeat = 1.0f, Vec2 uv1Min = {},
                         Vec2 uv1Max = {1, 1});
// Appends an axis-aligned box with outward, counter-clockwise faces (12 triangles). Returns the first index.
std::uint32_t appendBox(Mesh& mesh, Vec3 min, Vec3 max);
// Adds a draw range covering indices [firstIndex, end of the index list).
DrawRange& addRangeToEnd(Mesh& mesh, std::uint32_t firstIndex, std::uint32_t material);

// A solid-colour texture and a procedural one (deterministic).
Texture solidTexture(std::string name, std::uint32_t w, std::uint32_t h, std::array<std::uint8_t, 4> rgba);

// The test card: a lightmapped floor, coloured boxes lit by the sun, a missing-texture wall, a mirrored
// Iron3D-policy box, sky colour and distance fog. Units are Source-like (1 unit ~ 1 inch).
[[nodiscard]] Scene makeTestCard();
// Two views of the test card (0: from the south-west corner above the floor, 1: high, looking down).
[[nodiscard]] Camera testCardCamera(int view);

// About `triangles` triangles: a floor plus a grid of lit boxes, for benchmarks.
[[nodiscard]] Scene makeTriangleField(std::uint32_t triangles);
[[nodiscard]] Camera triangleFieldCamera();

}  // namespace vestige::scene
