#include "vestige/image/image.hpp"

#include <algorithm>
#include <cassert>

namespace vestige::image {

Image::Image(std::uint32_t width, std::uint32_t height, Rgba8 fill) : mWidth(width), mHeight(height) {
    mPixels.resize(static_cast<std::size_t>(width) * height * 4);
    for (std::size_t i = 0; i < mPixels.size(); i += 4) {
        mPixels[i] = fill.r;
        mPixels[i + 1] = fill.g;
        mPixels[i + 2] = fill.b;
        mPixels[i + 3] = fill.a;
    }
}

Rgba8 Image::at(std::uint32_t x, std::uint32_t y) const {
    assert(x < mWidth && y < mHeight);
    const auto* p = mPixels.data() + (static_cast<std::size_t>(y) * mWidth + x) * 4;
    return {p[0], p[1], p[2], p[3]};
}

void Image::set(std::uint32_t x, std::uint32_t y, Rgba8 c) {
    assert(x < mWidth && y < mHeight);
    auto* p = mPixels.data() + (static_cast<std::size_t>(y) * mWidth + x) * 4;
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
    p[3] = c.a;
}

void Image::flipRows() {
    const std::size_t row = rowBytes();
    for (std::uint32_t y = 0; y < mHeight / 2; ++y) {
        auto* a = mPixels.data() + y * row;
        auto* b = mPixels.data() + (mHeight - 1 - y) * row;
        std::swap_ranges(a, a + row, b);
    }
}

}  // namespace vestige::image
