// CTLD in the format registry: describe the header counts and every pose row.
#include "vestige/iron3d/ctl/register.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/ctl/ctl.hpp"
#include "vestige/iron3d/ctl/effects.hpp"

namespace vestige::iron3d::ctl {
namespace {

bool endsWithCtl(std::string_view name) {
    if (name.size() < 4) return false;
    const auto tail = name.substr(name.size() - 4);
    auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
    return tail[0] == '.' && lower(tail[1]) == 'c' && lower(tail[2]) == 't' && lower(tail[3]) == 'l';
}

nlohmann::ordered_json jfloat(float v) {
    return std::isfinite(v) ? nlohmann::ordered_json(std::stod(fmt::format("{}", v)))
                            : nlohmann::ordered_json(fmt::format("{}", v));
}

using Json = nlohmann::ordered_json;

std::string nameText(const FixedString& f) { return cp1251ToUtf8(f.text()); }

// The effect section as JSON, plus one text line per part.
Json effectsJson(const EffectSection& s, std::string& text) {
    Json j;
    j["state"] = toString(s.state);
    if (s.state == SectionState::Unsupported) {
        j["unsupported"] = s.unsupported;
        j["unsupported_at"] = s.unsupportedAt;
        j["raw_bytes"] = s.rest.size();
        text += fmt::format("  effects: unsupported at {}: {} ({} raw bytes kept)\n", hex(s.unsupportedAt),
                            s.unsupported, s.rest.size());
    } else {
        text += "  effects: parsed\n";
    }
    Json records = Json::array();
    for (const auto& r : s.records) {
        records.push_back({{"offset", r.offset},
                           {"tag", r.tag()},
                           {"values", r.values},
                           {"name", r.name ? Json(cp1251ToUtf8(asChars(*r.name))) : Json(nullptr)}});
        text += fmt::format("    record at {}: tag {}, {} values{}\n", hex(r.offset), r.tag(), r.values.size(),
                            r.name ? ", name " + cp1251ToUtf8(asChars(*r.name)) : "");
    }
    j["typed_records"] = std::move(records);
    if (s.groupRefs) {
        Json refs = Json::array();
        for (std::uint32_t ref : *s.groupRefs) refs.push_back(ref == kNoGroup ? Json(nullptr) : Json(ref));
        j["group_refs"] = std::move(refs);
    }
    j["initial_effect_group"] = s.initialEffectGroup ? Json(*s.initialEffectGroup) : Json(nullptr);
    if (s.groupRefs)
        text += fmt::format("    initial effect group {}, {} group tables\n",
                            s.initialEffectGroup ? std::to_string(*s.initialEffectGroup) : "none", s.tables.size());
    Json tables = Json::array();
    for (std::size_t t = 0; t < s.tables.size(); ++t) {
        Json rows = Json::array();
        for (const auto& row : s.tables[t].rows)
            rows.push_back({{"offset", row.offset},
                            {"type", row.type},
                            {"condition", row.condition},
                            {"args", row.args},
                            {"archive", nameText(row.archive)},
                            {"resource", nameText(row.resource)}});
        tables.push_back({{"offset", s.tables[t].offset}, {"rows", std::move(rows)}});
    }
    j["group_tables"] = std::move(tables);
    const auto effects = effectRows(s);
    j["effect_rows"] = effects.size();
    for (const auto& e : effects)
        text += fmt::format("    effect row (table {}, row {}): {} / {}, args [{}]\n", e.table, e.row,
                            nameText(e.data->archive), nameText(e.data->resource), fmt::join(e.data->args, ", "));
    return j;
}

}  // namespace

Result<registry::Description> describe(ByteView data, std::string_view label) {
    VESTIGE_TRY(const ControlFile f, read(data));
    VESTIGE_TRY(const std::uint64_t start, rowTableStart(f.s(), f.m()));
    nlohmann::ordered_json j;
    j["format"] = "ctl";
    j["file"] = std::string(label);
    j["size"] = data.size();
    j["counts"] = f.counts;
    j["row_start"] = start;
    j["row_end"] = start + f.rows.size() * kRowSize;
    j["tail_bytes"] = f.tail.size();
    std::string text =
        fmt::format("{}: CTLD, {} bytes\n  counts S={} M={} T={} [{}, {}]\n  pose rows at {}..{}, {} tail bytes\n",
                    label, data.size(), f.s(), f.m(), f.t(), f.counts[3], f.counts[4], hex(start),
                    hex(start + f.rows.size() * kRowSize), f.tail.size());
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < f.rows.size(); ++i) {
        const PoseRow& r = f.rows[i];
        nlohmann::ordered_json row{{"node", r.nodeId},
                                   {"frame_a", jfloat(r.frameA)},
                                   {"frame_b", jfloat(r.frameB)},
                                   {"blend", jfloat(r.blend)},
                                   {"flags", r.flags}};
        std::string effect;
        if (r.skipped()) {
            row["time"] = nullptr;
            effect = "skipped (0x4)";
        } else if (auto t = rowTime(r)) {
            row["time"] = jfloat(*t);
            effect = fmt::format("time {}", *t);
        } else {
            row["time"] = nullptr;
            row["error"] = t.error().code();
            effect = "error: " + t.error().message();
        }
        rows.push_back(std::move(row));
        text += fmt::format("  row {}: node {} frames {}..{} blend {} flags {:#x} -> {}\n", i, r.nodeId, r.frameA,
                            r.frameB, r.blend, r.flags, effect);
    }
    j["rows"] = rows;
    VESTIGE_TRY(const EffectSection effects, readEffects(f));
    j["effects"] = effectsJson(effects, text);
    return registry::Description{j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace), text};
}

void registerFormat(registry::FormatRegistry& formats) {
    formats.add({"ctl", "Iron3D CTLD control resource (pose-row table)",
                 [](ByteView data, std::string_view name) { return endsWithCtl(name) && read(data).ok() ? 10 : 0; },
                 [](ByteView data, std::string_view label) { return describe(data, label); }, nullptr});
}

}  // namespace vestige::iron3d::ctl
