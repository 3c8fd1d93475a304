#include "vestige/iron3d/world/rng.hpp"

#include <fmt/format.h>

#include "vestige/core/bytes.hpp"
#include "vestige/core/text.hpp"

namespace vestige::iron3d::world {

std::uint64_t splitMix64(std::uint64_t value) {
    value += 0x9e3779b97f4a7c15ULL;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
    return value ^ (value >> 31);
}

bool isCosmeticStream(std::string_view name) {
    return name == kStreamCosmetic || (name.size() > kStreamCosmetic.size() && name.starts_with(kStreamCosmetic) &&
                                       name[kStreamCosmetic.size()] == '.');
}

NamedRngStream::NamedRngStream(std::uint64_t seed, std::string_view name) : mName(name) {
    mState = 0x9e3779b97f4a7c15ULL ^ seed;
    for (const char c : name) {
        mState ^= static_cast<std::uint8_t>(c);
        mState = splitMix64(mState);
    }
    if (mState == 0) mState = 0x6a09e667f3bcc909ULL;
}

std::uint32_t NamedRngStream::nextU32() {
    ++mCalls;
    mState = splitMix64(mState);
    return static_cast<std::uint32_t>(mState >> 32);
}

NamedRngStream& RngStreams::stream(std::string_view name) {
    auto it = mStreams.find(name);
    if (it == mStreams.end()) it = mStreams.emplace(std::string(name), NamedRngStream(mSeed, name)).first;
    return it->second;
}

const NamedRngStream* RngStreams::find(std::string_view name) const {
    const auto it = mStreams.find(name);
    return it == mStreams.end() ? nullptr : &it->second;
}

Sha256Digest RngStreams::digest() const {
    ByteWriter w;
    for (const char c : std::string_view("vestige-rng-v1\0", 15)) w.u8(static_cast<std::uint8_t>(c));
    std::uint64_t count = 0;
    for (const auto& [name, s] : mStreams) count += isCosmeticStream(name) ? 0 : 1;
    w.u64(count);
    for (const auto& [name, s] : mStreams) {
        if (isCosmeticStream(name)) continue;
        w.u32(static_cast<std::uint32_t>(name.size()));
        w.chars(name);
        w.u64(s.state());
        w.u64(s.calls());
    }
    return sha256(w.data());
}

std::string RngStreams::countersJson(bool includeCosmetic) const {
    std::string out = "{";
    for (const auto& [name, s] : mStreams) {
        if (!includeCosmetic && isCosmeticStream(name)) continue;
        if (out.size() > 1) out += ',';
        out += fmt::format(R"("{}":{{"calls":{},"state":"{:#018x}"}})", jsonEscape(name), s.calls(), s.state());
    }
    return out + "}";
}

}  // namespace vestige::iron3d::world
