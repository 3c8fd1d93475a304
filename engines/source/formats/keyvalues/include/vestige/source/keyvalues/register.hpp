#pragma once
// `vestige info x.vmt`: shader, common parameters, proxies, patch include.
#include <string_view>

#include "vestige/registry/registry.hpp"
#include "vestige/source/keyvalues/vmt.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::keyvalues {

int probeVmt(ByteView data, std::string_view fileName);  // 10 for a .vmt name (text has no magic)
registry::Description describe(const Material& material, std::size_t fileSize);
[[nodiscard]] Result<registry::Description> describeFile(ByteView data, std::string_view label);

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);

}  // namespace vestige::source::keyvalues
