// Fuzz: CEventAction text -> parseEventAction. Never fails; the fields keep the engine's invariants: a target of at
// most 255 bytes, an input that is never empty ("Use" by default), times to fire never 0 (0 means always),
// a finite or non-finite delay exactly as atof reads it; names match themselves.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "vestige/source/game/io.hpp"

using namespace vestige::source::game;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const EventAction a = parseEventAction(text);
    if (a.target.size() > 255 || a.input.empty() || a.input.size() > 255 || a.parameter.size() > 255) std::abort();
    if (a.timesToFire == 0) std::abort();
    if (a.hasParameter == a.parameter.empty()) std::abort();
    if (!a.target.empty() && !namesMatch(a.target, a.target)) std::abort();
    const Variant v = Variant::ofString(std::string(text.substr(0, 64)));
    for (auto type : {Variant::Type::Float, Variant::Type::Integer, Variant::Type::Boolean, Variant::Type::Vector,
                      Variant::Type::Color})
        if (!v.convert(type)) std::abort();  // a string converts to every one of these
    (void)v.toString();
    return 0;
}
