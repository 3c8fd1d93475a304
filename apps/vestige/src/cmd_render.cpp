// render / view. Filled in by the renderer work.
#include "app.hpp"

namespace vestige::app {
void addRenderCommands(CLI::App& /*cli*/, AppContext& /*ctx*/) {}
}  // namespace vestige::app
