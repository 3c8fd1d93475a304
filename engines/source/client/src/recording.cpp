// Recorded games (play_recording.hpp).
#include "vestige/source/client/recording.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>

namespace vestige::source::client {
namespace {

constexpr const char* kFormat = "vestige-recording";
constexpr std::size_t kMaxConsoleLines = 4096;  // per tick

Error bad(std::size_t line, std::string expected) {
    return Error("play.bad_recording", "a recording line cannot be read")
        .in("line", std::to_string(line))
        .expected(std::move(expected));
}

// A number a float holds (no overflow to infinity on the way in).
bool finite(const nlohmann::json& j) {
    return j.is_number() && std::isfinite(j.get<double>()) && std::fabs(j.get<double>()) <= 3.4e38;
}

// A member of a const object, or null when it is absent (const operator[] asserts on a missing key).
const nlohmann::json& field(const nlohmann::json& object, const char* key) {
    static const nlohmann::json kAbsent;
    const auto it = object.find(key);
    return it == object.end() ? kAbsent : *it;
}

}  // namespace

std::string recordingHeader(std::string_view map, double tickRate) {
    return nlohmann::json{{"format", kFormat}, {"version", 1}, {"map", map}, {"tickRate", tickRate}}.dump();
}

std::string recordingLine(std::uint64_t tick, const RecordedTick& t) {
    const auto& c = t.cmd;
    nlohmann::json cmd{{"angles", {c.viewAngles.x, c.viewAngles.y, c.viewAngles.z}},
                       {"forward", c.forwardMove},
                       {"side", c.sideMove},
                       {"up", c.upMove},
                       {"buttons", c.buttons},
                       {"impulse", c.impulse},
                       {"mouse", {c.mouseX, c.mouseY}},
                       {"weapon", c.weaponSelect},
                       {"subtype", c.weaponSubtype}};
    return nlohmann::json{{"tick", tick}, {"cmd", cmd}, {"console", t.console}}.dump();
}

std::string recordingFooter(std::uint64_t ticks, std::string_view traceHash) {
    return nlohmann::json{{"end", true}, {"ticks", ticks}, {"traceHash", traceHash}}.dump();
}

Result<Recording> parseRecording(std::string_view text) {
    Recording r;
    std::size_t lineNo = 0;
    bool header = false;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        ++lineNo;
        if (line.empty()) continue;
        if (r.complete) return bad(lineNo, "nothing after the end line");
        const auto j = nlohmann::json::parse(line, nullptr, false);
        if (!j.is_object()) return bad(lineNo, "one JSON object per line");
        if (!header) {
            const auto &format = field(j, "format"), &version = field(j, "version"), &map = field(j, "map");
            if (!format.is_string() || format.get<std::string>() != kFormat || !version.is_number_integer() ||
                version.get<std::int64_t>() != 1 || !map.is_string() || !finite(field(j, "tickRate")))
                return bad(lineNo, R"({"format":"vestige-recording","version":1,"map":...,"tickRate":...})");
            r.map = field(j, "map").get<std::string>();
            r.tickRate = field(j, "tickRate").get<double>();
            header = true;
            continue;
        }
        if (j.contains("end")) {
            if (!field(j, "ticks").is_number_unsigned() || field(j, "ticks").get<std::uint64_t>() != r.ticks.size() ||
                !field(j, "traceHash").is_string())
                return bad(lineNo, "an end line with the tick count and the trace hash");
            r.traceHash = field(j, "traceHash").get<std::string>();
            r.complete = true;
            continue;
        }
        const auto& c = field(j, "cmd");
        const auto &tick = field(j, "tick"), &console = field(j, "console");
        const auto &angles = field(c, "angles"), &mouse = field(c, "mouse"), &impulse = field(c, "impulse");
        const auto &weapon = field(c, "weapon"), &subtype = field(c, "subtype"), &buttons = field(c, "buttons");
        if (!tick.is_number_unsigned() || tick.get<std::uint64_t>() != r.ticks.size() + 1 || !c.is_object() ||
            !angles.is_array() || angles.size() != 3 || !finite(field(c, "forward")) || !finite(field(c, "side")) ||
            !finite(field(c, "up")) || !buttons.is_number_unsigned() || !impulse.is_number_unsigned() ||
            impulse.get<std::uint64_t>() > 255 || !mouse.is_array() || mouse.size() != 2 ||
            !weapon.is_number_integer() || !subtype.is_number_integer() || !console.is_array() ||
            console.size() > kMaxConsoleLines)
            return bad(lineNo, "tick " + std::to_string(r.ticks.size() + 1) + " with a whole cmd and a console list");
        RecordedTick t;
        for (int i = 0; i < 3; ++i)
            if (!finite(angles[i])) return bad(lineNo, "finite angles");
        t.cmd.viewAngles = {angles[0].get<float>(), angles[1].get<float>(), angles[2].get<float>()};
        t.cmd.forwardMove = field(c, "forward").get<float>();
        t.cmd.sideMove = field(c, "side").get<float>();
        t.cmd.upMove = field(c, "up").get<float>();
        t.cmd.buttons = buttons.get<std::uint32_t>();
        t.cmd.impulse = static_cast<std::uint8_t>(impulse.get<unsigned>());
        if (!mouse[0].is_number_integer() || !mouse[1].is_number_integer()) return bad(lineNo, "integer mouse counts");
        // Counts are clamped to what a CUserCmd carries (16 bits); selections to an int.
        const auto clampTo = [](const nlohmann::json& n, std::int64_t lo, std::int64_t hi) {
            return std::clamp(n.get<std::int64_t>(), lo, hi);
        };
        t.cmd.mouseX = static_cast<std::int16_t>(clampTo(mouse[0], -32768, 32767));
        t.cmd.mouseY = static_cast<std::int16_t>(clampTo(mouse[1], -32768, 32767));
        t.cmd.weaponSelect = static_cast<int>(clampTo(weapon, INT32_MIN, INT32_MAX));
        t.cmd.weaponSubtype = static_cast<int>(clampTo(subtype, INT32_MIN, INT32_MAX));
        for (const auto& l : console) {
            if (!l.is_string()) return bad(lineNo, "console lines as strings");
            t.console.push_back(l.get<std::string>());
        }
        r.ticks.push_back(std::move(t));
    }
    if (!header) return bad(lineNo, "the header line");
    return r;
}

}  // namespace vestige::source::client
