#pragma once
// Small helpers shared by MapBuilder's description calls (builder_desc.cpp) and its compiler (builder.cpp).
#include "vestige/source/bsp/bsp.hpp"

namespace vestige::source::bsp::detail {

inline float clean(float v) { return v == 0.0f ? 0.0f : v; }  // folds -0 into +0 so equal planes share keys
inline Vec3 clean(Vec3 v) { return {clean(v.x), clean(v.y), clean(v.z)}; }

}  // namespace vestige::source::bsp::detail
