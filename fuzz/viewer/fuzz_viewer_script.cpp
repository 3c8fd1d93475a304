// Fuzz target: the `vestige view --script` parser and its player. An accepted script has non-decreasing times,
// lastFrame(fps) is the first frame at or after the last event, and playing that many frames delivers every event;
// a refused one fails with view.bad_script and nothing else.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "vestige/viewer/input_script.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::viewer;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto script = InputScript::parse(text);
    if (!script.ok()) {
        if (script.error().code() != "view.bad_script") std::abort();
        return 0;
    }
    const auto& events = script->events();
    for (std::size_t i = 1; i < events.size(); ++i)
        if (events[i].timeMicros < events[i - 1].timeMicros) std::abort();
    for (std::uint32_t fps : {1u, 30u, 144u, 1000u}) {
        const std::uint64_t last = script->lastFrame(fps);
        if (events.empty()) {
            if (last != 0) std::abort();
            continue;
        }
        const std::uint64_t t = events.back().timeMicros;
        if (last * 1'000'000 / fps < t) std::abort();                     // frame `last` is at or after the event
        if (last > 0 && (last - 1) * 1'000'000 / fps >= t) std::abort();  // and the one before it is not
        if (last > 4096) continue;                                        // long scripts: the bounds above suffice
        ScriptPlayer player(*script, fps);
        bool quit = false;
        for (std::uint64_t k = 0; k <= last; ++k) quit = player.next().quit || quit;
        if (player.frame() != last + 1) std::abort();
        bool hasQuit = false;
        for (const auto& e : events) hasQuit = hasQuit || e.kind == ScriptEvent::Kind::Quit;
        if (quit != hasQuit) std::abort();  // every event was delivered by frame `last`
    }
    return 0;
}
