#pragma once
// The world headless: a map, one player driven by an input script (the `vestige move` format, movement/script.hpp),
// N ticks, one JSON line per tick with the player and every entity that changed in that tick. What the CLI's
// `vestige game` prints; also the base of replay tests (the per-tick state hash is in every line).
//
//   {"tick":12,"time":0.18,"hash":"…","player":{…},"entities":[{"index":5,"serial":0,"class":"func_door",…}]}
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "vestige/core/result.hpp"
#include "vestige/source/game/world.hpp"
#include "vestige/source/movement/script.hpp"

namespace vestige::source::game {

struct HeadlessSummary {
    std::uint64_t ticks = 0;
    std::uint64_t finalHash = 0;
    std::uint64_t ioEvents = 0;
    std::size_t entities = 0;
    std::size_t warnings = 0, errors = 0;
    int deaths = 0;
    int health = 0;
    Vec3 origin;
};

// One script command as the tick's CUserCmd: FORWARD/SIDE speeds, (PITCH, YAW, 0) view angles, the buttons.
[[nodiscard]] UserCmd commandFrom(const movement::ScriptCommand& c);

// Walks an input script tick by tick: next() is the command of the next tick (an empty command after the script).
class ScriptCursor {
public:
    explicit ScriptCursor(std::span<const movement::ScriptCommand> script) : mScript(script) {}
    [[nodiscard]] UserCmd next();
    [[nodiscard]] std::uint64_t length() const;  // ticks the script covers

private:
    std::span<const movement::ScriptCommand> mScript;
    std::size_t mCommand = 0;
    std::uint32_t mUsed = 0;
};

// The per-tick JSON object (one line).
[[nodiscard]] std::string tickJson(World& world, const Entity* player);

// Adds a player, runs `ticks` ticks (0: as long as the script lasts; after the script the player gets empty
// commands), calls `line` with tickJson after every tick when given.
[[nodiscard]] Result<HeadlessSummary> runHeadless(World& world, std::span<const movement::ScriptCommand> script,
                                                  std::uint64_t ticks,
                                                  const std::function<void(std::string_view)>& line = {});

}  // namespace vestige::source::game
