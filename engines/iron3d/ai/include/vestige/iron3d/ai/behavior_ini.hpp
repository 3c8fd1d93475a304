#pragma once
// `Behavior.ini`, Behavior's runtime configuration (seed 002 "Параметры Behavior.ini"): text lines
//
//   key = value        spaces around '=' allowed; CRLF or LF; "//" starts a comment to the end of the line
//   [section]          kept, not interpreted
//
// The keys the seed confirms are the PathFind_* geometry and limits and Network_ResourceTransferMaxDelay; the
// shipped demo file also carries logging/debug switches (LogFile, SaveLog, MaxErrorLevel, ... UseWizard). Values are
// read as the original's C runtime reads them (atof / atoi prefixes). An absent key means the compiled default,
// and those defaults are not recorded anywhere: an absent key is reported as absent, never given a made-up number.
// Keys match ASCII case-insensitively; with duplicates the first one counts [P].
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::ai {

struct IniEntry {
    std::string section;
    std::string key;
    std::string value;
    std::uint32_t line = 0;
};

struct BehaviorIni {
    std::vector<IniEntry> entries;  // file order
    std::vector<std::string> sections;
    [[nodiscard]] const IniEntry* find(std::string_view key) const;
};

// A line that is neither blank, a comment, a section nor key=value is `behavior_ini.bad_line` (line + offset).
[[nodiscard]] Result<BehaviorIni> parseBehaviorIni(ByteView text);

enum class SettingKind { Number, Integer, Text };

struct KnownSetting {
    std::string_view key;
    SettingKind kind;
};
// PathFind_BuildingHitDist ... Network_ResourceTransferMaxDelay, then the demo file's switches.
[[nodiscard]] std::span<const KnownSetting> knownBehaviorSettings();

struct Setting {
    std::string_view key;
    SettingKind kind = SettingKind::Number;
    bool present = false;  // false: the compiled default applies, and its value is unknown
    std::string raw;
    float number = 0;          // Number: atof of raw
    std::int64_t integer = 0;  // Integer: atoi of raw
    bool parsed = false;       // raw started with a number (atof/atoi read 0 otherwise)
};

struct BehaviorSettings {
    std::vector<Setting> known;         // knownBehaviorSettings() order
    std::vector<IniEntry> unknown;      // keys Vestige does not know, kept
    std::vector<std::string> warnings;  // values that are not numbers where one is read
    [[nodiscard]] const Setting* get(std::string_view key) const;
    [[nodiscard]] std::optional<float> number(std::string_view key) const;
    [[nodiscard]] std::optional<std::int64_t> integer(std::string_view key) const;
};

[[nodiscard]] BehaviorSettings behaviorSettings(const BehaviorIni& ini);

}  // namespace vestige::iron3d::ai
