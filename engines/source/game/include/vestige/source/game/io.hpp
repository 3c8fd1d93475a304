#pragma once
// Source's entity I/O (server cbase.cpp, entityoutput.h, eventqueue.h), as the engine does it:
//
//   "OnPressed" "door,Open,,0.5,1"          an output key of the entity lump: target, input, parameter, delay,
//       |                                     times to fire; ESC (0x1B) separates when present, else ','
//       v                                     (CEventAction; an empty input means "Use", 0 times means always)
//   Output::fire(value, activator, caller)   every action, newest key first (AddEventAction prepends), posts an
//       |                                     event at curtime + delay; a parameter overrides the value
//       v
//   EventQueue (ordered by fire time, ties    serviced once per tick after thinks; events due at or before
//   in posting order)                          curtime fire in order, and events they post for "now" fire in the
//       |                                     same pass (the queue restarts from its head)
//       v
//   World::acceptInput(target, input, ...)   targets: a name (trailing '*' wildcard, ASCII case-insensitive),
//                                            !activator !caller !self !player, else the text as a class name
//
// Values are variant_t-like: an output carries its own value (math_counter OutValue is a float), converted to the
// input's type with variant_t::Convert's rules (string -> number with atof/atoi, number -> string refused).
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/handles.hpp"
#include "vestige/core/math.hpp"

namespace vestige::source::game {

using EntityHandle = vestige::Handle;

// variant_t: the value an output carries and an input receives.
struct Variant {
    enum class Type : std::uint8_t { Void, String, Float, Integer, Boolean, Vector, Color, Entity, Any };
    Type type = Type::Void;
    std::string text;  // String
    float number = 0;  // Float
    int integer = 0;   // Integer, Boolean (0/1)
    Vec3 vector;       // Vector
    std::uint8_t rgba[4] = {0, 0, 0, 255};
    EntityHandle entity;

    [[nodiscard]] static Variant ofString(std::string s);
    [[nodiscard]] static Variant ofFloat(float f);
    [[nodiscard]] static Variant ofInt(int i);
    [[nodiscard]] static Variant ofBool(bool b);
    [[nodiscard]] static Variant ofVector(Vec3 v);
    // variant_t::Convert: nullopt where the engine reports a bad input/output link.
    [[nodiscard]] std::optional<Variant> convert(Type to) const;
    // variant_t::ToString ("%g" floats, "true"/"false", "[x y z]" vectors); entities need a name lookup (World).
    [[nodiscard]] std::string toString() const;
    [[nodiscard]] float asFloat() const;  // convert(Float), 0 when refused
    [[nodiscard]] int asInt() const;
};

constexpr int kFireAlways = -1;  // EVENT_FIRE_ALWAYS

// One connection of an output (CEventAction).
struct EventAction {
    std::string target;
    std::string input;  // "Use" when the text left it empty
    std::string parameter;
    bool hasParameter = false;
    float delay = 0;
    int timesToFire = kFireAlways;
    int id = 0;  // the engine's m_iIDStamp: unique per action, in parse order (World numbers them)
};

// Parses "target,input,parameter,delay,times" with CEventAction's rules: ESC (0x1B) is the separator when the
// text contains one, else ','; tokens are cut at 255 bytes (nexttoken's buffer); delay is atof, times atoi with
// 0 meaning "always". Never fails: missing fields keep their defaults, as in the engine.
[[nodiscard]] EventAction parseEventAction(std::string_view text);

// A named output and its connections, in firing order (the last key read fires first).
struct Output {
    std::string name;
    std::vector<EventAction> actions;
    [[nodiscard]] float maxDelay() const;  // GetMaxDelay
};

// Source's name matching (NamesMatch): ASCII case-insensitive, a trailing '*' in the query matches any rest; an
// empty name matches only an empty query or "*".
[[nodiscard]] bool namesMatch(std::string_view query, std::string_view name);

// One pending event (EventQueuePrioritizedEvent_t).
struct QueuedEvent {
    float fireTime = 0;
    std::string target;         // by name/class/procedural; empty when `targetEntity` is set
    EntityHandle targetEntity;  // direct target (AddEvent(CBaseEntity*, ...))
    std::string input;
    Variant value;
    EntityHandle activator, caller;
    int outputId = 0;
    // Zero-delay chain bookkeeping for the loop cut: how many zero-delay hops led here in this pass and the trail.
    struct Hop {
        std::string what;  // "caller.Output -> target.Input"
        std::shared_ptr<const Hop> parent;
    };
    int depth = 0;
    std::shared_ptr<const Hop> trail;
};

class EventQueue {
public:
    // Inserts after every event due at or before fireTime (ties keep posting order).
    void add(QueuedEvent e);
    [[nodiscard]] bool empty() const { return mEvents.empty(); }
    [[nodiscard]] std::size_t size() const { return mEvents.size(); }
    [[nodiscard]] const QueuedEvent& front() const { return mEvents.front(); }
    QueuedEvent popFront();
    // CancelEvents: drops every event posted by this caller.
    void cancelFrom(EntityHandle caller);
    [[nodiscard]] const std::deque<QueuedEvent>& events() const { return mEvents; }

private:
    std::deque<QueuedEvent> mEvents;  // ordered by fire time; popped from the front
};

}  // namespace vestige::source::game
