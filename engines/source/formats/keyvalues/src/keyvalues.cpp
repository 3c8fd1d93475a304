// KeyValues tree helpers, the writer and conditional evaluation.
#include "vestige/source/keyvalues/keyvalues.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"

namespace vestige::source::keyvalues {

const Node* Node::find(std::string_view k) const {
    for (const auto& c : children)
        if (iequals(c.key, k)) return &c;
    return nullptr;
}

Node* Node::find(std::string_view k) {
    for (auto& c : children)
        if (iequals(c.key, k)) return &c;
    return nullptr;
}

std::vector<const Node*> Node::findAll(std::string_view k) const {
    std::vector<const Node*> out;
    for (const auto& c : children)
        if (iequals(c.key, k)) out.push_back(&c);
    return out;
}

std::optional<std::string_view> Node::get(std::string_view k) const {
    for (const auto& c : children)
        if (!c.isBlock && iequals(c.key, k)) return std::string_view(c.value);
    return std::nullopt;
}

bool operator==(const Node& a, const Node& b) {
    return a.key == b.key && a.value == b.value && a.isBlock == b.isBlock && a.condition == b.condition &&
           a.children == b.children;
}

const Node* Document::find(std::string_view key) const {
    for (const auto& r : roots)
        if (iequals(r.key, key)) return &r;
    return nullptr;
}

namespace {

Result<std::string> quote(std::string_view s, bool escapes) {
    std::string out = "\"";
    for (char c : s) {
        if (escapes) {
            if (c == '"')
                out += "\\\"";
            else if (c == '\\')
                out += "\\\\";
            else if (c == '\n')
                out += "\\n";
            else if (c == '\t')
                out += "\\t";
            else
                out += c;
        } else {
            if (c == '"')
                return Error("keyvalues.unwritable", "a '\"' inside a string needs escapes enabled")
                    .actual(std::string(s));
            out += c;
        }
    }
    return out + "\"";
}

Status writeNode(const Node& n, const WriteOptions& o, int depth, std::string& out) {
    std::string pad;
    for (int i = 0; i < depth; ++i) pad += o.indent;
    VESTIGE_TRY(std::string key, quote(n.key, o.escapes));
    if (n.condition.find_first_of("]\n") != std::string::npos)
        return Error("keyvalues.unwritable", "a condition cannot contain ']' or a newline").actual(n.condition);
    const std::string cond = n.condition.empty() ? std::string() : fmt::format(" [{}]", n.condition);
    if (!n.isBlock) {
        VESTIGE_TRY(std::string value, quote(n.value, o.escapes));
        out += fmt::format("{}{} {}{}\n", pad, key, value, cond);
        return {};
    }
    out += fmt::format("{}{}{}\n{}{{\n", pad, key, cond, pad);
    for (const auto& c : n.children) VESTIGE_CHECK(writeNode(c, o, depth + 1, out));
    out += pad + "}\n";
    return {};
}

bool atom(std::string_view a, const std::set<std::string>& defined) {
    while (!a.empty() && a.front() == ' ') a.remove_prefix(1);
    while (!a.empty() && a.back() == ' ') a.remove_suffix(1);
    bool negate = false;
    while (!a.empty() && a.front() == '!') {
        negate = !negate;
        a.remove_prefix(1);
    }
    if (!a.empty() && a.front() == '$') a.remove_prefix(1);
    const bool v = defined.count(asciiUpper(a)) != 0;
    return negate ? !v : v;
}

}  // namespace

Result<std::string> write(const Document& doc, const WriteOptions& options) {
    std::string out;
    std::size_t d = 0;
    for (std::size_t i = 0; i <= doc.roots.size(); ++i) {
        for (; d < doc.directives.size() && doc.directives[d].beforeRoot <= i; ++d) {
            VESTIGE_TRY(std::string path, quote(doc.directives[d].path, options.escapes));
            out += fmt::format("{} {}\n", doc.directives[d].kind, path);
        }
        if (i < doc.roots.size()) VESTIGE_CHECK(writeNode(doc.roots[i], options, 0, out));
    }
    for (; d < doc.directives.size(); ++d) {
        VESTIGE_TRY(std::string path, quote(doc.directives[d].path, options.escapes));
        out += fmt::format("{} {}\n", doc.directives[d].kind, path);
    }
    return out;
}

bool evaluateCondition(std::string_view condition, const std::set<std::string>& defined) {
    // `||` binds looser than `&&`, both left to right.
    std::size_t start = 0;
    while (true) {
        const std::size_t bar = condition.find("||", start);
        const std::string_view term =
            condition.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start);
        bool all = true;
        std::size_t s = 0;
        while (true) {
            const std::size_t amp = term.find("&&", s);
            all =
                atom(term.substr(s, amp == std::string_view::npos ? std::string_view::npos : amp - s), defined) && all;
            if (amp == std::string_view::npos) break;
            s = amp + 2;
        }
        if (all) return true;
        if (bar == std::string_view::npos) return false;
        start = bar + 2;
    }
}

const std::set<std::string>& pcConditions() {
    static const std::set<std::string> k{"WIN32", "WINDOWS"};
    return k;
}

namespace {
void filter(std::vector<Node>& nodes, const std::set<std::string>& defined) {
    std::vector<Node> kept;
    kept.reserve(nodes.size());
    for (auto& n : nodes) {
        if (!n.condition.empty() && !evaluateCondition(n.condition, defined)) continue;
        n.condition.clear();
        filter(n.children, defined);
        kept.push_back(std::move(n));
    }
    nodes = std::move(kept);
}
}  // namespace

Document applyConditions(const Document& doc, const std::set<std::string>& defined) {
    Document out = doc;
    // Directive positions count roots: recompute them against the kept roots.
    std::vector<std::size_t> keptBefore(doc.roots.size() + 1, 0);
    for (std::size_t i = 0; i < doc.roots.size(); ++i)
        keptBefore[i + 1] =
            keptBefore[i] +
            ((doc.roots[i].condition.empty() || evaluateCondition(doc.roots[i].condition, defined)) ? 1 : 0);
    for (auto& d : out.directives) d.beforeRoot = keptBefore[std::min(d.beforeRoot, doc.roots.size())];
    filter(out.roots, defined);
    return out;
}

}  // namespace vestige::source::keyvalues
