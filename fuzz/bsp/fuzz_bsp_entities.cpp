// Fuzz target: the entity-lump text parser; a successful parse must survive write -> parse unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "vestige/source/bsp/entities.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::source::bsp;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto ents = parseEntities(text, 0);
    if (!ents.ok()) return 0;
    for (const auto& e : *ents) {
        (void)e.className();
        (void)e.vec3("origin");
    }
    auto written = writeEntities(*ents);
    if (!written.ok()) std::abort();  // parsed keys never contain quotes or NUL
    auto back = parseEntities(*written, 0);
    if (!back.ok() || *back != *ents) std::abort();
    return 0;
}
