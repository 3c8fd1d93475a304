// lua: GLua runner. Filled in by the GLua work.
#include "app.hpp"

namespace vestige::app {
void addLuaCommand(CLI::App& /*cli*/, AppContext& /*ctx*/) {}
}  // namespace vestige::app
