// Optional: every .msh under $VESTIGE_PARKAN_DIR (loose files and .msh entries inside NRes
// archives) must read, validate and re-write byte-identically. Skipped when the variable is unset.
#include <gtest/gtest.h>

#include "licensed_models.hpp"
#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::msh::test {
namespace {

TEST(MshLicensed, EveryModelValidates) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::size_t models = 0, failures = 0, withUv1 = 0, withType16 = 0, animated = 0, nodes = 0, triangles = 0;
    auto check = [&](ByteView bytes, const std::string& where) {
        ++models;
        auto m = Model::read(bytes, {nres::Profile::Compatible, false});
        if (!m) {
            ++failures;
            ADD_FAILURE() << where << ": " << m.error().render();
            return;
        }
        withUv1 += m->data().uv1 ? 1 : 0;
        withType16 += m->type16Present() ? 1 : 0;
        animated += m->data().frameMap ? 1 : 0;
        nodes += m->data().nodes.size();
        triangles += m->triangleCount();
        auto rebuilt = build(m->data());
        if (!rebuilt) ADD_FAILURE() << where << ": rebuild: " << rebuilt.error().render();
        for (unsigned s = 0; s < kStateCount; ++s)
            if (auto g = staticGeometry(*m, s, 0); !g && m->data().nodeStride == kNodeSize)
                ADD_FAILURE() << where << ": geometry: " << g.error().render();
    };
    forEachLicensedModel(*root, check);
    std::cout << "msh licensed: " << models << " models, " << failures << " failures, " << animated << " animated, "
              << withUv1 << " with UV1, " << withType16 << " with type 16, " << nodes << " nodes, " << triangles
              << " triangles\n";
    EXPECT_GT(models, 0u);
}

}  // namespace
}  // namespace vestige::iron3d::msh::test
