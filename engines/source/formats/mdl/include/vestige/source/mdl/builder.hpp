#pragma once
// In-memory builder: lays out a consistent .mdl/.vvd/.dx90.vtx triple from a small description, with our own
// writers. Used by the tests, the fuzz seeds and the `studio` demo stage. One LOD, no fixups, one strip group
// with one triangle-list strip per mesh.
#include <array>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::mdl {

struct BuildBone {
    std::string name;
    int parent = -1;
    Vec3 pos;  // parent-relative, inches
    Vec3 rot;  // RadianEuler; the stored quaternion is derived from it as the engine does
};

struct BuildVertex {
    Vec3 pos, normal;
    Vec2 uv;
    std::array<float, 3> weights{1, 0, 0};
    std::array<std::int8_t, 3> bones{0, 0, 0};
    std::uint8_t numBones = 1;
    Vec4 tangent{1, 0, 0, 1};
};

struct BuildMesh {
    int material = 0;  // skin-table column
    std::vector<BuildVertex> vertices;
    std::vector<std::uint16_t> triangles;  // triangle list into `vertices`, clockwise-front (Source order)
};

struct BuildModel {
    std::string name;
    std::vector<BuildMesh> meshes;
};

struct BuildBodyPart {
    std::string name;
    std::vector<BuildModel> models;
};

struct BuildSequence {
    std::string label, activity;
    float fps = 30;
    int frames = 1;
    int flags = 0;  // 1 = looping
    // The animation's track list (source.md §5.4), stored in the .mdl (anim block 0); offsets inside it are
    // relative to its start. Empty = one track for bone 0 with no data (rest pose).
    Bytes animData;
};

struct BuildAttachment {
    std::string name;
    int bone = 0;
    Vec3 offset;
};

struct BuildSpec {
    std::string name = "vestige/demo.mdl";
    int version = 48;
    std::int32_t checksum = 0x5EED1234;
    std::vector<BuildBone> bones;
    std::vector<std::string> cdTextures;                  // search paths, e.g. "models/vestige/"
    std::vector<std::string> textures;                    // material names relative to a search path
    std::vector<std::vector<std::int16_t>> skinFamilies;  // empty = one family, column i -> texture i
    std::vector<BuildBodyPart> bodyParts;
    std::vector<BuildSequence> sequences;
    std::vector<BuildAttachment> attachments;
    std::string surfaceProp = "default";
    bool header2 = true;
};

struct BuiltModel {
    Bytes mdl, vvd, vtx;
};

[[nodiscard]] Result<BuiltModel> buildModel(const BuildSpec& spec);

// The sample used by tests and the demo: a 2-bone (root, tip) square tube 32 units tall in 2 meshes
// (materials "body" and "stripe", 2 skin families), 16 vertices, 16 triangles, sequences "idle" (rest pose) and "bend"
// (tip turns 45 degrees about its X axis over 10 frames).
BuildSpec sampleSpec();

// The quaternion the engine derives from a RadianEuler (half angles; x about X, y about Y, z about Z).
Quat quatFromRadianEuler(Vec3 rot);

}  // namespace vestige::source::mdl
