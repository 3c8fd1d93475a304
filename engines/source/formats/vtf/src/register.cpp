// Registry entry for VTF: probe, `vestige info` describer and the PNG exporter.
#include "vestige/source/vtf/register.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::source::vtf {

int probeVtf(ByteView data, std::string_view fileName) {
    if (data.size() >= 4 && loadU32(data.data()) == kIdent) return 100;
    return endsWithNoCase(fileName, ".vtf") ? 10 : 0;
}

registry::Description describe(const Vtf& v, std::size_t fileSize) {
    using Json = nlohmann::ordered_json;
    Json j;
    j["format"] = "vtf";
    j["version"] = fmt::format("{}.{}", v.versionMajor, v.versionMinor);
    j["file_size"] = fileSize;
    j["header_size"] = v.headerSize;
    j["width"] = v.width;
    j["height"] = v.height;
    j["depth"] = v.depth;
    j["image_format"] = formatName(v.highResFormat);
    j["image_format_id"] = v.highResFormat;
    j["flags"] = v.flags;
    j["flag_names"] = flagNames(v.flags);
    j["mips"] = v.mipCount;
    j["frames"] = v.frames;
    j["first_frame"] = v.firstFrame;
    j["faces"] = v.faces;
    j["reflectivity"] = {v.reflectivity.x, v.reflectivity.y, v.reflectivity.z};
    j["bump_scale"] = v.bumpScale;
    j["thumbnail"] = Json{{"format", formatName(v.lowResFormat)},
                          {"width", v.lowResWidth},
                          {"height", v.lowResHeight},
                          {"bytes", v.lowRes.size()}};
    j["high_res_bytes"] = v.highRes.size();
    Json res = Json::array();
    for (const auto& r : v.resources) {
        Json e{{"tag", r.tagText()}, {"flags", r.flags}};
        if (r.inlineValue())
            e["value"] = r.value;
        else
            e["offset"] = r.value;
        if (r.tag == kTagLowRes)
            e["bytes"] = v.lowRes.size();
        else if (r.tag == kTagHighRes)
            e["bytes"] = v.highRes.size();
        else if (!r.inlineValue())
            e["bytes"] = r.data.size();
        res.push_back(e);
    }
    j["resources"] = res;
    std::uint64_t extraBytes = 0;
    for (const auto& e : v.extras) extraBytes += e.data.size();
    j["unclaimed_bytes"] = extraBytes;

    std::string text =
        fmt::format("VTF {}.{}, {}x{}{}, {}, {} bytes\n", v.versionMajor, v.versionMinor, v.width, v.height,
                    v.depth > 1 ? fmt::format("x{}", v.depth) : std::string(), formatName(v.highResFormat), fileSize);
    const auto names = flagNames(v.flags);
    text += fmt::format("flags 0x{:08X}{}{}\n", v.flags, names.empty() ? "" : " ", fmt::join(names, " "));
    text += fmt::format("{} mips, {} frames (first {}), {} faces\n", v.mipCount, v.frames, v.firstFrame, v.faces);
    text += fmt::format("reflectivity {:.4f} {:.4f} {:.4f}, bump scale {}\n", v.reflectivity.x, v.reflectivity.y,
                        v.reflectivity.z, v.bumpScale);
    text += fmt::format("thumbnail {} {}x{} ({} bytes), high-res data {} bytes", formatName(v.lowResFormat),
                        v.lowResWidth, v.lowResHeight, v.lowRes.size(), v.highRes.size());
    if (!v.resources.empty()) {
        text += fmt::format("\nresources ({}):", v.resources.size());
        for (const auto& r : v.resources)
            text += r.inlineValue()
                        ? fmt::format("\n  {:<8} flags 0x{:02X} value 0x{:08X}", r.tagText(), r.flags, r.value)
                        : fmt::format("\n  {:<8} flags 0x{:02X} offset {}", r.tagText(), r.flags, r.value);
    }
    if (extraBytes) text += fmt::format("\n{} unclaimed bytes kept", extraBytes);
    return {j.dump(-1, ' ', false, Json::error_handler_t::replace), text};
}

Result<registry::Description> describeFile(ByteView data, std::string_view /*label*/) {
    VESTIGE_TRY(Vtf v, readVtf(data));
    return describe(v, data.size());
}

Result<Bytes> exportPng(ByteView data, std::string_view /*label*/, const registry::ExportOptions& options) {
    std::uint32_t index[4] = {0, 0, 0, 0};
    const char* names[4] = {"mip", "frame", "face", "slice"};
    for (int i = 0; i < 4; ++i) {
        VESTIGE_TRY(const auto v, options.integer(names[i], 0, 0, 0xFFFFFFFF, "vtf"));
        index[i] = static_cast<std::uint32_t>(v);
    }
    VESTIGE_TRY(Vtf v, readVtf(data));
    VESTIGE_TRY(image::Image img, decodeImage(v, index[0], index[1], index[2], index[3]));
    return image::encodePng(img);
}

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& /*archives*/) {
    registry::FormatInfo info;
    info.name = "vtf";
    info.summary = "Source engine texture (VTF 7.0-7.5; PNG export)";
    info.probe = probeVtf;
    info.describe = describeFile;
    info.exportPng = exportPng;
    formats.add(std::move(info));
}

}  // namespace vestige::source::vtf
