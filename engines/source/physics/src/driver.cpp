// The headless driver (driver.hpp).
#include "vestige/source/physics/driver.hpp"

#include <fmt/format.h>

#include "vestige/core/json.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::physics {

namespace {

Error spawnError(std::string_view text, std::string message) {
    return Error("physics.spawn", std::move(message))
        .field("spawn")
        .expected("box:WxDxH@X,Y,Z, sphere:R@X,Y,Z or PATH.mdl@X,Y,Z (optionally ,MASS)")
        .actual(std::string(text));
}

// "a<sep>b<sep>c" into strictly parsed finite floats.
std::optional<std::vector<float>> numbers(std::string_view text, char sep) {
    std::vector<float> out;
    while (true) {
        const std::size_t end = text.find(sep);
        const auto v = parseFloat(text.substr(0, end));
        if (!v) return std::nullopt;
        out.push_back(*v);
        if (end == std::string_view::npos) return out;
        text.remove_prefix(end + 1);
    }
}

nlohmann::ordered_json vec(Vec3 v) { return nlohmann::ordered_json::array({v.x, v.y, v.z}); }

}  // namespace

Result<SpawnSpec> parseSpawn(std::string_view text) {
    SpawnSpec s;
    s.text = std::string(text);
    const std::size_t at = text.rfind('@');
    if (at == std::string_view::npos) return spawnError(text, "a spawn needs '@' and a position");
    const auto where = numbers(text.substr(at + 1), ',');
    if (!where || (where->size() != 3 && where->size() != 4))
        return spawnError(text, "the position is X,Y,Z (three finite numbers), optionally ,MASS");
    s.position = {(*where)[0], (*where)[1], (*where)[2]};
    if (where->size() == 4) {
        if (!((*where)[3] > 0)) return spawnError(text, "the mass must be > 0");
        s.mass = (*where)[3];
    }
    const std::string_view what = text.substr(0, at);
    if (what.starts_with("box:")) {
        const auto size = numbers(what.substr(4), 'x');
        if (!size || size->size() != 3 || !((*size)[0] > 0 && (*size)[1] > 0 && (*size)[2] > 0))
            return spawnError(text, "a box is box:WxDxH with three sizes > 0");
        s.size = {(*size)[0], (*size)[1], (*size)[2]};
    } else if (what.starts_with("sphere:")) {
        const auto r = parseFloat(what.substr(7));
        if (!r || !(*r > 0)) return spawnError(text, "a sphere is sphere:R with R > 0");
        s.kind = SpawnSpec::Kind::Sphere;
        s.radius = *r;
    } else if (endsWithNoCase(what, ".mdl")) {
        s.kind = SpawnSpec::Kind::Model;
        s.model = std::string(what);
    } else {
        return spawnError(text, "unknown spawn kind");
    }
    return s;
}

Result<SpawnedProp> spawnProp(PhysicsWorld& world, const SpawnSpec& spec, const ModelFiles* files) {
    SpawnedProp out;
    out.label = spec.text;
    const float density = world.surfaceProps().get("default").density;
    constexpr float kCubicMetersPerCubicInch = kMetersPerInch * kMetersPerInch * kMetersPerInch;
    BodyDesc desc;
    switch (spec.kind) {
        case SpawnSpec::Kind::Box: {
            VESTIGE_TRY(desc.shape, world.createBox(spec.size * -0.5f, spec.size * 0.5f));
            desc.mass = spec.size.x * spec.size.y * spec.size.z * kCubicMetersPerCubicInch * density;
            break;
        }
        case SpawnSpec::Kind::Sphere: {
            VESTIGE_TRY(desc.shape, world.createSphere(spec.radius));
            desc.mass =
                4.0f / 3.0f * kPi * spec.radius * spec.radius * spec.radius * kCubicMetersPerCubicInch * density;
            break;
        }
        case SpawnSpec::Kind::Model: {
            if (!files) return spawnError(spec.text, "the model's files were not given");
            const Vec3 size = files->hullMax - files->hullMin;
            const float boxMass =
                files->mass > 0 ? files->mass : size.x * size.y * size.z * kCubicMetersPerCubicInch * density;
            phy::PhyReadOptions options;
            options.expectedChecksum = files->checksum;
            std::optional<ByteView> phy;
            if (files->phy) phy = ByteView(*files->phy);
            VESTIGE_TRY(PropShape prop, loadPropShape(world, phy, options, files->hullMin, files->hullMax, boxMass));
            desc = prop.desc;
            out.warning = std::move(prop.warning);
            break;
        }
    }
    if (spec.mass) desc.mass = *spec.mass;
    desc.position = spec.position;
    VESTIGE_TRY(out.body, world.createBody(desc));
    return out;
}

std::string tickJson(const PhysicsWorld& world, std::span<const SpawnedProp> props) {
    nlohmann::ordered_json j;
    j["tick"] = world.tick();
    j["hash"] = fmt::format("0x{:016x}", world.stateHash());
    auto bodies = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < props.size(); ++i) {
        const auto s = world.state(props[i].body);
        if (!s) continue;
        bodies.push_back({{"body", i},
                          {"label", props[i].label},
                          {"origin", vec(s->position)},
                          {"velocity", vec(s->velocity)},
                          {"asleep", s->asleep}});
    }
    j["bodies"] = std::move(bodies);
    return dumpJson(j);
}

}  // namespace vestige::source::physics
