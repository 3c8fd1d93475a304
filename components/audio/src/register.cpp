#include "vestige/audio/register.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/audio/wave.hpp"
#include "vestige/core/json.hpp"

namespace vestige::audio {

namespace {

registry::Description describe(const Wave& w, std::string_view label) {
    nlohmann::ordered_json j;
    j["format"] = "wav";
    j["label"] = std::string(label);
    j["encoding"] = w.formatName();
    j["format_tag"] = w.format.formatTag;
    j["channels"] = w.format.channels;
    j["sample_rate"] = w.format.sampleRate;
    j["bits_per_sample"] = w.format.bitsPerSample;
    j["block_align"] = w.format.blockAlign;
    if (w.format.formatTag == kWaveFormatMsAdpcm) {
        j["samples_per_block"] = w.format.samplesPerBlock;
        j["adpcm_coefficients"] = w.format.adpcmCoefs.size() / 2;
    }
    j["frames"] = w.frameCount();
    if (w.factFrames) j["fact_frames"] = *w.factFrames;
    j["seconds"] = w.seconds();
    if (const auto loop = w.loopStart()) j["loop_start"] = *loop;  // Source loops the wave from this frame
    auto chunks = nlohmann::ordered_json::array();
    for (const RiffChunk& c : w.chunks)
        chunks.push_back({{"id", c.id}, {"offset", c.offset}, {"size", c.payload.size()}});
    j["chunks"] = std::move(chunks);
    j["trailing_bytes"] = w.trailing.size();
    std::string text = fmt::format("{}: RIFF/WAVE {}, {} ch, {} Hz, {} frames ({:.3f} s)\n", label, w.formatName(),
                                   w.format.channels, w.format.sampleRate, w.frameCount(), w.seconds());
    if (const auto loop = w.loopStart()) text += fmt::format("  loops from frame {} (cue/smpl)\n", *loop);
    for (const RiffChunk& c : w.chunks)
        text += fmt::format("  chunk '{}' at {}: {} bytes\n", c.id, c.offset, c.payload.size());
    if (!w.trailing.empty())
        text += fmt::format("  {} trailing byte(s) after the RIFF chunk (kept)\n", w.trailing.size());
    return {dumpJson(j), text};
}

}  // namespace

void registerFormats(registry::FormatRegistry& formats) {
    registry::FormatInfo info;
    info.name = "wav";
    info.summary = "RIFF/WAVE sound (Iron3D SWAV in sounds.lib, Source sound/*.wav): PCM, MS ADPCM, ...";
    info.probe = [](ByteView data, std::string_view) {
        return data.size() >= 12 && asChars(data.first(4)) == "RIFF" && asChars(data.subspan(8, 4)) == "WAVE" ? 100 : 0;
    };
    info.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(const Wave w, Wave::read(data));
        return describe(w, label);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::audio
