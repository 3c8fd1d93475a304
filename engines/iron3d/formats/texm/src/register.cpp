// Texm: probe, `info` description and PNG export.
#include "vestige/iron3d/texm/register.hpp"

#include <fmt/format.h>

#include <cstring>
#include <nlohmann/json.hpp>

namespace vestige::iron3d::texm {

int probe(ByteView data, std::string_view) { return data.size() >= 4 && loadU32(data.data()) == kMagic ? 100 : 0; }

registry::Description describe(const Texture& t, std::string_view label) {
    using Json = nlohmann::ordered_json;
    const auto& h = t.header;
    Json j;
    j["format"] = "texm";
    j["label"] = std::string(label);
    j["width"] = h.width;
    j["height"] = h.height;
    j["pixel_format"] = h.format;
    j["pixel_format_name"] = std::string(formatName(t.format()));
    j["bytes_per_pixel"] = bytesPerPixel(t.format());
    j["mip_count"] = h.mipCount;
    Json mips = Json::array();
    for (std::uint32_t i = 0; i < t.mips.size(); ++i) {
        const auto m = t.mipSize(i);
        mips.push_back({{"level", i}, {"width", m.width}, {"height", m.height}, {"bytes", m.bytes}});
    }
    j["mips"] = std::move(mips);
    j["flags4"] = h.flags4;
    j["flags5"] = h.flags5;
    j["unknown6"] = h.unknown6;
    j["palette"] = !t.palette.empty();
    if (t.page) {
        Json rects = Json::array();
        for (const auto& r : *t.page)
            rects.push_back({{"x", r.x}, {"width", r.width}, {"y", r.y}, {"height", r.height}});
        j["page"] = std::move(rects);
    } else {
        j["page"] = nullptr;
    }
    std::string text =
        fmt::format("{}: Texm {}x{}, format {} ({} byte(s)/pixel{}), {} mip level(s)\n", label, h.width, h.height,
                    h.format, bytesPerPixel(t.format()), t.palette.empty() ? "" : ", 1024-byte palette", h.mipCount);
    for (std::uint32_t i = 0; i < t.mips.size(); ++i) {
        const auto m = t.mipSize(i);
        text += fmt::format("  mip {}: {}x{}, {} bytes\n", i, m.width, m.height, m.bytes);
    }
    text +=
        fmt::format("  flags4 {}  flags5 {}  unknown6 {} (opaque)\n", hex(h.flags4), hex(h.flags5), hex(h.unknown6));
    if (!t.page) {
        text += "  no Page chunk\n";
    } else {
        text += fmt::format("  Page: {} rect(s)\n", t.page->size());
        for (std::size_t i = 0; i < t.page->size(); ++i) {
            const auto& r = (*t.page)[i];
            text += fmt::format("    rect {}: x {} y {} w {} h {}\n", i, r.x, r.y, r.width, r.height);
        }
    }
    return {j.dump(), text};
}

Result<Bytes> exportPng(ByteView data, const registry::ExportOptions& options) {
    VESTIGE_TRY(Texture t, read(data));
    VESTIGE_TRY(const auto mipIndex, options.integer("mip", 0, 0, static_cast<std::int64_t>(t.mips.size()) - 1));
    const auto mip = static_cast<std::uint32_t>(mipIndex);
    Expansion e = Expansion::Rounding;
    if (const auto text = options.get("expansion"); !text.empty()) {
        if (text == "replication")
            e = Expansion::Replication;
        else if (text != "rounding")
            return Error("export.bad_option", "unknown channel expansion")
                .in("option", "expansion")
                .expected("rounding or replication")
                .actual(text);
    }
    VESTIGE_TRY(image::Image img, decode(t, mip, e));
    return image::encodePng(img);
}

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& /*archives*/) {
    registry::FormatInfo info;
    info.name = "texm";
    info.summary =
        "Iron3D Texm texture (Textures.lib, LightMap.lib): indexed/565/556/4444/88/888/8888, mips, Page rects";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Texture t, read(data));
        return describe(t, label);
    };
    info.exportPng = [](ByteView data, std::string_view, const registry::ExportOptions& options) {
        return exportPng(data, options);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::iron3d::texm
