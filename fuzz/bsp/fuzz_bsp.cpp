// Fuzz target: the whole BSP reader (header, lumps, LZMA, game lump, pakfile, entities), the describer, the
// writer and the world builder (every valid map must build or fail cleanly).
#include <cstddef>
#include <cstdint>

#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/describe.hpp"
#include "vestige/source/mapmesh/mapmesh.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::source::bsp;
    const vestige::ByteView view(data, size);
    auto bsp = readBsp(view);
    if (bsp.ok()) {
        (void)describe(*bsp, size);
        (void)entitiesJson(*bsp);
        (void)bsp->totalTriangleCount();
        for (std::size_t i = 0; i < bsp->texData.size(); ++i) (void)bsp->textureName(i);
        auto again = writeBsp(*bsp);
        (void)again;
        auto world = vestige::source::mapmesh::buildMapMesh(*bsp);
        (void)world;
    }
    return 0;
}
