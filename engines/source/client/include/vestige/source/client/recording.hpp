#pragma once
// A recorded game (`vestige play --record FILE`, replayed with `--playback FILE`): what the player's client sent the
// server, tick by tick — the command after CInput and the client realm's CreateMove, and the console lines that
// reached a realm since the previous tick (lua_run, ent_fire, a variable...) — so a playback gives the same trace
// hash whatever front end, frame rate or keyboard made the recording. JSON lines:
//
//   {"format":"vestige-recording","version":1,"map":"demo","tickRate":66.666...}
//   {"tick":1,"cmd":{"angles":[p,y,r],"forward":f,"side":s,"up":u,"buttons":b,"impulse":i,"mouse":[x,y],
//    "weapon":w,"subtype":t},"console":["lua_run ..."]}                               one per tick, in order
//   {"end":true,"ticks":N,"traceHash":"…"}
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/result.hpp"
#include "vestige/source/game/usercmd.hpp"

namespace vestige::source::client {

struct RecordedTick {
    game::UserCmd cmd;
    std::vector<std::string> console;
};

struct Recording {
    std::string map;
    double tickRate = 0;
    std::vector<RecordedTick> ticks;
    bool complete = false;  // the end line was there (a cut-off file still replays the ticks it has)
    std::string traceHash;  // of the recorded run (with `complete`)
};

[[nodiscard]] std::string recordingHeader(std::string_view map, double tickRate);
[[nodiscard]] std::string recordingLine(std::uint64_t tick, const RecordedTick& t);
[[nodiscard]] std::string recordingFooter(std::uint64_t ticks, std::string_view traceHash);
// Errors: play.bad_recording with the line and what was expected.
[[nodiscard]] Result<Recording> parseRecording(std::string_view text);

}  // namespace vestige::source::client
