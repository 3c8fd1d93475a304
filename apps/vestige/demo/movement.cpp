// Demo stage: movement. Builds the BSP demo map (bsp::demoMap(): room, 8-unit stairs, 20/30/45 degree ramps,
// thin wall, pool, displacement hill, func_door at an origin), writes and re-reads it, makes its collision
// world with collision::fromBsp exactly like `vestige move`, then walks a GMod player over each feature.
// Outputs: movement/trace.jsonl (one event per tick; phase = the feature walked), movement/summary.txt (the
// table below, every number measured from the run) and movement/walk.txt (a script `vestige move` replays
// from the map's info_player_start).
#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/core/trace.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/collision/map_collision.hpp"
#include "vestige/source/movement/movement.hpp"
#include "vestige/source/movement/script.hpp"

namespace vestige::app {

namespace {

using namespace vestige::source;
namespace mv = vestige::source::movement;

float hspeed(const mv::PlayerState& s) { return std::hypot(s.velocity.x, s.velocity.y); }
float hdist(Vec3 a, Vec3 b) { return std::hypot(a.x - b.x, a.y - b.y); }

mv::MoveInput walk(float yaw, float forward = 250, std::uint32_t extra = 0) {
    mv::MoveInput in;
    in.forwardMove = forward;
    in.viewAngles = {0, yaw, 0};
    in.buttons = extra | (forward != 0 ? mv::buttons::kForward : 0u);
    return in;
}

mv::MoveInput held(std::uint32_t buttons) {
    mv::MoveInput in;
    in.buttons = buttons;
    return in;
}

// One walk over one feature: a player spawned at a point, every tick traced under the feature's name.
struct Run {
    const mv::PlayerMovement& pm;
    TraceSink& sink;
    std::string phase;
    mv::PlayerState s;

    Run(const mv::PlayerMovement& movement, TraceSink& traceSink, std::string name, Vec3 at)
        : pm(movement), sink(traceSink), phase(std::move(name)), s(movement.spawn(at)) {}
    void step(const mv::MoveInput& in) {
        pm.tick(s, in);
        sink.event(s.tick, phase, "movement", mv::PlayerMovement::stateJson(s));
    }
    void run(const mv::MoveInput& in, int ticks) {
        for (int i = 0; i < ticks; ++i) step(in);
    }
};

// The replay script: walk along the south wall from the spawn into the thin wall, stop, jump.
constexpr const char* kWalkScript =
    "# vestige move --json bsp/demo.bsp --input movement/walk.txt\n"
    "# from info_player_start (-960 -960 8): settle, walk east into the thin wall at x = -256, stop, jump\n"
    "30 - 0 0 0 0\n"
    "200 +forward 250 0 0 0\n"
    "60 - 0 0 0 0\n"
    "60 +jump 0 0 0 0\n";

}  // namespace

DemoStage demoStageMovement() {
    return {"movement",
            "Source movement: GMod player on the BSP demo map (stairs, ramps, thin wall, pool, hill, door); trace and summary",
            [](DemoContext& demo) -> Status {
                // The map goes through bytes and the reader, like a file given to `vestige move`.
                VESTIGE_TRY(auto bytes, bsp::demoMap().write());
                VESTIGE_TRY(auto map, bsp::readBsp(bytes));
                VESTIGE_TRY(auto bw, collision::fromBsp(map));
                if (!bw.spawn) return Error("demo.movement", "the demo map has no info_player_start");
                const collision::CollisionModel& world = bw.model;
                const mv::PlayerMovement pm(world);
                const float dt = pm.settings().frameTime();
                const float eps = collision::kDistEpsilon;

                std::string trace;
                TraceSink sink([&trace](std::string_view line) {
                    trace.append(line);
                    trace.push_back('\n');
                });
                std::string table = fmt::format("{:<44}{}\n", "what (GMod settings, 66.67 tick, wish 250)", "measured");
                const auto row = [&table](const std::string& what, const std::string& value) {
                    table += fmt::format("{:<44}{}\n", what, value);
                };

                // Flat floor from info_player_start: walk east, release, jump, then into the thin wall.
                Run flat(pm, sink, "flat", *bw.spawn);
                flat.run({}, 30);
                const float restZ = flat.s.origin.z;
                flat.run(walk(0), 60);
                const float flatSpeed = hspeed(flat.s);
                row("spawn (info_player_start) rests at z", fmt::format("{:.3f} (entity z {:.0f})", restZ, bw.spawn->z));
                row("speed on flat", fmt::format("{:.2f} u/s", flatSpeed));
                const Vec3 release = flat.s.origin;
                int stopTicks = 0;
                while (hspeed(flat.s) >= 10.0f && stopTicks < 200) {
                    flat.step({});
                    ++stopTicks;
                }
                flat.run({}, 60);
                const float stopDist = hdist(flat.s.origin, release);
                const Vec3 rest = flat.s.origin;
                flat.run({}, 60);
                row("stop from 250: below 10 u/s after", fmt::format("{} ticks = {:.3f} s", stopTicks, stopTicks * dt));
                row("stop distance / drift after", fmt::format("{:.2f} u / {:.3f} u", stopDist, length(flat.s.origin - rest)));

                const float z0 = flat.s.origin.z;
                float apex = 0;
                int apexTick = 0, flight = 0;
                for (int t = 1; t < 300; ++t) {
                    flat.step(held(mv::buttons::kJump));
                    if (flat.s.origin.z - z0 > apex) {
                        apex = flat.s.origin.z - z0;
                        apexTick = t;
                    }
                    if (flat.s.onGround) {
                        flight = t;
                        break;
                    }
                }
                row("jump apex / to apex / flight",
                    fmt::format("{:.2f} u / {:.3f} s / {:.3f} s ({} ticks)", apex, apexTick * dt, flight * dt, flight));

                int wallTicks = 0;
                while (!flat.s.blockingPlane && wallTicks < 400) {
                    flat.step(walk(0));
                    ++wallTicks;
                }
                row("thin wall (x -256..-248) stops at x", fmt::format("{:.3f} (face - 16 - 1/32 = {:.3f})",
                                                                      flat.s.origin.x, -256.0f - 16.0f - eps));
                // Pushed at sv_maxvelocity into the 8-unit wall for a second: never through.
                float farthest = -1e9f;
                for (int t = 0; t < 67; ++t) {
                    flat.s.velocity.x = pm.settings().maxVelocity;
                    flat.step(walk(0));
                    farthest = std::max(farthest, flat.s.origin.x);
                }
                row("thin wall at 3500 u/s, farthest x", fmt::format("{:.3f} (not crossed: {})", farthest,
                                                                   farthest + 16.0f <= -256.0f ? "yes" : "NO"));

                // Stairs: 8 steps of 8 x 16 rising east from x = -896 in the lane y -768..-640.
                Run stairs(pm, sink, "stairs", {-980, -704, 1});
                stairs.run({}, 20);
                float stairsTop = 0, stairsMinSpeed = 1e9f;
                int stairsTicks = 0;
                for (int t = 0; t < 200 && stairs.s.origin.x < -768; ++t) {
                    stairs.step(walk(0));
                    stairsTop = std::max(stairsTop, stairs.s.origin.z);
                    if (stairs.s.origin.x > -896 - 16) {
                        stairsMinSpeed = std::min(stairsMinSpeed, hspeed(stairs.s));
                        ++stairsTicks;
                    }
                }
                row("stairs (8 x 8 u): top reached", fmt::format("z {:.3f} in {} ticks, slowest {:.1f} u/s", stairsTop,
                                                                stairsTicks, stairsMinSpeed));

                // Ramps: 20, 30, 45 degrees rising east from x = -896 (lanes centred at y -320, -64, 192).
                struct Ramp {
                    float angle, laneY, length;
                };
                for (const Ramp ramp : {Ramp{20, -320, 256}, Ramp{30, -64, 192}, Ramp{45, 192, 128}}) {
                    Run r(pm, sink, fmt::format("ramp{:.0f}", ramp.angle), {-990, ramp.laneY, 1});
                    r.run({}, 20);
                    float sum = 0, top = 0;
                    int n = 0;
                    for (int t = 0; t < 120; ++t) {
                        const Vec3 before = r.s.origin;
                        r.step(walk(0));
                        top = std::max(top, r.s.origin.z);
                        // Fully on the slope: the hull's back edge past the foot, its front before the top.
                        if (before.x - 16 > -896 && r.s.origin.x + 16 < -896 + ramp.length) {
                            sum += hdist(r.s.origin, before) / dt;
                            ++n;
                        }
                    }
                    const float high = ramp.length * std::tan(degToRad(ramp.angle));
                    row(fmt::format("ramp {:.0f} deg: uphill speed / top", ramp.angle),
                        fmt::format("{:.2f} u/s over {} ticks / z {:.2f} of {:.2f}", n ? sum / static_cast<float>(n) : 0.0f,
                                    n, top, high));
                }
                // Standing still on the 30 degree ramp for 3 s.
                Run still(pm, sink, "ramp30_still", {-800, -64, 80});
                still.run({}, 60);
                const Vec3 stillStart = still.s.origin;
                still.run({}, 200);
                row("ramp 30 deg: drift standing 3 s", fmt::format("{:.4f} u (on ground: {})",
                                                                  length(still.s.origin - stillStart), still.s.onGround));

                // Pool: water z 16..64 on a 16-unit floor over x, y 128..640.
                Run pool(pm, sink, "pool", {40, 384, 1});
                pool.run({}, 20);
                int enterTick = -1;
                for (int t = 0; t < 200 && pool.s.origin.x < 384; ++t) {
                    pool.step(walk(0));
                    if (enterTick < 0 && pool.s.waterLevel >= mv::kWaist) enterTick = t;
                }
                const float poolSpeed = hspeed(pool.s);
                row("pool: waist deep after / speed", fmt::format("{} ticks, z {:.2f}, level {}, {:.2f} u/s", enterTick,
                                                                  pool.s.origin.z, static_cast<int>(pool.s.waterLevel),
                                                                  poolSpeed));
                pool.run({}, 200);
                row("pool: idle 3 s", fmt::format("z {:.2f}, on ground {}, level {}", pool.s.origin.z, pool.s.onGround,
                                                  static_cast<int>(pool.s.waterLevel)));
                float swimTop = -1e9f, swimLow = 1e9f;
                for (int t = 0; t < 400; ++t) {
                    pool.step(held(mv::buttons::kJump));
                    if (t >= 100) {
                        swimTop = std::max(swimTop, pool.s.origin.z);
                        swimLow = std::min(swimLow, pool.s.origin.z);
                    }
                }
                row("pool: holding jump, feet bob between", fmt::format("z {:.2f} and {:.2f} (waist {:.2f}..{:.2f}, surface 64)",
                                                                      swimLow, swimTop, swimLow + 36, swimTop + 36));
                pool.run({}, 200);
                int under = 0;
                while (!pool.s.drowning && under < 2000) {
                    pool.step(held(mv::buttons::kDuck));
                    ++under;
                }
                const int eyesAt = under;
                row("pool: ducked, eyes under, air out", fmt::format("level {}, after {:.2f} s", static_cast<int>(pool.s.waterLevel),
                                                                     eyesAt * dt));
                pool.run({}, 30);
                row("pool: stand up, breath back", fmt::format("level {}, air {:.1f} s", static_cast<int>(pool.s.waterLevel),
                                                               pool.s.air));

                // Hill: displacement over x 256..768, y -896..-384, peak 160 at (512, -640).
                float hillTop = 0;
                int hillBlocks = 0;
                std::string hillRuns;
                for (const float yaw : {0.0f, 45.0f, 90.0f}) {
                    const Vec3 start = yaw == 0.0f ? Vec3{160, -640, 1} : yaw == 45.0f ? Vec3{200, -950, 1} : Vec3{512, -990, 1};
                    Run h(pm, sink, fmt::format("hill{:.0f}", yaw), start);
                    h.run({}, 20);
                    float top = 0;
                    int blocks = 0;
                    for (int t = 0; t < 200; ++t) {
                        const Vec3 before = h.s.origin;
                        const bool grounded = h.s.onGround;
                        h.step(walk(yaw));
                        top = std::max(top, h.s.origin.z);
                        if (t > 20 && grounded && hdist(h.s.origin, before) < 0.5f * 250 * dt) ++blocks;
                    }
                    hillTop = std::max(hillTop, top);
                    hillBlocks += blocks;
                    hillRuns += fmt::format("{}yaw {:.0f}: top z {:.1f}, {} blocked", hillRuns.empty() ? "" : "; ", yaw, top, blocks);
                }
                row("hill walks", hillRuns);
                // Why the straight lanes slow down: the hill's rim is steeper than walkable (normal z < 0.7).
                float steepest = 1.0f;
                for (float x = 260; x < 768; x += 8) {
                    for (float y = -892; y < -384; y += 8) {
                        const auto tr = world.traceRay({x, y, 400}, {x, y, -10}, collision::mask::kPlayerSolid);
                        if (tr.hitKind == collision::HitKind::Displacement) steepest = std::min(steepest, tr.plane.normal.z);
                    }
                }
                row("hill: steepest triangle (normal z)", fmt::format("{:.3f} = {:.1f} deg (walkable up to 0.7 = 45.6 deg)",
                                                                     steepest, radToDeg(std::acos(steepest))));

                // The func_door: its brush at x -252..-244, y 0..128, entity origin (-248 64 64).
                Run door(pm, sink, "door", {-420, 64, 1});
                door.run({}, 20);
                door.run(walk(0), 150);
                row("door (brush entity) stops at x", fmt::format("{:.3f} (face - 16 - 1/32 = {:.3f})", door.s.origin.x,
                                                                 -252.0f - 16.0f - eps));

                row("map", fmt::format("{} brushes ({} in brush models), {} displacement triangles",
                                       world.stats().brushes, bw.stats.modelBrushes, world.stats().displacementTriangles));
                row("trace events / hash", fmt::format("{} / {}", sink.count(), sink.hashHex()));

                // The replay script must parse (it is what `vestige move` reads).
                VESTIGE_TRY(auto script, mv::parseInputScript(kWalkScript));
                (void)script;
                VESTIGE_CHECK(demo.write("movement/trace.jsonl", trace));
                VESTIGE_CHECK(demo.write("movement/summary.txt", table));
                VESTIGE_CHECK(demo.write("movement/walk.txt", std::string_view(kWalkScript)));
                demo.notes.push_back(fmt::format("movement on demo.bsp: flat {:.1f} u/s, stop {:.2f} u in {:.2f} s, jump {:.2f} u, "
                                                 "stairs to z {:.1f}, hill top z {:.1f} ({} blocked ticks)",
                                                 flatSpeed, stopDist, stopTicks * dt, apex, stairsTop, hillTop, hillBlocks));
                demo.notes.push_back(fmt::format("movement: {} trace events, hash {}", sink.count(), sink.hashHex()));
                return {};
            }};
}

}  // namespace vestige::app
