#pragma once
// Soundscripts: named sounds with their channel, volume, sound level, pitch range and waves, from the game's
// scripts/game_sounds_manifest.txt (each precache_file / preload_file it lists, KeyValues text) and from Lua's
// sound.Add. A later definition of a name replaces the earlier one, as Source's sound emitter does.
//
//   "Buttons.snd1"                      one root block per sound
//   {
//       "channel"     "CHAN_VOICE"      CHAN_* name or a number            (default CHAN_AUTO)
//       "volume"      "0.8, 1.0"        number, VOL_NORM, or "lo, hi"      (default 1)
//       "soundlevel"  "SNDLVL_75dB"     SNDLVL_* name or a number (dB)     (default SNDLVL_NORM = 75)
//       "pitch"       "PITCH_NORM"      number, PITCH_LOW/NORM/HIGH, "lo, hi" (default 100)
//       "wave"        "buttons/button1.wav"             or
//       "rndwave"     { "wave" "a.wav"  "wave" "b.wav" }   one picked per play
//   }
//
// Wave paths are relative to sound/ and may start with Source's sound characters (")", "^", "*", "#", "@", "<",
// ">", "}"), which tell the mixer how to play the wave and are not part of the file name (soundPath strips them).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige::source::game {

struct SoundScript {
    std::string name;  // as defined (case kept)
    int channel = 0;   // CHAN_*
    float volumeMin = 1, volumeMax = 1;
    float soundLevel = 75;  // dB, SNDLVL_*
    float pitchMin = 100, pitchMax = 100;
    std::vector<std::string> waves;  // as written (sound characters kept)
    std::string file;                // where it was defined ("scripts/game_sounds.txt", "lua" for sound.Add)
};

// CHAN_* / SNDLVL_* / VOL_NORM / PITCH_* names and numbers as soundscripts write them; nullopt when unreadable.
[[nodiscard]] std::optional<int> channelFromText(std::string_view text);
[[nodiscard]] std::optional<float> soundLevelFromText(std::string_view text);
// "sound/" + the wave path without its leading sound characters, '\' as '/'; empty for a sentence ("!name").
[[nodiscard]] std::string soundPath(std::string_view wave);

class SoundScripts {
public:
    void add(SoundScript script);
    // ASCII case-insensitive, as Source looks soundscripts up.
    [[nodiscard]] const SoundScript* find(std::string_view name) const;
    [[nodiscard]] const std::map<std::string, SoundScript>& all() const { return mScripts; }  // key: lowered name
    [[nodiscard]] std::size_t size() const { return mScripts.size(); }

    // One game_sounds file: every root block becomes a script; the count defined. A block the script cannot use
    // (no wave, an unreadable channel or level) is skipped and reported in `notes` with its line.
    [[nodiscard]] Result<std::size_t> addFile(std::string_view text, const std::string& file);
    // scripts/game_sounds_manifest.txt read through `read`, then each precache_file / preload_file it names, in
    // order (declare_file entries are not loaded, as in Source). No manifest: nothing loaded, not an error. A
    // listed file that is missing or does not parse is a note; the run goes on as Source's does.
    using FileReader = std::function<Result<Bytes>(std::string_view path)>;
    [[nodiscard]] std::size_t loadManifest(const FileReader& read);
    // The map's own scripts, maps/<map>_level_sounds.txt, when the game has it (CSoundEmitterSystem's level init):
    // they replace scripts of the same name. A file that does not parse is a note.
    [[nodiscard]] std::size_t loadLevel(const FileReader& read, std::string_view mapName);

    // What could not be loaded ("scripts/x.txt:12: Foo.Bar has no wave").
    [[nodiscard]] const std::vector<std::string>& notes() const { return mNotes; }

private:
    std::map<std::string, SoundScript> mScripts;
    std::vector<std::string> mNotes;
};

}  // namespace vestige::source::game
