// Entity I/O values, output parsing, name matching and the event queue (server cbase.cpp rules).
#include "vestige/source/game/io.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "vestige/core/parse.hpp"

namespace vestige::source::game {

namespace {

// C atoi without its undefined overflow: strtol's clamp, then clamped to int.
int atoiLike(std::string_view text) {
    const std::string s(text);
    const long v = std::strtol(s.c_str(), nullptr, 10);
    return static_cast<int>(std::clamp<long>(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

float atofLike(std::string_view text) { return scanFloat(text).value_or(0.0f); }

// nexttoken (tier1/strtools.cpp) with a 256-byte buffer: copies up to the separator (at most 255 bytes) and steps
// over one byte unless the end was reached; a token cut by the buffer therefore loses the byte after the cut.
std::string_view nextToken(std::string_view& rest, char sep, bool& more) {
    if (!more || rest.empty()) {
        more = false;
        return {};
    }
    std::size_t n = 0;
    while (n < rest.size() && rest[n] != sep && n < 255) ++n;
    const std::string_view token = rest.substr(0, n);
    if (n >= rest.size()) {
        rest = {};
        more = false;
    } else {
        rest.remove_prefix(n + 1);
    }
    return token;
}

char lowerAscii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

Variant Variant::ofString(std::string s) {
    Variant v;
    v.type = Type::String;
    v.text = std::move(s);
    return v;
}
Variant Variant::ofFloat(float f) {
    Variant v;
    v.type = Type::Float;
    v.number = f;
    return v;
}
Variant Variant::ofInt(int i) {
    Variant v;
    v.type = Type::Integer;
    v.integer = i;
    return v;
}
Variant Variant::ofBool(bool b) {
    Variant v;
    v.type = Type::Boolean;
    v.integer = b ? 1 : 0;
    return v;
}
Variant Variant::ofVector(Vec3 x) {
    Variant v;
    v.type = Type::Vector;
    v.vector = x;
    return v;
}

std::optional<Variant> Variant::convert(Type to) const {
    if (to == type || to == Type::Any) return *this;
    if (to == Type::Void) return Variant{};
    switch (type) {
        case Type::Integer:
            if (to == Type::Float) return ofFloat(static_cast<float>(integer));
            if (to == Type::Boolean) return ofBool(integer != 0);
            break;
        case Type::Float:
            if (to == Type::Integer) return ofInt(static_cast<int>(number));
            if (to == Type::Boolean) return ofBool(number != 0.0f);
            break;
        case Type::Boolean:
            break;
        case Type::Void:
            // AcceptInput lets an empty value reach a string input ("allow empty strings"); a void value read as a
            // number is variant_t's zero.
            if (to == Type::String) return ofString({});
            break;
        case Type::String:
            switch (to) {
                case Type::Integer:
                    return ofInt(atoiLike(text));
                case Type::Float:
                    return ofFloat(atofLike(text));
                case Type::Boolean:
                    return ofBool(atoiLike(text) != 0);
                case Type::Vector: {
                    // sscanf "[%f %f %f]", else "%f %f %f"; unread components stay 0.
                    std::array<float, 3> xyz{};
                    std::string_view body = text;
                    std::size_t lead = 0;
                    while (lead < body.size() && (body[lead] == ' ' || body[lead] == '\t')) ++lead;
                    if (lead < body.size() && body[lead] == '[') body.remove_prefix(lead + 1);
                    scanFloats(body, xyz);
                    return ofVector({xyz[0], xyz[1], xyz[2]});
                }
                case Type::Color: {
                    Variant c;
                    c.type = Type::Color;
                    int rgba[4] = {0, 0, 0, 255};
                    std::sscanf(text.c_str(), "%d %d %d %d", &rgba[0], &rgba[1], &rgba[2], &rgba[3]);
                    for (int k = 0; k < 4; ++k) c.rgba[k] = static_cast<std::uint8_t>(rgba[k]);
                    return c;
                }
                default:
                    break;
            }
            break;
        default:
            break;
    }
    return std::nullopt;
}

std::string Variant::toString() const {
    char buf[96];
    switch (type) {
        case Type::String:
            return text;
        case Type::Boolean:
            return integer != 0 ? "true" : "false";
        case Type::Integer:
            std::snprintf(buf, sizeof buf, "%i", integer);
            return buf;
        case Type::Float:
            std::snprintf(buf, sizeof buf, "%g", static_cast<double>(number));
            return buf;
        case Type::Vector:
            std::snprintf(buf, sizeof buf, "[%g %g %g]", static_cast<double>(vector.x), static_cast<double>(vector.y),
                          static_cast<double>(vector.z));
            return buf;
        case Type::Color:
            std::snprintf(buf, sizeof buf, "%d %d %d %d", rgba[0], rgba[1], rgba[2], rgba[3]);
            return buf;
        default:
            return {};
    }
}

float Variant::asFloat() const {
    const auto v = convert(Type::Float);
    return v ? v->number : 0.0f;
}

int Variant::asInt() const {
    const auto v = convert(Type::Integer);
    return v ? v->integer : 0;
}

EventAction parseEventAction(std::string_view text) {
    EventAction a;
    const char sep = text.find('\x1b') != std::string_view::npos ? '\x1b' : ',';
    bool more = true;
    std::string_view rest = text;
    a.target = std::string(nextToken(rest, sep, more));
    const std::string_view input = nextToken(rest, sep, more);
    a.input = input.empty() ? "Use" : std::string(input);
    const std::string_view param = nextToken(rest, sep, more);
    if (!param.empty()) {
        a.parameter = std::string(param);
        a.hasParameter = true;
    }
    const std::string_view delay = nextToken(rest, sep, more);
    if (!delay.empty()) a.delay = atofLike(delay);
    const std::string_view times = nextToken(rest, sep, more);
    if (!times.empty()) {
        a.timesToFire = atoiLike(times);
        if (a.timesToFire == 0) a.timesToFire = kFireAlways;
    }
    return a;
}

float Output::maxDelay() const {
    float d = 0;
    for (const EventAction& a : actions) d = std::max(d, a.delay);
    return d;
}

bool namesMatch(std::string_view query, std::string_view name) {
    if (name.empty()) return query.empty() || query[0] == '*';
    std::size_t i = 0;
    while (i < name.size() && i < query.size() && lowerAscii(name[i]) == lowerAscii(query[i])) ++i;
    if (i == name.size() && i == query.size()) return true;
    return i < query.size() && query[i] == '*';
}

void EventQueue::add(QueuedEvent e) {
    const auto at = std::upper_bound(mEvents.begin(), mEvents.end(), e.fireTime,
                                     [](float t, const QueuedEvent& x) { return t < x.fireTime; });
    mEvents.insert(at, std::move(e));
}

QueuedEvent EventQueue::popFront() {
    QueuedEvent e = std::move(mEvents.front());
    mEvents.pop_front();
    return e;
}

void EventQueue::cancelFrom(EntityHandle caller) {
    std::erase_if(mEvents, [&](const QueuedEvent& e) { return e.caller == caller && !caller.isNull(); });
}

}  // namespace vestige::source::game
