// varset.var: the VAR forms, STRING/FUNCTION index slots, comments, errors, the synthetic shared shape.
#include "vestige/iron3d/varset/varset.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <nlohmann/json.hpp>

#include "vestige/iron3d/varset/builder.hpp"
#include "vestige/iron3d/varset/inspect.hpp"

namespace vestige::iron3d::varset {
namespace {

Result<VarSet> parseText(std::string_view text) { return parse(asBytes(text)); }

TEST(VarSet, ReadsEveryVarFormByteSafe) {
    const std::string text =
        "// \xC2\xE0\xF0\xE8\xE0\xE1\xEB\xE5\xF1 (CP1251 comment)\r\n"
        "VAR(float, fSpeed, 1.5);\r\n"
        "  VAR( DWORD , dCount , 42 )   // trailing comment\r\n"
        "VAR(DWORD, dMask, 0xFFFFFFFF);\n"
        "VAR(DWORD, dHex, 0X1f)\n"
        "VAR(float, fNeg, -0)\n"
        "VAR(float, fRange, 2, 0, 10);\n"
        "#define NOT_A_DECLARATION 1\n"
        "\n";
    auto set = parseText(text);
    ASSERT_TRUE(set.ok()) << set.error().render();
    ASSERT_EQ(set->declarations.size(), 6u);
    const auto& d = set->declarations;
    EXPECT_EQ(d[0].kind, Kind::Float);
    EXPECT_EQ(d[0].name, "fSpeed");
    EXPECT_EQ(d[0].bits, std::bit_cast<std::uint32_t>(1.5f));
    EXPECT_EQ(d[0].line, 2u);
    EXPECT_EQ(d[1].kind, Kind::Dword);
    EXPECT_EQ(d[1].name, "dCount");
    EXPECT_EQ(d[1].bits, 42u);
    EXPECT_EQ(d[2].bits, 0xFFFFFFFFu);
    EXPECT_EQ(d[3].bits, 0x1Fu);
    EXPECT_EQ(d[4].bits, 0x80000000u);  // -0 keeps its sign bit
    EXPECT_EQ(d[5].args, "float, fRange, 2, 0, 10");
    EXPECT_EQ(set->find("dMask"), 2u);
    EXPECT_EQ(set->find("dmask"), std::nullopt);  // names are case-sensitive
    EXPECT_EQ(write(*set), Bytes(text.begin(), text.end()));
}

TEST(VarSet, StringAndFunctionTakeIndexSlotsAsTheOriginalDoes) {
    // The original appends one record per recognised declaration, so a STRING before a VAR shifts its index;
    // the reference Rust reader skips STRING/FUNCTION and would give dAfter index 1.
    auto set = parseText(
        "VAR(DWORD, dFirst, 1)\n"
        "STRING(sGreeting, \"hello, world\");\n"
        "FUNCTION(Fn, 3)\n"
        "VAR(DWORD, dAfter, 2)\n");
    ASSERT_TRUE(set.ok()) << set.error().render();
    ASSERT_EQ(set->declarations.size(), 4u);
    EXPECT_EQ(set->declarations[1].kind, Kind::String);
    EXPECT_EQ(set->declarations[1].args, "sGreeting, \"hello, world\"");
    EXPECT_EQ(set->declarations[1].name, "sGreeting");
    EXPECT_FALSE(set->declarations[1].numeric());
    EXPECT_EQ(set->declarations[2].kind, Kind::Function);
    EXPECT_EQ(set->find("dAfter"), 3u);
}

struct BadCase {
    const char* text;
    const char* code;
    const char* field;
};

TEST(VarSet, MalformedDeclarationsAreErrorsWithTheirLine) {
    const BadCase cases[] = {
        {"VAR(float, f, nan)", "varset.bad_float", "default"},
        {"VAR(float, f, inf)", "varset.bad_float", "default"},
        {"VAR(float, f, 1e39)", "varset.bad_float", "default"},
        {"VAR(float, f, 1.5x)", "varset.bad_float", "default"},
        {"VAR(DWORD, d, 4294967296)", "varset.bad_dword", "default"},
        {"VAR(DWORD, d, 0x100000000)", "varset.bad_dword", "default"},
        {"VAR(DWORD, d, -1)", "varset.bad_dword", "default"},
        {"VAR(DWORD, d, 0x)", "varset.bad_dword", "default"},
        {"VAR(int, d, 1)", "varset.unsupported_type", "type"},
        {"VAR(DWORD, d)", "varset.missing_field", "default"},
        {"VAR(DWORD, , 1)", "varset.missing_field", "name"},
        {"VAR(DWORD, d, 1", "varset.unterminated", ""},
        {"STRING(s, \"x\"", "varset.unterminated", ""},
    };
    for (const auto& c : cases) {
        const std::string text = std::string("// header\nVAR(DWORD, ok, 1)\n") + c.text + "\n";
        auto set = parseText(text);
        ASSERT_FALSE(set.ok()) << c.text;
        EXPECT_EQ(set.error().code(), c.code) << c.text;
        EXPECT_EQ(set.error().find("line"), "3") << c.text;
        EXPECT_EQ(set.error().offset(), 28u) << c.text;  // the third line's first byte
        if (*c.field) { EXPECT_EQ(set.error().find("field"), c.field) << c.text; }
    }
}

TEST(VarSet, DeclarationCountIsBounded) {
    Builder b;
    for (int i = 0; i < 5; ++i) b.dword("d" + std::to_string(i), 0);
    Limits limits;
    limits.maxDeclarations = 4;
    auto set = parse(asBytes(b.text()), limits);
    ASSERT_FALSE(set.ok());
    EXPECT_EQ(set.error().code(), "varset.limit");
    EXPECT_EQ(set.error().find("line"), "5");
}

TEST(VarSet, SharedShapeHasTheRecordedCountsAndHandlerNames) {
    // Spec section 13: the GOG shared varset has 231 declarations (31 float, 200 DWORD) with ClanBaseX/Y and ClanID
    // at 224/225/226. Our synthetic file copies that shape.
    auto set = parseText(sharedShapeText());
    ASSERT_TRUE(set.ok()) << set.error().render();
    EXPECT_EQ(set->declarations.size(), 231u);
    EXPECT_EQ(set->count(Kind::Float), 31u);
    EXPECT_EQ(set->count(Kind::Dword), 200u);
    EXPECT_EQ(set->find("ClanBaseX"), 224u);
    EXPECT_EQ(set->find("ClanBaseY"), 225u);
    EXPECT_EQ(set->find("ClanID"), 226u);
    EXPECT_EQ(set->declarations[*set->find("TARGET_BY_PLACE")].bits, 0x202u);
    EXPECT_EQ(set->declarations[*set->find("ST_SOLVED")].bits, 2u);
}

TEST(VarSet, DescribeListsSlots) {
    auto set = parseText("VAR(float, f, 0.1)\nSTRING(s, x)\nVAR(DWORD, d, 7)\n");
    ASSERT_TRUE(set.ok());
    EXPECT_EQ(probe(asBytes(std::string_view("VAR(DWORD, d, 7)")), "varset.VAR"), 100);
    EXPECT_EQ(probe(asBytes(std::string_view("VAR(DWORD, d, x)")), "varset.var"), 0);
    const auto j = nlohmann::json::parse(describe(*set, "v.var").json);
    EXPECT_EQ(j["declarations"], 3);
    EXPECT_EQ(j["list"][0]["default"], "0.1");
    EXPECT_EQ(j["list"][1]["kind"], "STRING");
    EXPECT_EQ(j["list"][2]["index"], 2);
    EXPECT_EQ(j["list"][2]["default"], "7");
}

}  // namespace
}  // namespace vestige::iron3d::varset
