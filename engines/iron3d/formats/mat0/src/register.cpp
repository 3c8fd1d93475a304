// MAT0: probe and `info` description (the version comes from the parent archive's attr2 when known).
#include "vestige/iron3d/mat0/register.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::mat0 {
namespace {

bool printableNames(const Material& m) {
    for (const auto& p : m.phases)
        for (char c : p.textureName.text())
            if (static_cast<unsigned char>(c) < 0x20) return false;
    return true;
}

struct EntryAttrs {
    std::uint32_t type = 0;
    std::uint32_t attr2 = 0;
};

// "dir/Material.lib:NAME" -> the NRes directory record of NAME, if the parent opens as NRes.
std::optional<EntryAttrs> parentEntry(std::string_view label, const vfs::ArchiveRegistry& archives) {
    const auto levels = vfs::splitLevels(label);
    if (levels.size() < 2) return std::nullopt;
    std::string parent;
    for (std::size_t i = 0; i + 1 < levels.size(); ++i) parent += (i ? ":" : "") + levels[i];
    auto resolved = vfs::openSpec(parent, archives);
    if (!resolved) return std::nullopt;
    auto archive = nres::Archive::read(std::move(resolved->data), nres::Profile::Compatible);
    if (!archive) return std::nullopt;
    const auto idx = archive->find(levels.back());
    if (!idx) return std::nullopt;
    const auto& e = archive->entries()[*idx];
    return EntryAttrs{e.type, e.attr2};
}

}  // namespace

std::optional<std::uint32_t> guessVersion(ByteView data) {
    for (std::uint32_t v : {6u, 3u, 2u, 0u})
        if (read(data, v)) return v;
    return std::nullopt;
}

int probe(ByteView data, std::string_view) {
    if (data.size() < 4) return 0;
    if (auto m = read(data, kGameVersion); m && printableNames(*m)) return 40;
    for (std::uint32_t v : {3u, 2u, 0u})
        if (auto m = read(data, v); m && printableNames(*m)) return 15;
    return 0;
}

registry::Description describe(const Material& m, std::string_view label, std::string_view versionSource) {
    using Json = nlohmann::ordered_json;
    Json j;
    j["format"] = "mat0";
    j["label"] = std::string(label);
    j["version"] = m.version;
    j["version_source"] = std::string(versionSource);
    Json meta;
    if (m.version >= 2) {
        meta["a"] = m.metadataA;
        meta["b"] = m.metadataB;
    }
    if (m.version >= 3) meta["c_raw"] = m.metadataCRaw;
    if (m.version >= 4) meta["d_raw"] = m.metadataDRaw;
    j["metadata"] = meta.is_null() ? Json::object() : meta;
    Json phases = Json::array();
    for (std::size_t i = 0; i < m.phases.size(); ++i) {
        const auto& p = m.phases[i];
        phases.push_back(
            {{"index", i},
             {"texture", cp1251ToUtf8(p.texture())},
             {"parameters", hexBytes(ByteView(p.parameters.data(), p.parameters.size()), kParameterSize)}});
    }
    j["phases"] = std::move(phases);
    Json blocks = Json::array();
    for (const auto& b : m.blocks) {
        Json keys = Json::array();
        for (const auto& k : b.keys) keys.push_back(Json::array({k.k0, k.k1, k.k2}));
        blocks.push_back({{"mode", b.mode()},
                          {"mask", b.interpolationMask()},
                          {"header_raw", b.headerRaw},
                          {"keys", std::move(keys)}});
    }
    j["blocks"] = std::move(blocks);
    std::string text = fmt::format("{}: MAT0 version {} ({}), {} phase(s), {} animation block(s)\n", label, m.version,
                                   versionSource, m.phases.size(), m.blocks.size());
    if (m.version >= 2) text += fmt::format("  metadata a {} b {}", m.metadataA, m.metadataB);
    if (m.version >= 3) text += fmt::format(" c {}", hex(m.metadataCRaw));
    if (m.version >= 4) text += fmt::format(" d {}", hex(m.metadataDRaw));
    if (m.version >= 2) text += " (opaque)\n";
    for (std::size_t i = 0; i < m.phases.size(); ++i) {
        const auto t = m.phases[i].texture();
        text +=
            fmt::format("  phase {}: texture {}\n", i, t.empty() ? std::string("(none: untextured)") : cp1251ToUtf8(t));
    }
    for (std::size_t i = 0; i < m.blocks.size(); ++i)
        text += fmt::format("  block {}: mode {}, mask {}, {} key(s)\n", i, m.blocks[i].mode(),
                            hex(m.blocks[i].interpolationMask()), m.blocks[i].keys.size());
    return {j.dump(), text};
}

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    registry::FormatInfo info;
    info.name = "mat0";
    info.summary = "Iron3D MAT0 material (Material.lib entries): phases with texture names, animation blocks";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    const vfs::ArchiveRegistry* registry = &archives;
    info.describe = [registry](ByteView data, std::string_view label) -> Result<registry::Description> {
        std::uint32_t version = kGameVersion;
        std::string source = "attr2";
        if (auto e = parentEntry(label, *registry)) {
            version = e->attr2;
            if (e->type != kNresType) source = fmt::format("attr2 of a {} entry", nres::typeLabel(e->type));
        } else if (auto g = guessVersion(data)) {
            version = *g;
            source = "guessed: no archive attr2 at hand";
        } else {
            source = "assumed";
        }
        VESTIGE_TRY(Material m, read(data, version));
        return describe(m, label, source);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::iron3d::mat0
