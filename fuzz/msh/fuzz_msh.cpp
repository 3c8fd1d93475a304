// Fuzz the MSH reader with a whole NRes as input. For every model the reader accepts, the other
// layers must hold: geometry for every state/LOD, the description, the glTF export, and a rebuild
// that reads back and re-encodes to the same bytes.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/msh/inspect.hpp"
#include "vestige/iron3d/msh/msh.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    msh::ReadOptions options;
    options.allowFlatHierarchy = (size % 2) == 1;
    auto model = msh::Model::read(ByteView(data, size), options);
    if (!model) return 0;
    for (unsigned s = 0; s < msh::kStateCount; ++s)
        for (unsigned l = 0; l < msh::kLodCount; ++l) {
            auto g = msh::staticGeometry(*model, s, l);
            if (!g && model->data().nodeStride == msh::kNodeSize) std::abort();
        }
    (void)msh::describe(*model, "fuzz");
    // The glTF path is slow under sanitizers; exercise it on a quarter of the inputs.
    if (model->data().nodeStride == msh::kNodeSize && size % 4 == 0) (void)msh::exportGlb(*model, {});
    auto rebuilt = msh::build(model->data());
    if (!rebuilt) {
        // Only a flat (invalid) hierarchy may refuse to rebuild: the builder is strict.
        if (!model->hierarchyFlat()) std::abort();
        return 0;
    }
    auto again = msh::Model::read(*rebuilt);
    if (!again) std::abort();
    auto twice = msh::build(again->data());
    if (!twice || *twice != *rebuilt) std::abort();
    return 0;
}
