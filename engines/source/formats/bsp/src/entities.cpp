// Entity lump text:
//
//   offset 0: '{' ws? ( '"' key '"' ws? '"' value '"' ws? )* '}' ws? ... NUL
//
// Whitespace is space, tab, CR, LF. Keys and values are raw bytes between quotes (no escapes).
#include "vestige/source/bsp/entities.hpp"

#include <fmt/format.h>

namespace vestige::source::bsp {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

Error entityError(std::string message, std::uint64_t at, std::string expected, std::string actual) {
    Error e("bsp.entities", std::move(message));
    e.at(at).expected(std::move(expected)).actual(std::move(actual));
    return e;
}

std::string describeByte(std::string_view text, std::size_t pos) {
    if (pos >= text.size()) return "end of text";
    const auto c = static_cast<unsigned char>(text[pos]);
    if (c >= 0x20 && c < 0x7F) return fmt::format("'{}'", static_cast<char>(c));
    return fmt::format("byte 0x{:02X}", c);
}

}  // namespace

Result<std::vector<Entity>> parseEntities(std::string_view text, std::uint64_t baseOffset) {
    const auto nul = text.find('\0');
    const std::size_t end = nul == std::string_view::npos ? text.size() : nul;
    std::vector<Entity> out;
    std::size_t pos = 0;
    auto skipSpace = [&] {
        while (pos < end && isSpace(text[pos])) ++pos;
    };
    auto quoted = [&](std::string_view what) -> Result<std::string> {
        if (pos >= end || text[pos] != '"')
            return entityError(fmt::format("expected a quoted {}", what), baseOffset + pos, "'\"'",
                               describeByte(text, pos)).record(out.size());
        const std::size_t start = pos + 1;
        const auto close = text.find('"', start);
        if (close == std::string_view::npos || close >= end)
            return entityError(fmt::format("unterminated {}", what), baseOffset + pos, "closing '\"'", "end of text")
                .record(out.size());
        pos = close + 1;
        return std::string(text.substr(start, close - start));
    };
    for (;;) {
        skipSpace();
        if (pos >= end) break;
        if (text[pos] != '{')
            return entityError("expected '{' to open an entity", baseOffset + pos, "'{'", describeByte(text, pos))
                .record(out.size());
        Entity entity;
        entity.offset = baseOffset + pos;
        ++pos;
        for (;;) {
            skipSpace();
            if (pos >= end)
                return entityError("entity not closed", baseOffset + pos, "'}'", "end of text").record(out.size());
            if (text[pos] == '}') { ++pos; break; }
            VESTIGE_TRY(auto key, quoted("key"));
            skipSpace();
            VESTIGE_TRY(auto value, quoted("value"));
            entity.keys.emplace_back(std::move(key), std::move(value));
        }
        out.push_back(std::move(entity));
    }
    // After the terminator only NULs and whitespace may follow.
    for (std::size_t i = end; i < text.size(); ++i)
        if (text[i] != '\0' && !isSpace(text[i]))
            return entityError("data after the entity text terminator", baseOffset + i, "NUL padding",
                               describeByte(text, i));
    return out;
}

Result<std::string> writeEntities(const std::vector<Entity>& entities) {
    std::string out;
    for (std::size_t i = 0; i < entities.size(); ++i) {
        out += "{\n";
        for (const auto& [k, v] : entities[i].keys) {
            for (const std::string* s : {&k, &v})
                if (s->find('"') != std::string::npos || s->find('\0') != std::string::npos) {
                    Error e("bsp.entities", "a key or value cannot contain '\"' or NUL");
                    return std::move(e.record(i).field(k));
                }
            out += fmt::format("\"{}\" \"{}\"\n", k, v);
        }
        out += "}\n";
    }
    out.push_back('\0');
    return out;
}

}  // namespace vestige::source::bsp
