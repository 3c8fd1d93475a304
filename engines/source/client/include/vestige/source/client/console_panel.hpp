#pragma once
// The on-screen console (the engine's console window, toggled by `toggleconsole`, bound to ` by default): the upper
// half of the screen with the console's output and an input line. While it is open it owns the keyboard — typed text,
// Enter (the line runs as typed at the console, echoed "] line"), Backspace, Up/Down through the history, Tab to
// complete a command or variable name (one match: completed; several: the common part, and the names listed), `
// or Escape to close — and the game's binds see nothing, as in Source.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/scene/draw2d.hpp"
#include "vestige/source/client/console.hpp"
#include "vestige/viewer/frame_input.hpp"

namespace vestige::font {
class Face;
}

namespace vestige::source::client {

class ConsolePanel {
public:
    static constexpr std::size_t kMaxLines = 512;   // scrollback kept
    static constexpr std::size_t kMaxInput = 255;   // characters on the input line
    static constexpr std::size_t kMaxHistory = 64;  // lines Up/Down go through

    // Registers `toggleconsole`, `showconsole`, `hideconsole` and `clear` on `console` (which must outlive this).
    explicit ConsolePanel(Console& console);
    ConsolePanel(const ConsolePanel&) = delete;
    ConsolePanel& operator=(const ConsolePanel&) = delete;

    [[nodiscard]] bool isOpen() const { return mOpen; }
    void setOpen(bool open);
    // Text the console printed (the printer forwards it here).
    void addOutput(std::string_view text);
    // A frame while open: its typing and editing keys (see above). Does nothing when closed.
    void handle(const viewer::FrameInput& f);
    // The panel over a width x height screen (nothing when closed).
    void draw(scene::DrawList2D& out, const font::Face& face, std::uint32_t width, std::uint32_t height) const;

    [[nodiscard]] const std::string& inputLine() const { return mInput; }
    [[nodiscard]] const std::deque<std::string>& lines() const { return mLines; }

private:
    void submit();
    void complete();
    void browse(int step);

    Console& mConsole;
    bool mOpen = false;
    std::deque<std::string> mLines;
    std::string mPartial;  // printed text not ended by a newline yet
    std::string mInput;
    std::vector<std::string> mHistory;
    std::size_t mHistoryPos = 0;  // == mHistory.size(): the line being typed
};

}  // namespace vestige::source::client
