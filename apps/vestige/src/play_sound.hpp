#pragma once
// Sound for `vestige play`: the session's sound events (the server's world and the client realm's) through the
// client's mixer (source/client/sound_mixer.hpp) into an OpenAL output, heard from the player's eye. Headless, the
// output is OpenAL Soft's loopback device and what it renders is written to a WAV (--sound-capture); in a window it
// is the default device, and when none opens the game runs on with a note and no sound. The waves and the
// soundscripts (scripts/game_sounds_manifest.txt, maps/<map>_level_sounds.txt) are read through the content mounts
// (the map's pakfile first, --gmod-dir, --mount) and the --addon folder.
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "content_options.hpp"
#include "lua_session.hpp"
#include "vestige/audio_openal/output.hpp"
#include "vestige/source/client/sound_mixer.hpp"
#include "vestige/source/content/mounts.hpp"

namespace vestige::app {

struct PlaySoundOptions {
    std::filesystem::path capture;  // headless: the WAV file (empty: no capture)
    bool device = false;            // window: the default audio device
};

class PlaySound {
public:
    [[nodiscard]] static Result<std::unique_ptr<PlaySound>> open(LuaSession& session, source::content::Mounts mounts,
                                                                 const PlaySoundOptions& options);
    // Hands the events since the last call to the output, with the listener at the player's eye.
    void collect();
    // Capture: renders the output up to the end of tick `tick`.
    [[nodiscard]] Status advance(std::uint64_t tick);
    // Capture: writes the WAV (nothing is written before the run ends).
    [[nodiscard]] Status finish();
    // Capture: the WAV's bytes (stereo 16-bit at the output's rate).
    [[nodiscard]] Bytes captureWave() const;
    [[nodiscard]] nlohmann::json report() const;

private:
    explicit PlaySound(LuaSession& session) : mSession(session) {}
    std::size_t loadScripts(source::game::SoundScripts& scripts) const;
    LuaSession& mSession;
    source::content::Mounts mMounts;
    std::unique_ptr<audio_openal::Output> mOutput;
    std::string mOutputName, mNote;
    source::client::SoundMixer mMixer;
    std::uint64_t mServerSeen = 0, mClientSeen = 0, mEvents = 0;
    std::map<std::string, audio::SamplePtr> mSamples;  // by lowered path; null: could not be read
    std::set<std::string> mMissing;
    std::vector<nlohmann::json> mLog;  // tick and wave of the first sounds played
    std::filesystem::path mCapture;
    std::vector<std::int16_t> mPcm;  // interleaved stereo
    std::uint64_t mFrames = 0;
    bool mCaptureCut = false, mClientScripts = false;
    std::size_t mScripts = 0;
};

// The mounts `vestige play` reads sound through: the map's pakfile, --gmod-dir, --mount, then the --addon folder.
[[nodiscard]] Result<std::unique_ptr<PlaySound>> openPlaySound(AppContext& ctx, const std::string& map,
                                                               const ContentOptions& content, const std::string& addon,
                                                               LuaSession& session, const PlaySoundOptions& options);

}  // namespace vestige::app
