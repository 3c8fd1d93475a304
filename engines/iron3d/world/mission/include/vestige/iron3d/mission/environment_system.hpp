#pragma once
// The weather and sound layer (engines/iron3d/environment) driven by the mission runtime (issue 22 item 6):
//
//   install       Environment::start() -> the mission-start events (the THEME loop), at the world's tick
//   UpdateAnimationAndEffects, after camera.transform (camera_system.hpp step 3)
//                 the tick's RenderCamera -> environment::CameraFrame -> Environment::step -> this tick's
//                 particles, lightning and sound events, stamped with the world tick the pass produced
//
// The lightning's 15-bit draws come from the runtime's section-14 "atmosphere" stream (SystemContext::rng), so they
// are part of the RNG digest in the simulation hash. The event list is the deterministic output: the same mission,
// seed and config give the same list, byte for byte through audio::toJsonLine. The environment's own state is not
// rolled back when a later system fails the pass (the runtime restores only the world and the RNG streams).
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "vestige/audio/sound.hpp"
#include "vestige/iron3d/environment/weather.hpp"
#include "vestige/iron3d/input/camera.hpp"
#include "vestige/iron3d/mission/camera_system.hpp"
#include "vestige/iron3d/mission/runtime.hpp"
#include "vestige/iron3d/terrain/terrain_world.hpp"

namespace vestige::iron3d::mission {

// The presented camera as the environment sees it: position, forward, right = forward x Z-up, up = right x forward
// (Z up, spec section 12), the vertical FOV and the viewport's aspect and width.
[[nodiscard]] environment::CameraFrame environmentCamera(const input::RenderCamera& camera);

// The weather a mission runs with. Its own data cannot be read yet: sky.ske's layout and mission.cfg's syntax are
// unpublished (docs/environment.md), so the weather is a named preset [P]:
//   clear   no schedule keys, no ambient pools (what a mission without readable weather gets: no events)
//   storm   environment::sampleStorm() (rain from 2 s, lightning from 5 s, clearing from 10 s, THEME and the day /
//           night pools), with LightningBounds = the terrain's XY bounds at its top Z
// Anything else is nullopt.
[[nodiscard]] std::optional<environment::EnvironmentConfig> weatherPreset(std::string_view name,
                                                                          const terrain::TerrainWorld& terrain);

struct EnvironmentSummary {
    std::uint64_t events = 0, startLoops = 0, volumeChanges = 0, stopLoops = 0, oneShots = 0;
    std::uint64_t strikes = 0, variations = 0, atmosphereDraws = 0;
    std::uint64_t firstEventTick = 0, lastEventTick = 0;
};

class EnvironmentSystem {
public:
    // Registers the system; `runtime` and `camera` must outlive it, and installCamera() must have run first (the
    // environment reads the camera's final transform of the same tick). `onEvent`, when set, gets every event
    // as it is produced (the CLI writes JSON lines from it).
    EnvironmentSystem(MissionRuntime& runtime, const CameraRig& camera, environment::EnvironmentConfig config,
                      std::function<void(const audio::SoundEvent&)> onEvent = {});
    EnvironmentSystem(const EnvironmentSystem&) = delete;  // the installed system captures this object
    EnvironmentSystem& operator=(const EnvironmentSystem&) = delete;

    // Every event of the run so far, in order.
    [[nodiscard]] const std::vector<audio::SoundEvent>& events() const { return mEvents; }
    [[nodiscard]] const EnvironmentSummary& summary() const { return mSummary; }
    // The sky object's base RGB for the ambient pool choice; no sky object is read yet [P]: (1, 1, 1), day.
    void setSkyBaseRgb(Vec3 rgb) { mSkyRgb = rgb; }

private:
    void record(audio::SoundEvent event);

    std::unique_ptr<environment::Environment> mEnvironment;
    std::function<void(const audio::SoundEvent&)> mOnEvent;
    std::vector<audio::SoundEvent> mEvents;
    EnvironmentSummary mSummary;
    Vec3 mSkyRgb{1, 1, 1};
};

}  // namespace vestige::iron3d::mission
