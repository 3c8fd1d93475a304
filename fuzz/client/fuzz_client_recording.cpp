// Fuzz target: the `vestige play --playback` recording reader. An accepted recording writes back line by line to
// text that reads as the same ticks (commands and console lines); a refused one fails with play.bad_recording.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "vestige/source/client/recording.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::source::client;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto r = parseRecording(text);
    if (!r.ok()) {
        if (r.error().code() != "play.bad_recording") std::abort();
        return 0;
    }
    std::string again = recordingHeader(r->map, r->tickRate) + "\n";
    for (std::size_t i = 0; i < r->ticks.size(); ++i) again += recordingLine(i + 1, r->ticks[i]) + "\n";
    if (r->complete) again += recordingFooter(r->ticks.size(), r->traceHash) + "\n";
    auto back = parseRecording(again);
    if (!back.ok() || back->ticks.size() != r->ticks.size() || back->complete != r->complete) std::abort();
    for (std::size_t i = 0; i < r->ticks.size(); ++i) {
        const auto &a = r->ticks[i].cmd, &b = back->ticks[i].cmd;
        if (a.forwardMove != b.forwardMove || a.buttons != b.buttons || a.viewAngles.y != b.viewAngles.y ||
            r->ticks[i].console != back->ticks[i].console)
            std::abort();
    }
    return 0;
}
