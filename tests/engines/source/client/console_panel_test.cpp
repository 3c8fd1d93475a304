// The on-screen console: typing, Enter, history, completion and closing keys, and what it draws (a translucent upper
// half, the input line at its bottom, output above it). Rules of Source's console window; the layout is ours.
#include "vestige/source/client/console_panel.hpp"

#include <gtest/gtest.h>

#include "vestige/core/file_io.hpp"
#include "vestige/font/face.hpp"
#include "vestige/font/font_files.hpp"

namespace vestige::source::client {
namespace {

using viewer::FrameInput;
using viewer::Key;

FrameInput typed(std::string text) {
    FrameInput f;
    f.text = std::move(text);
    return f;
}
FrameInput pressed(Key k) {
    FrameInput f;
    f.pressed.set(static_cast<std::size_t>(k));
    return f;
}

struct Rig {
    Console console;
    ConsolePanel panel{console};
    std::vector<std::string> ran;
    Rig() {
        console.setPrinter([this](std::string_view s) { panel.addOutput(s); });
        console.addCommand("rec", "", [this](const CommandArgs& a) { ran.push_back(a.argString); });
        console.addVar("sensitivity", "3", 0, "");
        console.addVar("sv_cheats", "0", 0, "");
    }
};

TEST(ConsolePanel, ToggleconsoleOpensItAndTheConsoleKeyOrEscapeClosesIt) {
    Rig r;
    r.console.run("toggleconsole");
    EXPECT_TRUE(r.panel.isOpen());
    r.panel.handle(typed("`"));  // the console key never types
    EXPECT_EQ(r.panel.inputLine(), "");
    r.panel.handle(pressed(Key::Grave));
    EXPECT_FALSE(r.panel.isOpen());
    r.console.run("showconsole");
    r.panel.handle(pressed(Key::Escape));
    EXPECT_FALSE(r.panel.isOpen());
    r.panel.handle(typed("ignored"));  // closed: nothing
    EXPECT_EQ(r.panel.inputLine(), "");
}

TEST(ConsolePanel, EnterRunsTheLineAndEchoesIt) {
    Rig r;
    r.panel.setOpen(true);
    r.panel.handle(typed("rec one two"));
    r.panel.handle(pressed(Key::Backspace));
    r.panel.handle(pressed(Key::Enter));
    EXPECT_EQ(r.panel.inputLine(), "");
    r.console.execute();  // typed lines run with the frame's buffer
    EXPECT_EQ(r.ran, (std::vector<std::string>{"one tw"}));
    ASSERT_FALSE(r.panel.lines().empty());
    EXPECT_EQ(r.panel.lines().front(), "] rec one tw");
}

TEST(ConsolePanel, UpAndDownWalkTheHistory) {
    Rig r;
    r.panel.setOpen(true);
    for (const char* line : {"rec a", "rec b", "rec b"}) {
        r.panel.handle(typed(line));
        r.panel.handle(pressed(Key::Enter));
    }
    r.panel.handle(pressed(Key::Up));
    EXPECT_EQ(r.panel.inputLine(), "rec b");  // a repeated line is kept once
    r.panel.handle(pressed(Key::Up));
    EXPECT_EQ(r.panel.inputLine(), "rec a");
    r.panel.handle(pressed(Key::Up));
    EXPECT_EQ(r.panel.inputLine(), "rec a");
    r.panel.handle(pressed(Key::Down));
    r.panel.handle(pressed(Key::Down));
    EXPECT_EQ(r.panel.inputLine(), "");
}

TEST(ConsolePanel, TabCompletesOneNameOrListsSeveral) {
    Rig r;
    r.panel.setOpen(true);
    r.panel.handle(typed("sens"));
    r.panel.handle(pressed(Key::Tab));
    EXPECT_EQ(r.panel.inputLine(), "sensitivity ");
    r.panel.handle(pressed(Key::Backspace));
    for (int i = 0; i < 11; ++i) r.panel.handle(pressed(Key::Backspace));
    r.console.run("alias sv_go rec");
    r.panel.handle(typed("sv_"));
    r.panel.handle(pressed(Key::Tab));
    EXPECT_EQ(r.panel.inputLine(), "sv_");  // sv_cheats and the alias sv_go share "sv_"
    EXPECT_EQ(r.panel.lines().back(), "  sv_go");
}

TEST(ConsolePanel, DrawsTheUpperHalfTheInputLineAndTheOutputAboveIt) {
    const auto file = font::fallbackFontFile();
    ASSERT_TRUE(file) << "DejaVu Sans (fonts-dejavu-core, installed by scripts/deps)";
    auto bytes = readFile(*file);
    ASSERT_TRUE(bytes.ok());
    auto face = font::Face::load(std::move(*bytes), 16);
    ASSERT_TRUE(face.ok());
    Rig r;
    scene::DrawList2D out;
    r.panel.draw(out, **face, 640, 360);
    EXPECT_TRUE(out.empty()) << "closed: nothing drawn";
    r.panel.setOpen(true);
    r.console.print("first\nsecond\n");
    r.panel.handle(typed("abc"));
    r.panel.draw(out, **face, 640, 360);
    ASSERT_GE(out.items.size(), 5u);
    EXPECT_EQ(out.items[0].kind, scene::Draw2D::Kind::Rect);
    EXPECT_EQ(out.items[0].y1, 180);
    EXPECT_EQ(out.items[0].color.a, 200);
    // The input line sits just above the panel's edge, the newest output line above it.
    const auto& input = out.items[2];
    const auto& newest = out.items[3];
    EXPECT_EQ(input.kind, scene::Draw2D::Kind::Text);
    EXPECT_EQ(input.y0, 180 - 16 - 4);
    EXPECT_EQ(newest.y0, input.y0 - 16);
    EXPECT_EQ(out.items[4].y0, input.y0 - 32);
    EXPECT_EQ(out.bitmaps.size(), 3u);
}

}  // namespace
}  // namespace vestige::source::client
