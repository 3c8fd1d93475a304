// Fuzz objects.rlb. The input is read two ways: as one registry entry payload (accepted -> written back
// byte-exact; refused -> the error's offset lies inside the input) and as a whole NRes registry, whose every
// entry is expanded (parents, cycles, depth) and described without crashing; an expansion never holds a parent
// reference and never goes deeper than the limit.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/prototype/inspect.hpp"
#include "vestige/iron3d/prototype/registry.hpp"

using namespace vestige;
using namespace vestige::iron3d::prototype;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView input(data, size);
    auto refs = readRefs(input);
    if (refs) {
        if (writeRefs(*refs) != Bytes(input.begin(), input.end())) std::abort();
    } else if (refs.error().offset().value_or(0) > size) {
        std::abort();
    }
    auto registry = Registry::read(Bytes(input.begin(), input.end()));
    if (!registry) return 0;
    for (std::size_t i = 0; i < registry->size(); ++i) {
        auto e = registry->expand(registry->archive().entries()[i].name());
        if (!e || !*e) continue;
        if ((*e)->maxDepth > kMaxInheritanceDepth) std::abort();
        for (const auto& r : (*e)->refs)
            if (r.ref.isParent()) std::abort();
    }
    (void)describe(*registry, "fuzz");
    return 0;
}
