// NRes listing and `info` description.
#include "vestige/iron3d/nres/inspect.hpp"

#include <fmt/format.h>

#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

namespace vestige::iron3d::nres {
namespace {
using Json = nlohmann::ordered_json;

std::string dump(const Json& j, int indent = -1) {
    return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}
}  // namespace

// CP1251 bytes 0x80..0xBF as Unicode code points (0x98 is unassigned and kept as U+0098);
// 0xC0..0xFF map to U+0410..U+044F.
constexpr std::uint16_t kCp1251Upper[64] = {
    0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409, 0x2039, 0x040A,
    0x040C, 0x040B, 0x040F, 0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x0098, 0x2122,
    0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F, 0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6,
    0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407, 0x00B0, 0x00B1, 0x0406, 0x0456,
    0x0491, 0x00B5, 0x00B6, 0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457};

std::string displayName(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (unsigned char c : raw) {
        if (c < 0x80) {
            out += static_cast<char>(c);
            continue;
        }
        const unsigned cp = c < 0xC0 ? kCp1251Upper[c - 0x80] : 0x0410u + (c - 0xC0u);
        if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
        } else {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        }
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

int probe(ByteView data, std::string_view /*fileName*/) {
    return data.size() >= kHeaderSize && std::memcmp(data.data(), "NRes", 4) == 0 ? 100 : 0;
}

std::string listJson(const Archive& archive) {
    Json j;
    j["format"] = "nres";
    j["entries"] = Json::array();
    for (std::size_t i = 0; i < archive.size(); ++i) {
        const auto& e = archive.entries()[i];
        j["entries"].push_back({{"index", i},
                                {"name", displayName(e.name())},
                                {"type", e.type},
                                {"attr1", e.attr1},
                                {"attr2", e.attr2},
                                {"attr3", e.attr3},
                                {"size", e.size},
                                {"offset", e.dataOffset},
                                {"sort_index", e.sortIndex}});
    }
    return dump(j);
}

std::string listText(const Archive& archive) {
    std::string out = fmt::format("{:>5}  {:<36} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}\n", "index", "name", "type",
                                  "attr1", "attr2", "attr3", "size", "offset");
    for (std::size_t i = 0; i < archive.size(); ++i) {
        const auto& e = archive.entries()[i];
        out += fmt::format("{:>5}  {:<36} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}\n", i, displayName(e.name()),
                           typeLabel(e.type), e.attr1, e.attr2, e.attr3, e.size, e.dataOffset);
    }
    out += fmt::format("{} entries, {} bytes", archive.size(), archive.bytes().size());
    return out;
}

Result<formats::Description> describe(ByteView data, std::string_view label) {
    auto strict = Archive::read(data, Profile::Strict);
    auto compat = strict.ok() ? std::move(strict) : Archive::read(data, Profile::Compatible);
    if (!compat) return std::move(compat).error();
    const Archive& a = *compat;
    std::map<std::string, std::size_t> types;
    std::uint64_t payload = 0;
    for (const auto& e : a.entries()) {
        ++types[typeLabel(e.type)];
        payload += e.size;
    }
    const std::string sortTable =
        !a.sortTableValid() ? "invalid (linear lookup)" : (a.sortFold() == SortFold::Lower ? "valid, lower fold" : "valid, upper fold");
    Json j;
    j["format"] = "nres";
    j["label"] = std::string(label);
    j["profile"] = a.profile() == Profile::Strict ? "strict" : "compatible";
    if (a.profile() != Profile::Strict) {
        const Error& e = strict.error();
        j["strict_error"] = {{"code", e.code()}, {"text", displayName(e.render())}};
        if (e.offset()) j["strict_error"]["offset"] = *e.offset();
    }
    j["entry_count"] = a.size();
    j["total_size"] = a.bytes().size();
    j["directory_offset"] = a.directoryOffset();
    j["payload_bytes"] = payload;
    j["preserved_bytes"] = a.preservedBytes();
    j["sort_table"] = sortTable;
    j["types"] = Json::object();
    for (const auto& [t, n] : types) j["types"][t] = n;
    j["entries"] = Json::parse(listJson(a))["entries"];

    std::string text = fmt::format("NRes archive {}\n", label);
    text += fmt::format("  profile:   {}{}\n", j["profile"].get<std::string>(),
                        a.profile() == Profile::Strict ? "" : " (strict: " + displayName(strict.error().render()) + ")");
    text += fmt::format("  entries:   {}\n  size:      {} bytes (payloads {}, preserved {}, directory at {})\n", a.size(),
                        a.bytes().size(), payload, a.preservedBytes(), a.directoryOffset());
    text += fmt::format("  sort:      {}\n  types:    ", sortTable);
    for (const auto& [t, n] : types) text += fmt::format(" {}×{}", t, n);
    text += "\n";
    text += listText(a);
    return formats::Description{dump(j), text};
}

}  // namespace vestige::iron3d::nres
