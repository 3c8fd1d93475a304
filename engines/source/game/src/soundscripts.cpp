// Soundscripts (soundscripts.hpp): Source's game_sounds files and sound.Add, one registry.
#include "vestige/source/game/soundscripts.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <functional>
#include <span>
#include <utility>

#include "vestige/core/text.hpp"
#include "vestige/source/keyvalues/keyvalues.hpp"

namespace vestige::source::game {
namespace {

struct Named {
    std::string_view name;
    int value;
};

// soundflags.h (SDK 2013) and the GMod wiki's CHAN / SNDLVL enums.
constexpr std::array<Named, 11> kChannels{{{"CHAN_REPLACE", -1},
                                           {"CHAN_AUTO", 0},
                                           {"CHAN_WEAPON", 1},
                                           {"CHAN_VOICE", 2},
                                           {"CHAN_ITEM", 3},
                                           {"CHAN_BODY", 4},
                                           {"CHAN_STREAM", 5},
                                           {"CHAN_STATIC", 6},
                                           {"CHAN_VOICE2", 7},
                                           {"CHAN_VOICE_BASE", 8},
                                           {"CHAN_USER_BASE", 136}}};
constexpr std::array<Named, 6> kLevels{{{"SNDLVL_NONE", 0},
                                        {"SNDLVL_IDLE", 60},
                                        {"SNDLVL_STATIC", 66},
                                        {"SNDLVL_NORM", 75},
                                        {"SNDLVL_TALKING", 80},
                                        {"SNDLVL_GUNFIRE", 140}}};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::optional<float> number(std::string_view s) {
    s = trim(s);
    float v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

std::optional<int> lookup(std::string_view text, std::span<const Named> table) {
    for (const Named& n : table)
        if (iequals(n.name, text)) return n.value;
    return std::nullopt;
}

// "lo, hi" or one value; `word` reads names (VOL_NORM, PITCH_*).
template <class Word>
std::optional<std::pair<float, float>> range(std::string_view text, Word word) {
    const auto one = [&](std::string_view s) -> std::optional<float> {
        s = trim(s);
        if (auto w = word(s)) return w;
        return number(s);
    };
    const auto comma = text.find(',');
    if (comma == std::string_view::npos) {
        auto v = one(text);
        if (!v) return std::nullopt;
        return std::pair{*v, *v};
    }
    auto lo = one(text.substr(0, comma)), hi = one(text.substr(comma + 1));
    if (!lo || !hi) return std::nullopt;
    return std::pair{*lo, *hi};
}

std::optional<float> volumeWord(std::string_view s) {
    return iequals(s, "VOL_NORM") ? std::optional<float>(1.0f) : std::nullopt;
}
std::optional<float> pitchWord(std::string_view s) {
    if (iequals(s, "PITCH_NORM")) return 100.0f;
    if (iequals(s, "PITCH_LOW")) return 95.0f;
    if (iequals(s, "PITCH_HIGH")) return 120.0f;
    return std::nullopt;
}

}  // namespace

std::optional<int> channelFromText(std::string_view text) {
    text = trim(text);
    if (auto v = lookup(text, kChannels)) return v;
    if (auto n = number(text); n && *n == std::floor(*n) && std::fabs(*n) < 1e6) return static_cast<int>(*n);
    return std::nullopt;
}

std::optional<float> soundLevelFromText(std::string_view text) {
    text = trim(text);
    if (auto v = lookup(text, kLevels)) return static_cast<float>(*v);
    // SNDLVL_<n>dB
    if (text.size() > 9 && iequals(text.substr(0, 7), "SNDLVL_") && (text.ends_with("dB") || text.ends_with("db")))
        return number(text.substr(7, text.size() - 9));
    return number(text);
}

std::string soundPath(std::string_view wave) {
    constexpr std::string_view kSoundChars = "*#@<>^)}?";
    if (wave.starts_with('!')) return {};
    while (!wave.empty() && kSoundChars.find(wave.front()) != std::string_view::npos) wave.remove_prefix(1);
    std::string path = "sound/";
    for (char c : wave) path += c == '\\' ? '/' : c;
    return path;
}

void SoundScripts::add(SoundScript script) {
    std::string key = asciiLower(script.name);
    mScripts.insert_or_assign(std::move(key), std::move(script));
}

const SoundScript* SoundScripts::find(std::string_view name) const {
    if (mScripts.empty()) return nullptr;
    const auto it = mScripts.find(asciiLower(name));
    return it == mScripts.end() ? nullptr : &it->second;
}

Result<std::size_t> SoundScripts::addFile(std::string_view text, const std::string& file) {
    auto doc = keyvalues::parse(text);
    if (!doc) return Error(doc.error()).file(file);
    std::size_t added = 0;
    for (const keyvalues::Node& block : doc->roots) {
        const auto skip = [&](std::string_view why) {
            mNotes.push_back(fmt::format("{}:{}: {} {}", file, block.line, block.key, why));
        };
        if (!block.isBlock) {
            skip("is not a block");
            continue;
        }
        SoundScript s;
        s.name = block.key;
        s.file = file;
        // Every key present must read; the first that does not skips the whole block (never half-defined).
        const auto one = [](auto value, auto& to) {
            if (value) to = *value;
            return value.has_value();
        };
        const auto two = [](auto value, float& lo, float& hi) {
            if (value) std::tie(lo, hi) = *value;
            return value.has_value();
        };
        const std::pair<std::string_view, std::function<bool(std::string_view)>> keys[] = {
            {"channel", [&](std::string_view t) { return one(channelFromText(t), s.channel); }},
            {"soundlevel", [&](std::string_view t) { return one(soundLevelFromText(t), s.soundLevel); }},
            {"volume", [&](std::string_view t) { return two(range(t, volumeWord), s.volumeMin, s.volumeMax); }},
            {"pitch", [&](std::string_view t) { return two(range(t, pitchWord), s.pitchMin, s.pitchMax); }}};
        std::string_view unreadable;
        for (const auto& [key, parse] : keys)
            if (auto t = block.get(key); t && !parse(*t)) {
                unreadable = key;
                break;
            }
        if (!unreadable.empty()) {
            skip(fmt::format("has an unreadable {}", unreadable));
            continue;
        }
        if (auto w = block.get("wave")) s.waves.emplace_back(*w);
        if (const keyvalues::Node* rnd = block.find("rndwave"); rnd && rnd->isBlock)
            for (const keyvalues::Node* w : rnd->findAll("wave"))
                if (!w->isBlock) s.waves.push_back(w->value);
        if (s.waves.empty()) {
            skip("has no wave");
            continue;
        }
        add(std::move(s));
        ++added;
    }
    return added;
}

std::size_t SoundScripts::loadManifest(const FileReader& read) {
    constexpr std::string_view kManifest = "scripts/game_sounds_manifest.txt";
    auto bytes = read(kManifest);
    if (!bytes) return 0;
    auto doc = keyvalues::parse(asChars(*bytes));
    if (!doc) {
        mNotes.push_back(fmt::format("{}: {}", kManifest, doc.error().render()));
        return 0;
    }
    std::size_t added = 0;
    for (const keyvalues::Node& root : doc->roots) {
        for (const keyvalues::Node& entry : root.children) {
            if (entry.isBlock || !(iequals(entry.key, "precache_file") || iequals(entry.key, "preload_file"))) continue;
            auto file = read(entry.value);
            if (!file) {
                mNotes.push_back(fmt::format("{}:{}: {} is missing", kManifest, entry.line, entry.value));
                continue;
            }
            auto n = addFile(asChars(*file), entry.value);
            if (!n) {
                mNotes.push_back(fmt::format("{}: {}", entry.value, n.error().render()));
                continue;
            }
            added += *n;
        }
    }
    return added;
}

std::size_t SoundScripts::loadLevel(const FileReader& read, std::string_view mapName) {
    const std::string path = fmt::format("maps/{}_level_sounds.txt", mapName);
    auto bytes = read(path);
    if (!bytes) return 0;
    auto n = addFile(asChars(*bytes), path);
    if (!n) {
        mNotes.push_back(fmt::format("{}: {}", path, n.error().render()));
        return 0;
    }
    return *n;
}

}  // namespace vestige::source::game
