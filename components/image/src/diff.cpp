#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "vestige/image/image.hpp"

namespace vestige::image {

DiffResult compare(const Image& expected, const Image& actual, int tolerance) {
    DiffResult r;
    if (expected.width() != actual.width() || expected.height() != actual.height()) {
        r.sizeMismatch = true;
        return r;
    }
    r.diff = Image(expected.width(), expected.height());
    for (std::uint32_t y = 0; y < expected.height(); ++y) {
        for (std::uint32_t x = 0; x < expected.width(); ++x) {
            const Rgba8 e = expected.at(x, y);
            const Rgba8 a = actual.at(x, y);
            const int d = std::max({std::abs(e.r - a.r), std::abs(e.g - a.g), std::abs(e.b - a.b), std::abs(e.a - a.a)});
            r.maxDelta = std::max(r.maxDelta, d);
            if (d > tolerance) {
                ++r.differingPixels;
                // Never fully dark: even a small error must stand out against the grey copy.
                r.diff.set(x, y, {static_cast<std::uint8_t>(std::min(255, 128 + d)), 0, 0, 255});
            } else {
                const auto grey = static_cast<std::uint8_t>((e.r * 54 + e.g * 183 + e.b * 19) / 256 / 3);
                r.diff.set(x, y, {grey, grey, grey, 255});
            }
        }
    }
    return r;
}

Status expectSimilar(const Image& expected, const Image& actual, int tolerance, const std::filesystem::path& diffPath,
                     const std::filesystem::path& actualPath) {
    const DiffResult r = compare(expected, actual, tolerance);
    if (r.matches()) return {};
    if (r.sizeMismatch) {
        Error e("image.size_mismatch", "images differ in size");
        e.expected(fmt::format("{}x{}", expected.width(), expected.height()))
            .actual(fmt::format("{}x{}", actual.width(), actual.height()));
        if (!actualPath.empty()) (void)writePng(actualPath, actual);
        return e;
    }
    std::string where;
    if (!diffPath.empty()) {
        auto st = writePng(diffPath, r.diff);
        where += st ? fmt::format("; diff image {}", diffPath.string()) : "; diff image could not be written";
    }
    if (!actualPath.empty()) {
        auto st = writePng(actualPath, actual);
        where += st ? fmt::format("; actual image {}", actualPath.string()) : "";
    }
    Error e("image.mismatch", fmt::format("{} pixel(s) differ by more than {}{}", r.differingPixels, tolerance, where));
    e.expected(fmt::format("max channel delta <= {}", tolerance)).actual(fmt::format("max channel delta {}", r.maxDelta));
    return e;
}

}  // namespace vestige::image
