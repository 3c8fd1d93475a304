// Demo stage: lua. Filled in by its capability's work.
#include "../src/app.hpp"

namespace vestige::app {
DemoStage demoStageLua() {
    return {"lua", "GLua: run a demo addon (pending)", [](DemoContext&) -> Status { return {}; }};
}
}  // namespace vestige::app
