// FXID in the format registry: the header fields and every command with its word and resource reference.
#include "vestige/iron3d/fx/register.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/fx/fx.hpp"

namespace vestige::iron3d::fx {
namespace {

using Json = nlohmann::ordered_json;

Json triple(const std::array<float, 3>& v) { return Json::array({v[0], v[1], v[2]}); }

}  // namespace

int probe(ByteView data, std::string_view fileName) {
    if (data.size() < kHeaderSize) return 0;
    const auto effect = read(data);
    if (!effect) return 0;
    if (endsWithNoCase(fileName, ".fx")) return 100;
    return effect->commands.empty() ? 0 : 45;
}

Result<registry::Description> describe(ByteView data, std::string_view label) {
    VESTIGE_TRY(const Effect effect, read(data));
    const Header& h = effect.header;
    Json j;
    j["format"] = "fx";
    j["file"] = std::string(label);
    j["size"] = data.size();
    j["header"] = {{"command_count", effect.commands.size()}, {"time_mode", h.timeMode},  {"duration_s", h.durationS},
                   {"phase_jitter", h.phaseJitter},           {"flags", h.flags},         {"settings_id", h.settingsId},
                   {"random_shift", triple(h.randomShift)},   {"pivot", triple(h.pivot)}, {"scale", triple(h.scale)}};
    std::string text = fmt::format(
        "{}: FXID effect, {} bytes, {} command(s), time mode {}, duration {} s, flags {:#010x}, settings {}\n", label,
        data.size(), effect.commands.size(), h.timeMode, h.durationS, h.flags, h.settingsId);
    Json commands = Json::array();
    std::size_t offset = kHeaderSize;
    for (std::size_t i = 0; i < effect.commands.size(); ++i) {
        const Command& c = effect.commands[i];
        Json cj{{"index", i},     {"offset", offset},         {"opcode", c.opcode()},     {"enabled", c.enabled()},
                {"word", c.word}, {"high_bits", c.word >> 9}, {"size", c.body.size() + 4}};
        std::string ref;
        if (const auto r = c.resourceRef()) {
            cj["archive"] = cp1251ToUtf8(r->archive.text());
            cj["name"] = cp1251ToUtf8(r->name.text());
            // An empty archive means the mission's library: only the name is printed.
            ref = r->archive.text().empty()
                      ? " " + cp1251ToUtf8(r->name.text())
                      : fmt::format(" {}/{}", cp1251ToUtf8(r->archive.text()), cp1251ToUtf8(r->name.text()));
        }
        text += fmt::format("  [{}] +{:#x} op {}{}{} ({} bytes){}\n", i, offset, c.opcode(),
                            c.opcode() == kSoundOpcode ? " sound" : "", c.enabled() ? "" : " disabled",
                            c.body.size() + 4, ref);
        commands.push_back(std::move(cj));
        offset += c.body.size() + 4;
    }
    j["commands"] = std::move(commands);
    return registry::Description{dumpJson(j, 2), text};
}

void registerFormat(registry::FormatRegistry& formats) {
    formats.add({"fx", "Iron3D FXID effect (60-byte header + fixed-size opcode commands)",
                 [](ByteView data, std::string_view name) { return probe(data, name); },
                 [](ByteView data, std::string_view label) { return describe(data, label); }, nullptr});
}

}  // namespace vestige::iron3d::fx
