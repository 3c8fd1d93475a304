// FX opcode 2 as a sound command: an enabled op-2 command of an effect read from bytes becomes one OneShot at the
// effect's world position and tick; the name rule is the SoundBank's (explicit archive, or the mission's library).
// The distances and ratio are seed 002's documented OneShot values (op-2 parameters of the thunder), not fields
// decoded from the body: which body bytes carry them is unknown.
#include "vestige/iron3d/environment/fx_sound.hpp"

#include <gtest/gtest.h>

using namespace vestige;
using namespace vestige::iron3d;
using namespace vestige::iron3d::environment;

namespace {

fx::Effect readBack(const fx::Effect& e) {
    auto bytes = fx::write(e);
    EXPECT_TRUE(bytes.ok());
    auto back = fx::read(*bytes);
    EXPECT_TRUE(back.ok());
    return *back;
}

}  // namespace

TEST(FxSound, EnabledOpTwoBecomesAOneShotAtTheEffectsPosition) {
    fx::Effect e;
    e.commands.push_back(fx::makeCommand(1, true));                               // not a sound
    e.commands.push_back(fx::makeCommand(2, true, "sounds.lib", "EXPLODE.WAV"));  // explicit library
    e.commands.push_back(fx::makeCommand(2, false, "", "SKIPPED.WAV"));           // disabled: no event
    e.commands.push_back(fx::makeCommand(2, true, "", "HIT.WAV"));                // the mission's library
    e.commands.back().body[70] = 0x42;                                            // unknown body bytes stay raw
    const Vec3 at{10, -20, 35};
    auto events = fxSoundEvents(readBack(e), at, 77);
    ASSERT_TRUE(events.ok()) << events.error().render();
    ASSERT_EQ(events->size(), 2u);
    const audio::SoundEvent& a = (*events)[0];
    EXPECT_EQ(a.kind, audio::EventKind::OneShot);
    EXPECT_EQ(a.bus, audio::Bus::Effects);
    EXPECT_EQ(a.tick, 77u);
    EXPECT_EQ(a.sample, (audio::SampleKey{"sounds.lib", "EXPLODE.WAV"}));
    EXPECT_TRUE(a.positional);
    EXPECT_EQ(a.position, at);
    EXPECT_EQ(a.volume, 1.0f);
    EXPECT_EQ(a.minDistance, 100.0f);
    EXPECT_EQ(a.maxDistance, 1500.0f);
    EXPECT_EQ(a.frequencyRatio, 1.0f);
    EXPECT_EQ((*events)[1].sample, (audio::SampleKey{"", "HIT.WAV"}));
}

TEST(FxSound, NameFieldWithAnArchivePrefixIsSplitLikeScheduleNames) {
    auto event = fxSoundEvent(fx::makeCommand(2, true, "", "sounds.lib/BOOM.WAV"), {}, 0);
    ASSERT_TRUE(event.ok());
    ASSERT_TRUE(*event);
    EXPECT_EQ((*event)->sample, (audio::SampleKey{"sounds.lib", "BOOM.WAV"}));
}

TEST(FxSound, ErrorsAreStructured) {
    auto other = fxSoundEvent(fx::makeCommand(3, true, "a", "b"), {}, 0);
    ASSERT_FALSE(other.ok());
    EXPECT_EQ(other.error().code(), "environment.fx_not_sound");
    fx::Effect e;
    e.commands.push_back(fx::makeCommand(6, true));
    e.commands.push_back(fx::makeCommand(2, true, "sounds.lib", ""));
    auto events = fxSoundEvents(e, {}, 0);
    ASSERT_FALSE(events.ok());
    EXPECT_EQ(events.error().code(), "environment.fx_sound_name");
    EXPECT_EQ(events.error().find("record"), "1");
    e.commands[1].word &= ~fx::kEnabledBit;  // disabled: no name needed, no event
    events = fxSoundEvents(e, {}, 0);
    ASSERT_TRUE(events.ok());
    EXPECT_TRUE(events->empty());
}
