#pragma once
// Iron3D TRF preload tables (`auto.trf`, `data.trf`, tutorial variants; a clan's res1): every TRF in the GOG
// corpus is a structurally valid NRes archive (seed 002 "TRF и preload-данные"), so the framing is the NRes one:
//
//   "NRes" | u32 0x100 | i32 entry_count | u32 total_size | payloads ... | entry_count x 64-byte directory
//
// What the entries hold (prototype name tables, preload records, ANI and SKE resources) is only partly inferred
// [?]: payloads stay raw bytes and the writer is NRes's lossless one. Entry names are resolved through the same
// prototype registry as mission objects (a lookup the caller passes: World3D's registry).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::trf {

struct Table {
    nres::Archive archive;  // entries, raw payloads, the lossless bytes
    [[nodiscard]] const Bytes& write() const { return archive.writeLossless(); }
};

[[nodiscard]] Result<Table> read(ByteView bytes);

// Whether a prototype name is known to the registry (World3D's prototype lookup, ASCII case-insensitive there).
using PrototypeLookup = std::function<bool(std::string_view name)>;
struct Resolution {
    std::vector<std::string> resolved;    // entry names the registry knows, directory order
    std::vector<std::string> unresolved;  // the others
};
[[nodiscard]] Resolution resolveNames(const Table& table, const PrototypeLookup& known);

// 100 for an NRes named *.trf (beats the generic NRes describer), 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
[[nodiscard]] registry::Description describe(const Table& table, std::string_view label);
void registerFormat(registry::FormatRegistry& formats);

}  // namespace vestige::iron3d::trf
