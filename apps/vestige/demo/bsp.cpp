// Demo stage: bsp. Filled in by its capability's work.
#include "../src/app.hpp"

namespace vestige::app {
DemoStage demoStageBsp() {
    return {"bsp", "Source BSP: build a map, inspect, list entities (pending)", [](DemoContext&) -> Status { return {}; }};
}
}  // namespace vestige::app
