#pragma once
// Resolves what a placed TMA object names into component prototypes and their meshes (spec section 4.1/4.2):
//
//   resource "*.dat"     a unit DAT read through the VFS: one component per record, file order (an empty
//                        resource name -> prototype.unresolved); a binding-layout file gives one component
//   otherwise            one component: the key looked up in objects.rlb
//   component            archive objects.rlb: the registry entry, parents expanded in place; among the effective
//                        references ending in .msh (in order) the first whose archive and entry both exist wins
//                        (a missing archive is "not found", not an error); .msh references that all fail ->
//                        prototype.mesh_missing listing them; no .msh reference -> non-geometric (valid); a .bas
//                        reference is never a mesh. No registry entry (or another archive): a mesh of that name
//                        in that archive. Nothing -> prototype.unresolved.
//
// Errors carry the chain outward: entry -> archive -> prototype -> unit component; the loader adds the object
// index and the mission.
#include <optional>
#include <string>
#include <vector>

#include "vestige/iron3d/prototype/raw_resource.hpp"
#include "vestige/iron3d/prototype/unit_dat.hpp"
#include "vestige/iron3d/resources/cache.hpp"

namespace vestige::iron3d::resources {

enum class Geometry { Mesh, NonGeometric };

struct ComponentInstance {
    std::size_t unitComponentIndex = 0;  // the record's index in the unit DAT (0 for a direct key)
    std::string archive;                 // where the key was looked up ("objects.rlb" in the corpus)
    std::string prototypeKey;
    Geometry geometry = Geometry::NonGeometric;
    std::string meshArchive, meshEntry;  // Mesh: the first resolvable .msh reference (entry as matched)
    std::vector<std::string> via;        // prototype keys from the component's key to the entry holding the mesh
    // Every non-mesh reference of the expanded prototype (WEAR, CTL, CPT, NDP, BASE, ...), in order, as
    // "archive:entry" exactly as the registry spells them.
    std::vector<std::string> otherReferences;
    std::vector<std::string> skippedMeshReferences;  // .msh references tried before the winner, not found
};

struct RootResolution {
    bool unitDat = false;
    std::optional<prototype::UnitFile> unit;
    std::vector<ComponentInstance> components;
};

class PrototypeResolver {
public:
    explicit PrototypeResolver(ResourceCache& cache, std::string registryArchive = "objects.rlb")
        : mCache(cache), mRegistry(std::move(registryArchive)) {}

    // nullopt when nothing of that name exists (the caller decides whether that is an error).
    [[nodiscard]] Result<std::optional<ComponentInstance>> resolveComponent(std::string_view archive,
                                                                            std::string_view key);
    [[nodiscard]] Result<RootResolution> resolveRoot(std::string_view resourceName);
    // The mesh of that name (lookup candidates) in an archive, or nullopt when the archive or entry is absent.
    [[nodiscard]] Result<std::optional<std::string>> findMesh(std::string_view archive, std::string_view name);
    // The bytes of a non-mesh reference "archive:entry", or nullopt when absent.
    [[nodiscard]] Result<std::optional<prototype::RawResource>> rawResource(std::string_view archive,
                                                                            std::string_view entry);

private:
    ResourceCache& mCache;
    std::string mRegistry;
};

}  // namespace vestige::iron3d::resources
