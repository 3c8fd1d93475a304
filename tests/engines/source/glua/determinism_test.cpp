// tostring() of a table, function, userdata or thread shows its heap address, as in GMod (LuaJIT's "table: 0x...").
// Addresses differ between runs, so they must never feed the session's determinism trace: two runs whose scripts
// print addresses every tick (and whose heaps are laid out differently) print different text but give the same
// trace hash. A regression guard of our own design (the rule is the project's, principle 5), not a GMod number.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "glua_fixture.hpp"

namespace vestige::source::glua {
namespace {

constexpr const char* kScript = R"lua(
local seen = {}
hook.Add("Think", "addresses", function()
    local t, u, co = {}, newproxy(), coroutine.create(function() end)
    seen[#seen + 1] = t
    print(tostring(t), tostring(print), tostring(u), tostring(co), tostring(seen))
    if engine.TickCount() % 3 == 0 then
        local e = ents.Create("prop_physics")
        e:SetPos(Vector(engine.TickCount(), #seen, 0.25))
    end
end)
timer.Create("every", 0.03, 0, function() print("timer", tostring({})) end)
)lua";

struct Session {
    std::string output;
    std::vector<std::string> lines;
    std::uint64_t hash = 0;
};

Session runOnce(std::size_t padding) {
    Session out;
    TraceSink sink([&out](std::string_view line) { out.lines.emplace_back(line); });
    std::vector<std::string> heapPadding(padding, std::string(200, 'p'));  // shifts where malloc puts the heap
    Options opt;
    opt.output = [&out](std::string_view s) { out.output.append(s); };
    opt.traceSink = &sink;
    auto rt = bootRuntime(std::move(opt));
    EXPECT_TRUE(rt->runString(kScript, "lua/autorun/addresses.lua").ok());
    rt->runTicks(12);
    EXPECT_TRUE(rt->errors().empty()) << renderErrors(*rt);
    out.hash = sink.hash();
    return out;
}

TEST(GluaDeterminism, HeapAddressesNeverReachTheTraceHash) {
    const Session a = runOnce(0);
    const Session b = runOnce(5000);
    ASSERT_NE(a.output.find("table: 0x"), std::string::npos) << a.output.substr(0, 200);
    EXPECT_NE(a.output, b.output) << "the two runs print different addresses";
    ASSERT_EQ(a.lines.size(), 13u) << "one boot event and one per tick";
    EXPECT_EQ(a.lines, b.lines);
    EXPECT_EQ(a.hash, b.hash);
    for (const auto& line : a.lines) EXPECT_EQ(line.find("0x"), std::string::npos) << line;
    // The trace does follow the session: the entities the script made, the timer's fires.
    EXPECT_NE(a.lines.back().find(R"("prop_physics")"), std::string::npos) << a.lines.back();
    EXPECT_NE(a.lines[2].find(R"("timers":["every"])"), std::string::npos) << a.lines[2];
}

}  // namespace
}  // namespace vestige::source::glua
