// TRF: NRes framing, entry listing, registry resolution.
#include "vestige/iron3d/trf/trf.hpp"

#include <fmt/format.h>

#include <map>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"

namespace vestige::iron3d::trf {

Result<Table> read(ByteView bytes) {
    VESTIGE_TRY(nres::Archive archive, nres::Archive::read(bytes).in("format", "trf"));
    return Table{std::move(archive)};
}

Resolution resolveNames(const Table& table, const PrototypeLookup& known) {
    Resolution r;
    for (const auto& e : table.archive.entries()) {
        std::string name(e.name());
        (known && known(name) ? r.resolved : r.unresolved).push_back(std::move(name));
    }
    return r;
}

int probe(ByteView data, std::string_view fileName) {
    if (!endsWithNoCase(fileName, ".trf") || data.size() < 4 || asChars(data.first(4)) != "NRes") return 0;
    return 101;
}

registry::Description describe(const Table& table, std::string_view label) {
    using Json = nlohmann::ordered_json;
    const auto& entries = table.archive.entries();
    std::map<std::string, std::size_t> byType;
    Json list = Json::array();
    std::string t = fmt::format("TRF {}: NRes with {} entries, {} bytes (payload meanings unknown, kept raw)\n", label,
                                entries.size(), table.archive.bytes().size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        const std::string type = nres::typeLabel(e.type);
        ++byType[type];
        list.push_back({{"index", i}, {"name", cp1251ToUtf8(e.name())}, {"type", type}, {"size", e.size}});
        t += fmt::format("  {:>4} {:<6} {:>8} {}\n", i, type, e.size, cp1251ToUtf8(e.name()));
    }
    Json j;
    j["format"] = "trf";
    j["label"] = std::string(label);
    j["entries"] = entries.size();
    j["by_type"] = byType;
    j["list"] = std::move(list);
    if (!t.empty() && t.back() == '\n') t.pop_back();
    return {dumpJson(j), std::move(t)};
}

void registerFormat(registry::FormatRegistry& formats) {
    registry::FormatInfo info;
    info.name = "trf";
    info.summary = "Iron3D TRF preload table (an NRes): typed entries, names resolved through the prototype registry";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Table table, read(data));
        return describe(table, label);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::iron3d::trf
