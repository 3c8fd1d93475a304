// FormatRegistry: probe scoring, ties, replacement, lookup.
#include <gtest/gtest.h>

#include <string>

#include "vestige/registry/registry.hpp"

namespace vestige::registry {
namespace {

FormatInfo scored(std::string name, int magicScore, int extScore = 0) {
    FormatInfo f;
    f.name = std::move(name);
    f.summary = f.name + " summary";
    f.probe = [magicScore, extScore](ByteView data, std::string_view fileName) {
        if (data.size() >= 4 && asChars(data.first(4)) == "MAGI") return magicScore;
        if (fileName.ends_with(".ext")) return extScore;
        return 0;
    };
    f.describe = [n = f.name](ByteView data, std::string_view label) -> Result<Description> {
        return Description{R"({"format":")" + n + R"(","size":)" + std::to_string(data.size()) + "}",
                           n + ": " + std::string(label)};
    };
    return f;
}

TEST(FormatRegistry, HighestScoreWins) {
    FormatRegistry reg;
    reg.add(scored("byext", 0, 10));
    reg.add(scored("bymagic", 100, 0));
    reg.add(scored("weak", 50, 5));
    EXPECT_EQ(reg.detect(asBytes("MAGIxxxx"), "a.ext")->name, "bymagic");
    EXPECT_EQ(reg.detect(asBytes("nope"), "a.ext")->name, "byext");
    EXPECT_EQ(reg.detect(asBytes("nope"), "a.bin"), nullptr) << "score 0 is not a match";
    EXPECT_EQ(reg.detect({}, ""), nullptr);
}

TEST(FormatRegistry, TiesGoToTheFirstRegistered) {
    FormatRegistry reg;
    reg.add(scored("first", 100));
    reg.add(scored("second", 100));
    EXPECT_EQ(reg.detect(asBytes("MAGI"), "x")->name, "first");
}

TEST(FormatRegistry, NegativeScoresAndMissingProbesNeverMatch) {
    FormatRegistry reg;
    FormatInfo neg;
    neg.name = "neg";
    neg.probe = [](ByteView, std::string_view) { return -5; };
    reg.add(neg);
    FormatInfo none;
    none.name = "none";
    reg.add(none);
    EXPECT_EQ(reg.detect(asBytes("MAGI"), "x"), nullptr);
    EXPECT_EQ(reg.find("none")->name, "none");
}

TEST(FormatRegistry, ReplaceFindAll) {
    FormatRegistry reg;
    reg.add(scored("a", 100));
    reg.add(scored("b", 10, 10));
    reg.add(scored("a", 0));  // replaced in place, position kept
    ASSERT_EQ(reg.all().size(), 2u);
    EXPECT_EQ(reg.all()[0].name, "a");
    EXPECT_EQ(reg.detect(asBytes("MAGI"), "x")->name, "b");
    ASSERT_NE(reg.find("b"), nullptr);
    EXPECT_EQ(reg.find("B"), nullptr) << "names are exact";
    EXPECT_EQ(reg.find("zzz"), nullptr);
    auto d = reg.find("b")->describe(asBytes("12345"), "lbl");
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(d->json, R"({"format":"b","size":5})");
    EXPECT_EQ(d->text, "b: lbl");
    EXPECT_FALSE(static_cast<bool>(reg.find("b")->exportGlb));
}

TEST(ExportOptions, Get) {
    ExportOptions o;
    o.values["state"] = "1";
    EXPECT_EQ(o.get("state"), "1");
    EXPECT_EQ(o.get("lod", "0"), "0");
    EXPECT_EQ(o.get("lod"), "");
}

}  // namespace
}  // namespace vestige::registry
