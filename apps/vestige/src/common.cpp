#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "app.hpp"
#include "vestige/core/file_io.hpp"

namespace vestige::app {
namespace {

// Terminal progress bar: label, bar, percent, rate and ETA, redrawn at most 10 times a second.
class TerminalProgress final : public Progress {
public:
    void begin(std::string_view label, std::uint64_t total) override {
        mLabel = std::string(label);
        mTotal = total;
        mStart = Clock::now();
        mLastDraw = {};
        draw(0, true);
    }
    void update(std::uint64_t done) override { draw(done, false); }
    void end() override {
        draw(mTotal, true);
        std::fputc('\n', stderr);
    }

private:
    using Clock = std::chrono::steady_clock;
    void draw(std::uint64_t done, bool force) {
        const auto now = Clock::now();
        if (!force && now - mLastDraw < std::chrono::milliseconds(100)) return;
        mLastDraw = now;
        const double frac = mTotal ? static_cast<double>(done) / static_cast<double>(mTotal) : 1.0;
        const int width = 30;
        const int filled = static_cast<int>(frac * width);
        const double secs = std::chrono::duration<double>(now - mStart).count();
        const double rate = secs > 0 ? static_cast<double>(done) / secs : 0;
        const double eta = rate > 0 ? static_cast<double>(mTotal - done) / rate : 0;
        std::fprintf(stderr, "\r%s [%s%s] %3.0f%% %.0f/s ETA %.0fs ", mLabel.c_str(), std::string(filled, '#').c_str(),
                     std::string(width - filled, '.').c_str(), frac * 100, rate, eta);
        std::fflush(stderr);
    }
    std::string mLabel;
    std::uint64_t mTotal = 0;
    Clock::time_point mStart, mLastDraw;
};

}  // namespace

Progress& AppContext::progress() {
    static TerminalProgress bar;
    if (json || !isatty(STDERR_FILENO)) return silentProgress();
    return bar;
}

int reportError(const AppContext& ctx, const Error& error) {
    if (ctx.json) {
        printOut(fmt::format(R"({{"ok":false,"error":{}}})", error.toJson()));
    } else {
        std::fprintf(stderr, "vestige: error: %s\n", error.render().c_str());
    }
    return kExitError;
}

void printOut(std::string_view text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    if (text.empty() || text.back() != '\n') std::fputc('\n', stdout);
}

Status DemoContext::write(const std::string& relative, ByteView data) {
    const auto path = outDir / relative;
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) return Error("io.mkdir", "cannot create directory").file(path.parent_path().string());
    VESTIGE_CHECK(writeFileAtomic(path, data));
    produced.push_back(relative);
    return {};
}

}  // namespace vestige::app
