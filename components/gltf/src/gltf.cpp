// Binary glTF 2.0 writer: validates a gltf::Document, packs one buffer and lets tinygltf emit the
// JSON and GLB chunks. Accessor min/max are written for POSITION (the spec requires them) and for
// animation inputs.
#include "vestige/gltf/gltf.hpp"

#include <fmt/format.h>
#include <tiny_gltf.h>

#include <cstring>
#include <limits>
#include <sstream>

namespace vestige::gltf {
namespace {

constexpr int kArrayBuffer = 34962;         // ARRAY_BUFFER
constexpr int kElementArrayBuffer = 34963;  // ELEMENT_ARRAY_BUFFER

Error fail(std::string code, std::string message) { return Error("gltf." + std::move(code), std::move(message)); }

tinygltf::Value toValue(const Extras& extras) {
    tinygltf::Value::Object o;
    for (const auto& [k, v] : extras.ints) {
        if (v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max()) o[k] = tinygltf::Value(static_cast<int>(v));
        else o[k] = tinygltf::Value(static_cast<double>(v));
    }
    for (const auto& [k, v] : extras.strings) o[k] = tinygltf::Value(v);
    return tinygltf::Value(std::move(o));
}

bool finite(Vec3 v) { return isFinite(v); }
bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }
bool finite(Quat q) { return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w); }
bool finite(Vec4 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w); }
bool finite(const Mat4& m) {
    for (int i = 0; i < 16; ++i)
        if (!std::isfinite(m.data()[i])) return false;
    return true;
}

// Appends raw data to the single buffer, 4-aligned, and returns its buffer view index.
class Packer {
public:
    explicit Packer(tinygltf::Model& model) : mModel(model) {}

    int view(const void* data, std::size_t size, int target) {
        auto& buf = mModel.buffers[0].data;
        while (buf.size() % 4 != 0) buf.push_back(0);
        tinygltf::BufferView v;
        v.buffer = 0;
        v.byteOffset = buf.size();
        v.byteLength = size;
        if (target != 0) v.target = target;
        const auto* p = static_cast<const unsigned char*>(data);
        buf.insert(buf.end(), p, p + size);
        mModel.bufferViews.push_back(std::move(v));
        return static_cast<int>(mModel.bufferViews.size() - 1);
    }

    template <class T>
    int accessor(const std::vector<T>& values, int componentType, int type, std::size_t components, int target,
                 bool minMax) {
        static_assert(std::is_trivially_copyable_v<T>);
        tinygltf::Accessor a;
        a.bufferView = view(values.data(), values.size() * sizeof(T), target);
        a.byteOffset = 0;
        a.componentType = componentType;
        a.type = type;
        a.count = values.size();
        if (minMax && componentType == TINYGLTF_COMPONENT_TYPE_FLOAT && !values.empty()) {
            a.minValues.assign(components, std::numeric_limits<double>::infinity());
            a.maxValues.assign(components, -std::numeric_limits<double>::infinity());
            for (const auto& v : values) {
                float f[4];
                std::memcpy(f, &v, sizeof(float) * components);
                for (std::size_t c = 0; c < components; ++c) {
                    a.minValues[c] = std::min(a.minValues[c], static_cast<double>(f[c]));
                    a.maxValues[c] = std::max(a.maxValues[c], static_cast<double>(f[c]));
                }
            }
        }
        mModel.accessors.push_back(std::move(a));
        return static_cast<int>(mModel.accessors.size() - 1);
    }

private:
    tinygltf::Model& mModel;
};

Status validatePrimitive(const Document& doc, const Primitive& p, std::size_t meshIndex, std::size_t primIndex) {
    auto where = [&](Error e) {
        return e.record(primIndex).in("mesh", std::to_string(meshIndex));
    };
    const std::size_t n = p.positions.size();
    if (n == 0) return where(fail("empty_primitive", "a primitive has no positions").field("positions"));
    if (n > std::numeric_limits<std::uint32_t>::max())
        return where(fail("too_many_vertices", "more vertices than a u32 index can address").field("positions"));
    auto sameCount = [&](std::size_t count, const char* name) -> Status {
        if (count != 0 && count != n)
            return where(fail("attribute_count", fmt::format("{} has a different count than positions", name))
                             .field(name).expected(std::to_string(n)).actual(std::to_string(count)));
        return {};
    };
    VESTIGE_CHECK(sameCount(p.normals.size(), "normals"));
    VESTIGE_CHECK(sameCount(p.uv0.size(), "uv0"));
    VESTIGE_CHECK(sameCount(p.uv1.size(), "uv1"));
    for (std::size_t i = 0; i < n; ++i)
        if (!finite(p.positions[i]))
            return where(fail("non_finite", "non-finite position").field("positions").in("vertex", std::to_string(i)));
    for (std::size_t i = 0; i < p.normals.size(); ++i)
        if (!finite(p.normals[i])) return where(fail("non_finite", "non-finite normal").field("normals"));
    for (std::size_t i = 0; i < p.uv0.size(); ++i)
        if (!finite(p.uv0[i])) return where(fail("non_finite", "non-finite texture coordinate").field("uv0"));
    for (std::size_t i = 0; i < p.uv1.size(); ++i)
        if (!finite(p.uv1[i])) return where(fail("non_finite", "non-finite texture coordinate").field("uv1"));
    VESTIGE_CHECK(sameCount(p.joints0.size(), "joints0"));
    VESTIGE_CHECK(sameCount(p.weights0.size(), "weights0"));
    if (p.joints0.empty() != p.weights0.empty())
        return where(fail("skin_attributes", "joints0 and weights0 go together").field(p.joints0.empty() ? "joints0" : "weights0"));
    for (std::size_t i = 0; i < p.weights0.size(); ++i) {
        const Vec4 w = p.weights0[i];
        if (!finite(w) || w.x < 0 || w.y < 0 || w.z < 0 || w.w < 0 || std::abs(w.x + w.y + w.z + w.w - 1.0f) > 1e-3f)
            return where(fail("skin_weights", "weights must be finite, non-negative and sum to 1").field("weights0")
                             .in("vertex", std::to_string(i)));
    }
    const std::size_t vertexOrIndexCount = p.indices.empty() ? n : p.indices.size();
    if (vertexOrIndexCount % 3 != 0)
        return where(fail("not_triangles", "a triangle list needs a multiple of 3 elements").field("indices")
                         .actual(std::to_string(vertexOrIndexCount)));
    for (std::size_t i = 0; i < p.indices.size(); ++i)
        if (p.indices[i] >= n)
            return where(fail("index_range", "index past the vertex count").field("indices").in("index", std::to_string(i))
                             .expected(fmt::format("< {}", n)).actual(std::to_string(p.indices[i])));
    if (p.material < -1 || p.material >= static_cast<int>(doc.materials.size()))
        return where(fail("material_ref", "material index out of range").field("material").actual(std::to_string(p.material)));
    return {};
}

// glTF JSON is UTF-8; tinygltf would throw on anything else, so reject it here.
bool validUtf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        std::uint32_t cp = n == 1 ? c : c & (0x7F >> n);
        for (std::size_t k = 1; k < n; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (cc & 0x3F);
        }
        // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
        if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += n;
    }
    return true;
}

Status checkText(const Document& doc) {
    auto bad = [](const char* what, std::size_t i) {
        return fail("utf8", fmt::format("{} text is not valid UTF-8", what)).record(i).field("name");
    };
    auto extrasOk = [](const Extras& e) {
        for (const auto& [k, v] : e.ints) if (!validUtf8(k)) return false;
        for (const auto& [k, v] : e.strings) if (!validUtf8(k) || !validUtf8(v)) return false;
        return true;
    };
    if (!validUtf8(doc.sceneName) || !validUtf8(doc.generator) || !extrasOk(doc.extras)) return bad("document", 0);
    for (std::size_t i = 0; i < doc.nodes.size(); ++i)
        if (!validUtf8(doc.nodes[i].name) || !extrasOk(doc.nodes[i].extras)) return bad("node", i);
    for (std::size_t i = 0; i < doc.meshes.size(); ++i) {
        if (!validUtf8(doc.meshes[i].name)) return bad("mesh", i);
        for (const auto& p : doc.meshes[i].primitives) if (!extrasOk(p.extras)) return bad("primitive extras of mesh", i);
    }
    for (std::size_t i = 0; i < doc.materials.size(); ++i)
        if (!validUtf8(doc.materials[i].name) || !extrasOk(doc.materials[i].extras)) return bad("material", i);
    for (std::size_t i = 0; i < doc.images.size(); ++i) if (!validUtf8(doc.images[i].name)) return bad("image", i);
    for (std::size_t i = 0; i < doc.animations.size(); ++i) if (!validUtf8(doc.animations[i].name)) return bad("animation", i);
    for (std::size_t i = 0; i < doc.skins.size(); ++i) if (!validUtf8(doc.skins[i].name)) return bad("skin", i);
    return {};
}

Status validate(const Document& doc) {
    VESTIGE_CHECK(checkText(doc));
    const int nodeCount = static_cast<int>(doc.nodes.size());
    std::vector<int> parent(doc.nodes.size(), -1);
    for (int i = 0; i < nodeCount; ++i) {
        const auto& node = doc.nodes[i];
        if (node.mesh < -1 || node.mesh >= static_cast<int>(doc.meshes.size()))
            return fail("mesh_ref", "node mesh index out of range").record(i).field("mesh").actual(std::to_string(node.mesh));
        if (!node.matrix && (!finite(node.translation) || !finite(node.rotation) || !finite(node.scale)))
            return fail("non_finite", "non-finite node transform").record(i).field("trs");
        for (int c : node.children) {
            if (c < 0 || c >= nodeCount || c == i)
                return fail("child_ref", "node child index out of range").record(i).field("children").actual(std::to_string(c));
            if (parent[c] != -1)
                return fail("child_ref", "node has two parents").record(c).field("children")
                    .expected("one parent").actual(fmt::format("{} and {}", parent[c], i));
            parent[c] = i;
        }
    }
    // A node may not be its own ancestor.
    for (int i = 0; i < nodeCount; ++i) {
        int steps = 0;
        for (int p = parent[i]; p != -1; p = parent[p])
            if (++steps > nodeCount) return fail("cycle", "node hierarchy has a cycle").record(i).field("children");
    }
    for (std::size_t s = 0; s < doc.skins.size(); ++s) {
        const Skin& skin = doc.skins[s];
        if (skin.joints.empty()) return fail("skin_joints", "a skin has no joints").record(s).field("joints");
        for (int j : skin.joints)
            if (j < 0 || j >= nodeCount) return fail("skin_joints", "skin joint out of range").record(s).field("joints").actual(std::to_string(j));
        if (skin.skeleton < -1 || skin.skeleton >= nodeCount)
            return fail("skin_skeleton", "skin skeleton out of range").record(s).field("skeleton");
        if (!skin.inverseBind.empty() && skin.inverseBind.size() != skin.joints.size())
            return fail("skin_inverse_bind", "one inverse bind matrix per joint").record(s).field("inverseBind")
                .expected(std::to_string(skin.joints.size())).actual(std::to_string(skin.inverseBind.size()));
        for (const Mat4& m : skin.inverseBind)
            if (!finite(m)) return fail("non_finite", "non-finite inverse bind matrix").record(s).field("inverseBind");
    }
    // A skinned node draws a mesh whose joint indices stay inside its skin's joint list.
    for (int i = 0; i < nodeCount; ++i) {
        const Node& node = doc.nodes[static_cast<std::size_t>(i)];
        if (node.skin == -1) continue;
        if (node.skin < -1 || node.skin >= static_cast<int>(doc.skins.size()))
            return fail("skin_ref", "node skin index out of range").record(i).field("skin").actual(std::to_string(node.skin));
        if (node.mesh < 0) return fail("skin_ref", "a skinned node needs a mesh").record(i).field("mesh");
        const std::size_t joints = doc.skins[static_cast<std::size_t>(node.skin)].joints.size();
        for (const Primitive& p : doc.meshes[static_cast<std::size_t>(node.mesh)].primitives) {
            if (p.joints0.empty()) return fail("skin_attributes", "a skinned node's mesh has no joints0").record(i).field("mesh");
            for (const auto& j : p.joints0)
                for (std::uint16_t k : j)
                    if (k >= joints)
                        return fail("skin_joint_index", "joints0 names a joint the skin does not have").record(i)
                            .field("joints0").expected(fmt::format("< {}", joints)).actual(std::to_string(k));
        }
    }
    for (int r : doc.sceneRoots)
        if (r < 0 || r >= nodeCount || parent[r] != -1)
            return fail("scene_root", "scene root is out of range or has a parent").field("sceneRoots").actual(std::to_string(r));
    for (std::size_t m = 0; m < doc.meshes.size(); ++m) {
        if (doc.meshes[m].primitives.empty()) return fail("empty_mesh", "a mesh has no primitives").in("mesh", std::to_string(m));
        for (std::size_t p = 0; p < doc.meshes[m].primitives.size(); ++p)
            VESTIGE_CHECK(validatePrimitive(doc, doc.meshes[m].primitives[p], m, p));
    }
    for (std::size_t i = 0; i < doc.materials.size(); ++i) {
        const auto& mat = doc.materials[i];
        if (mat.baseColorImage < -1 || mat.baseColorImage >= static_cast<int>(doc.images.size()))
            return fail("image_ref", "material image index out of range").record(i).field("baseColorImage");
        if (mat.baseColorTexCoord < 0 || mat.baseColorTexCoord > 1)
            return fail("texcoord", "texture coordinate set must be 0 or 1").record(i).field("baseColorTexCoord");
        if (mat.occlusionImage < -1 || mat.occlusionImage >= static_cast<int>(doc.images.size()))
            return fail("image_ref", "material image index out of range").record(i).field("occlusionImage");
        if (mat.occlusionTexCoord < 0 || mat.occlusionTexCoord > 1)
            return fail("texcoord", "texture coordinate set must be 0 or 1").record(i).field("occlusionTexCoord");
    }
    static constexpr std::uint8_t kPngMagic[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    for (std::size_t i = 0; i < doc.images.size(); ++i)
        if (doc.images[i].png.size() < 8 || std::memcmp(doc.images[i].png.data(), kPngMagic, 8) != 0)
            return fail("image_png", "embedded image is not a PNG file").record(i).field("png");
    for (std::size_t a = 0; a < doc.animations.size(); ++a) {
        for (std::size_t c = 0; c < doc.animations[a].channels.size(); ++c) {
            const auto& ch = doc.animations[a].channels[c];
            auto where = [&](Error e) { return e.record(c).in("animation", std::to_string(a)); };
            if (ch.node < 0 || ch.node >= nodeCount) return where(fail("anim_node", "channel node out of range").field("node"));
            if (ch.times.empty()) return where(fail("anim_empty", "channel has no keys").field("times"));
            for (std::size_t k = 0; k < ch.times.size(); ++k)
                if (!std::isfinite(ch.times[k]) || ch.times[k] < 0 || (k > 0 && !(ch.times[k] > ch.times[k - 1])))
                    return where(fail("anim_times", "key times must be finite, non-negative and increasing").field("times")
                                     .in("key", std::to_string(k)));
            const std::size_t values = ch.path == AnimationPath::Rotation ? ch.quatValues.size() : ch.vec3Values.size();
            if (values != ch.times.size())
                return where(fail("anim_values", "one value per key time").field("values")
                                 .expected(std::to_string(ch.times.size())).actual(std::to_string(values)));
            for (const auto& q : ch.quatValues) if (!finite(q)) return where(fail("non_finite", "non-finite rotation"));
            for (const auto& v : ch.vec3Values) if (!finite(v)) return where(fail("non_finite", "non-finite value"));
        }
    }
    return {};
}

}  // namespace

Result<Bytes> writeGlb(const Document& doc) {
    VESTIGE_CHECK(validate(doc));

    tinygltf::Model model;
    model.asset.version = "2.0";
    model.asset.generator = doc.generator;
    model.buffers.emplace_back();
    if (!doc.extras.empty()) model.extras = toValue(doc.extras);
    Packer pack(model);

    for (const auto& img : doc.images) {
        tinygltf::Image out;
        out.name = img.name;
        out.mimeType = "image/png";
        out.bufferView = pack.view(img.png.data(), img.png.size(), 0);
        model.images.push_back(std::move(out));
    }
    if (!doc.images.empty()) {
        tinygltf::Sampler s;
        s.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
        s.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
        s.wrapS = s.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
        model.samplers.push_back(s);
        for (std::size_t i = 0; i < doc.images.size(); ++i) {
            tinygltf::Texture t;
            t.sampler = 0;
            t.source = static_cast<int>(i);
            model.textures.push_back(t);
        }
    }
    for (const auto& mat : doc.materials) {
        tinygltf::Material out;
        out.name = mat.name;
        out.pbrMetallicRoughness.baseColorFactor = {mat.baseColor.x, mat.baseColor.y, mat.baseColor.z, mat.baseColor.w};
        out.pbrMetallicRoughness.metallicFactor = 0.0;
        out.pbrMetallicRoughness.roughnessFactor = 1.0;
        if (mat.baseColorImage >= 0) {
            out.pbrMetallicRoughness.baseColorTexture.index = mat.baseColorImage;
            out.pbrMetallicRoughness.baseColorTexture.texCoord = mat.baseColorTexCoord;
        }
        if (mat.occlusionImage >= 0) {
            out.occlusionTexture.index = mat.occlusionImage;
            out.occlusionTexture.texCoord = mat.occlusionTexCoord;
        }
        out.doubleSided = mat.doubleSided;
        if (!mat.extras.empty()) out.extras = toValue(mat.extras);
        model.materials.push_back(std::move(out));
    }
    for (const auto& mesh : doc.meshes) {
        tinygltf::Mesh out;
        out.name = mesh.name;
        for (const auto& p : mesh.primitives) {
            tinygltf::Primitive prim;
            prim.mode = TINYGLTF_MODE_TRIANGLES;
            prim.material = p.material;
            prim.attributes["POSITION"] =
                pack.accessor(p.positions, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, 3, kArrayBuffer, true);
            if (!p.normals.empty())
                prim.attributes["NORMAL"] =
                    pack.accessor(p.normals, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, 3, kArrayBuffer, false);
            if (!p.uv0.empty())
                prim.attributes["TEXCOORD_0"] =
                    pack.accessor(p.uv0, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC2, 2, kArrayBuffer, false);
            if (!p.uv1.empty())
                prim.attributes["TEXCOORD_1"] =
                    pack.accessor(p.uv1, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC2, 2, kArrayBuffer, false);
            if (!p.joints0.empty()) {
                prim.attributes["JOINTS_0"] = pack.accessor(p.joints0, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                                                            TINYGLTF_TYPE_VEC4, 4, kArrayBuffer, false);
                prim.attributes["WEIGHTS_0"] =
                    pack.accessor(p.weights0, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC4, 4, kArrayBuffer, false);
            }
            if (!p.indices.empty()) {
                // The narrowest index type that fits keeps files small and loaders happy.
                if (p.positions.size() <= 0xFFFF) {
                    std::vector<std::uint16_t> narrow(p.indices.begin(), p.indices.end());
                    prim.indices = pack.accessor(narrow, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_SCALAR, 1,
                                                 kElementArrayBuffer, false);
                } else {
                    prim.indices = pack.accessor(p.indices, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR, 1,
                                                 kElementArrayBuffer, false);
                }
            }
            if (!p.extras.empty()) prim.extras = toValue(p.extras);
            out.primitives.push_back(std::move(prim));
        }
        model.meshes.push_back(std::move(out));
    }
    for (const auto& node : doc.nodes) {
        tinygltf::Node out;
        out.name = node.name;
        out.mesh = node.mesh;
        out.children = node.children;
        if (node.matrix) {
            out.matrix.assign(node.matrix->data(), node.matrix->data() + 16);
        } else {
            if (node.translation != Vec3{0, 0, 0}) out.translation = {node.translation.x, node.translation.y, node.translation.z};
            if (node.rotation != Quat{}) out.rotation = {node.rotation.x, node.rotation.y, node.rotation.z, node.rotation.w};
            if (node.scale != Vec3{1, 1, 1}) out.scale = {node.scale.x, node.scale.y, node.scale.z};
        }
        if (!node.extras.empty()) out.extras = toValue(node.extras);
        out.skin = node.skin;
        model.nodes.push_back(std::move(out));
    }
    for (const Skin& skin : doc.skins) {
        tinygltf::Skin out;
        out.name = skin.name;
        out.joints = skin.joints;
        out.skeleton = skin.skeleton;
        if (!skin.inverseBind.empty())
            out.inverseBindMatrices =
                pack.accessor(skin.inverseBind, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT4, 16, 0, false);
        model.skins.push_back(std::move(out));
    }
    for (const auto& anim : doc.animations) {
        tinygltf::Animation out;
        out.name = anim.name;
        for (const auto& ch : anim.channels) {
            tinygltf::AnimationSampler s;
            s.input = pack.accessor(ch.times, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_SCALAR, 1, 0, true);
            if (ch.path == AnimationPath::Rotation)
                s.output = pack.accessor(ch.quatValues, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC4, 4, 0, false);
            else
                s.output = pack.accessor(ch.vec3Values, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, 3, 0, false);
            s.interpolation = ch.interpolation == Interpolation::Step ? "STEP" : "LINEAR";
            out.samplers.push_back(s);
            tinygltf::AnimationChannel c;
            c.sampler = static_cast<int>(out.samplers.size() - 1);
            c.target_node = ch.node;
            c.target_path = ch.path == AnimationPath::Translation ? "translation"
                            : ch.path == AnimationPath::Rotation  ? "rotation"
                                                                  : "scale";
            out.channels.push_back(c);
        }
        model.animations.push_back(std::move(out));
    }

    tinygltf::Scene scene;
    scene.name = doc.sceneName;
    if (!doc.sceneRoots.empty()) {
        scene.nodes = doc.sceneRoots;
    } else {
        std::vector<bool> isChild(doc.nodes.size(), false);
        for (const auto& n : doc.nodes) for (int c : n.children) isChild[c] = true;
        for (std::size_t i = 0; i < doc.nodes.size(); ++i) if (!isChild[i]) scene.nodes.push_back(static_cast<int>(i));
    }
    model.scenes.push_back(std::move(scene));
    model.defaultScene = 0;
    if (model.buffers[0].data.empty()) model.buffers.clear();
    else while (model.buffers[0].data.size() % 4 != 0) model.buffers[0].data.push_back(0);

    std::ostringstream stream(std::ios::binary);
    tinygltf::TinyGLTF writer;
    try {  // tinygltf's JSON layer may throw; no exception leaves this module
        if (!writer.WriteGltfSceneToStream(&model, stream, false, true))
            return fail("write", "tinygltf failed to serialise the document");
    } catch (const std::exception& e) {
        return fail("write", fmt::format("tinygltf failed to serialise the document: {}", e.what()));
    }
    const std::string s = stream.str();
    return Bytes(s.begin(), s.end());
}

}  // namespace vestige::gltf
