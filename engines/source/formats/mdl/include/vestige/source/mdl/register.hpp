#pragma once
// `vestige info x.mdl / x.vvd / x.dx90.vtx` and `vestige export x.mdl -o x.glb` (siblings found by name).
#include <string>
#include <string_view>

#include "vestige/registry/registry.hpp"
#include "vestige/source/mdl/view.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::mdl {

// 100 for "IDST" with a version in 44..49, 10 for a .mdl name, else 0.
int probeMdl(ByteView data, std::string_view fileName);
// 100 for "IDSV", 10 for a .vvd name.
int probeVvd(ByteView data, std::string_view fileName);
// No magic: 60 for a .vtx name whose first int is 7, 10 for a .vtx name.
int probeVtx(ByteView data, std::string_view fileName);

// Sibling specs of a model spec ("dir/a.mdl" -> "dir/a.vvd", "pak.vpk:models/a.mdl" -> "pak.vpk:models/a.vvd").
// `vtxSuffixes` are tried in order: ".dx90.vtx", ".dx80.vtx", ".sw.vtx", ".vtx".
struct SiblingSpecs {
    std::string vvd;
    std::vector<std::string> vtx;
};
[[nodiscard]] Result<SiblingSpecs> siblingSpecs(std::string_view mdlSpec);
// Reads the .vvd and the first .vtx that exists next to the model and reads all three.
[[nodiscard]] Result<StudioFiles> openStudio(ByteView mdlData, std::string_view mdlSpec,
                                             const vfs::ArchiveRegistry& archives);

registry::Description describe(const Mdl& mdl, const StudioFiles* siblings);
registry::Description describeVvd(const Vvd& vvd);
registry::Description describeVtx(const Vtx& vtx);

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);

}  // namespace vestige::source::mdl
