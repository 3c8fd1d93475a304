#pragma once
// World3D: the object registry and command queue every Iron3D runtime area works through (spec section 14,
// modelled on the reference project's World3D queue [P]).
//
//   construct(draft)      a live, unregistered slot; generation 1; slots are never reused (a new object
//                         always gets a new slot, so a handle can only go stale, never alias)
//   registerObject(h)     registered + registration_seq = next_registration_seq++; a live registered object
//                         with the same OriginalObjectId already exists -> world.duplicate_original_id
//   enqueue(command)      sequence = next_sequence++, FIFO
//   step(handler)         Calculating: pop commands in order; a command whose target is pending delete is
//                         skipped; requestDelete() is deferred (deduplicated) while calculating
//                         ApplyingDeferred: every deferred delete applied (live = 0, generation + 1)
//                         tick + 1, snapshot (live + registered handles in slot order) and the state hash
//                         any failure restores the whole world as it was before the step
//   runEndOfFrame()       callbacks scheduled during the step, in sequence order (same rollback rule)
//
// A handle is {generation, slot}. An unknown slot -> world.invalid_handle, an older generation ->
// world.stale_handle, a deleted object -> world.deleted. The canonical state hash (state_hash.hpp) covers
// every field listed in section 14 and nothing else: command names and payloads are not part of it.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/core/sha256.hpp"

namespace vestige::iron3d::world {

struct ObjectHandle {
    std::uint32_t generation = 0;
    std::uint32_t slot = 0;
    friend bool operator==(ObjectHandle, ObjectHandle) = default;
};

using OriginalObjectId = std::uint32_t;  // zero-based TMA object index
using OwnerId = std::uint16_t;

// A placed object's transform as nine raw IEEE-754 words (position xyz, orientation xyz in radians,
// scale xyz), so NaN payloads and signed zeros survive and the hash sees exactly the mission's bits.
struct Transform {
    std::array<std::uint32_t, 9> words{0, 0, 0, 0, 0, 0, 0x3F800000u, 0x3F800000u, 0x3F800000u};
    [[nodiscard]] static Transform fromFloats(Vec3 position, Vec3 orientation, Vec3 scale = {1, 1, 1});
    [[nodiscard]] Vec3 position() const { return vec(0); }
    [[nodiscard]] Vec3 orientation() const { return vec(3); }
    [[nodiscard]] Vec3 scale() const { return vec(6); }
    void setPosition(Vec3 p) { setVec(0, p); }
    friend bool operator==(const Transform&, const Transform&) = default;

private:
    [[nodiscard]] Vec3 vec(int first) const;
    void setVec(int first, Vec3 v);
};

struct ObjectDraft {
    std::optional<OriginalObjectId> originalId;
    Transform transform;
};

// A queued message. Only `sequence` and `target` are world state (and hashed); `message` and `args` are
// what the handler reads (e.g. "GMSG_COLLISION_DETECTED" with the other object's slot).
struct Command {
    std::uint64_t sequence = 0;  // assigned by enqueue()
    std::optional<ObjectHandle> target;
    std::string message;
    std::array<std::uint64_t, 4> args{};
};

// A command the step delivered to the handler, in delivery order.
struct Event {
    std::uint64_t sequence = 0;
    std::optional<ObjectHandle> target;
    std::string message;
    friend bool operator==(const Event&, const Event&) = default;
};

struct ObjectState {
    ObjectHandle handle;
    std::optional<OriginalObjectId> originalId;
    Transform transform;
};

struct Snapshot {
    std::uint64_t tick = 0;
    std::vector<ObjectState> objects;  // live and registered, slot order
    std::vector<Event> events;         // delivered during the step
    std::vector<Event> skipped;        // commands dropped because their target was pending delete
    Sha256Digest hash{};
};

struct Identity {
    std::optional<OriginalObjectId> originalId;
    std::optional<OriginalObjectId> mirrorId;
    std::optional<OwnerId> owner;
    std::optional<std::uint64_t> registrationSequence;
    bool registered = false;
};

struct ShutdownReport {
    std::vector<ObjectHandle> releasedObjects;  // live and registered, slot order
    bool managersReleased = false;              // always after the objects
};

enum class WorldPhase { Idle, Calculating, ApplyingDeferred, Publishing, EndOfFrame };

class World3D;
using CommandHandler = std::function<Status(World3D&, const Command&)>;
using EndOfFrameCallback = std::function<Status(World3D&)>;

class World3D {
public:
    // Fails only when the slot index would not fit a u32.
    [[nodiscard]] Result<ObjectHandle> construct(const ObjectDraft& draft);
    [[nodiscard]] Status registerObject(ObjectHandle handle);
    [[nodiscard]] Status setOwner(ObjectHandle handle, std::optional<OwnerId> owner);
    [[nodiscard]] Status setMirror(ObjectHandle handle, std::optional<OriginalObjectId> mirror);
    [[nodiscard]] Result<Identity> identity(ObjectHandle handle) const;
    [[nodiscard]] Result<Transform> transform(ObjectHandle handle) const;
    [[nodiscard]] Status setTransform(ObjectHandle handle, const Transform& transform);
    // Immediate outside a step; deferred and deduplicated while calculating.
    [[nodiscard]] Status requestDelete(ObjectHandle handle);
    [[nodiscard]] bool pendingDelete(ObjectHandle handle) const;
    // Returns the sequence number; a targeted command needs a live handle.
    [[nodiscard]] Result<std::uint64_t> enqueue(Command command);
    // Only during a step; the callback runs in runEndOfFrame(), ordered by the returned sequence number.
    [[nodiscard]] Result<std::uint64_t> atEndOfFrame(EndOfFrameCallback callback);

    // One deterministic step. With no handler, commands are only delivered as events. `calculate`, when given,
    // runs first inside the calculating phase (so its deletes are deferred, its commands drain in this step and
    // its failure rolls the step back): the mission runtime's CalculateWorldQueue systems run there.
    [[nodiscard]] Result<Snapshot> step(const CommandHandler& handler = {},
                                        const std::function<Status(World3D&)>& calculate = {});
    // Runs the end-of-frame callbacks scheduled so far, in sequence order; rolls back on failure.
    [[nodiscard]] Status runEndOfFrame();

    [[nodiscard]] Status check(ObjectHandle handle) const;
    [[nodiscard]] std::optional<ObjectHandle> findByOriginalId(OriginalObjectId id) const;  // live + registered
    [[nodiscard]] std::vector<ObjectHandle> liveRegistered() const;
    [[nodiscard]] Snapshot currentSnapshot() const;  // the published view of the current state (no events)
    [[nodiscard]] Bytes canonicalBytes() const;      // the exact bytes the state hash digests
    [[nodiscard]] Sha256Digest stateHash() const;    // cached until the next mutation

    [[nodiscard]] std::uint64_t tick() const { return mState.tick; }
    [[nodiscard]] std::uint64_t nextSequence() const { return mState.nextSequence; }
    [[nodiscard]] std::uint64_t nextRegistrationSequence() const { return mState.nextRegistrationSequence; }
    [[nodiscard]] std::size_t slotCount() const { return mState.slots.size(); }
    [[nodiscard]] std::size_t queueLength() const { return mState.queue.size(); }
    [[nodiscard]] const std::vector<ObjectHandle>& deferredDeletes() const { return mState.deferred; }
    [[nodiscard]] WorldPhase phase() const { return mPhase; }
    // Commands one step may deliver, those enqueued by handlers during the step included [P]: a handler that
    // re-enqueues forever ends in world.queue_budget instead of hanging the simulation.
    static constexpr std::size_t kDefaultCommandBudget = 1'000'000;
    void setCommandBudget(std::size_t budget) { mCommandBudget = budget; }
    // Off: step() does not keep its own copy for rollback, because the caller holds one for a larger unit
    // (the mission runtime rolls back a whole pass). A failed step then leaves the world for the caller to restore.
    void setStepRollback(bool enabled) { mStepRollback = enabled; }

    // Releases every object (live = 0, generation + 1), then the managers; the world is empty of live objects.
    ShutdownReport shutdown();

private:
    friend Bytes canonicalStateBytes(const World3D& world);
    struct Slot {
        std::uint32_t generation = 1;
        bool live = true;
        bool registered = false;
        std::optional<OriginalObjectId> originalId;
        std::optional<OriginalObjectId> mirrorId;
        std::optional<OwnerId> owner;
        std::optional<std::uint64_t> registrationSequence;
        Transform transform;
    };
    struct PendingCallback {
        std::uint64_t sequence = 0;
        EndOfFrameCallback callback;
    };
    struct State {
        std::vector<Slot> slots;
        std::vector<Command> queue;  // FIFO; `queueHead` is the next to pop
        std::size_t queueHead = 0;
        std::vector<ObjectHandle> deferred;
        std::vector<PendingCallback> endOfFrame;
        std::uint64_t tick = 0;
        std::uint64_t nextSequence = 0;
        std::uint64_t nextRegistrationSequence = 0;
        std::size_t queued() const { return queue.size() - queueHead; }
    };
    [[nodiscard]] Result<const Slot*> checked(ObjectHandle handle) const;
    [[nodiscard]] Result<Slot*> checkedMut(ObjectHandle handle);
    [[nodiscard]] Status deleteNow(ObjectHandle handle);
    [[nodiscard]] Result<Snapshot> runStep(const CommandHandler& handler,
                                           const std::function<Status(World3D&)>& calculate);
    void compactQueue();

    State mState;
    WorldPhase mPhase = WorldPhase::Idle;
    std::size_t mCommandBudget = kDefaultCommandBudget;
    bool mStepRollback = true;
    // Bumped by every mutation; the state hash is cached against it (hashing 1,000 objects costs more than a step).
    std::uint64_t mMutations = 0;
    mutable std::uint64_t mHashedAt = ~0ull;
    mutable Sha256Digest mHash{};
    void touch() { ++mMutations; }
};

// "world.invalid_handle" etc. with the handle named in the context.
[[nodiscard]] std::string describe(ObjectHandle handle);

}  // namespace vestige::iron3d::world
