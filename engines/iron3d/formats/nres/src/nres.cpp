#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::nres {
Result<Archive> Archive::read(Bytes, Profile) { return Error("nres.unimplemented", "NRes reader pending"); }
ByteView Archive::payload(std::size_t) const { return {}; }
std::optional<std::size_t> Archive::find(std::string_view) const { return std::nullopt; }
std::vector<std::size_t> Archive::findByType(std::uint32_t) const { return {}; }
Result<Bytes> writeCanonical(std::span<const NewEntry>) { return Error("nres.unimplemented", "NRes writer pending"); }
}  // namespace vestige::iron3d::nres
