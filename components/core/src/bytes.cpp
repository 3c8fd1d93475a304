#include "vestige/core/bytes.hpp"

#include <fmt/format.h>

#include <limits>

namespace vestige {

std::string_view FixedString::text() const {
    std::size_t n = 0;
    while (n < raw.size() && raw[n] != 0) ++n;
    return {reinterpret_cast<const char*>(raw.data()), n};
}

bool checkedMul(std::uint64_t a, std::uint64_t b, std::uint64_t& out) {
    if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) return false;
    out = a * b;
    return true;
}

bool checkedAdd(std::uint64_t a, std::uint64_t b, std::uint64_t& out) {
    if (b > std::numeric_limits<std::uint64_t>::max() - a) return false;
    out = a + b;
    return true;
}

Error ByteReader::eofError(std::size_t want, std::string_view field) const {
    Error e("bytes.eof", fmt::format("read of {} byte(s) past the end", want));
    e.at(absolute()).expected(fmt::format("{} byte(s)", want)).actual(fmt::format("{} remaining", remaining()));
    if (!field.empty()) e.field(std::string(field));
    return e;
}

template <class T>
Result<T> ByteReader::readScalar(std::string_view field) {
    if (remaining() < sizeof(T)) return eofError(sizeof(T), field);
    const std::uint8_t* p = mData.data() + mPos;
    mPos += sizeof(T);
    if constexpr (sizeof(T) == 1) return static_cast<T>(p[0]);
    else if constexpr (sizeof(T) == 2) return static_cast<T>(loadU16(p));
    else if constexpr (sizeof(T) == 4) return static_cast<T>(loadU32(p));
    else return static_cast<T>(loadU64(p));
}

Result<std::uint8_t> ByteReader::u8(std::string_view f) { return readScalar<std::uint8_t>(f); }
Result<std::uint16_t> ByteReader::u16(std::string_view f) { return readScalar<std::uint16_t>(f); }
Result<std::uint32_t> ByteReader::u32(std::string_view f) { return readScalar<std::uint32_t>(f); }
Result<std::uint64_t> ByteReader::u64(std::string_view f) { return readScalar<std::uint64_t>(f); }
Result<std::int8_t> ByteReader::i8(std::string_view f) { return readScalar<std::int8_t>(f); }
Result<std::int16_t> ByteReader::i16(std::string_view f) { return readScalar<std::int16_t>(f); }
Result<std::int32_t> ByteReader::i32(std::string_view f) { return readScalar<std::int32_t>(f); }
Result<std::int64_t> ByteReader::i64(std::string_view f) { return readScalar<std::int64_t>(f); }

Result<float> ByteReader::f32(std::string_view f) {
    VESTIGE_TRY(auto bits, readScalar<std::uint32_t>(f));
    return std::bit_cast<float>(bits);
}

Result<double> ByteReader::f64(std::string_view f) {
    VESTIGE_TRY(auto bits, readScalar<std::uint64_t>(f));
    return std::bit_cast<double>(bits);
}

Result<ByteView> ByteReader::bytes(std::size_t n, std::string_view field) {
    if (remaining() < n) return eofError(n, field);
    ByteView v = mData.subspan(mPos, n);
    mPos += n;
    return v;
}

Result<FixedString> ByteReader::fixedString(std::size_t n, std::string_view field) {
    VESTIGE_TRY(auto view, bytes(n, field));
    FixedString s;
    s.raw.assign(view.begin(), view.end());
    for (auto b : view)
        if (b == 0) { s.terminated = true; break; }
    return s;
}

Result<std::string> ByteReader::lpString32(std::string_view field) {
    const std::uint64_t start = absolute();
    const std::size_t startPos = mPos;
    VESTIGE_TRY(auto len, u32(field));
    if (len > remaining()) {
        const std::size_t available = remaining();
        mPos = startPos;  // a failed read never moves the reader
        Error e("bytes.string_length", "length-prefixed string runs past the end");
        e.at(start).expected(fmt::format("<= {} bytes", available)).actual(fmt::format("{} bytes", len));
        if (!field.empty()) e.field(std::string(field));
        return e;
    }
    VESTIGE_TRY(auto view, bytes(len, field));
    return std::string(asChars(view));
}

Result<std::string> ByteReader::cString(std::string_view field) {
    for (std::size_t i = mPos; i < mData.size(); ++i) {
        if (mData[i] == 0) {
            std::string s(reinterpret_cast<const char*>(mData.data() + mPos), i - mPos);
            mPos = i + 1;
            return s;
        }
    }
    Error e("bytes.unterminated", "string has no NUL before the end");
    e.at(absolute());
    if (!field.empty()) e.field(std::string(field));
    return e;
}

Result<ByteReader> ByteReader::sub(std::size_t n, std::string_view field) {
    const std::uint64_t base = absolute();
    VESTIGE_TRY(auto view, bytes(n, field));
    return ByteReader(view, base);
}

Result<ByteReader> ByteReader::subAt(std::size_t pos, std::size_t n, std::string_view field) const {
    std::uint64_t end = 0;
    if (!checkedAdd(pos, n, end) || end > mData.size()) {
        Error e("bytes.range", "range lies outside the data");
        e.at(mBase + pos).expected(fmt::format("end <= {}", mData.size())).actual(fmt::format("{} + {}", pos, n));
        if (!field.empty()) e.field(std::string(field));
        return e;
    }
    return ByteReader(mData.subspan(pos, n), mBase + pos);
}

Result<ByteReader> ByteReader::array(std::uint64_t count, std::uint64_t stride, std::string_view field) {
    std::uint64_t total = 0;
    if (!checkedMul(count, stride, total) || total > remaining()) {
        Error e("bytes.array", "array does not fit in the remaining bytes");
        e.at(absolute())
            .expected(fmt::format("<= {} bytes", remaining()))
            .actual(fmt::format("{} x {} bytes", count, stride));
        if (!field.empty()) e.field(std::string(field));
        return e;
    }
    return sub(static_cast<std::size_t>(total), field);
}

Status ByteReader::skip(std::size_t n, std::string_view field) {
    if (remaining() < n) return eofError(n, field);
    mPos += n;
    return {};
}

Status ByteReader::seek(std::size_t pos) {
    if (pos > mData.size()) {
        Error e("bytes.seek", "seek past the end");
        e.at(mBase + pos).expected(fmt::format("<= {}", mData.size())).actual(std::to_string(pos));
        return e;
    }
    mPos = pos;
    return {};
}

Status ByteReader::expectEnd(std::string_view what) const {
    if (atEnd()) return {};
    Error e("bytes.trailing", fmt::format("{} trailing byte(s) after the end of {}", remaining(),
                                          what.empty() ? std::string_view("the payload") : what));
    e.at(absolute()).expected("end of payload").actual(fmt::format("{} more byte(s)", remaining()));
    return e;
}

void ByteWriter::u16(std::uint16_t v) {
    mOut.push_back(static_cast<std::uint8_t>(v));
    mOut.push_back(static_cast<std::uint8_t>(v >> 8));
}
void ByteWriter::u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) mOut.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void ByteWriter::u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) mOut.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void ByteWriter::fixedString(std::string_view text, std::size_t n) {
    const std::size_t k = text.size() < n ? text.size() : n;
    chars(text.substr(0, k));
    zeros(n - k);
}
void ByteWriter::alignTo(std::size_t alignment, std::uint8_t pad) {
    while (alignment > 1 && mOut.size() % alignment != 0) mOut.push_back(pad);
}
void ByteWriter::patchU32(std::size_t pos, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) mOut.at(pos + i) = static_cast<std::uint8_t>(v >> (8 * i));
}
void ByteWriter::patchU16(std::size_t pos, std::uint16_t v) {
    mOut.at(pos) = static_cast<std::uint8_t>(v);
    mOut.at(pos + 1) = static_cast<std::uint8_t>(v >> 8);
}

std::string hexBytes(ByteView b, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < b.size() && i < max; ++i) out += fmt::format("{}{:02X}", i ? " " : "", b[i]);
    if (b.size() > max) out += " ...";
    return out;
}

std::string hex(std::uint64_t v) { return fmt::format("0x{:X}", v); }

}  // namespace vestige
