// The XY grid that answers height queries (see terrain_world.hpp): one short contiguous run of faces per cell.
#include <algorithm>
#include <bit>
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

// The largest float below a finite v.
float below(float v) {
    if (v == 0) return -std::numeric_limits<float>::denorm_min();
    const auto bits = std::bit_cast<std::uint32_t>(v);
    return std::bit_cast<float>(v > 0 ? bits - 1 : bits + 1);
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
    // A face whose rectangle spans [lo, hi] on an axis is listed in cells cell(lo) .. cell(below(hi)): every point
    // with lo <= v < hi falls in one of them, and a point at v == hi is found by the query looking in cell(below(v))
    // as well. On a terrain of squares with cells aligned to them that lists each face once, not in the four
    // cells its closed rectangle touches. A face with lo == hi on an axis is vertical in XY and covers nothing.
    struct Span {
        std::uint32_t x0, x1, y0, y1;
    };
    auto spanOf = [&](const Face& f) -> std::optional<Span> {
        if (!(f.rect.minX < f.rect.maxX) || !(f.rect.minY < f.rect.maxY)) return std::nullopt;
        return Span{heightCellX(f.rect.minX), heightCellX(below(f.rect.maxX)), heightCellY(f.rect.minY),
                    heightCellY(below(f.rect.maxY))};
    };
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
            if (const auto s = spanOf(f)) entries += std::uint64_t{s->x1 - s->x0 + 1} * (s->y1 - s->y0 + 1);
        if (entries <= limit || (nx == 1 && ny == 1)) break;
        nx = std::max(1u, nx / 2);  // faces much larger than a cell: coarser cells
        ny = std::max(1u, ny / 2);
    }
    const std::size_t cells = std::size_t{mHeightCellsX} * mHeightCellsY;
    mGridStart.assign(cells + 1, 0);
    auto forEachCell = [&](const Face& f, auto&& fn) {
        const auto s = spanOf(f);
        if (!s) return;
        for (std::uint32_t cy = s->y0; cy <= s->y1; ++cy)
            for (std::uint32_t cx = s->x0; cx <= s->x1; ++cx) fn(std::size_t{cy} * mHeightCellsX + cx);
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
    std::optional<HeightHit> best;
    auto scan = [&](std::size_t cell) {
        for (std::uint32_t i = mGridStart[cell], end = mGridStart[cell + 1]; i < end; ++i) {
            const GridFace& f = mGridFaces[i];
            float z = 0;
            if (!detail::coverHeight(f.a, f.b, f.c, x, y, z)) continue;
            if (!best || z > best->z || (z == best->z && f.index < best->face)) best = HeightHit{z, f.index};
        }
    };
    // A point on a cell's low edge also needs the faces that end there, listed in the cell below (see the build).
    const std::uint32_t cx = heightCellX(x), cy = heightCellY(y);
    const std::uint32_t bx = heightCellX(below(x)), by = heightCellY(below(y));
    const std::size_t row = std::size_t{cy} * mHeightCellsX, rowBelow = std::size_t{by} * mHeightCellsX;
    scan(row + cx);
    if (bx != cx) scan(row + bx);
    if (by != cy) {
        scan(rowBelow + cx);
        if (bx != cx) scan(rowBelow + bx);
    }
    return best;
}

}  // namespace vestige::iron3d::terrain
