// export: model/map to glTF. Filled in by the MSH and BSP work.
#include "app.hpp"

namespace vestige::app {
void addExportCommand(CLI::App& /*cli*/, AppContext& /*ctx*/) {}
}  // namespace vestige::app
