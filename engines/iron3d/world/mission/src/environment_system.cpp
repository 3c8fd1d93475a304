#include "vestige/iron3d/mission/environment_system.hpp"

#include "vestige/iron3d/environment/sample.hpp"

namespace vestige::iron3d::mission {

environment::CameraFrame environmentCamera(const input::RenderCamera& camera) {
    environment::CameraFrame f;
    f.position = camera.position;
    f.forward = normalize(camera.forward);
    const Vec3 right = normalize(cross(f.forward, Vec3{0, 0, 1}));
    // Looking straight up or down the right vector is undefined: keep the frame's default axes then.
    if (length(right) > 0) {
        f.right = right;
        f.up = cross(right, f.forward);
    }
    f.verticalFov = camera.fovY;
    const auto width = static_cast<float>(camera.viewport[2]), height = static_cast<float>(camera.viewport[3]);
    if (width > 0 && height > 0) {
        f.aspect = width / height;
        f.viewportWidth = width;
    }
    return f;
}

std::optional<environment::EnvironmentConfig> weatherPreset(std::string_view name,
                                                            const terrain::TerrainWorld& terrain) {
    if (name == "clear") return environment::EnvironmentConfig{};
    if (name != "storm") return std::nullopt;
    environment::EnvironmentConfig c = environment::sampleStorm();
    const Aabb& b = terrain.bounds();
    c.lightningBounds = {b.min.x, b.min.y, b.max.x, b.max.y, b.max.z};
    return c;
}

EnvironmentSystem::EnvironmentSystem(MissionRuntime& runtime, const CameraRig& camera,
                                     environment::EnvironmentConfig config,
                                     std::function<void(const audio::SoundEvent&)> onEvent)
    : mOnEvent(std::move(onEvent)) {
    MissionRuntime* rt = &runtime;
    config.draw = [rt] { return rt->rng().stream(world::kStreamAtmosphere).nextU32(); };
    config.tickMs = static_cast<std::uint32_t>(runtime.clock().config().stepMicros / 1000);
    mEnvironment = std::make_unique<environment::Environment>(std::move(config));
    for (auto& e : mEnvironment->start()) {
        e.tick = runtime.world().tick();
        record(std::move(e));
    }
    runtime.addSystem(
        world::SchedulerPhase::UpdateAnimationAndEffects, "environment", [this, &camera](SystemContext& c) -> Status {
            const std::uint64_t drawsBefore = mEnvironment->atmosphereDraws();
            environment::EnvironmentFrame f = mEnvironment->step(environmentCamera(camera.pending), mSkyRgb);
            mSummary.atmosphereDraws += mEnvironment->atmosphereDraws() - drawsBefore;
            mSummary.strikes += f.lightning.size();
            if (f.variation && f.variation->sample) ++mSummary.variations;
            // The environment counts its own steps from 0; the event belongs to the tick this pass
            // produced (the world has stepped already in this phase).
            for (auto& e : f.sounds) {
                e.tick = c.world.tick();
                record(std::move(e));
            }
            return {};
        });
}

void EnvironmentSystem::record(audio::SoundEvent event) {
    if (mSummary.events == 0) mSummary.firstEventTick = event.tick;
    mSummary.lastEventTick = event.tick;
    ++mSummary.events;
    switch (event.kind) {
        case audio::EventKind::StartLoop:
            ++mSummary.startLoops;
            break;
        case audio::EventKind::SetLoopVolume:
            ++mSummary.volumeChanges;
            break;
        case audio::EventKind::StopLoop:
            ++mSummary.stopLoops;
            break;
        case audio::EventKind::OneShot:
            ++mSummary.oneShots;
            break;
    }
    if (mOnEvent) mOnEvent(event);
    mEvents.push_back(std::move(event));
}

}  // namespace vestige::iron3d::mission
