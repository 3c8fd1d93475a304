// Fuzz target: soundscripts (game_sounds files and the manifest). Any text either defines scripts or leaves notes;
// every script defined has a wave, finite numbers and a name that finds it again. The same bytes also serve as a
// manifest whose every listed file is these bytes once more.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "vestige/source/game/soundscripts.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::source::game;
    const std::string text(reinterpret_cast<const char*>(data), size);
    SoundScripts s;
    auto n = s.addFile(text, "scripts/fuzz.txt");
    // A name defined twice counts twice but keeps one script: defined something iff the registry holds something.
    if (n.ok() && (*n == 0) != (s.size() == 0)) std::abort();
    for (const auto& [key, script] : s.all()) {
        if (script.waves.empty() || s.find(script.name) != &script) std::abort();
        for (float v : {script.volumeMin, script.volumeMax, script.soundLevel, script.pitchMin, script.pitchMax})
            if (!std::isfinite(v)) std::abort();
        for (const auto& w : script.waves) (void)soundPath(w);
    }
    SoundScripts m;
    std::size_t reads = 0;
    (void)m.loadManifest([&](std::string_view) -> vestige::Result<vestige::Bytes> {
        if (++reads > 64) return vestige::Error("fuzz.limit", "enough");
        return vestige::Bytes(text.begin(), text.end());
    });
    (void)m.loadLevel(
        [&](std::string_view) -> vestige::Result<vestige::Bytes> { return vestige::Bytes(text.begin(), text.end()); },
        "fuzz");
    return 0;
}
