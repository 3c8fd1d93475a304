// Fuzz the Land.map reader: whole NRes inputs on even sizes, bare type-12 payloads (areal count from the first
// byte) on odd sizes. Every accepted map must validate, re-encode to its exact bytes and describe.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/land/areal_map.hpp"
#include "vestige/iron3d/land/inspect.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView input(data, size);
    if (size % 2 == 1) {
        if (size < 1) return 0;
        auto payload = land::ArealMap::readPayload(input.subspan(1), data[0]);
        if (!payload) return 0;
        if (!land::validate(*payload).ok()) std::abort();
        if (land::encodePayload(*payload) != Bytes(input.begin() + 1, input.end())) std::abort();
        (void)land::packGrid(payload->grid);
        return 0;
    }
    auto map = land::ArealMap::read(input);
    if (!map) return 0;
    auto again = land::write(*map);
    if (!again || *again != Bytes(input.begin(), input.end())) std::abort();
    if (!land::validate(map->data()).ok()) std::abort();
    (void)land::describe(*map, "fuzz");
    (void)land::packGrid(map->data().grid);
    return 0;
}
