#pragma once
// Auxiliary prototype resources whose layouts are not published (spec section 4.3): CTPT (attachment points),
// NDPR (effect references), EXPL (versions 1/2/3), SUND (sound parameters), BASE, and whatever else a prototype
// references besides its mesh. Vestige keeps them as raw bytes with the NRes type they were stored under and
// writes them back unchanged; nothing reads a field of them. (CTLD pose rows and CPT point lists have their
// own readers in formats/ctl and the query area.)
#include <cstdint>
#include <string>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::prototype {

struct RawResource {
    std::string archive;  // where it came from
    std::string entry;
    std::uint32_t type = 0;  // the NRes entry type id, as stored
    Bytes bytes;
    // The bytes exactly as read: these resources are never re-encoded.
    [[nodiscard]] const Bytes& write() const { return bytes; }
};

// The entry type as nres::typeLabel prints it ("CTPT" for a printable FourCC, the decimal number otherwise);
// the spec gives these names but not their type ids, so none is assumed.
[[nodiscard]] std::string rawKind(std::uint32_t type);

}  // namespace vestige::iron3d::prototype
