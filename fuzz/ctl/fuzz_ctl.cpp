// CTLD reader: arbitrary bytes must either fail cleanly or read, write back byte-exact and bind.
#include <cstdlib>

#include "vestige/iron3d/ctl/ctl.hpp"

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
    return 0;
}
