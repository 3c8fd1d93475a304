// Fuzz the TMA reader. Every accepted mission writes back to exactly its input bytes, its prefix decode gives
// the same land_path, and the description and placement export do not crash.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/tma/inspect.hpp"
#include "vestige/iron3d/tma/tma.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView input(data, size);
    auto prefix = tma::readLandPath(input);
    auto mission = tma::read(input);
    if (!mission) return 0;
    if (!prefix || *prefix != mission->landPath) std::abort();
    auto again = tma::write(*mission);
    if (!again || *again != Bytes(input.begin(), input.end())) std::abort();
    (void)tma::describe(*mission, "fuzz");
    if (size % 4 == 0) (void)tma::exportGlb(*mission);
    return 0;
}
