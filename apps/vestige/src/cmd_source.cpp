// Source map verbs (ents, move). Filled in by the BSP and movement work.
#include "app.hpp"

namespace vestige::app {
void addSourceCommands(CLI::App& /*cli*/, AppContext& /*ctx*/) {}
}  // namespace vestige::app
