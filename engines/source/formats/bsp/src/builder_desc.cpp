// MapBuilder's description calls: brush shapes (box, ramp, stairs, room, water), entities, displacements, static
// props, pak files and lighting, recorded for build() (builder.cpp) to compile.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "builder_detail.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/base/bspflags.hpp"
#include "vestige/source/bsp/builder.hpp"

namespace vestige::source::bsp {

namespace contents = base::contents;

namespace {

using detail::clean;

double snap(double v) {
    const double r = std::round(v);
    return std::fabs(v - r) < 1e-3 ? r : v;
}

Vec3 rotateDir(Vec3 v, RampDirection d) {
    switch (d) {
        case RampDirection::PosX:
            return v;
        case RampDirection::PosY:
            return {-v.y, v.x, v.z};
        case RampDirection::NegX:
            return {-v.x, -v.y, v.z};
        case RampDirection::NegY:
            return {v.y, -v.x, v.z};
    }
    return v;
}

std::string formatVec(Vec3 v) { return fmt::format("{} {} {}", v.x, v.y, v.z); }

}  // namespace

std::array<std::uint8_t, 4> encodeColorRgbExp32(Vec3 linear) {
    const float m = std::max({linear.x, linear.y, linear.z});
    if (!(m > 0)) return {0, 0, 0, 0};
    int e = static_cast<int>(std::ceil(std::log2(m)));
    e = std::clamp(e, -128, 127);
    const float scale = 255.0f / std::ldexp(1.0f, e);
    auto channel = [&](float v) {
        return static_cast<std::uint8_t>(std::clamp(std::lround(std::max(v, 0.0f) * scale), 0L, 255L));
    };
    return {channel(linear.x), channel(linear.y), channel(linear.z),
            static_cast<std::uint8_t>(static_cast<std::int8_t>(e))};
}

MapBuilder::MapBuilder() {
    mModels.emplace_back();
    mModels[0].entity = 0;
    Entity world;
    world.keys = {{"classname", "worldspawn"}, {"mapversion", "1"}, {"skyname", "sky_day01_01"}};
    mEntities.push_back(std::move(world));
}

void MapBuilder::setTextureSize(const std::string& texture, int width, int height) {
    mTextureSizes[texture] = {width, height};
}
void MapBuilder::setTextureFlags(const std::string& texture, std::uint32_t surfFlags) {
    mTextureFlags[texture] = surfFlags;
}

BrushDesc MapBuilder::box(Vec3 min, Vec3 max, const std::string& texture, std::uint32_t contents) {
    BrushDesc b;
    b.contents = contents;
    b.sides = {{{1, 0, 0}, max.x, texture},   {{-1, 0, 0}, -min.x, texture}, {{0, 1, 0}, max.y, texture},
               {{0, -1, 0}, -min.y, texture}, {{0, 0, 1}, max.z, texture},   {{0, 0, -1}, -min.z, texture}};
    for (auto& s : b.sides) s.dist = clean(s.dist);
    return b;
}

BrushDesc MapBuilder::ramp(Vec3 base, float length, float width, float angleDegrees, RampDirection direction,
                           const std::string& texture) {
    // Local frame: rises along +X from x=0 to x=length, y in [-width/2, width/2], then rotated to `direction`.
    const double a = static_cast<double>(angleDegrees) * 3.14159265358979323846 / 180.0;
    const double h = length * std::tan(a);
    const Vec3 slope{static_cast<float>(-std::sin(a)), 0, static_cast<float>(std::cos(a))};
    struct Local {
        Vec3 n;
        Vec3 point;
    };
    const std::vector<Local> local = {
        {{0, 0, -1}, {0, 0, 0}},          {slope, {0, 0, 0}},
        {{1, 0, 0}, {length, 0, 0}},      {{0, 1, 0}, {0, width / 2, 0}},
        {{0, -1, 0}, {0, -width / 2, 0}},
    };
    (void)h;
    BrushDesc b;
    for (const auto& l : local) {
        const Vec3 n = clean(rotateDir(l.n, direction));
        const Vec3 p = rotateDir(l.point, direction) + base;
        const double d = double(n.x) * p.x + double(n.y) * p.y + double(n.z) * p.z;
        b.sides.push_back({n, clean(static_cast<float>(snap(d))), texture});
    }
    return b;
}

int MapBuilder::addBrush(BrushDesc brush) {
    mModels[0].brushes.push_back(std::move(brush));
    return static_cast<int>(mModels[0].brushes.size() - 1);
}

int MapBuilder::addBox(Vec3 min, Vec3 max, const std::string& texture, std::uint32_t contents) {
    return addBrush(box(min, max, texture, contents));
}

int MapBuilder::addRamp(Vec3 base, float length, float width, float angleDegrees, RampDirection direction,
                        const std::string& texture) {
    return addBrush(ramp(base, length, width, angleDegrees, direction, texture));
}

void MapBuilder::addStairs(Vec3 base, int steps, float run, float rise, float width, RampDirection direction,
                           const std::string& texture) {
    for (int i = 0; i < steps; ++i) {
        const Vec3 a = rotateDir({run * static_cast<float>(i), -width / 2, 0}, direction);
        const Vec3 b =
            rotateDir({run * static_cast<float>(i + 1), width / 2, rise * static_cast<float>(i + 1)}, direction);
        addBox(base + minComponents(a, b), base + maxComponents(a, b), texture);
    }
}

void MapBuilder::addRoom(Vec3 lo, Vec3 hi, float t, const std::string& texture) {
    addBox({lo.x - t, lo.y - t, lo.z - t}, {hi.x + t, hi.y + t, lo.z}, texture);  // floor
    addBox({lo.x - t, lo.y - t, hi.z}, {hi.x + t, hi.y + t, hi.z + t}, texture);  // ceiling
    addBox({lo.x - t, lo.y - t, lo.z}, {lo.x, hi.y + t, hi.z}, texture);          // -X wall
    addBox({hi.x, lo.y - t, lo.z}, {hi.x + t, hi.y + t, hi.z}, texture);          // +X wall
    addBox({lo.x, lo.y - t, lo.z}, {hi.x, lo.y, hi.z}, texture);                  // -Y wall
    addBox({lo.x, hi.y, lo.z}, {hi.x, hi.y + t, hi.z}, texture);                  // +Y wall
}

int MapBuilder::addWater(Vec3 min, Vec3 max, const std::string& texture) {
    BrushDesc b = box(min, max, "tools/toolsnodraw", contents::kWater | contents::kTranslucent);
    b.sides[4].texture = texture;  // +Z: the surface
    return addBrush(std::move(b));
}

void MapBuilder::setWorldspawnKey(const std::string& key, const std::string& value) {
    for (auto& [k, v] : mEntities[0].keys)
        if (iequals(k, key)) {
            v = value;
            return;
        }
    mEntities[0].keys.emplace_back(key, value);
}

int MapBuilder::addEntity(std::vector<std::pair<std::string, std::string>> keys) {
    Entity e;
    e.keys = std::move(keys);
    mEntities.push_back(std::move(e));
    return static_cast<int>(mEntities.size() - 1);
}

int MapBuilder::addBrushEntity(std::vector<std::pair<std::string, std::string>> keys, std::vector<BrushDesc> brushes,
                               std::optional<Vec3> origin) {
    const int model = static_cast<int>(mModels.size());
    ModelSpec spec;
    spec.origin = origin.value_or(Vec3{});
    for (auto& b : brushes) {
        for (auto& s : b.sides) s.dist = clean(static_cast<float>(double(s.dist) - dot(s.normal, spec.origin)));
        spec.brushes.push_back(std::move(b));
    }
    keys.emplace_back("model", fmt::format("*{}", model));
    if (origin) keys.emplace_back("origin", formatVec(*origin));
    spec.entity = addEntity(std::move(keys));
    mModels.push_back(std::move(spec));
    return model;
}

int MapBuilder::addDisplacement(DisplacementDesc desc) {
    mDisplacements.push_back(std::move(desc));
    return static_cast<int>(mDisplacements.size() - 1);
}

void MapBuilder::addStaticProp(const std::string& model, Vec3 origin, Vec3 angles, std::int32_t skin) {
    mProps.push_back({model, origin, angles, skin});
}
void MapBuilder::addPakFile(const std::string& name, Bytes data) { mPakFiles.emplace_back(name, std::move(data)); }
void MapBuilder::setLighting(LightingDesc lighting) { mLighting = std::move(lighting); }

}  // namespace vestige::source::bsp
