#pragma once
// The Iron3D material chain, from a model to its textures:
//
//   <archive>::<model>.msh
//     -> <archive>::<model-stem>.wea          WEAR table, same archive as the model
//        row r (batch material_index)        material name
//     -> Material.lib::<name> (type MAT0)    1) exact name  2) DEFAULT  3) first MAT0 entry in archive order
//        attr2 = payload version             phase p: texture name (empty = deliberately untextured)
//     -> Textures.lib::<texture> (type Texm)
//   WEAR LIGHTMAPS row l -> LightMap.lib::<name> (type Texm); never Textures.lib; missing = slot -1
//
// Every broken mandatory link is a structured error naming the link (materials.<code>) with the
// archive, entry, row and phase it came from. See ../shared/specs/iron3d.md sections 4, 7, 8, 9.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/iron3d/mat0/mat0.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/texm/texm.hpp"
#include "vestige/iron3d/wear/wear.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::materials {

// Where the resolver gets an opened archive from. A missing file is an error whose code ends in ".not_found".
using ArchiveSource = std::function<Result<std::shared_ptr<const nres::Archive>>(const std::string& path)>;

struct Options {
    std::string materialLib = "Material.lib";  // VFS paths
    std::string texturesLib = "Textures.lib";
    std::string lightmapLib = "LightMap.lib";
    // Unset: the resolver reads and opens archives itself. Set (the mission loader's resource cache): archives
    // are shared with the rest of the load instead of opened a second time.
    ArchiveSource archives;
};

// Which rule of the material resolve order matched.
enum class Rule {
    Exact,       // the WEAR name itself
    Default,     // "DEFAULT"
    FirstEntry,  // the first MAT0 entry of Material.lib in archive (directory) order
};
[[nodiscard]] std::string_view ruleName(Rule rule);

struct ModelSpec {
    std::string archive;  // VFS path of the archive holding the model
    std::string model;    // entry name, e.g. "tank.msh"
    std::string wear;     // sibling entry name, e.g. "tank.wea"
};
// "data/units.rlb::tank.msh" (the spec's notation) or "data/units.rlb:tank.msh" (the VFS notation).
[[nodiscard]] Result<ModelSpec> parseModelSpec(std::string_view qualified);

struct TextureRef {
    std::string name;       // phase texture name as used for lookup (raw CP1251); empty = untextured
    std::size_t entry = 0;  // directory index in the textures archive
    texm::Header header;    // the texture's header (validated by a full read)
    [[nodiscard]] bool untextured() const { return name.empty(); }
};

struct RowBinding {
    std::size_t row = 0;
    std::string wearName;  // the name the WEAR row asks for
    Rule rule = Rule::Exact;
    std::string materialName;       // the Material.lib entry that was used
    std::size_t materialEntry = 0;  // its directory index
    std::uint32_t version = 0;      // its attr2
    mat0::Material material;
    std::vector<TextureRef> phases;  // one per MAT0 phase, in phase order
};

struct LightmapBinding {
    std::size_t row = 0;
    std::string name;
    std::optional<std::size_t> entry;  // LightMap.lib directory index; nullopt = missing (slot -1)
    std::optional<texm::Header> header;
    [[nodiscard]] int slot() const { return entry ? static_cast<int>(row) : -1; }
};

struct ModelMaterials {
    ModelSpec spec;
    wear::Table table;
    std::vector<RowBinding> rows;            // one per WEAR material row
    std::vector<LightmapBinding> lightmaps;  // one per WEAR LIGHTMAPS row
    std::vector<std::string> warnings;       // optional links that did not resolve, skipped candidates
};

// Resolves models against one VFS, caching the archives it opens (keyed by ASCII-folded path) and
// the texture headers it validated. Not thread-safe; one resolver per loader thread.
class Resolver {
public:
    explicit Resolver(const vfs::Vfs& vfs, Options options = {});

    [[nodiscard]] Result<ModelMaterials> resolve(std::string_view qualifiedModel);
    // One WEAR name through Material.lib (exact -> DEFAULT -> first entry), with its textures.
    [[nodiscard]] Result<RowBinding> resolveMaterial(std::string_view wearName);
    // A whole texture by name from Textures.lib (or LightMap.lib with `lightmap`).
    [[nodiscard]] Result<texm::Texture> texture(std::string_view name, bool lightmap = false);
    [[nodiscard]] const Options& options() const { return mOptions; }

private:
    [[nodiscard]] Result<const nres::Archive*> archive(const std::string& path, std::string_view link);
    [[nodiscard]] Result<TextureRef> textureRef(std::string_view name, std::size_t phase);

    const vfs::Vfs& mVfs;
    Options mOptions;
    std::map<std::string, std::shared_ptr<const nres::Archive>> mArchives;  // folded path -> archive
    std::map<std::string, TextureRef> mTextures;                            // folded name -> checked ref
};

// One-shot convenience: Resolver(vfs, options).resolve(qualifiedModel).
[[nodiscard]] Result<ModelMaterials> resolveModel(const vfs::Vfs& vfs, std::string_view qualifiedModel,
                                                  const Options& options = {});

// Human summary, one line per row/phase and lightmap.
[[nodiscard]] std::string describe(const ModelMaterials& m);

}  // namespace vestige::iron3d::materials
