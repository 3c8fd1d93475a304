// Fuzz the native fast paths (ffi Vector/Angle, entity handles, debug guards) in JIT mode: every input byte
// picks an operation on a pool of values (vectors, angles, entities, NULL, removed entities, numbers with
// nan/inf, strings, tables, nil). The generated script is straight-line code (no loops, so JIT mode needs no
// budget), each operation under pcall. Lua errors are fine; crashes, sanitizer reports and aborts are not.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "vestige/source/glua/runtime.hpp"

namespace {

using vestige::source::glua::Options;
using vestige::source::glua::Runtime;

constexpr const char* kValues[] = {"Vector(1, 2, 3)",
                                   "Vector(0/0, 1/0, -1/0)",
                                   "Angle(90, 45, -30)",
                                   "Angle()",
                                   "Entity(1)",
                                   "NULL",
                                   "ents.Create('prop')",
                                   "dead",
                                   "0",
                                   "-1e300",
                                   "0/0",
                                   "'1 2 3'",
                                   "'x'",
                                   "{}",
                                   "nil",
                                   "true",
                                   "FindMetaTable('Vector')",
                                   "newproxy()",
                                   "Vector",
                                   "Entity(0)"};
constexpr const char* kOps[] = {"P[a] = P[b] + P[c]",
                                "P[a] = P[b] - P[c]",
                                "P[a] = P[b] * P[c]",
                                "P[a] = P[b] / P[c]",
                                "P[a] = -P[b]",
                                "P[a] = P[b] == P[c]",
                                "P[a] = P[b] .. P[c]",
                                "P[a] = tostring(P[b])",
                                "P[a] = P[b][P[c]]",
                                "P[b][P[c]] = P[a]",
                                "P[a] = P[b].x",
                                "P[a] = P[b].pitch",
                                "P[b].y = P[c]",
                                "P[a] = P[b]:Length()",
                                "P[b]:Normalize()",
                                "P[a] = P[b]:GetNormalized()",
                                "P[a] = P[b]:Cross(P[c])",
                                "P[a] = P[b]:Dot(P[c])",
                                "P[a] = P[b]:Angle()",
                                "P[a] = P[b]:Forward()",
                                "P[b]:Rotate(P[c])",
                                "P[b]:Set(P[c])",
                                "P[a] = P[b]:ToTable()",
                                "P[a] = P[b]:GetPos()",
                                "P[b]:SetPos(P[c])",
                                "P[b]:SetAngles(P[c])",
                                "P[a] = P[b]:GetAngles()",
                                "P[b]:Remove()",
                                "P[a] = Vector(P[b], P[c], P[a])",
                                "P[a] = Angle(P[b])",
                                "P[a] = type(P[b])",
                                "P[a] = TypeID(P[b])",
                                "P[a] = getmetatable(P[b])",
                                "P[a] = debug.getupvalue(P[b], 1)",
                                "P[a] = debug.getmetatable(P[b])",
                                "debug.setmetatable(P[b], P[c])",
                                "P[a] = isvector(P[b])",
                                "P[a] = P[b]:IsEqualTol(P[c], P[a])",
                                "P[a] = ents.FindInSphere(P[b], 100)",
                                "P[a] = util.TraceLine({start = P[b], endpos = P[c]})",
                                "P[b]:SetNWVector('k', P[c])",
                                "P[a] = P[b]:GetNWVector('k')",
                                "P[a] = P[b]:WithinAABox(P[c], P[a])",
                                "hook.Add('F', P[b], function(...) return P[c] end)",
                                "P[a] = hook.Run('F', P[b], P[c])",
                                "hook.Remove('F', P[b])",
                                "P[a] = debug.getinfo(P[b]) and 1",
                                "P[b]:FireBullets({Src = P[c], Dir = P[a], Num = 3, Spread = P[c], Damage = P[a]})",
                                "P[b]:FireBullets({Dir = P[c], Callback = function() return P[a] end})",
                                "P[b]:ViewPunch(P[c])",
                                "P[a] = P[b]:GetViewPunchAngles()"};
constexpr std::size_t kPool = sizeof(kValues) / sizeof(kValues[0]);
constexpr std::size_t kOpCount = sizeof(kOps) / sizeof(kOps[0]);

// A fresh runtime per input: operations such as debug.setmetatable change global state, and a crash must
// reproduce from its own input.
std::unique_ptr<Runtime> makeRuntime() {
    Options opt;
    opt.instructionBudget = 0;  // JIT mode: the ffi representation
    opt.memoryLimit = std::size_t(64) << 20;
    opt.output = [](std::string_view) {};
    auto r = Runtime::create(std::move(opt));
    if (!r || !(*r)->boot().ok()) std::abort();
    (*r)->tick();
    return std::move(*r);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0;
    std::string code = "local dead = ents.Create('gone') dead:Remove() local P = {";
    for (std::size_t i = 0; i < kPool; ++i) code += std::string(kValues[i]) + ",";
    code += "}\n";
    for (std::size_t i = 0; i + 3 < size; i += 4) {
        std::string op = kOps[data[i] % kOpCount];
        const char* names[] = {"a", "b", "c"};
        for (int k = 0; k < 3; ++k) {
            const std::string idx = std::to_string(data[i + 1 + k] % kPool + 1);
            for (std::size_t pos; (pos = op.find(std::string("P[") + names[k] + "]")) != std::string::npos;)
                op.replace(pos, 4, "P[" + idx + "]");
        }
        code += "pcall(function() " + op + " end)\n";
    }
    auto rt = makeRuntime();
    (void)rt->runString(code, "fuzz.lua");
    rt->tick();
    return 0;
}
