// Land.map areal lookup: grid candidates, then an exact point-in-polygon test.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "vestige/iron3d/terrain/terrain_world.hpp"

namespace vestige::iron3d::terrain {
namespace {

double orient(double ax, double ay, double bx, double by, double px, double py) {
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

bool onSegment(const Vec2& a, const Vec2& b, double px, double py) {
    if (orient(a.x, a.y, b.x, b.y, px, py) != 0) return false;
    return px >= std::min<double>(a.x, b.x) && px <= std::max<double>(a.x, b.x) && py >= std::min<double>(a.y, b.y) &&
           py <= std::max<double>(a.y, b.y);
}

// The reference policy [P]: cell = the evenly spaced interval of [min, max] holding v; v == max is the last cell.
std::uint32_t cellOf(double v, double lo, double hi, std::uint32_t cells) {
    if (v <= lo || hi <= lo) return 0;
    if (v >= hi) return cells - 1;
    const auto c = static_cast<std::uint32_t>((v - lo) / (hi - lo) * cells);
    return std::min(c, cells - 1);
}

}  // namespace

Status TerrainWorld::buildAreals(const land::ArealMapData& map) {
    Aabb all;
    for (std::size_t i = 0; i < map.areals.size(); ++i) {
        ArealPolygon p;
        for (const auto& v : map.areals[i].vertices) {
            p.points.push_back({v.x, v.y});
            p.box.expand(Vec3{v.x, v.y, 0});
        }
        all.expand(p.box);
        mAreals.push_back(std::move(p));
    }
    mCellsX = map.grid.cellsX;
    mCellsY = map.grid.cellsY;
    if (static_cast<std::uint64_t>(mCellsX) * mCellsY != map.grid.cells.size())
        return Error("terrain.bad_grid", "the grid's cell count does not match cells_x * cells_y")
            .expected(std::to_string(static_cast<std::uint64_t>(mCellsX) * mCellsY))
            .actual(std::to_string(map.grid.cells.size()));
    for (std::size_t c = 0; c < map.grid.cells.size(); ++c)
        for (const auto id : map.grid.cells[c])
            if (id >= mAreals.size())
                return Error("terrain.bad_grid", "a grid cell names an areal that does not exist")
                    .in("cell", std::to_string(c))
                    .actual(std::to_string(id));
    mCells = map.grid.cells;
    if (!all.isEmpty()) {
        mGridMin = {all.min.x, all.min.y};
        mGridMax = {all.max.x, all.max.y};
    }
    return {};
}

bool TerrainWorld::arealContains(std::uint32_t areal, double x, double y) const {
    const auto& pts = mAreals[areal].points;
    if (pts.size() < 3) return false;
    bool inside = false;
    for (std::size_t i = 0, j = pts.size() - 1; i < pts.size(); j = i++) {
        if (onSegment(pts[j], pts[i], x, y)) return true;  // the boundary belongs to the areal
        const double yi = pts[i].y, yj = pts[j].y;
        if ((yi > y) != (yj > y)) {
            const double xCross = pts[i].x + (y - yi) * (pts[j].x - pts[i].x) / (yj - yi);
            if (x < xCross) inside = !inside;
        }
    }
    return inside;
}

std::optional<std::uint32_t> TerrainWorld::gridCell(float x, float y) const {
    if (mCells.empty() || mCellsX == 0 || mCellsY == 0) return std::nullopt;
    if (x < mGridMin.x || x > mGridMax.x || y < mGridMin.y || y > mGridMax.y) return std::nullopt;
    const std::uint32_t cx = cellOf(x, mGridMin.x, mGridMax.x, mCellsX);
    const std::uint32_t cy = cellOf(y, mGridMin.y, mGridMax.y, mCellsY);
    return cy * mCellsX + cx;
}

std::optional<std::uint32_t> TerrainWorld::arealAt(float x, float y) const {
    if (!std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
    if (const auto cell = gridCell(x, y))
        for (const auto id : mCells[*cell])
            if (arealContains(id, x, y)) return id;
    for (std::uint32_t i = 0; i < mAreals.size(); ++i)
        if (arealContains(i, x, y)) return i;
    return std::nullopt;
}

}  // namespace vestige::iron3d::terrain
