// Control-resource preparation: CTLD + the explicitly referenced CPT. Rules: include/vestige/iron3d/ctl/prepare.hpp.
#include "vestige/iron3d/ctl/prepare.hpp"

namespace vestige::iron3d::ctl {

Result<PreparedControl> prepare(ByteView ctl, std::optional<ByteView> explicitCpt) {
    PreparedControl out;
    VESTIGE_TRY(out.file, read(ctl));
    VESTIGE_TRY(out.effects, readEffects(out.file));
    if (explicitCpt) {
        auto points = cpt::read(*explicitCpt);
        if (!points) return std::move(points).error().in("resource", "cpt");
        out.points = std::move(*points);
    }
    return out;
}

}  // namespace vestige::iron3d::ctl
