// World I/O: outputs fire into the event queue, the queue is serviced once per tick, inputs reach entities
// (server cbase.cpp CBaseEntityOutput::FireOutput, CEventQueue::ServiceEvents, baseentity.cpp AcceptInput).
#include <algorithm>

#include "vestige/core/text.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::game {

namespace {

// The trail of zero-delay hops that led to an event, newest first, for the loop error.
std::string renderTrail(const std::shared_ptr<const QueuedEvent::Hop>& last, std::string_view now) {
    std::vector<std::string> hops{std::string(now)};
    for (auto h = last; h && hops.size() < 12; h = h->parent) hops.push_back(h->what);
    std::reverse(hops.begin(), hops.end());
    std::string out;
    for (std::size_t i = 0; i < hops.size(); ++i) {
        if (i) out += " -> ";
        out += hops[i];
    }
    return out;
}

}  // namespace

std::string World::describeEvent(const QueuedEvent& ev) const {
    std::string who = ev.target;
    if (who.empty())
        if (const Entity* t = get(ev.targetEntity)) who = t->targetName.empty() ? t->className : t->targetName;
    return who + "." + ev.input;
}

// An event posted for "now" while another is being serviced continues that event's zero-delay chain.
void World::chain(QueuedEvent& ev) const {
    if (mServicing && ev.fireTime <= curtime()) {
        ev.depth = mServicing->depth + 1;
        ev.trail =
            std::make_shared<const QueuedEvent::Hop>(QueuedEvent::Hop{describeEvent(*mServicing), mServicing->trail});
    }
}

void World::fireOutput(Entity& self, std::string_view output, EntityHandle activator, const Variant& value,
                       float extraDelay, EntityHandle caller) {
    Output* o = self.findOutput(output);
    if (!o) return;
    for (auto it = o->actions.begin(); it != o->actions.end();) {
        EventAction& a = *it;
        QueuedEvent ev;
        ev.target = a.target;
        ev.input = a.input;
        ev.activator = activator;
        ev.caller = caller.isNull() ? self.handle : caller;
        ev.outputId = a.id;
        if (!a.hasParameter) {
            ev.value = value;
            ev.fireTime = curtime() + (a.delay + extraDelay);
        } else {
            // The SDK posts a parameter override with the action's delay only (FireOutput's own delay is dropped).
            ev.value = Variant::ofString(a.parameter);
            ev.fireTime = curtime() + a.delay;
        }
        chain(ev);
        mEvents.add(std::move(ev));
        if (a.timesToFire != kFireAlways && --a.timesToFire == 0) {
            it = o->actions.erase(it);
            continue;
        }
        ++it;
    }
}

void World::post(QueuedEvent ev, float delay) {
    ev.fireTime = curtime() + delay;
    chain(ev);
    mEvents.add(std::move(ev));
}

void World::postEvent(std::string_view target, std::string_view input, Variant value, float delay,
                      EntityHandle activator, EntityHandle caller) {
    QueuedEvent ev;
    ev.target = std::string(target);
    ev.input = std::string(input);
    ev.value = std::move(value);
    ev.activator = activator;
    ev.caller = caller;
    post(std::move(ev), delay);
}

void World::postEvent(EntityHandle target, std::string_view input, Variant value, float delay, EntityHandle activator,
                      EntityHandle caller) {
    QueuedEvent ev;
    ev.targetEntity = target;
    ev.input = std::string(input);
    ev.value = std::move(value);
    ev.activator = activator;
    ev.caller = caller;
    post(std::move(ev), delay);
}

void World::serviceEvents() {
    const float now = curtime();
    int fired = 0;
    while (!mEvents.empty() && mEvents.front().fireTime <= now) {
        QueuedEvent ev = mEvents.popFront();
        if (++fired > mOptions.maxEventsPerTick) {
            Error err("game.io_flood",
                      "more I/O events due in one tick than the limit; the rest of this tick's are dropped");
            err.expected("at most " + std::to_string(mOptions.maxEventsPerTick)).actual(describeEvent(ev));
            error(std::move(err));
            while (!mEvents.empty() && mEvents.front().fireTime <= now) mEvents.popFront();
            break;
        }
        if (ev.depth > mOptions.maxZeroDelayChain) {
            // Source would loop forever here (ServiceEvents restarts at the head for events due now).
            Error err("game.io_loop", "zero-delay I/O loop cut: the event is dropped");
            err.expected("at most " + std::to_string(mOptions.maxZeroDelayChain) + " zero-delay hops in one tick")
                .actual(renderTrail(ev.trail, describeEvent(ev)));
            error(std::move(err));
            continue;
        }
        ++mEventsFired;
        const QueuedEvent* outer = mServicing;
        mServicing = &ev;
        bool found = false;
        if (!ev.target.empty()) {
            // In the event's context the searching entity is the caller (!self).
            for (EntityHandle h : findByName(ev.target, ev.caller, ev.activator, ev.caller)) {
                if (Entity* t = get(h)) {
                    acceptInput(*t, ev.input, ev.activator, ev.caller, ev.value, ev.outputId);
                    found = true;
                }
            }
        }
        if (Entity* t = get(ev.targetEntity)) {
            acceptInput(*t, ev.input, ev.activator, ev.caller, ev.value, ev.outputId);
            found = true;
        }
        if (!found && !ev.target.empty()) {
            // Not a name: try the text as a class name.
            for (EntityHandle h : findByClass(ev.target)) {
                if (Entity* t = get(h)) {
                    acceptInput(*t, ev.input, ev.activator, ev.caller, ev.value, ev.outputId);
                    found = true;
                }
            }
        }
        mServicing = outer;
        if (!found) {
            Error err("game.io_target", "unhandled input: target entity not found");
            err.field(ev.input).actual(ev.target);
            warn(std::move(err));
        }
    }
}

void World::use(Entity& target, EntityHandle activator, EntityHandle caller, UseType type, float value) {
    if (target.behaviour) target.behaviour->use(*this, target, activator, caller, type, value);
}

bool World::acceptInput(Entity& target, std::string_view input, EntityHandle activator, EntityHandle caller,
                        const Variant& value, int outputId) {
    if (hooks.acceptInput && hooks.acceptInput(*this, target, input, get(activator), get(caller), value)) return true;
    const auto badLink = [&](Variant::Type want) {
        Error err("game.io_link", "bad input/output link: the value cannot become the input's type");
        err.entry(target.className).field(std::string(input)).actual(value.toString());
        err.expected(want == Variant::Type::String ? "a string" : "a number");
        warn(std::move(err));
        return false;
    };
    // The class's inputs (the datadesc of the class itself is searched before its bases).
    if (target.behaviour) {
        const auto defs = target.behaviour->inputs();
        for (std::size_t i = 0; i < defs.size(); ++i) {
            if (!iequals(defs[i].name, input)) continue;
            auto converted = value.convert(defs[i].type);
            if (!converted) return badLink(defs[i].type);
            InputData data{defs[i].name, std::move(*converted), activator, caller, outputId};
            target.behaviour->input(*this, target, i, data);
            return true;
        }
    }
    // CBaseEntity's inputs.
    const auto asString = [&]() -> std::optional<std::string> {
        auto s = value.convert(Variant::Type::String);
        if (!s) return std::nullopt;
        return s->text;
    };
    if (iequals(input, "Kill")) {
        remove(target);
        return true;
    }
    if (iequals(input, "KillHierarchy")) {
        removeHierarchy(target);
        return true;
    }
    if (iequals(input, "Use")) {
        use(target, activator, caller, UseType::Toggle, 0);
        return true;
    }
    for (int n = 1; n <= 4; ++n) {
        if (iequals(input, "FireUser" + std::to_string(n))) {
            fireOutput(target, "OnUser" + std::to_string(n), activator);
            return true;
        }
    }
    if (iequals(input, "AddOutput")) {
        const auto text = asString();
        if (!text) return badLink(Variant::Type::String);
        // "<name> <value>": ':' stands for ',' (Hammer cannot put commas in a parameter); then KeyValue, so both
        // outputs and plain keys can be set.
        const std::size_t space = text->find(' ');
        if (space == std::string::npos) {
            Error err("game.io_addoutput", "AddOutput fired with bad string");
            err.entry(target.className)
                .expected("<output name> <target>:<input>:<param>:<delay>:<times>")
                .actual(*text);
            warn(std::move(err));
            return true;
        }
        std::string rest = text->substr(space + 1);
        std::replace(rest.begin(), rest.end(), ':', ',');
        setKeyValue(target, text->substr(0, space), rest);
        return true;
    }
    if (iequals(input, "SetParent")) {
        const auto text = asString();
        if (!text) return badLink(Variant::Type::String);
        target.parent = {};
        if (!text->empty()) {
            const auto found = findByName(*text, target.handle, activator, caller);
            if (!found.empty() && found.front() != target.handle) target.parent = found.front();
        }
        target.parentName = *text;
        target.touched();
        return true;
    }
    if (iequals(input, "ClearParent")) {
        target.parent = {};
        target.parentName.clear();
        target.touched();
        return true;
    }
    if (iequals(input, "Color")) {
        const auto c = value.convert(Variant::Type::Color);
        if (!c) return badLink(Variant::Type::String);
        for (int k = 0; k < 3; ++k) target.renderColor[k] = c->rgba[k];
        target.touched();
        return true;
    }
    if (iequals(input, "Alpha")) {
        target.renderColor[3] = static_cast<std::uint8_t>(value.asInt());
        target.touched();
        return true;
    }
    Error err("game.io_input", "unhandled input: the entity has no such input");
    err.entry(target.className).field(std::string(input));
    if (!target.targetName.empty()) err.in("name", target.targetName);
    warn(std::move(err));
    return false;
}

}  // namespace vestige::source::game
