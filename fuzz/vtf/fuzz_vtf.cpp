// Fuzz target: VTF reader, writer round trip (must be byte-exact for every accepted file), describer and the
// decoder for every subimage and the thumbnail (bounded to keep iterations fast).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "vestige/source/vtf/register.hpp"
#include "vestige/source/vtf/vtf.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::source::vtf;
    const vestige::ByteView view(data, size);
    ReadOptions options;
    options.maxSide = 1024;
    auto vtf = readVtf(view, options);
    if (!vtf.ok()) return 0;
    (void)describe(*vtf, size);
    auto again = writeVtf(*vtf);
    if (!again.ok() || *again != vestige::Bytes(data, data + size)) std::abort();  // round trip must be exact
    std::uint32_t decoded = 0;
    for (std::uint32_t m = 0; m < vtf->mipCount && decoded < 64; ++m)
        for (std::uint32_t f = 0; f < vtf->frames && decoded < 64; ++f)
            for (std::uint32_t face = 0; face < vtf->faces && decoded < 64; ++face, ++decoded) {
                auto img = decodeImage(*vtf, m, f, face);
                (void)img;
            }
    auto thumb = decodeThumbnail(*vtf);
    (void)thumb;
    return 0;
}
