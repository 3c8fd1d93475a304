// The budget mode's own string.rep/find/match/gmatch/gsub, table.concat and the charged string.format against
// LuaJIT's: the JIT mode keeps LuaJIT 2.1's library, so the same call in both runtimes must give the same results,
// captures and error messages (positions and function names included). Hand-written cases for every rule, then
// seeded random patterns and subjects. This is the evidence that charging the work did not change behaviour.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "glua_fixture.hpp"
#include "vestige/core/rng.hpp"

namespace vestige::source::glua {
namespace {

// Probes, loaded as probe.lua in both runtimes: each returns one printable line of what a pcall of the call gave.
// The calls happen inside a Lua function and not in tail position, so errors carry a position and a name.
constexpr const char* kProbes = R"lua(
local function show(v)
    if type(v) ~= "string" then return type(v) .. ":" .. tostring(v) end
    local out = "s:"
    for i = 1, #v do
        local b = v:byte(i)
        out = out .. ((b >= 32 and b < 127 and b ~= 92) and string.char(b) or ("\\" .. b))
    end
    return out
end
local function pack(...) return { n = select("#", ...), ... } end
local function render(r)
    local out = ""
    for i = 1, r.n do out = out .. show(r[i]) .. "|" end
    return out
end
function probe(lib, name, ...)
    local f = (lib == "table" and table or string)[name]
    local args = pack(...)
    return render(pack(pcall(function()
        local r = pack(f(unpack(args, 1, args.n)))
        return unpack(r, 1, r.n)
    end)))
end
function probeGmatch(s, p)
    local out = ""
    local ok, err = pcall(function()
        local n = 0
        for a, b, c in string.gmatch(s, p) do
            out = out .. show(a) .. "," .. show(b) .. "," .. show(c) .. ";"
            n = n + 1
            if n > 40 then break end
        end
    end)
    return out .. tostring(ok) .. (ok and "" or show(err))
end
local function joinCaptures(...)
    local out = select("#", ...) .. "<"
    for i = 1, select("#", ...) do out = out .. show((select(i, ...))) .. ">" end
    return out
end
function probeGsubFunction(s, p, n) return probe("string", "gsub", s, p, joinCaptures, n) end
function probeGsubTable(s, p) return probe("string", "gsub", s, p, { a = "A", ["1"] = 1, b = false }) end
function probeMethodFormat(fmt, ...)
    local args = pack(...)
    return render(pack(pcall(function() local r = fmt:format(unpack(args, 1, args.n)) return r end)))
end
)lua";

// A Lua string literal for any bytes.
std::string literal(const std::string& bytes) {
    std::string out = "\"";
    for (unsigned char c : bytes) out += "\\" + std::to_string(c);
    return out + "\"";
}

class PatternParity : public ::testing::Test {
protected:
    void SetUp() override {
        mLuaJit = bootMode(true);
        mOurs = bootRuntime({}, {.budget = 4'000'000'000});
        for (Runtime* rt : {mLuaJit.get(), mOurs.get()}) ASSERT_TRUE(rt->runString(kProbes, "probe.lua").ok());
    }
    // Evaluates `call` in both; returns false (and records the difference) when they disagree.
    bool same(const std::string& call) {
        const std::string theirs = ev(*mLuaJit, call), ours = ev(*mOurs, call);
        ++mCompared;
        if (theirs == ours) return true;
        if (mDifferences.size() < 25) mDifferences.push_back(call + "\n  LuaJIT: " + theirs + "\n  ours:   " + ours);
        return false;
    }
    void TearDown() override {
        std::string all;
        for (const auto& d : mDifferences) all += d + "\n";
        EXPECT_TRUE(mDifferences.empty()) << mDifferences.size() << " of " << mCompared << " calls differ:\n" << all;
        EXPECT_TRUE(mOurs->errors().empty()) << renderErrors(*mOurs);
    }
    std::unique_ptr<Runtime> mLuaJit, mOurs;
    std::vector<std::string> mDifferences;
    int mCompared = 0;
};

TEST_F(PatternParity, EveryRule) {
    const char* const calls[] = {
        // find: plain, specials, init (negative, zero, past the end, numeric string, fractional), anchors.
        R"~(probe("string", "find", "hello world", "o w"))~",
        R"~(probe("string", "find", "hello", "l", 4))~",
        R"~(probe("string", "find", "hello", "l", -2))~",
        R"~(probe("string", "find", "hello", "", 10))~",
        R"~(probe("string", "find", "hello", "", 0))~",
        R"~(probe("string", "find", "hello", "h", "1"))~",
        R"~(probe("string", "find", "hello", "l", 3.9))~",
        R"~(probe("string", "find", "a.b", ".", 1, true))~",
        R"~(probe("string", "find", "a+b", "+", 1, 1))~",
        R"~(probe("string", "find", "abc", "^b"))~",
        R"~(probe("string", "find", "abc", "^a"))~",
        R"~(probe("string", "find", "abc", "c$"))~",
        R"~(probe("string", "find", "a$c", "$c"))~",
        R"~(probe("string", "find", "abc", "(b)(c)"))~",
        R"~(probe("string", "find", "abc", "()b()"))~",
        R"~(probe("string", "find", "a\0b", "\0"))~",
        R"~(probe("string", "find", "a\0b", "%z"))~",
        R"~(probe("string", "find", "aXb", "a\0X"))~",
        R"~(probe("string", "find", 12345, 34))~",
        R"~(probe("string", "find", "x", "x", 2^40))~",
        // match: classes, sets, quantifiers, captures, back references, balance, frontier.
        R"~(probe("string", "match", "key = value", "(%w+)%s*=%s*(%w+)"))~",
        R"~(probe("string", "match", "  trim  ", "^%s*(.-)%s*$"))~",
        R"~(probe("string", "match", "2024-05-06", "(%d+)-(%d+)-(%d+)"))~",
        R"~(probe("string", "match", "aaa", "a-"))~",
        R"~(probe("string", "match", "aaa", "a-$"))~",
        R"~(probe("string", "match", "aaab", "a*b"))~",
        R"~(probe("string", "match", "b", "a?b"))~",
        R"~(probe("string", "match", "x]y", "[]]"))~",
        R"~(probe("string", "match", "x^y", "[%^]"))~",
        R"~(probe("string", "match", "a-b", "[a%-]+"))~",
        R"~(probe("string", "match", "abc123", "[^%d]+"))~",
        R"~(probe("string", "match", "Hello", "%u%l+"))~",
        R"~(probe("string", "match", "\1\2x", "%c+"))~",
        R"~(probe("string", "match", "a.,;b", "%p+"))~",
        R"~(probe("string", "match", "0xFF", "%x+", 3))~",
        R"~(probe("string", "match", "ab cd", "%S+%s%S+"))~",
        R"~(probe("string", "match", "a!b", "%g+"))~",
        R"~(probe("string", "match", "\200\201a", "[\200-\210]+"))~",
        R"~(probe("string", "match", "\200", "%a"))~",
        R"~(probe("string", "match", "abab", "(ab)%1"))~",
        R"~(probe("string", "match", "xx(a(b)c)yy", "%b()"))~",
        R"~(probe("string", "match", "THE (quick) fox", "%f[%a]%a+"))~",
        R"~(probe("string", "match", "aXb", "%f[%u]."))~",
        R"~(probe("string", "match", "abc", "((a)(b))"))~",
        R"~(probe("string", "match", "abc", "()"))~",
        R"~(probe("string", "match", "abc", "(()b)"))~",
        R"~(probe("string", "match", "aa", "()%1"))~",
        // errors: each message and where it is raised.
        R"~(probe("string", "find", "a", "%"))~",
        R"~(probe("string", "find", "a", "[a"))~",
        R"~(probe("string", "find", "a", "[%"))~",
        R"~(probe("string", "match", "a", "("))~",
        R"~(probe("string", "match", "a", ")"))~",
        R"~(probe("string", "match", "a", "%1"))~",
        R"~(probe("string", "match", "a", "(a%1)"))~",
        R"~(probe("string", "match", "a", "%0"))~",
        R"~(probe("string", "match", "a", "%b"))~",
        R"~(probe("string", "match", "a", "%ba"))~",
        R"~(probe("string", "match", "a", "%f"))~",
        R"~(probe("string", "match", "a", "%fa"))~",
        R"~(probe("string", "match", "a", string.rep("(", 40)))~",
        R"~(probe("string", "match", string.rep("a", 300), string.rep("a?", 300)))~",
        R"~(probe("string", "find", nil, "a"))~",
        R"~(probe("string", "find", "a"))~",
        R"~(probe("string", "find", "a", "a", {}))~",
        R"~(probe("string", "match", {}, "a"))~",
        R"~(probe("string", "gmatch"))~",
        R"~(probe("string", "gsub", "a", "a"))~",
        R"~(probe("string", "gsub", "a", "a", true))~",
        R"~(probe("string", "gsub", "a", "a", "x", "y"))~",
        // gmatch.
        R"~(probeGmatch("one two  three", "%a+"))~",
        R"~(probeGmatch("k1=v1, k2=v2", "(%w+)=(%w+)"))~",
        R"~(probeGmatch("abc", ""))~",
        R"~(probeGmatch("abc", "()"))~",
        R"~(probeGmatch("a1b2", "^%a"))~",
        R"~(probeGmatch("aaa", "a*"))~",
        R"~(probeGmatch("x", "%"))~",
        R"~(probeGmatch("x", "(x)(%1)"))~",
        // gsub: string, function and table replacements, counts, anchors, %-escapes in the replacement.
        R"~(probe("string", "gsub", "hello world", "o", "0"))~",
        R"~(probe("string", "gsub", "hello", "", "-"))~",
        R"~(probe("string", "gsub", "hello world", "(%w+)", "<%1>"))~",
        R"~(probe("string", "gsub", "abc", "%w", "%0%0"))~",
        R"~(probe("string", "gsub", "abc", "%w", "%%"))~",
        R"~(probe("string", "gsub", "abc", "%w", "%x"))~",
        R"~(probe("string", "gsub", "abc", "%w", "%"))~",
        R"~(probe("string", "gsub", "abc", "%w", "%2"))~",
        R"~(probe("string", "gsub", "abc", "(%w)", "%2"))~",
        R"~(probe("string", "gsub", "abc", "%w", "x", 2))~",
        R"~(probe("string", "gsub", "abc", "%w", "x", 0))~",
        R"~(probe("string", "gsub", "abc", "%w", "x", -1))~",
        R"~(probe("string", "gsub", "abc", "^%w", "x"))~",
        R"~(probe("string", "gsub", "abc", "%w", 7))~",
        R"~(probe("string", "gsub", "abc", "%w", "x", 2^32 + 1))~",
        R"~(probe("string", "gsub", "a b", "%w", "x", "1"))~",
        R"~(probeGsubFunction("a1 b2", "(%a)(%d)"))~",
        R"~(probeGsubFunction("abc", "%w", 2))~",
        R"~(probeGsubFunction("abc", "()"))~",
        R"~(probeGsubTable("a1b", "%w"))~",
        R"~(probe("string", "gsub", "ab", "%w", { a = {} }))~",
        R"~(probe("string", "gsub", "ab", "%w", function() return {} end))~",
        R"~(probe("string", "gsub", "ab", "%w", function() error("inner") end))~",
        // rep.
        R"~(probe("string", "rep", "ab", 3))~",
        R"~(probe("string", "rep", "ab", 3, ", "))~",
        R"~(probe("string", "rep", "ab", 1, ","))~",
        R"~(probe("string", "rep", "ab", 0, ","))~",
        R"~(probe("string", "rep", "ab", -1))~",
        R"~(probe("string", "rep", "", 5, "-"))~",
        R"~(probe("string", "rep", "", 5))~",
        R"~(probe("string", "rep", 12, 2, 3))~",
        R"~(probe("string", "rep", "x", "3"))~",
        R"~(probe("string", "rep", "x", 2.7))~",
        R"~(probe("string", "rep", "x", 2^31))~",
        R"~(probe("string", "rep", "x", 0/0))~",
        R"~(probe("string", "rep", "x", 3e9))~",
        R"~(probe("string", "rep", "x", 2^40 + 2))~",
        R"~(probe("string", "rep"))~",
        R"~(probe("string", "rep", "x"))~",
        R"~(probe("string", "rep", "x", {}))~",
        R"~(probe("string", "rep", "x", 2, {}))~",
        R"~(probe("string", "rep", "x", 2, nil))~",
        R"~(probe("string", "rep", "xy", 2^30))~",
        // table.concat.
        R"~(probe("table", "concat", { 1, 2, 3 }))~",
        R"~(probe("table", "concat", { 1, "b", 3.5 }, ", "))~",
        R"~(probe("table", "concat", { 1, 2, 3 }, "-", 2))~",
        R"~(probe("table", "concat", { 1, 2, 3 }, "-", 2, 3))~",
        R"~(probe("table", "concat", { 1, 2, 3 }, "-", 3, 2))~",
        R"~(probe("table", "concat", { 1, 2, 3 }, 0))~",
        R"~(probe("table", "concat", { 1, {}, 3 }))~",
        R"~(probe("table", "concat", { 1, 2 }, "", 1, 3))~",
        R"~(probe("table", "concat", { 1e100, -0.0, 1/0, 0.1 }))~",
        R"~(probe("table", "concat", {}, "x"))~",
        R"~(probe("table", "concat", { "a" }, {}))~",
        R"~(probe("table", "concat", "x"))~",
        R"~(probe("table", "concat"))~",
        R"~(probe("table", "concat", { 1, 2 }, nil, "2"))~",
        R"~(probe("table", "concat", { true }))~",
        R"~(probe("table", "concat", setmetatable({}, { __index = function() return "m" end }), "", 1, 2))~",
        // format: LuaJIT's own behind the charge; its errors as if called directly (names, positions, methods).
        R"~(probe("string", "format", "%d %s %5.2f %q", 3, "x", 1.5, "a\n"))~",
        R"~(probe("string", "format", "%d", "x"))~",
        R"~(probe("string", "format", "%y", 1))~",
        R"~(probe("string", "format", "%d"))~",
        R"~(probe("string", "format"))~",
        R"~(probe("string", "format", "%s", setmetatable({}, { __tostring = function() return "T" end })))~",
        R"~(probe("string", "format", "%s", setmetatable({}, { __tostring = function() error("ts") end })))~",
        R"~(probe("string", "format", "%10.123f", 1))~",
        R"~(probeMethodFormat("%d", {}))~",
        R"~(probeMethodFormat("%d", 5))~",
    };
    for (const char* call : calls) same(call);
}

// Seeded random patterns over a small alphabet: short subjects keep even backtracking patterns quick in LuaJIT.
TEST_F(PatternParity, RandomPatternsAndSubjects) {
    const char* const items[] = {"a",      "b",     ".",  "%a", "%d", "%s", "%w",    "%p", "%A", "%z", "[ab]", "[^a]",
                                 "[a-c]",  "[%d_]", "%%", "%.", "%(", "%]", "x",     " ",  "(",  ")",  "()",   "%b()",
                                 "%f[%w]", "%1",    "%2", "[",  "%",  "]",  "<nul>", "-",  "*",  "?",  "^",    "$"};
    const char* const quantifiers[] = {"", "", "", "*", "+", "-", "?"};
    const char alphabet[] = "ab ()1_%.xA-";
    Pcg32 rng(20240515, 7);
    for (int round = 0; round < 1500; ++round) {
        std::string pattern;
        if (rng.below(6) == 0) pattern += "^";
        const std::uint32_t n = rng.below(6);
        for (std::uint32_t i = 0; i < n; ++i) {
            const std::string item = items[rng.below(std::size(items))];
            pattern += item == "<nul>" ? std::string(1, '\0') : item;
            pattern += quantifiers[rng.below(std::size(quantifiers))];
        }
        if (rng.below(6) == 0) pattern += "$";
        std::string subject;
        const std::uint32_t len = rng.below(11);
        for (std::uint32_t i = 0; i < len; ++i) subject += rng.below(20) == 0 ? '\0' : alphabet[rng.below(12)];
        const std::string s = literal(subject), p = literal(pattern);
        const char* const inits[] = {"nil", "1", "2", "-1", "-3", "0", "20"};
        const std::string init = inits[rng.below(std::size(inits))];
        switch (rng.below(5)) {
            case 0:
                same("probe('string', 'find', " + s + ", " + p + ", " + init + ")");
                break;
            case 1:
                same("probe('string', 'match', " + s + ", " + p + ", " + init + ")");
                break;
            case 2:
                same("probeGmatch(" + s + ", " + p + ")");
                break;
            case 3: {
                const char* const repls[] = {"'%0'", "'%1'", "'<%2>'", "'%%'", "'x'", "''", "'%'"};
                same("probe('string', 'gsub', " + s + ", " + p + ", " + repls[rng.below(std::size(repls))] + ")");
                break;
            }
            default:
                same("probeGsubFunction(" + s + ", " + p + ", " + (rng.below(2) ? "nil" : "2") + ")");
                break;
        }
    }
}

}  // namespace
}  // namespace vestige::source::glua
