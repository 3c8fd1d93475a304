// Fuzz net's reading side: a client's message (Runtime::receiveNetMessage) is untrusted bits. The first bytes pick
// a sequence of net.Read* calls a receiver makes; the rest is the message, with a bit count that may stop mid-byte.
// Reads past the end return zeros (as bf_read does); crashes, sanitizer reports and aborts are the failures.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "vestige/source/glua/runtime.hpp"

namespace {

using vestige::source::glua::Options;
using vestige::source::glua::Runtime;

constexpr const char* kReads[] = {"net.ReadBit()",    "net.ReadUInt(7)",  "net.ReadUInt(32)", "net.ReadInt(13)",
                                  "net.ReadFloat()",  "net.ReadDouble()", "net.ReadString()", "net.ReadData(9)",
                                  "net.ReadVector()", "net.ReadAngle()",  "net.ReadNormal()", "net.ReadUInt64()",
                                  "net.BytesLeft()",  "net.ReadHeader()"};
constexpr std::size_t kReadCount = sizeof(kReads) / sizeof(kReads[0]);
constexpr std::size_t kPlan = 8;  // bytes of the read plan

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < kPlan + 1 || size > 4096) return 0;
    Options opt;
    opt.instructionBudget = 0;
    opt.memoryLimit = std::size_t(64) << 20;
    opt.output = [](std::string_view) {};
    auto r = Runtime::create(std::move(opt));
    if (!r || !(*r)->boot().ok()) std::abort();
    auto& rt = **r;
    rt.tick();
    std::string code = "function net.Incoming(len, ply) ";
    for (std::size_t i = 0; i < kPlan; ++i)
        code += std::string("pcall(function() return ") + kReads[data[i] % kReadCount] + " end) ";
    code += "end";
    if (!rt.runString(code, "fuzz.lua").ok()) std::abort();
    const std::vector<std::uint8_t> message(data + kPlan + 1, data + size);
    const std::uint64_t bits = message.size() * 8 - (message.empty() ? 0 : data[kPlan] % 8);
    (void)rt.receiveNetMessage(message, bits, 1);
    return 0;
}
