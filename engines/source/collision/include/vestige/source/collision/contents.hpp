#pragma once
// The contents flags and trace masks are Source's bspflags values, defined once in
// vestige/source/base/bspflags.hpp; collision code (and GLua, until it includes the base header) spells them
// collision::contents / collision::mask.
#include "vestige/source/base/bspflags.hpp"

namespace vestige::source::collision {

namespace contents = base::contents;
namespace mask = base::mask;

}  // namespace vestige::source::collision
