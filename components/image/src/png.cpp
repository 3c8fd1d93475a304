// PNG through libpng, entirely in memory.
//
//   offset 0   8 bytes   signature 89 50 4E 47 0D 0A 1A 0A
//   offset 8   chunks    u32be length | 4-byte type | data | u32be CRC
//                        IHDR first (width, height, depth, colour type, ..., interlace), IDAT..., IEND last
//
// libpng reports errors through longjmp; the functions that call setjmp hold only trivially destructible
// locals, and every C++ allocation happens outside them.
#include <fmt/format.h>
#include <png.h>

#include <csetjmp>
#include <cstring>

#include "vestige/core/file_io.hpp"
#include "vestige/image/image.hpp"

namespace vestige::image {
namespace {

constexpr std::size_t kSignatureSize = 8;
// Deflate cannot expand by more than ~1032:1, so a declared image larger than that multiple of the
// input can never be filled; refusing it first keeps forged headers from costing gigabytes.
constexpr std::uint64_t kMaxDeflateRatio = 1032;

struct IoState {
    const std::uint8_t* data = nullptr;
    std::size_t size = 0;
    std::size_t pos = 0;
    Bytes* out = nullptr;
    char message[200] = {};
};

void onError(png_structp png, png_const_charp msg) {
    auto* s = static_cast<IoState*>(png_get_error_ptr(png));
    std::snprintf(s->message, sizeof(s->message), "%s", msg ? msg : "libpng error");
    png_longjmp(png, 1);
}
void onWarning(png_structp, png_const_charp) {}

void onRead(png_structp png, png_bytep out, png_size_t n) {
    auto* s = static_cast<IoState*>(png_get_io_ptr(png));
    if (n > s->size - s->pos) {
        png_error(png, "unexpected end of data");
        return;
    }
    std::memcpy(out, s->data + s->pos, n);
    s->pos += n;
}

void onWrite(png_structp png, png_bytep in, png_size_t n) {
    auto* s = static_cast<IoState*>(png_get_io_ptr(png));
    s->out->insert(s->out->end(), in, in + n);
}
void onFlush(png_structp) {}

struct Header {
    png_uint_32 width = 0, height = 0;
    int depth = 0, colour = 0, interlace = 0;
    std::size_t rowBytes = 0;
};

// Phase 1: signature, chunks up to the first IDAT, transforms to RGBA8. Returns false on a libpng error.
bool readHeader(png_structp png, png_infop info, Header* h) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_user_limits(png, kMaxSide, kMaxSide);
    png_set_chunk_malloc_max(png, 8u << 20);
    png_read_info(png, info);
    png_get_IHDR(png, info, &h->width, &h->height, &h->depth, &h->colour, &h->interlace, nullptr, nullptr);
    png_set_expand(png);
    png_set_strip_16(png);
    if (h->colour == PNG_COLOR_TYPE_GRAY || h->colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(h->colour & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    h->rowBytes = png_get_rowbytes(png, info);
    return true;
}

// Phase 2: every row into caller-owned storage.
bool readRows(png_structp png, png_infop info, png_bytep* rows) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_read_image(png, rows);
    png_read_end(png, info);
    return true;
}

bool writeAll(png_structp png, png_infop info, png_uint_32 w, png_uint_32 h, png_bytep* rows) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 6);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, nullptr);
    return true;
}

Error pngError(const IoState& s, const char* code) {
    Error e(code, s.message[0] ? s.message : "libpng error");
    e.at(s.pos);
    return e;
}

}  // namespace

Result<Bytes> encodePng(const Image& image) {
    if (image.empty()) {
        return Error("image.empty", "cannot encode an empty image")
            .expected("width and height >= 1")
            .actual(fmt::format("{}x{}", image.width(), image.height()));
    }
    Bytes out;
    IoState s;
    s.out = &out;
    std::vector<png_bytep> rows(image.height());
    for (std::uint32_t y = 0; y < image.height(); ++y)
        rows[y] = const_cast<png_bytep>(image.data() + static_cast<std::size_t>(y) * image.rowBytes());
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s, onError, onWarning);
    if (!png) return Error("image.png_init", "libpng could not create a write struct");
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, nullptr);
        return Error("image.png_init", "libpng could not create an info struct");
    }
    png_set_write_fn(png, &s, onWrite, onFlush);
    const bool ok = writeAll(png, info, image.width(), image.height(), rows.data());
    png_destroy_write_struct(&png, &info);
    if (!ok) return Error("image.png_write", s.message);
    return out;
}

Result<Image> decodePng(ByteView data) {
    if (data.size() < kSignatureSize || png_sig_cmp(data.data(), 0, kSignatureSize) != 0) {
        Error e("image.png_signature", "not a PNG file");
        e.field("signature").at(0).expected("89 50 4E 47 0D 0A 1A 0A").actual(hexBytes(data, kSignatureSize));
        return e;
    }
    IoState s;
    s.data = data.data();
    s.size = data.size();
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &s, onError, onWarning);
    if (!png) return Error("image.png_init", "libpng could not create a read struct");
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, nullptr, nullptr);
        return Error("image.png_init", "libpng could not create an info struct");
    }
    png_set_read_fn(png, &s, onRead);
    Header h;
    if (!readHeader(png, info, &h)) {
        png_destroy_read_struct(&png, &info, nullptr);
        return pngError(s, "image.png_header");
    }
    const std::uint64_t expectedRow = static_cast<std::uint64_t>(h.width) * 4;
    if (h.rowBytes != expectedRow) {
        png_destroy_read_struct(&png, &info, nullptr);
        Error e("image.png_layout", "decoded row size is not 4 bytes per pixel");
        e.field("IHDR").at(s.pos).expected(std::to_string(expectedRow)).actual(std::to_string(h.rowBytes));
        return e;
    }
    std::uint64_t total = 0;
    if (!checkedMul(expectedRow, h.height, total) || total / kMaxDeflateRatio > data.size()) {
        png_destroy_read_struct(&png, &info, nullptr);
        Error e("image.png_too_large", "declared image size cannot be produced from this little compressed data");
        e.field("IHDR").at(16).expected(fmt::format("at most {} bytes of pixels", data.size() * kMaxDeflateRatio))
            .actual(fmt::format("{}x{} ({} bytes)", h.width, h.height, total));
        return e;
    }
    Image image(h.width, h.height);
    std::vector<png_bytep> rows(h.height);
    for (png_uint_32 y = 0; y < h.height; ++y) rows[y] = image.data() + static_cast<std::size_t>(y) * image.rowBytes();
    const bool ok = readRows(png, info, rows.data());
    png_destroy_read_struct(&png, &info, nullptr);
    if (!ok) return pngError(s, "image.png_data");
    return image;
}

Status writePng(const std::filesystem::path& path, const Image& image) {
    VESTIGE_TRY(auto bytes, encodePng(image));
    return writeFileAtomic(path, bytes);
}

Result<Image> readPng(const std::filesystem::path& path) {
    VESTIGE_TRY(auto bytes, readFile(path));
    return decodePng(bytes).file(path.string());
}

}  // namespace vestige::image
