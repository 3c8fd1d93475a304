#pragma once
// NRes listing and `info` description (shared by the registry describer and `vestige ls`).
#include <string>
#include <string_view>

#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::nres {

// A name for display/JSON: Iron3D text is CP1251, converted to UTF-8 (the raw name field is what
// round-trips; manifests keep it as hex). Control bytes are escaped by the JSON writer.
[[nodiscard]] std::string displayName(std::string_view raw);
// {"format":"nres","entries":[{"index":0,"name":"...","type":1,"attr1":0,"attr2":0,"attr3":0,"size":0,
//  "offset":0,"sort_index":0}, ...]}
[[nodiscard]] std::string listJson(const Archive& archive);
// Human table: index, name, type (FourCC or number), attrs, size, offset.
[[nodiscard]] std::string listText(const Archive& archive);
// `info`: summary, validation result in both profiles, type histogram.
[[nodiscard]] Result<registry::Description> describe(ByteView data, std::string_view label);
// 100 for the "NRes" magic, 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);

}  // namespace vestige::iron3d::nres
