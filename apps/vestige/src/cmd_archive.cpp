// ls / extract / pack for Iron3D archives (NRes, RsLi). Filled in by the archives work.
#include "app.hpp"

namespace vestige::app {
void addArchiveCommands(CLI::App& /*cli*/, AppContext& /*ctx*/) {}
}  // namespace vestige::app
