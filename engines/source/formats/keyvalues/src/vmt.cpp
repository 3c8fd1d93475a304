// VMT view: shader, common parameters, proxies and Patch resolution (§4.3).
#include "vestige/source/keyvalues/vmt.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdlib>

#include "vestige/core/text.hpp"

namespace vestige::source::keyvalues {

bool truthy(std::string_view v) {
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    double d = 0;
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
    (void)p;
    return ec == std::errc() && d != 0.0;
}

std::optional<std::string_view> Material::param(std::string_view name) const {
    for (const auto& [k, v] : params)
        if (iequals(k, name)) return std::string_view(v);
    return std::nullopt;
}

Material materialFromNode(const Node& root) {
    Material m;
    m.shader = root.key;
    m.root = root;
    for (const auto& c : root.children)
        if (!c.isBlock && !c.key.empty() && (c.key[0] == '$' || c.key[0] == '%')) m.params.emplace_back(c.key, c.value);
    auto str = [&](std::string_view k) -> std::optional<std::string> {
        if (auto v = m.param(k)) return std::string(*v);
        return std::nullopt;
    };
    m.baseTexture = str("$basetexture");
    m.bumpMap = str("$bumpmap");
    m.surfaceProp = str("$surfaceprop");
    m.translucent = m.param("$translucent") && truthy(*m.param("$translucent"));
    m.alphaTest = m.param("$alphatest") && truthy(*m.param("$alphatest"));
    if (const Node* proxies = root.find("Proxies"); proxies && proxies->isBlock) m.proxies = proxies->children;
    m.isPatch = iequals(root.key, "patch");
    if (m.isPatch) {
        if (auto inc = root.get("include")) m.patchInclude = std::string(*inc);
        if (const Node* n = root.find("insert"); n && n->isBlock) m.insert = n->children;
        if (const Node* n = root.find("replace"); n && n->isBlock) m.replace = n->children;
    }
    return m;
}

Result<Material> parseMaterial(std::string_view text) {
    VESTIGE_TRY(Document doc, parse(text));
    doc = applyConditions(doc, pcConditions());
    if (doc.roots.empty()) return Error("vmt.empty", "material has no shader block");
    const Node& root = doc.roots.front();
    if (!root.isBlock)
        return Error("vmt.not_a_block", fmt::format("shader '{}' is not followed by '{{'", root.key))
            .in("line", std::to_string(root.line))
            .at(root.offset);
    return materialFromNode(root);
}

namespace {

void applyList(Node& root, const std::vector<Node>& list, bool insert) {
    for (const auto& n : list) {
        if (n.isBlock && iequals(n.key, "proxies")) {
            Node* proxies = root.find("Proxies");
            if (!proxies) {
                root.children.push_back(Node{.key = "Proxies", .isBlock = true});
                proxies = &root.children.back();
            }
            proxies->isBlock = true;
            proxies->children.insert(proxies->children.end(), n.children.begin(), n.children.end());
            continue;
        }
        Node* existing = root.find(n.key);
        if (!n.isBlock && n.value.empty()) {
            // An empty value deletes the key.
            if (existing) root.children.erase(root.children.begin() + (existing - root.children.data()));
            continue;
        }
        if (existing) {
            const std::string key = existing->key;  // keep the original spelling
            *existing = n;
            existing->key = key;
        } else if (insert) {
            root.children.push_back(n);
        }
    }
}

}  // namespace

Node applyPatch(Node base, const Material& patch) {
    applyList(base, patch.insert, true);
    applyList(base, patch.replace, false);
    return base;
}

Result<Material> resolvePatch(const Material& material, const MaterialLoader& load, int maxDepth) {
    if (!material.isPatch) return material;
    if (maxDepth <= 0)
        return Error("vmt.patch_depth", "Patch includes nest too deeply").expected("a non-patch material");
    if (material.patchInclude.empty())
        return Error("vmt.patch_include", "Patch material has no include").field("include");
    auto text = load(material.patchInclude);
    if (!text) return std::move(text).error().entry(material.patchInclude);
    VESTIGE_TRY(Material base, std::move(parseMaterial(*text)).entry(material.patchInclude));
    VESTIGE_TRY(base, resolvePatch(base, load, maxDepth - 1));
    return materialFromNode(applyPatch(base.root, material));
}

}  // namespace vestige::source::keyvalues
