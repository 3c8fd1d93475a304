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
#include "vestige/iron3d/mission/runtime.hpp"
#include "vestige/iron3d/prototype/raw_resource.hpp"
#include "vestige/iron3d/prototype/unit_dat.hpp"
#include "vestige/iron3d/tma/tma.hpp"
#include "vestige/iron3d/world/world3d.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::mission {

// How a component prototype resolved (spec section 4.1 step 3).
enum class Geometry { Mesh, NonGeometric };

// One component request: a direct prototype key is one component; a unit DAT gives one per record, file order.
struct ComponentInstance {
    std::size_t unitComponentIndex = 0;  // the record's index in the unit DAT (0 for a direct key)
    std::string archive;                 // where the key was looked up ("objects.rlb" in the corpus)
    std::string prototypeKey;
    Geometry geometry = Geometry::NonGeometric;
    std::string meshArchive, meshEntry;  // Mesh: the first resolvable .msh reference
    std::vector<std::string> via;        // the prototype key chain that supplied the mesh reference
    // Every non-mesh reference of the expanded prototype (WEAR, CTL, CPT, NDP, BASE, ...), in order, as
    // "archive:entry"; the loader keeps the bytes of those it reads as prototype::RawResource.
    std::vector<std::string> otherReferences;
};

struct LoadedObject {
    world::OriginalObjectId originalId = 0;   // = the TMA object index
    world::ObjectHandle handle;               // registered in the runtime's world
    tma::PlacedObject placed;                 // as read (raw_after_resource selects the clan's SuperAI slot)
    std::optional<prototype::UnitFile> unit;  // when resource_name names a unit .dat (raw records kept)
    std::vector<ComponentInstance> components;
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
};
using ScriptsHook = std::function<Status(ScriptsHookContext&)>;

}  // namespace vestige::iron3d::mission
