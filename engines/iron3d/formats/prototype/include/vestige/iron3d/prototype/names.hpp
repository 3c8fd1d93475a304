#pragma once
// Name rules of the prototype chain (spec section 4): a fixed field's text is the bytes before its first NUL,
// trimmed of ASCII whitespace; extensions and keys compare ASCII case-insensitively.
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::prototype {

// Bytes before the first NUL, ASCII whitespace trimmed at both ends.
[[nodiscard]] std::string_view fieldText(const FixedString& field);
[[nodiscard]] std::string_view trimAscii(std::string_view s);
// True when the part after the last '.' equals `ext` (no dot), ASCII case-insensitively.
[[nodiscard]] bool hasExtension(std::string_view name, std::string_view ext);
// The file name (after the last '/' or '\') without its last extension.
[[nodiscard]] std::string_view fileStem(std::string_view name);
// The entry names a key is looked up by, in order: the trimmed key; then its stem when it ends in ".msh",
// otherwise key + ".msh". Duplicates (case-insensitive) appear once; an empty key gives none.
[[nodiscard]] std::vector<std::string> lookupCandidates(std::string_view key);
// An authored 32-byte name field, NUL-padded: at most 31 bytes, or all 32 without a NUL when `allowFull`
// (unit DAT descriptions). Longer text or an embedded NUL -> prototype.name_too_long naming `field`.
[[nodiscard]] Result<FixedString> makeNameField(std::string_view text, std::string_view field, bool allowFull = false);

}  // namespace vestige::iron3d::prototype
