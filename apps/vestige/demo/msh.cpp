// Demo stage: msh. Filled in by its capability's work.
#include "../src/app.hpp"

namespace vestige::app {
DemoStage demoStageMsh() {
    return {"msh", "Iron3D MSH: build a tank, inspect, export glTF (pending)", [](DemoContext&) -> Status { return {}; }};
}
}  // namespace vestige::app
