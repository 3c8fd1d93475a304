// Fuzz target: the hand-rendered JSON helpers and orders. jsonEscape output (in errors and trace lines) must
// always be valid JSON that decodes back for ASCII input; formatFloat must round-trip every float bit
// pattern; the case-insensitive orders must be antisymmetric and agree with iequals.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

#include "vestige/core/error.hpp"
#include "vestige/core/text.hpp"
#include "vestige/core/trace.hpp"

#define FUZZ_CHECK(cond)              \
    do {                              \
        if (!(cond)) __builtin_trap(); \
    } while (0)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige;
    const std::string text(reinterpret_cast<const char*>(data), size);

    const auto escaped = nlohmann::json::parse("\"" + jsonEscape(text) + "\"", nullptr, false);
    FUZZ_CHECK(!escaped.is_discarded());
    bool ascii = true;
    for (unsigned char c : text) ascii = ascii && c < 0x80;
    if (ascii) FUZZ_CHECK(escaped.get<std::string>() == text);

    Error e(text, text);
    e.at(size).expected(text).actual(text);
    e.in(text, text);
    const auto j = nlohmann::json::parse(e.toJson(), nullptr, false);
    FUZZ_CHECK(!j.is_discarded() && j.at("offset").get<std::uint64_t>() == size);

    TraceSink sink([](std::string_view line) {
        FUZZ_CHECK(!nlohmann::json::parse(line, nullptr, false).is_discarded());
    });
    if (size >= 4) {
        std::uint32_t bits;
        std::memcpy(&bits, data, 4);
        const float f = std::bit_cast<float>(bits);
        const std::string s = TraceSink::formatFloat(f);
        if (std::isfinite(f)) FUZZ_CHECK(std::bit_cast<std::uint32_t>(std::strtof(s.c_str(), nullptr)) == bits);
        sink.event(bits, text, text, s);
    }

    const std::size_t half = size / 2;
    const std::string_view a(text.data(), half), b(text.data() + half, size - half);
    FUZZ_CHECK(icompareLower(a, b) == -icompareLower(b, a));
    FUZZ_CHECK(icompareUpper(a, b) == -icompareUpper(b, a));
    FUZZ_CHECK((icompareLower(a, b) == 0) == iequals(a, b));
    FUZZ_CHECK((icompareUpper(a, b) == 0) == iequals(a, b));
    FUZZ_CHECK(iequals(asciiLower(a), asciiUpper(a)));
    return 0;
}
