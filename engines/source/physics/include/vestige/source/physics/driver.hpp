#pragma once
// The headless driver behind `vestige physics`: spawn specs, props, and one JSON line per tick.
//
//   box:WxDxH@X,Y,Z       a box (inches) whose origin is its centre
//   sphere:R@X,Y,Z        a sphere
//   PATH.mdl@X,Y,Z        a studio model with its .phy (the caller reads the files: ModelFiles)
// An optional ",MASS" after the position sets the mass in kg; otherwise boxes and spheres weigh their volume times
// the "default" surfaceprop's density (vphysics' automatic mass) and models what their .phy says.
#include <optional>
#include <string>

#include "vestige/source/physics/props.hpp"

namespace vestige::source::physics {

struct SpawnSpec {
    enum class Kind { Box, Sphere, Model } kind = Kind::Box;
    Vec3 size{32, 32, 32};
    float radius = 0;
    std::string model;  // the path before '@' for Kind::Model
    Vec3 position;
    std::optional<float> mass;
    std::string text;  // as given
};

// Errors: physics.spawn (names the part that is wrong).
[[nodiscard]] Result<SpawnSpec> parseSpawn(std::string_view text);

// What the caller read for a model spawn.
struct ModelFiles {
    Vec3 hullMin{-16, -16, -16}, hullMax{16, 16, 16};  // studiohdr_t hull, the fallback box
    float mass = 0;                                    // studiohdr_t mass (0: unknown)
    std::optional<std::int32_t> checksum;              // the .mdl's, checked against the .phy
    std::optional<Bytes> phy;                          // nullopt: no .phy beside the model
};

struct SpawnedProp {
    BodyId body;
    std::string label;
    std::optional<Error> warning;  // the .phy was refused and the hull box stands in
};

[[nodiscard]] Result<SpawnedProp> spawnProp(PhysicsWorld& world, const SpawnSpec& spec,
                                            const ModelFiles* files = nullptr);

// {"tick":N,"hash":"0x...","bodies":[{"body":i,"label":...,"origin":[x,y,z],"velocity":[x,y,z],"asleep":b}]}
[[nodiscard]] std::string tickJson(const PhysicsWorld& world, std::span<const SpawnedProp> props);

}  // namespace vestige::source::physics
