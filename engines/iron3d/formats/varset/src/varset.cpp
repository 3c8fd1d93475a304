// varset.var parser.
#include "vestige/iron3d/varset/varset.hpp"

#include <fmt/format.h>

#include <bit>

#include "vestige/core/parse.hpp"

namespace vestige::iron3d::varset {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && isBlank(s.front())) s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back())) s.remove_suffix(1);
    return s;
}

struct Line {
    std::string_view text;
    std::uint32_t number = 0;
    std::uint64_t offset = 0;  // of the line's first byte
};

Error lineError(std::string code, std::string message, const Line& line, std::string field = {}) {
    Error e(std::move(code), std::move(message));
    if (!field.empty()) e.field(std::move(field));
    e.in("line", std::to_string(line.number)).at(line.offset);
    return e;
}

// "FORM(" ... ")" with an optional ';' after the parenthesis; returns the text between them.
Result<std::string_view> body(std::string_view text, std::string_view form, const Line& line) {
    text.remove_prefix(form.size() + 1);
    if (!text.empty() && text.back() == ';') text.remove_suffix(1);
    if (text.empty() || text.back() != ')')
        return lineError("varset.unterminated", "declaration does not end with ')' or ');'", line)
            .expected(fmt::format("{}(...)", form))
            .actual(std::string(line.text));
    text.remove_suffix(1);
    return text;
}

Result<std::uint32_t> dwordValue(std::string_view text, const Line& line) {
    std::optional<std::uint32_t> v;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        v = parseInteger<std::uint32_t>(text.substr(2), 16);
    else
        v = parseInteger<std::uint32_t>(text);
    if (!v)
        return lineError("varset.bad_dword", "DWORD default is not a decimal or 0x hex number <= 0xFFFFFFFF", line,
                         "default")
            .expected("0..4294967295 or 0x0..0xFFFFFFFF")
            .actual(std::string(text));
    return *v;
}

Result<Declaration> parseVar(std::string_view inner, const Line& line) {
    Declaration d;
    d.args.assign(inner);
    std::string_view fields[3];
    std::size_t n = 0;
    std::string_view rest = inner;
    while (n < 3) {
        const std::size_t comma = rest.find(',');
        fields[n++] = trim(rest.substr(0, comma));
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    static constexpr const char* kField[3] = {"type", "name", "default"};
    for (std::size_t i = 0; i < 3; ++i)
        if (i >= n || fields[i].empty())
            return lineError("varset.missing_field", "VAR needs a type, a name and a default", line, kField[i])
                .expected("VAR(type, name, default)")
                .actual(std::string(line.text));
    d.name.assign(fields[1]);
    if (fields[0] == "float") {
        const auto v = parseFloat(fields[2]);
        if (!v)
            return lineError("varset.bad_float", "float default is not a finite number", line, "default")
                .expected("a finite decimal number")
                .actual(std::string(fields[2]));
        d.kind = Kind::Float;
        d.bits = std::bit_cast<std::uint32_t>(*v);
    } else if (fields[0] == "DWORD") {
        VESTIGE_TRY(d.bits, dwordValue(fields[2], line));
        d.kind = Kind::Dword;
    } else {
        return lineError("varset.unsupported_type", "VAR type is neither float nor DWORD", line, "type")
            .expected("float or DWORD")
            .actual(std::string(fields[0]));
    }
    return d;
}

}  // namespace

float Declaration::floatValue() const {
    return kind == Kind::Float ? std::bit_cast<float>(bits) : static_cast<float>(bits);
}

std::optional<std::uint32_t> VarSet::find(std::string_view name) const {
    for (std::size_t i = 0; i < declarations.size(); ++i)
        if (declarations[i].name == name) return static_cast<std::uint32_t>(i);
    return std::nullopt;
}

std::size_t VarSet::count(Kind kind) const {
    std::size_t n = 0;
    for (const auto& d : declarations) n += d.kind == kind;
    return n;
}

std::string_view kindName(Kind kind) {
    switch (kind) {
        case Kind::Float:
            return "float";
        case Kind::Dword:
            return "DWORD";
        case Kind::String:
            return "STRING";
        case Kind::Function:
            return "FUNCTION";
    }
    return "?";
}

Result<VarSet> parse(ByteView bytes, const Limits& limits) {
    if (bytes.size() > limits.maxInput)
        return Error::atField("varset.limit", "varset text over the reader's limit", "file", 0)
            .expected(fmt::format("at most {} bytes", limits.maxInput))
            .actual(std::to_string(bytes.size()));
    VarSet set;
    set.raw.assign(bytes.begin(), bytes.end());
    const std::string_view all = asChars(bytes);
    std::size_t start = 0;
    std::uint32_t number = 0;
    while (start <= all.size()) {
        const std::size_t end = std::min(all.find('\n', start), all.size());
        Line line{all.substr(start, end - start), ++number, start};
        const std::size_t comment = line.text.find("//");
        line.text = trim(line.text.substr(0, comment));
        start = end + 1;
        static constexpr std::string_view kForms[3] = {"VAR", "STRING", "FUNCTION"};
        std::size_t form = 0;
        while (form < 3 && !(line.text.starts_with(kForms[form]) && line.text.size() > kForms[form].size() &&
                             line.text[kForms[form].size()] == '('))
            ++form;
        if (form == 3) continue;
        if (set.declarations.size() >= limits.maxDeclarations)
            return lineError("varset.limit", "more declarations than the reader's limit", line)
                .expected(fmt::format("at most {}", limits.maxDeclarations));
        VESTIGE_TRY(const std::string_view inner, body(line.text, kForms[form], line));
        Declaration d;
        if (form == 0) {
            VESTIGE_TRY(d, parseVar(inner, line));
        } else {
            d.kind = form == 1 ? Kind::String : Kind::Function;
            d.args.assign(inner);
            d.name.assign(trim(inner.substr(0, inner.find(','))));
        }
        d.line = line.number;
        set.declarations.push_back(std::move(d));
    }
    return set;
}

}  // namespace vestige::iron3d::varset
