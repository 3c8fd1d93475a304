// Fuzz the WEAR reader: accepted tables re-write byte for byte, read back to the same rows, and describe.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/wear/register.hpp"
#include "vestige/iron3d/wear/wear.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView in(data, size);
    auto t = wear::read(in, 3);
    if (!t) return 0;
    if (t->materials.empty()) std::abort();
    auto out = wear::write(*t);
    if (!out || *out != Bytes(in.begin(), in.end())) std::abort();
    // Rebuilding from names alone gives a canonical table that must read back with the same names
    // (make() refuses NUL and CR inside tokens: they are legal to read but not to author).
    auto authorable = [](const std::string& s) { return s.find('\0') == std::string::npos && s.find('\r') == std::string::npos; };
    for (const auto& r : t->materials)
        if (!authorable(r.name) || !authorable(r.legacyId)) return 0;
    if (t->lightmaps)
        for (const auto& r : t->lightmaps->rows)
            if (!authorable(r.name) || !authorable(r.legacyId)) return 0;
    std::vector<wear::NamedRow> rows;
    for (const auto& r : t->materials) rows.push_back({r.legacyId, r.name});
    std::optional<std::vector<wear::NamedRow>> lms;
    if (t->lightmaps) {
        lms.emplace();
        for (const auto& r : t->lightmaps->rows) lms->push_back({r.legacyId, r.name});
    }
    auto made = wear::make(rows, lms);
    if (!made) std::abort();
    auto again = wear::read(wear::write(*made).value());
    if (!again || again->materials.size() != rows.size()) std::abort();
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (again->materials[i].name != rows[i].name) std::abort();
    (void)wear::describe(*t, "fuzz");
    return 0;
}
