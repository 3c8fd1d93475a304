#pragma once
// Source studio model vertex file (.vvd, version 4): structure, reader, writer and the engine's LOD fixups.
#include <array>
#include <cstdint>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::mdl {

constexpr std::uint32_t kVvdIdent = 0x56534449;  // "IDSV"
constexpr std::int32_t kVvdVersion = 4;
constexpr std::size_t kVvdHeaderSize = 64;
constexpr std::size_t kVvdVertexSize = 48;
constexpr std::size_t kVvdFixupSize = 12;
constexpr std::size_t kVvdTangentSize = 16;
constexpr int kMaxLods = 8;

struct VvdHeader {
    std::uint32_t id = kVvdIdent;
    std::int32_t version = kVvdVersion;
    std::int32_t checksum = 0;
    std::int32_t numLods = 0;
    std::array<std::int32_t, kMaxLods> numLodVertexes{};
    std::int32_t numFixups = 0, fixupTableStart = 0, vertexDataStart = 0, tangentDataStart = 0;
};

struct VvdVertex {
    std::array<float, 3> weights{};
    std::array<std::int8_t, 3> bones{};
    std::uint8_t numBones = 0;
    Vec3 pos, normal;
    Vec2 uv;
};

struct VvdFixup {
    std::int32_t lod = 0, sourceVertexId = 0, numVertexes = 0;
};

struct Vvd {
    Bytes raw;
    VvdHeader header;
    std::vector<VvdFixup> fixups;
    std::vector<VvdVertex> vertices;  // numLodVertexes[0] vertices as stored
    std::vector<Vec4> tangents;       // one per vertex, or none when tangentDataStart == 0
};

[[nodiscard]] Result<Vvd> readVvd(ByteView data);
[[nodiscard]] Result<Bytes> writeVvd(const Vvd& vvd);

// Indices into Vvd::vertices that make up LOD `lod`, in the order the engine lays them out: without fixups
// the first numLodVertexes[lod]; with fixups the concatenation of every fixup range whose lod >= `lod`.
[[nodiscard]] Result<std::vector<std::uint32_t>> lodVertexIds(const Vvd& vvd, int lod);

}  // namespace vestige::source::mdl
