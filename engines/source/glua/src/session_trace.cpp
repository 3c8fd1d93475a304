// The session's determinism trace (Options::traceSink): what the engine holds after boot and after each tick, so two
// runs of the same scripts compare by one hash. Only engine state goes in: entity records (floats as shortest
// round-trip text), the timers fired, the sounds emitted, the engine's hook dispatch counts, how many errors were
// recorded. Lua output and error texts stay out: they may carry heap addresses (tostring of a table, function, userdata
// or thread shows one, as in GMod), which differ between runs and must never feed the hash.
#include <fmt/format.h>

#include "internal.hpp"
#include "vestige/core/text.hpp"
#include "weapons.hpp"

namespace vestige::source::glua {
namespace {

std::string vec(Vec3 v) {
    return fmt::format("{},{},{}", TraceSink::formatFloat(v.x), TraceSink::formatFloat(v.y),
                       TraceSink::formatFloat(v.z));
}

// What Source keeps on the weapons and their carriers (clips, next attack times, a reload running, the active weapon,
// the carried list, ammo by type), in slot order: a shot or a reload that changes nothing the world holds still changes
// the trace.
std::string weapons(const Runtime::Impl& impl) {
    std::string out = R"("weapons":[)";
    if (!impl.weapons) return out + R"(],"arsenals":[])";
    bool first = true;
    for (const auto& [slot, w] : impl.weapons->weapons) {
        out += fmt::format("{}[{},{},{},{},{},{}]", first ? "" : ",", slot, w.clip1, w.clip2,
                           TraceSink::formatFloat(w.nextPrimary), TraceSink::formatFloat(w.nextSecondary), w.inReload);
        first = false;
    }
    out += R"(],"arsenals":[)";
    first = true;
    for (const auto& [slot, a] : impl.weapons->arsenals) {
        std::string carried, ammo;
        for (EntityHandle h : a.weapons) carried += fmt::format("{}{}", carried.empty() ? "" : ",", h.slot);
        for (const auto& [type, n] : a.ammo) ammo += fmt::format("{}[{},{}]", ammo.empty() ? "" : ",", type, n);
        out += fmt::format("{}[{},{},[{}],[{}]]", first ? "" : ",", slot,
                           a.active.isNull() ? -1 : static_cast<std::int64_t>(a.active.slot), carried, ammo);
        first = false;
    }
    return out + "]";
}

// The world's entities in creation order, then the world's own state hash (everything else it simulates).
std::string entities(Runtime::Impl& impl) {
    std::string out = "[";
    impl.entities.world().forEach([&](const GameEntity& e) {
        if (out.size() > 1) out += ',';
        out += fmt::format(R"([{},"{}","{}",{},{},{},{}])", e.index, jsonEscape(e.className), jsonEscape(e.targetName),
                           vec(e.origin), vec(e.angles), vec(e.velocity), e.health);
    });
    return fmt::format(R"({}],"world":"{:016x}",{})", out, impl.entities.world().stateHash(), weapons(impl));
}

}  // namespace

void traceBoot(Runtime& rt) {
    auto& impl = implOf(rt);
    TraceSink* sink = rt.options().traceSink;
    if (!sink) return;
    sink->event(impl.clock.tick(), "boot", "glua",
                fmt::format(R"({{"files":{},"errors":{},"entities":{}}})", impl.filesLoaded.size(), impl.errors.size(),
                            entities(impl)));
}

void traceTick(Runtime& rt) {
    auto& impl = implOf(rt);
    TraceSink* sink = rt.options().traceSink;
    if (!sink) return;
    std::string timers = "[";
    for (; impl.timersTraced < impl.timersFired.size(); ++impl.timersTraced) {
        if (timers.size() > 1) timers += ',';
        timers += '"' + jsonEscape(impl.timersFired[impl.timersTraced].name) + '"';
    }
    timers += ']';
    std::uint64_t dispatches = 0;
    for (const auto& e : impl.eventNames) dispatches += e.count;
    for (const auto& [name, n] : impl.hookCounts) dispatches += n;
    // The tick's sound events (slot, name, stop) and the running total (events emitted between ticks count there).
    std::string sounds = "[";
    const game::SoundEvents& emitted = impl.entities.world().sounds;
    for (const game::SoundEvent& e : emitted.events()) {
        if (sounds.size() > 1) sounds += ',';
        sounds += fmt::format(R"([{},"{}",{}])", e.entity, jsonEscape(e.name), e.stop);
    }
    sounds += ']';
    sink->event(impl.clock.tick(), "tick", "glua",
                fmt::format(R"({{"dispatches":{},"timers":{},"sounds":{},"soundsTotal":{},"errors":{},"entities":{}}})",
                            dispatches, timers, sounds, emitted.total(), impl.errors.size(), entities(impl)));
}

}  // namespace vestige::source::glua
