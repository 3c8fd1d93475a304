// PNG reader fuzz target: any input must give an image or a structured error, never a crash; a decoded
// image must survive an encode/decode round trip unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "vestige/image/image.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto img = vestige::image::decodePng({data, size});
    if (!img) return 0;
    if (img->width() * static_cast<std::uint64_t>(img->height()) > (1u << 20)) return 0;  // keep runs fast
    auto png = vestige::image::encodePng(*img);
    if (!png) std::abort();
    auto back = vestige::image::decodePng(*png);
    if (!back || !(*back == *img)) std::abort();
    return 0;
}
