// Differential fuzz of the budget mode's pattern matcher (src/pattern.cpp) against LuaJIT's: the input is
// "<pattern>\n<subject>" (the first byte picks find, match, gmatch or gsub); both runtimes run the call under pcall
// and must render the same results or the same error. Ours runs first with a small budget: a pattern that backtracks
// past it is skipped, so LuaJIT (which has no limit) is only given calls that end quickly.
//
// The reference state runs LuaJIT's interpreter (jit.off): its string functions are the same C code either way, and
// the trace recorder keeps its IR buffer through a pointer biased below the block, which LeakSanitizer cannot see;
// libFuzzer's per-input leak check then reports the buffer whenever it grows (2048 bytes on CI), on a state that
// lives across inputs.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "vestige/source/glua/runtime.hpp"

namespace {

using vestige::source::glua::Options;
using vestige::source::glua::Runtime;

constexpr const char* kProbe = R"lua(
local function show(v)
    if type(v) ~= "string" then return type(v) .. ":" .. tostring(v) end
    local out = "s:"
    for i = 1, #v do out = out .. v:byte(i) .. "," end
    return out
end
local function render(ok, ...)
    local out = tostring(ok)
    for i = 1, select("#", ...) do out = out .. "|" .. show((select(i, ...))) end
    return out
end
function probe(kind, s, p)
    if kind == 0 then return render(pcall(string.find, s, p)) end
    if kind == 1 then return render(pcall(string.match, s, p, 2)) end
    if kind == 2 then return render(pcall(string.gsub, s, p, "<%0%1>", 4)) end
    return render(pcall(function()
        local out, n = "", 0
        for a, b in string.gmatch(s, p) do
            out = out .. show(a) .. show(b) .. ";"
            n = n + 1
            if n > 20 then break end
        end
        return out
    end))
end
)lua";

std::unique_ptr<Runtime> makeRuntime(std::uint64_t budget) {
    // budget 0 is the JIT mode; its compiler is turned off below (see the top of the file).
    Options opt;
    opt.instructionBudget = budget;
    opt.timeLimit = 0;
    opt.memoryLimit = std::size_t(64) << 20;
    opt.output = [](std::string_view) {};
    auto r = Runtime::create(std::move(opt));
    if (!r || (budget == 0 && !(*r)->runString("jit.off()", "jit_off.lua").ok())) std::abort();
    if (!(*r)->boot().ok() || !(*r)->runString(kProbe, "probe.lua").ok()) std::abort();
    if (budget == 0 && !(*r)->runString("assert(not jit.status())", "jit_check.lua").ok()) std::abort();
    return std::move(*r);
}

// The probe's rendering of one call; `limited` when the budget ended it.
std::string probe(Runtime& rt, int kind, const std::string& s, const std::string& p, bool* limited) {
    std::string code = "probe(" + std::to_string(kind) + ", \"";
    for (unsigned char c : s) code += "\\" + std::to_string(c);
    code += "\", \"";
    for (unsigned char c : p) code += "\\" + std::to_string(c);
    code += "\")";
    const std::size_t errors = rt.errors().size();
    auto r = rt.eval(code, "fuzz");
    *limited = rt.errors().size() > errors;
    return r ? *r : std::string();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2 || size > 160) return 0;
    const std::string input(reinterpret_cast<const char*>(data + 1), size - 1);
    const auto cut = input.find('\n');
    const std::string p = input.substr(0, cut), s = cut == std::string::npos ? "" : input.substr(cut + 1);
    const int kind = data[0] % 4;
    static std::unique_ptr<Runtime> ours, luajit;
    if (!ours || ours->errors().size() > 10000) ours = makeRuntime(2'000'000);
    if (!luajit) luajit = makeRuntime(0);
    bool limited = false;
    const std::string mine = probe(*ours, kind, s, p, &limited);
    if (limited) return 0;  // past the budget: LuaJIT might run for minutes
    bool unused = false;
    const std::string theirs = probe(*luajit, kind, s, p, &unused);
    if (mine != theirs) __builtin_trap();
    return 0;
}
