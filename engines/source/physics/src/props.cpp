// Props from .phy solids (props.hpp).
#include "vestige/source/physics/props.hpp"

namespace vestige::source::physics {

BodyDesc propDesc(const phy::PhyModel& model, std::size_t solid, ShapeId shape) {
    BodyDesc d;
    d.shape = shape;
    for (const auto& k : model.keys.solids)
        if (k.index == static_cast<std::int32_t>(solid)) {
            if (k.mass > 0 && isFinite(Vec3{k.mass, k.damping, k.rotdamping})) d.mass = k.mass;
            d.damping = std::max(k.damping, 0.0f);
            d.rotDamping = std::max(k.rotdamping, 0.0f);
            if (k.inertia > 0) d.inertiaScale = k.inertia;
            d.dragCoefficient = std::max(k.drag, 0.0f);
            if (!k.surfaceprop.empty()) d.material = k.surfaceprop;
        }
    return d;
}

Result<PropShape> loadPropShape(PhysicsWorld& world, std::optional<ByteView> phyData,
                                const phy::PhyReadOptions& options, Vec3 mins, Vec3 maxs, float fallbackMass) {
    PropShape out;
    if (phyData) {
        auto model = phy::loadPhyModel(*phyData, options);
        if (model) {
            auto shape = world.createFromPhy(*model, 0);
            if (shape) {
                out.shape = *shape;
                out.desc = propDesc(*model, 0, *shape);
                return out;
            }
            out.warning = shape.error();
        } else {
            out.warning = model.error();
        }
    }
    VESTIGE_TRY(out.shape, world.createBox(mins, maxs));
    out.desc.shape = out.shape;
    out.desc.mass = fallbackMass;
    return out;
}

}  // namespace vestige::source::physics
