#pragma once
// The key text after the solids of a .phy (or a PHYSCOLLIDE model), interpreted the way VPhysics' key parser
// reads it (vcollide_parse): blocks named `solid`, `ragdollconstraint`, `collisionrules`, `editparams`,
// `animatedfriction`, `staticsolid`, `materialtable`, ... with quoted key/value pairs; numbers read with atof/atoi
// (a malformed number is 0, as there). Keys we do not interpret are kept in `extra` in file order.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/phy/phy.hpp"

namespace vestige::source::phy {

using KeyList = std::vector<std::pair<std::string, std::string>>;

// `solid` block. Absent keys keep the game's defaults (g_PhysDefaultObjectParams in the SDK's physics.cpp):
// mass 1, inertia 1, damping 0.1, rotdamping 0.1, drag 1, volume 0.
struct SolidKeys {
    std::int32_t index = -1;
    std::string name, parent;
    std::string surfaceprop;  // empty = "default"
    float mass = 1.0f, inertia = 1.0f, damping = 0.1f, rotdamping = 0.1f, volume = 0.0f, drag = 1.0f;
    std::optional<Vec3> massCenterOverride;  // Source inches, model space
    KeyList extra;
};

// `ragdollconstraint`: limits in degrees around the child's x/y/z axes; friction as a torque.
struct RagdollAxis {
    float min = 0, max = 0, friction = 0;
};
struct RagdollConstraintKeys {
    std::int32_t parent = -1, child = -1;
    std::array<RagdollAxis, 3> axes{};
    KeyList extra;
};

// `collisionrules`: "selfcollisions" "0" turns every pair off; "collisionpair" "a,b" disables one pair.
struct CollisionRulesKeys {
    bool selfCollisions = true;
    std::vector<std::pair<std::int32_t, std::int32_t>> disabledPairs;
    KeyList extra;
};

// Any other block, kept with its pairs (editparams, animatedfriction, staticsolid, materialtable, ...).
struct KeyBlock {
    std::string name;
    KeyList pairs;
};

struct PhyKeys {
    std::vector<SolidKeys> solids;
    std::vector<RagdollConstraintKeys> ragdollConstraints;
    std::optional<CollisionRulesKeys> collisionRules;
    std::vector<KeyBlock> blocks;  // editparams etc., in file order
    [[nodiscard]] const KeyBlock* block(std::string_view name) const;
};

// Parses the text up to its first NUL. Errors: phy.keys (with the KeyValues error inside), phy.keys_nested.
[[nodiscard]] Result<PhyKeys> parseKeys(ByteView keyText);
// Canonical text for the builder ("solid {\n"index" "0"\n...}\n"), NUL-terminated.
[[nodiscard]] Bytes writeKeys(const PhyKeys& keys);

// A .phy read and interpreted: its solids' convex pieces (Source inches) and the key blocks, cross-checked:
// the `solid` blocks match the header's solid count, each index in range and used once; every solid is a POLY
// (or legacy) compact surface.
struct PhyModel {
    PhyFile file;
    PhyKeys keys;
    std::vector<std::vector<ConvexPiece>> solids;  // per solid, its convex pieces
    std::vector<Vec3> massCenters;                 // per solid, Source inches
};

// Errors: readPhy's, parseKeys', phy.solid_count, phy.solid_index, phy.model_type.
[[nodiscard]] Result<PhyModel> loadPhyModel(ByteView data, const PhyReadOptions& options = {});

}  // namespace vestige::source::phy
