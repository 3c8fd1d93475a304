// RsLi listing and `info` description.
#include "vestige/iron3d/rsli/inspect.hpp"

#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>

#include "vestige/iron3d/nres/inspect.hpp"

namespace vestige::iron3d::rsli {
namespace {
using Json = nlohmann::ordered_json;

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

using nres::displayName;

std::string quirkList(std::uint32_t q) {
    std::string s;
    auto add = [&](const char* n) { s += (s.empty() ? "" : ", ") + std::string(n); };
    if (q & kQuirkAoTrailer) add("ao_trailer");
    if (q & kQuirkDeflateEofPlusOne) add("deflate_eof_plus_one");
    if (q & kQuirkSortTableRebuilt) add("sort_table_rebuilt");
    return s;
}
}  // namespace

int probe(ByteView data, std::string_view /*fileName*/) {
    return data.size() >= 4 && data[0] == 'N' && data[1] == 'L' && data[2] == 0 && data[3] == 1 ? 100 : 0;
}

Result<Archive> openBest(ByteView data) {
    auto strict = Archive::read(data, Profile::Strict);
    if (strict.ok()) return strict;
    auto compat = Archive::read(data, Profile::Compatible);
    if (compat.ok()) return compat;
    return strict;  // the strict error names the first broken rule
}

std::string listJson(const Archive& archive) {
    Json j;
    j["format"] = "rsli";
    j["entries"] = Json::array();
    for (std::size_t i = 0; i < archive.size(); ++i) {
        const auto& e = archive.entries()[i];
        j["entries"].push_back({{"index", i},
                                {"name", displayName(e.name())},
                                {"method", std::string(methodName(e.method()))},
                                {"flags", e.flags},
                                {"size", e.unpackedSize},
                                {"packed_size", e.packedSize},
                                {"offset", e.dataOffset},
                                {"sort_index", archive.sortTable()[i]}});
    }
    return dump(j);
}

std::string listText(const Archive& archive) {
    std::string out = fmt::format("{:>5}  {:<12} {:<10} {:>6} {:>10} {:>10} {:>10}\n", "index", "name", "method",
                                  "flags", "size", "packed", "offset");
    for (std::size_t i = 0; i < archive.size(); ++i) {
        const auto& e = archive.entries()[i];
        out += fmt::format("{:>5}  {:<12} {:<10} {:>6} {:>10} {:>10} {:>10}\n", i, displayName(e.name()),
                           methodName(e.method()), hex(e.flags), e.unpackedSize, e.packedSize, e.dataOffset);
    }
    out += fmt::format("{} entries, {} bytes", archive.size(), archive.bytes().size());
    return out;
}

Result<registry::Description> describe(ByteView data, std::string_view label) {
    VESTIGE_TRY(Archive a, openBest(data));
    std::map<std::string, std::size_t> methods;
    std::uint64_t packed = 0, unpacked = 0;
    for (const auto& e : a.entries()) {
        ++methods[std::string(methodName(e.method()))];
        packed += e.packedSize;
        unpacked += e.unpackedSize;
    }
    Json j;
    j["format"] = "rsli";
    j["label"] = std::string(label);
    j["profile"] = a.quirks() == kQuirkNone ? "strict" : "compatible";
    j["quirks"] = Json::array();
    for (const char* q : {"ao_trailer", "deflate_eof_plus_one", "sort_table_rebuilt"})
        if (quirkList(a.quirks()).find(q) != std::string::npos) j["quirks"].push_back(q);
    j["entry_count"] = a.size();
    j["total_size"] = a.bytes().size();
    j["xor_seed"] = a.xorSeed();
    j["presorted"] = a.presortedFlag();
    if (a.aoOverlay()) j["ao_overlay"] = *a.aoOverlay();
    j["packed_bytes"] = packed;
    j["unpacked_bytes"] = unpacked;
    j["methods"] = Json::object();
    for (const auto& [m, n] : methods) j["methods"][m] = n;
    j["entries"] = Json::parse(listJson(a))["entries"];

    std::string text = fmt::format("RsLi library {}\n", label);
    text += fmt::format("  profile:   {}{}\n", j["profile"].get<std::string>(),
                        a.quirks() ? " (quirks: " + quirkList(a.quirks()) + ")" : "");
    text += fmt::format("  entries:   {}\n  size:      {} bytes (packed {}, unpacked {})\n", a.size(), a.bytes().size(),
                        packed, unpacked);
    text +=
        fmt::format("  xor seed:  {}  presorted: {}\n  methods:  ", hex(a.xorSeed()), a.presortedFlag() ? "yes" : "no");
    for (const auto& [m, n] : methods) text += fmt::format(" {}×{}", m, n);
    text += "\n";
    text += listText(a);
    return registry::Description{dump(j), text};
}

}  // namespace vestige::iron3d::rsli
