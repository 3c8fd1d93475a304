// Surface properties (surfaceprops.hpp).
#include "vestige/source/physics/surfaceprops.hpp"

#include <algorithm>

#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/keyvalues/keyvalues.hpp"

namespace vestige::source::physics {

SurfaceProps::SurfaceProps() { mMaterials.push_back(Material{}); }

int SurfaceProps::find(std::string_view name) const {
    for (std::size_t i = 0; i < mMaterials.size(); ++i)
        if (iequals(mMaterials[i].name, name)) return static_cast<int>(i);
    return -1;
}

const Material& SurfaceProps::get(std::string_view name) const {
    const int i = find(name);
    return mMaterials[static_cast<std::size_t>(std::max(i, 0))];
}

const Material& SurfaceProps::at(int index) const {
    if (index < 0 || static_cast<std::size_t>(index) >= mMaterials.size()) return mMaterials[0];
    return mMaterials[static_cast<std::size_t>(index)];
}

Status SurfaceProps::parse(std::string_view text, std::string_view fileName) {
    auto doc = keyvalues::parse(text);
    if (!doc)
        return Error("physics.surfaceprops", "surface properties do not parse: " + doc.error().render())
            .file(std::string(fileName));
    for (const auto& entry : doc->roots) {
        if (!entry.isBlock) continue;
        const int existing = find(entry.key);
        Material m = existing >= 0 ? mMaterials[static_cast<std::size_t>(existing)] : mMaterials[0];
        m.name = entry.key;
        for (const auto& kv : entry.children) {
            const float v = scanFloat(kv.value).value_or(0.0f);  // atof
            if (iequals(kv.key, "base")) {
                const std::string name = m.name;
                m = get(kv.value);
                m.name = name;
            } else if (iequals(kv.key, "density"))
                m.density = v;
            else if (iequals(kv.key, "elasticity"))
                m.elasticity = v;
            else if (iequals(kv.key, "friction"))
                m.friction = v;
            else if (iequals(kv.key, "dampening"))
                m.dampening = v;
            else if (iequals(kv.key, "thickness"))
                m.thickness = v;
            else if (iequals(kv.key, "stepleft"))
                m.stepLeft = kv.value;
            else if (iequals(kv.key, "stepright"))
                m.stepRight = kv.value;
            else if (iequals(kv.key, "gamematerial") && !kv.value.empty())
                m.gameMaterial = kv.value[0];
            // Impact, scrape and audio keys belong to systems not built yet.
        }
        if (existing >= 0)
            mMaterials[static_cast<std::size_t>(existing)] = m;
        else
            mMaterials.push_back(m);
    }
    return okStatus();
}

float combinedFriction(const Material& a, const Material& b) { return std::clamp(a.friction * b.friction, 0.0f, 1.0f); }
float combinedElasticity(const Material& a, const Material& b) {
    return std::clamp(a.elasticity * b.elasticity, 0.0f, 1.0f);
}

}  // namespace vestige::source::physics

namespace vestige::source::physics {

Result<SurfaceProps> loadSurfaceProps(const GameFileReader& file) {
    SurfaceProps props;
    if (!file) return props;
    constexpr std::string_view kManifest = "scripts/surfaceproperties_manifest.txt";
    std::vector<std::string> files;
    const auto manifest = file(kManifest);
    if (manifest) {
        auto doc = keyvalues::parse(asChars(*manifest));
        if (!doc)
            return Error("physics.surfaceprops", "the manifest does not parse: " + doc.error().render())
                .file(std::string(kManifest));
        for (const auto& root : doc->roots)
            for (const auto& kv : root.children)
                if (!kv.isBlock && iequals(kv.key, "file")) files.push_back(kv.value);
    } else {
        files.emplace_back("scripts/surfaceproperties.txt");
    }
    for (const std::string& f : files) {
        const auto text = file(f);
        if (!text) {
            if (!manifest) return props;  // no game table at all: the built-in one
            return Error("physics.surfaceprops", "a file the manifest lists is not there").file(f);
        }
        VESTIGE_CHECK(props.parse(asChars(*text), f));
    }
    return props;
}

}  // namespace vestige::source::physics
