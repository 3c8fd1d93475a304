// CPT reader: arbitrary bytes either fail with an error whose offset lies inside the input, or read,
// describe and write back byte-exact.
#include <cstdlib>

#include "vestige/iron3d/cpt/cpt.hpp"
#include "vestige/iron3d/cpt/register.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige;
    const ByteView in(data, size);
    auto list = iron3d::cpt::read(in);
    if (!list) {
        if (list.error().offset() && *list.error().offset() > size) std::abort();
        return 0;
    }
    auto again = iron3d::cpt::write(*list);
    if (!again || *again != Bytes(in.begin(), in.end())) std::abort();
    if (!iron3d::cpt::describe(in, "fuzz.cpt")) std::abort();
    return 0;
}
