#pragma once
// Terrain queries over a mission's Land.msh and Land.map (spec section 12; seed 002 "Terrain queries").
// X and Y are horizontal, Z is height.
//
//   heightAt(x, y)   the highest triangle covering (x, y) in XY, its height interpolated there; nullopt = off the
//                    surface. Coverage is edge-inclusive and exact (orientation tests in double, no tolerance):
//                    a point on an edge shared by two faces is covered by both, so the surface has no cracks;
//                    faces vertical in XY cover nothing.
//   raycast(o, d)    the nearest face hit at t >= 0 (Moller-Trumbore in double, edges inclusive); equal t -> the
//                    lower face index; a non-zero mask skips faces whose full surface mask shares no bit with it.
//   arealAt(x, y)    the Land.map areal containing (x, y): the grid's candidates first, then an exact
//                    point-in-polygon test (boundary inclusive); when no candidate holds the point every areal is
//                    tested in index order, so the answer never depends on the cell mapping below.
//
// The BVH [P] (the reference runtime's): faces split on their centroids along the longest axis of the centroid
// bounds, at most 8 faces per leaf, children ordered by face index for ties, so the same mesh always builds the
// same tree. Raycasts walk it. Height queries use an XY grid built beside it (a cell lists every face whose XY
// rectangle covers part of it short of the rectangle's far edges, with the face's corners copied in, so a query
// reads one short contiguous run; the cell of a point is monotonic in x and y, and a point on a cell's low edge also
// reads the cell below, so a face covering a point is always found): the answer is the BVH's, bit for bit
// (heightHitAtTree keeps the tree walk for that check). The grid is left out, and the
// tree answers, when a corner is not finite or the copies would pass kMaxGridEntriesPerFace per face. The Land.map
// world -> cell mapping and cell order are unknown [?]; we use the reference project's policy (cells spread evenly over
// the XY bounds of all areal vertices, row-major: index = y * cells_x + x) only to pick candidates.
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/land/areal_map.hpp"
#include "vestige/iron3d/land/land.hpp"

namespace vestige::iron3d::terrain {

inline constexpr std::uint32_t kMaxLeafFaces = 8;
inline constexpr std::uint32_t kMaxGridEntriesPerFace = 8;

struct HeightHit {
    float z = 0;
    std::uint32_t face = 0;  // the covering face that gave z (lowest index among equal heights)
};

struct RayHit {
    float t = 0;
    Vec3 point;
    std::uint32_t face = 0;
};

struct BvhStats {
    std::size_t nodes = 0, leaves = 0, maxLeafFaces = 0, depth = 0;
};

struct GridStats {
    std::uint32_t cellsX = 0, cellsY = 0;  // 0 x 0: no grid, the BVH answers height queries
    std::size_t entries = 0, maxCellFaces = 0;
};

class TerrainWorld {
public:
    // Faces naming a vertex out of range are terrain.bad_face (Land.msh validation already refuses them).
    [[nodiscard]] static Result<TerrainWorld> build(const land::TerrainData& mesh,
                                                    const land::ArealMapData* map = nullptr);

    [[nodiscard]] std::optional<float> heightAt(float x, float y) const;
    [[nodiscard]] std::optional<HeightHit> heightHitAt(float x, float y) const;
    // The same answer from the BVH walk (what heightHitAt gives when there is no grid); kept for checks.
    [[nodiscard]] std::optional<HeightHit> heightHitAtTree(float x, float y) const;
    [[nodiscard]] std::optional<RayHit> raycast(Vec3 origin, Vec3 direction, std::uint32_t mask = 0,
                                                float maxT = std::numeric_limits<float>::infinity()) const;
    [[nodiscard]] std::optional<std::uint32_t> arealAt(float x, float y) const;
    // The grid cell index the candidates of (x, y) come from, or nullopt outside the areal bounds / no grid.
    [[nodiscard]] std::optional<std::uint32_t> gridCell(float x, float y) const;

    [[nodiscard]] std::size_t faceCount() const { return mFaces.size(); }
    [[nodiscard]] std::size_t arealCount() const { return mAreals.size(); }
    [[nodiscard]] const Aabb& bounds() const { return mBounds; }
    [[nodiscard]] BvhStats bvhStats() const;
    [[nodiscard]] GridStats gridStats() const;

private:
    // XY bounds: the height query touches only these and the faces of the leaves it reaches, so nodes and faces
    // stay small and contiguous (random queries over a large terrain are bound by memory latency).
    struct Rect {
        float minX = 0, minY = 0, maxX = 0, maxY = 0;
        [[nodiscard]] bool contains(float x, float y) const { return x >= minX && x <= maxX && y >= minY && y <= maxY; }
    };
    struct Face {
        Rect rect;
        Vec3 a, b, c;
        std::uint32_t index = 0;  // original face index
        std::uint32_t mask = 0;   // full surface mask
    };
    struct Node {
        Rect rect;
        std::uint32_t first = 0;   // leaf: first face in mFaces; inner: left child node
        std::uint32_t count = 0;   // leaf: face count (> 0); inner: 0
        std::uint32_t second = 0;  // inner: right child node
        [[nodiscard]] bool leaf() const { return count > 0; }
    };
    struct GridFace {
        Vec3 a, b, c;
        std::uint32_t index = 0;
    };
    struct ArealPolygon {
        std::vector<Vec2> points;
        Aabb box;
    };
    std::uint32_t buildNode(std::vector<Face>& faces, std::uint32_t first, std::uint32_t count, std::size_t depth);
    [[nodiscard]] bool arealContains(std::uint32_t areal, double x, double y) const;
    [[nodiscard]] Status buildAreals(const land::ArealMapData& map);
    void buildHeightGrid();
    [[nodiscard]] std::uint32_t heightCellX(float x) const;
    [[nodiscard]] std::uint32_t heightCellY(float y) const;

    std::vector<Face> mFaces;  // BVH order
    std::vector<Node> mNodes;  // root = 0, depth-first order
    std::vector<Aabb> mBoxes;  // per node, 3D (raycasts)
    Aabb mBounds;
    std::size_t mDepth = 0;
    // Height grid: cell (x, y) = row-major y * mHeightCellsX + x; its faces are
    // mGridFaces[mGridStart[cell] .. mGridStart[cell + 1]).
    std::uint32_t mHeightCellsX = 0, mHeightCellsY = 0;
    float mHeightMinX = 0, mHeightMinY = 0, mHeightScaleX = 0, mHeightScaleY = 0;
    std::vector<std::uint32_t> mGridStart;
    std::vector<GridFace> mGridFaces;
    std::vector<ArealPolygon> mAreals;
    std::uint32_t mCellsX = 0, mCellsY = 0;
    std::vector<std::vector<std::uint16_t>> mCells;
    Vec2 mGridMin, mGridMax;
};

}  // namespace vestige::iron3d::terrain
