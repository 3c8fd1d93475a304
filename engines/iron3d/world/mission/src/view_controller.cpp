#include "vestige/iron3d/mission/view_controller.hpp"

#include <fmt/format.h>

#include <array>
#include <utility>

namespace vestige::iron3d::mission {
namespace {

using viewer::Key;

constexpr input::Button kb(std::uint32_t code) { return {input::Device::Keyboard, code}; }

}  // namespace

std::uint32_t dikScanCode(Key key) {
    static constexpr std::array<std::pair<Key, std::uint32_t>, 70> kTable = {{
        {Key::Escape, 0x01},   {Key::Num1, 0x02},      {Key::Num2, 0x03},       {Key::Num3, 0x04},
        {Key::Num4, 0x05},     {Key::Num5, 0x06},      {Key::Num6, 0x07},       {Key::Num7, 0x08},
        {Key::Num8, 0x09},     {Key::Num9, 0x0A},      {Key::Num0, 0x0B},       {Key::Backspace, 0x0E},
        {Key::Tab, 0x0F},      {Key::Q, 0x10},         {Key::W, 0x11},          {Key::E, 0x12},
        {Key::R, 0x13},        {Key::T, 0x14},         {Key::Y, 0x15},          {Key::U, 0x16},
        {Key::I, 0x17},        {Key::O, 0x18},         {Key::P, 0x19},          {Key::Enter, 0x1C},
        {Key::LeftCtrl, 0x1D}, {Key::A, 0x1E},         {Key::S, 0x1F},          {Key::D, 0x20},
        {Key::F, 0x21},        {Key::G, 0x22},         {Key::H, 0x23},          {Key::J, 0x24},
        {Key::K, 0x25},        {Key::L, 0x26},         {Key::LeftShift, 0x2A},  {Key::Z, 0x2C},
        {Key::X, 0x2D},        {Key::C, 0x2E},         {Key::V, 0x2F},          {Key::B, 0x30},
        {Key::N, 0x31},        {Key::M, 0x32},         {Key::RightShift, 0x36}, {Key::LeftAlt, 0x38},
        {Key::Space, 0x39},    {Key::F1, 0x3B},        {Key::F2, 0x3C},         {Key::F3, 0x3D},
        {Key::F4, 0x3E},       {Key::F5, 0x3F},        {Key::F6, 0x40},         {Key::F7, 0x41},
        {Key::F8, 0x42},       {Key::F9, 0x43},        {Key::F10, 0x44},        {Key::F11, 0x57},
        {Key::F12, 0x58},      {Key::RightCtrl, 0x9D}, {Key::RightAlt, 0xB8},   {Key::Home, 0xC7},
        {Key::Up, 0xC8},       {Key::PageUp, 0xC9},    {Key::Left, 0xCB},       {Key::Right, 0xCD},
        {Key::End, 0xCF},      {Key::Down, 0xD0},      {Key::PageDown, 0xD1},   {Key::Insert, 0xD2},
        {Key::Delete, 0xD3},   {Key::Unknown, 0},
    }};
    for (const auto& [k, code] : kTable)
        if (k == key) return code;
    return 0;
}

Result<std::unique_ptr<MissionViewController>> MissionViewController::create(Vec3 target, float verticalFov,
                                                                             float aspect, input::CameraConfig config) {
    auto c = std::unique_ptr<MissionViewController>(new MissionViewController());
    c->mRuntime = std::make_unique<MissionRuntime>();
    c->mRig = std::make_unique<CameraRig>();
    c->mVerticalFov = verticalFov;
    CameraRig& rig = *c->mRig;
    rig.controller = input::CameraController(config);
    using input::CameraCommand;
    for (auto [command, keys] : {std::pair{CameraCommand::Left, std::array{Key::Left, Key::A}},
                                 {CameraCommand::Right, std::array{Key::Right, Key::D}},
                                 {CameraCommand::Up, std::array{Key::Up, Key::W}},
                                 {CameraCommand::Down, std::array{Key::Down, Key::S}},
                                 {CameraCommand::Center, std::array{Key::C, Key::Home}},
                                 {CameraCommand::Infrared, std::array{Key::I, Key::Unknown}}})
        for (Key k : keys)
            if (const auto code = dikScanCode(k)) rig.controller.bind(command, kb(code));
    VESTIGE_CHECK(input::addMouseLook(rig.manual, config));
    rig.controller.camera().targetPosition = target;
    const int height = 720;
    rig.viewport = {0, 0, static_cast<std::int32_t>(static_cast<float>(height) * aspect), height};
    // Registered before the rig's systems; CollectPlatformEvents runs before the rig builds the snapshot.
    const std::uint64_t step = c->mRuntime->clock().config().stepMicros;
    MissionViewController* self = c.get();
    c->mRuntime->addSystem(
        world::SchedulerPhase::CollectPlatformEvents, "view.events", [self, step](SystemContext& ctx) -> Status {
            const std::uint64_t end = (ctx.tick + 1) * step;
            for (; !self->mQueue.empty() && self->mQueue.front().micros <= end; self->mQueue.pop_front())
                self->mRig->collector.push(self->mQueue.front().event);
            return {};
        });
    installCamera(*c->mRuntime, rig);
    c->mShown = rig.controller.renderCamera(0, rig.viewport);
    return c;
}

void MissionViewController::push(const viewer::FrameInput& in) {
    using Kind = input::InputEvent::Kind;
    for (std::size_t i = 1; i < viewer::kKeyCount; ++i) {
        const Key key = static_cast<Key>(i);
        const bool down = in.pressed.test(i), up = in.released.test(i), held = in.held.test(i);
        if (!down && !up) continue;
        const std::uint32_t code = dikScanCode(key);
        if (code == 0) continue;
        // The frame keeps edges, not their order: held at the end means the press came last.
        if (down && up && held) queue({Kind::Up, kb(code)});
        if (down) queue({Kind::Down, kb(code)});
        if (up && !held) queue({Kind::Up, kb(code)});
    }
    if (in.mouseDelta.x != 0 || in.mouseDelta.y != 0) {
        input::InputEvent e;
        e.kind = Kind::MouseMove;
        e.button.device = input::Device::Mouse;
        e.motion = in.mouseDelta;
        queue(e);
    }
    if (in.focusLost || in.deviceRemoved)
        for (auto device : {input::Device::Keyboard, input::Device::Mouse}) {
            queue({Kind::DeviceLost, {device, 0}});
            queue({Kind::DeviceAdded, {device, 0}});
        }
}

Status MissionViewController::update(const viewer::FrameInput& in) {
    mNowMicros += in.elapsedMicros;
    push(in);
    VESTIGE_TRY(const auto report, mRuntime->frame(in.elapsedMicros, true));
    (void)report;
    if (mRig->frame.current()) mShown = *mRig->frame.current();
    return {};
}

scene::Camera MissionViewController::camera() const {
    scene::Camera c = scene::lookAtCamera(mShown.position, mShown.position + mShown.forward, mVerticalFov);
    c.zNear = mShown.nearPlane;
    c.zFar = mShown.farPlane;
    return c;
}

std::string MissionViewController::stateJson() const {
    const auto& g = gameCamera();
    const Vec3 p = mShown.position;
    return fmt::format(
        R"({{"name":"iron3d_mission","tick":{},"yaw":{},"pitch":{},"infrared":{},"centring":{},"position":[{},{},{}]}})",
        tick(), g.yaw, g.pitch, g.infrared, g.centring, p.x, p.y, p.z);
}

}  // namespace vestige::iron3d::mission
