#pragma once
// The mission loader's working state, shared by load.cpp (context .. scripts) and assets.cpp (visuals, assets).
#include <chrono>
#include <map>
#include <string>

#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/resources/cache.hpp"
#include "vestige/iron3d/resources/resolver.hpp"

namespace vestige::iron3d::mission::detail {

inline constexpr std::size_t kProgressEvery = 64;

struct Loader {
    Loader(const vfs::Vfs& v, std::string_view dir, const LoadOptions& o);

    const vfs::Vfs& vfs;
    const LoadOptions& options;
    resources::ResourceCache cache;
    resources::PrototypeResolver resolver;
    Progress& progress;
    std::unique_ptr<LoadedMission> out = std::make_unique<LoadedMission>();
    std::chrono::steady_clock::time_point phaseStart;
    std::uint64_t bytesInPhase = 0;

    void enter(LoadPhase phase);
    void finishPhase();
    // Counts a request; reports progress every 64.
    void request();
    [[nodiscard]] Result<Bytes> file(const std::string& path);
    // The object-level context of an error: object index (and its resource), then the mission.
    [[nodiscard]] Error objectError(Error e, std::size_t object) const;
    [[nodiscard]] std::string missionPath(std::string_view name) const;

    [[nodiscard]] Status context(Bytes& tma);
    [[nodiscard]] Status map(const Bytes& tma);
    [[nodiscard]] Status readTma(const Bytes& tma);
    [[nodiscard]] Status graph();
    [[nodiscard]] Status visuals();                                  // assets.cpp
    [[nodiscard]] Status assets();                                   // assets.cpp
    [[nodiscard]] Status landMaterials(materials::Resolver& chain);  // assets.cpp
    [[nodiscard]] Status construct();
    [[nodiscard]] Status scripts();
};

// "archive:entry" split at the last ':'.
std::pair<std::string, std::string> splitReference(const std::string& reference);

}  // namespace vestige::iron3d::mission::detail
