#pragma once
// What a mission load hands to the areas that build on it (AI scripts, Behavior, Control, render): one record
// per placed TMA object, in TMA order, and the scripts/AI hook the loader calls after every object is registered
// and before the first tick (spec section 14 load order: ... Construct -> Register all -> scripts/AI -> first tick).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/progress.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/ctl/ctl.hpp"
#include "vestige/iron3d/mission/runtime.hpp"
#include "vestige/iron3d/prototype/raw_resource.hpp"
#include "vestige/iron3d/prototype/unit_dat.hpp"
#include "vestige/iron3d/resources/resolver.hpp"
#include "vestige/iron3d/terrain/terrain_world.hpp"
#include "vestige/iron3d/tma/tma.hpp"
#include "vestige/iron3d/world/world3d.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::mission {

// How each component prototype resolved (resources/resolver.hpp): key, mesh or non-geometric, the other
// references, the unit component index.
using resources::ComponentInstance;
using resources::Geometry;

struct LoadedObject {
    world::OriginalObjectId originalId = 0;   // = the TMA object index
    world::ObjectHandle handle;               // registered in the runtime's world
    tma::PlacedObject placed;                 // as read (raw_after_resource selects the clan's SuperAI slot)
    std::optional<prototype::UnitFile> unit;  // when resource_name names a unit .dat (raw records kept)
    std::vector<ComponentInstance> components;
    // Per component: the index of its mesh in LoadedMission::models (nullopt = non-geometric) and the static
    // pose its prototype's CTLD binds for this instance (per node frame times; nullopt = no CTL reference).
    std::vector<std::optional<std::size_t>> visuals;
    std::vector<std::optional<ctl::PoseBindings>> poses;
};

// Handed to the scripts/AI hook. Everything is registered and the world has not ticked yet; an error returned
// here aborts the load and nothing is published.
struct ScriptsHookContext {
    const vfs::Vfs& vfs;                       // the game root (MISSIONS/SCRIPTS/...)
    std::string missionDir;                    // VFS path of the mission folder
    const tma::Mission& mission;               // clans in TMA order (mission.clans), objects, paths
    const std::vector<LoadedObject>& objects;  // TMA order
    MissionRuntime& runtime;                   // world, RNG streams, systems, command handlers, hash chunks
    Progress& progress;
    const terrain::TerrainWorld& terrain;  // the mission's terrain and areals; valid during the call only
};
using ScriptsHook = std::function<Status(ScriptsHookContext&)>;

}  // namespace vestige::iron3d::mission
