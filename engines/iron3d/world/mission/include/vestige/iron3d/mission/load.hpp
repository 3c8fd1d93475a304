#pragma once
// Transactional mission load (spec section 14), in this order:
//
//   Context     the mission folder and its data.tma through the VFS (the game root)
//   Map         the TMA prefix up to land_path -> <dir>/Land.msh, <dir>/Land.map; BuildDat.lst at the root;
//               TerrainWorld built from them
//   Tma         the whole data.tma (strict)
//   Graph       every object's resource: a prototype key or a unit DAT -> components (resources/resolver.hpp)
//   Visuals     per distinct mesh: its sibling .wea -> Material.lib MAT0 -> Textures.lib / LightMap.lib Texm,
//               progress reported every 64 requests (a request = one prototype, mesh, WEAR, material slot,
//               texture reference or lightmap); the terrain's Land1.wea / Land2.wea rows through the same chain
//               (not requests: the spec's request counts are the object graph's)
//   Assets      the meshes decoded (msh::Model), lightmaps kept for the mission, CTLD pose bindings per component
//               instance, the other references loaded as raw resources
//   Construct   one World3D object per TMA object, OriginalObjectId = TMA index, transform = the raw TMA words;
//               nothing registered yet
//   Register    every object, TMA order
//   Scripts     the scripts/AI hook (loaded.hpp), when one is given
//
// The first tick is the caller's (MissionRuntime::tick()). Any error before the end returns that error and
// nothing else: no half-loaded mission exists anywhere (MissionHost keeps the previous one). A reachable missing
// or broken resource is an error whose context names the chain, outermost first: mission -> object -> unit
// component -> prototype -> archive -> entry. A broken registry entry no object reaches, a missing optional
// lightmap, a non-mesh reference that does not exist: inventory warnings.
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/progress.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/land/areal_map.hpp"
#include "vestige/iron3d/land/build_list.hpp"
#include "vestige/iron3d/land/land.hpp"
#include "vestige/iron3d/materials/materials.hpp"
#include "vestige/iron3d/mission/loaded.hpp"
#include "vestige/iron3d/mission/runtime.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/terrain/terrain_world.hpp"
#include "vestige/iron3d/texm/texm.hpp"
#include "vestige/iron3d/tma/tma.hpp"
#include "vestige/iron3d/wear/wear.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::mission {

enum class LoadPhase { Context, Map, Tma, Graph, Visuals, Assets, Construct, Register, Scripts };
[[nodiscard]] std::string_view loadPhaseName(LoadPhase phase);

struct LoadOptions {
    std::string tmaName = "data.tma";
    std::string registry = "objects.rlb";
    std::string buildList = "BuildDat.lst";
    materials::Options materials;  // library paths; the archive source is set by the loader
    std::uint64_t seed = 0;        // the mission's RNG seed
    ScriptsHook scripts;           // the scripts/AI step; unset = no scripts
    Progress* progress = nullptr;  // null = silent
    std::function<void(LoadPhase)> onPhase;
    // Keep every texture the mission's materials name, decoded from Textures.lib (LoadedMission::textures): what
    // the mission scene draws. Off for headless runs, which need only the validated headers.
    bool keepTextures = false;
};

// One of the terrain's two material tables (spec section 12.1: a face's material_tag low byte is a Land2.wea row,
// table 1; the high byte a Land1.wea row, table 0, 0xFF = none). Read from the map folder next to Land.msh [P].
struct LandMaterialTable {
    std::string path;                  // VFS path
    std::optional<wear::Table> table;  // nullopt = no such file (an inventory warning)
    // Per WEAR row: the Material.lib binding, nullopt when the row did not resolve (an inventory warning).
    std::vector<std::optional<materials::RowBinding>> rows;
};
inline constexpr std::size_t kLand1Table = 0, kLand2Table = 1;
inline constexpr std::string_view kLandTableNames[2] = {"Land1.wea", "Land2.wea"};

using TexturePtr = std::shared_ptr<const texm::Texture>;

// One distinct mesh of the mission with its material chain.
struct VisualModel {
    std::string archive, entry;
    std::shared_ptr<const msh::Model> model;
    materials::ModelMaterials materials;
    std::size_t firstObject = 0;  // the first TMA object that uses it (for messages)
};

struct LoadCounts {
    std::size_t objects = 0, unitReferences = 0, directReferences = 0, components = 0;
    std::size_t meshComponents = 0, nonGeometric = 0, distinctMeshes = 0;
    std::size_t requests = 0;  // the Visuals/Graph request count progress is reported by
    std::size_t wearRequests = 0, materialSlots = 0, textureReferences = 0, untexturedPhases = 0;
    std::size_t lightmapRequests = 0, lightmapsResolved = 0, poseBindings = 0, rawResources = 0;
    std::size_t progressUpdates = 0;  // one per 64 requests
    std::size_t paths = 0, clans = 0, extras = 0, faces = 0, areals = 0, buildCategories = 0;
    std::size_t landMaterialRows = 0, landRowsResolved = 0;  // both Land tables; not requests
    std::size_t texturesKept = 0;                            // LoadOptions::keepTextures
    std::size_t failures = 0;                                // a successful load has none
};

struct PhaseTiming {
    LoadPhase phase = LoadPhase::Context;
    double milliseconds = 0;  // wall clock: reported, never used by the simulation
    std::uint64_t bytesRead = 0;
};

struct LoadedMission {
    std::string missionDir;
    tma::Mission mission;
    tma::LandFiles landFiles;
    land::TerrainData land;
    land::ArealMapData arealMap;
    std::vector<land::BuildCategory> buildCategories;
    terrain::TerrainWorld terrain;
    std::vector<LoadedObject> objects;  // TMA order
    std::vector<VisualModel> models;    // LoadedObject::visuals index into this
    std::vector<prototype::RawResource> rawResources;
    std::array<LandMaterialTable, 2> landMaterials;  // [kLand1Table], [kLand2Table]
    // Decoded textures by ASCII-folded name: every phase texture of the objects' and the terrain's materials when
    // LoadOptions::keepTextures, and every resolved lightmap (they have the mission's lifetime, spec section 4).
    std::map<std::string, TexturePtr> textures;
    std::map<std::string, TexturePtr> lightmaps;
    std::vector<Error> warnings;
    LoadCounts counts;
    std::vector<PhaseTiming> timings;
    std::unique_ptr<MissionRuntime> runtime;  // registered objects at tick 0
};

// `missionDir` is the VFS path of the mission folder ("MISSIONS/Tut_1").
[[nodiscard]] Result<LoadedMission> loadMission(const vfs::Vfs& vfs, std::string_view missionDir,
                                                const LoadOptions& options = {});

// Holds the published mission; load() replaces it only when the new one loaded completely.
class MissionHost {
public:
    [[nodiscard]] Status load(const vfs::Vfs& vfs, std::string_view missionDir, const LoadOptions& options = {});
    [[nodiscard]] const LoadedMission* current() const { return mCurrent.get(); }
    [[nodiscard]] LoadedMission* current() { return mCurrent.get(); }

private:
    std::unique_ptr<LoadedMission> mCurrent;
};

// The inventory summary and the state hash as JSON (`vestige mission --json` uses it).
// withTimings = false leaves the per-phase wall-clock "ms" out, for outputs that must be byte-stable (the demo).
[[nodiscard]] std::string summaryJson(const LoadedMission& mission, bool withTimings = true);

}  // namespace vestige::iron3d::mission
