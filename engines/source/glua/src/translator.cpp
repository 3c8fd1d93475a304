// GLua -> Lua translator: one pass over the bytes, copying strings and comments verbatim and
// rewriting GLua operators and `continue` in code. See translator.hpp for the mapping table.
#include "vestige/source/glua/translator.hpp"

#include <fmt/format.h>

#include <vector>

namespace vestige::source::glua {
namespace {

bool isIdentStart(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80; }
bool isIdentChar(unsigned char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }

enum class BlockKind { Func, If, Do, LoopHeader, Loop, Repeat };

struct Block {
    BlockKind kind;
    std::size_t bodyStart = 0;  // output offset right after `do` / `repeat`
    int label = -1;             // continue label id, -1 when the body has no continue
    bool localAfterContinue = false;
};

class Translator {
public:
    Translator(std::string_view src, TranslateStats* stats) : mSrc(src), mStats(stats) {
        mOut.reserve(src.size() + 64);
    }

    std::string run() {
        if (mSrc.size() >= 2 && mSrc[0] == '#' && mSrc[1] == '!') {
            // Shebang: LuaJIT's loadbuffer does not skip it; turn it into a line comment.
            mOut += "-- ";
            mPos = 1;
            copyLine();
        }
        while (mPos < mSrc.size()) step();
        return std::move(mOut);
    }

private:
    [[nodiscard]] char at(std::size_t i) const { return i < mSrc.size() ? mSrc[i] : '\0'; }

    void copyLine() {
        while (mPos < mSrc.size() && mSrc[mPos] != '\n') mOut += mSrc[mPos++];
    }

    // Level of a long bracket opening at `i` ("[[" = 0, "[==[" = 2), or -1.
    [[nodiscard]] int longBracketLevel(std::size_t i) const {
        if (at(i) != '[') return -1;
        std::size_t j = i + 1;
        int level = 0;
        while (at(j) == '=') {
            ++level;
            ++j;
        }
        return at(j) == '[' ? level : -1;
    }

    // Copies a long bracket (string or comment body) starting at mPos, opening already checked.
    void copyLongBracket(int level) {
        const std::size_t open = static_cast<std::size_t>(level) + 2;
        mOut.append(mSrc.substr(mPos, open));
        mPos += open;
        std::string close = "]" + std::string(static_cast<std::size_t>(level), '=') + "]";
        const auto end = mSrc.find(close, mPos);
        if (end == std::string_view::npos) {  // unterminated: copy to EOF, the loader reports it
            mOut.append(mSrc.substr(mPos));
            mPos = mSrc.size();
            return;
        }
        mOut.append(mSrc.substr(mPos, end + close.size() - mPos));
        mPos = end + close.size();
    }

    void copyQuoted(char quote) {
        mOut += mSrc[mPos++];
        while (mPos < mSrc.size()) {
            const char c = mSrc[mPos];
            if (c == '\\') {
                mOut += c;
                ++mPos;
                if (mPos < mSrc.size()) mOut += mSrc[mPos++];
                continue;
            }
            if (c == '\n') return;  // unterminated string: the loader reports it, newline copied by step()
            mOut += c;
            ++mPos;
            if (c == quote) return;
        }
    }

    void setPrev(std::string_view tok) { mPrev.assign(tok); }

    Block* innermostLoop() {
        for (auto it = mStack.rbegin(); it != mStack.rend(); ++it) {
            if (it->kind == BlockKind::Func) return nullptr;
            if (it->kind == BlockKind::Loop || it->kind == BlockKind::Repeat) return &*it;
        }
        return nullptr;
    }

    void closeLoopBody(Block& b, bool isRepeat) {
        // Insert "do" at the start of the body, then close the wrapper and put the label after it.
        const std::string label = fmt::format("__vestige_continue_{}", b.label);
        if (!isRepeat || b.localAfterContinue) {
            mOut.insert(b.bodyStart, " do");
            mOut += fmt::format("end ::{}:: ", label);
        } else {
            mOut += fmt::format("::{}:: ", label);
        }
    }

    void word(std::string_view w) {
        const bool afterDot = mPrev == "." || mPrev == ":" || mPrev == "::" || mPrev == "goto";
        if (afterDot) {
            mOut.append(w);
            setPrev("name");
            return;
        }
        if (w == "function") {
            mStack.push_back({BlockKind::Func});
        } else if (w == "if") {
            mStack.push_back({BlockKind::If});
        } else if (w == "while" || w == "for") {
            mStack.push_back({BlockKind::LoopHeader});
        } else if (w == "do") {
            mOut.append(w);
            if (!mStack.empty() && mStack.back().kind == BlockKind::LoopHeader) {
                mStack.back().kind = BlockKind::Loop;
                mStack.back().bodyStart = mOut.size();
            } else {
                mStack.push_back({BlockKind::Do});
            }
            setPrev(w);
            return;
        } else if (w == "repeat") {
            mOut.append(w);
            Block b{BlockKind::Repeat};
            b.bodyStart = mOut.size();
            mStack.push_back(b);
            setPrev(w);
            return;
        } else if (w == "end") {
            if (!mStack.empty()) {
                Block b = mStack.back();
                mStack.pop_back();
                if (b.kind == BlockKind::Loop && b.label >= 0) closeLoopBody(b, false);
            }
        } else if (w == "until") {
            if (!mStack.empty() && mStack.back().kind == BlockKind::Repeat) {
                Block b = mStack.back();
                mStack.pop_back();
                if (b.label >= 0) closeLoopBody(b, true);
            }
        } else if (w == "local") {
            if (!mStack.empty() && (mStack.back().kind == BlockKind::Loop || mStack.back().kind == BlockKind::Repeat) &&
                mStack.back().label >= 0)
                mStack.back().localAfterContinue = true;
        } else if (w == "DEFINE_BASECLASS") {
            // GMod's loader macro: DEFINE_BASECLASS("x") declares `local BaseClass = baseclass.Get("x")`.
            mOut += "local BaseClass = baseclass.Get";
            setPrev("name");
            return;
        } else if (w == "continue") {
            if (Block* loop = innermostLoop()) {
                if (loop->label < 0) loop->label = mNextLabel++;
                mOut += fmt::format(" goto __vestige_continue_{} ", loop->label);
                if (mStats) ++mStats->continues;
                setPrev("continue");
                return;
            }
        }
        mOut.append(w);
        setPrev(w);
    }

    void step() {
        const char c = mSrc[mPos];
        const char n = at(mPos + 1);
        if (c == '-' && n == '-') {
            mOut += "--";
            mPos += 2;
            const int level = longBracketLevel(mPos);
            if (level >= 0)
                copyLongBracket(level);
            else
                copyLine();
            return;
        }
        if (c == '/' && n == '/') {
            mOut += "--";
            mPos += 2;
            if (at(mPos) == '[') mOut += ' ';  // "//[[" must not become a long comment
            if (mStats) ++mStats->comments;
            copyLine();
            return;
        }
        if (c == '/' && n == '*') {
            mPos += 2;
            mOut += ' ';
            const auto end = mSrc.find("*/", mPos);
            const std::size_t stop = end == std::string_view::npos ? mSrc.size() : end;
            for (std::size_t i = mPos; i < stop; ++i)
                if (mSrc[i] == '\n') mOut += '\n';
            mPos = end == std::string_view::npos ? mSrc.size() : end + 2;
            mOut += ' ';
            if (mStats) ++mStats->comments;
            return;
        }
        if (c == '"' || c == '\'') {
            copyQuoted(c);
            setPrev("string");
            return;
        }
        if (c == '[') {
            const int level = longBracketLevel(mPos);
            if (level >= 0) {
                copyLongBracket(level);
                setPrev("string");
                return;
            }
        }
        if (c == '!' && n == '=') {
            mOut += "~=";
            mPos += 2;
            if (mStats) ++mStats->operators;
            setPrev("~=");
            return;
        }
        if (c == '!') {
            mOut += " not ";
            ++mPos;
            if (mStats) ++mStats->operators;
            setPrev("not");
            return;
        }
        if ((c == '&' && n == '&') || (c == '|' && n == '|')) {
            mOut += c == '&' ? " and " : " or ";
            mPos += 2;
            if (mStats) ++mStats->operators;
            setPrev(c == '&' ? "and" : "or");
            return;
        }
        if (c >= '0' && c <= '9') {
            // Numbers (including hex, exponents, LL/ULL/i suffixes) never hold keywords.
            const std::size_t start = mPos++;
            while (mPos < mSrc.size()) {
                const char d = mSrc[mPos];
                const char prev = mSrc[mPos - 1];
                if (isIdentChar(static_cast<unsigned char>(d)) || d == '.' ||
                    ((d == '+' || d == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P') &&
                     !(mSrc[start] == '0' && (at(start + 1) == 'x' || at(start + 1) == 'X') &&
                       (prev == 'e' || prev == 'E'))))
                    ++mPos;
                else
                    break;
            }
            mOut.append(mSrc.substr(start, mPos - start));
            setPrev("number");
            return;
        }
        if (isIdentStart(static_cast<unsigned char>(c))) {
            const std::size_t start = mPos;
            while (mPos < mSrc.size() && isIdentChar(static_cast<unsigned char>(mSrc[mPos]))) ++mPos;
            word(mSrc.substr(start, mPos - start));
            return;
        }
        if (c == '.' && n == '.') {
            while (at(mPos) == '.') mOut += mSrc[mPos++];
            setPrev("punct");
            return;
        }
        if (c == ':' && n == ':') {
            mOut += "::";
            mPos += 2;
            setPrev("::");
            return;
        }
        mOut += c;
        ++mPos;
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            if (c == '.')
                setPrev(".");
            else if (c == ':')
                setPrev(":");
            else
                setPrev("punct");
        }
    }

    std::string_view mSrc;
    TranslateStats* mStats;
    std::string mOut;
    std::size_t mPos = 0;
    std::vector<Block> mStack;
    std::string mPrev;
    int mNextLabel = 0;
};

}  // namespace

std::string translate(std::string_view source, TranslateStats* stats) {
    if (stats) *stats = {};
    return Translator(source, stats).run();
}

}  // namespace vestige::source::glua
