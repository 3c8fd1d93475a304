// KeyValues text: tokens, comments, conditionals, directives, duplicates, lookups, errors, writer.
#include "vestige/source/keyvalues/keyvalues.hpp"

#include <gtest/gtest.h>

namespace vestige::source::keyvalues {
namespace {

Document mustParse(std::string_view text, ParseOptions o = {}) {
    auto d = parse(text, o);
    EXPECT_TRUE(d.ok()) << d.error().render();
    return d.ok() ? *d : Document{};
}

TEST(KeyValues, QuotedBareCommentsAndNesting) {
    const auto doc = mustParse(
        "// leading comment\n"
        "\"Root\"\n{\n"
        "  bare value // trailing comment\n"
        "  \"quoted key\" \"quoted value with spaces\"\n"
        "  mixed\"adjacent\"\n"
        "  Sub { inner 1 }\n"
        "  empty \"\"\n"
        "}\n"
        "second{a b}");
    ASSERT_EQ(doc.roots.size(), 2u);
    const Node& root = doc.roots[0];
    EXPECT_EQ(root.key, "Root");
    EXPECT_TRUE(root.isBlock);
    EXPECT_TRUE(root.keyQuoted);
    EXPECT_EQ(root.line, 2u);
    ASSERT_EQ(root.children.size(), 5u);
    EXPECT_EQ(root.children[0].key, "bare");
    EXPECT_EQ(root.children[0].value, "value");
    EXPECT_FALSE(root.children[0].valueQuoted);
    EXPECT_EQ(root.children[1].key, "quoted key");
    EXPECT_EQ(root.children[1].value, "quoted value with spaces");
    EXPECT_EQ(root.children[2].key, "mixed");  // a bare token ends at '"'
    EXPECT_EQ(root.children[2].value, "adjacent");
    EXPECT_EQ(root.children[3].children[0].value, "1");
    EXPECT_EQ(root.children[4].value, "");
    EXPECT_EQ(root.children[4].line, 8u);
    EXPECT_EQ(doc.roots[1].children[0].key, "a");
}

TEST(KeyValues, DuplicatesKeptAndLookupIsCaseInsensitiveFirstMatch) {
    const auto doc = mustParse("r { Key one key two KEY three }");
    const Node& r = doc.roots[0];
    ASSERT_EQ(r.children.size(), 3u);
    EXPECT_EQ(r.get("kEy"), "one");
    EXPECT_EQ(r.findAll("key").size(), 3u);
    EXPECT_EQ(r.findAll("key")[2]->value, "three");
    EXPECT_EQ(doc.find("R"), &doc.roots[0]);
    EXPECT_FALSE(r.get("missing").has_value());
}

TEST(KeyValues, EscapesOnlyWhenEnabled) {
    const std::string text = R"(k "a\tb\\c\"d\ne\q")";
    ParseOptions on;
    on.escapes = true;
    EXPECT_EQ(mustParse(text, on).roots[0].value, "a\tb\\c\"d\ne\\q");
    // Escapes off (VMT): the string ends at the first quote, the backslash is literal.
    auto off = parse(R"(k "a\tb\\c" x y)");
    ASSERT_TRUE(off.ok());
    EXPECT_EQ(off->roots[0].value, R"(a\tb\\c)");
    EXPECT_EQ(off->roots[1].key, "x");
}

TEST(KeyValues, ConditionalsKeptAndEvaluated) {
    const auto doc = mustParse(
        "m {\n"
        " $a 1 [$WIN32]\n"
        " $a 2 [!$WIN32]\n"
        " $b \"x\" [$X360 || $WINDOWS]\n"
        " blk [$OSX] { c d }\n"
        " $color [1 0.5 0]\n"
        "}");
    const Node& m = doc.roots[0];
    ASSERT_EQ(m.children.size(), 5u);
    EXPECT_EQ(m.children[0].condition, "$WIN32");
    EXPECT_EQ(m.children[1].condition, "!$WIN32");
    EXPECT_EQ(m.children[2].condition, "$X360 || $WINDOWS");
    EXPECT_EQ(m.children[3].condition, "$OSX");
    EXPECT_TRUE(m.children[3].isBlock);
    EXPECT_EQ(m.children[4].value, "[1 0.5 0]");  // a bracketed value, not a condition
    EXPECT_TRUE(m.children[4].condition.empty());
    const auto pc = applyConditions(doc, pcConditions());
    const Node& p = pc.roots[0];
    ASSERT_EQ(p.children.size(), 3u);
    EXPECT_EQ(p.get("$a"), "1");
    EXPECT_EQ(p.get("$b"), "x");
    EXPECT_TRUE(p.children[0].condition.empty());
    EXPECT_TRUE(evaluateCondition("$LINUX && !$X360", {"LINUX"}));
    EXPECT_FALSE(evaluateCondition("$LINUX && $X360", {"LINUX"}));
    EXPECT_TRUE(evaluateCondition("$posix", {"POSIX"}));
}

TEST(KeyValues, DirectivesRecordedNotFollowed) {
    const auto doc = mustParse("#base \"base.res\"\nA { x 1 }\n#include other.vmt\nB { }\n");
    ASSERT_EQ(doc.directives.size(), 2u);
    EXPECT_EQ(doc.directives[0].kind, "#base");
    EXPECT_EQ(doc.directives[0].path, "base.res");
    EXPECT_EQ(doc.directives[0].beforeRoot, 0u);
    EXPECT_EQ(doc.directives[1].kind, "#include");
    EXPECT_EQ(doc.directives[1].path, "other.vmt");
    EXPECT_EQ(doc.directives[1].beforeRoot, 1u);
    EXPECT_EQ(doc.directives[1].line, 3u);
    EXPECT_EQ(doc.roots.size(), 2u);
}

TEST(KeyValues, ErrorsNameLineAndOffset) {
    struct Case {
        const char* text;
        const char* code;
        std::uint64_t offset;
        const char* line;
    };
    const Case cases[] = {
        {"a { b \"unterminated }", "keyvalues.unterminated_string", 6, "1"},
        {"a {\n b c\n", "keyvalues.unclosed_block", 0, "1"},
        {"a { b }", "keyvalues.missing_value", 6, "1"},
        {"}", "keyvalues.unexpected_token", 0, "1"},
        {"a {\n {", "keyvalues.unexpected_token", 5, "2"},
        {"a", "keyvalues.missing_value", 1, "1"},
        {"a { b [$X }", "keyvalues.unterminated_condition", 6, "1"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.text);
        auto r = parse(c.text);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), c.code) << r.error().render();
        EXPECT_EQ(r.error().offset(), c.offset) << r.error().render();
        EXPECT_EQ(r.error().find("line"), c.line);
    }
    std::string deep;
    for (int i = 0; i < 200; ++i) deep += "a {";
    auto tooDeep = parse(deep);
    ASSERT_FALSE(tooDeep.ok());
    EXPECT_EQ(tooDeep.error().code(), "keyvalues.too_deep");
    EXPECT_EQ(tooDeep.error().offset(), 128u * 3);
}

TEST(KeyValuesWriter, RoundTripsThroughParse) {
    const std::string text =
        "#base base.vmt\nVertexLitGeneric\n{\n $basetexture \"models/x\" [$WIN32]\n $color [1 1 1]\n"
        " Proxies { AnimatedTexture { animatedtexturevar $basetexture } }\n}\n#include tail.vmt\n";
    const auto doc = mustParse(text);
    auto out = write(doc);
    ASSERT_TRUE(out.ok()) << out.error().render();
    EXPECT_EQ(*out,
              "#base \"base.vmt\"\n"
              "\"VertexLitGeneric\"\n{\n"
              "\t\"$basetexture\" \"models/x\" [$WIN32]\n"
              "\t\"$color\" \"[1 1 1]\"\n"
              "\t\"Proxies\"\n\t{\n"
              "\t\t\"AnimatedTexture\"\n\t\t{\n"
              "\t\t\t\"animatedtexturevar\" \"$basetexture\"\n"
              "\t\t}\n"
              "\t}\n"
              "}\n"
              "#include \"tail.vmt\"\n");
    EXPECT_EQ(mustParse(*out), doc);
}

TEST(KeyValuesWriter, QuotesNeedEscapes) {
    Document d;
    d.roots.push_back(Node{.key = "k", .value = "say \"hi\"\n"});
    auto plain = write(d);
    ASSERT_FALSE(plain.ok());
    EXPECT_EQ(plain.error().code(), "keyvalues.unwritable");
    WriteOptions w;
    w.escapes = true;
    auto esc = write(d, w);
    ASSERT_TRUE(esc.ok());
    EXPECT_EQ(*esc, "\"k\" \"say \\\"hi\\\"\\n\"\n");
    ParseOptions p;
    p.escapes = true;
    EXPECT_EQ(mustParse(*esc, p), d);
}

}  // namespace
}  // namespace vestige::source::keyvalues
