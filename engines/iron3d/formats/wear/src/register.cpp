// WEAR: probe and `info` description.
#include "vestige/iron3d/wear/register.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::wear {

int probe(ByteView data, std::string_view fileName) {
    // Text without magic: cheap checks first, then a full parse.
    if (data.empty() || data[0] < '0' || data[0] > '9') {
        if (data.empty() || (data[0] != ' ' && data[0] != '\t')) return 0;
    }
    if (!read(data)) return 0;
    return endsWithNoCase(fileName, ".wea") ? 100 : 20;
}

registry::Description describe(const Table& t, std::string_view label) {
    using Json = nlohmann::ordered_json;
    auto rows = [](const std::vector<Row>& rs) {
        Json a = Json::array();
        for (std::size_t i = 0; i < rs.size(); ++i)
            a.push_back({{"row", i},
                         {"legacy_id", cp1251ToUtf8(rs[i].legacyId)},
                         {"name", cp1251ToUtf8(rs[i].name)},
                         {"tail", cp1251ToUtf8(rs[i].tail)}});
        return a;
    };
    Json j;
    j["format"] = "wear";
    j["label"] = std::string(label);
    j["materials"] = rows(t.materials);
    j["lightmaps"] = t.lightmaps ? rows(t.lightmaps->rows) : Json(nullptr);
    std::string text =
        fmt::format("{}: WEAR table, {} material row(s), {}\n", label, t.materials.size(),
                    t.lightmaps ? fmt::format("{} lightmap row(s)", t.lightmaps->rows.size()) : "no LIGHTMAPS block");
    for (std::size_t i = 0; i < t.materials.size(); ++i)
        text += fmt::format("  row {}: {} (legacy id {})\n", i, cp1251ToUtf8(t.materials[i].name),
                            cp1251ToUtf8(t.materials[i].legacyId));
    if (t.lightmaps)
        for (std::size_t i = 0; i < t.lightmaps->rows.size(); ++i)
            text += fmt::format("  lightmap {}: {} (legacy id {})\n", i, cp1251ToUtf8(t.lightmaps->rows[i].name),
                                cp1251ToUtf8(t.lightmaps->rows[i].legacyId));
    return {j.dump(), text};
}

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& /*archives*/) {
    registry::FormatInfo info;
    info.name = "wear";
    info.summary = "Iron3D WEAR material table (*.wea next to a model): material rows and LIGHTMAPS";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Table t, read(data));
        return describe(t, label);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::iron3d::wear
