#pragma once
// A frame's 2D overlay (a HUD drawn with GMod's surface library): filled rectangles, lines and text as ink
// bitmaps, in screen pixels with the origin at the top-left, drawn in list order over the 3D frame with alpha
// blending. Backend-neutral: a client realm fills it, a renderer draws it; neither knows the other.
#include <cstdint>
#include <vector>

namespace vestige::scene {

struct Rgba8 {
    std::uint8_t r = 255, g = 255, b = 255, a = 255;
    friend bool operator==(const Rgba8&, const Rgba8&) = default;
};

// 8-bit ink coverage (0 none .. 255 full), `width` x `height`, top row first.
struct Coverage {
    std::uint32_t width = 0, height = 0;
    std::vector<std::uint8_t> ink;
};

struct Draw2D {
    enum class Kind : std::uint8_t {
        Rect,  // pixels x0 <= x < x1, y0 <= y < y1
        Line,  // from (x0, y0) to (x1, y1), one pixel wide
        Text,  // bitmaps[bitmap] with its top-left pixel at (x0, y0), tinted by color
    };
    Kind kind = Kind::Rect;
    std::int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    Rgba8 color;
    std::uint32_t bitmap = 0;
};

struct DrawList2D {
    std::vector<Draw2D> items;
    std::vector<Coverage> bitmaps;
    void clear() {
        items.clear();
        bitmaps.clear();
    }
    [[nodiscard]] bool empty() const { return items.empty(); }
};

}  // namespace vestige::scene
