// Fuzz the .scr reader: an accepted package writes back to exactly its input, an error's offset lies inside the
// input, the description and the event lookup do not crash.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/scr/inspect.hpp"
#include "vestige/iron3d/scr/scr.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView input(data, size);
    scr::Limits limits;
    limits.maxInstructions = 1u << 16;  // keep each input cheap
    auto package = scr::read(input, limits);
    if (!package) {
        const auto offset = package.error().offset();
        if (offset && *offset > size) __builtin_trap();
        return 0;
    }
    auto again = scr::write(*package);
    if (!again || *again != Bytes(input.begin(), input.end())) __builtin_trap();
    const scr::Counts c = scr::count(*package);
    if (c.handlers + c.sentinels + c.unknown != c.instructions) __builtin_trap();
    if (auto i = scr::findEvent(*package, "Init"); i && package->events[*i].cName() != "Init") __builtin_trap();
    (void)scr::describe(*package, "fuzz", [](std::uint32_t i) { return i % 2 ? std::string("v") : std::string(); });
    return 0;
}
