#pragma once
// `vestige info` support for FXID effects (NRes type 'FXID'; `.fx` files written by Vestige).
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::fx {

// FXID has no magic. Probe: a payload that reads as a whole effect (60-byte header, known opcodes, fixed sizes,
// exact end) scores 100 under a `.fx` name and 45 without one when it holds at least one command; 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
void registerFormat(registry::FormatRegistry& formats);
// JSON {"format":"fx","file","size","header":{...},"commands":[{"index","offset","opcode","enabled","word",
// "high_bits","size","archive","name"}]} and human text.
[[nodiscard]] Result<registry::Description> describe(ByteView data, std::string_view label);

}  // namespace vestige::iron3d::fx
