// Demo stage: render. Filled in by its capability's work.
#include "../src/app.hpp"

namespace vestige::app {
DemoStage demoStageRender() {
    return {"render", "Renderer: headless screenshots (pending)", [](DemoContext&) -> Status { return {}; }};
}
}  // namespace vestige::app
