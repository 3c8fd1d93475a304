#pragma once
// GMA listing and `info` description.
#include <string>
#include <string_view>

#include "vestige/registry/registry.hpp"
#include "vestige/source/gma/gma.hpp"

namespace vestige::source::gma {

// 100 for the "GMAD" ident, 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
// {"format":"gma","entries":[{"index":0,"number":1,"path":"...","size":0,"crc32":"0x..."}, ...]}
[[nodiscard]] std::string listJson(const Addon& addon);
[[nodiscard]] std::string listText(const Addon& addon);
// `info`: header fields, the interpreted description, trailer CRC status, per-file CRC results.
[[nodiscard]] Result<registry::Description> describe(ByteView data, std::string_view label);

}  // namespace vestige::source::gma
