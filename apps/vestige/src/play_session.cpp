// Headless play (play_session.hpp).
#include "play_session.hpp"

#include <fmt/format.h>

#include <ostream>

#include "vestige/render_gl/headless.hpp"

namespace vestige::app {
namespace {

// The player's eye as Source places the view: origin + view offset (m_vecViewOffset, 64 standing, 28 ducked and
// in between while ducking), looking along the command's view angles (pl.v_angle). Before the player has spawned
// (a run of 0 ticks: it joins, but spawns on its first tick) the map's own camera stands in, and the shot says so.
PlayShot shotAt(source::game::World& world, std::uint64_t tick) {
    PlayShot shot;
    shot.tick = tick;
    shot.file = fmt::format("tick_{:06}.png", tick);
    if (const source::game::Entity* p = world.player(1); p && p->player && p->player->initialSpawnDone) {
        shot.fromPlayer = true;
        shot.eye = p->origin + Vec3{0, 0, p->player->move.viewOffsetZ};
        shot.angles = p->player->eyeAngles;
    }
    return shot;
}

// The client realm's part of the report: its own error counter, what it loaded and drew.
nlohmann::json clientReport(const LuaSession& session) {
    if (!session.client) return {{"started", false}, {"reason", session.clientAbsent}};
    const source::glua::Runtime& c = *session.client;
    nlohmann::json j{{"started", true}};
    j["errors"] = luaErrorsJson(c);
    j["filesLoaded"] = c.filesLoaded();
    j["filesSent"] = session.runtime->clientLuaFiles();
    j["hudElements"] = c.hudElements();
    j["hudElementsDrawn"] = false;  // the base HUD (health, ammo, crosshair) is not drawn yet
    j["fontNotes"] = c.fontNotes();
    j["surfaceCallsOutsidePaint"] = c.surfaceCallsOutsidePaint();
    return j;
}

}  // namespace

PlayTicker::PlayTicker(LuaSession& session, PlayConsole& console, TraceLine line)
    : mSession(session), mConsole(console), mLine(std::move(line)), mCursor(session.script) {
    mPlayer = session.runtime->joinPlayer().handle;
}

Status PlayTicker::tick() {
    if (mSound) mSound->collect();
    source::glua::Runtime& rt = *mSession.runtime;
    source::game::World& world = rt.world();
    // net, client to server: what the client sent in its last frame arrives before the server's tick.
    if (mSession.client) source::glua::deliverNetMessages(*mSession.client, rt, 1);
    source::client::RecordedTick input;
    if (mPlayback) {
        if (mTicks < mPlayback->ticks.size()) input = mPlayback->ticks[mTicks];
        for (const auto& l : input.console) mConsole.replay(l);
    } else {
        input.cmd = mSession.script.empty() ? mConsole.createMove(static_cast<float>(rt.interval())) : mCursor.next();
        input.console = mConsole.takeForwarded();
    }
    if (mRecord) *mRecord << source::client::recordingLine(mTicks + 1, input) << '\n';
    if (source::game::Entity* p = world.get(mPlayer)) world.setCommand(*p, input.cmd);
    rt.tick();
    ++mTicks;
    if (mLine) mLine(source::game::tickJson(world, world.player(1)));
    mConsole.followServer(world);
    if (const source::game::Entity* p = world.get(mPlayer); p && p->player && p->player->initialSpawnDone) {
        const Vec3 eye = p->origin + Vec3{0, 0, p->player->move.viewOffsetZ};
        mPrevEye = mHaveEye ? mEye : eye;
        mEye = eye;
        mHaveEye = true;
    }
    if (mSession.client) {
        mSession.client->updateLocalPlayer(rt);
        mSession.client->replicateNetworkedVars(rt);
        source::glua::deliverNetMessages(rt, *mSession.client, 1);  // server to client, before the client's frame
        mSession.client->frame();
    } else {
        (void)rt.takeNetMessages();  // no client to receive them (still counted per name in the report)
    }
    if (mSound) {
        mSound->collect();
        VESTIGE_CHECK(mSound->advance(mTicks));
    }
    return {};
}

void PlayTicker::record(std::ostream* out) {
    mRecord = out;
    if (mRecord) {
        const auto* map = mSession.map.get();
        *mRecord << source::client::recordingHeader(map ? map->name() : std::string(),
                                                    1.0 / mSession.runtime->interval())
                 << '\n';
    }
}

void PlayTicker::finishRecording() {
    if (mRecord) *mRecord << source::client::recordingFooter(mTicks, mSession.trace.hashHex()) << '\n';
}

bool PlayTicker::eye(Vec3* previous, Vec3* current) const {
    if (!mHaveEye) return false;
    *previous = mPrevEye;
    *current = mEye;
    return true;
}

Result<std::vector<PlayShot>> playHeadless(LuaSession& session, PlayConsole& console, const LoadedScene& scene,
                                           const PlayView& view, const TraceLine& line, const ShotSink& sink,
                                           const PlayTape& tape) {
    VESTIGE_TRY(auto off, render_gl::Offscreen::create(view.width, view.height));
    render_gl::Renderer& r = *off.renderer;
    VESTIGE_CHECK(openClientRealm(session, view.width, view.height));
    source::glua::Runtime* client = session.client.get();
    scene::DrawList2D hud;
    VESTIGE_CHECK(r.setScene(scene.view.scene));
    const float aspect = static_cast<float>(view.width) / static_cast<float>(view.height);
    const scene::Camera mapCamera = chooseCamera(SceneArgs{}, scene, aspect);
    std::vector<PlayShot> shots;
    const auto take = [&](std::uint64_t tick) -> Status {
        PlayShot shot = shotAt(session.runtime->world(), tick);
        // Source's 90 degree FOV on a 4:3 screen, as `vestige render --camera` draws it.
        const scene::Camera cam = shot.fromPlayer ? scene::sourceCamera(shot.eye, shot.angles) : mapCamera;
        if (!shot.fromPlayer) shot.eye = cam.position;
        VESTIGE_CHECK(r.draw(cam));
        VESTIGE_CHECK(r.drawOverlay(hud));
        VESTIGE_TRY(auto img, r.readColor());
        VESTIGE_CHECK(sink(shot, img));
        shots.push_back(std::move(shot));
        return {};
    };
    const std::uint64_t last = session.ticks;
    // Each tick is one client frame, as a listen server's host runs it: the console's buffer, the tick (the local
    // player updated from the server, Think), then the HUD pass; a shot draws the frame's HUD over the 3D view.
    PlayTicker ticker(session, console, line);
    ticker.record(tape.record);
    ticker.playback(tape.playback);
    ticker.sound(tape.sound);
    for (std::uint64_t t = 0; t < last && !console.quitRequested(); ++t) {
        console.execute();
        VESTIGE_CHECK(ticker.tick());
        if (client) client->paintHud(hud);
        const std::uint64_t tick = session.runtime->currentTick();
        if (tick % view.every == 0 || tick == last || console.takeScreenshotRequest()) VESTIGE_CHECK(take(tick));
    }
    ticker.finishRecording();
    if (shots.empty()) {  // no tick ran: the one shot is the state after boot
        if (client) client->paintHud(hud);
        VESTIGE_CHECK(take(session.runtime->currentTick()));
    }
    return shots;
}

nlohmann::json playReport(LuaSession& session, const std::string& mapFile, const PlayView& view,
                          std::span<const PlayShot> shots) {
    auto report = luaReport(*session.runtime, mapFile, session.map.get(), session.output, false, {});
    report["traceHash"] = session.trace.hashHex();
    report["size"] = {view.width, view.height};
    report["screenshotEvery"] = view.every;
    report["client"] = clientReport(session);
    report["shots"] = nlohmann::json::array();
    for (const auto& s : shots) {
        nlohmann::json camera{{"position", {s.eye.x, s.eye.y, s.eye.z}}};
        if (s.fromPlayer) camera["angles"] = {s.angles.x, s.angles.y, s.angles.z};
        report["shots"].push_back(
            {{"tick", s.tick}, {"file", s.file}, {"eye", s.fromPlayer ? "player" : "map"}, {"camera", camera}});
    }
    return report;
}

}  // namespace vestige::app
