// Fuzz target: VFS path syntax. splitLevels must be an exact inverse of joining with ':'; splitPath must
// either refuse with a known code or return segments that are safe (no separators, no '.'/'..', no NUL,
// no ':') and that rejoin to the input with '\' folded to '/'.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>

#include "vestige/vfs/vfs.hpp"

#define FUZZ_CHECK(cond)              \
    do {                              \
        if (!(cond)) __builtin_trap(); \
    } while (0)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige;
    const std::string_view spec(reinterpret_cast<const char*>(data), size);

    const auto levels = vfs::splitLevels(spec);
    FUZZ_CHECK(!levels.empty());
    std::string joined;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        if (i) joined += ':';
        joined += levels[i];
        FUZZ_CHECK(levels[i].find(':') == std::string::npos);
    }
    FUZZ_CHECK(joined == spec);

    static const std::set<std::string> kCodes = {"vfs.empty_path",    "vfs.absolute",  "vfs.drive_letter",
                                                 "vfs.dot_segment",   "vfs.empty_segment", "vfs.nul",
                                                 "vfs.colon"};
    for (std::string_view level : {spec, std::string_view(levels.front()), std::string_view(levels.back())}) {
        auto r = vfs::splitPath(level);
        if (!r) {
            FUZZ_CHECK(kCodes.count(r.error().code()) == 1);
            FUZZ_CHECK(r.error().find("path") == std::string(level));
            FUZZ_CHECK(!nlohmann::json::parse(r.error().toJson(), nullptr, false).is_discarded());
            continue;
        }
        std::string rejoined;
        for (const auto& seg : *r) {
            FUZZ_CHECK(!seg.empty() && seg != "." && seg != "..");
            FUZZ_CHECK(seg.find_first_of(std::string_view("/\\:\0", 4)) == std::string::npos);
            if (!rejoined.empty()) rejoined += '/';
            rejoined += seg;
        }
        std::string folded(level);
        for (char& c : folded)
            if (c == '\\') c = '/';
        FUZZ_CHECK(rejoined == folded);
        FUZZ_CHECK(folded.front() != '/');
    }
    return 0;
}
