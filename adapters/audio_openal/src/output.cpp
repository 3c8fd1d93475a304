#include "vestige/audio_openal/output.hpp"

#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace vestige::audio_openal {

namespace {

ALCdevice* dev(void* p) { return static_cast<ALCdevice*>(p); }

Error noDevice(std::string why) {
    // The original's wording for the same state (seed 002 "Устройство и capabilities").
    return Error("audio.no_device", "3D Sound was not initialized: " + why);
}

}  // namespace

Result<std::unique_ptr<Output>> Output::open(const OutputOptions& options) {
    std::unique_ptr<Output> out(new Output());
    std::vector<ALCint> attrs;
    if (options.loopback) {
        if (!alcIsExtensionPresent(nullptr, "ALC_SOFT_loopback")) return noDevice("ALC_SOFT_loopback is missing");
        auto openLoopback =
            reinterpret_cast<LPALCLOOPBACKOPENDEVICESOFT>(alcGetProcAddress(nullptr, "alcLoopbackOpenDeviceSOFT"));
        out->mRenderSamples = alcGetProcAddress(nullptr, "alcRenderSamplesSOFT");
        if (!openLoopback || !out->mRenderSamples) return noDevice("loopback functions are missing");
        out->mDevice = openLoopback(nullptr);
        if (!out->mDevice) return noDevice("the loopback device did not open");
        out->mRate = options.loopbackRate;
        // Float output: OpenAL Soft dithers 16-bit output, and a capture must be silent where nothing plays.
        attrs = {ALC_FORMAT_CHANNELS_SOFT, ALC_STEREO_SOFT, ALC_FORMAT_TYPE_SOFT,
                 ALC_FLOAT_SOFT,           ALC_FREQUENCY,   options.loopbackRate};
        out->mDeviceName = "loopback";
    } else {
        out->mDevice = alcOpenDevice(options.deviceName.empty() ? nullptr : options.deviceName.c_str());
        if (!out->mDevice)
            return noDevice(options.deviceName.empty() ? "no default audio device"
                                                       : fmt::format("device '{}' did not open", options.deviceName));
        const ALCchar* name = alcGetString(dev(out->mDevice), ALC_DEVICE_SPECIFIER);
        out->mDeviceName = name ? name : "";
    }
    // Plain stereo panning: no HRTF (its filters differ by device and would make captures machine-dependent).
    if (alcIsExtensionPresent(dev(out->mDevice), "ALC_SOFT_HRTF")) {
        attrs.push_back(ALC_HRTF_SOFT);
        attrs.push_back(ALC_FALSE);
    }
    attrs.push_back(0);
    out->mContext = alcCreateContext(dev(out->mDevice), attrs.data());
    if (!out->mContext || !alcMakeContextCurrent(static_cast<ALCcontext*>(out->mContext)))
        return noDevice("no context on the device");
    if (!options.loopback) {
        ALCint rate = 0;
        alcGetIntegerv(dev(out->mDevice), ALC_FREQUENCY, 1, &rate);
        out->mRate = rate;
    }
    alDistanceModel(AL_INVERSE_DISTANCE_CLAMPED);
    return out;
}

Output::~Output() {
    for (auto& [id, s] : mLoops) alDeleteSources(1, &s.id);
    for (auto& s : mOneShots) alDeleteSources(1, &s.id);
    for (auto& [key, b] : mBuffers) alDeleteBuffers(1, &b.id);
    if (mContext) {
        alcMakeContextCurrent(nullptr);
        alcDestroyContext(static_cast<ALCcontext*>(mContext));
    }
    if (mDevice) alcCloseDevice(dev(mDevice));
}

void Output::setListener(const audio::Listener& l) {
    alListener3f(AL_POSITION, l.position.x, l.position.y, l.position.z);
    alListener3f(AL_VELOCITY, l.velocity.x, l.velocity.y, l.velocity.z);
    const ALfloat orientation[6] = {l.forward.x, l.forward.y, l.forward.z, l.up.x, l.up.y, l.up.z};
    alListenerfv(AL_ORIENTATION, orientation);
}

Output::Buffer Output::bufferFor(const audio::SampleKey& key) {
    const std::string folded = audio::cacheKey(key);
    if (auto it = mBuffers.find(folded); it != mBuffers.end()) return it->second;
    audio::SamplePtr sample = mProvider ? mProvider(key) : nullptr;
    if (!sample || sample->pcm.empty() || (sample->channels != 1 && sample->channels != 2)) return {};
    Buffer buffer;
    alGenBuffers(1, &buffer.id);
    alBufferData(buffer.id, sample->channels == 1 ? AL_FORMAT_MONO16 : AL_FORMAT_STEREO16, sample->pcm.data(),
                 static_cast<ALsizei>(sample->pcm.size() * sizeof(std::int16_t)), sample->sampleRate);
    if (alGetError() != AL_NO_ERROR) {
        alDeleteBuffers(1, &buffer.id);
        return {};
    }
    const auto frames = static_cast<std::int64_t>(sample->frames());
    if (sample->loopStart >= 0 && sample->loopStart < frames) {
        buffer.loops = true;
        // The loop runs from the wave's loop point to its end (Source: "assume that the loop end is the sample
        // end"); a loop from frame 0 is the buffer's default.
        if (sample->loopStart > 0 && alIsExtensionPresent("AL_SOFT_loop_points")) {
            const ALint points[2] = {static_cast<ALint>(sample->loopStart), static_cast<ALint>(frames)};
            alBufferiv(buffer.id, AL_LOOP_POINTS_SOFT, points);
            (void)alGetError();  // without the extension's points the whole sample loops
        }
    }
    mBuffers.emplace(folded, buffer);
    return buffer;
}

void Output::applyGain(const Source& s) const {
    const float bus =
        mBusGain[static_cast<std::size_t>(s.bus)] * mBusGain[static_cast<std::size_t>(audio::Bus::Master)];
    alSourcef(s.id, AL_GAIN, std::max(0.0f, s.volume * bus));
}

unsigned Output::startSource(const audio::SoundEvent& e, bool looping) {
    const Buffer buffer = bufferFor(e.sample);
    if (!buffer.id) {
        ++mMissing;
        return 0;
    }
    ALuint id = 0;
    alGenSources(1, &id);
    alSourcei(id, AL_BUFFER, static_cast<ALint>(buffer.id));
    alSourcei(id, AL_LOOPING, looping || buffer.loops ? AL_TRUE : AL_FALSE);
    alSourcef(id, AL_PITCH, e.frequencyRatio > 0 ? e.frequencyRatio : 1.0f);
    if (e.positional) {
        alSourcei(id, AL_SOURCE_RELATIVE, AL_FALSE);
        alSource3f(id, AL_POSITION, e.position.x, e.position.y, e.position.z);
        alSourcef(id, AL_REFERENCE_DISTANCE, e.minDistance);
        alSourcef(id, AL_MAX_DISTANCE, e.maxDistance);
        alSourcef(id, AL_ROLLOFF_FACTOR, 1.0f);
    } else {
        alSourcei(id, AL_SOURCE_RELATIVE, AL_TRUE);
        alSource3f(id, AL_POSITION, 0, 0, 0);
        alSourcef(id, AL_ROLLOFF_FACTOR, 0.0f);
    }
    return id;
}

void Output::apply(const audio::SoundEvent& e) {
    ++mEvents;
    switch (e.kind) {
        case audio::EventKind::StartLoop: {
            if (auto it = mLoops.find(e.loopId); it != mLoops.end()) {  // restart replaces the old loop
                alDeleteSources(1, &it->second.id);
                mLoops.erase(it);
            }
            const unsigned id = startSource(e, true);
            if (!id) return;
            Source s{id, e.bus, e.volume, mPaused};
            applyGain(s);
            if (!mPaused) alSourcePlay(id);
            mLoops.emplace(e.loopId, s);
            return;
        }
        case audio::EventKind::SetLoopVolume: {
            auto it = mLoops.find(e.loopId);
            if (it == mLoops.end()) return;
            it->second.volume = e.volume;
            applyGain(it->second);
            return;
        }
        case audio::EventKind::StopLoop: {
            auto it = mLoops.find(e.loopId);
            if (it == mLoops.end()) return;
            alSourceStop(it->second.id);
            alDeleteSources(1, &it->second.id);
            mLoops.erase(it);
            return;
        }
        case audio::EventKind::OneShot: {
            if (e.alterVolume || e.alterPitch) {
                if (Source* s = playingOneShot(e)) {
                    if (e.alterVolume) {
                        s->volume = e.volume;
                        applyGain(*s);
                    }
                    if (e.alterPitch) alSourcef(s->id, AL_PITCH, e.frequencyRatio > 0 ? e.frequencyRatio : 1.0f);
                    ++mAltered;
                    return;
                }
            }
            if (e.replaces && e.owner != 0)
                stopOneShots([&](const Source& s) { return s.owner == e.owner && s.slot == e.slot; });
            const unsigned id = startSource(e, false);
            if (!id) return;
            Source s{id, e.bus, e.volume, mPaused, e.owner, e.slot, audio::cacheKey(e.sample)};
            applyGain(s);
            if (!mPaused) alSourcePlay(id);
            mOneShots.push_back(s);
            return;
        }
        case audio::EventKind::StopOneShots: {
            if (e.owner == 0) return;
            const std::string key = audio::cacheKey(e.sample);
            stopOneShots(
                [&](const Source& s) { return s.owner == e.owner && (e.sample.name.empty() || s.sample == key); });
            return;
        }
    }
}

Output::Source* Output::playingOneShot(const audio::SoundEvent& e) {
    if (e.owner == 0) return nullptr;
    const std::string key = audio::cacheKey(e.sample);
    for (Source& s : mOneShots) {
        if (s.owner != e.owner || s.slot != e.slot || s.sample != key) continue;
        ALint state = 0;
        alGetSourcei(s.id, AL_SOURCE_STATE, &state);
        if (state == AL_PLAYING || state == AL_PAUSED || s.pausedByUs) return &s;
    }
    return nullptr;
}

void Output::stopOneShots(const std::function<bool(const Source&)>& which) {
    std::erase_if(mOneShots, [&](const Source& s) {
        if (!which(s)) return false;
        ALuint id = s.id;
        alSourceStop(id);
        alDeleteSources(1, &id);
        ++mStopped;
        return true;
    });
}

void Output::setBusGain(audio::Bus bus, float gain) {
    mBusGain[static_cast<std::size_t>(bus)] = gain;
    for (auto& [id, s] : mLoops) applyGain(s);
    for (auto& s : mOneShots) applyGain(s);
}

void Output::setMuted(bool muted) {
    mMuted = muted;
    alListenerf(AL_GAIN, muted ? 0.0f : 1.0f);
}

void Output::setPaused(bool paused) {
    if (paused == mPaused) return;
    mPaused = paused;
    auto each = [&](Source& s) {
        if (paused) {
            ALint state = 0;
            alGetSourcei(s.id, AL_SOURCE_STATE, &state);
            if (state == AL_PLAYING) {
                alSourcePause(s.id);
                s.pausedByUs = true;
            }
        } else if (s.pausedByUs) {
            alSourcePlay(s.id);
            s.pausedByUs = false;
        }
    };
    for (auto& [id, s] : mLoops) each(s);
    for (auto& s : mOneShots) each(s);
}

void Output::collectFinished() {
    std::erase_if(mOneShots, [](const Source& s) {
        if (s.pausedByUs) return false;
        ALint state = 0;
        alGetSourcei(s.id, AL_SOURCE_STATE, &state);
        if (state != AL_STOPPED) return false;
        ALuint id = s.id;
        alDeleteSources(1, &id);
        return true;
    });
}

Result<std::vector<std::int16_t>> Output::render(std::size_t frames) {
    if (!mRenderSamples) return Error("audio.not_loopback", "render() needs a loopback output");
    std::vector<float> mix(frames * 2);
    reinterpret_cast<LPALCRENDERSAMPLESSOFT>(mRenderSamples)(dev(mDevice), mix.data(), static_cast<ALCsizei>(frames));
    std::vector<std::int16_t> out(mix.size());
    for (std::size_t i = 0; i < mix.size(); ++i)
        out[i] = static_cast<std::int16_t>(std::lround(std::clamp(mix[i], -1.0f, 1.0f) * 32767.0f));
    collectFinished();
    return out;
}

OutputStats Output::stats() const {
    OutputStats s;
    s.loops = mLoops.size();
    s.sources = mLoops.size() + mOneShots.size();
    s.buffers = mBuffers.size();
    s.eventsApplied = mEvents;
    s.missingSamples = mMissing;
    s.oneShotsStopped = mStopped;
    s.oneShotsAltered = mAltered;
    return s;
}

std::optional<double> Output::loopOffset(std::uint32_t loopId) const {
    auto it = mLoops.find(loopId);
    if (it == mLoops.end()) return std::nullopt;
    ALfloat seconds = 0;
    alGetSourcef(it->second.id, AL_SEC_OFFSET, &seconds);
    return seconds;
}

bool Output::loopPlaying(std::uint32_t loopId) const {
    auto it = mLoops.find(loopId);
    if (it == mLoops.end()) return false;
    ALint state = 0;
    alGetSourcei(it->second.id, AL_SOURCE_STATE, &state);
    return state == AL_PLAYING;
}

}  // namespace vestige::audio_openal
