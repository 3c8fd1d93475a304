// The on-screen console (console_panel.hpp).
#include "vestige/source/client/console_panel.hpp"

#include <algorithm>

#include "vestige/font/face.hpp"

namespace vestige::source::client {
namespace {

constexpr std::size_t kMaxListed = 32;  // completion names printed at once

// The longest common start of the sorted names.
std::string commonPrefix(const std::vector<std::string>& names) {
    if (names.empty()) return {};
    const std::string& a = names.front();
    const std::string& b = names.back();
    std::size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
    return a.substr(0, n);
}

// Drops a trailing UTF-8 character (a lead byte and its continuation bytes).
void popCharacter(std::string& s) {
    while (!s.empty()) {
        const auto c = static_cast<unsigned char>(s.back());
        s.pop_back();
        if ((c & 0xC0) != 0x80) break;
    }
}

}  // namespace

ConsolePanel::ConsolePanel(Console& console) : mConsole(console) {
    mConsole.addCommand("toggleconsole", "Show/hide the console.", [this](const CommandArgs&) { setOpen(!mOpen); });
    mConsole.addCommand("showconsole", "Show the console.", [this](const CommandArgs&) { setOpen(true); });
    mConsole.addCommand("hideconsole", "Hide the console.", [this](const CommandArgs&) { setOpen(false); });
    mConsole.addCommand("clear", "Clear all console output.", [this](const CommandArgs&) {
        mLines.clear();
        mPartial.clear();
    });
}

void ConsolePanel::setOpen(bool open) {
    mOpen = open;
    mHistoryPos = mHistory.size();
}

void ConsolePanel::addOutput(std::string_view text) {
    for (const char c : text) {
        if (c == '\n') {
            mLines.push_back(std::move(mPartial));
            mPartial.clear();
            if (mLines.size() > kMaxLines) mLines.pop_front();
        } else if (c != '\r' && mPartial.size() < 4096) {
            mPartial += c;
        }
    }
}

void ConsolePanel::handle(const viewer::FrameInput& f) {
    using viewer::Key;
    if (!mOpen) return;
    for (const char c : f.text)
        if (c != '`' && static_cast<unsigned char>(c) >= 0x20 && mInput.size() < kMaxInput) mInput += c;
    if (f.wasPressed(Key::Backspace)) popCharacter(mInput);
    if (f.wasPressed(Key::Tab)) complete();
    if (f.wasPressed(Key::Up)) browse(-1);
    if (f.wasPressed(Key::Down)) browse(+1);
    if (f.wasPressed(Key::Enter)) submit();
    if (f.wasPressed(Key::Escape) || f.wasPressed(Key::Grave)) setOpen(false);
}

void ConsolePanel::submit() {
    const std::string line = mInput;
    mInput.clear();
    mConsole.print("] " + line + "\n");
    if (line.find_first_not_of(' ') == std::string::npos) return;
    if (mHistory.empty() || mHistory.back() != line) mHistory.push_back(line);
    if (mHistory.size() > kMaxHistory) mHistory.erase(mHistory.begin());
    mHistoryPos = mHistory.size();
    mConsole.addText(line);  // runs with the frame's buffer, as typed commands do in Source
}

void ConsolePanel::complete() {
    if (mInput.find(' ') != std::string::npos) return;  // names only, not arguments
    const auto names = mConsole.complete(mInput);
    if (names.empty()) return;
    if (names.size() == 1) {
        mInput = names.front() + " ";
        return;
    }
    mInput = commonPrefix(names);
    for (std::size_t i = 0; i < names.size() && i < kMaxListed; ++i) mConsole.print("  " + names[i] + "\n");
    if (names.size() > kMaxListed) mConsole.print("  ... " + std::to_string(names.size() - kMaxListed) + " more\n");
}

void ConsolePanel::browse(int step) {
    if (mHistory.empty()) return;
    if (step < 0 && mHistoryPos > 0) --mHistoryPos;
    if (step > 0 && mHistoryPos < mHistory.size()) ++mHistoryPos;
    mInput = mHistoryPos < mHistory.size() ? mHistory[mHistoryPos] : std::string();
}

void ConsolePanel::draw(scene::DrawList2D& out, const font::Face& face, std::uint32_t width,
                        std::uint32_t height) const {
    if (!mOpen || width == 0 || height == 0) return;
    const auto w = static_cast<std::int32_t>(width);
    const std::int32_t bottom = static_cast<std::int32_t>(height / 2);
    const std::int32_t cell = std::max(1, face.cellHeight());
    out.items.push_back({scene::Draw2D::Kind::Rect, 0, 0, w, bottom, {0, 0, 0, 200}, 0});
    out.items.push_back({scene::Draw2D::Kind::Rect, 0, bottom, w, bottom + 2, {255, 160, 0, 255}, 0});
    const auto text = [&](const std::string& s, std::int32_t y, scene::Rgba8 color) {
        if (s.empty()) return;
        const int to = std::min(face.measure(s).width, w - 8);
        if (to <= 0) return;
        font::Bitmap b = face.render(s, 0, to);
        out.bitmaps.push_back({b.width, b.height, std::move(b.ink)});
        out.items.push_back({scene::Draw2D::Kind::Text, 4, y, 4 + static_cast<std::int32_t>(b.width),
                             y + static_cast<std::int32_t>(b.height), color,
                             static_cast<std::uint32_t>(out.bitmaps.size() - 1)});
    };
    std::int32_t y = bottom - cell - 4;
    text("] " + mInput + "_", y, {255, 255, 255, 255});
    // The newest lines just above the input line, older ones above them, as far as the panel reaches.
    std::vector<const std::string*> shown;
    if (!mPartial.empty()) shown.push_back(&mPartial);
    for (auto it = mLines.rbegin(); it != mLines.rend(); ++it) shown.push_back(&*it);
    for (const std::string* line : shown) {
        y -= cell;
        if (y < 0) break;
        text(*line, y, {210, 210, 210, 255});
    }
}

}  // namespace vestige::source::client
