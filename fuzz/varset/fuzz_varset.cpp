// Fuzz the varset.var parser: an accepted file keeps its exact bytes, every float default is finite, every index
// slot points at a recognised form, and a rebuilt canonical file parses to the same kinds, names and bits.
#include <bit>
#include <cmath>
#include <cstdint>

#include "vestige/iron3d/varset/builder.hpp"
#include "vestige/iron3d/varset/inspect.hpp"
#include "vestige/iron3d/varset/varset.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView input(data, size);
    auto set = varset::parse(input);
    if (!set) {
        const auto offset = set.error().offset();
        if (!offset || *offset > size) __builtin_trap();
        return 0;
    }
    if (varset::write(*set) != Bytes(input.begin(), input.end())) __builtin_trap();
    varset::Builder b;
    for (const auto& d : set->declarations) {
        if (d.kind == varset::Kind::Float && !std::isfinite(std::bit_cast<float>(d.bits))) __builtin_trap();
        const bool plainName = !d.name.empty() && d.name.find_first_of(",()/\r\n\t ") == std::string::npos;
        if (!plainName) return 0;  // the canonical rebuild needs names without separators
        if (d.kind == varset::Kind::Float) b.floating(d.name, std::bit_cast<float>(d.bits));
        if (d.kind == varset::Kind::Dword) b.dword(d.name, d.bits);
        if (d.kind == varset::Kind::String) b.string(d.name);
        if (d.kind == varset::Kind::Function) b.function(d.name);
    }
    auto rebuilt = varset::parse(asBytes(b.text()));
    if (!rebuilt || rebuilt->declarations.size() != set->declarations.size()) __builtin_trap();
    for (std::size_t i = 0; i < set->declarations.size(); ++i) {
        const auto& x = set->declarations[i];
        const auto& y = rebuilt->declarations[i];
        if (x.kind != y.kind || x.name != y.name || x.bits != y.bits) __builtin_trap();
    }
    (void)varset::describe(*set, "fuzz");
    return 0;
}
