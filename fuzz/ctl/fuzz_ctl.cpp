// CTLD reader: arbitrary bytes must either fail cleanly or read, write back byte-exact and bind; the effect
// section must either fail with an offset inside the input or read and re-encode to exactly the tail.
#include <cstdlib>

#include "vestige/iron3d/ctl/ctl.hpp"
#include "vestige/iron3d/ctl/effects.hpp"
#include "vestige/iron3d/ctl/register.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige;
    const ByteView in(data, size);
    auto file = iron3d::ctl::read(in);
    if (!file) return 0;
    auto again = iron3d::ctl::write(*file);
    if (!again || *again != Bytes(in.begin(), in.end())) std::abort();  // round trip must be exact
    auto bindings = iron3d::ctl::poseBindings(*file, 16);
    if (bindings)
        for (const auto& t : bindings->times)
            if (!t || !(*t >= 0.0f)) std::abort();  // every bound time is finite and >= 0
    auto effects = iron3d::ctl::readEffects(*file);
    if (!effects) {
        if (effects.error().offset() && *effects.error().offset() > size) std::abort();
        if (iron3d::ctl::describe(in, "fuzz.ctl")) std::abort();  // info must not hide the damage
        return 0;
    }
    auto tail = iron3d::ctl::writeEffects(*effects);
    if (!tail || *tail != file->tail) std::abort();
    for (const auto& e : iron3d::ctl::effectRows(*effects))
        if (e.data->type != iron3d::ctl::kEffectRowType) std::abort();
    if (!iron3d::ctl::describe(in, "fuzz.ctl")) std::abort();
    return 0;
}
