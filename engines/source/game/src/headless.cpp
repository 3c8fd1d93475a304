// Headless runs of the world: script commands as user commands, one JSON line per tick.
#include "vestige/source/game/headless.hpp"

#include <cstdio>
#include <string>

#include "vestige/core/json.hpp"
#include "vestige/core/trace.hpp"

namespace vestige::source::game {

namespace {

// Floats as their shortest round-trip decimal ("8.73", not 8.729999542236328).
double shortest(float v) { return std::stod(TraceSink::formatFloat(v)); }
nlohmann::json vec(Vec3 v) { return nlohmann::json::array({shortest(v.x), shortest(v.y), shortest(v.z)}); }

const char* moveTypeName(MoveType t) {
    switch (t) {
        case MoveType::None:
            return "none";
        case MoveType::Walk:
            return "walk";
        case MoveType::Noclip:
            return "noclip";
        case MoveType::Ladder:
            return "ladder";
        case MoveType::Push:
            return "push";
        case MoveType::FlyGravity:
            return "flygravity";
        default:
            return "other";
    }
}

std::string hex(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace

UserCmd commandFrom(const movement::ScriptCommand& c) {
    UserCmd cmd;
    cmd.forwardMove = c.forward;
    cmd.sideMove = c.side;
    cmd.viewAngles = {c.pitch, c.yaw, 0};
    cmd.buttons = c.buttons;
    return cmd;
}

std::string tickJson(World& world, const Entity* player) {
    nlohmann::json line;
    line["tick"] = world.tick();
    line["time"] = shortest(world.curtime());
    line["hash"] = hex(world.stateHash());
    if (player && player->player) {
        const PlayerData& pd = *player->player;
        nlohmann::json p;
        p["index"] = player->index;
        p["origin"] = vec(player->origin);
        p["velocity"] = vec(player->velocity);
        p["eye_angles"] = vec(pd.eyeAngles);
        p["on_ground"] = pd.move.onGround;
        p["ground"] = world.get(player->groundEntity) ? world.get(player->groundEntity)->index : -1;
        p["water_level"] = static_cast<int>(pd.move.waterLevel);
        p["ducked"] = pd.move.ducked;
        p["move_type"] = moveTypeName(player->moveType);
        p["health"] = player->health;
        p["armor"] = shortest(player->armor);
        p["alive"] = player->alive;
        p["buttons"] = pd.buttons;
        p["max_speed"] = shortest(pd.maxSpeed);
        line["player"] = std::move(p);
    }
    nlohmann::json changed = nlohmann::json::array();
    for (EntityHandle h : world.changedThisTick()) {
        const Entity* e = world.get(h);
        if (!e || e == player) continue;
        nlohmann::json j;
        j["index"] = e->index;
        j["serial"] = h.generation;
        j["class"] = e->className;
        if (!e->targetName.empty()) j["name"] = e->targetName;
        j["origin"] = vec(e->origin);
        j["angles"] = vec(e->angles);
        if (e->health != 0) j["health"] = e->health;
        j["solid"] = e->isSolid();
        if (e->markedForDeletion) j["removed"] = true;
        changed.push_back(std::move(j));
    }
    line["entities"] = std::move(changed);
    return dumpJson(line);
}

UserCmd ScriptCursor::next() {
    while (mCommand < mScript.size() && mUsed >= mScript[mCommand].ticks) {
        ++mCommand;
        mUsed = 0;
    }
    if (mCommand >= mScript.size()) return {};
    ++mUsed;
    return commandFrom(mScript[mCommand]);
}

std::uint64_t ScriptCursor::length() const {
    std::uint64_t n = 0;
    for (const auto& c : mScript) n += c.ticks;
    return n;
}

Result<HeadlessSummary> runHeadless(World& world, std::span<const movement::ScriptCommand> script, std::uint64_t ticks,
                                    const std::function<void(std::string_view)>& line) {
    ScriptCursor cursor(script);
    if (ticks == 0) ticks = cursor.length();
    Entity& player = world.addPlayer();
    const EntityHandle ph = player.handle;
    for (std::uint64_t t = 0; t < ticks; ++t) {
        Entity* p = world.get(ph);
        if (!p) return Error("game.player_removed", "the player entity was removed during the run");
        world.setCommand(*p, cursor.next());
        world.step();
        if (line) line(tickJson(world, world.get(ph)));
    }
    HeadlessSummary s;
    s.ticks = world.tick();
    s.finalHash = world.stateHash();
    s.ioEvents = world.ioEventsFired();
    s.entities = world.count();
    s.warnings = world.warnings().size();
    s.errors = world.errors().size();
    if (const Entity* p = world.get(ph)) {
        s.deaths = p->player->deaths;
        s.health = p->health;
        s.origin = p->origin;
    }
    return s;
}

}  // namespace vestige::source::game
