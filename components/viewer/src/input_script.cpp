#include "vestige/viewer/input_script.hpp"

#include <fmt/format.h>

#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"

namespace vestige::viewer {
namespace {

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

Error bad(std::size_t line, std::string field, std::string expected, std::string_view actual) {
    Error e("view.bad_script", "a script line cannot be read");
    e.in("line", std::to_string(line)).field(std::move(field)).expected(std::move(expected));
    e.actual(std::string(actual));
    return e;
}

}  // namespace

Result<InputScript> InputScript::parse(std::string_view text) {
    InputScript s;
    std::size_t lineNo = 0;
    std::uint64_t lastMs = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        ++lineNo;
        const auto w = words(line);
        if (w.empty() || w[0].front() == '#') continue;
        const auto ms = parseInteger<std::uint64_t>(w[0]);
        if (!ms || *ms > 86'400'000) return bad(lineNo, "time", "milliseconds 0..86400000", w[0]);
        if (*ms < lastMs) return bad(lineNo, "time", fmt::format(">= {} (times must not decrease)", lastMs), w[0]);
        lastMs = *ms;
        ScriptEvent e;
        e.timeMicros = *ms * 1000;
        const std::string_view verb = w.size() > 1 ? w[1] : std::string_view{};
        auto arity = [&](std::size_t n) { return w.size() == n; };
        if ((verb == "down" || verb == "up" || verb == "tap") && arity(3)) {
            const auto key = keyFromName(w[2]);
            if (!key) return bad(lineNo, "key", "a key name (a..z, 0..9, left, space, lshift, f12, ...)", w[2]);
            e.kind = verb == "down" ? ScriptEvent::Kind::Down
                     : verb == "up" ? ScriptEvent::Kind::Up
                                    : ScriptEvent::Kind::Tap;
            e.key = *key;
        } else if (verb == "mouse" && arity(4)) {
            const auto dx = parseFloat(w[2]), dy = parseFloat(w[3]);
            if (!dx || !dy) return bad(lineNo, "motion", "two finite numbers DX DY", line);
            e.kind = ScriptEvent::Kind::Mouse;
            e.motion = {*dx, *dy};
        } else if (verb == "button" && arity(4) && (w[2] == "down" || w[2] == "up")) {
            e.kind = w[2] == "down" ? ScriptEvent::Kind::ButtonDown : ScriptEvent::Kind::ButtonUp;
            if (w[3] == "left")
                e.button = MouseButton::Left;
            else if (w[3] == "middle")
                e.button = MouseButton::Middle;
            else if (w[3] == "right")
                e.button = MouseButton::Right;
            else
                return bad(lineNo, "button", "left, middle or right", w[3]);
        } else if (verb == "text" && w.size() >= 3) {
            // The typed text is the rest of the line after "text " (inner spaces kept).
            e.kind = ScriptEvent::Kind::Text;
            const auto at = line.find("text") + 4;
            std::string_view rest = line.substr(at);
            while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
            while (!rest.empty() && (rest.back() == '\r' || rest.back() == ' ')) rest.remove_suffix(1);
            e.text = std::string(rest);
        } else if (verb == "wheel" && arity(3)) {
            const auto n = parseInteger<std::int32_t>(w[2]);
            if (!n || *n < -100 || *n > 100) return bad(lineNo, "notches", "an integer -100..100", w[2]);
            e.kind = ScriptEvent::Kind::Wheel;
            e.notches = *n;
        } else if (verb == "focus-lost" && arity(2)) {
            e.kind = ScriptEvent::Kind::FocusLost;
        } else if (verb == "quit" && arity(2)) {
            e.kind = ScriptEvent::Kind::Quit;
        } else {
            return bad(lineNo, "event",
                       "TIME down|up|tap KEY, TIME mouse DX DY, TIME button down|up BUTTON, TIME text TEXT, TIME "
                       "wheel N, TIME focus-lost, TIME quit",
                       line);
        }
        s.mEvents.push_back(e);
    }
    return s;
}

std::uint64_t InputScript::lastFrame(std::uint32_t fps) const {
    if (mEvents.empty()) return 0;
    const std::uint64_t t = mEvents.back().timeMicros;
    // The first k with k * 1e6 / fps >= t.
    std::uint64_t k = t * fps / 1'000'000;
    while (k * 1'000'000 / fps < t) ++k;
    return k;
}

FrameInput ScriptPlayer::next() {
    const std::uint64_t now = timeOf(mFrame);
    FrameInput f = mKeys.begin(mFrame == 0 ? 0 : now - timeOf(mFrame - 1));
    const auto& events = mScript->events();
    for (; mNext < events.size() && events[mNext].timeMicros <= now; ++mNext) {
        const ScriptEvent& e = events[mNext];
        switch (e.kind) {
            case ScriptEvent::Kind::Down:
                mKeys.down(f, e.key);
                break;
            case ScriptEvent::Kind::Up:
                mKeys.up(f, e.key);
                break;
            case ScriptEvent::Kind::Tap:
                mKeys.down(f, e.key);
                mKeys.up(f, e.key);
                break;
            case ScriptEvent::Kind::Mouse:
                f.mouseDelta = f.mouseDelta + e.motion;
                break;
            case ScriptEvent::Kind::ButtonDown:
                mKeys.buttonDown(f, e.button);
                break;
            case ScriptEvent::Kind::ButtonUp:
                mKeys.buttonUp(f, e.button);
                break;
            case ScriptEvent::Kind::Text:
                f.text += e.text;
                break;
            case ScriptEvent::Kind::Wheel:
                f.wheel += e.notches;
                break;
            case ScriptEvent::Kind::FocusLost:
                mKeys.releaseAll(f);
                f.focusLost = true;
                break;
            case ScriptEvent::Kind::Quit:
                f.quit = true;
                break;
        }
    }
    ++mFrame;
    return f;
}

}  // namespace vestige::viewer
