// Fuzz the Texm reader. For every texture it accepts: the writer reproduces the input byte for byte,
// every level decodes with both expansion rules, the description renders, Page rects rescale.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/texm/register.hpp"
#include "vestige/iron3d/texm/texm.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView in(data, size);
    auto t = texm::read(in, 7);
    if (!t) return 0;
    auto out = texm::write(*t);
    if (!out || *out != Bytes(in.begin(), in.end())) std::abort();
    for (std::uint32_t l = 0; l < t->mips.size(); ++l) {
        auto a = texm::decode(*t, l, texm::Expansion::Rounding);
        auto b = texm::decode(*t, l, texm::Expansion::Replication);
        if (a.ok() != b.ok()) std::abort();
        const auto m = t->mipSize(l);
        if (a && (a->width() != m.width || a->height() != m.height)) std::abort();
        if (t->page)
            for (const auto& r : *t->page) (void)texm::scaleRect(r, t->header.width, t->header.height, m.width, m.height);
    }
    (void)texm::describe(*t, "fuzz");
    return 0;
}
