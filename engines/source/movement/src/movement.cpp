// CGameMovement behaviour (spec §3.2–3.4), written from the digest: FullWalkMove with split gravity,
// Quake acceleration, TryPlayerMove/ClipVelocity, StepMove (both paths), StayOnGround as a trace,
// CategorizePosition with quadrant probes, water (three probes, WaterMove, water jump), duck, noclip.
#include "vestige/source/movement/movement.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "vestige/source/base/bspflags.hpp"

namespace vestige::source::movement {

using collision::TraceResult;
namespace mask = base::mask;
namespace contents = base::contents;

namespace {
constexpr float kDistEpsilon = collision::kDistEpsilon;
constexpr float kNonJumpVelocity = 140.0f;
constexpr int kMaxClipPlanes = 5;
constexpr int kBumps = 4;
constexpr float kCoordResolution = 1.0f / 32.0f;
constexpr float kWaterJumpHeight = 8.0f;
constexpr float kWaterJumpMs = 2000.0f;
constexpr float kSwimUpWater = 100.0f;
constexpr float kSwimUpSlime = 80.0f;

void sanitize(Vec3& v) {
    for (int i = 0; i < 3; ++i) {
        if (!std::isfinite(v[i])) v[i] = 0.0f;
    }
}

float splineFraction(float value, float scale) {
    const float v = std::clamp(value * scale, 0.0f, 1.0f);
    return 3 * v * v - 2 * v * v * v;
}
}  // namespace

void angleVectors(Vec3 angles, Vec3* forward, Vec3* right, Vec3* up) {
    const float p = degToRad(angles.x);
    const float y = degToRad(angles.y);
    const float r = degToRad(angles.z);
    const float sp = std::sin(p), cp = std::cos(p), sy = std::sin(y), cy = std::cos(y), sr = std::sin(r),
                cr = std::cos(r);
    if (forward) *forward = {cp * cy, cp * sy, -sp};
    if (right) *right = {-sr * sp * cy + cr * sy, -sr * sp * sy - cr * cy, -sr * cp};
    if (up) *up = {cr * sp * cy + sr * sy, cr * sp * sy - sr * cy, cr * cp};
}

// ---------------------------------------------------------------------------------------------
// Settings by cvar name

namespace {
struct SettingName {
    std::string_view name;
    float MoveSettings::*field;
};
constexpr SettingName kSettingNames[] = {
    {"sv_gravity", &MoveSettings::gravity},
    {"sv_friction", &MoveSettings::friction},
    {"sv_stopspeed", &MoveSettings::stopSpeed},
    {"sv_accelerate", &MoveSettings::accelerate},
    {"sv_airaccelerate", &MoveSettings::airAccelerate},
    {"sv_maxvelocity", &MoveSettings::maxVelocity},
    {"sv_stepsize", &MoveSettings::stepSize},
    {"sv_walkable_normal", &MoveSettings::walkableNormal},
    {"jump_power", &MoveSettings::jumpPower},
    {"air_speed_cap", &MoveSettings::airSpeedCap},
    {"maxspeed", &MoveSettings::maxSpeed},
    {"sv_noclipspeed", &MoveSettings::noclipSpeed},
    {"sv_noclipaccelerate", &MoveSettings::noclipAccelerate},
    {"sv_bounce", &MoveSettings::bounce},
    {"crouched_walk_speed", &MoveSettings::crouchedSpeed},
    {"duck_speed", &MoveSettings::duckTime},
    {"unduck_speed", &MoveSettings::unduckTime},
    {"air_time", &MoveSettings::airTime},
    {"ladder_speed", &MoveSettings::ladderSpeed},
    {"ladder_jump_speed", &MoveSettings::ladderJumpSpeed},
    {"tick_rate", &MoveSettings::tickRate},
};
}  // namespace

Status MoveSettings::set(std::string_view name, float value) {
    for (const auto& s : kSettingNames) {
        if (s.name != name) continue;
        if (!std::isfinite(value)) {
            return Error("move.setting_value", "setting value must be finite").field(std::string(name));
        }
        if (s.field == &MoveSettings::tickRate && !(value >= 1.0f && value <= 10000.0f)) {
            return Error("move.setting_value", "tick rate out of range")
                .field(std::string(name))
                .expected("1..10000")
                .actual(fmt::format("{}", value));
        }
        this->*(s.field) = value;
        return {};
    }
    return Error("move.unknown_setting", "unknown movement setting").field(std::string(name));
}

std::optional<float> MoveSettings::get(std::string_view name) const {
    for (const auto& s : kSettingNames) {
        if (s.name == name) return this->*(s.field);
    }
    return std::nullopt;
}

std::vector<std::string_view> MoveSettings::names() {
    std::vector<std::string_view> out;
    for (const auto& s : kSettingNames) out.push_back(s.name);
    return out;
}

// ---------------------------------------------------------------------------------------------

struct PlayerMovement::Ctx {
    const PlayerMovement& pm;
    const MoveSettings& cv;
    PlayerState& s;
    MoveInput in;
    float dt;
    float maxSpeed;
    // Planes met by TryPlayerMove this tick (the chosen StepMove path's), for the blocking report.
    std::optional<Plane> block;

    [[nodiscard]] Vec3 mins() const { return pm.hullMins(s); }
    [[nodiscard]] Vec3 maxs() const { return pm.hullMaxs(s); }
    [[nodiscard]] TraceResult trace(Vec3 a, Vec3 b) const { return pm.traceHull(s, a, b); }
    [[nodiscard]] bool jumpHeld() const { return (in.buttons & buttons::kJump) != 0; }

    // ---- velocity hygiene ----
    void checkVelocity() {
        for (int i = 0; i < 3; ++i) {
            if (!std::isfinite(s.velocity[i])) s.velocity[i] = 0.0f;
            if (!std::isfinite(s.origin[i])) s.origin[i] = 0.0f;
            s.velocity[i] = std::clamp(s.velocity[i], -cv.maxVelocity, cv.maxVelocity);
        }
    }
    void startGravity() {
        s.velocity.z -= cv.gravity * 0.5f * dt;
        s.velocity.z += s.baseVelocity.z * dt;
        s.baseVelocity.z = 0.0f;
        checkVelocity();
    }
    void finishGravity() {
        if (s.waterJumpTime > 0.0f) return;
        s.velocity.z -= cv.gravity * 0.5f * dt;
        checkVelocity();
    }

    // ---- ground ----
    void setGround(const TraceResult* tr) {
        if (tr == nullptr) {
            s.onGround = false;
            s.groundVolume = -1;
            s.groundPlane = {};
            return;
        }
        s.onGround = true;
        s.groundVolume = tr->hitVolume;
        s.groundPlane = tr->plane;
        s.waterJumpTime = 0.0f;
        s.velocity.z = 0.0f;
    }

    TraceResult quadrantGround(Vec3 start, Vec3 end) const {
        const Vec3 mn = mins();
        const Vec3 mx = maxs();
        const std::array<std::pair<Vec3, Vec3>, 4> boxes = {{
            {{mn.x, mn.y, mn.z}, {std::min(0.0f, mx.x), std::min(0.0f, mx.y), mx.z}},
            {{std::max(0.0f, mn.x), std::max(0.0f, mn.y), mn.z}, {mx.x, mx.y, mx.z}},
            {{std::max(0.0f, mn.x), mn.y, mn.z}, {mx.x, std::min(0.0f, mx.y), mx.z}},
            {{mn.x, std::max(0.0f, mn.y), mn.z}, {std::min(0.0f, mx.x), mx.y, mx.z}},
        }};
        TraceResult last;
        for (const auto& [a, b] : boxes) {
            last = pm.trace(start, end, a, b, mask::kPlayerSolid);
            if (last.fraction < 1.0f && last.plane.normal.z >= cv.walkableNormal) return last;
        }
        return last;
    }

    void categorizePosition() {
        s.surfaceFriction = 1.0f;
        checkWater();
        if (s.moveType == MoveType::Noclip) {
            setGround(nullptr);
            return;
        }
        if (s.velocity.z > kNonJumpVelocity || (s.moveType == MoveType::Ladder && s.velocity.z > 0.0f)) {
            setGround(nullptr);
            return;
        }
        const Vec3 point = s.origin - Vec3{0, 0, 2};
        TraceResult tr = trace(s.origin, point);
        if (tr.fraction >= 1.0f || tr.plane.normal.z < cv.walkableNormal) {
            tr = quadrantGround(s.origin, point);
            if (tr.fraction >= 1.0f || tr.plane.normal.z < cv.walkableNormal) {
                setGround(nullptr);
                if (s.velocity.z > 0.0f) s.surfaceFriction = 0.25f;
                return;
            }
        }
        setGround(&tr);
    }

    // ---- water ----
    bool checkWater() {
        const Vec3 mn = mins();
        const Vec3 mx = maxs();
        Vec3 point{s.origin.x + (mn.x + mx.x) * 0.5f, s.origin.y + (mn.y + mx.y) * 0.5f, s.origin.z + mn.z + 1.0f};
        s.waterLevel = kNotInWater;
        s.waterType = contents::kEmpty;
        std::uint32_t c = pm.contentsAt(point);
        if ((c & mask::kWater) != 0) {
            s.waterType = c;
            s.waterLevel = kFeet;
            point.z = s.origin.z + (mn.z + mx.z) * 0.5f;
            c = pm.contentsAt(point);
            if ((c & mask::kWater) != 0) {
                s.waterLevel = kWaist;
                point.z = s.origin.z + s.viewOffsetZ;
                c = pm.contentsAt(point);
                if ((c & mask::kWater) != 0) s.waterLevel = kEyes;
            }
            // Currents push with 50 u/s per water level along each set direction bit.
            if ((c & mask::kCurrent) != 0) {
                const float push = 50.0f * static_cast<float>(s.waterLevel);
                if (c & contents::kCurrent0) s.baseVelocity += Vec3{push, 0, 0};
                if (c & contents::kCurrent90) s.baseVelocity += Vec3{0, push, 0};
                if (c & contents::kCurrent180) s.baseVelocity += Vec3{-push, 0, 0};
                if (c & contents::kCurrent270) s.baseVelocity += Vec3{0, -push, 0};
                if (c & contents::kCurrentUp) s.baseVelocity += Vec3{0, 0, push};
                if (c & contents::kCurrentDown) s.baseVelocity += Vec3{0, 0, -push};
            }
        }
        return s.waterLevel > kFeet;
    }

    void checkWaterJump() {
        if (s.waterJumpTime > 0.0f) return;
        if (s.velocity.z < -180.0f) return;  // only hop out while not sinking fast
        Vec3 forward;
        angleVectors(in.viewAngles, &forward, nullptr, nullptr);
        Vec3 flatVel{s.velocity.x, s.velocity.y, 0};
        const float curSpeed = length(flatVel);
        flatVel = normalize(flatVel);
        const Vec3 flatForward = normalize(Vec3{forward.x, forward.y, 0});
        if (curSpeed != 0.0f && dot(flatVel, flatForward) < 0.0f) return;  // backing into the water
        Vec3 start = s.origin + (mins() + maxs()) * 0.5f;
        Vec3 end = start + flatForward * 24.0f;
        TraceResult tr = trace(start, end);
        if (tr.fraction >= 1.0f) return;
        start.z = s.origin.z + s.viewOffsetZ + kWaterJumpHeight;
        end = start + flatForward * 24.0f;
        s.waterJumpVel = tr.plane.normal * -50.0f;
        tr = trace(start, end);
        if (tr.fraction < 1.0f) return;
        start = end;
        end.z -= 1024.0f;
        tr = trace(start, end);
        if (tr.fraction < 1.0f && tr.plane.normal.z >= cv.walkableNormal) {
            s.velocity.z = 256.0f;
            s.oldButtons |= buttons::kJump;
            s.waterJumpTime = kWaterJumpMs;
        }
    }

    void waterJump() {
        if (s.waterJumpTime > 10000.0f) s.waterJumpTime = 10000.0f;
        if (s.waterJumpTime <= 0.0f) return;
        s.waterJumpTime -= 1000.0f * dt;
        if (s.waterJumpTime <= 0.0f || s.waterLevel == kNotInWater) s.waterJumpTime = 0.0f;
        s.velocity.x = s.waterJumpVel.x;
        s.velocity.y = s.waterJumpVel.y;
    }

    void waterMove() {
        Vec3 forward, right, up;
        angleVectors(in.viewAngles, &forward, &right, &up);
        Vec3 wishVel = forward * in.forwardMove + right * in.sideMove;
        if (jumpHeld()) {
            wishVel.z += maxSpeed;
        } else if (in.forwardMove == 0.0f && in.sideMove == 0.0f && in.upMove == 0.0f) {
            wishVel.z -= 60.0f;  // sink when idle
        } else {
            wishVel.z += in.upMove + std::clamp(in.forwardMove * forward.z * 2.0f, 0.0f, maxSpeed);
        }
        Vec3 wishDir = normalize(wishVel);
        float wishSpeed = length(wishVel);
        if (wishSpeed > maxSpeed) {
            wishVel = wishVel * (maxSpeed / wishSpeed);
            wishSpeed = maxSpeed;
        }
        wishSpeed *= 0.8f;
        const float speed = length(s.velocity);
        float newSpeed = 0.0f;
        if (speed > 0.0f) {
            newSpeed = speed - dt * speed * cv.friction * s.surfaceFriction;
            if (newSpeed < 0.1f) newSpeed = 0.0f;
            s.velocity = s.velocity * (newSpeed / speed);
        }
        if (wishSpeed >= 0.1f) {
            const float add = wishSpeed - newSpeed;
            if (add > 0.0f) {
                const float accel = std::min(cv.accelerate * wishSpeed * dt * s.surfaceFriction, add);
                s.velocity += wishDir * accel;
            }
        }
        s.velocity += s.baseVelocity;
        const Vec3 dest = s.origin + s.velocity * dt;
        TraceResult tr = trace(s.origin, dest);
        if (tr.fraction >= 1.0f) {
            // Clear: press down from a step above, so stairs out of the water are climbed.
            Vec3 start = dest;
            start.z += cv.stepSize + 1.0f;
            tr = trace(start, dest);
            if (!tr.startSolid && !tr.allSolid) {
                s.stepHeight += tr.endPos.z - s.origin.z;
                s.origin = tr.endPos;
                s.velocity -= s.baseVelocity;
                return;
            }
            tryPlayerMove();
        } else {
            if (!s.onGround) {
                tryPlayerMove();
                s.velocity -= s.baseVelocity;
                return;
            }
            stepMove(dest);
        }
        s.velocity -= s.baseVelocity;
    }

    // ---- acceleration / friction ----
    void friction() {
        if (s.waterJumpTime > 0.0f) return;
        const float speed = length(s.velocity);
        if (speed < 0.1f) return;
        float drop = 0.0f;
        if (s.onGround) {
            const float control = std::max(speed, cv.stopSpeed);
            drop += control * cv.friction * s.surfaceFriction * dt;
        }
        const float newSpeed = std::max(speed - drop, 0.0f);
        if (newSpeed != speed) s.velocity = s.velocity * (newSpeed / speed);
    }

    void accelerate(Vec3 wishDir, float wishSpeed, float accel) {
        if (s.waterJumpTime > 0.0f) return;
        const float add = wishSpeed - dot(s.velocity, wishDir);
        if (add <= 0.0f) return;
        const float a = std::min(accel * dt * wishSpeed * s.surfaceFriction, add);
        s.velocity += wishDir * a;
    }

    // The cap limits the target speed, not the increment (seed B8.1).
    void airAccelerate(Vec3 wishDir, float wishSpeed, float accel) {
        const float capped = std::min(wishSpeed, cv.airSpeedCap);
        const float add = capped - dot(s.velocity, wishDir);
        if (add <= 0.0f) return;
        const float a = std::min(accel * wishSpeed * dt * s.surfaceFriction, add);
        s.velocity += wishDir * a;
    }

    void flatWish(Vec3& wishDir, float& wishSpeed) const {
        Vec3 forward, right;
        angleVectors(in.viewAngles, &forward, &right, nullptr);
        forward.z = 0.0f;
        right.z = 0.0f;
        forward = normalize(forward);
        right = normalize(right);
        Vec3 wishVel = forward * in.forwardMove + right * in.sideMove;
        wishVel.z = 0.0f;
        wishDir = normalize(wishVel);
        wishSpeed = length(wishVel);
        if (wishSpeed != 0.0f && wishSpeed > maxSpeed) wishSpeed = maxSpeed;
    }

    // ---- sliding ----
    static int clipVelocity(Vec3 in, Vec3 n, Vec3& out, float overbounce) {
        int blocked = 0;
        if (n.z > 0.0f) blocked |= 1;
        if (n.z == 0.0f) blocked |= 2;
        const float back = dot(in, n) * overbounce;
        out = in - n * back;
        const float adjust = dot(out, n);
        if (adjust < 0.0f) out -= n * adjust;
        return blocked;
    }

    int tryPlayerMove() {
        int blocked = 0;
        int numPlanes = 0;
        Vec3 planes[kMaxClipPlanes];
        Vec3 original = s.velocity;
        const Vec3 primal = s.velocity;
        float allFraction = 0.0f;
        float timeLeft = dt;
        Vec3 newVel;
        for (int bump = 0; bump < kBumps; ++bump) {
            if (lengthSquared(s.velocity) == 0.0f) break;
            const Vec3 end = s.origin + s.velocity * timeLeft;
            const TraceResult tr = trace(s.origin, end);
            allFraction += tr.fraction;
            if (tr.allSolid) {
                s.velocity = {};
                return 4;
            }
            if (tr.fraction > 0.0f) {
                if (tr.fraction >= 1.0f) {
                    // A clean sweep can still end embedded (terrain precision): re-test the end as a point box.
                    const TraceResult stuck = trace(tr.endPos, tr.endPos);
                    if (stuck.startSolid || stuck.fraction < 1.0f) {
                        s.velocity = {};
                        break;
                    }
                }
                s.origin = tr.endPos;
                original = s.velocity;
                numPlanes = 0;
            }
            if (tr.fraction >= 1.0f) break;
            pm.touched(tr);  // MoveHelper()->AddToTouched
            if (tr.plane.normal.z < cv.walkableNormal) block = tr.plane;
            if (tr.plane.normal.z > 0.7f) blocked |= 1;
            if (tr.plane.normal.z == 0.0f) blocked |= 2;
            timeLeft -= timeLeft * tr.fraction;
            if (numPlanes >= kMaxClipPlanes) {
                s.velocity = {};
                break;
            }
            planes[numPlanes++] = tr.plane.normal;
            if (numPlanes == 1 && s.moveType == MoveType::Walk && !s.onGround) {
                for (int i = 0; i < numPlanes; ++i) {
                    if (planes[i].z > 0.7f) {
                        clipVelocity(original, planes[i], newVel, 1.0f);
                    } else {
                        clipVelocity(original, planes[i], newVel, 1.0f + cv.bounce * (1.0f - s.surfaceFriction));
                    }
                    original = newVel;
                }
                s.velocity = newVel;
            } else {
                int i = 0;
                for (; i < numPlanes; ++i) {
                    clipVelocity(original, planes[i], s.velocity, 1.0f);
                    int j = 0;
                    for (; j < numPlanes; ++j) {
                        if (j != i && dot(s.velocity, planes[j]) < 0.0f) break;
                    }
                    if (j == numPlanes) break;
                }
                if (i == numPlanes) {
                    if (numPlanes != 2) {
                        s.velocity = {};
                        break;
                    }
                    const Vec3 dir = normalize(cross(planes[0], planes[1]));
                    s.velocity = dir * dot(dir, s.velocity);
                }
                // Moving against the original direction would oscillate in corners: stop.
                if (dot(s.velocity, primal) <= 0.0f) {
                    s.velocity = {};
                    break;
                }
            }
        }
        if (allFraction == 0.0f) s.velocity = {};
        return blocked;
    }

    void stepMove(Vec3 /*dest*/) {
        const Vec3 pos = s.origin;
        const Vec3 vel = s.velocity;
        const std::optional<Plane> blockBefore = block;
        // Path 1: slide along the ground as is.
        tryPlayerMove();
        const Vec3 downPos = s.origin;
        const Vec3 downVel = s.velocity;
        const std::optional<Plane> downBlock = block;
        // Path 2: up a step, slide, back down.
        s.origin = pos;
        s.velocity = vel;
        block = blockBefore;
        Vec3 end = s.origin;
        end.z += cv.stepSize + kDistEpsilon;
        TraceResult tr = trace(s.origin, end);
        if (!tr.startSolid && !tr.allSolid) s.origin = tr.endPos;
        tryPlayerMove();
        end = s.origin;
        end.z -= cv.stepSize + kDistEpsilon;
        tr = trace(s.origin, end);
        if (!tr.startSolid && !tr.allSolid) s.origin = tr.endPos;
        if (tr.plane.normal.z < cv.walkableNormal) {
            // Not standing on anything walkable after the step: keep the plain slide.
            s.origin = downPos;
            s.velocity = downVel;
            block = downBlock;
            s.stepHeight += s.origin.z - pos.z;
            return;
        }
        const float downDist = (downPos.x - pos.x) * (downPos.x - pos.x) + (downPos.y - pos.y) * (downPos.y - pos.y);
        const float upDist = (s.origin.x - pos.x) * (s.origin.x - pos.x) + (s.origin.y - pos.y) * (s.origin.y - pos.y);
        if (downDist > upDist) {
            s.origin = downPos;
            s.velocity = downVel;
            block = downBlock;
        } else {
            s.velocity.z = downVel.z;  // vertical speed comes from the slide
        }
        s.stepHeight += s.origin.z - pos.z;
    }

    void stayOnGround() {
        Vec3 start = s.origin;
        Vec3 end = s.origin;
        start.z += 2.0f;
        end.z -= cv.stepSize;
        TraceResult tr = trace(s.origin, start);  // how far up we can go without getting stuck
        start = tr.endPos;
        tr = trace(start, end);
        if (tr.fraction > 0.0f && tr.fraction < 1.0f && !tr.startSolid && tr.plane.normal.z >= cv.walkableNormal) {
            if (std::fabs(s.origin.z - tr.endPos.z) > 0.5f * kCoordResolution) s.origin = tr.endPos;
        }
    }

    void walkMove() {
        Vec3 wishDir;
        float wishSpeed = 0.0f;
        flatWish(wishDir, wishSpeed);
        const bool wasOnGround = s.onGround;
        s.velocity.z = 0.0f;
        accelerate(wishDir, wishSpeed, cv.accelerate);
        s.velocity.z = 0.0f;
        s.velocity += s.baseVelocity;
        if (length(s.velocity) < 1.0f) {
            s.velocity = {};
            s.velocity -= s.baseVelocity;
            return;
        }
        Vec3 dest = s.origin + s.velocity * dt;
        dest.z = s.origin.z;
        const TraceResult tr = trace(s.origin, dest);
        if (tr.fraction >= 1.0f) {
            s.origin = tr.endPos;
            s.velocity -= s.baseVelocity;
            stayOnGround();
            return;
        }
        if (!wasOnGround && s.waterLevel == kNotInWater) {
            s.velocity -= s.baseVelocity;
            return;
        }
        if (s.waterJumpTime > 0.0f) {
            s.velocity -= s.baseVelocity;
            return;
        }
        stepMove(dest);
        s.velocity -= s.baseVelocity;
        stayOnGround();
    }

    void airMove() {
        Vec3 wishDir;
        float wishSpeed = 0.0f;
        flatWish(wishDir, wishSpeed);
        airAccelerate(wishDir, wishSpeed, cv.airAccelerate);
        s.velocity += s.baseVelocity;
        tryPlayerMove();
        s.velocity -= s.baseVelocity;
    }

    // ---- jump ----
    bool checkJumpButton() {
        if (s.waterJumpTime > 0.0f) {
            s.waterJumpTime = std::max(0.0f, s.waterJumpTime - dt * 1000.0f);
            return false;
        }
        if (s.waterLevel >= kWaist) {
            setGround(nullptr);
            if (s.waterType & contents::kWater) s.velocity.z = kSwimUpWater;
            else if (s.waterType & contents::kSlime) s.velocity.z = kSwimUpSlime;
            return false;
        }
        if (!s.onGround) {
            s.oldButtons |= buttons::kJump;
            return false;
        }
        if (s.oldButtons & buttons::kJump) return false;  // re-press required
        if (s.ducking && s.ducked) return false;
        setGround(nullptr);
        if (s.ducked) s.velocity.z = cv.jumpPower;
        else s.velocity.z += cv.jumpPower;
        if (cv.jumpFinishGravity) finishGravity();
        s.oldButtons |= buttons::kJump;
        return true;
    }

    // ---- duck ----
    bool canUnduck() {
        Vec3 newOrigin = s.origin;
        if (!s.onGround) newOrigin.z -= (cv.hullMaxs.z - cv.hullMins.z) - (cv.duckHullMaxs.z - cv.duckHullMins.z);
        const TraceResult tr = pm.trace(s.origin, newOrigin, cv.hullMins, cv.hullMaxs, mask::kPlayerSolid);
        return !tr.startSolid && tr.fraction >= 1.0f;
    }
    void finishDuck() {
        if (s.ducked) return;
        s.ducked = true;
        s.ducking = false;
        s.viewOffsetZ = cv.duckViewHeight;
        // In the air the feet tuck up so the head stays where it was.
        if (!s.onGround) s.origin.z += (cv.hullMaxs.z - cv.hullMins.z) - (cv.duckHullMaxs.z - cv.duckHullMins.z);
        categorizePosition();
    }
    void finishUnduck() {
        if (!s.onGround) s.origin.z -= (cv.hullMaxs.z - cv.hullMins.z) - (cv.duckHullMaxs.z - cv.duckHullMins.z);
        s.ducked = false;
        s.ducking = false;
        s.viewOffsetZ = cv.viewHeight;
        categorizePosition();
    }
    void duck() {
        const bool held = (in.buttons & buttons::kDuck) != 0;
        if (s.ducked) {
            in.forwardMove *= cv.crouchedSpeed;
            in.sideMove *= cv.crouchedSpeed;
            in.upMove *= cv.crouchedSpeed;
        }
        if (held) {
            if (s.ducked) {
                s.ducking = false;
                s.duckTimer = 0.0f;
                s.viewOffsetZ = cv.duckViewHeight;
                return;
            }
            if (!s.ducking) {
                s.ducking = true;
                s.duckTimer = 0.0f;
            }
            s.duckTimer += dt;
            if (!s.onGround || s.duckTimer >= cv.duckTime || cv.duckTime <= 0.0f) {
                finishDuck();
            } else {
                const float f = splineFraction(s.duckTimer, 1.0f / cv.duckTime);
                s.viewOffsetZ = cv.viewHeight + (cv.duckViewHeight - cv.viewHeight) * f;
            }
            return;
        }
        if (!s.ducked) {
            s.ducking = false;
            s.duckTimer = 0.0f;
            s.viewOffsetZ = cv.viewHeight;
            return;
        }
        // Released while ducked: stand up only where the standing hull fits (low ceilings keep us ducked).
        if (!canUnduck()) {
            s.ducking = false;
            s.duckTimer = 0.0f;
            return;
        }
        if (!s.onGround || cv.unduckTime <= 0.0f) {
            finishUnduck();
            return;
        }
        if (!s.ducking) {
            s.ducking = true;
            s.duckTimer = 0.0f;
        }
        s.duckTimer += dt;
        if (s.duckTimer >= cv.unduckTime) {
            finishUnduck();
        } else {
            const float f = splineFraction(s.duckTimer, 1.0f / cv.unduckTime);
            s.viewOffsetZ = cv.duckViewHeight + (cv.viewHeight - cv.duckViewHeight) * f;
        }
    }

    // ---- ladders (spec §3.4) ----
    // Attaches when a short hull trace toward the wish direction (or, once on, toward the ladder) hits a surface
    // whose contents have CONTENTS_LADDER. The trace uses the player's own mask, so a ladder brush must also
    // block (SDK ladders are LADDER|TRANSLUCENT|GRATE). Returns true while the player is on a ladder.
    bool ladderMove() {
        if (s.moveType == MoveType::Noclip) return false;
        Vec3 forward, right;
        angleVectors(in.viewAngles, &forward, &right, nullptr);
        Vec3 end;
        if (s.moveType == MoveType::Ladder) {
            end = s.origin - s.ladderNormal * 2.0f;
        } else {
            const Vec3 wish = forward * in.forwardMove + right * in.sideMove;
            if (in.forwardMove == 0.0f && in.sideMove == 0.0f) return false;
            end = s.origin + normalize(wish) * 2.0f;
        }
        const TraceResult tr = trace(s.origin, end);
        if (tr.fraction >= 1.0f || (tr.contents & contents::kLadder) == 0) {
            if (s.moveType == MoveType::Ladder) s.moveType = MoveType::Walk;
            return false;
        }
        s.moveType = MoveType::Ladder;
        s.ladderNormal = tr.plane.normal;
        if (jumpHeld()) {
            // Jump off: away from the ladder, back to walking.
            s.moveType = MoveType::Walk;
            s.velocity = tr.plane.normal * cv.ladderJumpSpeed;
            s.oldButtons |= buttons::kJump;
            return false;
        }
        // The buttons, not the analog input, give the climb speeds.
        const float climb = std::min(cv.ladderSpeed, maxSpeed);
        float fwd = 0.0f, side = 0.0f;
        if (in.buttons & buttons::kBack) fwd -= climb;
        if (in.buttons & buttons::kForward) fwd += climb;
        if (in.buttons & buttons::kMoveLeft) side -= climb;
        if (in.buttons & buttons::kMoveRight) side += climb;
        const Vec3 vel = forward * fwd + right * side;
        if (fwd == 0.0f && side == 0.0f) {
            s.velocity = {};
            return true;
        }
        // Keep the part along the ladder's face; the part into (or out of) the face becomes climbing up (down).
        const Vec3 n = tr.plane.normal;
        const float into = dot(vel, n);
        const Vec3 along = vel - n * into;
        const Vec3 across = normalize(cross(Vec3{0, 0, 1}, n));
        const Vec3 upFace = cross(n, across);  // up within the ladder's plane
        s.velocity = along - upFace * into;
        // On the floor and pressing away from the ladder: step off it.
        if (s.onGround && into > 0.0f) s.velocity += n * climb;
        return true;
    }

    void fullLadderMove() {
        checkWater();
        if (!jumpHeld()) s.oldButtons &= ~buttons::kJump;
        tryPlayerMove();
    }

    // ---- stuck ----
    void checkStuck() {
        const TraceResult tr = trace(s.origin, s.origin);
        if (!tr.startSolid) return;
        // 54 nudges: up first, then the axes and diagonals, growing from 1/8 unit.
        static constexpr float kScales[] = {0.125f, 0.25f, 0.5f, 1.0f, 2.0f, 4.0f};
        static constexpr Vec3 kDirs[] = {{0, 0, 1}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0},
                                         {0, 0, -1}, {1, 1, 1}, {-1, -1, 1}, {1, -1, 1}};
        for (float scale : kScales) {
            for (Vec3 d : kDirs) {
                const Vec3 test = s.origin + d * scale;
                const TraceResult t = trace(test, test);
                if (!t.startSolid) {
                    s.origin = test;
                    return;
                }
            }
        }
    }

    // ---- noclip ----
    void fullNoclipMove() {
        Vec3 forward, right, up;
        angleVectors(in.viewAngles, &forward, &right, &up);
        float factor = cv.noclipSpeed;
        if (in.buttons & buttons::kSpeed) factor *= 0.5f;
        const float maxspeed = cv.maxSpeed * factor;
        // The input is walk-scaled; noclip flies sv_noclipspeed times faster (clients send full-scale
        // moves in noclip, which CheckParameters leaves unclamped).
        Vec3 wishVel = (forward * in.forwardMove + right * in.sideMove) * factor;
        wishVel.z += in.upMove * factor;
        Vec3 wishDir = normalize(wishVel);
        float wishSpeed = length(wishVel);
        if (wishSpeed > maxspeed) {
            wishVel = wishVel * (maxspeed / wishSpeed);
            wishSpeed = maxspeed;
        }
        if (cv.noclipAccelerate > 0.0f) {
            accelerate(wishDir, wishSpeed, cv.noclipAccelerate);
            const float spd = length(s.velocity);
            if (spd < 1.0f) {
                s.velocity = {};
                return;
            }
            const float control = spd < maxspeed / 4.0f ? maxspeed / 4.0f : spd;
            const float drop = control * cv.friction * s.surfaceFriction * dt;
            const float newSpeed = std::max(spd - drop, 0.0f) / spd;
            s.velocity = s.velocity * newSpeed;
        } else {
            s.velocity = wishVel;
        }
        s.origin += s.velocity * dt;
        if (cv.noclipAccelerate < 0.0f) s.velocity = {};
    }

    // ---- FullWalkMove ----
    void fullWalkMove() {
        if (!checkWater()) startGravity();
        if (s.waterJumpTime > 0.0f) {
            waterJump();
            tryPlayerMove();
            checkWater();
            return;
        }
        if (s.waterLevel >= kWaist) {
            if (s.waterLevel == kWaist) checkWaterJump();
            if (s.velocity.z < 0.0f && s.waterJumpTime > 0.0f) s.waterJumpTime = 0.0f;
            if (jumpHeld()) checkJumpButton();
            else s.oldButtons &= ~buttons::kJump;
            waterMove();
            categorizePosition();
            if (s.onGround) s.velocity.z = 0.0f;
            return;
        }
        if (jumpHeld()) checkJumpButton();
        else s.oldButtons &= ~buttons::kJump;
        if (s.onGround) {
            s.velocity.z = 0.0f;
            friction();
        }
        checkVelocity();
        if (s.onGround) walkMove();
        else airMove();
        categorizePosition();
        checkVelocity();
        if (!checkWater()) finishGravity();
        if (s.onGround) s.velocity.z = 0.0f;
    }

    void breathe() {
        if (s.waterLevel == kEyes) {
            s.air -= dt;
            if (s.air <= 0.0f) {
                s.drowning = true;
                // 10 damage on running out, then 10 more per full second without air.
                s.drownDamage = 10.0f * (std::floor(-s.air) + 1.0f);
            }
        } else {
            // Surfacing restores the breath at once (HL2 refills the air timer whenever the eyes are dry).
            s.air = cv.airTime;
            s.drowning = false;
            s.drownDamage = 0.0f;
        }
    }

    void run() {
        s.landingSpeed = 0.0f;
        // CheckParameters: the input is clamped to the max speed.
        const float spd = std::sqrt(in.forwardMove * in.forwardMove + in.sideMove * in.sideMove + in.upMove * in.upMove);
        const bool noclip = (in.buttons & buttons::kNoclip) != 0;
        if (!noclip && spd != 0.0f && spd > maxSpeed && std::isfinite(spd)) {
            const float ratio = maxSpeed / spd;
            in.forwardMove *= ratio;
            in.sideMove *= ratio;
            in.upMove *= ratio;
        }
        if (!std::isfinite(spd)) in.forwardMove = in.sideMove = in.upMove = 0.0f;
        if (!isFinite(in.viewAngles)) in.viewAngles = {};
        sanitize(s.velocity);
        sanitize(s.origin);
        sanitize(s.baseVelocity);
        if (in.buttons & buttons::kNoclip) s.moveType = MoveType::Noclip;
        else if (s.moveType == MoveType::Noclip) s.moveType = MoveType::Walk;
        if (s.moveType == MoveType::Noclip) {
            s.onGround = false;
            fullNoclipMove();
        } else {
            checkStuck();
            categorizePosition();
            if (!s.onGround) s.fallVelocity = -s.velocity.z;
            duck();
            if (ladderMove()) {
                fullLadderMove();
                categorizePosition();
            } else {
                fullWalkMove();
            }
            // CheckFalling reads the fall velocity at the landing, then clears it.
            if (s.onGround) {
                s.landingSpeed = s.fallVelocity;
                s.fallVelocity = 0.0f;
            }
        }
        breathe();
        s.oldButtons = in.buttons;
        sanitize(s.velocity);
        sanitize(s.origin);
        s.blockingPlane = block;
        ++s.tick;
    }
};

PlayerMovement::PlayerMovement(const collision::CollisionModel& world, MoveSettings settings)
    : mWorld(&world), mSettings(settings) {}

PlayerMovement::PlayerMovement(const TraceScene& scene, MoveSettings settings) : mScene(&scene), mSettings(settings) {}

PlayerState PlayerMovement::spawn(Vec3 origin) const {
    PlayerState s;
    s.origin = origin;
    s.viewOffsetZ = mSettings.viewHeight;
    s.air = mSettings.airTime;
    return s;
}

collision::TraceResult PlayerMovement::traceHull(const PlayerState& s, Vec3 start, Vec3 end) const {
    return trace(start, end, hullMins(s), hullMaxs(s), mask::kPlayerSolid);
}

void PlayerMovement::tick(PlayerState& state, const MoveInput& input) const {
    Ctx c{*this, mSettings, state, input, mSettings.frameTime(), mSettings.maxSpeed, std::nullopt};
    c.run();
}

std::string PlayerMovement::stateJson(const PlayerState& s) {
    const auto f = [](float v) { return TraceSink::formatFloat(v); };
    std::string plane = "null";
    if (s.blockingPlane) {
        const Plane& p = *s.blockingPlane;
        plane = fmt::format("{{\"normal\":[{},{},{}],\"dist\":{}}}", f(p.normal.x), f(p.normal.y), f(p.normal.z),
                            f(p.dist));
    }
    return fmt::format(
        "{{\"tick\":{},\"origin\":[{},{},{}],\"velocity\":[{},{},{}],\"on_ground\":{},\"water_level\":{},"
        "\"ducked\":{},\"blocking_plane\":{}}}",
        s.tick, f(s.origin.x), f(s.origin.y), f(s.origin.z), f(s.velocity.x), f(s.velocity.y), f(s.velocity.z),
        s.onGround ? "true" : "false", static_cast<int>(s.waterLevel), s.ducked ? "true" : "false", plane);
}

void PlayerMovement::tick(PlayerState& state, const MoveInput& input, TraceSink& sink) const {
    tick(state, input);
    sink.event(state.tick, "move", "movement", stateJson(state));
}

}  // namespace vestige::source::movement
