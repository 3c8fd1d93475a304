#pragma once
// Logging with levels and per-subsystem channels, over fmt. Output goes to stderr by default;
// tests and the CLI can redirect it. Log text is never a semantic input.
#include <fmt/core.h>

#include <functional>
#include <string>
#include <string_view>

namespace vestige::log {

enum class Level { Trace = 0, Debug, Info, Warn, Error, Off };

using Sink = std::function<void(Level, std::string_view channel, std::string_view message)>;

void setLevel(Level level);
void setChannelLevel(std::string_view channel, Level level);
Level level(std::string_view channel);
void setSink(Sink sink);  // nullptr restores stderr
bool enabled(Level lvl, std::string_view channel);
void write(Level lvl, std::string_view channel, std::string_view message);
std::string_view levelName(Level lvl);

template <class... Args>
void logf(Level lvl, std::string_view channel, fmt::format_string<Args...> f, Args&&... args) {
    if (enabled(lvl, channel)) write(lvl, channel, fmt::format(f, std::forward<Args>(args)...));
}
template <class... Args>
void debug(std::string_view ch, fmt::format_string<Args...> f, Args&&... a) { logf(Level::Debug, ch, f, std::forward<Args>(a)...); }
template <class... Args>
void info(std::string_view ch, fmt::format_string<Args...> f, Args&&... a) { logf(Level::Info, ch, f, std::forward<Args>(a)...); }
template <class... Args>
void warn(std::string_view ch, fmt::format_string<Args...> f, Args&&... a) { logf(Level::Warn, ch, f, std::forward<Args>(a)...); }
template <class... Args>
void error(std::string_view ch, fmt::format_string<Args...> f, Args&&... a) { logf(Level::Error, ch, f, std::forward<Args>(a)...); }

}  // namespace vestige::log
