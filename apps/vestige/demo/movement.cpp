// Demo stage: movement. Builds the movement demo world (floor tiles, 5..44 degree ramps, stairs, pool with a
// ledge, displacement hill, brush entity) with the collision WorldBuilder, walks a player through it with
// GMod settings and writes the per-tick trace (JSON Lines, TraceSink format) and a summary table.
// Integration: declare `DemoStage demoStageMovement();` in app.hpp, add it to demoStages() after "bsp",
// link vestige_source_movement.
#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/core/trace.hpp"
#include "vestige/source/collision/test_worlds.hpp"
#include "vestige/source/movement/movement.hpp"

namespace vestige::app {

namespace {

using namespace vestige::source;

struct Runner {
    const movement::PlayerMovement& pm;
    TraceSink& sink;
    movement::PlayerState s;

    void run(const movement::MoveInput& in, int ticks) {
        for (int i = 0; i < ticks; ++i) pm.tick(s, in, sink);
    }
};

movement::MoveInput walk(float yaw, float forward = 250, std::uint32_t buttons = 0) {
    movement::MoveInput in;
    in.forwardMove = forward;
    in.viewAngles = {0, yaw, 0};
    in.buttons = buttons | (forward != 0 ? movement::buttons::kForward : 0u);
    return in;
}

float hdist(Vec3 a, Vec3 b) { return std::hypot(a.x - b.x, a.y - b.y); }

}  // namespace

DemoStage demoStageMovement() {
    return {"movement", "Source movement: GMod player on stairs, ramps, pool and hill; per-tick trace and summary",
            [](DemoContext& demo) -> Status {
                const collision::DemoWorldLayout layout = collision::demoWorldLayout();
                const collision::CollisionWorld world = collision::buildDemoWorld(layout);
                const movement::PlayerMovement pm(world);
                const float dt = pm.settings().frameTime();
                std::string trace;
                TraceSink sink([&trace](std::string_view line) {
                    trace.append(line);
                    trace.push_back('\n');
                });
                std::string table = "what                              value\n";
                const auto row = [&table](const std::string& what, const std::string& value) {
                    table += fmt::format("{:<34}{}\n", what, value);
                };

                // Flat ground: walk, then release and measure the stop.
                Runner r{pm, sink, pm.spawn({-256, -200, 1})};
                r.run({}, 20);
                r.run(walk(180), 100);
                row("speed on flat (u/s)", fmt::format("{:.1f}", std::hypot(r.s.velocity.x, r.s.velocity.y)));
                const Vec3 release = r.s.origin;
                int stopTicks = 0;
                while (std::hypot(r.s.velocity.x, r.s.velocity.y) >= 10.0f && stopTicks < 200) {
                    r.run({}, 1);
                    ++stopTicks;
                }
                r.run({}, 60);
                const float stopDist = hdist(r.s.origin, release);
                row("stop from 250 (s, u)", fmt::format("{:.3f} s, {:.2f} u", stopTicks * dt, stopDist));

                // Jump from rest.
                const float z0 = r.s.origin.z;
                movement::MoveInput jump;
                jump.buttons = movement::buttons::kJump;
                r.run(jump, 1);
                float apex = r.s.origin.z - z0;
                int apexTick = 1, flight = 1;
                while (!r.s.onGround && flight < 200) {
                    r.run({}, 1);
                    ++flight;
                    if (r.s.origin.z - z0 > apex) {
                        apex = r.s.origin.z - z0;
                        apexTick = flight;
                    }
                }
                row("jump apex / time / flight", fmt::format("{:.2f} u / {:.3f} s / {:.3f} s", apex, apexTick * dt, flight * dt));

                // Ramps.
                for (std::size_t i = 0; i < layout.rampAngles.size(); ++i) {
                    Runner ramp{pm, sink, pm.spawn({layout.rampStartX - 200, layout.rampLaneY[i], 1})};
                    ramp.run({}, 10);
                    float sum = 0;
                    int n = 0;
                    for (int t = 0; t < 200; ++t) {
                        const Vec3 before = ramp.s.origin;
                        ramp.run(walk(0), 1);
                        if (before.x > layout.rampStartX + 48 && ramp.s.origin.x < layout.rampStartX + layout.rampLength - 48) {
                            sum += hdist(ramp.s.origin, before) / dt;
                            ++n;
                        }
                    }
                    row(fmt::format("uphill speed at {:.0f} deg", layout.rampAngles[i]),
                        fmt::format("{:.1f} u/s", n ? sum / static_cast<float>(n) : 0.0f));
                }

                // Stairs of 18.
                Runner stairs{pm, sink, pm.spawn({layout.stairsX - 100, layout.stairsLaneY, 1})};
                float stairsTop = 0;
                for (int t = 0; t < 120; ++t) {
                    stairs.run(walk(0), 1);
                    stairsTop = std::max(stairsTop, stairs.s.origin.z);
                }
                row("stairs: height reached", fmt::format("{:.2f} u (8 x 18 = 144)", stairsTop));

                // Pool: sink, then swim up and water-jump onto the ledge.
                Runner pool{pm, sink, pm.spawn({-1300, 0, -100})};
                pool.run({}, 400);
                row("pool: idle ends at z", fmt::format("{:.2f} (bottom {:.0f})", pool.s.origin.z, layout.poolBottom));
                int outTicks = 0;
                while (!(pool.s.onGround && pool.s.waterLevel == movement::kNotInWater) && outTicks < 1000) {
                    pool.run(walk(0, 250, movement::buttons::kJump), 1);
                    ++outTicks;
                }
                row("pool: out onto the ledge", fmt::format("after {:.2f} s at z {:.2f}", outTicks * dt, pool.s.origin.z));

                // Hill: diagonal walk over the displacement.
                Runner hill{pm, sink, pm.spawn({layout.hillOrigin.x - 100, layout.hillOrigin.y - 100, 1})};
                hill.run({}, 10);
                int blocks = 0;
                float top = 0;
                for (int t = 0; t < 400; ++t) {
                    const Vec3 before = hill.s.origin;
                    const bool grounded = hill.s.onGround;
                    hill.run(walk(45), 1);
                    top = std::max(top, hill.s.origin.z);
                    if (t > 40 && grounded && hdist(hill.s.origin, before) < 0.5f * 250 * dt) ++blocks;
                }
                row("hill: highest z / blocked ticks", fmt::format("{:.1f} / {}", top, blocks));
                row("trace events / hash", fmt::format("{} / {}", sink.count(), sink.hashHex()));

                VESTIGE_CHECK(demo.write("movement/trace.jsonl", trace));
                VESTIGE_CHECK(demo.write("movement/summary.txt", table));
                demo.notes.push_back(fmt::format("movement: flat 250 u/s, jump apex {:.2f} u, stop {:.2f} u, hill blocks {}",
                                                 apex, stopDist, blocks));
                demo.notes.push_back(fmt::format("movement: {} trace events, hash {}", sink.count(), sink.hashHex()));
                return {};
            }};
}

}  // namespace vestige::app
