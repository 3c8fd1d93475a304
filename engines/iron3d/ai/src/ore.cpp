// Initial ore properties.
#include "vestige/iron3d/ai/ore.hpp"

#include <bit>

namespace vestige::iron3d::ai {

OreDefaults oreClassDefaults(std::uint32_t classWord) {
    switch (classWord) {
        case 0x80000004:
            return {0, 500};
        case 0x80000008:
            return {0, 4000};
        case 0x01002000:
            return {0, 2000};
        case 0x01004000:
            return {2000, 2000};
        default:
            return {0, 0};
    }
}

std::vector<OreDescriptor> oreDescriptors() {
    return {{"CurrentOre", kCurrentOreCode}, {"MaximumOre", kMaximumOreCode}};
}

bool setOreByCode(OreProperty& property, std::uint32_t code, std::uint32_t raw) {
    if (code == kCurrentOreCode) {
        const bool changed = property.valueBits != raw;
        property.valueBits = raw;
        return changed;
    }
    // Code 5 (MaximumOre): the getter reads `extra`; the setter leaves the property alone. Other codes have no
    // handler in this table.
    return false;
}

std::optional<OreState> initialOre(const PlacedUnit& unit, std::span<const OreDescriptor> descriptors,
                                   const Tracer& trace) {
    if (!unit.classWord) return std::nullopt;
    OreState s;
    s.handle = unit.handle;
    s.tmaIndex = unit.tmaIndex;
    s.classWord = *unit.classWord;
    const OreDefaults defaults = oreClassDefaults(s.classWord);
    s.property.valueBits = std::bit_cast<std::uint32_t>(static_cast<float>(defaults.current));
    s.property.extra = defaults.maximum;
    for (const OreDescriptor& d : descriptors) {
        for (const tma::Property& p : unit.properties) {
            if (p.name != d.name) continue;  // exact, case-sensitive; the first match only
            setOreByCode(s.property, d.code, p.raw[1]);
            s.fromTma = s.fromTma || d.code == kCurrentOreCode;
            break;
        }
    }
    if (trace.on())
        trace.emit("behavior", {{"event", "ore"},
                                {"object", {s.handle.slot, s.handle.generation}},
                                {"tma", s.tmaIndex},
                                {"class", s.classWord},
                                {"key", s.property.key},
                                {"current", floatBits(s.property.valueBits)},
                                {"maximum", s.property.extra},
                                {"from_tma", s.fromTma}});
    return s;
}

}  // namespace vestige::iron3d::ai
