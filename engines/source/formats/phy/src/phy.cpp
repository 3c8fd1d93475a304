// .phy files: phyheader_t + a VCollide block (collide.cpp does the solids).
#include "vestige/source/phy/phy.hpp"

#include <fmt/format.h>

namespace vestige::source::phy {

Result<PhyFile> readPhy(ByteView data, const PhyReadOptions& options) {
    ByteReader r(data);
    PhyFile f;
    VESTIGE_TRY(f.header.size, r.i32("header.size"));
    VESTIGE_TRY(f.header.id, r.i32("header.id"));
    VESTIGE_TRY(f.header.solidCount, r.i32("header.solid_count"));
    VESTIGE_TRY(f.header.checksum, r.i32("header.checksum"));
    if (f.header.size != static_cast<std::int32_t>(kPhyHeaderSize))
        return Error::atField("phy.header_size", "phyheader_t size is not 16", "header.size", 0)
            .expected("16")
            .actual(std::to_string(f.header.size));
    if (options.expectedChecksum && *options.expectedChecksum != f.header.checksum)
        return Error::atField("phy.checksum", "the collision model belongs to another version of the model",
                              "header.checksum", 12)
            .expected(
                fmt::format("0x{:08X} (the .mdl's checksum)", static_cast<std::uint32_t>(*options.expectedChecksum)))
            .actual(fmt::format("0x{:08X}", static_cast<std::uint32_t>(f.header.checksum)));
    VESTIGE_TRY(f.collide, readCollide(r.rest(), f.header.solidCount, r.absolute()));
    return f;
}

Result<Bytes> writePhy(const PhyFile& phy) {
    ByteWriter w;
    w.i32(phy.header.size);
    w.i32(phy.header.id);
    w.i32(static_cast<std::int32_t>(phy.collide.solids.size()));
    w.i32(phy.header.checksum);
    VESTIGE_TRY(Bytes body, writeCollide(phy.collide));
    w.bytes(body);
    return w.take();
}

}  // namespace vestige::source::phy
