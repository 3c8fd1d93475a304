// ASCII text helpers: folding, the two case-insensitive orders, JSON escaping.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "vestige/core/text.hpp"

namespace vestige {
namespace {

TEST(Text, Folding) {
    EXPECT_EQ(asciiLower("AbC_[Z]@`{"), "abc_[z]@`{");
    EXPECT_EQ(asciiUpper("AbC_[z]@`{"), "ABC_[Z]@`{");
    EXPECT_EQ(asciiLower(std::string("\xC0\xE0", 2)), std::string("\xC0\xE0", 2)) << "non-ASCII bytes unchanged";
    static_assert(asciiLower('Q') == 'q' && asciiUpper('q') == 'Q' && asciiLower('@') == '@');
    EXPECT_TRUE(iequals("Textures.LIB", "textures.lib"));
    EXPECT_FALSE(iequals("abc", "abcd"));
    EXPECT_FALSE(iequals("a_c", "a^c"));
    EXPECT_FALSE(iequals(std::string("\xC0"), std::string("\xE0"))) << "no CP1251 folding";
    EXPECT_TRUE(endsWithNoCase("MODEL.MSH", ".msh"));
    EXPECT_FALSE(endsWithNoCase("msh", ".msh"));
    EXPECT_TRUE(endsWithNoCase("x", ""));
}

TEST(Text, LowerAndUpperOrdersDifferOnUnderscore) {
    // '_' is 0x5F: above 'A'..'Z' (0x41..0x5A) but below 'a'..'z' (0x61..0x7A).
    EXPECT_LT(icompareLower("_", "a"), 0);
    EXPECT_LT(icompareLower("_", "A"), 0);
    EXPECT_GT(icompareUpper("_", "a"), 0);
    EXPECT_GT(icompareUpper("_", "A"), 0);
    for (char c : std::string("[\\]^_`")) {  // every byte between the two letter ranges
        const std::string s(1, c);
        EXPECT_LT(icompareLower(s, "m"), 0) << s;
        EXPECT_GT(icompareUpper(s, "m"), 0) << s;
    }
    std::vector<std::string> names = {"b_x", "B1", "bz", "b_A", "BA"};
    std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return icompareLower(a, b) < 0; });
    EXPECT_EQ(names, (std::vector<std::string>{"B1", "b_A", "b_x", "BA", "bz"}));
    std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return icompareUpper(a, b) < 0; });
    EXPECT_EQ(names, (std::vector<std::string>{"B1", "BA", "bz", "b_A", "b_x"}));
}

TEST(Text, CompareBasics) {
    EXPECT_EQ(icompareLower("ABC", "abc"), 0);
    EXPECT_EQ(icompareUpper("ABC", "abc"), 0);
    EXPECT_LT(icompareLower("abc", "ABD"), 0);
    EXPECT_GT(icompareLower("abd", "ABC"), 0);
    EXPECT_LT(icompareLower("ab", "ABC"), 0) << "shorter prefix first";
    EXPECT_GT(icompareUpper("abc", "AB"), 0);
    EXPECT_EQ(icompareLower("", ""), 0);
    EXPECT_GT(icompareLower(std::string("\xE9"), "z"), 0) << "bytes compare unsigned";
    EXPECT_GT(icompareUpper(std::string("\x80"), "Z"), 0);
}

TEST(Text, JsonEscape) {
    EXPECT_EQ(jsonEscape("plain"), "plain");
    EXPECT_EQ(jsonEscape("a\"b\\c"), "a\\\"b\\\\c");
    EXPECT_EQ(jsonEscape("\n\r\t"), "\\n\\r\\t");
    EXPECT_EQ(jsonEscape(std::string("\x00\x01\x1f", 3)), "\\u0000\\u0001\\u001f");
    EXPECT_EQ(jsonEscape("\x7f"), "\\u007f");
    EXPECT_EQ(jsonEscape("\xC3\xA9"), "\\u00c3\\u00a9");
    EXPECT_EQ(jsonEscape("/"), "/");
    // Every single byte value produces a valid JSON string body that decodes to that code point.
    for (int b = 0; b < 256; ++b) {
        const std::string one(1, static_cast<char>(b));
        const auto j = nlohmann::json::parse("\"" + jsonEscape(one) + "\"", nullptr, false);
        ASSERT_FALSE(j.is_discarded()) << b;
        if (b < 0x80) {
            EXPECT_EQ(j.get<std::string>(), one) << b;
        }
    }
}

}  // namespace
}  // namespace vestige

namespace vestige {
namespace {
TEST(Cp1251, ConvertsCyrillicAndKeepsEveryByte) {
    // А (0xC0), я (0xFF), Ё (0xA8), № (0xB9), the unassigned 0x98, and ASCII untouched.
    EXPECT_EQ(cp1251ToUtf8("\xC0\xFF\xA8\xB9\x98z"), "\u0410\u044F\u0401\u2116\u0098z");
    EXPECT_EQ(cp1251ToUtf8(""), "");
    for (int c = 0x80; c < 0x100; ++c) EXPECT_FALSE(cp1251ToUtf8(std::string(1, static_cast<char>(c))).empty()) << c;
}
}  // namespace
}  // namespace vestige
