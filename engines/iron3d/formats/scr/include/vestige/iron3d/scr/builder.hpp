#pragma once
// Building .scr packages in code (tests, fuzz seeds, the demo): events in order, instructions appended to the
// last event. The shapes below copy counts recorded in seed 002 / spec section 13, not any original bytes.
#include <initializer_list>
#include <string>

#include "vestige/iron3d/scr/scr.hpp"

namespace vestige::iron3d::scr {

class PackageBuilder {
public:
    explicit PackageBuilder(std::uint32_t handlerCount = kHandlerCount) { mPackage.handlerCount = handlerCount; }
    PackageBuilder& event(std::string name, std::uint32_t word = 0);
    // An instruction whose w0 selects handler `index` (0..72); w1..w4 and w6 as given.
    PackageBuilder& handler(std::uint32_t index, std::initializer_list<std::uint32_t> refs = {},
                            std::array<std::uint32_t, 4> words = {}, std::uint32_t tail = 0);
    PackageBuilder& sentinel(std::initializer_list<std::uint32_t> refs = {}, std::array<std::uint32_t, 4> words = {},
                             std::uint32_t tail = 0);
    PackageBuilder& instruction(Instruction ins);  // any raw record (unknown selectors included)
    PackageBuilder& trailing(Bytes bytes);
    [[nodiscard]] const Package& package() const { return mPackage; }
    [[nodiscard]] Result<Bytes> bytes() const { return write(mPackage); }

private:
    Package mPackage;
};

// The varset indices of ClanBaseX, ClanBaseY and ClanID in the GOG shared varset.var (spec section 13).
constexpr std::uint32_t kClanBaseXIndex = 224;
constexpr std::uint32_t kClanBaseYIndex = 225;
constexpr std::uint32_t kClanIdIndex = 226;

// The recorded shape of the GOG c1m2p.scr: 73 handlers, 9 events, 17 instruction records, 20 references, no
// trailing bytes. Our own events and records (Init with one Handler(19), problem states, callbacks, sentinels).
[[nodiscard]] Package c1m2pShape();
// The AutoDemo `default.scr` Init shape: `Init` holding one Handler(19) over varset 224/225/226, then a
// `Mission` event with a sentinel record.
[[nodiscard]] Package autoDemoShape();

}  // namespace vestige::iron3d::scr
