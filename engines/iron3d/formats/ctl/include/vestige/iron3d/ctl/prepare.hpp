#pragma once
// A component's control resources as prototype preparation reads them (seed 002): the CTLD pose rows and
// effect section, and the point list of the prototype's explicit .cpt reference when it has one. The CPT
// is never found by deriving a name from the .ctl's: without an explicit reference `points` is absent,
// which does not stop the effect rows from being read. Reading only: no condition checks, FX loading,
// activation or effect opcodes.
#include <optional>

#include "vestige/iron3d/cpt/cpt.hpp"
#include "vestige/iron3d/ctl/ctl.hpp"
#include "vestige/iron3d/ctl/effects.hpp"

namespace vestige::iron3d::ctl {

struct PreparedControl {
    ControlFile file;
    EffectSection effects;
    std::optional<cpt::PointList> points;
};

// Errors: the CTLD's (pose rows, a damaged effect structure) and the CPT's, the latter tagged "cpt".
[[nodiscard]] Result<PreparedControl> prepare(ByteView ctl, std::optional<ByteView> explicitCpt = std::nullopt);

}  // namespace vestige::iron3d::ctl
