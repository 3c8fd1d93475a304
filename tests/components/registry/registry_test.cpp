// FormatRegistry: probe scoring, ties, replacement, lookup; folder formats.
#include "vestige/registry/registry.hpp"

#include <gtest/gtest.h>

#include <string>

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

// One checked reader for every format's numeric export/render options (it replaced five per-format copies).
TEST(ExportOptions, IntegerAndNumberAreCheckedOnce) {
    ExportOptions o;
    o.values = {{"state", "2"}, {"lod", "5"}, {"mip", "1x"}, {"frame", "-1"}, {"time", "2.5"}, {"bad", "nan"}};
    EXPECT_EQ(*o.integer("state", 0, 0, 2), 2);
    EXPECT_EQ(*o.integer("absent", 7, 0, 2), 7) << "the fallback is not range-checked";
    const auto lod = o.integer("lod", 0, 0, 4, "msh");
    ASSERT_FALSE(lod.ok());
    EXPECT_EQ(lod.error().code(), "msh.bad_option");
    EXPECT_EQ(lod.error().render(), "option lod: --lod must be 0..4 (expected 0..4, got 5) [msh.bad_option]");
    EXPECT_EQ(o.integer("mip", 0, 0, 10).error().code(), "export.bad_option");
    EXPECT_FALSE(o.integer("frame", 0, 0, 10).ok());
    EXPECT_EQ(**o.number("time", 0), 2.5f);
    EXPECT_FALSE(o.number("absent", 0)->has_value());
    EXPECT_EQ(o.number("bad", 0, "render").error().code(), "render.bad_option");
    EXPECT_FALSE(o.number("time", 3).ok()) << "below the lower bound";
}

// Folder formats: the highest probe wins, 0 is "not this format", a name registered twice replaces the first.
TEST(FormatRegistry, FolderFormatsProbeTheFolder) {
    FormatRegistry reg;
    auto folder = [](std::string name, std::string wanted, int score) {
        FolderFormat f;
        f.name = std::move(name);
        f.probe = [wanted = std::move(wanted), score](const std::filesystem::path& p) {
            return p.filename() == wanted ? score : 0;
        };
        return f;
    };
    reg.addFolder(folder("low", "DEMO", 10));
    reg.addFolder(folder("high", "DEMO", 100));
    ASSERT_NE(reg.detectFolder("MISSIONS/DEMO"), nullptr);
    EXPECT_EQ(reg.detectFolder("MISSIONS/DEMO")->name, "high");
    EXPECT_EQ(reg.detectFolder("MISSIONS/OTHER"), nullptr);
    reg.addFolder(folder("high", "OTHER", 100));
    EXPECT_EQ(reg.folders().size(), 2u);
    EXPECT_EQ(reg.detectFolder("MISSIONS/DEMO")->name, "low");
    EXPECT_EQ(reg.detectFolder("MISSIONS/OTHER")->name, "high");
}

}  // namespace
}  // namespace vestige::registry
