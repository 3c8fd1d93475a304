// Explicit format registration (no static initialisers, so the order is fixed and visible here).
#include "vestige/audio/register.hpp"

#include "app.hpp"
#include "vestige/iron3d/register.hpp"
#include "vestige/source/register.hpp"

namespace vestige::app {

void registerAllFormats(AppContext& ctx) {
    iron3d::registerFormats(ctx.formats, ctx.archives);
    source::registerFormats(ctx.formats, ctx.archives);
    audio::registerFormats(ctx.formats);
}

}  // namespace vestige::app
