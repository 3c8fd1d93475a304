// Sound for `vestige play` (play_sound.hpp).
#include "play_sound.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

#include "vestige/audio/decode.hpp"
#include "vestige/audio/wave.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"

namespace vestige::app {
namespace {

constexpr double kMaxCaptureSeconds = 600;  // a longer run stops capturing, with a note (memory stays bounded)
constexpr int kAudible = 64;                // |sample| above -54 dBFS counts as sound
constexpr std::size_t kLogged = 32;         // the report lists the first sounds played

// The ear: the player's eye, looking along its view angles (Source's AngleVectors, no roll).
audio::Listener listenerOf(source::game::World& world) {
    audio::Listener l;
    const source::game::Entity* p = world.player(1);
    if (!p || !p->player) return l;
    l.position = p->origin + Vec3{0, 0, p->player->move.viewOffsetZ};
    constexpr float kRad = 3.14159265358979f / 180.0f;
    const float pitch = p->player->eyeAngles.x * kRad, yaw = p->player->eyeAngles.y * kRad;
    l.forward = {std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), -std::sin(pitch)};
    l.up = {std::sin(pitch) * std::cos(yaw), std::sin(pitch) * std::sin(yaw), std::cos(pitch)};
    return l;
}

}  // namespace

Result<std::unique_ptr<PlaySound>> PlaySound::open(LuaSession& session, source::content::Mounts mounts,
                                                   const PlaySoundOptions& options) {
    std::unique_ptr<PlaySound> s(new PlaySound(session));
    s->mMounts = std::move(mounts);
    s->mCapture = options.capture;
    s->mScripts = s->loadScripts(session.runtime->world().sounds.scripts());
    if (!options.capture.empty() || options.device) {
        auto out = audio_openal::Output::open({.loopback = !options.capture.empty()});
        if (out) {
            s->mOutput = std::move(*out);
            s->mOutputName = options.capture.empty() ? s->mOutput->deviceName() : "loopback";
        } else if (!options.capture.empty()) {
            return std::move(out).error();  // a capture that cannot run is an error, never a silent file
        } else {
            s->mNote = "no sound: " + out.error().message();  // no device: the game goes on without sound
        }
    }
    if (s->mOutput) {
        PlaySound* self = s.get();
        s->mOutput->setSampleProvider([self](const audio::SampleKey& key) -> audio::SamplePtr {
            const std::string path = asciiLower(key.name);
            if (auto it = self->mSamples.find(path); it != self->mSamples.end()) return it->second;
            audio::SamplePtr sample;
            // Missing and undecodable waves are both listed, the latter with the decoder's error code.
            if (auto bytes = self->mMounts.read(path)) {
                if (auto decoded = audio::decodeWave(*bytes))
                    sample = std::make_shared<const audio::DecodedSample>(std::move(*decoded));
                else
                    self->mMissing.insert(path + " (" + decoded.error().code() + ")");
            } else {
                self->mMissing.insert(path);
            }
            self->mSamples.emplace(path, sample);
            return sample;
        });
    }
    return s;
}

std::size_t PlaySound::loadScripts(source::game::SoundScripts& scripts) const {
    const auto read = [this](std::string_view path) { return mMounts.read(path); };
    std::size_t n = scripts.loadManifest(read);
    if (mSession.map) n += scripts.loadLevel(read, mSession.map->name());
    return n;
}

void PlaySound::collect() {
    if (mSession.client && !mClientScripts) {  // the client realm starts after the sound does
        (void)loadScripts(mSession.client->world().sounds.scripts());
        mClientScripts = true;
    }
    const auto feed = [&](const source::game::World& world, std::uint64_t* seen) {
        for (const audio::SoundEvent& e : mMixer.take(world.sounds, seen)) {
            if (e.kind == audio::EventKind::OneShot) ++mEvents;
            if (mLog.size() < kLogged && e.kind == audio::EventKind::OneShot)
                mLog.push_back({{"tick", e.tick}, {"wave", e.sample.name}});
            if (mOutput) mOutput->apply(e);
        }
    };
    feed(mSession.runtime->world(), &mServerSeen);
    if (mSession.client) feed(mSession.client->world(), &mClientSeen);
    if (mOutput) {
        mOutput->setListener(listenerOf(mSession.runtime->world()));
        mOutput->collectFinished();
    }
}

Status PlaySound::advance(std::uint64_t tick) {
    if (!mOutput || mCapture.empty() || mCaptureCut) return {};
    const double seconds = static_cast<double>(tick) * mSession.runtime->interval();
    if (seconds > kMaxCaptureSeconds) {
        mCaptureCut = true;
        return {};
    }
    const auto target = static_cast<std::uint64_t>(std::llround(seconds * mOutput->outputRate()));
    if (target <= mFrames) return {};
    VESTIGE_TRY(auto pcm, mOutput->render(static_cast<std::size_t>(target - mFrames)));
    mPcm.insert(mPcm.end(), pcm.begin(), pcm.end());
    mFrames = target;
    return {};
}

Bytes PlaySound::captureWave() const { return audio::buildPcm16Wave(mOutput ? mOutput->outputRate() : 44100, 2, mPcm); }

Status PlaySound::finish() {
    if (!mOutput || mCapture.empty()) return {};
    return writeFileAtomic(mCapture, captureWave());
}

nlohmann::json PlaySound::report() const {
    const auto& st = mMixer.stats();
    nlohmann::json j{{"output", mOutput ? mOutputName : std::string("none")},
                     {"events", mEvents},
                     {"played", st.played},
                     {"stops", st.stops},
                     {"oneShotsCut", mOutput ? mOutput->stats().oneShotsStopped : 0},
                     {"sentencesNotPlayed", st.sentences},
                     {"soundscripts", mScripts},
                     {"soundscriptNotes", mSession.runtime->world().sounds.scripts().notes()},
                     {"missingSamples", mMissing},
                     {"first", mLog}};
    if (!mNote.empty()) j["note"] = mNote;
    if (mOutput && !mCapture.empty()) {
        const int rate = mOutput->outputRate();
        nlohmann::json c{{"file", mCapture.string()}, {"rate", rate}, {"frames", mFrames}};
        // The first audible frame, as the tick whose audio it is in (tick k covers frames of [k-1, k) intervals).
        std::uint64_t peak = 0;
        std::optional<std::uint64_t> first;
        for (std::size_t i = 0; i < mPcm.size(); ++i) {
            const auto v = static_cast<std::uint64_t>(std::abs(static_cast<int>(mPcm[i])));
            peak = std::max(peak, v);
            if (!first && v > kAudible) first = i / 2;
        }
        c["peak"] = peak;
        if (first) {
            const double perTick = mSession.runtime->interval() * rate;
            c["firstAudibleFrame"] = *first;
            c["firstAudibleTick"] = static_cast<std::uint64_t>(static_cast<double>(*first) / perTick) + 1;
        } else {
            c["firstAudibleTick"] = nullptr;
        }
        if (mCaptureCut) c["note"] = fmt::format("capture stopped at {} s", kMaxCaptureSeconds);
        j["capture"] = c;
    }
    return j;
}

Result<std::unique_ptr<PlaySound>> openPlaySound(AppContext& ctx, const std::string& map, const ContentOptions& content,
                                                 const std::string& addon, LuaSession& session,
                                                 const PlaySoundOptions& options) {
    VESTIGE_TRY(auto resolved, vfs::openSpec(map, ctx.archives));
    VESTIGE_TRY(auto mounts, openContent(content, resolved.data, map));
    std::error_code ec;
    if (!addon.empty() && std::filesystem::is_directory(addon, ec))
        VESTIGE_CHECK(mounts.mounts.addHost(addon, source::content::pathid::kGame, "addon"));
    return PlaySound::open(session, std::move(mounts.mounts), options);
}

}  // namespace vestige::app
