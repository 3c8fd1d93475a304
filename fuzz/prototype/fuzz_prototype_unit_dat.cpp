// Fuzz the unit DAT reader: an accepted file (either layout) writes back byte-exact and describes; a refused one
// reports a known code.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/prototype/inspect.hpp"
#include "vestige/iron3d/prototype/unit_dat.hpp"

using namespace vestige;
using namespace vestige::iron3d::prototype;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView input(data, size);
    auto file = readUnitFile(input);
    if (!file) {
        const auto& code = file.error().code();
        if (code != "unit_dat.bad_size" && code != "unit_dat.bad_magic") std::abort();
        return 0;
    }
    if (writeUnitFile(*file) != Bytes(input.begin(), input.end())) std::abort();
    if (file->layout == UnitLayout::Records && input.size() != 8 + 112 * file->dat.records.size()) std::abort();
    (void)describe(*file, "fuzz.dat");
    return 0;
}
