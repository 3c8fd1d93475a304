// Behavior.ini parser and the settings view.
#include "vestige/iron3d/ai/behavior_ini.hpp"

#include <fmt/format.h>

#include <array>

#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"

namespace vestige::iron3d::ai {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && isBlank(s.front())) s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back())) s.remove_suffix(1);
    return s;
}

// atoi: blanks, an optional sign, the longest run of digits; nothing read -> nullopt (atoi would return 0).
std::optional<std::int64_t> atoiPrefix(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && isBlank(s[i])) ++i;
    const bool negative = i < s.size() && s[i] == '-';
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    const std::size_t digits = i;
    std::int64_t v = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && v < (std::int64_t{1} << 40)) v = v * 10 + (s[i++] - '0');
    if (i == digits) return std::nullopt;
    return negative ? -v : v;
}

constexpr std::array<KnownSetting, 25> kKnown = {{
    {"PathFind_BuildingHitDist", SettingKind::Number},
    {"PathFind_BuildingNearestDist", SettingKind::Number},
    {"PathFind_NearBuildSpeedPercent", SettingKind::Number},
    {"PathFind_CorridorRadius", SettingKind::Number},
    {"PathFind_NearDoorCoeff", SettingKind::Number},
    {"PathFind_fStepOffBuilding", SettingKind::Number},
    {"PathFind_MaxAccel", SettingKind::Number},
    {"PathFind_MaxRotation", SettingKind::Number},
    {"PathFind_fStepDist", SettingKind::Number},
    {"PathFind_MinPointInTrajectory", SettingKind::Integer},
    {"Network_ResourceTransferMaxDelay", SettingKind::Number},
    {"LogFile", SettingKind::Text},
    {"SaveLog", SettingKind::Integer},
    {"MaxErrorLevel", SettingKind::Integer},
    {"DefErrorLevel", SettingKind::Integer},
    {"LookBugMode", SettingKind::Integer},
    {"ShowVectors", SettingKind::Integer},
    {"NoZBuffer", SettingKind::Integer},
    {"LockBehaviour", SettingKind::Integer},
    {"UseDebugKey", SettingKind::Integer},
    {"GiveDefaultOrder", SettingKind::Integer},
    {"DefaultOrderPhase", SettingKind::Integer},
    {"DeterminMode", SettingKind::Integer},
    {"ImmortalHero", SettingKind::Integer},
    {"UseWizard", SettingKind::Integer},
}};

}  // namespace

const IniEntry* BehaviorIni::find(std::string_view key) const {
    for (const auto& e : entries)
        if (iequals(e.key, key)) return &e;
    return nullptr;
}

Result<BehaviorIni> parseBehaviorIni(ByteView bytes) {
    BehaviorIni ini;
    const std::string_view all = asChars(bytes);
    std::string section;
    std::uint32_t number = 0;
    for (std::size_t start = 0; start <= all.size();) {
        const std::size_t end = std::min(all.find('\n', start), all.size());
        const std::uint64_t offset = start;
        std::string_view line = all.substr(start, end - start);
        start = end + 1;
        ++number;
        line = trim(line.substr(0, line.find("//")));
        if (line.empty()) continue;
        if (line.front() == '[' && line.back() == ']') {
            section.assign(trim(line.substr(1, line.size() - 2)));
            ini.sections.push_back(section);
            continue;
        }
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos || trim(line.substr(0, eq)).empty())
            return Error("behavior_ini.bad_line", "line is neither key = value nor [section]")
                .in("line", std::to_string(number))
                .at(offset)
                .expected("key = value")
                .actual(std::string(line));
        ini.entries.push_back(
            {section, std::string(trim(line.substr(0, eq))), std::string(trim(line.substr(eq + 1))), number});
    }
    return ini;
}

std::span<const KnownSetting> knownBehaviorSettings() { return kKnown; }

const Setting* BehaviorSettings::get(std::string_view key) const {
    for (const auto& s : known)
        if (iequals(s.key, key)) return &s;
    return nullptr;
}

std::optional<float> BehaviorSettings::number(std::string_view key) const {
    const Setting* s = get(key);
    if (!s || !s->present) return std::nullopt;
    return s->kind == SettingKind::Integer ? static_cast<float>(s->integer) : s->number;
}

std::optional<std::int64_t> BehaviorSettings::integer(std::string_view key) const {
    const Setting* s = get(key);
    if (!s || !s->present || s->kind != SettingKind::Integer) return std::nullopt;
    return s->integer;
}

BehaviorSettings behaviorSettings(const BehaviorIni& ini) {
    BehaviorSettings out;
    for (const KnownSetting& k : kKnown) {
        Setting s;
        s.key = k.key;
        s.kind = k.kind;
        if (const IniEntry* e = ini.find(k.key)) {
            s.present = true;
            s.raw = e->value;
            if (k.kind == SettingKind::Number) {
                const auto v = scanFloat(e->value);
                s.parsed = v.has_value();
                s.number = v.value_or(0.0f);
            } else if (k.kind == SettingKind::Integer) {
                const auto v = atoiPrefix(e->value);
                s.parsed = v.has_value();
                s.integer = v.value_or(0);
            } else {
                s.parsed = true;
            }
            if (!s.parsed)
                out.warnings.push_back(
                    fmt::format("line {}: {} = \"{}\" is not a number (read as 0, as the C runtime "
                                "does)",
                                e->line, k.key, e->value));
        }
        out.known.push_back(std::move(s));
    }
    for (const auto& e : ini.entries) {
        bool isKnown = false;
        for (const KnownSetting& k : kKnown) isKnown = isKnown || iequals(k.key, e.key);
        if (!isKnown) out.unknown.push_back(e);
    }
    return out;
}

}  // namespace vestige::iron3d::ai
