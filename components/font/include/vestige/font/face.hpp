#pragma once
// Text for 2D overlays: a font file rasterised with FreeType at one cell height. The cell height is GMod's
// CreateFont size: the height of a line in pixels, which surface.GetTextSize reports whatever the text (the wiki's
// example: "Trebuchet24" measures 24 high). The font's ascent plus descent is scaled to fill the cell, so no ink
// falls outside the measured box.
#include <climits>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "vestige/core/result.hpp"

namespace vestige::font {

struct TextSize {
    int width = 0, height = 0;
};

// 8-bit ink, top row first.
struct Bitmap {
    std::uint32_t width = 0, height = 0;
    std::vector<std::uint8_t> ink;
};

class Face {
public:
    // `bytes`: a TrueType/OpenType file (the face keeps them). `antialias` false renders 1-bit glyphs.
    [[nodiscard]] static Result<std::unique_ptr<Face>> load(std::vector<std::uint8_t> bytes, int cellHeight,
                                                            bool antialias = true);
    ~Face();
    Face(const Face&) = delete;
    Face& operator=(const Face&) = delete;

    // UTF-8 text on one line: width = the pen's advance (kerning included), height = the cell height.
    [[nodiscard]] TextSize measure(std::string_view utf8) const;
    // The text drawn into measure()'s box, the baseline at the scaled ascent; only the columns [from, to) of the
    // box (clamped to it), so a caller clips a long line to its screen before anything is allocated.
    [[nodiscard]] Bitmap render(std::string_view utf8, int from = 0, int to = INT32_MAX) const;
    [[nodiscard]] int cellHeight() const;

private:
    struct Impl;
    explicit Face(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> mImpl;
};

}  // namespace vestige::font
