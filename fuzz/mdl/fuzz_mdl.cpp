// Fuzz target: the three studio readers on the same input (it is read as an .mdl, a .vvd and a .vtx), each
// writer's round trip (byte-exact for every accepted file), animation sampling (first 4 animations), the LOD
// fixups and the sibling describers; when the
// input splits into a model and its siblings (seeds: the demo's three files concatenated, see below), the model
// describer, the view and the animated glTF export too (those are JSON-heavy, hence slow under the sanitizers).
//
// Split form: "MDL3" u32 mdlSize u32 vvdSize, then the three files back to back (the .vtx takes the rest).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "vestige/source/mdl/animation.hpp"
#include "vestige/source/mdl/register.hpp"
#include "vestige/source/mdl/view.hpp"

namespace {

using namespace vestige;
using namespace vestige::source::mdl;

void single(ByteView view) {
    if (auto m = readMdl(view); m.ok()) {
        auto again = writeMdl(*m);
        if (!again.ok() || *again != Bytes(view.begin(), view.end())) std::abort();
        for (std::size_t a = 0; a < m->animations.size() && a < 4; ++a)
            for (float f : {0.0f, 0.5f, static_cast<float>(m->animations[a].numFrames - 1)}) {
                auto pose = sampleAnimation(*m, static_cast<int>(a), f);
                if (pose.ok()) (void)poseToWorld(*m, *pose);
            }
    }
    if (auto v = readVvd(view); v.ok()) {
        (void)describeVvd(*v);
        auto again = writeVvd(*v);
        if (!again.ok() || *again != Bytes(view.begin(), view.end())) std::abort();
        for (int lod = 0; lod < v->header.numLods; ++lod) (void)lodVertexIds(*v, lod);
    }
    if (auto x = readVtx(view); x.ok()) {
        (void)describeVtx(*x);
        auto again = writeVtx(*x);
        if (!again.ok() || *again != Bytes(view.begin(), view.end())) std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ByteView view(data, size);
    if (size >= 12 && std::memcmp(data, "MDL3", 4) == 0) {
        const std::uint64_t a = loadU32(data + 4), b = loadU32(data + 8);
        if (a + b <= size - 12) {
            const ByteView mdl = view.subspan(12, a), vvd = view.subspan(12 + a, b), vtx = view.subspan(12 + a + b);
            single(mdl);
            single(vvd);
            single(vtx);
            auto files = readStudio(mdl, vvd, vtx);
            if (files.ok()) {
                for (int lod = 0; lod < files->vvd.header.numLods; ++lod) (void)buildView(*files, ViewOptions{lod, 0});
                (void)describe(files->mdl, &*files);
                ViewOptions animated;
                animated.animations = true;
                (void)exportGlb(*files, animated);
            }
            return 0;
        }
    }
    single(view);
    return 0;
}
