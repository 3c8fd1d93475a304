#pragma once
// GLua -> Lua 5.1/LuaJIT source translation, done on tokens before luaL_loadbuffer.
//
//   GLua        emitted            notes
//   a != b      a ~= b
//   !a          " not a"           spaces keep tokens apart
//   a && b      a  and  b
//   a || b      a  or  b
//   // text     -- text            a '[' right after is split off so it never opens a long comment
//   /* ... */   spaces             every newline of the body is kept
//   continue    goto __vestige_continue_N   label at the end of the innermost loop body
//   #!...       -- !...            shebang on line 1
//   DEFINE_BASECLASS("x")  local BaseClass = baseclass.Get("x")   (GMod's loader macro)
//
// Strings, long strings and comments are copied untouched, and the output has exactly the
// newlines of the input, so error lines refer to the original source. Loop bodies that use
// `continue` are wrapped as `do <body> end ::label::` so the goto never jumps into the scope of
// a local declared after it; `repeat` bodies are only wrapped when such a local exists (the
// wrap hides body locals from `until`, which GMod itself leaves undefined).
#include <string>
#include <string_view>

namespace vestige::source::glua {

struct TranslateStats {
    int continues = 0;       // `continue` statements rewritten
    int operators = 0;       // != ! && || rewritten
    int comments = 0;        // // and /* */ comments rewritten
};

// Never fails: input that is not valid Lua stays invalid and the Lua loader reports it.
[[nodiscard]] std::string translate(std::string_view source, TranslateStats* stats = nullptr);

}  // namespace vestige::source::glua
