#include "vestige/iron3d/prototype/raw_resource.hpp"

#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::prototype {

std::string rawKind(std::uint32_t type) { return nres::typeLabel(type); }

}  // namespace vestige::iron3d::prototype
