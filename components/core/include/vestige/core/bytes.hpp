#pragma once
// Bounds-checked little-endian reading and writing.
//
// ByteReader walks a span; every failed read returns an Error whose offset is absolute
// (base offset of the reader + position), so a sub-reader over an archive entry still reports
// offsets into the whole file. Every read takes an optional field name for the error.
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/result.hpp"

namespace vestige {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;

inline ByteView asBytes(std::string_view s) { return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}; }
inline std::string_view asChars(ByteView b) { return {reinterpret_cast<const char*>(b.data()), b.size()}; }

// A fixed-size name field: the text is the bytes before the first NUL; the whole field (tail
// included) is kept so writers can emit it unchanged.
struct FixedString {
    Bytes raw;                  // all N bytes of the field
    bool terminated = false;    // a NUL was found inside the field
    [[nodiscard]] std::string_view text() const;  // bytes before the first NUL (or all N)
};

// Little-endian loads from raw memory; callers guarantee the bounds.
inline std::uint16_t loadU16(const std::uint8_t* p) { return static_cast<std::uint16_t>(p[0] | (p[1] << 8)); }
inline std::uint32_t loadU32(const std::uint8_t* p) {
    return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
           (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}
inline std::uint64_t loadU64(const std::uint8_t* p) {
    return static_cast<std::uint64_t>(loadU32(p)) | (static_cast<std::uint64_t>(loadU32(p + 4)) << 32);
}
inline float loadF32(const std::uint8_t* p) { return std::bit_cast<float>(loadU32(p)); }

// Overflow-checked size arithmetic for count*stride and offset+size before allocating.
[[nodiscard]] bool checkedMul(std::uint64_t a, std::uint64_t b, std::uint64_t& out);
[[nodiscard]] bool checkedAdd(std::uint64_t a, std::uint64_t b, std::uint64_t& out);

class ByteReader {
public:
    ByteReader() = default;
    explicit ByteReader(ByteView data, std::uint64_t baseOffset = 0) : mData(data), mBase(baseOffset) {}

    [[nodiscard]] Result<std::uint8_t> u8(std::string_view field = {});
    [[nodiscard]] Result<std::uint16_t> u16(std::string_view field = {});
    [[nodiscard]] Result<std::uint32_t> u32(std::string_view field = {});
    [[nodiscard]] Result<std::uint64_t> u64(std::string_view field = {});
    [[nodiscard]] Result<std::int8_t> i8(std::string_view field = {});
    [[nodiscard]] Result<std::int16_t> i16(std::string_view field = {});
    [[nodiscard]] Result<std::int32_t> i32(std::string_view field = {});
    [[nodiscard]] Result<std::int64_t> i64(std::string_view field = {});
    // Bit-exact: NaN payloads and signed zeros survive a read/write round trip.
    [[nodiscard]] Result<float> f32(std::string_view field = {});
    [[nodiscard]] Result<double> f64(std::string_view field = {});

    // The next n bytes as a view into the underlying data (no copy).
    [[nodiscard]] Result<ByteView> bytes(std::size_t n, std::string_view field = {});
    [[nodiscard]] Result<FixedString> fixedString(std::size_t n, std::string_view field = {});
    // u32 length + bytes, no terminator (Iron3D LpString).
    [[nodiscard]] Result<std::string> lpString32(std::string_view field = {});
    // A NUL-terminated string; consumes the NUL. Fails if no NUL before the end.
    [[nodiscard]] Result<std::string> cString(std::string_view field = {});
    // A reader over the next n bytes (consumed here), reporting absolute offsets.
    [[nodiscard]] Result<ByteReader> sub(std::size_t n, std::string_view field = {});
    // A reader over [pos, pos+n) of this reader's data, without moving this reader.
    [[nodiscard]] Result<ByteReader> subAt(std::size_t pos, std::size_t n, std::string_view field = {}) const;
    // count*stride bytes as a reader, with the multiplication checked before anything else.
    [[nodiscard]] Result<ByteReader> array(std::uint64_t count, std::uint64_t stride, std::string_view field = {});

    [[nodiscard]] Status skip(std::size_t n, std::string_view field = {});
    [[nodiscard]] Status seek(std::size_t pos);
    // Succeeds only when every byte was consumed (parsers stop exactly at the end of their payload).
    [[nodiscard]] Status expectEnd(std::string_view what = {}) const;

    [[nodiscard]] std::size_t position() const { return mPos; }
    [[nodiscard]] std::size_t size() const { return mData.size(); }
    [[nodiscard]] std::size_t remaining() const { return mData.size() - mPos; }
    [[nodiscard]] bool atEnd() const { return mPos == mData.size(); }
    [[nodiscard]] std::uint64_t absolute() const { return mBase + mPos; }
    [[nodiscard]] std::uint64_t baseOffset() const { return mBase; }
    [[nodiscard]] ByteView data() const { return mData; }
    [[nodiscard]] ByteView rest() const { return mData.subspan(mPos); }

    // The error a failed read of `want` bytes at the current position produces.
    [[nodiscard]] Error eofError(std::size_t want, std::string_view field) const;

private:
    template <class T>
    Result<T> readScalar(std::string_view field);

    ByteView mData;
    std::uint64_t mBase = 0;
    std::size_t mPos = 0;
};

class ByteWriter {
public:
    void u8(std::uint8_t v) { mOut.push_back(v); }
    void u16(std::uint16_t v);
    void u32(std::uint32_t v);
    void u64(std::uint64_t v);
    void i8(std::int8_t v) { u8(static_cast<std::uint8_t>(v)); }
    void i16(std::int16_t v) { u16(static_cast<std::uint16_t>(v)); }
    void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
    void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
    void f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }
    void f64(double v) { u64(std::bit_cast<std::uint64_t>(v)); }
    void bytes(ByteView b) { mOut.insert(mOut.end(), b.begin(), b.end()); }
    void chars(std::string_view s) { bytes(asBytes(s)); }
    void zeros(std::size_t n) { mOut.insert(mOut.end(), n, 0); }
    void fill(std::size_t n, std::uint8_t v) { mOut.insert(mOut.end(), n, v); }
    // Writes `text` into an n-byte field, NUL-padded. Text must be shorter than n (checked by callers).
    void fixedString(std::string_view text, std::size_t n);
    void fixedString(const FixedString& s) { bytes(s.raw); }
    void lpString32(std::string_view s) { u32(static_cast<std::uint32_t>(s.size())); chars(s); }
    void alignTo(std::size_t alignment, std::uint8_t pad = 0);
    // Overwrites 4 bytes at pos (for sizes/offsets known only later).
    void patchU32(std::size_t pos, std::uint32_t v);
    void patchU16(std::size_t pos, std::uint16_t v);

    [[nodiscard]] std::size_t size() const { return mOut.size(); }
    [[nodiscard]] const Bytes& data() const { return mOut; }
    Bytes take() { return std::move(mOut); }

private:
    Bytes mOut;
};

// Hex dump helper for error messages ("4E 52 65 73").
std::string hexBytes(ByteView b, std::size_t max = 16);
std::string hex(std::uint64_t v);  // "0x1F"

}  // namespace vestige
