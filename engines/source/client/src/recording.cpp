// Recorded games (play_recording.hpp).
#include "vestige/source/client/recording.hpp"

#include <algorithm>
#include <cmath>
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
            if (j.value("format", "") != kFormat || j.value("version", 0) != 1 || !j.contains("map") ||
                !j["map"].is_string() || !finite(j.value("tickRate", nlohmann::json())))
                return bad(lineNo, R"({"format":"vestige-recording","version":1,"map":...,"tickRate":...})");
            r.map = j["map"].get<std::string>();
            r.tickRate = j["tickRate"].get<double>();
            header = true;
            continue;
        }
        if (j.contains("end")) {
            if (!j["ticks"].is_number_unsigned() || j["ticks"].get<std::uint64_t>() != r.ticks.size() ||
                !j["traceHash"].is_string())
                return bad(lineNo, "an end line with the tick count and the trace hash");
            r.traceHash = j["traceHash"].get<std::string>();
            r.complete = true;
            continue;
        }
        const auto& c = j.value("cmd", nlohmann::json());
        if (!j["tick"].is_number_unsigned() || j["tick"].get<std::uint64_t>() != r.ticks.size() + 1 || !c.is_object() ||
            !c["angles"].is_array() || c["angles"].size() != 3 || !finite(c["forward"]) || !finite(c["side"]) ||
            !finite(c["up"]) || !c["buttons"].is_number_unsigned() || !c["impulse"].is_number_unsigned() ||
            c["impulse"].get<std::uint64_t>() > 255 || !c["mouse"].is_array() || c["mouse"].size() != 2 ||
            !c["weapon"].is_number_integer() || !c["subtype"].is_number_integer() || !j["console"].is_array() ||
            j["console"].size() > kMaxConsoleLines)
            return bad(lineNo, "tick " + std::to_string(r.ticks.size() + 1) + " with a whole cmd and a console list");
        RecordedTick t;
        for (int i = 0; i < 3; ++i)
            if (!finite(c["angles"][i])) return bad(lineNo, "finite angles");
        t.cmd.viewAngles = {c["angles"][0].get<float>(), c["angles"][1].get<float>(), c["angles"][2].get<float>()};
        t.cmd.forwardMove = c["forward"].get<float>();
        t.cmd.sideMove = c["side"].get<float>();
        t.cmd.upMove = c["up"].get<float>();
        t.cmd.buttons = c["buttons"].get<std::uint32_t>();
        t.cmd.impulse = static_cast<std::uint8_t>(c["impulse"].get<unsigned>());
        if (!c["mouse"][0].is_number_integer() || !c["mouse"][1].is_number_integer())
            return bad(lineNo, "integer mouse counts");
        t.cmd.mouseX = static_cast<std::int16_t>(std::clamp(c["mouse"][0].get<int>(), -32768, 32767));
        t.cmd.mouseY = static_cast<std::int16_t>(std::clamp(c["mouse"][1].get<int>(), -32768, 32767));
        t.cmd.weaponSelect = c["weapon"].get<int>();
        t.cmd.weaponSubtype = c["subtype"].get<int>();
        for (const auto& l : j["console"]) {
            if (!l.is_string()) return bad(lineNo, "console lines as strings");
            t.console.push_back(l.get<std::string>());
        }
        r.ticks.push_back(std::move(t));
    }
    if (!header) return bad(lineNo, "the header line");
    return r;
}

}  // namespace vestige::source::client
