// PackageBuilder and the recorded package shapes.
#include "vestige/iron3d/scr/builder.hpp"

namespace vestige::iron3d::scr {

PackageBuilder& PackageBuilder::event(std::string name, std::uint32_t word) {
    Event ev;
    ev.name = std::move(name);
    ev.word = word;
    mPackage.events.push_back(std::move(ev));
    return *this;
}

PackageBuilder& PackageBuilder::instruction(Instruction ins) {
    if (mPackage.events.empty()) event("Init");
    mPackage.events.back().instructions.push_back(std::move(ins));
    return *this;
}

PackageBuilder& PackageBuilder::handler(std::uint32_t index, std::initializer_list<std::uint32_t> refs,
                                        std::array<std::uint32_t, 4> words, std::uint32_t tail) {
    Instruction ins;
    ins.head = {index, words[0], words[1], words[2], words[3]};
    ins.refs.assign(refs);
    ins.tail = tail;
    return instruction(std::move(ins));
}

PackageBuilder& PackageBuilder::sentinel(std::initializer_list<std::uint32_t> refs, std::array<std::uint32_t, 4> words,
                                         std::uint32_t tail) {
    return handler(kSentinel, refs, words, tail);
}

PackageBuilder& PackageBuilder::trailing(Bytes bytes) {
    mPackage.trailing = std::move(bytes);
    return *this;
}

Package c1m2pShape() {
    PackageBuilder b;
    b.event("Init", 1).handler(19, {kClanBaseXIndex, kClanBaseYIndex, kClanIdIndex});
    b.event("Mission", 2).sentinel({10, 11}).handler(30, {12, 13});
    b.event("Problems0", 3).sentinel().handler(8, {14}).sentinel();
    b.event("Fort_Task_Complete", 4).handler(30, {12, 15}).sentinel();
    b.event("Hero_Teleported", 5).handler(2, {16, 17, 18, 19, 20, 21, 22});
    b.event("Problems1", 6).sentinel().handler(8, {23});
    b.event("Problems2", 7).sentinel().sentinel();
    b.event("Timer0", 8).handler(0).sentinel();
    b.event("Clan_Destroyed", 9).sentinel().handler(30, {12, 13});
    return b.package();
}

Package autoDemoShape() {
    PackageBuilder b;
    b.event("Init").handler(19, {kClanBaseXIndex, kClanBaseYIndex, kClanIdIndex});
    b.event("Mission").sentinel();
    return b.package();
}

}  // namespace vestige::iron3d::scr
