// VMT resolution: Patch includes with cycle detection, DX9 fallback blocks, dx-level blocks, $fallbackmaterial,
// the common parameters, proxies (material.hpp has the picture).
#include "vestige/source/keyvalues/material.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <numbers>
#include <set>
#include <sstream>

#include "vestige/core/text.hpp"

namespace vestige::source::keyvalues {
namespace {

float toFloat(std::string_view s, float fallback) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    float v = fallback;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    (void)p;
    return ec == std::errc() && std::isfinite(v) ? v : fallback;
}

// "[1 0.5 0]", "{255 128 0}" (0..255) or "1 1 1".
Vec3 toColor(std::string_view s) {
    const bool bytes = !s.empty() && s.front() == '{';
    std::string t(s);
    for (char& c : t)
        if (c == '[' || c == ']' || c == '{' || c == '}') c = ' ';
    std::istringstream in(t);
    float r = 1, g = 1, b = 1;
    in >> r >> g >> b;
    if (!in) return {1, 1, 1};
    return bytes ? Vec3{r / 255.0f, g / 255.0f, b / 255.0f} : Vec3{r, g, b};
}

// Merges a block's pairs over the root (later keys replace earlier ones; blocks replace blocks of the same name).
void mergeOver(Node& root, const Node& block) {
    for (const Node& n : block.children) {
        if (Node* existing = root.find(n.key)) {
            *existing = n;
        } else {
            root.children.push_back(n);
        }
    }
}

// ">=dx90", "<dx90", ">dx80", "<=dx90" against the DX level (90 = "dx90").
std::optional<bool> dxCondition(std::string_view key, int dxLevel) {
    std::string k = asciiLower(key);
    std::string_view op;
    for (std::string_view candidate : {">=", "<=", ">", "<"})
        if (k.starts_with(candidate)) {
            op = candidate;
            break;
        }
    if (op.empty() || k.size() <= op.size() + 2 || k.compare(op.size(), 2, "dx") != 0) return std::nullopt;
    int level = 0;
    const char* first = k.data() + op.size() + 2;
    const auto [p, ec] = std::from_chars(first, k.data() + k.size(), level);
    if (ec != std::errc() || p != k.data() + k.size()) return std::nullopt;
    if (op == ">=") return dxLevel >= level;
    if (op == "<=") return dxLevel <= level;
    if (op == ">") return dxLevel > level;
    return dxLevel < level;
}

struct Resolver {
    const VmtLoader& load;
    const ResolveOptions& options;
    ResolvedMaterial& out;
    std::set<std::string> visiting;

    Result<Node> loadRoot(const std::string& key, int depth) {
        if (depth > options.maxDepth)
            return Error("vmt.depth", "includes / fallback materials nest too deeply").entry(vmtPath(key));
        if (!visiting.insert(key).second)
            return Error("vmt.include_cycle", fmt::format("'{}' includes itself", vmtPath(key)))
                .entry(vmtPath(key))
                .expected("an include chain without repeats");
        out.chain.push_back(vmtPath(key));
        VESTIGE_TRY(auto text, load(vmtPath(key)));
        if (!text) return Error("vmt.missing", fmt::format("no mount has '{}'", vmtPath(key))).entry(vmtPath(key));
        VESTIGE_TRY(Material m, std::move(parseMaterial(*text)).entry(vmtPath(key)));
        if (!m.isPatch) return m.root;
        if (m.patchInclude.empty())
            return Error("vmt.patch_include", "Patch material has no include").entry(vmtPath(key)).field("include");
        VESTIGE_TRY(Node base, loadRoot(materialKey(m.patchInclude), depth + 1));
        return applyPatch(std::move(base), m);  // insert sets keys always, replace only existing ones
    }

    Status run(const std::string& key, int depth) {
        VESTIGE_TRY(Node root, loadRoot(key, depth));
        // Shader fallback block for the DX9 path, then dx-level condition blocks, in file order.
        std::vector<std::string> names;
        if (options.hdr) names.push_back(root.key + "_HDR_DX9");
        names.push_back(root.key + "_DX9");
        names.push_back(root.key + "_DX90");
        for (const std::string& n : names)
            if (const Node* block = root.find(n); block && block->isBlock) {
                out.blocks.push_back(block->key);
                const Node copy = *block;
                mergeOver(root, copy);
                break;
            }
        for (std::size_t i = 0; i < root.children.size(); ++i) {
            const Node& c = root.children[i];
            if (!c.isBlock) continue;
            if (auto cond = dxCondition(c.key, options.dxLevel); cond && *cond) {
                out.blocks.push_back(c.key);
                const Node copy = c;
                mergeOver(root, copy);
            }
        }
        const Material m = materialFromNode(root);
        if (shaderFamily(m.shader) == ShaderFamily::Other)
            if (auto fb = m.param("$fallbackmaterial"); fb && !fb->empty()) {
                out.blocks.push_back("$fallbackmaterial " + std::string(*fb));
                return run(materialKey(*fb), depth + 1);
            }
        out.material = m;
        return okStatus();
    }
};

std::optional<std::string> textureParam(const Material& m, std::string_view name) {
    auto v = m.param(name);
    if (!v || v->empty()) return std::nullopt;
    return std::string(*v);
}

bool flag(const Material& m, std::string_view name) {
    auto v = m.param(name);
    return v && truthy(*v);
}

}  // namespace

std::string materialKey(std::string_view name) {
    std::string s = asciiLower(name);
    for (char& c : s)
        if (c == '\\') c = '/';
    while (s.starts_with('/')) s.erase(0, 1);
    if (s.starts_with("materials/")) s.erase(0, 10);
    if (s.ends_with(".vmt") || s.ends_with(".vtf")) s.resize(s.size() - 4);
    return s;
}

std::string vmtPath(std::string_view key) { return "materials/" + materialKey(key) + ".vmt"; }
std::string vtfPath(std::string_view textureName) { return "materials/" + materialKey(textureName) + ".vtf"; }

Vec2 TextureTransform::apply(Vec2 uv) const {
    const float r = rotateDeg * std::numbers::pi_v<float> / 180.0f;
    const float c = std::cos(r), s = std::sin(r);
    const Vec2 d{(uv.x - center.x) * scale.x, (uv.y - center.y) * scale.y};
    return {c * d.x - s * d.y + center.x + translate.x, s * d.x + c * d.y + center.y + translate.y};
}

TextureTransform parseTransform(std::string_view text) {
    TextureTransform t;
    std::istringstream in{std::string(text)};
    std::string word;
    while (in >> word) {
        const std::string w = asciiLower(word);
        if (w == "center")
            in >> t.center.x >> t.center.y;
        else if (w == "scale")
            in >> t.scale.x >> t.scale.y;
        else if (w == "translate")
            in >> t.translate.x >> t.translate.y;
        else if (w == "rotate")
            in >> t.rotateDeg;
        if (!in) return TextureTransform{};
    }
    return t;
}

ShaderFamily shaderFamily(std::string_view shader) {
    std::string s = asciiLower(shader);
    for (std::string_view suffix : {"_hdr_dx9", "_dx90", "_dx9"})
        if (s.ends_with(suffix)) s.resize(s.size() - suffix.size());
    if (s == "lightmappedgeneric") return ShaderFamily::LightmappedGeneric;
    if (s == "worldvertextransition") return ShaderFamily::WorldVertexTransition;
    if (s == "unlitgeneric") return ShaderFamily::UnlitGeneric;
    if (s == "vertexlitgeneric") return ShaderFamily::VertexLitGeneric;
    if (s == "sky") return ShaderFamily::Sky;
    if (s == "water") return ShaderFamily::Water;
    return ShaderFamily::Other;
}

std::string_view familyName(ShaderFamily f) {
    switch (f) {
        case ShaderFamily::LightmappedGeneric:
            return "LightmappedGeneric";
        case ShaderFamily::WorldVertexTransition:
            return "WorldVertexTransition";
        case ShaderFamily::UnlitGeneric:
            return "UnlitGeneric";
        case ShaderFamily::VertexLitGeneric:
            return "VertexLitGeneric";
        case ShaderFamily::Sky:
            return "Sky";
        case ShaderFamily::Water:
            return "Water";
        case ShaderFamily::Other:
            break;
    }
    return "Other";
}

ResolvedMaterial resolveMaterial(std::string_view name, const VmtLoader& load, const ResolveOptions& options) {
    ResolvedMaterial out;
    out.key = materialKey(name);
    Resolver r{load, options, out, {}};
    if (auto st = r.run(out.key, 0); !st) {
        out.error = std::move(st).error();
        out.error->in("material", out.key);
        return out;
    }
    const Material& m = out.material;
    out.shader = m.shader;
    out.family = shaderFamily(m.shader);
    out.baseTexture = textureParam(m, "$basetexture");
    out.baseTexture2 = textureParam(m, "$basetexture2");
    out.bumpMap = textureParam(m, "$bumpmap");
    if (!out.bumpMap) out.bumpMap = textureParam(m, "$normalmap");
    out.envMap = textureParam(m, "$envmap");
    out.envMapMask = textureParam(m, "$envmapmask");
    out.detail = textureParam(m, "$detail");
    out.blendModulate = textureParam(m, "$blendmodulatetexture");
    if (auto t = m.param("$basetexturetransform")) out.baseTransform = parseTransform(*t);
    if (auto c = m.param("$color")) out.color = toColor(*c);
    if (auto c = m.param("$fogcolor")) out.fogColor = toColor(*c);
    if (auto a = m.param("$alpha")) out.alpha = toFloat(*a, 1.0f);
    if (auto a = m.param("$alphatestreference")) out.alphaTestReference = toFloat(*a, 0.5f);
    out.translucent = flag(m, "$translucent");
    out.alphaTest = flag(m, "$alphatest");
    out.additive = flag(m, "$additive");
    out.noCull = flag(m, "$nocull");
    out.selfIllum = flag(m, "$selfillum");
    out.vertexColor = flag(m, "$vertexcolor");
    out.vertexAlpha = flag(m, "$vertexalpha");
    out.noFog = flag(m, "$nofog");
    for (const Node& p : m.proxies) {
        if (!p.isBlock) continue;
        Proxy proxy{p.key, {}};
        for (const Node& k : p.children)
            if (!k.isBlock) proxy.keys.emplace(asciiLower(k.key), k.value);
        out.proxies.push_back(std::move(proxy));
    }
    return out;
}

ProxyState evaluateProxies(const std::vector<Proxy>& proxies, double t) {
    ProxyState s;
    auto num = [](const Proxy& p, const char* k, float fallback) {
        const auto it = p.keys.find(k);
        return it == p.keys.end() ? fallback : toFloat(it->second, fallback);
    };
    auto var = [](const Proxy& p, const char* k) {
        const auto it = p.keys.find(k);
        return it == p.keys.end() ? std::string() : asciiLower(it->second);
    };
    for (const Proxy& p : proxies) {
        const std::string n = asciiLower(p.name);
        if (n == "animatedtexture") {
            const float rate = num(p, "animatedtextureframerate", 15.0f);
            s.frame = static_cast<std::uint32_t>(std::max(0.0, std::floor(t * rate)));
        } else if (n == "texturescroll") {
            const double rate = num(p, "texturescrollrate", 1.0f);
            const double angle = num(p, "texturescrollangle", 0.0f) * std::numbers::pi / 180.0;
            double u = std::cos(angle) * rate * t, v = std::sin(angle) * rate * t;
            u -= std::floor(u);
            v -= std::floor(v);
            s.scroll = Vec2{static_cast<float>(u), static_cast<float>(v)};
        } else if (n == "sine") {
            const double period = num(p, "sineperiod", 1.0f);
            const double lo = num(p, "sinemin", 0.0f), hi = num(p, "sinemax", 1.0f);
            const double offset = num(p, "timeoffset", 0.0f);
            const double v =
                period > 0 ? (hi - lo) * (std::sin(2.0 * std::numbers::pi * (t - offset) / period) * 0.5 + 0.5) + lo
                           : lo;
            s.values[var(p, "resultvar")] = static_cast<float>(v);
        } else if (n == "linearramp") {
            s.values[var(p, "resultvar")] = static_cast<float>(num(p, "rate", 1.0f) * t + num(p, "initialvalue", 0.0f));
        } else {
            ++s.ignored;
            s.ignoredNames.push_back(p.name);
        }
    }
    return s;
}

std::uint32_t wrapFrame(const ProxyState& s, std::uint32_t frames) {
    if (!s.frame || frames == 0) return 0;
    return s.frameWraps ? *s.frame % frames : std::min(*s.frame, frames - 1);
}

}  // namespace vestige::source::keyvalues
