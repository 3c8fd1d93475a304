// WEAR reader and writer. Layout picture: include/vestige/iron3d/wear/wear.hpp.
#include "vestige/iron3d/wear/wear.hpp"

#include <fmt/format.h>

namespace vestige::iron3d::wear {
namespace {

struct Line {
    std::string_view content;  // without the line end
    std::string_view eol;      // trailing CRs + LF, or trailing CRs at EOF, or ""
    std::uint64_t offset = 0;  // absolute offset of the first byte
    [[nodiscard]] std::string raw() const { return std::string(content) + std::string(eol); }
};

bool isSpace(char c) { return c == ' ' || c == '\t'; }

bool isBlank(std::string_view s) {
    for (char c : s)
        if (!isSpace(c)) return false;
    return true;
}

std::vector<Line> splitLines(std::string_view text, std::uint64_t base) {
    std::vector<Line> lines;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
        std::size_t contentEnd = nl == std::string_view::npos ? text.size() : nl;
        while (contentEnd > pos && text[contentEnd - 1] == '\r') --contentEnd;  // CRs are part of the line end
        lines.push_back({text.substr(pos, contentEnd - pos), text.substr(contentEnd, end - contentEnd), base + pos});
        pos = end;
    }
    return lines;
}

// Errors carry the field, the 1-based line number and the absolute offset.
Error lineError(std::string code, std::string message, std::string_view field, std::size_t lineIndex, std::uint64_t offset) {
    Error e("wear." + std::move(code), std::move(message));
    e.at(offset).field(std::string(field)).in("line", std::to_string(lineIndex + 1));
    return e;
}

Result<CountLine> parseCount(const Line& line, std::size_t index, std::string_view field) {
    CountLine c;
    const auto s = line.content;
    std::size_t i = 0;
    while (i < s.size() && isSpace(s[i])) ++i;
    const std::size_t digitsStart = i;
    std::uint64_t value = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
        value = value * 10 + static_cast<std::uint64_t>(s[i] - '0');
        if (value > 0xFFFFFFFFull)
            return lineError("bad_count", "count does not fit in 32 bits", field, index, line.offset + digitsStart);
        ++i;
    }
    const std::size_t digitsEnd = i;
    while (i < s.size() && isSpace(s[i])) ++i;
    if (digitsStart == digitsEnd || i != s.size())
        return lineError("bad_count", "expected a decimal count", field, index, line.offset + digitsStart)
            .expected("decimal digits")
            .actual(fmt::format("\"{}\"", s));
    c.value = static_cast<std::uint32_t>(value);
    c.lead = std::string(s.substr(0, digitsStart));
    c.digits = std::string(s.substr(digitsStart, digitsEnd - digitsStart));
    c.tail = std::string(s.substr(digitsEnd));
    c.eol = std::string(line.eol);
    return c;
}

Result<Row> parseRow(const Line& line, std::size_t index, std::string_view what) {
    const auto s = line.content;
    Row r;
    std::size_t i = 0;
    while (i < s.size() && isSpace(s[i])) ++i;
    r.lead = std::string(s.substr(0, i));
    std::size_t start = i;
    while (i < s.size() && !isSpace(s[i])) ++i;
    if (i == start)
        return lineError("bad_row", fmt::format("{} row has no legacy id", what), "legacy_id", index, line.offset + start)
            .expected("<legacyId> <name>")
            .actual("a blank line");
    r.legacyId = std::string(s.substr(start, i - start));
    start = i;
    while (i < s.size() && isSpace(s[i])) ++i;
    r.separator = std::string(s.substr(start, i - start));
    start = i;
    while (i < s.size() && !isSpace(s[i])) ++i;
    if (i == start)
        return lineError("bad_row", fmt::format("{} row has no name", what), "name", index, line.offset + start)
            .expected("<legacyId> <name>")
            .actual(fmt::format("\"{}\"", s));
    r.name = std::string(s.substr(start, i - start));
    r.tail = std::string(s.substr(i));
    r.eol = std::string(line.eol);
    return r;
}

// Rows [first, first+count) of `lines`; the count is checked against the lines left before allocating.
Result<std::vector<Row>> parseRows(const std::vector<Line>& lines, std::size_t first, std::uint32_t count,
                                   std::uint64_t endOffset, std::string_view what, std::uint64_t countOffset) {
    if (count > lines.size() - first)
        return Error("wear.missing_rows", fmt::format("the {} count promises more rows than the text has", what))
            .field(fmt::format("{}_count", what))
            .at(first < lines.size() ? lines[first].offset : endOffset)
            .expected(fmt::format("{} row(s)", count))
            .actual(fmt::format("{} line(s) left", lines.size() - first))
            .in("count_at", std::to_string(countOffset));
    std::vector<Row> rows;
    rows.reserve(count);
    for (std::uint32_t k = 0; k < count; ++k) {
        auto row = parseRow(lines[first + k], first + k, what);
        if (!row) return std::move(row).error().record(k);
        rows.push_back(std::move(*row));
    }
    return rows;
}

void emitCount(ByteWriter& w, const CountLine& c, std::size_t actual) {
    w.chars(c.lead);
    if (c.value == actual && !c.digits.empty()) w.chars(c.digits);
    else w.chars(std::to_string(actual));
    w.chars(c.tail);
    w.chars(c.eol);
}

void emitRow(ByteWriter& w, const Row& r) {
    w.chars(r.lead);
    w.chars(r.legacyId);
    w.chars(r.separator);
    w.chars(r.name);
    w.chars(r.tail);
    w.chars(r.eol);
}

}  // namespace

Result<Table> read(ByteView data, std::uint64_t base) {
    const auto lines = splitLines(asChars(data), base);
    const std::uint64_t endOffset = base + data.size();
    if (lines.empty())
        return Error("wear.empty", "empty WEAR table").field("count").at(base).expected("a count line");
    Table t;
    VESTIGE_TRY(t.count, parseCount(lines[0], 0, "count"));
    if (t.count.value == 0)
        return Error("wear.zero_count", "a WEAR table needs at least one material row").field("count").at(base).actual("0");
    VESTIGE_TRY(t.materials, parseRows(lines, 1, t.count.value, endOffset, "material", base));
    std::size_t i = 1 + t.count.value;
    std::vector<std::string> blanks;
    while (i < lines.size() && isBlank(lines[i].content)) blanks.push_back(lines[i++].raw());
    if (i == lines.size()) {
        t.trailingLines = std::move(blanks);
        return t;
    }
    const Line& kw = lines[i];
    std::string_view word = kw.content;
    while (!word.empty() && isSpace(word.front())) word.remove_prefix(1);
    while (!word.empty() && isSpace(word.back())) word.remove_suffix(1);
    if (word != kLightmapsKeyword)
        return lineError("trailing", "unexpected line after the material rows", "lightmaps", i, kw.offset)
            .expected("blank lines, EOF or LIGHTMAPS")
            .actual(fmt::format("\"{}\"", kw.content));
    if (blanks.empty())
        return lineError("missing_blank", "LIGHTMAPS must follow a blank line", "lightmaps", i, kw.offset)
            .expected("a blank line before LIGHTMAPS");
    t.separatorLines = std::move(blanks);
    Lightmaps lm;
    lm.keywordLine = kw.raw();
    ++i;
    if (i == lines.size())
        return Error("wear.missing_rows", "LIGHTMAPS without a count").field("lightmap_count").at(endOffset).expected("a count line");
    VESTIGE_TRY(lm.count, parseCount(lines[i], i, "lightmap_count"));
    const std::uint64_t countAt = lines[i].offset;
    VESTIGE_TRY(lm.rows, parseRows(lines, i + 1, lm.count.value, endOffset, "lightmap", countAt));
    i += 1 + lm.count.value;
    for (; i < lines.size(); ++i) {
        if (!isBlank(lines[i].content))
            return lineError("trailing", "only blank lines may follow the LIGHTMAPS block", "trailing", i, lines[i].offset)
                .expected("blank lines or EOF")
                .actual(fmt::format("\"{}\"", lines[i].content));
        t.trailingLines.push_back(lines[i].raw());
    }
    t.lightmaps = std::move(lm);
    return t;
}

Result<Bytes> write(const Table& t) {
    if (t.materials.empty()) return Error("wear.zero_count", "a WEAR table needs at least one material row").field("count");
    ByteWriter w;
    emitCount(w, t.count, t.materials.size());
    for (const auto& r : t.materials) emitRow(w, r);
    for (const auto& l : t.separatorLines) w.chars(l);
    if (t.lightmaps) {
        if (t.separatorLines.empty())
            return Error("wear.missing_blank", "LIGHTMAPS must follow a blank line").field("separator_lines");
        w.chars(t.lightmaps->keywordLine);
        emitCount(w, t.lightmaps->count, t.lightmaps->rows.size());
        for (const auto& r : t.lightmaps->rows) emitRow(w, r);
    }
    for (const auto& l : t.trailingLines) w.chars(l);
    return w.take();
}

Result<Table> make(const std::vector<NamedRow>& materials, const std::optional<std::vector<NamedRow>>& lightmaps) {
    auto row = [](const NamedRow& n, std::size_t i, std::string_view what) -> Result<Row> {
        auto bad = [&](std::string_view s) {
            for (char c : s)
                if (isSpace(c) || c == '\n' || c == '\r' || c == '\0') return true;
            return s.empty();
        };
        if (bad(n.legacyId) || bad(n.name))
            return Error("wear.bad_row", fmt::format("{} id and name must be non-empty single tokens", what)).record(i);
        return Row{n.legacyId, n.name, "", " ", "", "\r\n"};
    };
    Table t;
    if (materials.empty()) return Error("wear.zero_count", "a WEAR table needs at least one material row").field("count");
    t.count = {static_cast<std::uint32_t>(materials.size()), "", std::to_string(materials.size()), "", "\r\n"};
    for (std::size_t i = 0; i < materials.size(); ++i) {
        VESTIGE_TRY(Row r, row(materials[i], i, "material"));
        t.materials.push_back(std::move(r));
    }
    if (lightmaps) {
        t.separatorLines.push_back("\r\n");
        Lightmaps lm;
        lm.keywordLine = std::string(kLightmapsKeyword) + "\r\n";
        lm.count = {static_cast<std::uint32_t>(lightmaps->size()), "", std::to_string(lightmaps->size()), "", "\r\n"};
        for (std::size_t i = 0; i < lightmaps->size(); ++i) {
            VESTIGE_TRY(Row r, row((*lightmaps)[i], i, "lightmap"));
            lm.rows.push_back(std::move(r));
        }
        t.lightmaps = std::move(lm);
    }
    return t;
}

}  // namespace vestige::iron3d::wear
