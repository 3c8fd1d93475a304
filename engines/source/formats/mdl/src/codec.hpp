#pragma once
// Shared field codec for the three studio files. Each struct's fields are listed once, in a template
// `fields(codec, struct)`; the Decoder walks them to read (after the caller bounds-checked the whole
// struct) and the Encoder walks the same list to write, so reader and writer cannot drift apart.
#include <fmt/format.h>

#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <string>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::mdl::detail {

class Decoder {
public:
    explicit Decoder(const std::uint8_t* p) : mP(p) {}
    void u8(std::uint8_t& v) { v = *mP++; }
    void i8(std::int8_t& v) { v = static_cast<std::int8_t>(*mP++); }
    void u16(std::uint16_t& v) {
        v = loadU16(mP);
        mP += 2;
    }
    void i16(std::int16_t& v) {
        v = static_cast<std::int16_t>(loadU16(mP));
        mP += 2;
    }
    void u32(std::uint32_t& v) {
        v = loadU32(mP);
        mP += 4;
    }
    void i32(std::int32_t& v) {
        v = static_cast<std::int32_t>(loadU32(mP));
        mP += 4;
    }
    void f32(float& v) {
        v = loadF32(mP);
        mP += 4;
    }
    void vec2(Vec2& v) {
        f32(v.x);
        f32(v.y);
    }
    void vec3(Vec3& v) {
        f32(v.x);
        f32(v.y);
        f32(v.z);
    }
    void vec4(Vec4& v) {
        f32(v.x);
        f32(v.y);
        f32(v.z);
        f32(v.w);
    }
    void quat(Quat& q) {
        f32(q.x);
        f32(q.y);
        f32(q.z);
        f32(q.w);
    }
    template <std::size_t N>
    void raw(std::array<std::uint8_t, N>& a) {
        std::memcpy(a.data(), mP, N);
        mP += N;
    }
    template <class T, std::size_t N>
    void each(std::array<T, N>& a) {
        for (auto& v : a) one(v);
    }
    [[nodiscard]] const std::uint8_t* cursor() const { return mP; }

private:
    void one(std::int32_t& v) { i32(v); }
    void one(float& v) { f32(v); }
    void one(std::int8_t& v) { i8(v); }
    void one(std::uint8_t& v) { u8(v); }
    const std::uint8_t* mP;
};

class Encoder {
public:
    explicit Encoder(std::uint8_t* p) : mP(p) {}
    void u8(std::uint8_t v) { *mP++ = v; }
    void i8(std::int8_t v) { *mP++ = static_cast<std::uint8_t>(v); }
    void u16(std::uint16_t v) {
        *mP++ = static_cast<std::uint8_t>(v);
        *mP++ = static_cast<std::uint8_t>(v >> 8);
    }
    void i16(std::int16_t v) { u16(static_cast<std::uint16_t>(v)); }
    void u32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i) *mP++ = static_cast<std::uint8_t>(v >> (8 * i));
    }
    void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
    void f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }
    void vec2(const Vec2& v) {
        f32(v.x);
        f32(v.y);
    }
    void vec3(const Vec3& v) {
        f32(v.x);
        f32(v.y);
        f32(v.z);
    }
    void vec4(const Vec4& v) {
        f32(v.x);
        f32(v.y);
        f32(v.z);
        f32(v.w);
    }
    void quat(const Quat& q) {
        f32(q.x);
        f32(q.y);
        f32(q.z);
        f32(q.w);
    }
    template <std::size_t N>
    void raw(const std::array<std::uint8_t, N>& a) {
        std::memcpy(mP, a.data(), N);
        mP += N;
    }
    template <class T, std::size_t N>
    void each(const std::array<T, N>& a) {
        for (const auto& v : a) one(v);
    }
    [[nodiscard]] const std::uint8_t* cursor() const { return mP; }

private:
    void one(std::int32_t v) { i32(v); }
    void one(float v) { f32(v); }
    void one(std::int8_t v) { i8(v); }
    void one(std::uint8_t v) { u8(v); }
    std::uint8_t* mP;
};

// Decodes one struct at an absolute offset the caller already checked (offset + Size <= data.size()).
template <std::size_t Size, class T, class Fields>
void decodeAt(ByteView data, std::uint64_t offset, T& out, Fields fields) {
    Decoder d(data.data() + offset);
    fields(d, out);
    assert(d.cursor() == data.data() + offset + Size && "field list does not cover the struct size");
}

// Encodes one struct over `out` at `offset`; fails instead of writing past the end.
template <std::size_t Size, class T, class Fields>
Status encodeAt(Bytes& out, std::uint64_t offset, const T& in, Fields fields, std::string_view what) {
    if (offset > out.size() || out.size() - offset < Size)
        return Error("mdl.write_range", fmt::format("{} lies outside the kept file bytes", what))
            .at(offset)
            .expected(fmt::format("{} bytes before {}", Size, out.size()));
    Encoder e(out.data() + offset);
    fields(e, in);
    assert(e.cursor() == out.data() + offset + Size && "field list does not cover the struct size");
    return {};
}

// Bounds for one table: `base + rel` is the table start, `count` elements of `stride` bytes must fit inside the
// file. `fieldOffset` is where the count/offset pair sits (for the error). Returns the absolute table start.
inline Result<std::uint64_t> tableAt(std::string_view code, ByteView data, std::uint64_t base, std::int64_t rel,
                                     std::int64_t count, std::uint64_t stride, std::string field,
                                     std::uint64_t fieldOffset) {
    if (count < 0)
        return Error::atField(std::string(code) + ".bad_count", "negative element count", field, fieldOffset)
            .expected(">= 0")
            .actual(std::to_string(count));
    const std::int64_t start = static_cast<std::int64_t>(base) + rel;
    if (count == 0) return static_cast<std::uint64_t>(start < 0 ? 0 : start);
    std::uint64_t bytes = 0, end = 0;
    if (start < 0 || !checkedMul(static_cast<std::uint64_t>(count), stride, bytes) ||
        !checkedAdd(static_cast<std::uint64_t>(start), bytes, end) || end > data.size())
        return Error::atField(std::string(code) + ".bad_offset", "table lies outside the file", std::move(field),
                              fieldOffset)
            .expected(fmt::format("{} x {} bytes inside 0..{}", count, stride, data.size()))
            .actual(fmt::format("start {} (base {} + {})", start, base, rel));
    return static_cast<std::uint64_t>(start);
}

// A NUL-terminated name at base + rel; rel 0 means "no name" (the engine would read the struct itself).
inline Result<std::string> nameAt(std::string_view code, ByteView data, std::uint64_t base, std::int64_t rel,
                                  std::string field, std::uint64_t fieldOffset) {
    if (rel == 0) return std::string();
    const std::int64_t start = static_cast<std::int64_t>(base) + rel;
    if (start < 0 || static_cast<std::uint64_t>(start) >= data.size())
        return Error::atField(std::string(code) + ".bad_name", "name offset lies outside the file", std::move(field),
                              fieldOffset)
            .expected(fmt::format("0..{}", data.size()))
            .actual(std::to_string(start));
    const auto* p = data.data() + start;
    const auto* end = data.data() + data.size();
    const auto* nul = static_cast<const std::uint8_t*>(std::memchr(p, 0, static_cast<std::size_t>(end - p)));
    if (!nul)
        return Error::atField(std::string(code) + ".unterminated_name", "name runs to the end of the file",
                              std::move(field), fieldOffset)
            .expected("a NUL before the end")
            .actual(fmt::format("starts at {}", start));
    return std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(nul - p));
}

// Guards against tables that point into each other: a sane file never decodes more struct bytes than it has.
class Budget {
public:
    Budget(std::string code, std::uint64_t fileSize) : mCode(std::move(code)), mLeft(fileSize * 2 + 4096) {}
    Status take(std::uint64_t bytes, std::string_view field, std::uint64_t fieldOffset) {
        if (bytes > mLeft)
            return Error::atField(mCode + ".overlapping_tables",
                                  "tables claim far more bytes than the file holds (shared or looping offsets)",
                                  std::string(field), fieldOffset);
        mLeft -= bytes;
        return {};
    }

private:
    std::string mCode;
    std::uint64_t mLeft;
};

inline std::string fixedText(const std::uint8_t* p, std::size_t n) {
    const auto* nul = static_cast<const std::uint8_t*>(std::memchr(p, 0, n));
    return std::string(reinterpret_cast<const char*>(p), nul ? static_cast<std::size_t>(nul - p) : n);
}

}  // namespace vestige::source::mdl::detail
