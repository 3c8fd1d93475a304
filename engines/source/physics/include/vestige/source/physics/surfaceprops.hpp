#pragma once
// Surface properties (scripts/surfaceproperties*.txt): the physics values of each named material, read the way
// vphysics' CPhysicsSurfaceProps::ParseSurfaceData does: a new entry starts as a copy of "default" (or of its
// "base"), keys override, an entry that already exists is overwritten in place; names are case-insensitive.
// Without game files the table holds our "default" (HL2/GMod's values: density 2000, elasticity 0.25,
// friction 0.8, dampening 0).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/physics/types.hpp"

namespace vestige::source::physics {

class SurfaceProps {
public:
    SurfaceProps();
    // Adds one file's entries (call in manifest order). Errors: physics.surfaceprops (the KeyValues error inside).
    Status parse(std::string_view text, std::string_view fileName);
    // Index of a material, or -1. "$MATERIAL_INDEX_SHADOW"-style reserved names are not supported (-1).
    [[nodiscard]] int find(std::string_view name) const;
    // The material, or "default" for an unknown name or index (as GetSurfaceData falls back to entry 0).
    [[nodiscard]] const Material& get(std::string_view name) const;
    [[nodiscard]] const Material& at(int index) const;
    [[nodiscard]] std::size_t size() const { return mMaterials.size(); }

private:
    std::vector<Material> mMaterials;  // [0] = "default"
};

// The game's table: the files scripts/surfaceproperties_manifest.txt lists ("file" keys, in order), or
// scripts/surfaceproperties.txt alone, read through `file` (a game path -> its bytes). No files: the built-in
// table. Errors: a listed file missing (physics.surfaceprops), the parse errors.
using GameFileReader = std::function<std::optional<Bytes>(std::string_view path)>;
[[nodiscard]] Result<SurfaceProps> loadSurfaceProps(const GameFileReader& file);

// Collision response of a pair, as IVP's material manager combines them: the products, clamped to [0, 1].
[[nodiscard]] float combinedFriction(const Material& a, const Material& b);
[[nodiscard]] float combinedElasticity(const Material& a, const Material& b);

}  // namespace vestige::source::physics
