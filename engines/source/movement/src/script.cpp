// Input script parser: whitespace-separated tokens per line, strict numbers, positioned errors.
#include <charconv>
#include <cmath>
#include <string>

#include "vestige/core/text.hpp"
#include "vestige/source/movement/script.hpp"

namespace vestige::source::movement {

namespace {

struct Token {
    std::string_view text;
    std::size_t offset = 0;  // absolute byte offset in the script
};

Error positioned(Error e, std::uint32_t line, const Token& t, std::size_t lineStart) {
    e.in("column", std::to_string(t.offset - lineStart + 1)).in("line", std::to_string(line)).at(t.offset);
    return e;
}

}  // namespace

MoveInput ScriptCommand::input() const {
    MoveInput in;
    in.forwardMove = forward;
    in.sideMove = side;
    in.viewAngles = {pitch, yaw, 0};
    in.buttons = buttons;
    return in;
}

std::uint32_t buttonFromName(std::string_view name) {
    struct Entry {
        std::string_view name;
        std::uint32_t bit;
    };
    static constexpr Entry kButtons[] = {
        {"forward", buttons::kForward}, {"back", buttons::kBack},   {"moveleft", buttons::kMoveLeft},
        {"moveright", buttons::kMoveRight}, {"jump", buttons::kJump}, {"duck", buttons::kDuck},
        {"speed", buttons::kSpeed},     {"walk", buttons::kWalk},   {"use", buttons::kUse},
        {"attack", buttons::kAttack},   {"noclip", buttons::kNoclip},
    };
    for (const auto& e : kButtons) {
        if (iequals(e.name, name)) return e.bit;
    }
    return 0;
}

Result<std::vector<ScriptCommand>> parseInputScript(std::string_view text) {
    std::vector<ScriptCommand> out;
    std::uint64_t total = 0;
    std::size_t pos = 0;
    std::uint32_t lineNo = 0;
    for (;;) {
        ++lineNo;
        const std::size_t lineStart = pos;
        std::size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos) eol = text.size();
        std::string_view line = text.substr(pos, eol - pos);
        pos = eol + 1;
        const bool last = eol >= text.size();
        if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        std::vector<Token> tokens;
        for (std::size_t i = 0; i < line.size();) {
            const char c = line[i];
            if (c == ' ' || c == '\t' || c == '\r') {
                ++i;
                continue;
            }
            if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
                return positioned(Error("move.script.bad_char", "unexpected character in input script")
                                      .actual(std::to_string(static_cast<unsigned char>(c))),
                                  lineNo, Token{line.substr(i, 1), lineStart + i}, lineStart);
            }
            std::size_t j = i;
            while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') {
                const auto u = static_cast<unsigned char>(line[j]);
                if (u < 0x20 || u >= 0x7f) {
                    return positioned(Error("move.script.bad_char", "unexpected character in input script")
                                          .actual(std::to_string(u)),
                                      lineNo, Token{line.substr(j, 1), lineStart + j}, lineStart);
                }
                ++j;
            }
            tokens.push_back({line.substr(i, j - i), lineStart + i});
            i = j;
        }
        if (tokens.empty()) {
            if (last) break;
            continue;
        }

        ScriptCommand cmd;
        cmd.line = lineNo;
        // TICKS
        {
            const Token& t = tokens[0];
            std::uint64_t v = 0;
            auto [p, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
            if (ec != std::errc{} || p != t.text.data() + t.text.size() || v == 0 || v > kMaxScriptTicks) {
                return positioned(Error("move.script.bad_ticks", "tick count must be an integer 1..10000000")
                                      .field("ticks")
                                      .expected("1..10000000")
                                      .actual(std::string(t.text)),
                                  lineNo, t, lineStart);
            }
            cmd.ticks = static_cast<std::uint32_t>(v);
            total += v;
            if (total > kMaxScriptTicks) {
                return positioned(Error("move.script.too_long", "script runs more ticks than allowed")
                                      .field("ticks")
                                      .expected("at most 10000000 ticks in total")
                                      .actual(std::to_string(total)),
                                  lineNo, t, lineStart);
            }
        }
        std::size_t k = 1;
        for (; k < tokens.size(); ++k) {
            const Token& t = tokens[k];
            if (t.text == "-") continue;
            if (t.text.empty() || t.text[0] != '+') break;
            const std::uint32_t bit = buttonFromName(t.text.substr(1));
            if (bit == 0) {
                return positioned(Error("move.script.unknown_button", "unknown button")
                                      .field("buttons")
                                      .expected("+forward +back +moveleft +moveright +jump +duck +speed +walk +use "
                                                "+attack +noclip")
                                      .actual(std::string(t.text)),
                                  lineNo, t, lineStart);
            }
            cmd.buttons |= bit;
        }
        static constexpr const char* kFields[] = {"forward", "side", "yaw", "pitch"};
        float* values[] = {&cmd.forward, &cmd.side, &cmd.yaw, &cmd.pitch};
        for (int f = 0; f < 4; ++f, ++k) {
            if (k >= tokens.size()) {
                const Token end{line.substr(line.size()), lineStart + line.size()};
                return positioned(Error("move.script.missing_value", "missing value")
                                      .field(kFields[f])
                                      .expected("TICKS [+button ...] FORWARD SIDE YAW PITCH"),
                                  lineNo, end, lineStart);
            }
            const Token& t = tokens[k];
            float v = 0;
            auto [p, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
            if (ec != std::errc{} || p != t.text.data() + t.text.size() || !std::isfinite(v) ||
                std::fabs(v) > 1e6f) {
                return positioned(Error("move.script.bad_number", "value is not a finite number")
                                      .field(kFields[f])
                                      .expected("a decimal number within +-1e6")
                                      .actual(std::string(t.text)),
                                  lineNo, t, lineStart);
            }
            *values[f] = v;
        }
        if (k < tokens.size()) {
            return positioned(Error("move.script.extra_token", "unexpected token after PITCH")
                                  .actual(std::string(tokens[k].text)),
                              lineNo, tokens[k], lineStart);
        }
        out.push_back(cmd);
        if (last) break;
    }
    return out;
}

}  // namespace vestige::source::movement
