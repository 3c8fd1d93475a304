// Map materials: VMT through the mounts, VTF decoded and cached, the error checker for what fails (materials.hpp).
#include "vestige/source/scene/materials.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "vestige/core/text.hpp"
#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::scene {

namespace vs = ::vestige::scene;
namespace kv = ::vestige::source::keyvalues;

void addUnique(std::vector<std::string>& list, std::string value) {
    const auto it = std::lower_bound(list.begin(), list.end(), value);
    if (it == list.end() || *it != value) list.insert(it, std::move(value));
}

namespace {

constexpr float kWaterAlpha = 0.65f;  // our choice for the flat water look (no GMod measurement behind it)

struct Loaded {
    std::optional<Error> error;
    vtf::Vtf file;
};

Loaded loadVtf(const content::Mounts& mounts, const std::string& path, TextureCacheStats& stats) {
    Loaded out;
    if (!mounts.exists(path)) {
        out.error = Error("texture.missing", fmt::format("no mount has '{}'", path)).entry(path);
        return out;
    }
    auto bytes = mounts.read(path);
    if (!bytes) {
        out.error = std::move(bytes).error();
        return out;
    }
    stats.vtfBytes += bytes->size();
    auto file = vtf::readVtf(*bytes);
    if (!file) {
        out.error = std::move(file).error().entry(path);
        return out;
    }
    out.file = std::move(*file);
    return out;
}

}  // namespace

std::uint32_t TextureCache::frames(std::string_view textureName) {
    const Entry& e = get(textureName, 0);
    return e.error ? 1 : e.frames;
}

const TextureCache::Entry& TextureCache::get(std::string_view textureName, std::uint32_t frame) {
    const std::string path = kv::vtfPath(textureName);
    // Frame 0 is always loaded first: it carries the frame count every other frame wraps by.
    if (frame != 0) {
        const Entry& first = get(textureName, 0);
        if (first.error || first.frames <= 1) return first;
        frame %= first.frames;
        if (frame == 0) return first;
    }
    const std::string key = fmt::format("{}#{}", path, frame);
    if (auto it = mEntries.find(key); it != mEntries.end()) {
        ++mStats.hits;
        return it->second;
    }
    ++mStats.misses;
    Entry e;
    Loaded loaded = loadVtf(mMounts, path, mStats);
    if (loaded.error) {
        e.error = std::move(loaded.error);
    } else {
        e.frames = loaded.file.frames;
        e.flags = loaded.file.flags;
        auto image = vtf::decodeImage(loaded.file, 0, frame, 0, 0);
        if (!image) {
            e.error = std::move(image).error().entry(path);
        } else {
            e.texture.name = path;
            e.texture.width = image->width();
            e.texture.height = image->height();
            e.texture.rgba = image->bytes();
            e.texture.filter = (e.flags & vtf::flag::kPointSample) ? vs::Filter::Nearest : vs::Filter::Linear;
            e.texture.repeat = (e.flags & (vtf::flag::kClampS | vtf::flag::kClampT)) == 0;
            mStats.bytes += e.texture.rgba.size();
            ++mStats.textures;
        }
    }
    return mEntries.emplace(key, std::move(e)).first->second;
}

// The scene texture for a texture name (frame wrapped by the file), or the error that listed it.
std::optional<std::uint32_t> sceneTexture(MaterialContext& ctx, const std::string& name, std::uint32_t frame,
                                          const std::string& material) {
    const TextureCache::Entry& tex = ctx.textures.get(name, frame);
    if (tex.error) {
        if (tex.error->code() == "texture.missing")
            addUnique(ctx.report.missingTextures, kv::materialKey(name));
        else
            ctx.report.errors.push_back(Error(*tex.error).in("material", material));
        return std::nullopt;
    }
    auto [it, added] = ctx.sceneTextures.try_emplace(&tex, static_cast<std::uint32_t>(ctx.scene.textures.size()));
    if (added) ctx.scene.textures.push_back(tex.texture);
    return it->second;
}

AppliedMaterial applyMaterial(MaterialContext& ctx, std::string_view mapTextureName, vs::Material& out) {
    AppliedMaterial applied;
    ++ctx.report.materials;
    const kv::VmtLoader loader = [&](std::string_view path) -> Result<std::optional<std::string>> {
        if (!ctx.mounts.exists(path)) return std::optional<std::string>{};
        VESTIGE_TRY(Bytes b, ctx.mounts.read(path));
        return std::optional<std::string>(std::string(b.begin(), b.end()));
    };
    const kv::ResolvedMaterial m = kv::resolveMaterial(mapTextureName, loader, ctx.resolve);
    out.name = m.key;
    out.baseColor = {1, 1, 1, 1};
    if (!m.ok()) {
        if (m.error->code() == "vmt.missing" && m.chain.size() == 1)
            addUnique(ctx.report.missingMaterials, m.key);
        else
            ctx.report.errors.push_back(*m.error);
        ++ctx.report.families["error"];
        out.textureMissing = true;
        return applied;
    }
    applied.family = m.family;
    ++ctx.report.families[std::string(kv::familyName(m.family))];
    applied.lightmapped =
        m.family == kv::ShaderFamily::LightmappedGeneric || m.family == kv::ShaderFamily::WorldVertexTransition;
    if (m.family == kv::ShaderFamily::Sky) applied.drawn = false;
    const kv::ProxyState proxies = kv::evaluateProxies(m.proxies, ctx.seconds);
    ctx.report.ignoredProxies += proxies.ignored;
    out.baseColor = {m.color.x, m.color.y, m.color.z, m.alpha};
    out.fog = !m.noFog;
    applied.noCull = m.noCull;
    if (m.additive)
        out.blend = vs::Blend::Additive;
    else if (m.translucent || m.alpha < 1.0f)
        out.blend = vs::Blend::Translucent;
    else if (m.alphaTest) {
        out.blend = vs::Blend::AlphaTest;
        out.alphaRef = m.alphaTestReference;
    }
    if (m.family == kv::ShaderFamily::Water) {
        // The flat first look: the water's fog colour, translucent over what lies below; no reflection/refraction.
        const Vec3 c = m.fogColor.value_or(Vec3{0.2f, 0.3f, 0.4f});
        out.baseColor = {c.x, c.y, c.z, kWaterAlpha};
        out.blend = vs::Blend::Translucent;
        applied.lightmapped = false;
        return applied;
    }
    if (!m.baseTexture) {
        // A material without $basetexture draws its colour (Water and similar until their shaders exist).
        return applied;
    }
    const std::uint32_t frame = proxies.frame ? kv::wrapFrame(proxies, ctx.textures.frames(*m.baseTexture)) : 0;
    if (auto t = sceneTexture(ctx, *m.baseTexture, frame, m.key))
        out.texture = *t;
    else
        out.textureMissing = true;
    if (m.family == kv::ShaderFamily::WorldVertexTransition && m.baseTexture2) {
        if (auto t = sceneTexture(ctx, *m.baseTexture2, 0, m.key))
            out.texture2 = *t;
        else
            out.texture2Missing = true;
    }
    return applied;
}

bool applySky(MaterialContext& ctx, std::string_view skyName) {
    static constexpr const char* kSuffix[6] = {"rt", "lf", "bk", "ft", "up", "dn"};  // SkyBox face order
    vs::SkyBox sky;
    for (int f = 0; f < 6; ++f) {
        vs::Material face;
        const std::string name = "skybox/" + std::string(skyName) + kSuffix[f];
        (void)applyMaterial(ctx, name, face);
        if (face.texture == vs::kNone) return false;
        // Faces clamp: a repeating edge texel from the opposite side shows as a seam.
        ctx.scene.textures[face.texture].repeat = false;
        sky.faces[f] = face.texture;
    }
    ctx.scene.sky = sky;
    return true;
}

}  // namespace vestige::source::scene
