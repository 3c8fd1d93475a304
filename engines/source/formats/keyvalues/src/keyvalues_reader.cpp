// KeyValues text reader.
//
//   document   := { directive | pair }
//   directive  := ("#include" | "#base") token                      (root level only; recorded, not followed)
//   pair       := token ( token [cond] | [cond] "{" { pair } "}" [cond] )
//   token      := '"' chars '"'  |  bare chars up to whitespace, '"', '{' or '}'
//   cond       := '[' ... ']'    e.g. [$WIN32], [!$X360], [$WIN32 || $OSX]
//   comments   := "//" to end of line, anywhere between tokens
//
// Offsets in errors are byte offsets into the text; lines are 1-based.
#include <fmt/format.h>

#include "vestige/core/text.hpp"
#include "vestige/source/keyvalues/keyvalues.hpp"

namespace vestige::source::keyvalues {

namespace {

enum class Kind { End, String, Open, Close, Condition };

struct Token {
    Kind kind = Kind::End;
    std::string text;
    bool quoted = false;
    std::uint64_t offset = 0;
    std::uint32_t line = 1;
};

class Lexer {
public:
    Lexer(std::string_view text, bool escapes) : mText(text), mEscapes(escapes) {}

    Result<Token> next() {
        if (mPeeked) {
            mPeeked = false;
            return mPeek;
        }
        return lex();
    }
    Result<Token> peek() {
        if (!mPeeked) {
            VESTIGE_TRY(mPeek, lex());
            mPeeked = true;
        }
        return mPeek;
    }

private:
    Result<Token> lex() {
        skipSpaceAndComments();
        Token t;
        t.offset = mPos;
        t.line = mLine;
        if (mPos >= mText.size()) return t;
        const char c = mText[mPos];
        if (c == '{') {
            ++mPos;
            t.kind = Kind::Open;
            return t;
        }
        if (c == '}') {
            ++mPos;
            t.kind = Kind::Close;
            return t;
        }
        if (c == '"') {
            ++mPos;
            t.kind = Kind::String;
            t.quoted = true;
            while (true) {
                if (mPos >= mText.size())
                    return Error("keyvalues.unterminated_string", "quoted string has no closing quote")
                        .in("line", std::to_string(t.line))
                        .at(t.offset);
                const char d = mText[mPos++];
                if (d == '"') break;
                if (d == '\n') ++mLine;
                if (d == '\\' && mEscapes && mPos < mText.size()) {
                    const char e = mText[mPos];
                    if (e == 'n')
                        t.text += '\n', ++mPos;
                    else if (e == 't')
                        t.text += '\t', ++mPos;
                    else if (e == '\\')
                        t.text += '\\', ++mPos;
                    else if (e == '"')
                        t.text += '"', ++mPos;
                    else
                        t.text += d;  // unknown escape: the backslash stays literal
                    continue;
                }
                t.text += d;
            }
            return t;
        }
        if (c == '[') {
            // A bracketed run: a conditional after a pair, or (in value position) a vector like [1 1 1].
            const std::size_t close = mText.find_first_of("]\n", mPos);
            if (close == std::string_view::npos || mText[close] != ']')
                return Error("keyvalues.unterminated_condition", "'[' without ']' on the same line")
                    .in("line", std::to_string(t.line))
                    .at(t.offset);
            t.kind = Kind::Condition;
            t.text = std::string(mText.substr(mPos, close + 1 - mPos));
            mPos = close + 1;
            return t;
        }
        t.kind = Kind::String;
        while (mPos < mText.size()) {
            const char d = mText[mPos];
            if (d == '"' || d == '{' || d == '}' || isSpace(d)) break;
            t.text += d;
            ++mPos;
        }
        return t;
    }

    static bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

    void skipSpaceAndComments() {
        while (mPos < mText.size()) {
            const char c = mText[mPos];
            if (isSpace(c)) {
                if (c == '\n') ++mLine;
                ++mPos;
            } else if (c == '/' && mPos + 1 < mText.size() && mText[mPos + 1] == '/') {
                while (mPos < mText.size() && mText[mPos] != '\n') ++mPos;
            } else {
                break;
            }
        }
    }

    std::string_view mText;
    bool mEscapes;
    std::size_t mPos = 0;
    std::uint32_t mLine = 1;
    Token mPeek;
    bool mPeeked = false;
};

Error tokenError(std::string code, std::string message, const Token& t) {
    Error e(std::move(code), std::move(message));
    e.in("line", std::to_string(t.line)).at(t.offset);
    return e;
}

std::string conditionText(const std::string& bracketed) { return bracketed.substr(1, bracketed.size() - 2); }

class Parser {
public:
    Parser(std::string_view text, const ParseOptions& o) : mLex(text, o.escapes), mOptions(o) {}

    Result<Document> run() {
        Document doc;
        while (true) {
            VESTIGE_TRY(Token t, mLex.next());
            if (t.kind == Kind::End) break;
            if (t.kind != Kind::String)
                return tokenError("keyvalues.unexpected_token", "expected a key at the top level", t)
                    .actual(t.kind == Kind::Close  ? "'}'"
                            : t.kind == Kind::Open ? "'{'"
                                                   : t.text);
            if (!t.quoted && (iequals(t.text, "#include") || iequals(t.text, "#base"))) {
                VESTIGE_TRY(Token p, mLex.peek());
                if (p.kind == Kind::String) {
                    VESTIGE_TRY(Token path, mLex.next());
                    doc.directives.push_back({t.text, path.text, doc.roots.size(), t.line});
                    continue;
                }
            }
            VESTIGE_TRY(Node n, pair(std::move(t), 1));
            doc.roots.push_back(std::move(n));
        }
        return doc;
    }

private:
    Result<Node> pair(Token key, std::uint32_t depth) {
        if (depth > mOptions.maxDepth)
            return tokenError("keyvalues.too_deep", "blocks nest too deeply", key)
                .expected(fmt::format("<= {}", mOptions.maxDepth));
        Node n;
        n.key = std::move(key.text);
        n.keyQuoted = key.quoted;
        n.line = key.line;
        n.offset = key.offset;
        VESTIGE_TRY(Token t, mLex.next());
        if (t.kind == Kind::Condition) {
            // `key [cond] { ... }`
            VESTIGE_TRY(Token brace, mLex.peek());
            if (brace.kind == Kind::Open) {
                n.condition = conditionText(t.text);
                VESTIGE_TRY(t, mLex.next());
            } else {
                // A bracketed value such as [1 1 1].
                t.kind = Kind::String;
            }
        }
        if (t.kind == Kind::End)
            return tokenError("keyvalues.missing_value", fmt::format("key '{}' has no value", n.key), t);
        if (t.kind == Kind::Close)
            return tokenError("keyvalues.missing_value", fmt::format("key '{}' is followed by '}}'", n.key), t);
        if (t.kind == Kind::String) {
            n.value = std::move(t.text);
            n.valueQuoted = t.quoted;
        } else {  // Open
            n.isBlock = true;
            while (true) {
                VESTIGE_TRY(Token c, mLex.next());
                if (c.kind == Kind::Close) break;
                if (c.kind == Kind::End)
                    return tokenError("keyvalues.unclosed_block", fmt::format("block '{}' has no closing '}}'", n.key),
                                      key);
                if (c.kind != Kind::String)
                    return tokenError("keyvalues.unexpected_token", "expected a key or '}'", c)
                        .actual(c.kind == Kind::Open ? "'{'" : c.text);
                VESTIGE_TRY(Node child, pair(std::move(c), depth + 1));
                n.children.push_back(std::move(child));
            }
        }
        VESTIGE_TRY(Token after, mLex.peek());
        if (after.kind == Kind::Condition && n.condition.empty()) {
            VESTIGE_TRY(Token cond, mLex.next());
            n.condition = conditionText(cond.text);
        }
        return n;
    }

    Lexer mLex;
    ParseOptions mOptions;
};

}  // namespace

Result<Document> parse(std::string_view text, const ParseOptions& options) { return Parser(text, options).run(); }

}  // namespace vestige::source::keyvalues
