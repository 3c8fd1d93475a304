// FXID reader: arbitrary bytes either fail with an error whose offset lies inside the input, or read,
// describe and write back byte-exact.
#include <cstdlib>

#include "vestige/iron3d/fx/fx.hpp"
#include "vestige/iron3d/fx/register.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige;
    const ByteView in(data, size);
    auto effect = iron3d::fx::read(in);
    if (!effect) {
        if (effect.error().offset() && *effect.error().offset() > size) std::abort();
        return 0;
    }
    auto again = iron3d::fx::write(*effect);
    if (!again || *again != Bytes(in.begin(), in.end())) std::abort();
    if (!iron3d::fx::describe(in, "fuzz.fx")) std::abort();
    return 0;
}
