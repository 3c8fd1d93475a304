// Fuzz the Land.msh reader with a whole NRes as input. For every terrain it accepts: the lossless writer gives
// the input back, the decoded data rebuilds to a canonical archive that reads back to the same bytes, and the
// view, description and (on a quarter of the inputs) the glTF export succeed or fail without crashing.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/land/inspect.hpp"
#include "vestige/iron3d/land/land.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView input(data, size);
    auto terrain = land::Terrain::read(input);
    if (!terrain) return 0;
    auto again = land::write(*terrain);
    if (!again || *again != Bytes(input.begin(), input.end())) std::abort();
    if (!land::validate(terrain->data()).ok()) std::abort();
    (void)land::geometry(terrain->data());
    (void)land::describe(*terrain, "fuzz");
    if (size % 4 == 0) (void)land::exportGlb(*terrain);
    auto rebuilt = land::build(terrain->data());
    if (!rebuilt) std::abort();
    auto reread = land::Terrain::read(*rebuilt);
    if (!reread) std::abort();
    auto twice = land::build(reread->data());
    if (!twice || *twice != *rebuilt) std::abort();
    return 0;
}
