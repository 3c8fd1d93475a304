#include "vestige/viewer/frame_input.hpp"

#include <array>

#include "vestige/core/text.hpp"

namespace vestige::viewer {
namespace {

constexpr std::array<std::string_view, kKeyCount> kNames = {
    "unknown",  "a",      "b",      "c",     "d",     "e",      "f",   "g",         "h",      "i",      "j",
    "k",        "l",      "m",      "n",     "o",     "p",      "q",   "r",         "s",      "t",      "u",
    "v",        "w",      "x",      "y",     "z",     "0",      "1",   "2",         "3",      "4",      "5",
    "6",        "7",      "8",      "9",     "left",  "right",  "up",  "down",      "home",   "end",    "pageup",
    "pagedown", "insert", "delete", "space", "enter", "escape", "tab", "backspace", "lshift", "rshift", "lctrl",
    "rctrl",    "lalt",   "ralt",   "f1",    "f2",    "f3",     "f4",  "f5",        "f6",     "f7",     "f8",
    "f9",       "f10",    "f11",    "f12",   "grave"};

}  // namespace

std::string_view keyName(Key key) {
    const auto i = static_cast<std::size_t>(key);
    return i < kKeyCount ? kNames[i] : kNames[0];
}

std::optional<Key> keyFromName(std::string_view name) {
    for (std::size_t i = 1; i < kKeyCount; ++i)
        if (iequals(kNames[i], name)) return static_cast<Key>(i);
    return std::nullopt;
}

namespace {

// One edge on a bit of held state: no edge when the state does not change (a repeat, a stray release).
template <std::size_t N>
void edge(std::bitset<N>& state, std::bitset<N>& held, std::bitset<N>& edges, std::size_t i, bool down) {
    if (state.test(i) == down) return;
    state.set(i, down);
    held.set(i, down);
    edges.set(i);
}

}  // namespace

void KeyState::down(FrameInput& f, Key k) {
    if (k != Key::Unknown) edge(mHeld, f.held, f.pressed, static_cast<std::size_t>(k), true);
}

void KeyState::up(FrameInput& f, Key k) { edge(mHeld, f.held, f.released, static_cast<std::size_t>(k), false); }

void KeyState::buttonDown(FrameInput& f, MouseButton b) {
    edge(mButtons, f.buttonsHeld, f.buttonsPressed, static_cast<std::size_t>(b), true);
}

void KeyState::buttonUp(FrameInput& f, MouseButton b) {
    edge(mButtons, f.buttonsHeld, f.buttonsReleased, static_cast<std::size_t>(b), false);
}

void KeyState::releaseAll(FrameInput& f) {
    f.released |= mHeld;
    f.buttonsReleased |= mButtons;
    mHeld.reset();
    mButtons.reset();
    f.held.reset();
    f.buttonsHeld.reset();
}

FrameInput KeyState::begin(std::uint64_t elapsedMicros) const {
    FrameInput f;
    f.elapsedMicros = elapsedMicros;
    f.held = mHeld;
    f.buttonsHeld = mButtons;
    return f;
}

}  // namespace vestige::viewer
