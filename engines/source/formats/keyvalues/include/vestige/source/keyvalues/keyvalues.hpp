#pragma once
// Valve KeyValues text: a tree of `key value` pairs and `key { ... }` blocks.
//
// Kept as written: key/value text, whether each token was quoted, conditionals such as `[$WIN32]`
// (raw text, evaluated on request), duplicate keys in file order, and `#include` / `#base` directives
// (recorded with their position, never followed). Lookups are ASCII case-insensitive and return the
// first match, as Source does.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/result.hpp"

namespace vestige::source::keyvalues {

struct Node {
    std::string key;
    std::string value;           // leaf value (empty for blocks)
    std::vector<Node> children;  // block contents
    bool isBlock = false;
    std::string condition;  // e.g. "$WIN32", "!$X360" (without brackets); empty = unconditional
    bool keyQuoted = false, valueQuoted = false;
    std::uint32_t line = 0;    // 1-based line of the key
    std::uint64_t offset = 0;  // byte offset of the key

    // First child whose key matches (case-insensitive), or nullptr.
    [[nodiscard]] const Node* find(std::string_view k) const;
    [[nodiscard]] Node* find(std::string_view k);
    [[nodiscard]] std::vector<const Node*> findAll(std::string_view k) const;
    // Value of the first matching leaf child.
    [[nodiscard]] std::optional<std::string_view> get(std::string_view k) const;
    // Semantic equality: key, value, block-ness, condition and children (not quoting or position).
    friend bool operator==(const Node& a, const Node& b);
};

struct Directive {
    std::string kind;  // "#include" or "#base" (as written, case kept)
    std::string path;
    std::size_t beforeRoot = 0;  // number of root nodes that precede it
    std::uint32_t line = 0;
    friend bool operator==(const Directive& a, const Directive& b) {
        return a.kind == b.kind && a.path == b.path && a.beforeRoot == b.beforeRoot;  // line is provenance
    }
};

struct Document {
    std::vector<Node> roots;
    std::vector<Directive> directives;
    [[nodiscard]] const Node* find(std::string_view key) const;
    friend bool operator==(const Document&, const Document&) = default;
};

struct ParseOptions {
    // Source enables `\n \t \\ \"` escapes only for some callers; VMT loading leaves them off.
    bool escapes = false;
    std::uint32_t maxDepth = 128;
};

// Errors carry the byte offset (`at`) and the line ("line" context).
[[nodiscard]] Result<Document> parse(std::string_view text, const ParseOptions& options = {});

struct WriteOptions {
    bool escapes = false;  // must match the reader's setting for a lossless round trip
    std::string indent = "\t";
};
// Canonical text: every token quoted, tab indentation, conditionals after their pair, directives in place.
// Fails when a string cannot be represented (a `"` with escapes off).
[[nodiscard]] Result<std::string> write(const Document& doc, const WriteOptions& options = {});

// Condition evaluation: `$NAME` is true when NAME is in `defined` (case-insensitive); `!` negates;
// `||` and `&&` combine left to right. Unknown names are false.
bool evaluateCondition(std::string_view condition, const std::set<std::string>& definedUpper);
// The PC defaults Source uses on Windows: $WIN32, $WINDOWS.
const std::set<std::string>& pcConditions();
// Copy with every pair whose condition is false dropped (recursively); kept pairs lose their condition.
Document applyConditions(const Document& doc, const std::set<std::string>& definedUpper);

}  // namespace vestige::source::keyvalues
