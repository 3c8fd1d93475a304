// TraceSink: JSON Lines, rolling hash sensitive to content and order, stable float text.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "vestige/core/rng.hpp"
#include "vestige/core/trace.hpp"

namespace vestige {
namespace {

struct Event {
    std::uint64_t tick;
    const char* phase;
    const char* subsystem;
    const char* payload;
};

const Event kEvents[] = {
    {0, "pre", "physics", R"({"x":1})"},
    {1, "post", "ai", R"("go")"},
    {1, "post", "net", "42"},
};

TraceSink run(const std::vector<Event>& events, std::vector<std::string>* lines = nullptr) {
    TraceSink sink;
    if (lines) sink = TraceSink([lines](std::string_view l) { lines->emplace_back(l); });
    for (const auto& e : events) sink.event(e.tick, e.phase, e.subsystem, e.payload);
    return sink;
}

TEST(TraceSink, EmptyHashIsTheFnvBasis) {
    TraceSink sink;
    EXPECT_EQ(sink.hash(), 0xcbf29ce484222325ull);
    EXPECT_EQ(sink.hashHex(), "cbf29ce484222325");
    EXPECT_EQ(sink.count(), 0u);
}

TEST(TraceSink, SameEventsSameHash) {
    const std::vector<Event> events(std::begin(kEvents), std::end(kEvents));
    const auto a = run(events);
    const auto b = run(events);
    EXPECT_EQ(a.hash(), b.hash());
    EXPECT_EQ(a.count(), 3u);
    // Pinned: the hash is a cross-run, cross-platform contract.
    const auto two = run({kEvents[0], kEvents[1]});
    EXPECT_EQ(two.hashHex(), "64da3d4b2518febb");
    EXPECT_EQ(two.hashHex().size(), 16u);
}

TEST(TraceSink, OrderAndContentChangeTheHash) {
    const auto base = run({kEvents[0], kEvents[1], kEvents[2]});
    EXPECT_NE(base.hash(), run({kEvents[1], kEvents[0], kEvents[2]}).hash());
    EXPECT_NE(base.hash(), run({kEvents[0], kEvents[2], kEvents[1]}).hash());
    EXPECT_NE(base.hash(), run({kEvents[0], kEvents[1]}).hash());
    EXPECT_NE(base.hash(), run({kEvents[0], kEvents[1], kEvents[2], kEvents[2]}).hash());
    EXPECT_NE(base.hash(), run({kEvents[0], kEvents[1], {1, "post", "net", "43"}}).hash());
    EXPECT_NE(base.hash(), run({kEvents[0], kEvents[1], {2, "post", "net", "42"}}).hash());
    // Field boundaries are part of the line: moving a character between fields changes the hash.
    EXPECT_NE(run({{0, "ab", "c", "1"}}).hash(), run({{0, "a", "bc", "1"}}).hash());
}

TEST(TraceSink, WritesOneJsonObjectPerLine) {
    std::vector<std::string> lines;
    const auto sink = run({kEvents[0], kEvents[1], {7, "ph\"ase", "sub\\sys\n", "[1,2]"}}, &lines);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0], R"({"tick":0,"phase":"pre","subsystem":"physics","payload":{"x":1}})");
    for (const auto& l : lines) {
        EXPECT_EQ(l.find('\n'), std::string::npos);
        const auto j = nlohmann::json::parse(l, nullptr, false);
        ASSERT_FALSE(j.is_discarded()) << l;
    }
    const auto j = nlohmann::json::parse(lines[2]);
    EXPECT_EQ(j.at("tick"), 7);
    EXPECT_EQ(j.at("phase"), "ph\"ase");
    EXPECT_EQ(j.at("subsystem"), "sub\\sys\n");
    EXPECT_EQ(j.at("payload"), nlohmann::json::array({1, 2}));
    EXPECT_EQ(sink.count(), 3u);
}

TEST(TraceSink, HashIsFnvOverTheLines) {
    std::vector<std::string> lines;
    const auto sink = run({kEvents[0], kEvents[1]}, &lines);
    std::string all;
    for (const auto& l : lines) all += l + "\n";
    EXPECT_EQ(sink.hash(), fnv1a64(all)) << "the JSONL file's FNV-1a equals the rolling hash";
}

TEST(TraceSink, FormatFloatKnownValues) {
    EXPECT_EQ(TraceSink::formatFloat(0.1f), "0.1");
    EXPECT_EQ(TraceSink::formatFloat(-0.0f), "-0");
    EXPECT_EQ(TraceSink::formatFloat(0.0f), "0");
    EXPECT_EQ(TraceSink::formatFloat(1e30f), "1e+30");
    EXPECT_EQ(TraceSink::formatFloat(1.5f), "1.5");
    EXPECT_EQ(TraceSink::formatFloat(16777216.0f), "16777216");
    EXPECT_EQ(TraceSink::formatFloat(std::numeric_limits<float>::quiet_NaN()), "\"nan\"");
    EXPECT_EQ(TraceSink::formatFloat(-std::numeric_limits<float>::quiet_NaN()), "\"nan\"");
    EXPECT_EQ(TraceSink::formatFloat(std::numeric_limits<float>::infinity()), "\"inf\"");
    EXPECT_EQ(TraceSink::formatFloat(-std::numeric_limits<float>::infinity()), "\"-inf\"");
}

TEST(TraceSink, FormatFloatRoundTripsAndIsValidJson) {
    Pcg32 rng(99, 1);
    int checked = 0;
    for (int i = 0; i < 100000; ++i) {
        std::uint32_t bits = rng.next();
        if (i < 64) bits = (i & 1 ? 0x80000000u : 0u) | static_cast<std::uint32_t>(i);  // denormals near zero
        const float f = std::bit_cast<float>(bits);
        const std::string text = TraceSink::formatFloat(f);
        if (!std::isfinite(f)) continue;
        ++checked;
        const float back = std::strtof(text.c_str(), nullptr);
        ASSERT_EQ(std::bit_cast<std::uint32_t>(back), bits) << text;
        // Every finite rendering is a JSON number.
        const auto j = nlohmann::json::parse(text, nullptr, false);
        ASSERT_TRUE(!j.is_discarded() && j.is_number()) << text;
    }
    EXPECT_GT(checked, 99000);
    // Extremes.
    for (float f : {std::numeric_limits<float>::max(), std::numeric_limits<float>::lowest(),
                    std::numeric_limits<float>::min(), std::numeric_limits<float>::denorm_min()}) {
        const std::string text = TraceSink::formatFloat(f);
        EXPECT_EQ(std::bit_cast<std::uint32_t>(std::strtof(text.c_str(), nullptr)), std::bit_cast<std::uint32_t>(f))
            << text;
    }
}

}  // namespace
}  // namespace vestige
