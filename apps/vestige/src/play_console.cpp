// The local player's console and input (play_console.hpp).
#include "play_console.hpp"

#include <fmt/format.h>

#include <fstream>

#include "vestige/core/file_io.hpp"
#include "vestige/font/font_files.hpp"
#include "vestige/source/client/default_config.hpp"
#include "vestige/source/client/keys.hpp"

namespace vestige::app {
namespace {

namespace fs = std::filesystem;
namespace client = source::client;

constexpr std::size_t kMaxKeptOutput = 64 << 10;  // console text kept for the report
constexpr int kPanelCell = 16;                    // the on-screen console's line height in pixels

std::optional<std::string> readText(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::nullopt;
    auto bytes = readFile(path);
    if (!bytes) return std::nullopt;
    return std::string(reinterpret_cast<const char*>(bytes->data()), bytes->size());
}

// One key's edges of a frame as Key_Event calls, in the order they must have happened.
void keyEdges(client::Console& c, std::string_view name, bool pressed, bool released, bool held) {
    if (name.empty() || (!pressed && !released)) return;
    const auto code = client::keyCode(name);
    if (!code) return;
    if (pressed && released) {
        // Held at the end: it was down before the frame, went up and down again; otherwise a tap.
        c.keyEvent(name, *code, !held);
        c.keyEvent(name, *code, held);
    } else {
        c.keyEvent(name, *code, pressed);
    }
}

}  // namespace

PlayConsole::PlayConsole(LuaSession& session, PlayConsoleOptions options)
    : mSession(session), mOptions(std::move(options)) {}

Result<std::unique_ptr<PlayConsole>> PlayConsole::create(LuaSession& session, const PlayConsoleOptions& options) {
    std::optional<std::string> execText;
    if (!options.execFile.empty()) {
        VESTIGE_TRY(auto bytes, readFile(options.execFile));
        execText.emplace(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }
    std::unique_ptr<PlayConsole> p(new PlayConsole(session, options));
    PlayConsole& self = *p;
    client::Console& c = self.mConsole;
    c.setPrinter([&self](std::string_view text) {
        if (self.mOutput.size() < kMaxKeptOutput) self.mOutput.append(text.substr(0, kMaxKeptOutput));
        self.mPanel.addOutput(text);
        self.mSession.runtime->print(text);
    });
    std::optional<fs::path> fontFile = font::findFontFile("DejaVu Sans Mono", 400, {{font::systemFontDir()}});
    if (!fontFile) fontFile = font::fallbackFontFile();
    if (fontFile) {
        if (auto bytes = readFile(*fontFile)) {
            if (auto face = font::Face::load(std::move(*bytes), kPanelCell)) self.mFont = std::move(*face);
        }
    }
    if (!self.mFont) self.mFontNote = "no font for the on-screen console (fonts-dejavu-core): it shows no text";
    c.setFileReader([&self](const std::string& name) { return self.readCfg(name); });
    c.setForward([&self](const client::CommandArgs& a, std::string_view line) {
        if (self.mOptions.playback) {  // the recording's lines are the only ones that reach a realm
            ++self.mDroppedInPlayback;
            return true;
        }
        // A listen server's host console reaches the server first, then its own client realm.
        const bool ran = self.mSession.runtime->consoleCommand(a.argv, a.argString) ||
                         (self.mSession.client && self.mSession.client->consoleCommand(a.argv, a.argString));
        if (ran) self.mForwarded.emplace_back(line);
        return ran;
    });
    // The client realm's say over keys and commands: PlayerBindPress may block a bind, CreateMove edit the command.
    c.setBindFilter([&self](std::string_view binding, int code) {
        return self.mSession.client && self.mSession.client->playerBindPress(binding, code);
    });
    const auto quit = [&self](const client::CommandArgs&) { self.mQuit = true; };
    c.addCommand("quit", "Exit the engine.", quit);
    c.addCommand("exit", "Exit the engine.", quit);
    const auto shot = [&self](const client::CommandArgs&) { self.mShot = true; };
    c.addCommand("screenshot", "Take a screenshot (PNG).", shot);
    c.addCommand("jpeg", "Take a screenshot (written as PNG).", shot);
    c.addCommand("host_writeconfig", "Store current settings to config.cfg.", [&self](const client::CommandArgs&) {
        if (auto st = self.writeConfig(); !st) self.mConsole.print("host_writeconfig: " + st.error().message() + "\n");
    });
    // The keyboard's weapon choice (fast switch) over what the server says the local player carries.
    self.mWeapons = std::make_unique<client::WeaponSelection>(c, self.mInput, [&self] {
        std::vector<client::SelectableWeapon> out;
        for (const auto& w : self.mSession.runtime->carriedWeapons(1))  // player 1: the listen server's host
            out.push_back({w.index, w.slot, w.slotPos, w.active, w.previous});
        return out;
    });
    c.addVar("fov_desired", "75", client::fcvar::kArchive | client::fcvar::kUserInfo, "Sets the base field-of-view.",
             75.0f, 90.0f);

    if (options.playback) return p;  // no start-up: the recording has what it did
    // Start-up, as Source's valve.rc: the saved config (or the default binds), autoexec, then the command line.
    if (self.readCfg("config.cfg")) {
        c.addText("exec config.cfg");
    } else {
        c.addText(client::defaultConfig());
    }
    if (self.readCfg("autoexec.cfg")) c.addText("exec autoexec.cfg");
    if (execText) c.addText(*execText);
    // stuffcmds: "+name args..." up to the next "+" word, each one command.
    std::string line;
    for (const auto& word : options.commandLine) {
        if (!word.empty() && word[0] == '+') {
            if (!line.empty()) c.addText(line);
            line = word.substr(1);
        } else if (!line.empty()) {
            line += word.find_first_of(" \t;") == std::string::npos ? " " + word : " \"" + word + "\"";
        }
    }
    if (!line.empty()) c.addText(line);
    c.execute();  // before the first frame: a key pressed then must already find its binding
    return p;
}

std::optional<std::string> PlayConsole::readCfg(const std::string& name) const {
    if (name.find("..") != std::string::npos) return std::nullopt;  // exec stays inside the cfg folders
    for (const fs::path& dir : {mOptions.cfgDir, mOptions.gmodCfg})
        if (!dir.empty())
            if (auto text = readText(dir / name)) return text;
    return std::nullopt;
}

void PlayConsole::frameInput(const viewer::FrameInput& f) {
    using viewer::Key;
    if (mPanel.isOpen()) {
        if (!mPanelWasOpen) mInput.releaseAll();  // what was held when it opened must not stay held
        mPanelWasOpen = true;
        mPanel.handle(f);
        return;
    }
    mPanelWasOpen = false;
    if (f.wasPressed(Key::Escape)) mQuit = true;
    for (std::size_t i = 1; i < viewer::kKeyCount; ++i) {
        const auto k = static_cast<Key>(i);
        if (k == Key::Escape) continue;
        keyEdges(mConsole, client::sourceKeyName(k), f.pressed.test(i), f.released.test(i), f.held.test(i));
    }
    const client::MouseKey buttons[] = {client::MouseKey::Mouse1, client::MouseKey::Mouse3,
                                        client::MouseKey::Mouse2};  // viewer order: left, middle, right
    for (std::size_t i = 0; i < viewer::kMouseButtonCount; ++i)
        keyEdges(mConsole, client::sourceKeyName(buttons[i]), f.buttonsPressed.test(i), f.buttonsReleased.test(i),
                 f.buttonsHeld.test(i));
    // A wheel notch is a key going down and up at once.
    for (int n = 0; n < std::abs(f.wheel) && n < 64; ++n)
        keyEdges(mConsole, client::sourceKeyName(f.wheel > 0 ? client::MouseKey::WheelUp : client::MouseKey::WheelDown),
                 true, true, false);
    if (f.focusLost || f.deviceRemoved) mInput.releaseAll();
    mInput.mouseMove(f.mouseDelta.x, f.mouseDelta.y);
}

void PlayConsole::drawPanel(scene::DrawList2D& out, std::uint32_t width, std::uint32_t height) const {
    if (mFont) {
        mPanel.draw(out, *mFont, width, height);
    } else if (mPanel.isOpen()) {
        out.items.push_back({scene::Draw2D::Kind::Rect,
                             0,
                             0,
                             static_cast<std::int32_t>(width),
                             static_cast<std::int32_t>(height / 2),
                             {0, 0, 0, 200},
                             0});
    }
}

source::game::UserCmd PlayConsole::createMove(float tickInterval) {
    source::game::UserCmd cmd = mInput.createMove(0, 0, tickInterval);
    if (mSession.client) mSession.client->createMove(cmd);
    return cmd;
}

void PlayConsole::followServer(source::game::World& world) {
    const source::game::Entity* p = world.player(1);
    if (p && p->player && p->player->fixAngle) mInput.setViewAngles(p->player->eyeAngles);
}

void PlayConsole::replay(std::string_view line) {
    auto args = client::tokenize(line);
    if (!args || args->argc() == 0) return;
    if (!mSession.runtime->consoleCommand(args->argv, args->argString) && mSession.client)
        (void)mSession.client->consoleCommand(args->argv, args->argString);
}

bool PlayConsole::takeScreenshotRequest() {
    const bool s = mShot;
    mShot = false;
    return s;
}

Status PlayConsole::writeConfig() {
    if (mOptions.cfgDir.empty()) return Error("play.no_cfg_dir", "no --cfg-dir given; nothing written");
    std::error_code ec;
    fs::create_directories(mOptions.cfgDir, ec);
    const fs::path path = mOptions.cfgDir / "config.cfg";
    const fs::path tmp = mOptions.cfgDir / "config.cfg.tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << "// written by vestige play (host_writeconfig)\n" << mConsole.writeConfig();
        if (!out) return Error("io.write", "cannot write the config").file(tmp.string());
    }
    fs::rename(tmp, path, ec);  // whole or not at all
    if (ec) return Error("io.write", ec.message()).file(path.string());
    return {};
}

nlohmann::json PlayConsole::reportJson() const {
    nlohmann::json j;
    j["commandsRun"] = mConsole.commandsRun();
    j["unknownCommands"] = mConsole.unknownCommands();
    j["droppedCommands"] = mConsole.droppedCommands();
    j["output"] = mOutput;
    j["panelOpen"] = mPanel.isOpen();
    if (mOptions.playback) j["droppedInPlayback"] = mDroppedInPlayback;
    if (!mFontNote.empty()) j["fontNote"] = mFontNote;
    return j;
}

}  // namespace vestige::app
