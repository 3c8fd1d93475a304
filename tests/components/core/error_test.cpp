// Error context chains (render and JSON), Result<T>/Status and the VESTIGE_TRY/VESTIGE_CHECK macros.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige {
namespace {

Error sampleError() {
    // Built innermost-first, the way an error travels outward through a parser.
    Error e("nres.bad_size", "entry size exceeds the file");
    e.at(0x10).expected("4").actual("2");
    e.field("size").record(3).entry("FOO.TEX").file("data/Textures.lib");
    return e;
}

TEST(Error, RenderShowsOutermostFirst) {
    EXPECT_EQ(sampleError().render(),
              "file data/Textures.lib: entry FOO.TEX: record 3: field size: at offset 16 (0x10): "
              "entry size exceeds the file (expected 4, got 2) [nres.bad_size]");
}

TEST(Error, RenderMinimalAndPartial) {
    EXPECT_EQ(Error("x.y", "boom").render(), "boom [x.y]");
    EXPECT_EQ(Error("", "no code").render(), "no code");
    Error onlyExpected("a.b", "m");
    onlyExpected.expected("NRes");
    EXPECT_EQ(onlyExpected.render(), "m (expected NRes, got ?) [a.b]");
    Error onlyActual("a.b", "m");
    onlyActual.actual("RIFF");
    EXPECT_EQ(onlyActual.render(), "m (expected ?, got RIFF) [a.b]");
    Error zero("a.b", "m");
    zero.at(0);
    EXPECT_EQ(zero.render(), "at offset 0 (0x0): m [a.b]");
}

TEST(Error, AccessorsAndFind) {
    const Error e = sampleError();
    EXPECT_EQ(e.code(), "nres.bad_size");
    EXPECT_EQ(e.message(), "entry size exceeds the file");
    ASSERT_EQ(e.context().size(), 4u);
    EXPECT_EQ(e.context()[0].kind, "field");  // innermost first
    EXPECT_EQ(e.context()[3].kind, "file");
    EXPECT_EQ(e.find("record").value_or(""), "3");
    EXPECT_EQ(e.find("entry").value_or(""), "FOO.TEX");
    EXPECT_FALSE(e.find("lump").has_value());
    EXPECT_EQ(e.offset().value_or(0), 16u);

    // find() returns the innermost of several contexts of one kind.
    Error twice("c", "m");
    twice.field("inner").field("outer");
    EXPECT_EQ(twice.find("field").value_or(""), "inner");
    // A later at() replaces the offset.
    twice.at(5).at(9);
    EXPECT_EQ(twice.offset().value_or(0), 9u);
}

TEST(Error, JsonParsesBackWithEveryField) {
    const Error e = sampleError();
    const auto j = nlohmann::json::parse(e.toJson());
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(j.at("code"), "nres.bad_size");
    EXPECT_EQ(j.at("message"), "entry size exceeds the file");
    ASSERT_EQ(j.at("context").size(), 4u);
    EXPECT_EQ(j["context"][0]["kind"], "file");  // outermost first, like render()
    EXPECT_EQ(j["context"][0]["value"], "data/Textures.lib");
    EXPECT_EQ(j["context"][1]["kind"], "entry");
    EXPECT_EQ(j["context"][2]["kind"], "record");
    EXPECT_EQ(j["context"][2]["value"], "3");
    EXPECT_EQ(j["context"][3]["kind"], "field");
    EXPECT_EQ(j["context"][3]["value"], "size");
    EXPECT_EQ(j.at("offset"), 16);
    EXPECT_EQ(j.at("expected"), "4");
    EXPECT_EQ(j.at("actual"), "2");
    EXPECT_EQ(j.at("text"), e.render());
}

TEST(Error, JsonOmitsAbsentOptionals) {
    const auto j = nlohmann::json::parse(Error("a.b", "m").toJson());
    EXPECT_EQ(j.at("context"), nlohmann::json::array());
    EXPECT_FALSE(j.contains("offset"));
    EXPECT_FALSE(j.contains("expected"));
    EXPECT_FALSE(j.contains("actual"));
    Error big("a.b", "m");
    big.at(std::numeric_limits<std::uint64_t>::max());
    EXPECT_EQ(nlohmann::json::parse(big.toJson()).at("offset").get<std::uint64_t>(),
              std::numeric_limits<std::uint64_t>::max());
}

TEST(Error, JsonEscapesEverything) {
    // Quotes, backslashes, control bytes, DEL and a high byte in every string slot.
    const std::string nasty = std::string("q\"b\\n\nr\rt\t\x01\x1f\x7f", 13) + "\xC3" + "end";
    Error e(nasty, nasty);
    e.at(1).expected(nasty).actual(nasty);
    e.in(nasty, nasty).file(nasty);
    const auto parsed = nlohmann::json::parse(e.toJson(), nullptr, false);
    ASSERT_FALSE(parsed.is_discarded()) << e.toJson();
    // Bytes >= 0x7F are escaped one by one as \u00XX (docs/CONVENTIONS.md), so ASCII survives exactly and
    // 0xC3 comes back as U+00C3.
    const std::string back = parsed.at("message").get<std::string>();
    EXPECT_EQ(back, std::string("q\"b\\n\nr\rt\t\x01\x1f\x7f", 13) + "\xC3\x83" + "end");
    EXPECT_EQ(parsed.at("code"), back);
    EXPECT_EQ(parsed["context"][1]["kind"], back);
    EXPECT_EQ(parsed["context"][0]["value"], back);
    EXPECT_EQ(parsed.at("expected"), back);
    const std::string json = e.toJson();
    for (unsigned char c : json) EXPECT_LT(c, 0x80) << "toJson must stay ASCII";
}

// ---- Result / Status ----

Result<int> parsePositive(int v) {
    if (v <= 0) return Error("test.negative", "not positive");
    return v;
}

Result<int> doubled(int v) {
    VESTIGE_TRY(auto x, parsePositive(v).field("value"));
    return x * 2;
}

Result<std::string> twoLevels(int v) {
    VESTIGE_TRY(const int d, doubled(v).record(7));
    VESTIGE_TRY(auto again, doubled(d));
    return std::to_string(again);
}

Status checkEven(int v) {
    if (v % 2) return Error("test.odd", "odd");
    return okStatus();
}

Status checkAll(std::initializer_list<int> vs) {
    int i = 0;
    for (int v : vs) {
        VESTIGE_CHECK(checkEven(v).record(static_cast<std::uint64_t>(i)));
        ++i;
    }
    return {};
}

TEST(Result, ValueAndError) {
    Result<int> ok = 5;
    ASSERT_TRUE(ok.ok());
    EXPECT_TRUE(static_cast<bool>(ok));
    EXPECT_EQ(*ok, 5);
    EXPECT_EQ(ok.value(), 5);
    EXPECT_EQ(ok.valueOr(9), 5);

    Result<int> bad = Error("e.c", "m");
    ASSERT_FALSE(bad.ok());
    EXPECT_FALSE(static_cast<bool>(bad));
    EXPECT_EQ(bad.error().code(), "e.c");
    EXPECT_EQ(bad.valueOr(9), 9);

    Result<std::string> s = std::string("abc");
    EXPECT_EQ(s->size(), 3u);
}

TEST(Result, ContextOnSuccessIsANoOp) {
    auto r = parsePositive(3).field("x").entry("y").file("z").record(1).in("lump", "4");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, 3);
    Status st = checkEven(2).field("x");
    EXPECT_TRUE(st.ok());
}

TEST(Result, TryPropagatesWithContext) {
    auto good = twoLevels(3);
    ASSERT_TRUE(good.ok());
    EXPECT_EQ(*good, "12");

    auto bad = twoLevels(-1).file("f.bin");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "test.negative");
    EXPECT_EQ(bad.error().render(), "file f.bin: record 7: field value: not positive [test.negative]");
}

TEST(Result, CheckPropagates) {
    EXPECT_TRUE(checkAll({2, 4, 6}).ok());
    auto st = checkAll({2, 4, 5, 7});
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "test.odd");
    EXPECT_EQ(st.error().find("record").value_or(""), "2");
}

Result<std::unique_ptr<int>> makeBox(int v) {
    if (v < 0) return Error("box.neg", "negative");
    return std::make_unique<int>(v);
}

Result<int> unbox(int v) {
    VESTIGE_TRY(auto box, makeBox(v));
    return *box + 1;
}

TEST(Result, MoveOnlyValues) {
    EXPECT_EQ(*unbox(41), 42);
    EXPECT_EQ(unbox(-1).error().code(), "box.neg");
    auto r = makeBox(7);
    std::unique_ptr<int> p = std::move(r).value();
    EXPECT_EQ(*p, 7);
}

TEST(Result, ErrorCanBeMovedOut) {
    Result<int> bad = Error("e.c", "m");
    Error e = std::move(bad).error();
    EXPECT_EQ(e.code(), "e.c");
    Status st = Error("s.c", "m");
    Error e2 = std::move(st).error();
    EXPECT_EQ(e2.code(), "s.c");
}

TEST(Result, ByteReaderErrorsCarryOuterContext) {
    const Bytes two = {1, 2};
    auto parse = [&]() -> Result<std::uint32_t> {
        ByteReader r(two, 0x80);
        VESTIGE_TRY(auto v, r.u32("count").entry("HEADER"));
        return v;
    };
    auto r = parse().file("x.lib");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().render(),
              "file x.lib: entry HEADER: field count: at offset 128 (0x80): read of 4 byte(s) past the end "
              "(expected 4 byte(s), got 2 remaining) [bytes.eof]");
}

}  // namespace
}  // namespace vestige
