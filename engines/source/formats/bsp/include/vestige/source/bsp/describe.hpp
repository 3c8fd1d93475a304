#pragma once
// `vestige info` for BSP maps: header, lump directory and vbspinfo-style counts.
#include <string>

#include "vestige/registry/registry.hpp"
#include "vestige/source/bsp/bsp.hpp"

namespace vestige::source::bsp {

// Probe score: 100 for "VBSP" magic, 10 for a .bsp name, else 0.
int probeBsp(ByteView data, std::string_view fileName);
// JSON object (first key "format": "bsp") and human text for a parsed map.
registry::Description describe(const Bsp& bsp, std::size_t fileSize);
[[nodiscard]] Result<registry::Description> describeFile(ByteView data, std::string_view label);
// JSON array of entities: [{"index":0,"classname":"worldspawn","keys":[["k","v"],...]}, ...]
std::string entitiesJson(const Bsp& bsp, std::string_view classFilter = {});

}  // namespace vestige::source::bsp
