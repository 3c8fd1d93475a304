#include "vestige/iron3d/control/control.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace vestige::iron3d::control {
namespace {

Vec3 sphereCentre(const Sphere& s, const world::Transform& t) {
    const Vec3 scale = t.scale();
    const Mat3 r =
        Mat3::rotationZ(t.orientation().z) * Mat3::rotationY(t.orientation().y) * Mat3::rotationX(t.orientation().x);
    return r * mulComponents(scale, s.center) + t.position();
}

float sphereRadius(const Sphere& s, const world::Transform& t) {
    const Vec3 sc = t.scale();
    return s.radius * std::max({std::fabs(sc.x), std::fabs(sc.y), std::fabs(sc.z)});
}

Aabb boundsAt(const CollisionProxy& p, const world::Transform& t) {
    Aabb box;
    for (const auto& s : p.shapes) {
        const Vec3 c = sphereCentre(s, t);
        const float r = sphereRadius(s, t);
        box.expand(c - Vec3{r, r, r});
        box.expand(c + Vec3{r, r, r});
    }
    return box;
}

std::optional<Contact> narrow(const CollisionProxy& a, const world::Transform& ta, const CollisionProxy& b,
                              const world::Transform& tb) {
    std::optional<Contact> deepest;
    for (const auto& sa : a.shapes)
        for (const auto& sb : b.shapes) {
            const Vec3 ca = sphereCentre(sa, ta), cb = sphereCentre(sb, tb);
            const float ra = sphereRadius(sa, ta), rb = sphereRadius(sb, tb);
            const float d = length(cb - ca), depth = ra + rb - d;
            if (depth <= 0) continue;
            if (!deepest || depth > deepest->depth) deepest = Contact{a.owner, b.owner, (ca + cb) * 0.5f, depth};
        }
    return deepest;
}

}  // namespace

std::string_view stageName(Stage stage) {
    static constexpr std::string_view kNames[] = {"request", "candidate", "bounds",    "pairs",
                                                  "narrow",  "correct",   "transform", "event"};
    return kNames[static_cast<int>(stage)];
}

ControlSystem::Entry* ControlSystem::find(world::ObjectHandle handle) {
    const auto it = mObjects.find(handle.slot);
    return it == mObjects.end() || !(it->second.handle == handle) ? nullptr : &it->second;
}

const CollisionProxy* ControlSystem::proxy(world::ObjectHandle handle) const {
    const auto it = mObjects.find(handle.slot);
    return it == mObjects.end() || !(it->second.handle == handle) ? nullptr : &it->second.proxy;
}

const PhysicalState* ControlSystem::state(world::ObjectHandle handle) const {
    const auto it = mObjects.find(handle.slot);
    return it == mObjects.end() || !(it->second.handle == handle) ? nullptr : &it->second.state;
}

Status ControlSystem::add(const world::World3D& world, world::ObjectHandle handle, CollisionProxy proxy) {
    VESTIGE_TRY(world::Transform t, world.transform(handle));
    Entry e;
    e.handle = handle;
    e.state.transform = t;
    e.proxy = std::move(proxy);
    e.proxy.owner = handle;
    e.proxy.bounds = boundsAt(e.proxy, t);
    mObjects[handle.slot] = std::move(e);
    return {};
}

Status ControlSystem::request(world::ObjectHandle handle, Vec2 velocity, float turnRate) {
    Entry* e = find(handle);
    if (!e)
        return Error("control.unknown_object", "the object has no controller").in("object", world::describe(handle));
    if (!std::isfinite(velocity.x) || !std::isfinite(velocity.y) || !std::isfinite(turnRate))
        return Error("control.bad_request", "a requested motion must be finite").in("object", world::describe(handle));
    e->state.requestedVelocity = velocity;
    e->state.requestedTurn = turnRate;
    return {};
}

Status ControlSystem::setModelState(world::ObjectHandle handle, std::uint32_t state) {
    Entry* e = find(handle);
    if (!e)
        return Error("control.unknown_object", "the object has no controller").in("object", world::describe(handle));
    if (e->proxy.modelState != state) {
        e->proxy.modelState = state;
        e->rebuild = true;
    }
    return {};
}

Result<ControlReport> ControlSystem::step(world::World3D& world, float dt) {
    if (!std::isfinite(dt) || dt < 0) return Error("control.bad_dt", "dt must be finite and non-negative");
    ControlReport report;
    // The manager keeps handles, never pointers: objects deleted since the last step lose their proxy; an
    // object pending delete in this step is left alone.
    for (auto it = mObjects.begin(); it != mObjects.end();) {
        if (!world.check(it->second.handle).ok()) {
            it = mObjects.erase(it);
            ++report.droppedProxies;
        } else {
            ++it;
        }
    }
    std::vector<Entry*> active;
    for (auto& [slot, e] : mObjects)
        if (!world.pendingDelete(e.handle)) active.push_back(&e);

    report.stages.push_back(Stage::Request);
    std::vector<world::Transform> candidate(active.size());
    std::vector<bool> offSurface(active.size(), false);
    report.stages.push_back(Stage::Candidate);
    for (std::size_t i = 0; i < active.size(); ++i) {
        Entry& e = *active[i];
        world::Transform t = e.state.transform;
        const Vec3 p = t.position();
        const Vec2 v = e.state.requestedVelocity;
        Vec3 next{p.x + v.x * dt, p.y + v.y * dt, p.z};
        if (mTerrain) {
            const auto z = mTerrain->heightAt(next.x, next.y);
            if (z)
                next.z = *z;
            else
                offSurface[i] = true;
        }
        t.setPosition(next);
        Vec3 o = t.orientation();
        o.z += e.state.requestedTurn * dt;
        t = world::Transform::fromFloats(t.position(), o, t.scale());
        candidate[i] = t;
    }
    report.stages.push_back(Stage::Bounds);
    for (std::size_t i = 0; i < active.size(); ++i) {
        Entry& e = *active[i];
        if (e.rebuild && mBuilder) {
            const std::uint64_t revision = e.proxy.revision + 1;
            const std::uint32_t state = e.proxy.modelState;
            e.proxy = mBuilder(e.handle, state);
            e.proxy.owner = e.handle;
            e.proxy.modelState = state;
            e.proxy.revision = revision;
        }
        e.rebuild = false;
        e.proxy.bounds = boundsAt(e.proxy, candidate[i]);
    }
    report.stages.push_back(Stage::Pairs);
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t i = 0; i < active.size(); ++i)
        for (std::size_t j = i + 1; j < active.size(); ++j)
            if ((active[i]->proxy.categoryMask & active[j]->proxy.categoryMask) != 0 &&
                active[i]->proxy.bounds.overlaps(active[j]->proxy.bounds)) {
                pairs.emplace_back(i, j);
                report.pairs.emplace_back(active[i]->handle, active[j]->handle);
            }
    report.stages.push_back(Stage::Narrow);
    std::vector<bool> contact(active.size(), false);
    for (const auto& [i, j] : pairs)
        if (auto c = narrow(active[i]->proxy, candidate[i], active[j]->proxy, candidate[j])) {
            contact[i] = contact[j] = true;
            report.contacts.push_back(*c);
        }
    report.stages.push_back(Stage::Correct);
    for (std::size_t i = 0; i < active.size(); ++i) {
        Entry& e = *active[i];
        ObjectStep s{e.handle, candidate[i], candidate[i], contact[i], offSurface[i]};
        if (contact[i] || offSurface[i]) s.final = e.state.transform;  // stop: no push-out is invented
        const Vec3 moved = s.final.position() - e.state.transform.position();
        e.state.linearVelocity = dt > 0 ? moved / dt : Vec3{};
        e.state.angularVelocity = {0, 0,
                                   dt > 0 ? (s.final.orientation().z - e.state.transform.orientation().z) / dt : 0};
        e.state.transform = s.final;
        report.objects.push_back(s);
    }
    report.stages.push_back(Stage::Transform);
    for (const auto& s : report.objects) VESTIGE_CHECK(world.setTransform(s.handle, s.final));
    report.stages.push_back(Stage::Event);
    for (const auto& c : report.contacts) {
        VESTIGE_TRY(std::uint64_t seq,
                    world.enqueue({0, c.a, std::string(kCollisionMessage), {c.b.slot, c.b.generation, 0, 0}}));
        report.events.push_back(seq);
    }
    return report;
}

}  // namespace vestige::iron3d::control
