// Registry entry for VMT materials.
#include "vestige/source/keyvalues/register.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::source::keyvalues {

int probeVmt(ByteView /*data*/, std::string_view fileName) { return endsWithNoCase(fileName, ".vmt") ? 10 : 0; }

registry::Description describe(const Material& m, std::size_t fileSize) {
    using Json = nlohmann::ordered_json;
    Json j;
    j["format"] = "vmt";
    j["file_size"] = fileSize;
    j["shader"] = m.shader;
    auto opt = [](const std::optional<std::string>& s) { return s ? Json(*s) : Json(nullptr); };
    j["basetexture"] = opt(m.baseTexture);
    j["bumpmap"] = opt(m.bumpMap);
    j["surfaceprop"] = opt(m.surfaceProp);
    j["translucent"] = m.translucent;
    j["alphatest"] = m.alphaTest;
    Json params = Json::array();
    for (const auto& [k, v] : m.params) params.push_back(Json::array({k, v}));
    j["params"] = params;
    Json proxies = Json::array();
    for (const auto& p : m.proxies) proxies.push_back(p.key);
    j["proxies"] = proxies;
    if (m.isPatch) {
        j["patch"] = Json{{"include", m.patchInclude}, {"insert", m.insert.size()}, {"replace", m.replace.size()}};
    }
    std::string text = fmt::format("VMT material, shader {}, {} bytes\n", m.shader, fileSize);
    if (m.isPatch)
        text += fmt::format("patch of {} ({} insert, {} replace keys)\n", m.patchInclude, m.insert.size(),
                            m.replace.size());
    if (m.baseTexture) text += fmt::format("$basetexture {}\n", *m.baseTexture);
    if (m.bumpMap) text += fmt::format("$bumpmap {}\n", *m.bumpMap);
    if (m.surfaceProp) text += fmt::format("$surfaceprop {}\n", *m.surfaceProp);
    text += fmt::format("translucent {}, alphatest {}\n", m.translucent ? "yes" : "no", m.alphaTest ? "yes" : "no");
    text += fmt::format("{} parameters", m.params.size());
    for (const auto& [k, v] : m.params) text += fmt::format("\n  {} \"{}\"", k, v);
    if (!m.proxies.empty()) {
        text += fmt::format("\nproxies ({}):", m.proxies.size());
        for (const auto& p : m.proxies) text += " " + p.key;
    }
    return {j.dump(-1, ' ', false, Json::error_handler_t::replace), text};
}

Result<registry::Description> describeFile(ByteView data, std::string_view /*label*/) {
    VESTIGE_TRY(Material m, parseMaterial(asChars(data)));
    return describe(m, data.size());
}

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& /*archives*/) {
    registry::FormatInfo info;
    info.name = "vmt";
    info.summary = "Source engine material (KeyValues text)";
    info.probe = probeVmt;
    info.describe = describeFile;
    formats.add(std::move(info));
}

}  // namespace vestige::source::keyvalues
