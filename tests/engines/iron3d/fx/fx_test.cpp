// FXID effects (spec §10 and its test list for fx): the 60-byte header, the fixed size of every opcode, op 6
// accepted, unknown opcode, a count past the payload, trailing bytes, resource reference tails kept; byte-exact
// rewrite. The sizes and offsets are the spec's numbers; fixtures come from our own builder.
#include "vestige/iron3d/fx/fx.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/fx/register.hpp"

namespace vestige::iron3d::fx {
namespace {

Effect sample() {
    Effect e;
    e.header.timeMode = 14;
    e.header.durationS = 2.5f;
    e.header.phaseJitter = 0.25f;
    e.header.flags = 0x80000011u;
    e.header.settingsId = 7;
    e.header.randomShift = {1, 2, 3};
    e.header.pivot = {-1, 0, 0.5f};
    e.header.scale = {2, 2, 2};
    e.commands.push_back(makeCommand(2, true, "sounds.lib", "BOOM.WAV"));
    e.commands.push_back(makeCommand(6, false));
    e.commands.push_back(makeCommand(1, true));
    return e;
}

TEST(Fx, HeaderLayoutIsSixtyBytes) {
    Effect e = sample();
    e.commands.clear();
    auto bytes = write(e);
    ASSERT_TRUE(bytes.ok());
    ASSERT_EQ(bytes->size(), 60u);
    const std::uint8_t* b = bytes->data();
    EXPECT_EQ(loadU32(b + 0x00), 0u);
    EXPECT_EQ(loadU32(b + 0x04), 14u);
    EXPECT_EQ(loadF32(b + 0x08), 2.5f);
    EXPECT_EQ(loadF32(b + 0x0C), 0.25f);
    EXPECT_EQ(loadU32(b + 0x10), 0x80000011u);
    EXPECT_EQ(loadU32(b + 0x14), 7u);
    EXPECT_EQ(loadF32(b + 0x18 + 8), 3.0f);  // random_shift[2]
    EXPECT_EQ(loadF32(b + 0x24), -1.0f);     // pivot[0]
    EXPECT_EQ(loadF32(b + 0x30 + 4), 2.0f);  // scale[1]
    auto back = read(*bytes);
    ASSERT_TRUE(back.ok()) << back.error().render();
    EXPECT_TRUE(back->commands.empty());
    EXPECT_EQ(back->header.timeMode, 14u);
    EXPECT_EQ(back->header.pivot[2], 0.5f);
}

TEST(Fx, EveryOpcodeHasTheSpecsFixedSize) {
    const std::size_t want[] = {0, 224, 148, 200, 204, 112, 4, 208, 248, 208, 208};
    for (std::uint8_t op = 1; op <= 10; ++op) {
        ASSERT_EQ(commandSize(op), want[op]) << int(op);
        Effect e;
        e.commands.push_back(makeCommand(op, true));
        auto bytes = write(e);
        ASSERT_TRUE(bytes.ok()) << int(op);
        EXPECT_EQ(bytes->size(), 60u + want[op]) << int(op);
        auto back = read(*bytes);
        ASSERT_TRUE(back.ok()) << int(op) << ": " << back.error().render();
        EXPECT_EQ(back->commands[0].opcode(), op);
        EXPECT_EQ(hasResourceRef(op), op != 1 && op != 6) << int(op);
    }
    EXPECT_FALSE(commandSize(0));
    EXPECT_FALSE(commandSize(11));
    EXPECT_FALSE(commandSize(0xFF));
}

TEST(Fx, OpSixIsTheWordAlone) {
    // Never seen in the corpus, but listed with size 4: accepted.
    Effect e;
    e.commands.push_back(makeCommand(6, true));
    e.commands.push_back(makeCommand(6, false));
    auto bytes = *write(e);
    ASSERT_EQ(bytes.size(), 68u);
    auto back = read(bytes);
    ASSERT_TRUE(back.ok()) << back.error().render();
    ASSERT_EQ(back->commands.size(), 2u);
    EXPECT_TRUE(back->commands[0].body.empty());
    EXPECT_TRUE(back->commands[0].enabled());
    EXPECT_FALSE(back->commands[1].enabled());
    EXPECT_FALSE(back->commands[0].resourceRef());
}

TEST(Fx, CommandsFollowEachOtherWithoutPaddingAndRoundTrip) {
    Effect e = sample();
    e.commands[0].word |= 0xABCD0000u;  // bits 9..31 are kept raw
    e.commands[0].body[100] = 0x5A;     // an unknown op-2 body byte
    auto bytes = *write(e);
    ASSERT_EQ(bytes.size(), 60u + 148 + 4 + 224);
    EXPECT_EQ(loadU32(bytes.data() + 60), 0xABCD0102u);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes.data() + 60 + 4)), "sounds.lib");
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes.data() + 60 + 4 + 32)), "BOOM.WAV");
    EXPECT_EQ(loadU32(bytes.data() + 60 + 148), 6u);      // op 6, disabled
    EXPECT_EQ(loadU32(bytes.data() + 60 + 152), 0x101u);  // op 1, enabled
    auto back = read(bytes);
    ASSERT_TRUE(back.ok()) << back.error().render();
    ASSERT_EQ(back->commands.size(), 3u);
    EXPECT_EQ(back->commands[0].opcode(), 2);
    EXPECT_TRUE(back->commands[0].enabled());
    EXPECT_EQ(back->commands[0].word >> 9, 0xABCD0102u >> 9);
    EXPECT_EQ(back->commands[0].body[100], 0x5A);
    EXPECT_EQ(*write(*back), bytes);
}

TEST(Fx, ResourceReferenceTailsAreKept) {
    Effect e;
    e.commands.push_back(makeCommand(8, true, "fx.lib", "spark"));
    e.commands[0].body[10] = 0x77;       // after archive's NUL
    e.commands[0].body[32 + 31] = 0x01;  // last byte of name, after its NUL
    auto bytes = *write(e);
    auto back = read(bytes);
    ASSERT_TRUE(back.ok());
    const auto ref = back->commands[0].resourceRef();
    ASSERT_TRUE(ref);
    EXPECT_EQ(ref->archive.text(), "fx.lib");
    EXPECT_EQ(ref->name.text(), "spark");
    EXPECT_EQ(ref->archive.raw[10], 0x77);
    EXPECT_EQ(ref->name.raw[31], 0x01);
    EXPECT_EQ(*write(*back), bytes);
}

TEST(Fx, UnknownOpcodeIsAStructuredError) {
    auto bytes = *write(sample());
    bytes[60 + 148 + 4] = 11;  // third command: opcode 11
    auto e = read(bytes);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "fx.opcode");
    EXPECT_EQ(e.error().find("record"), "2");
    EXPECT_EQ(e.error().find("field"), "word");
    EXPECT_EQ(e.error().offset(), 60u + 148 + 4);
    EXPECT_NE(e.error().render().find("opcode 11"), std::string::npos);
    bytes[60 + 148 + 4] = 0;
    EXPECT_EQ(read(bytes).error().code(), "fx.opcode");
    Effect bad = sample();
    bad.commands[1].word = 0x10C;
    EXPECT_EQ(write(bad).error().code(), "fx.opcode");
}

TEST(Fx, CountPastThePayload) {
    auto bytes = *write(sample());
    // A count no payload of this size can hold fails before any allocation.
    bytes[3] = 0x40;  // 0x40000003 commands
    auto e = read(bytes);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "fx.count");
    EXPECT_EQ(e.error().find("field"), "command_count");
    // One command more than there are: the fourth has no word.
    bytes[3] = 0;
    bytes[0] = 4;
    e = read(bytes);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "bytes.eof");
    // The last command's body cut short.
    bytes[0] = 3;
    Bytes cut(bytes.begin(), bytes.end() - 1);
    e = read(cut);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "fx.command_out_of_bounds");
    EXPECT_EQ(e.error().find("record"), "2");
    EXPECT_EQ(e.error().offset(), 60u + 148 + 4);
    EXPECT_NE(e.error().render().find("224 bytes"), std::string::npos);
    EXPECT_EQ(read(Bytes(59, 0)).error().code(), "bytes.eof");  // header cut
}

TEST(Fx, TrailingBytesAreAnError) {
    auto bytes = *write(sample());
    bytes.push_back(0);
    auto e = read(bytes);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "bytes.trailing");
    EXPECT_EQ(e.error().offset(), 60u + 148 + 4 + 224);
}

TEST(Fx, WriterChecksBodySizes) {
    Effect e = sample();
    e.commands[2].body.pop_back();
    auto w = write(e);
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.error().code(), "fx.body_size");
    EXPECT_EQ(w.error().find("record"), "2");
}

TEST(Fx, ProbeAndDescribe) {
    auto bytes = *write(sample());
    registry::FormatRegistry reg;
    registerFormat(reg);
    EXPECT_EQ(probe(bytes, "boom.fx"), 100);
    EXPECT_EQ(probe(bytes, "BOOM"), 45);  // an NRes FXID entry name without extension
    Effect empty;
    EXPECT_EQ(probe(*write(empty), "x.bin"), 0);  // 60 bytes of header alone prove nothing without the name
    Bytes cut(bytes.begin(), bytes.end() - 1);
    EXPECT_EQ(probe(cut, "boom.fx"), 0);
    const auto* f = reg.detect(bytes, "boom.fx");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->name, "fx");
    auto d = f->describe(bytes, "boom.fx");
    ASSERT_TRUE(d.ok());
    EXPECT_NE(d->json.find("\"archive\": \"sounds.lib\""), std::string::npos);
    EXPECT_NE(d->json.find("\"name\": \"BOOM.WAV\""), std::string::npos);
    EXPECT_NE(d->json.find("\"time_mode\": 14"), std::string::npos);
    EXPECT_NE(d->text.find("3 command(s)"), std::string::npos);
    EXPECT_NE(d->text.find("op 2 sound (148 bytes) sounds.lib/BOOM.WAV"), std::string::npos);
    EXPECT_NE(d->text.find("op 6 disabled (4 bytes)"), std::string::npos);
}

}  // namespace
}  // namespace vestige::iron3d::fx
