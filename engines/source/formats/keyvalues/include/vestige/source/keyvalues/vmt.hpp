#pragma once
// VMT (Valve material) view over a KeyValues document: shader, the common parameters, proxies kept raw,
// and `Patch` materials (include + insert/replace), resolvable through a caller-supplied loader.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/source/keyvalues/keyvalues.hpp"

namespace vestige::source::keyvalues {

struct Material {
    std::string shader;  // root key as written ("LightmappedGeneric", "Patch", ...)
    Node root;           // the material block after PC conditionals
    // Parameters in file order ($name / %name leaves), values as written.
    std::vector<std::pair<std::string, std::string>> params;
    std::optional<std::string> baseTexture, bumpMap, surfaceProp;
    bool translucent = false, alphaTest = false;
    std::vector<Node> proxies;  // children of the `Proxies` block, raw
    // Patch materials.
    bool isPatch = false;
    std::string patchInclude;
    std::vector<Node> insert, replace;

    // First parameter with this name (case-insensitive).
    [[nodiscard]] std::optional<std::string_view> param(std::string_view name) const;
};

// Parses VMT text (escapes off, PC conditionals applied) and builds the view of the first root.
[[nodiscard]] Result<Material> parseMaterial(std::string_view text);
// Builds the view from a block node (already conditional-filtered).
[[nodiscard]] Material materialFromNode(const Node& root);

// Resolves a Patch material: loads `include` (recursively, depth-limited), applies insert (set always) and
// replace (only existing keys); an empty value deletes the key; proxies are appended. Non-patch materials
// come back unchanged.
using MaterialLoader = std::function<Result<std::string>(std::string_view path)>;
[[nodiscard]] Result<Material> resolvePatch(const Material& material, const MaterialLoader& load, int maxDepth = 8);

// A Patch's insert (set always) and replace (existing keys only) applied to an already loaded base block.
[[nodiscard]] Node applyPatch(Node base, const Material& patch);

// True when a parameter value reads as a non-zero number ("1", "1.0", " 2").
bool truthy(std::string_view value);

}  // namespace vestige::source::keyvalues
