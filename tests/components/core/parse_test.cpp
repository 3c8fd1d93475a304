#include "vestige/core/parse.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "vestige/core/crc32.hpp"
#include "vestige/core/json.hpp"

using namespace vestige;

TEST(ParseInteger, WholeTextAndRange) {
    EXPECT_EQ(parseInteger<int>("42"), 42);
    EXPECT_EQ(parseInteger<int>("-7"), -7);
    EXPECT_EQ(parseInteger<std::uint8_t>("255"), 255);
    EXPECT_FALSE(parseInteger<std::uint8_t>("256"));
    EXPECT_FALSE(parseInteger<std::uint32_t>("-1"));
    EXPECT_FALSE(parseInteger<int>(""));
    EXPECT_FALSE(parseInteger<int>(" 1"));
    EXPECT_FALSE(parseInteger<int>("1 "));
    EXPECT_FALSE(parseInteger<int>("+1"));
    EXPECT_FALSE(parseInteger<int>("1x"));
    EXPECT_FALSE(parseInteger<std::int64_t>("18446744073709551616"));
    EXPECT_EQ(parseInteger<std::uint64_t>("18446744073709551615"), 18446744073709551615ull);
    EXPECT_FALSE(parseInteger<std::uint64_t>("18446744073709551616"));
    EXPECT_EQ(parseInteger<std::uint32_t>("ffffffff", 16), 0xFFFFFFFFu);
    EXPECT_FALSE(parseInteger<std::uint32_t>("0xff", 16));
    EXPECT_EQ(parseInteger<std::int16_t>("-32768"), -32768);
    EXPECT_FALSE(parseInteger<std::int16_t>("-32769"));
}

TEST(ParseFloat, WholeFiniteText) {
    EXPECT_EQ(parseFloat("1.5"), 1.5f);
    EXPECT_EQ(parseFloat("-2e3"), -2000.0f);
    EXPECT_EQ(parseDouble("0.015"), 0.015);
    EXPECT_FALSE(parseFloat("1.5 "));
    EXPECT_FALSE(parseFloat(""));
    EXPECT_FALSE(parseFloat("inf"));
    EXPECT_FALSE(parseFloat("nan"));
    EXPECT_FALSE(parseFloat("1e39"));  // overflows float
    EXPECT_FALSE(parseFloat("+1"));
}

TEST(ScanFloat, ReadsLikeStrtof) {
    std::size_t used = 0;
    EXPECT_EQ(scanFloat("  12.5xyz", &used), 12.5f);
    EXPECT_EQ(used, 6u);
    EXPECT_EQ(scanFloat("+3", &used), 3.0f);
    EXPECT_EQ(used, 2u);
    EXPECT_EQ(scanFloat("-0.25e1", &used), -2.5f);
    EXPECT_FALSE(scanFloat("x1", &used));
    EXPECT_FALSE(scanFloat("", &used));
    EXPECT_FALSE(scanFloat("   ", &used));
    EXPECT_FALSE(scanFloat("--1", &used));
    EXPECT_FALSE(scanFloat("-", &used));
    EXPECT_TRUE(std::isinf(*scanFloat("1e999")));
    EXPECT_EQ(*scanFloat("1e-999"), 0.0f);
    EXPECT_EQ(*scanFloat("5."), 5.0f);
}

TEST(ScanFloat, ThreeComponentsAndTail) {
    std::array<float, 3> v{};
    std::string_view rest;
    EXPECT_EQ(scanFloats("1 -2\t3.5 trailing", v, &rest), 3u);
    EXPECT_EQ(v[0], 1.0f);
    EXPECT_EQ(v[1], -2.0f);
    EXPECT_EQ(v[2], 3.5f);
    EXPECT_EQ(rest, " trailing");
    EXPECT_FALSE(onlyBlanks(rest));
    EXPECT_EQ(scanFloats("4 5", v, &rest), 2u);
    EXPECT_TRUE(onlyBlanks(rest));
    EXPECT_TRUE(onlyBlanks(" \t\r\n"));
}

TEST(Crc32, KnownVectorAndContinuation) {
    EXPECT_EQ(crc32(asBytes("123456789")), 0xCBF43926u);
    EXPECT_EQ(crc32(asBytes("")), 0u);
    EXPECT_EQ(crc32(asBytes("6789"), crc32(asBytes("12345"))), 0xCBF43926u);
}

TEST(DumpJson, EscapesPathsAndReplacesBadUtf8) {
    nlohmann::ordered_json j;
    j["path"] = "a\"b\\c";
    j["raw"] = std::string("\xC0\x80x");
    const std::string text = dumpJson(j);
    const auto back = nlohmann::json::parse(text);
    EXPECT_EQ(back["path"], "a\"b\\c");
    EXPECT_EQ(back["raw"], "\xEF\xBF\xBD\xEF\xBF\xBDx");
    EXPECT_EQ(dumpJson(nlohmann::json::array({1, 2}), 1), "[\n 1,\n 2\n]");
}
