// Fuzz the RIFF/WAVE reader and the libsndfile decode behind it: accepted files re-write byte for byte, errors
// point inside the input, and a decode either fails with a structured error or gives whole frames whose rate and
// channel count are the fmt chunk's.
#include <cstdint>
#include <cstdlib>

#include "vestige/audio/decode.hpp"
#include "vestige/audio/load.hpp"
#include "vestige/audio/wave.hpp"

using namespace vestige;
using namespace vestige::audio;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView in(data, size);
    auto w = Wave::read(in);
    if (!w) {
        if (w.error().offset() && *w.error().offset() > size) std::abort();
        return 0;
    }
    if (w->write() != Bytes(in.begin(), in.end())) std::abort();
    if (w->format.channels == 0 || w->format.sampleRate == 0 || w->format.blockAlign == 0) std::abort();
    (void)w->frameCount();
    const SoundLoad load = classifySound(Bytes(in.begin(), in.end()), "fuzz.lib", "x.wav");
    if (load.outcome == SoundOutcome::DecodedSample) {
        const DecodedSample& s = *load.sample;
        if (s.channels != w->format.channels || s.sampleRate != static_cast<int>(w->format.sampleRate)) std::abort();
        if (s.pcm.size() % static_cast<std::size_t>(s.channels) != 0) std::abort();
    } else if (load.outcome != SoundOutcome::WaveInvalid) {
        std::abort();  // the bytes were there and not empty
    }
    return 0;
}
