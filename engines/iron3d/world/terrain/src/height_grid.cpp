// The XY grid that answers height queries (see terrain_world.hpp): one short contiguous run of faces per cell.
#include <algorithm>
#include <cmath>

#include "cover.hpp"
#include "vestige/iron3d/terrain/terrain_world.hpp"

namespace vestige::iron3d::terrain {
namespace {

constexpr std::uint32_t kMaxCellsPerAxis = 4096;

// Cell of a coordinate: fl(fl(v - min) * scale) truncated and clamped is non-decreasing in v, so a face whose
// rectangle spans [lo, hi] is listed in every cell a covered point can fall in.
std::uint32_t cellOf(float v, float min, float scale, std::uint32_t cells) {
    const float t = (v - min) * scale;
    if (!(t > 0)) return 0;
    return t < static_cast<float>(cells) ? std::min(static_cast<std::uint32_t>(t), cells - 1) : cells - 1;
}

}  // namespace

std::uint32_t TerrainWorld::heightCellX(float x) const { return cellOf(x, mHeightMinX, mHeightScaleX, mHeightCellsX); }
std::uint32_t TerrainWorld::heightCellY(float y) const { return cellOf(y, mHeightMinY, mHeightScaleY, mHeightCellsY); }

void TerrainWorld::buildHeightGrid() {
    if (mFaces.empty()) return;
    for (const Face& f : mFaces)
        if (!isFinite(f.a) || !isFinite(f.b) || !isFinite(f.c)) return;  // the tree answers
    const Rect& r = mNodes[0].rect;
    const double w = double(r.maxX) - r.minX, h = double(r.maxY) - r.minY;
    // About one cell per two faces (a grid square's pair), shaped like the terrain's XY bounds; finer cells copy
    // each face into more cells and measured no faster.
    const double target = static_cast<double>(mFaces.size()) / 2;
    auto clampCells = [](double n) {
        return static_cast<std::uint32_t>(std::clamp(std::ceil(n), 1.0, double(kMaxCellsPerAxis)));
    };
    std::uint32_t nx = 1, ny = 1;
    if (w > 0 && h > 0) {
        nx = clampCells(std::sqrt(target * w / h));
        ny = clampCells(target / nx);
    } else if (w > 0) {
        nx = clampCells(target);
    } else if (h > 0) {
        ny = clampCells(target);
    }
    const std::uint64_t limit = std::uint64_t{kMaxGridEntriesPerFace} * mFaces.size();
    for (;;) {
        mHeightCellsX = nx;
        mHeightCellsY = ny;
        mHeightMinX = r.minX;
        mHeightMinY = r.minY;
        mHeightScaleX = w > 0 ? static_cast<float>(nx / w) : 0.0f;
        mHeightScaleY = h > 0 ? static_cast<float>(ny / h) : 0.0f;
        std::uint64_t entries = 0;
        for (const Face& f : mFaces)
            entries += std::uint64_t{heightCellX(f.rect.maxX) - heightCellX(f.rect.minX) + 1} *
                       (heightCellY(f.rect.maxY) - heightCellY(f.rect.minY) + 1);
        if (entries <= limit || (nx == 1 && ny == 1)) break;
        nx = std::max(1u, nx / 2);  // faces much larger than a cell: coarser cells
        ny = std::max(1u, ny / 2);
    }
    const std::size_t cells = std::size_t{mHeightCellsX} * mHeightCellsY;
    mGridStart.assign(cells + 1, 0);
    auto forEachCell = [&](const Face& f, auto&& fn) {
        for (std::uint32_t cy = heightCellY(f.rect.minY); cy <= heightCellY(f.rect.maxY); ++cy)
            for (std::uint32_t cx = heightCellX(f.rect.minX); cx <= heightCellX(f.rect.maxX); ++cx)
                fn(std::size_t{cy} * mHeightCellsX + cx);
    };
    for (const Face& f : mFaces) forEachCell(f, [&](std::size_t c) { ++mGridStart[c + 1]; });
    for (std::size_t c = 0; c < cells; ++c) mGridStart[c + 1] += mGridStart[c];
    mGridFaces.resize(mGridStart[cells]);
    std::vector<std::uint32_t> fill(mGridStart.begin(), mGridStart.end() - 1);
    for (const Face& f : mFaces)
        forEachCell(f, [&](std::size_t c) { mGridFaces[fill[c]++] = {f.a, f.b, f.c, f.index}; });
}

GridStats TerrainWorld::gridStats() const {
    GridStats s;
    if (mGridStart.empty()) return s;
    s.cellsX = mHeightCellsX;
    s.cellsY = mHeightCellsY;
    s.entries = mGridFaces.size();
    for (std::size_t c = 0; c + 1 < mGridStart.size(); ++c)
        s.maxCellFaces = std::max<std::size_t>(s.maxCellFaces, mGridStart[c + 1] - mGridStart[c]);
    return s;
}

std::optional<HeightHit> TerrainWorld::heightHitAt(float x, float y) const {
    if (mGridStart.empty()) return heightHitAtTree(x, y);
    if (!std::isfinite(x) || !std::isfinite(y) || !mNodes[0].rect.contains(x, y)) return std::nullopt;
    const std::size_t cell = std::size_t{heightCellY(y)} * mHeightCellsX + heightCellX(x);
    std::optional<HeightHit> best;
    for (std::uint32_t i = mGridStart[cell], end = mGridStart[cell + 1]; i < end; ++i) {
        const GridFace& f = mGridFaces[i];
        float z = 0;
        if (!detail::coverHeight(f.a, f.b, f.c, x, y, z)) continue;
        if (!best || z > best->z || (z == best->z && f.index < best->face)) best = HeightHit{z, f.index};
    }
    return best;
}

}  // namespace vestige::iron3d::terrain
