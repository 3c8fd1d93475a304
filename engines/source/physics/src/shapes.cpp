// Collision shapes (world.hpp): every Bullet shape is centred on its mass centre (Bullet's body frame); the
// offset to the object's origin is kept per body. Hulls and boxes carry their face data, so Bullet clips polyhedra
// against each other (the data's own faces, no margin) and keeps only a thin margin for the GJK pairs.
#include <BulletCollision/Gimpact/btGImpactShape.h>
#include <LinearMath/btConvexHullComputer.h>
#include <fmt/format.h>

#include <algorithm>

#include "impl.hpp"
#include "vestige/source/phy/builder.hpp"

namespace vestige::source::physics {

namespace {

constexpr btScalar kHullMargin = 0.002f;  // meters (0.08 in): only GJK pairs (spheres, meshes) see it
constexpr btScalar kBoxMargin = 0.04f;    // Bullet's default, kept inside the box

Status checkPoints(std::span<const Vec3> points, const char* field) {
    for (Vec3 p : points) VESTIGE_CHECK(checkFinite(p, field));
    return okStatus();
}

void setBounds(ShapeInfo& info, std::span<const Vec3> points) {
    info.mins = {1e30f, 1e30f, 1e30f};
    info.maxs = {-1e30f, -1e30f, -1e30f};
    for (Vec3 p : points) {
        info.mins = minComponents(info.mins, p);
        info.maxs = maxComponents(info.maxs, p);
    }
}

// The area the bounds show to motion along each local axis (m^2), scaled by the collide's orthographic fractions.
Vec3 dragAreas(const ShapeInfo& info, Vec3 fractions = {1, 1, 1}) {
    const Vec3 s = (info.maxs - info.mins) * kMetersPerInch;
    return {s.y * s.z * fractions.x, s.x * s.z * fractions.y, s.x * s.y * fractions.z};
}

// A hull in meters around `center` (inches).
Result<std::unique_ptr<btConvexHullShape>> hullShape(std::span<const Vec3> points, Vec3 center) {
    std::vector<btScalar> coords;
    for (Vec3 p : points) {
        const btVector3 v = toBt(p - center);
        coords.insert(coords.end(), {v.x(), v.y(), v.z()});
    }
    btConvexHullComputer hull;
    const btScalar shrunk =
        hull.compute(coords.data(), static_cast<int>(3 * sizeof(btScalar)), static_cast<int>(points.size()), 0, 0);
    if (shrunk < 0 || hull.vertices.size() < 4)
        return Error("physics.degenerate_shape", "convex points span no volume").actual(std::to_string(points.size()));
    auto shape = std::make_unique<btConvexHullShape>();
    for (int i = 0; i < hull.vertices.size(); ++i) shape->addPoint(hull.vertices[i], false);
    shape->recalcLocalAabb();
    shape->setMargin(kHullMargin);
    // Face data lets Bullet clip hull against hull: a full contact manifold on the first touch, so a crate landing
    // flat lands flat (GJK alone adds one point per step and tips it over).
    shape->initializePolyhedralFeatures();
    return shape;
}

// A hull's triangles as vertex triples.
std::vector<Vec3> triangleList(const phy::ConvexInput& hull) {
    std::vector<Vec3> out;
    out.reserve(hull.triangles.size() * 3);
    for (const auto& t : hull.triangles)
        for (std::uint16_t i : t) out.push_back(hull.points[i]);
    return out;
}

}  // namespace

Result<ShapeId> PhysicsWorld::createBox(Vec3 mins, Vec3 maxs) {
    VESTIGE_CHECK(checkFinite(mins, "mins"));
    VESTIGE_CHECK(checkFinite(maxs, "maxs"));
    if (!(maxs.x > mins.x && maxs.y > mins.y && maxs.z > mins.z))
        return Error("physics.degenerate_shape", "box maxs must exceed mins on every axis").field("maxs");
    ShapeRecord s;
    const Vec3 half = (maxs - mins) * 0.5f;
    const btVector3 h = toBt(half);
    auto box = std::make_unique<btBoxShape>(h);
    box->setMargin(std::min<btScalar>(kBoxMargin, 0.25f * std::min({h.x(), h.y(), h.z()})));
    box->initializePolyhedralFeatures();
    s.shape = std::move(box);
    s.info.massCenter = (mins + maxs) * 0.5f;
    const Vec3 size = (maxs - mins) * kMetersPerInch;
    s.info.inertiaPerMass = {(size.y * size.y + size.z * size.z) / 12, (size.x * size.x + size.z * size.z) / 12,
                             (size.x * size.x + size.y * size.y) / 12};
    s.info.volume = (maxs.x - mins.x) * (maxs.y - mins.y) * (maxs.z - mins.z);
    s.info.mins = mins;
    s.info.maxs = maxs;
    s.info.convexPieces = 1;
    s.info.triangles = 12;
    s.triangles.push_back(triangleList(phy::boxHull(mins, maxs)));
    s.dragAreas = dragAreas(s.info);
    return ShapeId(mImpl->shapes.insert(std::move(s)));
}

Result<ShapeId> PhysicsWorld::createSphere(float radius) {
    VESTIGE_CHECK(checkFinite(radius, "radius"));
    if (!(radius > 0)) return Error("physics.degenerate_shape", "sphere radius must be > 0").field("radius");
    ShapeRecord s;
    s.shape = std::make_unique<btSphereShape>(radius * kMetersPerInch);
    const float r = radius * kMetersPerInch;
    s.info.inertiaPerMass = Vec3{1, 1, 1} * (0.4f * r * r);
    s.info.volume = 4.0f / 3.0f * kPi * radius * radius * radius;
    s.info.mins = {-radius, -radius, -radius};
    s.info.maxs = {radius, radius, radius};
    s.info.convexPieces = 1;
    // A sphere shows pi r^2 of its (2r)^2 bounding face.
    s.dragFractions = Vec3{1, 1, 1} * (kPi / 4);
    s.dragAreas = dragAreas(s.info, s.dragFractions);
    return ShapeId(mImpl->shapes.insert(std::move(s)));
}

Result<ShapeId> PhysicsWorld::createConvex(std::span<const Vec3> points) {
    const std::vector<Vec3> piece(points.begin(), points.end());
    return createMultiConvex(std::span<const std::vector<Vec3>>(&piece, 1));
}

Result<ShapeId> PhysicsWorld::createMultiConvex(std::span<const std::vector<Vec3>> pieces) {
    if (pieces.empty()) return Error("physics.degenerate_shape", "no convex pieces").field("pieces");
    std::vector<phy::ConvexInput> hulls;
    std::vector<Vec3> all;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        VESTIGE_CHECK(std::move(checkPoints(pieces[i], "points")).record(i));
        VESTIGE_TRY(phy::ConvexInput hull, std::move(phy::hullFromPoints(pieces[i])).record(i));
        all.insert(all.end(), hull.points.begin(), hull.points.end());
        hulls.push_back(std::move(hull));
    }
    VESTIGE_TRY(phy::MassProperties mass, phy::massProperties(hulls));
    ShapeRecord s;
    s.info.massCenter = mass.center;
    s.info.inertiaPerMass = mass.inertiaPerMass * (kMetersPerInch * kMetersPerInch);
    s.info.volume = static_cast<float>(mass.volume);
    s.info.convexPieces = hulls.size();
    for (const auto& h : hulls) {
        s.info.triangles += h.triangles.size();
        s.triangles.push_back(triangleList(h));
    }
    setBounds(s.info, all);
    s.dragAreas = dragAreas(s.info);
    if (hulls.size() == 1) {
        VESTIGE_TRY(auto hull, hullShape(hulls[0].points, mass.center));
        s.shape = std::move(hull);
    } else {
        auto compound = std::make_unique<btCompoundShape>(true, static_cast<int>(hulls.size()));
        for (const auto& h : hulls) {
            VESTIGE_TRY(auto hull, hullShape(h.points, mass.center));
            btTransform identity;
            identity.setIdentity();
            compound->addChildShape(identity, hull.get());
            s.children.push_back(std::move(hull));
        }
        s.shape = std::move(compound);
    }
    return ShapeId(mImpl->shapes.insert(std::move(s)));
}

Result<ShapeId> PhysicsWorld::createFromPhy(const phy::PhyModel& model, std::size_t solid) {
    if (solid >= model.solids.size())
        return Error("physics.bad_solid", "the model has no such solid")
            .expected(fmt::format("< {}", model.solids.size()))
            .actual(std::to_string(solid));
    std::vector<std::vector<Vec3>> pieces;
    for (const auto& p : model.solids[solid]) pieces.push_back(p.points);
    VESTIGE_TRY(ShapeId id, createMultiConvex(pieces));
    // The file's own mass centre and inertia win over ours (they are what the game simulates with).
    ShapeRecord& s = *mImpl->shapes.get(id);
    const phy::CompactSurface& surface = *model.file.collide.solids[solid].surface;
    const Vec3 center = phy::massCenter(surface);
    const Vec3 ivpInertia = surface.rotationInertia;
    if (isFinite(center) && ivpInertia.x > 0 && ivpInertia.y > 0 && ivpInertia.z > 0) {
        const Vec3 shift = center - s.info.massCenter;
        s.info.massCenter = center;
        s.info.inertiaPerMass = {ivpInertia.x, ivpInertia.z, ivpInertia.y};  // IVP y is Source z
        if (auto* compound = dynamic_cast<btCompoundShape*>(s.shape.get())) {
            for (int i = 0; i < compound->getNumChildShapes(); ++i) {
                btTransform t = compound->getChildTransform(i);
                t.setOrigin(t.getOrigin() - toBt(shift));
                compound->updateChildTransform(i, t, false);
            }
            compound->recalculateLocalAabb();
        } else {
            auto compound2 = std::make_unique<btCompoundShape>(true, 1);
            btTransform t;
            t.setIdentity();
            t.setOrigin(-toBt(shift));
            compound2->addChildShape(t, s.shape.get());
            s.children.push_back(std::move(s.shape));
            s.shape = std::move(compound2);
        }
    }
    if (const auto& h = model.file.collide.solids[solid].header) {
        s.dragFractions = h->dragAxisAreas;
        s.dragAreas = dragAreas(s.info, h->dragAxisAreas);
    }
    return id;
}

Result<ShapeId> PhysicsWorld::createMesh(std::span<const Vec3> v) {
    if (v.empty() || v.size() % 3 != 0)
        return Error("physics.degenerate_shape", "a mesh needs 3 vertices per triangle")
            .actual(std::to_string(v.size()));
    VESTIGE_CHECK(checkPoints(v, "vertices"));
    phy::ConvexInput soup;
    soup.points.assign(v.begin(), v.end());
    for (std::size_t i = 0; i < v.size(); i += 3)
        soup.triangles.push_back({static_cast<std::uint16_t>(std::min<std::size_t>(i, 0xFFFF)),
                                  static_cast<std::uint16_t>(std::min<std::size_t>(i + 1, 0xFFFF)),
                                  static_cast<std::uint16_t>(std::min<std::size_t>(i + 2, 0xFFFF))});
    ShapeRecord s;
    setBounds(s.info, v);
    s.info.triangles = v.size() / 3;
    s.triangles.emplace_back(v.begin(), v.end());
    s.info.concave = true;
    // A closed, outward-wound soup has a volume; anything else is weighed as its bounding box.
    auto mass = v.size() <= 0xFFFF ? phy::massProperties(std::vector<phy::ConvexInput>{soup})
                                   : Result<phy::MassProperties>(Error("phy.limit", "large"));
    const Vec3 size = (s.info.maxs - s.info.mins) * kMetersPerInch;
    if (mass) {
        s.info.massCenter = mass->center;
        s.info.inertiaPerMass = mass->inertiaPerMass * (kMetersPerInch * kMetersPerInch);
        s.info.volume = static_cast<float>(mass->volume);
    } else {
        s.info.massCenter = (s.info.mins + s.info.maxs) * 0.5f;
        s.info.inertiaPerMass = {(size.y * size.y + size.z * size.z) / 12, (size.x * size.x + size.z * size.z) / 12,
                                 (size.x * size.x + size.y * size.y) / 12};
    }
    s.mesh = std::make_unique<btTriangleMesh>();
    for (std::size_t i = 0; i < v.size(); i += 3)
        s.mesh->addTriangle(toBt(v[i] - s.info.massCenter), toBt(v[i + 1] - s.info.massCenter),
                            toBt(v[i + 2] - s.info.massCenter));
    auto gimpact = std::make_unique<btGImpactMeshShape>(s.mesh.get());
    gimpact->setMargin(kHullMargin);
    gimpact->updateBound();
    s.shape = std::move(gimpact);
    s.staticShape = std::make_unique<btBvhTriangleMeshShape>(s.mesh.get(), true);
    s.dragAreas = dragAreas(s.info);
    return ShapeId(mImpl->shapes.insert(std::move(s)));
}

Result<std::vector<std::vector<Vec3>>> PhysicsWorld::shapeTriangles(ShapeId shape) const {
    const ShapeRecord* s = mImpl->shapes.get(shape);
    if (!s) return Error("physics.bad_shape", "no such shape").field("shape");
    return s->triangles;
}

Result<ShapeInfo> PhysicsWorld::shapeInfo(ShapeId shape) const {
    const ShapeRecord* s = mImpl->shapes.get(shape);
    if (!s) return Error("physics.bad_shape", "no such shape").field("shape");
    return s->info;
}

}  // namespace vestige::source::physics
