// Fuzz the BuildDat.lst reader. Every accepted list re-renders canonically to text that reads back to the same
// categories, masks and paths.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/land/build_list.hpp"
#include "vestige/iron3d/land/inspect.hpp"

using namespace vestige;
using namespace vestige::iron3d;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto list = land::BuildList::read(ByteView(data, size));
    if (!list) return 0;
    (void)land::describe(*list, "fuzz");
    auto text = land::buildBuildList(list->categories());
    if (!text) std::abort();
    auto again = land::BuildList::read(*text);
    if (!again || again->categories().size() != list->categories().size()) std::abort();
    for (std::size_t i = 0; i < list->categories().size(); ++i)
        if (again->categories()[i].paths != list->categories()[i].paths ||
            again->categories()[i].mask != list->categories()[i].mask)
            std::abort();
    return 0;
}
