// Tiny terrain builders (see sample.hpp).
#include "vestige/iron3d/land/sample.hpp"

#include <map>
#include <utility>

namespace vestige::iron3d::land {

TerrainData sampleTerrain(unsigned cellsX, unsigned cellsY) {
    TerrainData d;
    const unsigned vx = cellsX + 1, vy = cellsY + 1;
    for (unsigned row = 0; row < vy; ++row)
        for (unsigned col = 0; col < vx; ++col) {
            const unsigned i = row * vx + col;
            d.positions.push_back(
                {8.0f * static_cast<float>(col), 8.0f * static_cast<float>(row), 0.5f * static_cast<float>(i)});
            d.normals.push_back({0, 0, 127, 0});
            d.uv0.push_back({static_cast<std::uint16_t>(col * 512), static_cast<std::uint16_t>(row * 512)});
            // Packed like the MSH UV1 (u low, v high), one mapping word per vertex.
            d.micro.push_back(static_cast<std::uint32_t>(col * 1024) | (static_cast<std::uint32_t>(row * 1024) << 16));
            d.aux14.push_back(0xA0000000u | i);
        }
    for (unsigned row = 0; row < cellsY; ++row)
        for (unsigned col = 0; col < cellsX; ++col) {
            const auto a = static_cast<std::uint16_t>(row * vx + col), b = static_cast<std::uint16_t>(a + 1),
                       c = static_cast<std::uint16_t>(a + vx), e = static_cast<std::uint16_t>(c + 1);
            const std::uint16_t tag = col < (cellsX + 1) / 2 ? 0x0102 : 0xFF03;
            for (int half = 0; half < 2; ++half) {
                Face f;
                f.flags = half == 0 ? 0x00000001u : 0x00000101u;  // walkable; the second also material class 1
                f.materialTag = tag;
                f.auxTag = static_cast<std::uint16_t>(d.faces.size());
                f.v = half == 0 ? std::array<std::uint16_t, 3>{a, b, e} : std::array<std::uint16_t, 3>{a, e, c};
                for (std::size_t k = 0; k < kFaceTailSize; ++k)
                    f.tail[k] = static_cast<std::uint8_t>(0x10 * (k + 1) + (d.faces.size() & 0xF));
                d.faces.push_back(f);
            }
        }
    // Neighbours: the face across each edge (v[k], v[k+1]).
    std::map<std::pair<std::uint16_t, std::uint16_t>, std::uint16_t> edgeOwner;
    for (std::size_t i = 0; i < d.faces.size(); ++i)
        for (int k = 0; k < 3; ++k)
            edgeOwner[{d.faces[i].v[k], d.faces[i].v[(k + 1) % 3]}] = static_cast<std::uint16_t>(i);
    for (auto& f : d.faces)
        for (int k = 0; k < 3; ++k) {
            const auto it = edgeOwner.find({f.v[(k + 1) % 3], f.v[k]});
            f.nbr[k] = it == edgeOwner.end() ? kNoNeighbour : it->second;
        }
    d.pairs = {{3, kBatchBoundary}, {4, 0}};
    Slot s;
    s.pairTableIndex = 0;
    s.pairCount = 2;
    d.slots.push_back(s);
    msh::Node n;
    n.setSlot(0, 0, 0);
    d.nodes.push_back(n);
    for (std::size_t k = 0; k < d.slotHeader.size(); ++k) d.slotHeader[k] = static_cast<std::uint8_t>(k);
    for (auto type : kStreamOrder) {
        EntryLayout l{type, 0, {}};
        if (type == stream::kPositions) {
            l.nameField.raw.assign(nres::kNameSize, 0);
            const char text[] = "Res3\0tail";
            std::copy(text, text + sizeof text - 1, l.nameField.raw.begin());
            l.nameField.terminated = true;
        }
        d.layout.push_back(std::move(l));
    }
    return d;
}

ArealMapData sampleArealMap() {
    ArealMapData m;
    Areal a;
    a.anchor = {32.0f / 3, 16.0f / 3, 0};
    a.areaMetric = 128;
    a.normal = {0, 0, 1};
    a.logicFlag = 1;
    a.classId = 1;
    a.vertices = {{0, 0, 0}, {16, 0, 0}, {16, 16, 0}};
    a.links = {{-1, -1}, {-1, -1}, {1, 0}};
    Areal b = a;
    b.anchor = {16.0f / 3, 32.0f / 3, 0};
    b.classId = 2;
    b.vertices = {{0, 0, 0}, {16, 16, 0}, {0, 16, 0}};
    b.links = {{0, 2}, {-1, -1}, {-1, -1}};
    m.areals = {a, b};
    m.grid.cellsX = 2;
    m.grid.cellsY = 2;
    m.grid.cells = {{0, 1}, {0}, {1}, {0, 1}};
    return m;
}

std::vector<BuildCategory> sampleBuildList() {
    return {{"Generator", 0x80000002, {"UNITS\\BUILDS\\AI\\gen1.dat"}, 0},
            {"Plant", 0x80000010, {"UNITS\\BUILDS\\AI\\plant1.dat", "UNITS/BUILDS/AI/plant-2.dat"}, 0}};
}

}  // namespace vestige::iron3d::land
