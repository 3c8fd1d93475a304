// The player's footsteps as CBasePlayer::UpdateStepSound and PlayStepSound (SDK 2013 baseplayer_shared.cpp) play
// them, with GMod's PlayerStepSoundTime and PlayerFootstep hooks:
//
// - every command the step timer runs down by the tick's milliseconds; at 0 a step may play;
// - none while noclipping or observing, or slower than 90 u/s (60 ducked or on a ladder), or off the ground and
//   off a ladder, or standing still on the ground;
// - walking is below 220 u/s (80 ducked or on a ladder); the surface is the ladder's on a ladder, "wade" waist-deep
//   (every fourth step is skipped, one counter for all players as the SDK's static), "water" feet-deep, else the
//   ground's ("default" until materials give the floor's $surfaceprop);
// - volume by the surface's game material, walking / running: dirt 0.25 / 0.55, vent 0.4 / 0.7, others 0.2 / 0.5;
//   wading 0.65; on a ladder 0.5; 65 % of that ducked;
// - the step timer: GM:PlayerStepSoundTime (the base gamemode's rule by default), which in GMod replaces the SDK's
//   SetStepSoundTime (its own numbers already hold the SDK's ladder and crouch extra);
// - the feet alternate (stepleft, stepright); the soundscript's wave and pitch are picked here (the world's
//   "footsteps" stream), GM:PlayerFootstep may silence it, and the wave plays on CHAN_BODY at the step's volume with
//   the script's level. A name that is no soundscript plays nothing (GetParametersForSound fails), as in Source.
#include <cmath>

#include "vestige/source/game/world.hpp"

namespace vestige::source::game {
namespace {

constexpr int kChanBody = 4;  // CHAN_BODY

float surfaceVolume(char gameMaterial, bool walking) {
    switch (gameMaterial) {
        case 'D':  // CHAR_TEX_DIRT
            return walking ? 0.25f : 0.55f;
        case 'V':  // CHAR_TEX_VENT
            return walking ? 0.4f : 0.7f;
        default:  // concrete, metal, grate, tile, slosh and the rest
            return walking ? 0.2f : 0.5f;
    }
}

}  // namespace

float baseGamemodeStepSoundTime(float maxSpeed, StepSoundTime type, bool crouching) {
    float t = 350;
    if (type == StepSoundTime::Normal || type == StepSoundTime::WaterFoot)
        t = maxSpeed <= 100 ? 400.0f : maxSpeed <= 300 ? 350.0f : 250.0f;
    else if (type == StepSoundTime::OnLadder)
        t = 450;
    else if (type == StepSoundTime::WaterKnee)
        t = 600;
    return crouching ? t + 50 : t;
}

void World::updateStepSound(Entity& p, Vec3 origin, Vec3 velocity) {
    PlayerData& pd = *p.player;
    if (pd.stepSoundTime > 0) pd.stepSoundTime = std::max(0.0f, pd.stepSoundTime - 1000.0f * mInterval);
    if (pd.stepSoundTime > 0) return;
    if (p.moveType == MoveType::Noclip || p.moveType == MoveType::Observer) return;
    const movement::PlayerState& s = pd.move;
    const bool ladder = p.moveType == MoveType::Ladder;
    const bool ducked = s.ducked;
    const float speed = length(velocity);
    const float groundSpeed = std::hypot(velocity.x, velocity.y);
    const float velWalk = ducked || ladder ? 60.0f : 90.0f, velRun = ducked || ladder ? 80.0f : 220.0f;
    if (speed < velWalk || !(ladder || (s.onGround && groundSpeed > 0.0001f))) return;
    const bool walking = speed < velRun;
    const physics::SurfaceProps& props = physics().surfaceProps();
    const auto stepTime = [&](StepSoundTime type) {
        pd.stepSoundTime = hooks.playerStepSoundTime ? hooks.playerStepSoundTime(*this, p, type, walking)
                                                     : baseGamemodeStepSoundTime(pd.maxSpeed, type, ducked);
    };
    const physics::Material* surface = &props.get("default");
    float volume = 0;
    if (ladder) {
        volume = 0.5f;  // GetLadderSurface: the ladder's material; "default" here
        stepTime(StepSoundTime::OnLadder);
    } else if (s.waterLevel == movement::kWaist) {
        if (mWadeSkip == 0) {
            ++mWadeSkip;
            return;
        }
        if (mWadeSkip++ == 3) mWadeSkip = 0;
        surface = &props.get("wade");
        volume = 0.65f;
        stepTime(StepSoundTime::WaterKnee);
    } else if (s.waterLevel == movement::kFeet) {
        surface = &props.get("water");
        volume = walking ? 0.2f : 0.5f;
        stepTime(StepSoundTime::WaterFoot);
    } else {
        stepTime(StepSoundTime::Normal);
        volume = surfaceVolume(surface->gameMaterial, walking);
    }
    if (ducked) volume *= 0.65f;
    playStepSound(p, origin, *surface, volume);
}

void World::playStepSound(Entity& p, Vec3 feet, const physics::Material& surface, float volume) {
    PlayerData& pd = *p.player;
    const int side = pd.stepSide;
    const std::string& name = side ? surface.stepLeft : surface.stepRight;
    if (name.empty()) return;
    pd.stepSide = !side;
    const SoundScript* script = sounds.scripts().find(name);
    if (!script || script->waves.empty()) return;
    Pcg32& rng = mRng.stream("footsteps");
    const std::string& wave = script->waves.size() == 1
                                  ? script->waves.front()
                                  : script->waves[rng.below(static_cast<std::uint32_t>(script->waves.size()))];
    const float pitch = script->pitchMax > script->pitchMin
                            ? script->pitchMin + (script->pitchMax - script->pitchMin) * rng.unit()
                            : script->pitchMin;
    const int foot = side ? 0 : 1;  // the wiki's foot: 0 left, 1 right
    if (hooks.playerFootstep ? hooks.playerFootstep(*this, p, feet, foot, wave, volume) : !p.alive) return;
    SoundEvent e;
    e.tick = tick();
    e.name = wave;
    e.entity = static_cast<std::uint32_t>(p.index);
    e.origin = feet;
    e.channel = kChanBody;
    e.volume = volume;
    e.soundLevel = script->soundLevel;
    e.pitchMin = e.pitchMax = pitch;
    sounds.emit(std::move(e));
}

}  // namespace vestige::source::game
