// Fuzz target: a tiny TLV interpreter that drives every ByteReader read kind from the input itself and
// checks each result against an independent memcpy-style decode, plus the error invariants (absolute
// offsets inside the reader's window, a failed read never moves the reader, errors render as valid JSON).
//
// Input layout (all of it is fuzzer-controlled):
//   +0  u8 base selector (the top reader's base offset, to exercise absolute offsets)
//   +1  ops...   each op: u8 tag, then whatever that read kind consumes (lengths come from the stream)
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>

#include "vestige/core/bytes.hpp"

namespace {
using namespace vestige;

#define FUZZ_CHECK(cond)               \
    do {                               \
        if (!(cond)) __builtin_trap(); \
    } while (0)

// JSON rendering is checked for the first few errors of each input only: it dominates the cost otherwise.
int gJsonChecks = 0;

void checkError(const Error& e, const ByteReader& r, std::size_t posBefore, bool inWindow) {
    FUZZ_CHECK(!e.code().empty());
    FUZZ_CHECK(e.offset().has_value());
    if (inWindow) FUZZ_CHECK(*e.offset() >= r.baseOffset() && *e.offset() <= r.baseOffset() + r.size());
    if (gJsonChecks-- > 0) FUZZ_CHECK(!nlohmann::json::parse(e.toJson(), nullptr, false).is_discarded());
    FUZZ_CHECK(!e.render().empty());
    (void)posBefore;
}

template <class T>
void scalar(ByteReader& r, Result<T> (ByteReader::*read)(std::string_view)) {
    const auto pos = r.position();
    const auto rest = r.rest();
    auto v = (r.*read)("f");
    if (rest.size() < sizeof(T)) {
        FUZZ_CHECK(!v.ok());
        FUZZ_CHECK(v.error().code() == "bytes.eof");
        FUZZ_CHECK(*v.error().offset() == r.baseOffset() + pos);
        FUZZ_CHECK(r.position() == pos);
        checkError(v.error(), r, pos, true);
        return;
    }
    FUZZ_CHECK(v.ok());
    T expected;
    std::memcpy(&expected, rest.data(), sizeof(T));  // the host is little-endian (x86-64, aarch64)
    FUZZ_CHECK(std::memcmp(&expected, &*v, sizeof(T)) == 0);
    FUZZ_CHECK(r.position() == pos + sizeof(T));
    ByteWriter w;
    if constexpr (sizeof(T) == 1)
        w.u8(static_cast<std::uint8_t>(*v));
    else if constexpr (std::is_same_v<T, float>)
        w.f32(*v);
    else if constexpr (std::is_same_v<T, double>)
        w.f64(*v);
    else if constexpr (sizeof(T) == 2)
        w.u16(static_cast<std::uint16_t>(*v));
    else if constexpr (sizeof(T) == 4)
        w.u32(static_cast<std::uint32_t>(*v));
    else
        w.u64(static_cast<std::uint64_t>(*v));
    FUZZ_CHECK(w.size() == sizeof(T) && std::memcmp(w.data().data(), rest.data(), sizeof(T)) == 0);
}

// A length operand from the stream itself; 0 when the stream is exhausted.
std::size_t operand(ByteReader& r) {
    auto v = r.u8();
    return v.ok() ? *v : 0;
}

// Total work per input: subAt can revisit bytes, so nesting is bounded by a shared budget.
int gBudget = 0;

void interpret(ByteReader& r, int depth) {
    while (!r.atEnd() && gBudget-- > 0) {
        const auto tag = *r.u8();
        const std::size_t pos = r.position();
        switch (tag % 20) {
            case 0:
                scalar(r, &ByteReader::u8);
                break;
            case 1:
                scalar(r, &ByteReader::u16);
                break;
            case 2:
                scalar(r, &ByteReader::u32);
                break;
            case 3:
                scalar(r, &ByteReader::u64);
                break;
            case 4:
                scalar(r, &ByteReader::i8);
                break;
            case 5:
                scalar(r, &ByteReader::i16);
                break;
            case 6:
                scalar(r, &ByteReader::i32);
                break;
            case 7:
                scalar(r, &ByteReader::i64);
                break;
            case 8:
                scalar(r, &ByteReader::f32);
                break;
            case 9:
                scalar(r, &ByteReader::f64);
                break;
            case 10: {
                const std::size_t n = operand(r);
                const auto p = r.position();
                const auto rem = r.remaining();
                auto b = r.bytes(n, "blob");
                FUZZ_CHECK(b.ok() == (n <= rem));
                if (b)
                    FUZZ_CHECK(b->size() == n && r.position() == p + n && b->data() == r.data().data() + p);
                else {
                    checkError(b.error(), r, p, true);
                    FUZZ_CHECK(r.position() == p);
                }
                break;
            }
            case 11: {
                const std::size_t n = operand(r);
                const auto p = r.position();
                const auto rest = r.rest();
                auto s = r.fixedString(n, "name");
                FUZZ_CHECK(s.ok() == (n <= rest.size()));
                if (s) {
                    // n == 0 may come with null data pointers, which memcmp / memchr must never see.
                    FUZZ_CHECK(s->raw.size() == n && (n == 0 || std::memcmp(s->raw.data(), rest.data(), n) == 0));
                    const auto nul = n == 0 ? nullptr : std::memchr(rest.data(), 0, n);
                    FUZZ_CHECK(s->terminated == (nul != nullptr));
                    FUZZ_CHECK(s->text().size() == (nul ? static_cast<const std::uint8_t*>(nul) - rest.data() : n));
                    ByteWriter w;
                    w.fixedString(*s);
                    FUZZ_CHECK(w.data() == s->raw);
                } else {
                    checkError(s.error(), r, p, true);
                }
                break;
            }
            case 12: {
                const auto p = r.position();
                const auto rest = r.rest();
                auto s = r.lpString32("str");
                if (rest.size() < 4) {
                    FUZZ_CHECK(!s.ok() && s.error().code() == "bytes.eof");
                } else {
                    const std::uint32_t len = loadU32(rest.data());
                    FUZZ_CHECK(s.ok() == (len <= rest.size() - 4));
                    if (s)
                        FUZZ_CHECK(s->size() == len && std::memcmp(s->data(), rest.data() + 4, len) == 0);
                    else
                        FUZZ_CHECK(s.error().code() == "bytes.string_length" &&
                                   *s.error().offset() == r.baseOffset() + p);
                }
                if (!s) checkError(s.error(), r, p, true);
                break;
            }
            case 13: {
                const auto p = r.position();
                const auto rest = r.rest();
                const void* nul = rest.empty() ? nullptr : std::memchr(rest.data(), 0, rest.size());
                auto s = r.cString("c");
                FUZZ_CHECK(s.ok() == (nul != nullptr));
                if (s) {
                    FUZZ_CHECK(s->size() ==
                               static_cast<std::size_t>(static_cast<const std::uint8_t*>(nul) - rest.data()));
                    FUZZ_CHECK(r.position() == p + s->size() + 1);
                } else {
                    FUZZ_CHECK(r.position() == p);
                    checkError(s.error(), r, p, true);
                }
                break;
            }
            case 14: {  // sub-reader over the next n bytes, interpreted recursively
                const std::size_t n = operand(r);
                const auto p = r.position();
                const auto abs = r.absolute();
                auto sub = r.sub(n, "sub");
                if (!sub) {
                    FUZZ_CHECK(r.position() == p);
                    checkError(sub.error(), r, p, true);
                    break;
                }
                FUZZ_CHECK(sub->baseOffset() == abs && sub->size() == n && sub->position() == 0);
                if (depth < 6) interpret(*sub, depth + 1);
                break;
            }
            case 15: {  // subAt anywhere in this reader's data
                const std::size_t at = operand(r);
                const std::size_t n = operand(r);
                auto sub = r.subAt(at, n, "at");
                FUZZ_CHECK(sub.ok() == (at + n <= r.size()));
                if (!sub) {
                    FUZZ_CHECK(sub.error().code() == "bytes.range" && *sub.error().offset() == r.baseOffset() + at);
                    checkError(sub.error(), r, pos, false);
                    break;
                }
                FUZZ_CHECK(sub->baseOffset() == r.baseOffset() + at && sub->size() == n);
                if (depth < 6) interpret(*sub, depth + 1);
                break;
            }
            case 16: {  // array with a count and stride that may overflow
                const std::uint64_t countBase = operand(r);
                const std::uint64_t count = countBase << (operand(r) % 64);
                const std::uint64_t strideBase = operand(r);
                const std::uint64_t stride = strideBase << (operand(r) % 64);
                const auto p = r.position();
                const auto rem = r.remaining();
                auto arr = r.array(count, stride, "arr");
                const unsigned __int128 total = static_cast<unsigned __int128>(count) * stride;
                FUZZ_CHECK(arr.ok() == (total <= rem));
                if (arr) {
                    FUZZ_CHECK(arr->size() == static_cast<std::size_t>(total) && r.position() == p + arr->size());
                    if (depth < 6) interpret(*arr, depth + 1);
                } else {
                    FUZZ_CHECK(r.position() == p);
                    checkError(arr.error(), r, p, true);
                }
                break;
            }
            case 17: {
                const std::size_t n = operand(r);
                const auto p = r.position();
                const auto rem = r.remaining();
                auto st = r.skip(n, "pad");
                FUZZ_CHECK(st.ok() == (n <= rem));
                FUZZ_CHECK(r.position() == (st.ok() ? p + n : p));
                if (!st) checkError(st.error(), r, p, true);
                break;
            }
            case 18: {
                const std::size_t to = operand(r) * 3;
                const auto p = r.position();
                auto st = r.seek(to);
                FUZZ_CHECK(st.ok() == (to <= r.size()));
                if (!st) {
                    FUZZ_CHECK(r.position() == p && *st.error().offset() == r.baseOffset() + to);
                    checkError(st.error(), r, p, false);
                } else if (to <= p) {
                    // Only forward seeks are kept, so the interpreter always terminates.
                    (void)r.seek(p);
                }
                break;
            }
            default: {
                auto st = r.expectEnd("tlv");
                FUZZ_CHECK(st.ok() == r.atEnd());
                if (!st) {
                    FUZZ_CHECK(*st.error().offset() == r.absolute());
                    checkError(st.error(), r, r.position(), true);
                }
                break;
            }
        }
        FUZZ_CHECK(r.position() <= r.size());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static const std::uint64_t kBases[] = {0, 1, 0x1000, 0xFFFFFFFFull, 0x7FFFFFFFFFFF0000ull};
    ByteReader top(ByteView(data + 1, size - 1), kBases[data[0] % 5]);
    gBudget = 4000;
    gJsonChecks = 16;
    interpret(top, 0);
    return 0;
}
