// FreeType faces at a cell height (face.hpp).
#include "vestige/font/face.hpp"

#include <ft2build.h>
#include FT_FREETYPE_H

#include <algorithm>
#include <cmath>

namespace vestige::font {
namespace {

// Decodes one UTF-8 sequence at s[i], advancing i; malformed bytes read as U+FFFD one byte at a time.
char32_t nextCodepoint(std::string_view s, std::size_t& i) {
    const auto b = static_cast<unsigned char>(s[i++]);
    if (b < 0x80) return b;
    const int extra = b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
    if (extra < 0 || i + extra > s.size()) return 0xfffd;
    char32_t cp = b & (0x3f >> extra);
    for (int k = 0; k < extra; ++k) {
        const auto c = static_cast<unsigned char>(s[i]);
        if ((c & 0xc0) != 0x80) return 0xfffd;
        cp = (cp << 6) | (c & 0x3f);
        ++i;
    }
    return cp;
}

}  // namespace

struct Face::Impl {
    std::vector<std::uint8_t> bytes;  // FreeType reads the face from here for its whole life
    FT_Library library = nullptr;
    FT_Face face = nullptr;
    int cell = 0;
    int ascent = 0;  // baseline, pixels below the cell's top
    bool antialias = true;
    mutable std::vector<FT_Pos> advances;  // per glyph index, -1 until loaded: measuring never loads a glyph twice
    ~Impl() {
        if (face) FT_Done_Face(face);
        if (library) FT_Done_FreeType(library);
    }

    // Walks the glyphs of one line: f(glyph slot, pen x in 26.6) per glyph; returns the final pen in 26.6. With
    // renderGlyphs, glyphs are rendered only while the pen is before `stop` pixels (then the walk ends), since
    // nothing after that is drawn.
    template <class F>
    FT_Pos walk(std::string_view text, bool renderGlyphs, F&& f, int stop = INT32_MAX) const {
        FT_Pos pen = 0;
        FT_UInt previous = 0;
        const FT_Int32 flags =
            renderGlyphs ? FT_LOAD_RENDER | (antialias ? FT_LOAD_TARGET_NORMAL : FT_LOAD_TARGET_MONO) : FT_LOAD_DEFAULT;
        for (std::size_t i = 0; i < text.size();) {
            if (renderGlyphs && (pen >> 6) >= stop) break;
            const FT_UInt glyph = FT_Get_Char_Index(face, nextCodepoint(text, i));
            if (previous && glyph && FT_HAS_KERNING(face)) {
                FT_Vector k;
                if (FT_Get_Kerning(face, previous, glyph, FT_KERNING_DEFAULT, &k) == 0) pen += k.x;
            }
            previous = glyph;
            if (!renderGlyphs && glyph < advances.size() && advances[glyph] >= 0) {
                pen += advances[glyph];
                continue;
            }
            if (FT_Load_Glyph(face, glyph, flags) != 0) continue;
            if (glyph < advances.size()) advances[glyph] = face->glyph->advance.x;
            if (renderGlyphs) f(face->glyph, pen);
            pen += face->glyph->advance.x;
        }
        return pen;
    }
};

Face::Face(std::unique_ptr<Impl> impl) : mImpl(std::move(impl)) {}
Face::~Face() = default;

Result<std::unique_ptr<Face>> Face::load(std::vector<std::uint8_t> bytes, int cellHeight, bool antialias) {
    if (cellHeight < 1 || cellHeight > 1024)
        return Error("font.size", "cell height out of range").expected("1..1024").actual(std::to_string(cellHeight));
    auto impl = std::make_unique<Impl>();
    impl->bytes = std::move(bytes);
    impl->cell = cellHeight;
    impl->antialias = antialias;
    if (FT_Init_FreeType(&impl->library) != 0) return Error("font.freetype", "cannot start FreeType");
    if (FT_New_Memory_Face(impl->library, impl->bytes.data(), static_cast<FT_Long>(impl->bytes.size()), 0,
                           &impl->face) != 0)
        return Error("font.face", "not a font FreeType can read");
    FT_Face f = impl->face;
    if (!FT_IS_SCALABLE(f)) return Error("font.face", "not a scalable font");
    // Scale the em so that ascent + descent fill the cell (a Windows font's height is its cell, not its em).
    const double span = static_cast<double>(f->ascender) - static_cast<double>(f->descender);
    const double em = span > 0 ? cellHeight * static_cast<double>(f->units_per_EM) / span : cellHeight;
    const auto emPixels = static_cast<FT_UInt>(std::max(1.0, std::floor(em)));
    if (FT_Set_Pixel_Sizes(f, 0, emPixels) != 0) return Error("font.size", "FreeType refused the size");
    impl->advances.assign(static_cast<std::size_t>(std::max<FT_Long>(f->num_glyphs, 0)), -1);
    impl->ascent = static_cast<int>(std::lround(static_cast<double>(f->ascender) * emPixels / f->units_per_EM));
    return std::unique_ptr<Face>(new Face(std::move(impl)));
}

int Face::cellHeight() const { return mImpl->cell; }

TextSize Face::measure(std::string_view utf8) const {
    const FT_Pos pen = mImpl->walk(utf8, false, [](FT_GlyphSlot, FT_Pos) {});
    return {static_cast<int>((pen + 63) >> 6), mImpl->cell};
}

Bitmap Face::render(std::string_view utf8, int from, int to) const {
    const TextSize size = measure(utf8);
    from = std::clamp(from, 0, size.width);
    to = std::clamp(to, from, size.width);
    Bitmap out;
    out.width = static_cast<std::uint32_t>(to - from);
    out.height = static_cast<std::uint32_t>(size.height);
    out.ink.assign(static_cast<std::size_t>(out.width) * out.height, 0);
    const int w = to - from, h = size.height, ascent = mImpl->ascent;
    const int margin = 2 * h;  // a glyph may reach left of its pen by less than this
    mImpl->walk(
        utf8, true,
        [&](FT_GlyphSlot g, FT_Pos pen) {
            const FT_Bitmap& b = g->bitmap;
            const int left = static_cast<int>(pen >> 6) + g->bitmap_left - from;
            if (left >= w || left + static_cast<int>(b.width) <= 0) return;  // outside the columns asked for
            const int top = ascent - g->bitmap_top;
            for (unsigned row = 0; row < b.rows; ++row) {
                const int y = top + static_cast<int>(row);
                if (y < 0 || y >= h) continue;  // clipped to the cell
                const unsigned char* src = b.buffer + static_cast<std::ptrdiff_t>(row) * b.pitch;
                for (unsigned col = 0; col < b.width; ++col) {
                    const int x = left + static_cast<int>(col);
                    if (x < 0 || x >= w) continue;
                    const std::uint8_t v = b.pixel_mode == FT_PIXEL_MODE_MONO
                                               ? ((src[col >> 3] >> (7 - (col & 7))) & 1 ? 255 : 0)
                                               : src[col];
                    std::uint8_t& dst = out.ink[static_cast<std::size_t>(y) * w + x];
                    dst = std::max(dst, v);
                }
            }
        },
        to + margin);
    return out;
}

}  // namespace vestige::font
