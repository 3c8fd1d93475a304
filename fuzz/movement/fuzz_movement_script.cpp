// Fuzz target: the movement input-script parser. Any input either parses into commands whose re-rendered
// text parses to the same commands, or fails with a move.script.* error that names a line and column
// within the text; running the parsed commands for a few ticks never produces a non-finite position.
#include <cmath>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "vestige/source/collision/builder.hpp"
#include "vestige/source/movement/script.hpp"

#define FUZZ_CHECK(cond)               \
    do {                               \
        if (!(cond)) __builtin_trap(); \
    } while (0)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige;
    using namespace vestige::source;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto r = movement::parseInputScript(text);
    if (!r.ok()) {
        FUZZ_CHECK(r.error().code().rfind("move.script.", 0) == 0);
        FUZZ_CHECK(r.error().find("line").has_value());
        FUZZ_CHECK(r.error().find("column").has_value());
        FUZZ_CHECK(r.error().offset().has_value() && *r.error().offset() <= size);
        return 0;
    }
    std::uint64_t total = 0;
    for (const auto& c : *r) {
        total += c.ticks;
        FUZZ_CHECK(c.ticks > 0 && std::isfinite(c.forward) && std::isfinite(c.side) && std::isfinite(c.yaw) &&
                   std::isfinite(c.pitch));
        std::string line = std::to_string(c.ticks);
        for (std::uint32_t bit = 0; bit < 32; ++bit) {
            if (!(c.buttons & (1u << bit))) continue;
            static constexpr const char* kNames[] = {"forward", "back", "moveleft", "moveright", "jump", "duck",
                                                     "speed", "walk", "use", "attack", "noclip"};
            for (const char* n : kNames) {
                if (movement::buttonFromName(n) == (1u << bit)) line += std::string(" +") + n;
            }
        }
        line += fmt::format(" {} {} {} {}\n", c.forward, c.side, c.yaw, c.pitch);
        auto back = movement::parseInputScript(line);
        FUZZ_CHECK(back.ok() && back->size() == 1);
        FUZZ_CHECK((*back)[0].buttons == c.buttons && (*back)[0].forward == c.forward && (*back)[0].side == c.side &&
                   (*back)[0].yaw == c.yaw && (*back)[0].pitch == c.pitch && (*back)[0].ticks == c.ticks);
    }
    FUZZ_CHECK(total <= movement::kMaxScriptTicks);
    // Drive a player on a small world with the first few ticks of the script.
    static const collision::CollisionModel world = [] {
        collision::ModelBuilder b;
        b.addBox({-512, -512, -64}, {512, 512, 0});
        b.addRamp(0, -128, 128, 0, 256, 30);
        b.addBox({-300, -300, 0}, {-280, 300, 200});
        // A ladder (LADDER | TRANSLUCENT | GRATE) so fuzzed inputs also drive LadderMove.
        b.addBox({-60, -40, 0}, {-52, 40, 150},
                 collision::contents::kLadder | collision::contents::kTranslucent | collision::contents::kGrate);
        return b.build();
    }();
    movement::PlayerMovement pm(world);
    movement::PlayerState s = pm.spawn({0, 0, 1});
    int budget = 200;
    for (const auto& c : *r) {
        for (std::uint32_t i = 0; i < c.ticks && budget > 0; ++i, --budget) {
            pm.tick(s, c.input());
            FUZZ_CHECK(isFinite(s.origin) && isFinite(s.velocity));
        }
    }
    return 0;
}
