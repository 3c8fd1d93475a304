// GLua syntax translator: each construct, each inside strings/long strings/comments, continue in
// every loop kind, and exact line preservation (checked by loading and running through LuaJIT).
#include "vestige/source/glua/translator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <lua.hpp>
#include <string>

namespace vestige::source::glua {
namespace {

std::size_t newlines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

// Translates, runs in a bare LuaJIT state and returns tostring of the first result (or the error).
std::string run(const std::string& glua) {
    const std::string lua = translate(glua);
    EXPECT_EQ(newlines(lua), newlines(glua)) << lua;
    lua_State* L = luaL_newstate();
    luaL_openlibs(L);
    std::string out;
    if (luaL_loadbuffer(L, lua.data(), lua.size(), "=t") != 0 || lua_pcall(L, 0, 1, 0) != 0) {
        out = std::string("ERR: ") + lua_tostring(L, -1);
    } else {
        lua_getglobal(L, "tostring");
        lua_pushvalue(L, -2);
        lua_call(L, 1, 1);
        out = lua_tostring(L, -1);
    }
    lua_close(L);
    return out;
}

TEST(GluaTranslator, Operators) {
    EXPECT_EQ(run("return 1 != 2"), "true");
    EXPECT_EQ(run("return 1 != 1"), "false");
    EXPECT_EQ(run("return !false"), "true");
    EXPECT_EQ(run("local x = nil return !x"), "true");
    EXPECT_EQ(run("return true && false"), "false");
    EXPECT_EQ(run("return false || 7"), "7");
    EXPECT_EQ(run("return 1 ~= 2"), "true");  // standard form untouched
    EXPECT_EQ(run("return !(1 != 1) && (2 > 1 || false)"), "true");
    EXPECT_EQ(run("local a=!!1 return a"), "true");
}

TEST(GluaTranslator, Comments) {
    EXPECT_EQ(run("local x = 5 // comment\nreturn x"), "5");
    EXPECT_EQ(run("local x = /* inline */ 6 return x"), "6");
    EXPECT_EQ(run("local x = 1 /* multi\nline\ncomment */ return x"), "1");
    EXPECT_EQ(run("local x = 3//[[ not a long comment\nreturn x"), "3");
    EXPECT_EQ(run("return 2/*a*/+/*b*/3"), "5");
    EXPECT_EQ(run("return 8 / 2"), "4");                              // division is not a comment
    EXPECT_EQ(run("local x = 1 /* unterminated\nreturn 99"), "nil");  // runs to EOF, as GMod
}

TEST(GluaTranslator, StringsAndCommentsUntouched) {
    EXPECT_EQ(run("return \"a != b && c || !d // e /* f */ continue\""), "a != b && c || !d // e /* f */ continue");
    EXPECT_EQ(run("return 'http://x'"), "http://x");
    EXPECT_EQ(run("return \"esc \\\" != \""), "esc \" != ");
    EXPECT_EQ(run("return [[a != b // c]]"), "a != b // c");
    EXPECT_EQ(run("return [==[x ]] != ]=] && y]==]"), "x ]] != ]=] && y");
    EXPECT_EQ(run("-- x = !y && z || w != v\nreturn 1"), "1");
    EXPECT_EQ(run("--[[ a != b\n && c ]] return 4"), "4");
    EXPECT_EQ(run("--[==[ ]] && ]==] return 5"), "5");
    EXPECT_EQ(run("-- [[ not long\nreturn 6"), "6");
    // Translation keeps the bytes of string contents exactly.
    const std::string src = "local s = \"!= && || // /* */ continue !\" local t = [[!=\n&&]]";
    EXPECT_NE(translate(src).find("\"!= && || // /* */ continue !\""), std::string::npos);
    EXPECT_NE(translate(src).find("[[!=\n&&]]"), std::string::npos);
}

TEST(GluaTranslator, ContinueInEveryLoopKind) {
    EXPECT_EQ(run("local s = 0 for i = 1, 10 do if i % 2 == 0 then continue end s = s + i end return s"), "25");
    EXPECT_EQ(run("local s = 0 for _, v in ipairs({1,2,3,4}) do if v == 3 then continue end s = s + v end return s"),
              "7");
    EXPECT_EQ(run("local s, i = 0, 0 while i < 10 do i = i + 1 if i > 3 then continue end s = s + i end return s"),
              "6");
    EXPECT_EQ(run("local s, i = 0, 0 repeat i = i + 1 if i == 2 then continue end s = s + i until i >= 4 return s"),
              "8");
}

TEST(GluaTranslator, ContinueWithLocalsAfterIt) {
    // A local declared after the goto: the body is wrapped so the jump never enters its scope.
    EXPECT_EQ(run("local s = 0 for i = 1, 5 do if i == 3 then continue end local d = i * 2 s = s + d end return s"),
              "24");
    EXPECT_EQ(run("local s, i = 0, 0 while i < 5 do i = i + 1 if i == 1 then continue end local k = i s = s + k end "
                  "return s"),
              "14");
    EXPECT_EQ(run("local s, i = 0, 0 repeat i = i + 1 if i == 2 then continue end local k = i s = s + k until i >= 3 "
                  "return s"),
              "4");
    // `until` still sees body locals declared before the continue.
    EXPECT_EQ(run("local n = 0 repeat local stop = n >= 3 n = n + 1 if n == 2 then continue end until stop return n"),
              "4");
}

TEST(GluaTranslator, ContinueNested) {
    EXPECT_EQ(run("local s = 0 for i = 1, 3 do for j = 1, 3 do if j == 2 then continue end s = s + j end "
                  "if i == 2 then continue end s = s + 100 end return s"),
              "212");
    // continue inside a function inside a loop refers to the function's own loop.
    EXPECT_EQ(run("local s = 0 for i = 1, 2 do local f = function() local c = 0 for k = 1, 4 do if k % 2 == 1 "
                  "then continue end c = c + k end return c end s = s + f() end return s"),
              "12");
    EXPECT_EQ(run("local t = {continue = 5} return t.continue"), "5");  // a field name stays a field
}

TEST(GluaTranslator, LineNumbersMatchSource) {
    const std::string src =
        "local a = 1 /* one\ntwo\nthree */\n// c\nfor i = 1, 2 do\n  if i == 1 then continue end\n"
        "  local x = nil\n  x.boom = 1\nend\n";
    const std::string out = run(src);
    EXPECT_EQ(out, "ERR: t:8: attempt to index local 'x' (a nil value)");
}

TEST(GluaTranslator, Shebang) {
    EXPECT_EQ(run("#!/usr/bin/env glua\nreturn 3"), "3");
    EXPECT_EQ(translate("#t, 1"), "#t, 1");
    EXPECT_EQ(translate("2repeat l"), "2repeat l");  // fuzz: a number at offset 0 (read before the buffer)  // a length
                                                     // operator at offset 0 is not a shebang
}

TEST(GluaTranslator, DefineBaseclassMacro) {
    EXPECT_EQ(translate("DEFINE_BASECLASS( \"drive_base\" )"), "local BaseClass = baseclass.Get( \"drive_base\" )");
    EXPECT_EQ(translate("x = 'DEFINE_BASECLASS'"), "x = 'DEFINE_BASECLASS'");
}

TEST(GluaTranslator, Stats) {
    TranslateStats st;
    (void)translate("if a != b && !c || d then end // x\n/* y */ for i=1,2 do continue end", &st);
    EXPECT_EQ(st.operators, 4);
    EXPECT_EQ(st.comments, 2);
    EXPECT_EQ(st.continues, 1);
}

}  // namespace
}  // namespace vestige::source::glua
