// .scr framing: lossless read/write, limits, selector, version check, event lookup.
#include "vestige/iron3d/scr/scr.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/scr/builder.hpp"

namespace vestige::iron3d::scr {
namespace {

Bytes words(std::initializer_list<std::uint32_t> ws) {
    ByteWriter w;
    for (auto v : ws) w.u32(v);
    return w.take();
}

// The reference reader's lossless fixture: 73, 1 event "Init" (word 9), one record [1,2,3,4,5, 2 refs 7,8, 6],
// then two trailing bytes.
Bytes referenceFixture() {
    ByteWriter w;
    w.u32(73);
    w.u32(1);
    w.u32(4);
    w.chars("Init");
    w.u8(0);
    w.u32(9);
    w.u32(1);
    for (std::uint32_t v : {1u, 2u, 3u, 4u, 5u, 2u, 7u, 8u, 6u}) w.u32(v);
    w.u8(0xAB);
    w.u8(0xCD);
    return w.take();
}

TEST(Scr, ReadsEveryRawWordAndKeepsTrailingBytes) {
    const Bytes bytes = referenceFixture();
    auto p = read(bytes);
    ASSERT_TRUE(p.ok()) << p.error().render();
    EXPECT_EQ(p->handlerCount, 73u);
    ASSERT_EQ(p->events.size(), 1u);
    EXPECT_EQ(p->events[0].name, "Init");
    EXPECT_EQ(p->events[0].word, 9u);
    ASSERT_EQ(p->events[0].instructions.size(), 1u);
    const Instruction& ins = p->events[0].instructions[0];
    EXPECT_EQ(ins.headerWords(), (std::array<std::uint32_t, 7>{1, 2, 3, 4, 5, 2, 6}));
    EXPECT_EQ(ins.refs, (std::vector<std::uint32_t>{7, 8}));
    EXPECT_EQ(p->trailing, (Bytes{0xAB, 0xCD}));
    EXPECT_EQ(write(*p).value(), bytes);
}

TEST(Scr, C1m2pShapeHasTheRecordedCounts) {
    // Seed 002: c1m2p.scr gives 73 handlers, 9 events, 17 records, 20 references, no trailing bytes.
    const Package shape = c1m2pShape();
    auto bytes = write(shape);
    ASSERT_TRUE(bytes.ok());
    auto p = read(*bytes);
    ASSERT_TRUE(p.ok()) << p.error().render();
    const Counts c = count(*p);
    EXPECT_EQ(p->handlerCount, 73u);
    EXPECT_EQ(p->events.size(), 9u);
    EXPECT_EQ(c.instructions, 17u);
    EXPECT_EQ(c.references, 20u);
    EXPECT_TRUE(p->trailing.empty());
    EXPECT_EQ(c.handlers + c.sentinels, 17u);
    EXPECT_EQ(*p, shape);
    EXPECT_EQ(write(*p).value(), *bytes);
}

TEST(Scr, EventNameMustEndWithNul) {
    Bytes b = referenceFixture();
    b[12] = 'X';  // the terminator after "Init" (name bytes at 12..16: name_len at 8)
    b[16] = 'X';
    auto p = read(b);
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().code(), "scr.name_unterminated");
    EXPECT_EQ(p.error().offset(), 16u);
    EXPECT_EQ(p.error().find("event"), "0");
}

TEST(Scr, InteriorNulIsKeptAndEndsTheCName) {
    auto bytes = PackageBuilder().event(std::string("Init\0tail", 9)).handler(0).bytes();
    ASSERT_TRUE(bytes.ok());
    auto p = read(*bytes);
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(p->events[0].name.size(), 9u);
    EXPECT_EQ(p->events[0].cName(), "Init");
    EXPECT_EQ(write(*p).value(), *bytes);
}

TEST(Scr, TruncatedReferencesAreRefusedWithTheirOffset) {
    Bytes b = referenceFixture();
    b.resize(b.size() - 2 - 4 - 4);  // drop the trailing bytes, w6 and the second reference
    auto p = read(b);
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().code(), "scr.truncated");
    EXPECT_EQ(p.error().find("field"), "ref_count");
    EXPECT_EQ(p.error().offset(), 45u);  // 8 + 4 + 5 + 4 + 4 + 5 * 4
}

TEST(Scr, CountsAreBoundedBeforeAllocating) {
    // A billion events in 8 bytes: refused by the limit, not by an allocation.
    auto p = read(words({73, 1'000'000'000}));
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().code(), "scr.limit");
    EXPECT_EQ(p.error().offset(), 4u);
    // Within the limit but more than the bytes left.
    p = read(words({73, 1000}));
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().code(), "scr.truncated");
    // An instruction count no package could hold.
    ByteWriter w;
    w.u32(73);
    w.u32(1);
    w.u32(1);
    w.chars("E");
    w.u8(0);
    w.u32(0);
    w.u32(0xFFFFFFFF);
    p = read(w.data());
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().code(), "scr.limit");
    EXPECT_EQ(p.error().offset(), 18u);
    Limits tight;
    tight.maxRefs = 1;
    p = read(referenceFixture(), tight);
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().code(), "scr.limit");
    EXPECT_EQ(p.error().find("field"), "ref_count");
}

TEST(Scr, SelectorIsTypedAndUnknownValuesAreKept) {
    EXPECT_EQ(DispatchSelector::of(0u).kind, SelectorKind::Handler);
    EXPECT_EQ(DispatchSelector::of(72u).kind, SelectorKind::Handler);
    EXPECT_EQ(DispatchSelector::of(73u).kind, SelectorKind::Unknown);
    EXPECT_EQ(DispatchSelector::of(0xFFFFFFFEu).kind, SelectorKind::Unknown);
    EXPECT_EQ(DispatchSelector::of(0xFFFFFFFFu).kind, SelectorKind::Sentinel);
    EXPECT_EQ(DispatchSelector::of(19u).label(), "Handler(19)");
    EXPECT_EQ(DispatchSelector::of(0x100u).label(), "Unknown(0x100)");
    Instruction odd;
    odd.head[0] = 0x1234;
    auto bytes = PackageBuilder().event("E").instruction(odd).sentinel().handler(30, {1, 2}).bytes();
    ASSERT_TRUE(bytes.ok());
    auto p = read(*bytes);
    ASSERT_TRUE(p.ok());
    const Counts c = count(*p);
    EXPECT_EQ(c.unknown, 1u);
    EXPECT_EQ(c.sentinels, 1u);
    EXPECT_EQ(c.byHandler[30], 1u);
    EXPECT_EQ(p->events[0].instructions[0].head[0], 0x1234u);
    EXPECT_EQ(write(*p).value(), *bytes);
}

TEST(Scr, VersionMismatchIsItsOwnError) {
    Package p = autoDemoShape();
    EXPECT_TRUE(checkVersion(p).ok());
    p.handlerCount = 72;
    const Status s = checkVersion(p);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code(), "scr.version_mismatch");
    EXPECT_EQ(s.error().expectedText(), "73 handlers");
    EXPECT_EQ(s.error().actualText(), "72 handlers");
    EXPECT_EQ(aiLogLine("MISSIONS/SCRIPTS/default.scr", s.error()),
              "MISSIONS/SCRIPTS/default.scr: field opcode_handler_count: at offset 0 (0x0): script package was built "
              "for another AI VM version (expected 73 handlers, got 72 handlers) [scr.version_mismatch]");
    // The framing itself still reads: the mismatch is a loader decision, not a corrupt file.
    EXPECT_TRUE(read(write(p).value()).ok());
}

TEST(Scr, FindEventIsCaseSensitiveAndTakesTheFirstDuplicate) {
    const Package p = PackageBuilder()
                          .event("init")
                          .handler(0)
                          .event(std::string("Init\0a", 6))
                          .handler(19, {1, 2, 3})
                          .event("Init")
                          .handler(30, {1, 2})
                          .package();
    EXPECT_EQ(findEvent(p, "Init"), 1u);
    EXPECT_EQ(findEvent(p, "init"), 0u);
    EXPECT_EQ(findEvent(p, "INIT"), std::nullopt);
    EXPECT_EQ(findEvent(p, "Ini"), std::nullopt);
}

TEST(Scr, WriterRefusesWhatTheReaderWouldRefuse) {
    Package p = autoDemoShape();
    p.events[0].instructions[0].refs.assign(Limits{}.maxRefs + 1, 0);
    auto out = write(p);
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().code(), "scr.limit");
}

}  // namespace
}  // namespace vestige::iron3d::scr
