#pragma once
// Plays backend-neutral sound events (components/audio) through OpenAL Soft.
//
// - One AL buffer per decoded sample identity (library, name), shared by every source that plays it.
// - Buses (master, effects, ambient, voice, music) scale each source's own volume; changing a bus gain re-applies.
// - Mute silences the listener only: sources keep playing, so positions and logical playback time survive.
// - Pause/resume pauses every playing source and resumes exactly those; loops continue where they were.
// - 3D sources use DirectSound's model: full volume inside min distance, then min/d, no change beyond max
//   (AL_INVERSE_DISTANCE_CLAMPED, rolloff 1). 2D sources are listener-relative at the origin.
// - Opening fails with audio.no_device ("3D Sound was not initialized", as the original says) when no device
//   opens; callers keep simulating without sound.
// - A one-shot may have an owner and a slot: StopOneShots stops the owner's one-shots of a sample, and a one-shot
//   that `replaces` first stops the owner's one-shots on its slot (Source's entity channels); one that alters
//   (SND_CHANGE_VOL/PITCH) changes the gain or rate of the owner's playing one-shot of that sample on its slot.
// - A sample with a loop point (DecodedSample::loopStart) loops from it to its end whatever plays it, a one-shot
//   too (as Source loops a wave with a cue point), until it is stopped (AL_SOFT_loop_points).
// - Loopback mode renders into memory (ALC_SOFT_loopback), for tests and WAV captures: no device needed.
//
// One output at a time per process (OpenAL's current context is process-wide).
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vestige/audio/sound.hpp"
#include "vestige/core/result.hpp"

namespace vestige::audio_openal {

struct OutputOptions {
    bool loopback = false;     // render into memory instead of a device
    int loopbackRate = 44100;  // loopback: output frames per second (stereo, 16-bit)
    std::string deviceName;    // empty: the default device
};

struct OutputStats {
    std::size_t sources = 0;  // live AL sources (one-shots still playing + loops)
    std::size_t loops = 0;
    std::size_t buffers = 0;  // AL buffers = distinct samples uploaded
    std::uint64_t eventsApplied = 0;
    std::uint64_t missingSamples = 0;   // events whose sample the provider could not give
    std::uint64_t oneShotsStopped = 0;  // by StopOneShots or a replacing one-shot
    std::uint64_t oneShotsAltered = 0;  // volume/pitch changes of a playing one-shot
};

class Output {
public:
    using SampleProvider = std::function<audio::SamplePtr(const audio::SampleKey&)>;

    [[nodiscard]] static Result<std::unique_ptr<Output>> open(const OutputOptions& options);
    ~Output();
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    void setSampleProvider(SampleProvider provider) { mProvider = std::move(provider); }
    void setListener(const audio::Listener& listener);
    void apply(const audio::SoundEvent& event);
    void setBusGain(audio::Bus bus, float gain);
    void setMuted(bool muted);
    void setPaused(bool paused);
    [[nodiscard]] bool muted() const { return mMuted; }
    [[nodiscard]] bool paused() const { return mPaused; }
    // Releases one-shot sources that finished playing.
    void collectFinished();
    // Loopback only: the next `frames` stereo frames (interleaved L, R).
    [[nodiscard]] Result<std::vector<std::int16_t>> render(std::size_t frames);
    [[nodiscard]] int outputRate() const { return mRate; }
    [[nodiscard]] OutputStats stats() const;
    // Playback position (seconds) of a loop, for tests of pause/mute; nullopt when the loop does not exist.
    [[nodiscard]] std::optional<double> loopOffset(std::uint32_t loopId) const;
    [[nodiscard]] bool loopPlaying(std::uint32_t loopId) const;
    [[nodiscard]] const std::string& deviceName() const { return mDeviceName; }

private:
    struct Source {
        unsigned id = 0;
        audio::Bus bus = audio::Bus::Effects;
        float volume = 1;
        bool pausedByUs = false;
        std::uint32_t owner = 0;  // one-shots: who plays it and on which slot (SoundEvent::owner, slot)
        int slot = 0;
        std::string sample;  // cacheKey of the sample
    };
    Output() = default;
    struct Buffer {
        unsigned id = 0;
        bool loops = false;  // the sample's own loop point
    };
    Buffer bufferFor(const audio::SampleKey& key);
    [[nodiscard]] Source* playingOneShot(const audio::SoundEvent& e);
    void applyGain(const Source& s) const;
    unsigned startSource(const audio::SoundEvent& e, bool looping);
    void stopOneShots(const std::function<bool(const Source&)>& which);

    void* mDevice = nullptr;
    void* mContext = nullptr;
    void* mRenderSamples = nullptr;  // loopback render function
    std::string mDeviceName;
    int mRate = 0;
    SampleProvider mProvider;
    std::map<std::string, Buffer> mBuffers;
    std::map<std::uint32_t, Source> mLoops;
    std::vector<Source> mOneShots;
    std::array<float, audio::kBusCount> mBusGain{1, 1, 1, 1, 1};
    bool mMuted = false, mPaused = false;
    std::uint64_t mEvents = 0, mMissing = 0, mStopped = 0, mAltered = 0;
};

}  // namespace vestige::audio_openal
