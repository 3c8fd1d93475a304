#pragma once
// Lua patterns as LuaJIT 2.1 matches them (string.find/match/gmatch/gsub), with every step charged to the call's
// budget so a pattern that backtracks for minutes ends with the budget or time-limit error instead. Same rules and
// same errors as LuaJIT's matcher: the pattern ends at its first NUL byte; classes %a %c %d %g %l %p %s %u %w %x %z
// (ASCII; upper case negates); sets with ranges and classes; ? * + - after one item; captures and position
// captures (at most 32); %1-%9 back references; %b balance; %f frontier; nesting deeper than 200 match calls is
// "pattern too complex". The differential tests (tests/engines/source/glua/pattern_test.cpp) hold it to LuaJIT's.
//
// Errors are raised with luaL_error (the caller's position, as LuaJIT's lj_err_caller): nothing here owns memory,
// so the longjmp (or LuaJIT's unwinding) leaves nothing behind.
#include <cstddef>
#include <cstdint>
#include <lua.hpp>

namespace vestige::source::glua::pattern {

constexpr int kMaxCaptures = 32;
constexpr int kMaxDepth = 200;              // LuaJIT's LJ_MAX_XLEVEL
constexpr std::uint32_t kStepBatch = 1024;  // steps between charges (each charge may check the clock)

struct Matcher {
    lua_State* L = nullptr;
    const char* subject = nullptr;  // the whole subject (position captures count from here)
    const char* subjectEnd = nullptr;
    int level = 0;            // captures opened so far (finished or not)
    int depth = 0;            // nested match calls of this attempt
    std::uint32_t steps = 0;  // not yet charged
    struct Capture {
        const char* init;
        std::ptrdiff_t len;  // kUnfinished, kPosition, or the captured length
    } capture[kMaxCaptures];

    Matcher(lua_State* state, const char* s, std::size_t len) : L(state), subject(s), subjectEnd(s + len) {}
    // One attempt at `s`; returns the end of the match or nullptr. Resets the captures and the depth first.
    const char* matchAt(const char* s, const char* p) {
        level = depth = 0;
        return match(s, p);
    }
    // Pushes capture i (or the whole match s..e when there are none); returns how many values it pushed.
    void pushCapture(int i, const char* s, const char* e);
    int pushCaptures(const char* s, const char* e);
    // Counts `n` steps, charging the budget every kStepBatch; flush() charges what is left.
    void step(std::uint32_t n = 1) {
        steps += n;
        if (steps >= kStepBatch) flush();
    }
    void flush();

private:
    const char* match(const char* s, const char* p);
    const char* classEnd(const char* p);
    bool singleMatch(const char* s, const char* p, const char* ep);
    const char* matchBalance(const char* s, const char* p);
    const char* maxExpand(const char* s, const char* p, const char* ep);
    const char* minExpand(const char* s, const char* p, const char* ep);
    const char* startCapture(const char* s, const char* p, std::ptrdiff_t what);
    const char* endCapture(const char* s, const char* p);
    const char* matchBackReference(const char* s, int digit);
};

// Whether a find pattern needs the matcher: any of ^$*+?.([%- anywhere in its bytes.
[[nodiscard]] bool hasSpecials(const char* p, std::size_t len);
// Plain substring search from `s` (LuaJIT's lj_str_find), charging each candidate it compares.
const char* findPlain(Matcher& m, const char* s, std::size_t slen, const char* p, std::size_t plen);

}  // namespace vestige::source::glua::pattern
