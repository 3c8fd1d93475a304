#include "vestige/iron3d/world/world3d.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <limits>

#include "vestige/iron3d/world/state_hash.hpp"

namespace vestige::iron3d::world {
namespace {

Error handleError(std::string code, std::string message, ObjectHandle handle) {
    Error e(std::move(code), std::move(message));
    e.in("object", describe(handle));
    return e;
}

}  // namespace

std::string describe(ObjectHandle handle) {
    return fmt::format("slot {} generation {}", handle.slot, handle.generation);
}

Transform Transform::fromFloats(Vec3 position, Vec3 orientation, Vec3 scale) {
    Transform t;
    t.setVec(0, position);
    t.setVec(3, orientation);
    t.setVec(6, scale);
    return t;
}

Vec3 Transform::vec(int first) const {
    return {std::bit_cast<float>(words[first]), std::bit_cast<float>(words[first + 1]),
            std::bit_cast<float>(words[first + 2])};
}

void Transform::setVec(int first, Vec3 v) {
    words[first] = std::bit_cast<std::uint32_t>(v.x);
    words[first + 1] = std::bit_cast<std::uint32_t>(v.y);
    words[first + 2] = std::bit_cast<std::uint32_t>(v.z);
}

Result<const World3D::Slot*> World3D::checked(ObjectHandle handle) const {
    if (handle.slot >= mState.slots.size())
        return handleError("world.invalid_handle", "the handle names no slot of this world", handle);
    const Slot& s = mState.slots[handle.slot];
    if (s.generation != handle.generation)
        return handleError("world.stale_handle", "the handle belongs to an older generation of its slot", handle)
            .expected(fmt::format("generation {}", s.generation))
            .actual(fmt::format("generation {}", handle.generation));
    if (!s.live) return handleError("world.deleted", "the object has been deleted", handle);
    return &s;
}

Result<World3D::Slot*> World3D::checkedMut(ObjectHandle handle) {
    VESTIGE_TRY(const Slot* s, checked(handle));
    touch();
    return const_cast<Slot*>(s);
}

Status World3D::check(ObjectHandle handle) const {
    VESTIGE_TRY(const Slot* s, checked(handle));
    (void)s;
    return {};
}

Result<ObjectHandle> World3D::construct(const ObjectDraft& draft) {
    if (mPhase == WorldPhase::ApplyingDeferred || mPhase == WorldPhase::Publishing)
        return Error("world.phase", "objects cannot be constructed while deletes are applied or a snapshot published");
    if (mState.slots.size() >= std::numeric_limits<std::uint32_t>::max())
        return Error("world.slots_exhausted", "the slot index does not fit a u32");
    touch();
    Slot s;
    s.originalId = draft.originalId;
    s.transform = draft.transform;
    mState.slots.push_back(s);
    return ObjectHandle{s.generation, static_cast<std::uint32_t>(mState.slots.size() - 1)};
}

Status World3D::registerObject(ObjectHandle handle) {
    VESTIGE_TRY(Slot * s, checkedMut(handle));
    if (s->registered) return handleError("world.already_registered", "the object is already registered", handle);
    if (s->originalId) {
        for (std::size_t i = 0; i < mState.slots.size(); ++i) {
            const Slot& o = mState.slots[i];
            if (i != handle.slot && o.live && o.registered && o.originalId == s->originalId)
                return handleError("world.duplicate_original_id",
                                   "another live object already has this OriginalObjectId", handle)
                    .in("original_id", std::to_string(*s->originalId))
                    .actual(describe({o.generation, static_cast<std::uint32_t>(i)}));
        }
    }
    s->registered = true;
    s->registrationSequence = mState.nextRegistrationSequence++;
    return {};
}

Status World3D::setOwner(ObjectHandle handle, std::optional<OwnerId> owner) {
    VESTIGE_TRY(Slot * s, checkedMut(handle));
    s->owner = owner;
    return {};
}

Status World3D::setMirror(ObjectHandle handle, std::optional<OriginalObjectId> mirror) {
    VESTIGE_TRY(Slot * s, checkedMut(handle));
    s->mirrorId = mirror;
    return {};
}

Result<Identity> World3D::identity(ObjectHandle handle) const {
    VESTIGE_TRY(const Slot* s, checked(handle));
    return Identity{s->originalId, s->mirrorId, s->owner, s->registrationSequence, s->registered};
}

Result<Transform> World3D::transform(ObjectHandle handle) const {
    VESTIGE_TRY(const Slot* s, checked(handle));
    return s->transform;
}

Status World3D::setTransform(ObjectHandle handle, const Transform& transform) {
    VESTIGE_TRY(Slot * s, checkedMut(handle));
    s->transform = transform;
    return {};
}

bool World3D::pendingDelete(ObjectHandle handle) const {
    return std::find(mState.deferred.begin(), mState.deferred.end(), handle) != mState.deferred.end();
}

Status World3D::deleteNow(ObjectHandle handle) {
    VESTIGE_TRY(Slot * s, checkedMut(handle));
    s->live = false;
    ++s->generation;
    return {};
}

Status World3D::requestDelete(ObjectHandle handle) {
    VESTIGE_CHECK(check(handle));
    if (mPhase != WorldPhase::Calculating) return deleteNow(handle);
    touch();
    if (!pendingDelete(handle)) mState.deferred.push_back(handle);
    return {};
}

Result<std::uint64_t> World3D::enqueue(Command command) {
    if (command.target) VESTIGE_CHECK(check(*command.target));
    touch();
    command.sequence = mState.nextSequence++;
    mState.queue.push_back(std::move(command));
    return mState.queue.back().sequence;
}

Result<std::uint64_t> World3D::atEndOfFrame(EndOfFrameCallback callback) {
    if (mPhase != WorldPhase::Calculating)
        return Error("world.phase", "end-of-frame callbacks are scheduled by command handlers during a step");
    touch();
    const std::uint64_t seq = mState.nextSequence++;
    mState.endOfFrame.push_back({seq, std::move(callback)});
    return seq;
}

void World3D::compactQueue() {
    mState.queue.erase(mState.queue.begin(), mState.queue.begin() + static_cast<std::ptrdiff_t>(mState.queueHead));
    mState.queueHead = 0;
}

Result<Snapshot> World3D::runStep(const CommandHandler& handler, const std::function<Status(World3D&)>& calculate) {
    mPhase = WorldPhase::Calculating;
    if (calculate) VESTIGE_CHECK(calculate(*this));
    std::vector<Event> events, skipped;
    std::size_t delivered = 0;
    while (mState.queued() > 0) {
        if (++delivered > mCommandBudget)
            return Error("world.queue_budget", "a step delivered more commands than the per-step budget")
                .expected(std::to_string(mCommandBudget));
        // Consumed entries are never read again (the hash covers only what is still queued; a rollback restores
        // the copy taken before the step), so the command can be moved out.
        Command cmd = std::move(mState.queue[mState.queueHead++]);
        Event ev{cmd.sequence, cmd.target, cmd.message};
        if (cmd.target && pendingDelete(*cmd.target)) {
            skipped.push_back(std::move(ev));
            continue;
        }
        if (cmd.target) VESTIGE_CHECK(check(*cmd.target).in("command", std::to_string(cmd.sequence)));
        if (handler) {
            auto st = handler(*this, cmd);
            if (!st) return std::move(st).error().in("command", fmt::format("{} {}", cmd.sequence, cmd.message));
        }
        events.push_back(std::move(ev));
    }
    mPhase = WorldPhase::ApplyingDeferred;
    const std::vector<ObjectHandle> deletes = std::move(mState.deferred);
    mState.deferred.clear();
    for (const ObjectHandle h : deletes) VESTIGE_CHECK(deleteNow(h));
    compactQueue();
    ++mState.tick;
    touch();
    mPhase = WorldPhase::Publishing;
    Snapshot snap = currentSnapshot();
    snap.events = std::move(events);
    snap.skipped = std::move(skipped);
    return snap;
}

Result<Snapshot> World3D::step(const CommandHandler& handler, const std::function<Status(World3D&)>& calculate) {
    if (mPhase != WorldPhase::Idle) return Error("world.reentrant_step", "a step was requested inside a step");
    touch();
    std::optional<State> before;
    if (mStepRollback) before = mState;
    auto result = runStep(handler, calculate);
    mPhase = WorldPhase::Idle;
    if (!result && before) mState = std::move(*before);
    if (!result) touch();
    return result;
}

Status World3D::runEndOfFrame() {
    if (mPhase != WorldPhase::Idle) return Error("world.phase", "end-of-frame callbacks run between steps");
    if (mState.endOfFrame.empty()) return {};  // nothing scheduled: the state (and its cached hash) stays as it is
    touch();
    State before = mState;
    std::vector<PendingCallback> callbacks = std::move(mState.endOfFrame);
    mState.endOfFrame.clear();
    std::stable_sort(callbacks.begin(), callbacks.end(),
                     [](const PendingCallback& a, const PendingCallback& b) { return a.sequence < b.sequence; });
    mPhase = WorldPhase::EndOfFrame;
    for (const auto& cb : callbacks) {
        auto st = cb.callback(*this);
        if (!st) {
            mPhase = WorldPhase::Idle;
            mState = std::move(before);
            touch();
            return std::move(st).error().in("end_of_frame", std::to_string(cb.sequence));
        }
    }
    mPhase = WorldPhase::Idle;
    return {};
}

std::optional<ObjectHandle> World3D::findByOriginalId(OriginalObjectId id) const {
    for (std::size_t i = 0; i < mState.slots.size(); ++i) {
        const Slot& s = mState.slots[i];
        if (s.live && s.registered && s.originalId == id)
            return ObjectHandle{s.generation, static_cast<std::uint32_t>(i)};
    }
    return std::nullopt;
}

std::vector<ObjectHandle> World3D::liveRegistered() const {
    std::vector<ObjectHandle> out;
    for (std::size_t i = 0; i < mState.slots.size(); ++i)
        if (mState.slots[i].live && mState.slots[i].registered)
            out.push_back({mState.slots[i].generation, static_cast<std::uint32_t>(i)});
    return out;
}

Snapshot World3D::currentSnapshot() const {
    Snapshot snap;
    snap.tick = mState.tick;
    for (std::size_t i = 0; i < mState.slots.size(); ++i) {
        const Slot& s = mState.slots[i];
        if (s.live && s.registered)
            snap.objects.push_back({{s.generation, static_cast<std::uint32_t>(i)}, s.originalId, s.transform});
    }
    snap.hash = stateHash();
    return snap;
}

Bytes World3D::canonicalBytes() const { return canonicalStateBytes(*this); }
Sha256Digest World3D::stateHash() const {
    if (mHashedAt != mMutations) {
        mHash = sha256(canonicalStateBytes(*this));
        mHashedAt = mMutations;
    }
    return mHash;
}

ShutdownReport World3D::shutdown() {
    touch();
    ShutdownReport report;
    report.releasedObjects = liveRegistered();
    for (Slot& s : mState.slots) {
        s.live = false;
        s.registered = false;
        ++s.generation;
    }
    mState.queue.clear();
    mState.queueHead = 0;
    mState.deferred.clear();
    mState.endOfFrame.clear();
    report.managersReleased = true;  // managers go after every object, never before
    return report;
}

}  // namespace vestige::iron3d::world
