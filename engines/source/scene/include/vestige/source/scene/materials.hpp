#pragma once
// Map materials through the content mounts: VMT resolution (keyvalues/material.hpp), VTF textures decoded to RGBA8
// (mip 0 of the frame the proxies choose), a texture cache keyed by VTF path with memory accounting, and the list of
// what was missing. A material or texture that fails (missing, include cycle, mips past the end of the file) is an
// entry in `MaterialReport` and draws the error checker; the frame still renders.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/result.hpp"
#include "vestige/scene/scene.hpp"
#include "vestige/source/content/mounts.hpp"
#include "vestige/source/keyvalues/material.hpp"

namespace vestige::source::scene {

struct MaterialReport {
    std::vector<std::string> missingMaterials;  // material keys, sorted, unique
    std::vector<std::string> missingTextures;   // texture names, sorted, unique
    std::vector<Error> errors;                  // one per failed material or texture (other than "missing")
    std::size_t materials = 0;                  // resolved materials (error material included)
    std::size_t ignoredProxies = 0;
    std::map<std::string, std::size_t> families;  // shader family -> materials
};

struct TextureCacheStats {
    std::size_t textures = 0;    // decoded and kept
    std::uint64_t bytes = 0;     // RGBA8 bytes kept
    std::uint64_t vtfBytes = 0;  // VTF file bytes read
    std::size_t hits = 0, misses = 0;
};

// Decoded textures keyed by (VTF path, frame). A failed texture is cached as its error.
class TextureCache {
public:
    explicit TextureCache(const content::Mounts& mounts) : mMounts(mounts) {}
    struct Entry {
        std::optional<Error> error;  // set: not available (code vtf.* / content.* / "texture.missing")
        vestige::scene::Texture texture;
        std::uint32_t frames = 1;
        std::uint32_t flags = 0;
    };
    // `frame` is wrapped by the file's frame count.
    [[nodiscard]] const Entry& get(std::string_view textureName, std::uint32_t frame = 0);
    // Frame count of a texture (1 when it fails).
    [[nodiscard]] std::uint32_t frames(std::string_view textureName);
    [[nodiscard]] const TextureCacheStats& stats() const { return mStats; }

private:
    const content::Mounts& mMounts;
    std::map<std::string, Entry> mEntries;  // "path#frame"
    TextureCacheStats mStats;
};

// Fills one scene material from a map texture name: resolves the VMT, loads its base texture (and frame at
// `seconds`), sets the blend/unlit flags; failures become the checker and a report entry.
struct MaterialContext {
    const content::Mounts& mounts;
    TextureCache& textures;
    vestige::scene::Scene& scene;
    MaterialReport& report;
    keyvalues::ResolveOptions resolve;
    double seconds = 0;
    std::map<const TextureCache::Entry*, std::uint32_t> sceneTextures;  // cache entry -> Scene::textures index
};
struct AppliedMaterial {
    keyvalues::ShaderFamily family = keyvalues::ShaderFamily::Other;
    bool drawn = true;        // false: a sky or nodraw-like material the world pass leaves out
    bool lightmapped = true;  // LightmappedGeneric / WorldVertexTransition use the lightmap; others do not
    bool noCull = false;      // $nocull: both sides drawn
};
AppliedMaterial applyMaterial(MaterialContext& ctx, std::string_view mapTextureName, vestige::scene::Material& out);

// The 2D sky box from worldspawn's skyname: materials skybox/<name>{rt,lf,bk,ft,up,dn} (R_LoadNamedSkys' names) as
// Scene::sky faces +X, -X, +Y, -Y, +Z, -Z. False (and no sky box) when any face fails; the failures are listed.
bool applySky(MaterialContext& ctx, std::string_view skyName);

// Sorted unique insert.
void addUnique(std::vector<std::string>& list, std::string value);

}  // namespace vestige::source::scene
