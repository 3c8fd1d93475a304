// The pattern matcher (see pattern.hpp): LuaJIT 2.1's rules, a step counter charged to the budget.
#include "pattern.hpp"

#include <cstring>

#include "internal.hpp"

namespace vestige::source::glua::pattern {
namespace {

constexpr char kEscape = '%';
constexpr std::ptrdiff_t kUnfinished = -1, kPosition = -2;

unsigned char byteAt(const char* p) { return static_cast<unsigned char>(*p); }

// LuaJIT's character classes: ASCII only, bytes >= 128 are in none (the C locale's rules, written out so no locale
// can change them).
bool isUpper(int c) { return c >= 'A' && c <= 'Z'; }
bool isLower(int c) { return c >= 'a' && c <= 'z'; }
bool isDigit(int c) { return c >= '0' && c <= '9'; }
bool isAlpha(int c) { return isUpper(c) || isLower(c); }
bool isAlnum(int c) { return isAlpha(c) || isDigit(c); }
bool isGraph(int c) { return c > 32 && c < 127; }
bool isPunct(int c) { return isGraph(c) && !isAlnum(c); }
bool isSpace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool isCntrl(int c) { return c < 32 || c == 127; }
bool isXdigit(int c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// %<cl> against byte c: a class letter (its upper case is the complement), or the byte itself.
bool matchClass(int c, int cl) {
    bool in = false;
    switch (cl | 0x20) {
        case 'a':
            in = isAlpha(c);
            break;
        case 'c':
            in = isCntrl(c);
            break;
        case 'd':
            in = isDigit(c);
            break;
        case 'g':
            in = isGraph(c);
            break;
        case 'l':
            in = isLower(c);
            break;
        case 'p':
            in = isPunct(c);
            break;
        case 's':
            in = isSpace(c);
            break;
        case 'u':
            in = isUpper(c);
            break;
        case 'w':
            in = isAlnum(c);
            break;
        case 'x':
            in = isXdigit(c);
            break;
        case 'z':
            in = c == 0;
            break;
        default:
            return cl == c;
    }
    if (!isAlpha(cl)) return cl == c;  // '|' | 0x20 is '|': only letters are classes
    return isLower(cl) ? in : !in;
}

// [set] from `p` (its '[') to `close` (its ']'): ranges a-z, %classes, a leading ^ negates.
bool matchSet(int c, const char* p, const char* close) {
    bool positive = true;
    if (p[1] == '^') {
        positive = false;
        ++p;
    }
    while (++p < close) {
        if (*p == kEscape) {
            ++p;
            if (matchClass(c, byteAt(p))) return positive;
        } else if (p[1] == '-' && p + 2 < close) {
            p += 2;
            if (byteAt(p - 2) <= c && c <= byteAt(p)) return positive;
        } else if (byteAt(p) == c) {
            return positive;
        }
    }
    return !positive;
}

}  // namespace

bool hasSpecials(const char* p, std::size_t len) {
    for (std::size_t i = 0; i < len; ++i)
        if (p[i] != 0 && std::strchr("^$*+?.([%-", p[i])) return true;
    return false;
}

const char* findPlain(Matcher& m, const char* s, std::size_t slen, const char* p, std::size_t plen) {
    if (plen > slen) return nullptr;
    if (plen == 0) return s;
    const int first = byteAt(p);
    const std::size_t rest = plen - 1;
    std::size_t left = slen - rest;  // candidates for the first byte
    const std::uint32_t cost = 1 + static_cast<std::uint32_t>(rest / 16);
    while (left > 0) {
        const char* q = static_cast<const char*>(std::memchr(s, first, left));
        if (!q) return nullptr;
        m.step(cost);
        if (std::memcmp(q + 1, p + 1, rest) == 0) return q;
        left -= static_cast<std::size_t>(q + 1 - s);
        s = q + 1;
    }
    return nullptr;
}

void Matcher::flush() {
    const std::uint32_t n = steps;
    steps = 0;
    if (n > 0) charge(L, n);
}

const char* Matcher::classEnd(const char* p) {
    const char c = *p++;
    if (c == kEscape) {
        if (*p == '\0') luaL_error(L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') ++p;
        do {  // the first byte of a set is never its end: "[]]" is a set of ']'
            if (*p == '\0') luaL_error(L, "malformed pattern (missing ']')");
            if (*p++ == kEscape && *p != '\0') ++p;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

bool Matcher::singleMatch(const char* s, const char* p, const char* ep) {
    if (s >= subjectEnd) return false;
    const int c = byteAt(s);
    switch (*p) {
        case '.':
            return true;
        case kEscape:
            return matchClass(c, byteAt(p + 1));
        case '[':
            return matchSet(c, p, ep - 1);
        default:
            return byteAt(p) == c;
    }
}

const char* Matcher::matchBalance(const char* s, const char* p) {
    if (p[0] == '\0' || p[1] == '\0') luaL_error(L, "unbalanced pattern");
    if (s >= subjectEnd || *s != p[0]) return nullptr;
    const char open = p[0], close = p[1];
    int depthOfBalance = 1;
    while (++s < subjectEnd) {
        step();
        if (*s == close) {
            if (--depthOfBalance == 0) return s + 1;
        } else if (*s == open) {
            ++depthOfBalance;
        }
    }
    return nullptr;
}

const char* Matcher::maxExpand(const char* s, const char* p, const char* ep) {
    std::ptrdiff_t n = 0;
    while (singleMatch(s + n, p, ep)) {
        step();
        ++n;
    }
    for (; n >= 0; --n)  // longest first, then one repetition fewer each time
        if (const char* r = match(s + n, ep + 1)) return r;
    return nullptr;
}

const char* Matcher::minExpand(const char* s, const char* p, const char* ep) {
    for (;;) {
        if (const char* r = match(s, ep + 1)) return r;
        if (!singleMatch(s, p, ep)) return nullptr;
        step();
        ++s;
    }
}

const char* Matcher::startCapture(const char* s, const char* p, std::ptrdiff_t what) {
    if (level >= kMaxCaptures) luaL_error(L, "too many captures");
    capture[level] = {s, what};
    ++level;
    const char* r = match(s, p);
    if (!r) --level;
    return r;
}

const char* Matcher::endCapture(const char* s, const char* p) {
    int open = level - 1;
    while (open >= 0 && capture[open].len != kUnfinished) --open;
    if (open < 0) luaL_error(L, "invalid pattern capture");
    capture[open].len = s - capture[open].init;
    const char* r = match(s, p);
    if (!r) capture[open].len = kUnfinished;
    return r;
}

const char* Matcher::matchBackReference(const char* s, int digit) {
    const int i = digit - '1';
    if (i < 0 || i >= level || capture[i].len == kUnfinished) luaL_error(L, "invalid capture index");
    if (capture[i].len == kPosition) return nullptr;  // a position has no text to repeat
    const auto len = static_cast<std::size_t>(capture[i].len);
    step(static_cast<std::uint32_t>(1 + len / 16));
    if (static_cast<std::size_t>(subjectEnd - s) >= len && std::memcmp(capture[i].init, s, len) == 0) return s + len;
    return nullptr;
}

// One match call: items that need no backtracking loop here; a call per alternative otherwise (that is what the
// depth counts, as LuaJIT's does).
const char* Matcher::match(const char* s, const char* p) {
    if (++depth > kMaxDepth) luaL_error(L, "pattern too complex");
    for (;;) {
        step();
        if (*p == '(') {
            s = p[1] == ')' ? startCapture(s, p + 2, kPosition) : startCapture(s, p + 1, kUnfinished);
            break;
        }
        if (*p == ')') {
            s = endCapture(s, p + 1);
            break;
        }
        if (*p == '\0') break;  // the pattern is done: a match
        if (*p == '$' && p[1] == '\0') {
            if (s != subjectEnd) s = nullptr;
            break;
        }
        if (*p == kEscape && p[1] == 'b') {
            s = matchBalance(s, p + 2);
            if (!s) break;
            p += 4;
            continue;
        }
        if (*p == kEscape && p[1] == 'f') {
            p += 2;
            if (*p != '[') luaL_error(L, "missing '[' after '%%f' in pattern");
            const char* ep = classEnd(p);
            const int previous = s == subject ? 0 : byteAt(s - 1);
            const int current = s < subjectEnd ? byteAt(s) : 0;
            if (matchSet(previous, p, ep - 1) || !matchSet(current, p, ep - 1)) {
                s = nullptr;
                break;
            }
            p = ep;
            continue;
        }
        if (*p == kEscape && isDigit(byteAt(p + 1))) {
            s = matchBackReference(s, byteAt(p + 1));
            if (!s) break;
            p += 2;
            continue;
        }
        // One item (a byte, '.', %class or [set]), maybe followed by a quantifier.
        const char* ep = classEnd(p);
        const bool one = singleMatch(s, p, ep);
        if (*ep == '?') {
            if (one) {
                if (const char* r = match(s + 1, ep + 1)) {
                    s = r;
                    break;
                }
            }
            p = ep + 1;
            continue;
        }
        if (*ep == '*') {
            s = maxExpand(s, p, ep);
            break;
        }
        if (*ep == '+') {
            s = one ? maxExpand(s + 1, p, ep) : nullptr;
            break;
        }
        if (*ep == '-') {
            s = minExpand(s, p, ep);
            break;
        }
        if (!one) {
            s = nullptr;
            break;
        }
        ++s;
        p = ep;
    }
    --depth;
    return s;
}

void Matcher::pushCapture(int i, const char* s, const char* e) {
    if (i >= level) {
        if (i != 0) luaL_error(L, "invalid capture index");
        lua_pushlstring(L, s, static_cast<std::size_t>(e - s));  // no captures: the whole match
        return;
    }
    const std::ptrdiff_t len = capture[i].len;
    if (len == kUnfinished) luaL_error(L, "unfinished capture");
    if (len == kPosition)
        lua_pushinteger(L, capture[i].init - subject + 1);
    else
        lua_pushlstring(L, capture[i].init, static_cast<std::size_t>(len));
}

int Matcher::pushCaptures(const char* s, const char* e) {
    const int n = (level == 0 && s) ? 1 : level;
    luaL_checkstack(L, n, "too many captures");
    for (int i = 0; i < n; ++i) pushCapture(i, s, e);
    return n;
}

}  // namespace vestige::source::glua::pattern
