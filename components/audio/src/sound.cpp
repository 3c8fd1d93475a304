#include "vestige/audio/sound.hpp"

#include <charconv>
#include <nlohmann/json.hpp>

#include "vestige/core/json.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"

namespace vestige::audio {

const char* busName(Bus bus) {
    switch (bus) {
        case Bus::Master:
            return "master";
        case Bus::Effects:
            return "effects";
        case Bus::Ambient:
            return "ambient";
        case Bus::Voice:
            return "voice";
        case Bus::Music:
            return "music";
    }
    return "?";
}

const char* eventKindName(EventKind kind) {
    switch (kind) {
        case EventKind::StartLoop:
            return "StartLoop";
        case EventKind::SetLoopVolume:
            return "SetLoopVolume";
        case EventKind::StopLoop:
            return "StopLoop";
        case EventKind::OneShot:
            return "OneShot";
        case EventKind::StopOneShots:
            return "StopOneShots";
    }
    return "?";
}

std::string cacheKey(const SampleKey& key) { return asciiLower(key.library) + ":" + asciiLower(key.name); }

namespace {

// The float's own shortest text as the JSON number (0.0048, not the 0.004800000227987766 of its double widening),
// so event lists read as the values were set and compare as text.
double shortest(float v) {
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? parseDouble(std::string_view(buf, static_cast<std::size_t>(end - buf))).value_or(v) : v;
}

}  // namespace

std::string toJsonLine(const SoundEvent& e) {
    nlohmann::ordered_json j;
    j["tick"] = e.tick;
    j["event"] = eventKindName(e.kind);
    j["bus"] = busName(e.bus);
    if (e.kind != EventKind::OneShot && e.kind != EventKind::StopOneShots) j["loop"] = e.loopId;
    if (e.kind == EventKind::StartLoop || e.kind == EventKind::OneShot || e.kind == EventKind::StopOneShots)
        j["sample"] = {{"library", e.sample.library}, {"name", e.sample.name}};
    if (e.positional) j["position"] = {shortest(e.position.x), shortest(e.position.y), shortest(e.position.z)};
    if (e.kind != EventKind::StopLoop) j["volume"] = shortest(e.volume);
    if (e.positional) {
        j["min_distance"] = shortest(e.minDistance);
        j["max_distance"] = shortest(e.maxDistance);
    }
    if (e.kind == EventKind::OneShot || e.kind == EventKind::StartLoop)
        j["frequency_ratio"] = shortest(e.frequencyRatio);
    if (e.owner != 0) {  // only owned sounds carry these keys, so earlier event logs read the same
        j["owner"] = e.owner;
        j["slot"] = e.slot;
        if (e.replaces) j["replaces"] = true;
        if (e.alterVolume) j["alter_volume"] = true;
        if (e.alterPitch) j["alter_pitch"] = true;
    }
    return dumpJson(j);
}

}  // namespace vestige::audio
