// The .phy key text (keys.hpp) and the interpreted PhyModel.
#include "vestige/source/phy/keys.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/keyvalues/keyvalues.hpp"

namespace vestige::source::phy {

namespace {

// C atof: the longest number prefix, 0 when there is none.
float atofLike(std::string_view s) { return scanFloat(s).value_or(0.0f); }

// C atoi: blanks, an optional sign, digits; stops at the first other byte. `rest` gets the unread tail.
std::int32_t atoiLike(std::string_view s, std::string_view* rest = nullptr) {
    std::size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
    bool negative = false;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) negative = s[i++] == '-';
    std::int64_t v = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) != 0) {
        v = std::min<std::int64_t>(v * 10 + (s[i] - '0'), std::int64_t{1} << 32);
        ++i;
    }
    if (rest) *rest = s.substr(i);
    v = negative ? -v : v;
    return static_cast<std::int32_t>(std::clamp<std::int64_t>(v, INT32_MIN, INT32_MAX));
}

Result<KeyList> leafPairs(const keyvalues::Node& block) {
    KeyList out;
    for (const auto& c : block.children) {
        if (c.isBlock)
            return Error("phy.keys_nested", "nested block inside a collision key block")
                .entry(block.key)
                .field(c.key)
                .at(c.offset);
        out.emplace_back(c.key, c.value);
    }
    return out;
}

SolidKeys solidFrom(const KeyList& pairs) {
    SolidKeys s;
    for (const auto& [k, v] : pairs) {
        if (iequals(k, "index"))
            s.index = atoiLike(v);
        else if (iequals(k, "name"))
            s.name = v;
        else if (iequals(k, "parent"))
            s.parent = v;
        else if (iequals(k, "surfaceprop"))
            s.surfaceprop = v;
        else if (iequals(k, "mass"))
            s.mass = atofLike(v);
        else if (iequals(k, "inertia"))
            s.inertia = atofLike(v);
        else if (iequals(k, "damping"))
            s.damping = atofLike(v);
        else if (iequals(k, "rotdamping"))
            s.rotdamping = atofLike(v);
        else if (iequals(k, "volume"))
            s.volume = atofLike(v);
        else if (iequals(k, "drag"))
            s.drag = atofLike(v);
        else if (iequals(k, "massCenterOverride")) {
            std::array<float, 3> c{};
            scanFloats(v, c);  // sscanf("%f %f %f"): missing components stay 0
            s.massCenterOverride = Vec3{c[0], c[1], c[2]};
        } else
            s.extra.emplace_back(k, v);
    }
    return s;
}

RagdollConstraintKeys ragdollFrom(const KeyList& pairs) {
    RagdollConstraintKeys r;
    for (const auto& [k, v] : pairs) {
        bool used = true;
        if (iequals(k, "parent"))
            r.parent = atoiLike(v);
        else if (iequals(k, "child"))
            r.child = atoiLike(v);
        else if (k.size() >= 4 &&
                 (k[0] == 'x' || k[0] == 'y' || k[0] == 'z' || k[0] == 'X' || k[0] == 'Y' || k[0] == 'Z')) {
            auto& axis = r.axes[static_cast<std::size_t>(std::tolower(static_cast<unsigned char>(k[0])) - 'x')];
            const std::string_view rest = std::string_view(k).substr(1);
            if (iequals(rest, "min"))
                axis.min = atofLike(v);
            else if (iequals(rest, "max"))
                axis.max = atofLike(v);
            else if (iequals(rest, "friction"))
                axis.friction = atofLike(v);
            else
                used = false;
        } else
            used = false;
        if (!used) r.extra.emplace_back(k, v);
    }
    return r;
}

CollisionRulesKeys rulesFrom(const KeyList& pairs) {
    CollisionRulesKeys c;
    for (const auto& [k, v] : pairs) {
        if (iequals(k, "selfcollisions"))
            c.selfCollisions = atoiLike(v) != 0;
        else if (iequals(k, "collisionpair")) {
            std::string_view rest;
            const std::int32_t a = atoiLike(v, &rest);
            if (!rest.empty() && rest.front() == ',') rest.remove_prefix(1);
            c.disabledPairs.emplace_back(a, atoiLike(rest));
        } else
            c.extra.emplace_back(k, v);
    }
    return c;
}

std::string number(float v) { return fmt::format("{:.6f}", v); }

void writePairs(std::string& out, const KeyList& pairs) {
    for (const auto& [k, v] : pairs) out += fmt::format("\"{}\" \"{}\"\n", k, v);
}

}  // namespace

const KeyBlock* PhyKeys::block(std::string_view name) const {
    for (const auto& b : blocks)
        if (iequals(b.name, name)) return &b;
    return nullptr;
}

Result<PhyKeys> parseKeys(ByteView keyText) {
    std::string_view text = asChars(keyText);
    if (const auto nul = text.find('\0'); nul != std::string_view::npos) text = text.substr(0, nul);
    auto doc = keyvalues::parse(text);
    if (!doc) return Error("phy.keys", "collision key text does not parse: " + doc.error().render()).field("key_text");
    PhyKeys keys;
    for (const auto& root : doc->roots) {
        if (!root.isBlock) continue;  // VPhysics' block scanner skips stray pairs
        VESTIGE_TRY(KeyList pairs, leafPairs(root));
        if (iequals(root.key, "solid"))
            keys.solids.push_back(solidFrom(pairs));
        else if (iequals(root.key, "ragdollconstraint"))
            keys.ragdollConstraints.push_back(ragdollFrom(pairs));
        else if (iequals(root.key, "collisionrules"))
            keys.collisionRules = rulesFrom(pairs);
        else
            keys.blocks.push_back({root.key, std::move(pairs)});
    }
    return keys;
}

Bytes writeKeys(const PhyKeys& keys) {
    std::string out;
    for (const auto& s : keys.solids) {
        out += "solid {\n";
        KeyList pairs{{"index", std::to_string(s.index)}, {"name", s.name}};
        if (!s.parent.empty()) pairs.emplace_back("parent", s.parent);
        pairs.insert(pairs.end(), {{"mass", number(s.mass)},
                                   {"surfaceprop", s.surfaceprop.empty() ? "default" : s.surfaceprop},
                                   {"damping", number(s.damping)},
                                   {"rotdamping", number(s.rotdamping)},
                                   {"inertia", number(s.inertia)},
                                   {"volume", number(s.volume)}});
        if (s.drag != 1.0f) pairs.emplace_back("drag", number(s.drag));
        if (s.massCenterOverride)
            pairs.emplace_back("massCenterOverride",
                               fmt::format("{} {} {}", number(s.massCenterOverride->x), number(s.massCenterOverride->y),
                                           number(s.massCenterOverride->z)));
        writePairs(out, pairs);
        writePairs(out, s.extra);
        out += "}\n";
    }
    for (const auto& r : keys.ragdollConstraints) {
        out += "ragdollconstraint {\n";
        KeyList pairs{{"parent", std::to_string(r.parent)}, {"child", std::to_string(r.child)}};
        for (std::size_t a = 0; a < 3; ++a) {
            const char axis = static_cast<char>('x' + a);
            pairs.emplace_back(fmt::format("{}min", axis), number(r.axes[a].min));
            pairs.emplace_back(fmt::format("{}max", axis), number(r.axes[a].max));
            pairs.emplace_back(fmt::format("{}friction", axis), number(r.axes[a].friction));
        }
        writePairs(out, pairs);
        writePairs(out, r.extra);
        out += "}\n";
    }
    if (keys.collisionRules) {
        out += "collisionrules {\n";
        if (!keys.collisionRules->selfCollisions) out += "\"selfcollisions\" \"0\"\n";
        for (const auto& [a, b] : keys.collisionRules->disabledPairs)
            out += fmt::format("\"collisionpair\" \"{},{}\"\n", a, b);
        writePairs(out, keys.collisionRules->extra);
        out += "}\n";
    }
    for (const auto& b : keys.blocks) {
        out += b.name + " {\n";
        writePairs(out, b.pairs);
        out += "}\n";
    }
    Bytes bytes(out.begin(), out.end());
    bytes.push_back(0);
    return bytes;
}

Result<PhyModel> loadPhyModel(ByteView data, const PhyReadOptions& options) {
    PhyModel m;
    VESTIGE_TRY(m.file, readPhy(data, options));
    const std::uint64_t textAt = data.size() - m.file.collide.keyText.size();
    VESTIGE_TRY(m.keys, std::move(parseKeys(m.file.collide.keyText)).in("offset", std::to_string(textAt)));
    const auto count = static_cast<std::size_t>(m.file.header.solidCount);
    if (m.keys.solids.size() != count)
        return Error::atField("phy.solid_count", "the key text describes another number of solids than the header",
                              "header.solid_count", 8)
            .expected(fmt::format("{} solid blocks", count))
            .actual(std::to_string(m.keys.solids.size()));
    std::set<std::int32_t> used;
    for (std::size_t i = 0; i < m.keys.solids.size(); ++i) {
        const std::int32_t index = m.keys.solids[i].index;
        if (index < 0 || static_cast<std::size_t>(index) >= count || !used.insert(index).second)
            return Error("phy.solid_index", "solid block index out of range or repeated")
                .record(i)
                .field("index")
                .expected(fmt::format("unique, 0..{}", count - 1))
                .actual(std::to_string(index));
    }
    for (std::size_t i = 0; i < count; ++i) {
        const Solid& s = m.file.collide.solids[i];
        if (!s.surface)
            return Error("phy.model_type", "only POLY (compact surface) solids become convex hulls")
                .record(i)
                .field("model_type")
                .actual(s.header ? std::to_string(s.header->modelType) : "legacy MOPP");
        m.solids.push_back(convexPieces(*s.surface));
        m.massCenters.push_back(massCenter(*s.surface));
    }
    return m;
}

}  // namespace vestige::source::phy
