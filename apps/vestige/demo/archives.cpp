// Demo stage: Iron3D archives. Filled in by the archives work.
#include "../src/app.hpp"

namespace vestige::app {
DemoStage demoStageArchives() {
    return {"archives", "NRes/RsLi: build, list, extract, repack (pending)", [](DemoContext&) -> Status { return {}; }};
}
}  // namespace vestige::app
