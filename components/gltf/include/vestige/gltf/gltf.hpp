#pragma once
// A small, engine-neutral binary glTF 2.0 (.glb) writer over tinygltf.
//
//   .glb = "glTF" u32 version=2 u32 length | JSON chunk (len, "JSON", text, space pad)
//                                          | BIN chunk (len, "BIN\0", vertex/index/image/animation data, zero pad)
//
// Callers describe a scene with plain structs (nodes with TRS or a matrix, meshes made of
// primitives, materials by name, optional embedded PNG images, animations and skins); writeGlb() checks
// every reference and array length, packs one buffer and returns the file bytes. Nothing here
// knows about a particular engine.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"

namespace vestige::gltf {

// Small key/value annotations written as glTF "extras" (integers and strings only).
struct Extras {
    std::map<std::string, std::int64_t> ints;
    std::map<std::string, std::string> strings;
    [[nodiscard]] bool empty() const { return ints.empty() && strings.empty(); }
};

struct Primitive {
    std::vector<Vec3> positions;             // required, one per vertex
    std::vector<Vec3> normals;               // empty or one per vertex
    std::vector<Vec2> uv0;                   // TEXCOORD_0: empty or one per vertex
    std::vector<Vec2> uv1;                   // TEXCOORD_1: empty or one per vertex
    std::vector<std::uint32_t> indices;      // triangle list; empty = non-indexed (positions count % 3 == 0)
    int material = -1;                       // index into Document::materials, -1 = default material
    Extras extras;
    // Skinning (both empty, or one per vertex): JOINTS_0 index the joints of the skin of the node that draws the
    // mesh; WEIGHTS_0 are that vertex's weights (non-negative, summing to 1).
    std::vector<std::array<std::uint16_t, 4>> joints0;
    std::vector<Vec4> weights0;
};

struct Mesh {
    std::string name;
    std::vector<Primitive> primitives;
};

struct Node {
    std::string name;
    int mesh = -1;
    std::vector<int> children;
    // Either a matrix or TRS; TRS is written only where it differs from identity.
    std::optional<Mat4> matrix;
    Vec3 translation{0, 0, 0};
    Quat rotation{};
    Vec3 scale{1, 1, 1};
    Extras extras;
    int skin = -1;  // index into Document::skins (the node must draw a mesh), -1 = none
};

struct Image {
    std::string name;
    Bytes png;  // an encoded PNG file, embedded as is (mimeType image/png)
};

struct Material {
    std::string name;
    Vec4 baseColor{1, 1, 1, 1};
    int baseColorImage = -1;  // index into Document::images; a texture and sampler are made for it
    int baseColorTexCoord = 0;
    bool doubleSided = false;
    Extras extras;
    // Last, so existing aggregate initialisers keep their meaning. A second, multiplying map (e.g. a baked
    // lightmap) as the glTF occlusionTexture: core glTF 2.0, no extension; viewers sample its red channel.
    int occlusionImage = -1;  // index into Document::images; -1 = none
    int occlusionTexCoord = 1;
};

enum class AnimationPath { Translation, Rotation, Scale };
enum class Interpolation { Linear, Step };

struct AnimationChannel {
    int node = -1;
    AnimationPath path = AnimationPath::Translation;
    Interpolation interpolation = Interpolation::Linear;
    std::vector<float> times;        // seconds, strictly increasing
    std::vector<Vec3> vec3Values;    // translation / scale: one per time
    std::vector<Quat> quatValues;    // rotation: one per time
};

struct Animation {
    std::string name;
    std::vector<AnimationChannel> channels;
};

// A glTF skin: the joint nodes, one inverse bind matrix per joint (empty = identity) and the skeleton's root.
struct Skin {
    std::string name;
    std::vector<int> joints;
    std::vector<Mat4> inverseBind;
    int skeleton = -1;  // -1 = none given
};

struct Document {
    std::vector<Node> nodes;
    std::vector<Mesh> meshes;
    std::vector<Material> materials;
    std::vector<Image> images;
    std::vector<Animation> animations;
    // Scene roots; empty = every node that is nobody's child, in node order.
    std::vector<int> sceneRoots;
    std::string sceneName = "scene";
    std::string generator = "vestige";
    Extras extras;
    std::vector<Skin> skins;
};

// Validates the document (references, array lengths, a tree of nodes, finite data) and writes a .glb.
[[nodiscard]] Result<Bytes> writeGlb(const Document& document);

}  // namespace vestige::gltf
