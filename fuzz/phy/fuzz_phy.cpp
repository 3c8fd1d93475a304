// Fuzz target: the input read as a .phy, as a PHYSCOLLIDE lump and as a PHYSDISP lump. Every accepted input must
// rewrite byte-exactly; every refusal must carry an offset inside the input; the interpreted model (key text,
// convex pieces) and the describer must not crash; the convex pieces never hold a non-finite point.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "vestige/source/phy/physcollide.hpp"
#include "vestige/source/phy/register.hpp"

namespace {

using namespace vestige;
using namespace vestige::source::phy;

template <class T>
void checkError(const Result<T>& r, std::size_t size) {
    if (r.ok()) return;
    const auto off = r.error().offset();
    if (off && *off > size) __builtin_trap();
    (void)r.error().toJson();
}

void checkPieces(const std::vector<ConvexPiece>& pieces) {
    for (const auto& p : pieces) {
        for (Vec3 v : p.points)
            if (!isFinite(v)) __builtin_trap();
        for (const auto& t : p.triangles)
            for (auto i : t)
                if (i >= p.points.size()) __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView view(data, size);
    const Bytes original(data, data + size);
    auto phy = readPhy(view);
    checkError(phy, size);
    if (phy.ok()) {
        auto again = writePhy(*phy);
        if (!again.ok() || *again != original) __builtin_trap();
        for (const auto& s : phy->collide.solids)
            if (s.surface) checkPieces(convexPieces(*s.surface));
        auto model = loadPhyModel(view);
        checkError(model, size);
        if (model.ok()) (void)describe(*model, std::nullopt);
    }
    auto lump = readPhysCollide(view);
    checkError(lump, size);
    if (lump.ok()) {
        auto again = writePhysCollide(*lump);
        if (!again.ok() || *again != original) __builtin_trap();
        for (const auto& m : lump->models) (void)parseKeys(m.collide.keyText);
    }
    auto disp = readPhysDisp(view);
    checkError(disp, size);
    if (disp.ok()) {
        auto again = writePhysDisp(*disp);
        if (!again.ok() || *again != original) __builtin_trap();
    }
    return 0;
}
