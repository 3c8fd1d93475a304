#pragma once
// Trace sink: one JSON Lines event per (tick, phase, subsystem, payload), folded into a rolling
// 64-bit hash. Two runs with the same inputs must give the same hash; a mismatch is found by
// diffing the two JSONL files. The payload is a pre-rendered JSON value (object/number/string)
// so that this header stays free of a JSON library.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace vestige {

class TraceSink {
public:
    using LineWriter = std::function<void(std::string_view line)>;
    TraceSink() = default;
    explicit TraceSink(LineWriter writer) : mWriter(std::move(writer)) {}

    // payloadJson must be valid JSON (callers render floats with formatFloat for stable text).
    void event(std::uint64_t tick, std::string_view phase, std::string_view subsystem, std::string_view payloadJson);
    [[nodiscard]] std::uint64_t hash() const { return mHash; }
    [[nodiscard]] std::string hashHex() const;
    [[nodiscard]] std::uint64_t count() const { return mCount; }

    // Shortest decimal text that round-trips the float exactly ("0.1", "-0", "1e+30"); NaN/Inf as strings.
    static std::string formatFloat(float v);

private:
    LineWriter mWriter;
    std::uint64_t mHash = 0xcbf29ce484222325ULL;
    std::uint64_t mCount = 0;
};

}  // namespace vestige
