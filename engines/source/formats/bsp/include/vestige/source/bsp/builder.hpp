#pragma once
// MapBuilder: valid v20 BSP files from C++ (every Source fixture in the project comes from here).
//
//   MapBuilder map;
//   map.addRoom({-512, -512, 0}, {512, 512, 256}, 16, "dev/dev_measuregeneric01");
//   map.addRamp({0, 0, 0}, 128, 64, 30.0f, RampDirection::PosX, "dev/dev_measuregeneric01");
//   map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 16"}});
//   auto bytes = map.write();
//
// Output shape (documented in docs/bsp.md):
//  * one face per non-bevel brush side (no CSG; NODRAW sides are emitted too, with SURF_NODRAW set), windings
//    clockwise seen from the front, plane side 0 (the side's own outward plane);
//  * planes in pairs (2k has the positive dominant normal, 2k+1 its flip); brushes get Valve-style bevel sides
//    (axial box planes and edge bevels, bevel = 1);
//  * per model an axis-split tree: nodes split at the median of brush centres along the longest axis, leaves list
//    every brush (and its faces) overlapping them; leaf 0 is the usual solid dummy leaf; 1 cluster, 2 areas;
//  * world-aligned texture axes (scale 0.25 → 4 texels per unit), 16 units per luxel (coarser when a face would
//    exceed 32 luxels), one ColorRGBExp32 lightmap block per lit face (style 0) preceded by its average colour.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "vestige/source/bsp/bsp.hpp"

namespace vestige::source::bsp {

// A half-space dot(normal, p) <= dist; the normal points out of the brush.
struct BrushPlane {
    Vec3 normal;
    float dist = 0;
    std::string texture;
};

struct BrushDesc {
    std::vector<BrushPlane> sides;
    std::uint32_t contents = base::contents::kSolid;
};

enum class RampDirection { PosX, NegX, PosY, NegY };  // the direction the ramp rises towards

struct DisplacementDesc {
    Vec3 min;  // lower corner of the flat base (base plane z = min.z)
    Vec2 size{512, 512};
    int power = 3;  // 2..4
    std::string texture = "nature/blendgrassgravel001a";
    std::function<float(float x, float y)> height;  // displacement along +Z at world (x, y); null = flat
    std::function<float(float x, float y)> alpha;   // 0..255 blend; null = 0
};

struct LightingDesc {
    Vec3 sunDirection{0, 0, -1};      // direction the sunlight travels (normalised by the builder)
    Vec3 sunColor{1.0f, 0.9f, 0.7f};  // linear, per channel (decoded value = c * 2^exp / 255)
    Vec3 ambient{0.2f, 0.22f, 0.25f};
    // Optional per-luxel override: (face index, s, t, face normal) -> linear colour.
    std::function<Vec3(std::size_t face, int s, int t, Vec3 normal)> luxel;
};

// Linear colour -> ColorRGBExp32 bytes {r, g, b, exp}; the exponent is the smallest that keeps every channel <= 255.
std::array<std::uint8_t, 4> encodeColorRgbExp32(Vec3 linear);

class MapBuilder {
public:
    MapBuilder();

    // Texture size stored in texdata (default 512x512) and surface flags (tool textures have defaults).
    void setTextureSize(const std::string& texture, int width, int height);
    void setTextureFlags(const std::string& texture, std::uint32_t surfFlags);

    // World brushes; return the brush index in the BRUSHES lump order of the world model.
    int addBrush(BrushDesc brush);
    int addBox(Vec3 min, Vec3 max, const std::string& texture, std::uint32_t contents = base::contents::kSolid);
    // A wedge on the floor `base` (its lowest edge at base), rising towards `direction` over `length` units at
    // `angleDegrees`, `width` wide across. Its high end is a vertical wall.
    int addRamp(Vec3 base, float length, float width, float angleDegrees, RampDirection direction,
                const std::string& texture);
    // `steps` boxes starting at `base`, each `run` deep and `rise` higher than the last, rising towards direction.
    void addStairs(Vec3 base, int steps, float run, float rise, float width, RampDirection direction,
                   const std::string& texture);
    // Six walls of `thickness` around the inner box.
    void addRoom(Vec3 innerMin, Vec3 innerMax, float thickness, const std::string& texture);
    // A CONTENTS_WATER | CONTENTS_TRANSLUCENT box whose top is `texture` and other sides tools/toolsnodraw.
    int addWater(Vec3 min, Vec3 max, const std::string& texture);

    // worldspawn (entity 0) is created by the constructor; add keys with this.
    void setWorldspawnKey(const std::string& key, const std::string& value);
    int addEntity(std::vector<std::pair<std::string, std::string>> keys);
    // A brush entity (model *N, N returned). Brushes are in world coordinates; with an origin they are stored
    // relative to it (as vbsp does: planes moved by -origin, texture offsets shifted) and "origin" is written.
    int addBrushEntity(std::vector<std::pair<std::string, std::string>> keys, std::vector<BrushDesc> brushes,
                       std::optional<Vec3> origin = std::nullopt);
    int addDisplacement(DisplacementDesc desc);
    // A prop_static: angles are QAngle pitch, yaw, roll degrees; `skin` picks the model's skin family.
    void addStaticProp(const std::string& model, Vec3 origin, Vec3 angles, std::int32_t skin = 0);
    // The 'sprp' lump version (record size in the spec table): 4 (56), 5 (60), 6 (64, the default) or 10 (72, the
    // SDK 2013 layout: byte 31 padding, u32 flags at 64, lightmap resolution at 68). Others fail in write().
    void setStaticPropVersion(std::uint16_t version) { mStaticPropVersion = version; }
    void addPakFile(const std::string& name, Bytes data);

    // Enables LIGHTING (lump 8) for every face without SURF_NOLIGHT/NODRAW/SKY.
    void setLighting(LightingDesc lighting);

    [[nodiscard]] Result<Bsp> build() const;
    [[nodiscard]] Result<Bytes> write(const WriteOptions& options = {}) const;

    // Convenience brush shapes (also used by addBox/addRamp).
    static BrushDesc box(Vec3 min, Vec3 max, const std::string& texture,
                         std::uint32_t contents = base::contents::kSolid);
    static BrushDesc ramp(Vec3 base, float length, float width, float angleDegrees, RampDirection direction,
                          const std::string& texture);

private:
    struct ModelSpec {
        std::vector<BrushDesc> brushes;  // model-local coordinates
        Vec3 origin;                     // texture shift (entity origin)
        int entity = -1;
    };
    std::vector<ModelSpec> mModels;  // [0] = world
    std::vector<DisplacementDesc> mDisplacements;
    std::vector<Entity> mEntities;
    std::map<std::string, std::pair<int, int>> mTextureSizes;
    std::map<std::string, std::uint32_t> mTextureFlags;
    std::optional<LightingDesc> mLighting;
    struct PropSpec {
        std::string model;
        Vec3 origin, angles;
        std::int32_t skin = 0;
    };
    std::vector<PropSpec> mProps;
    std::uint16_t mStaticPropVersion = 6;
    std::vector<std::pair<std::string, Bytes>> mPakFiles;
};

}  // namespace vestige::source::bsp
