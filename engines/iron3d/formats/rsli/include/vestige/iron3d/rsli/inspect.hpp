#pragma once
// RsLi listing and `info` description (shared by the registry describer and `vestige ls`).
#include <string>
#include <string_view>

#include "vestige/iron3d/rsli/rsli.hpp"
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::rsli {

// {"format":"rsli","entries":[{"index":0,"name":"...","method":"lzss","flags":64,"size":N,"packed_size":M,
//  "offset":O,"sort_index":S}, ...]}   size = unpacked size, sort_index = the row's effective sort_to_original
[[nodiscard]] std::string listJson(const Archive& archive);
[[nodiscard]] std::string listText(const Archive& archive);
[[nodiscard]] Result<registry::Description> describe(ByteView data, std::string_view label);
// 100 for "NL" 00 01, 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
// Opens strictly, falling back to the compatible profile (named quirks only).
[[nodiscard]] Result<Archive> openBest(ByteView data);

}  // namespace vestige::iron3d::rsli
