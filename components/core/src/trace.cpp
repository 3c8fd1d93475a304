#include "vestige/core/trace.hpp"

#include <fmt/format.h>

#include <cmath>

#include "vestige/core/rng.hpp"
#include "vestige/core/text.hpp"

namespace vestige {

void TraceSink::event(std::uint64_t tick, std::string_view phase, std::string_view subsystem, std::string_view payloadJson) {
    const std::string line = fmt::format(R"({{"tick":{},"phase":"{}","subsystem":"{}","payload":{}}})", tick,
                                         jsonEscape(phase), jsonEscape(subsystem), payloadJson);
    // Rolling hash: each line is hashed on top of the previous state, so order matters.
    mHash = fnv1a64(line, mHash);
    mHash = fnv1a64("\n", mHash);
    ++mCount;
    if (mWriter) mWriter(line);
}

std::string TraceSink::hashHex() const { return fmt::format("{:016x}", mHash); }

std::string TraceSink::formatFloat(float v) {
    if (std::isnan(v)) return "\"nan\"";
    if (std::isinf(v)) return v > 0 ? "\"inf\"" : "\"-inf\"";
    return fmt::format("{}", v);  // fmt prints the shortest round-tripping representation
}

}  // namespace vestige
