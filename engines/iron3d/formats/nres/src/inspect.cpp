// NRes listing and `info` description.
#include "vestige/iron3d/nres/inspect.hpp"

#include <fmt/format.h>

#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::nres {
namespace {
using Json = nlohmann::ordered_json;

std::string dump(const Json& j, int indent = -1) { return j.dump(indent, ' ', false, Json::error_handler_t::replace); }
}  // namespace

std::string displayName(std::string_view raw) { return cp1251ToUtf8(raw); }

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

Result<registry::Description> describe(ByteView data, std::string_view label) {
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
    const std::string sortTable = !a.sortTableValid()
                                      ? "invalid (linear lookup)"
                                      : (a.sortFold() == SortFold::Lower ? "valid, lower fold" : "valid, upper fold");
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
    text +=
        fmt::format("  profile:   {}{}\n", j["profile"].get<std::string>(),
                    a.profile() == Profile::Strict ? "" : " (strict: " + displayName(strict.error().render()) + ")");
    text += fmt::format("  entries:   {}\n  size:      {} bytes (payloads {}, preserved {}, directory at {})\n",
                        a.size(), a.bytes().size(), payload, a.preservedBytes(), a.directoryOffset());
    text += fmt::format("  sort:      {}\n  types:    ", sortTable);
    for (const auto& [t, n] : types) text += fmt::format(" {}×{}", t, n);
    text += "\n";
    text += listText(a);
    return registry::Description{dump(j), text};
}

}  // namespace vestige::iron3d::nres
