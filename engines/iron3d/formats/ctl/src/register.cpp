// CTLD in the format registry: describe the header counts and every pose row.
#include "vestige/iron3d/ctl/register.hpp"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "vestige/iron3d/ctl/ctl.hpp"

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
    return registry::Description{j.dump(2), text};
}

void registerFormat(registry::FormatRegistry& formats) {
    formats.add({"ctl", "Iron3D CTLD control resource (pose-row table)",
                 [](ByteView data, std::string_view name) { return endsWithCtl(name) && read(data).ok() ? 10 : 0; },
                 [](ByteView data, std::string_view label) { return describe(data, label); }, nullptr});
}

}  // namespace vestige::iron3d::ctl
