#pragma once
// Query answers as JSON (one object) and human text, shared by `vestige query` and the demo.
//   slot:  {"mode":"slot","node","slot","outcome":"hit"|"miss"|"no_descriptors","hit":{...}|null,"faces_tested"}
//   world: {"mode":"world","outcome","hit":{...}|null,"passes","visits","trace":[{"root","start","slot_queries",
//           "nearest"}]}
//   hit:   {"point":[x,y,z],"distance2","node","slot","batch","face","descriptor","reversed"[,"helper"]}
#include <string>

#include "vestige/iron3d/query/slot_query.hpp"
#include "vestige/iron3d/query/world_query.hpp"

namespace vestige::iron3d::query {

[[nodiscard]] std::string slotJson(const SlotResult& r, std::uint32_t node, std::uint32_t slot);
[[nodiscard]] std::string slotText(const SlotResult& r, std::uint32_t node, std::uint32_t slot);
[[nodiscard]] std::string worldJson(const WorldResult& r);
[[nodiscard]] std::string worldText(const WorldResult& r);

}  // namespace vestige::iron3d::query
