#include "vestige/core/log.hpp"

#include <cstdio>
#include <map>
#include <mutex>

namespace vestige::log {
namespace {
struct State {
    std::mutex mutex;
    Level level = Level::Warn;
    std::map<std::string, Level, std::less<>> channels;
    Sink sink;
};
State& state() {
    static State s;
    return s;
}
}  // namespace

void setLevel(Level l) { std::lock_guard lock(state().mutex); state().level = l; }
void setChannelLevel(std::string_view ch, Level l) { std::lock_guard lock(state().mutex); state().channels[std::string(ch)] = l; }
Level level(std::string_view ch) {
    std::lock_guard lock(state().mutex);
    auto it = state().channels.find(ch);
    return it != state().channels.end() ? it->second : state().level;
}
void setSink(Sink s) { std::lock_guard lock(state().mutex); state().sink = std::move(s); }
bool enabled(Level l, std::string_view ch) { return l != Level::Off && l >= level(ch); }

std::string_view levelName(Level l) {
    switch (l) {
        case Level::Trace: return "trace";
        case Level::Debug: return "debug";
        case Level::Info: return "info";
        case Level::Warn: return "warn";
        case Level::Error: return "error";
        case Level::Off: return "off";
    }
    return "?";
}

void write(Level l, std::string_view ch, std::string_view msg) {
    Sink sink;
    {
        std::lock_guard lock(state().mutex);
        sink = state().sink;
    }
    if (sink) { sink(l, ch, msg); return; }
    std::fprintf(stderr, "[%.*s] %.*s: %.*s\n", static_cast<int>(levelName(l).size()), levelName(l).data(),
                 static_cast<int>(ch.size()), ch.data(), static_cast<int>(msg.size()), msg.data());
}

}  // namespace vestige::log
