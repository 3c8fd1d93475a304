// Fuzz the MAT0 reader. The first input byte picks the version (the NRes attr2 in real archives);
// accepted materials re-write byte for byte and describe.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/mat0/mat0.hpp"
#include "vestige/iron3d/mat0/register.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint32_t version = data[0] % 8;
    const ByteView in(data + 1, size - 1);
    auto m = mat0::read(in, version, 1);
    (void)mat0::probe(in, "fuzz");
    if (!m) return 0;
    auto out = mat0::write(*m);
    if (!out || *out != Bytes(in.begin(), in.end())) std::abort();
    for (const auto& p : m->phases) (void)p.texture();
    (void)mat0::describe(*m, "fuzz", "fuzz");
    return 0;
}
