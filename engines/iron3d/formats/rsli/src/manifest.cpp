// RsLi: contents for ls/extract, the manifest rows, and pack from a manifest or a folder.
#include "vestige/iron3d/rsli/manifest.hpp"

#include <algorithm>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/nres/inspect.hpp"
#include "vestige/iron3d/rsli/inspect.hpp"
#include "vestige/iron3d/rsli/rsli.hpp"

namespace vestige::iron3d::rsli {
namespace {

using vfs::ManifestJson;

Result<vfs::ArchiveContents> contents(ByteView data) {
    VESTIGE_TRY(auto opened, openBest(data));
    auto a = std::make_shared<const Archive>(std::move(opened));
    vfs::ArchiveContents c;
    if (a->quirks() != kQuirkNone) c.warning = "opened in the compatible profile (named quirks)";
    for (const auto& e : a->entries())
        c.entries.push_back({std::string(e.name()), nres::displayName(e.name()), e.unpackedSize});
    // The original lookup first, then the VFS's ASCII case-insensitive scan.
    c.find = [a](std::string_view name) {
        auto index = a->find(name);
        return index ? index : a->findNoCase(name);
    };
    c.load = [a](std::size_t index) { return a->load(index); };
    c.manifest = {{"header", vfs::manifestHex(a->header())}};
    c.manifestRow = [a](std::size_t index) {
        const auto& e = a->entries()[index];
        return ManifestJson{{"name_field", vfs::manifestHex(e.nameField.raw)},
                            {"service", vfs::manifestHex(e.service)},
                            {"flags", e.flags},
                            {"method", std::string(methodName(e.method()))}};
    };
    c.listing = [a](bool json) { return json ? listJson(*a) : listText(*a); };
    return c;
}

// A row's flags: "flags" when present (all 16 bits), else its "method", else the pack's default method.
Result<std::uint16_t> rowFlags(const ManifestJson& row, std::size_t i, Method fallback) {
    if (row.contains("flags")) {
        auto flags = vfs::manifestU32(row, "flags", i);
        if (!flags || *flags > 0xFFFF)
            return Error("pack.bad_manifest", "flags must be a 16-bit number").field("flags").record(i);
        return static_cast<std::uint16_t>(*flags);
    }
    if (row.contains("method")) {
        auto m = parseMethod(row.value("method", std::string()));
        if (!m) return Error("pack.bad_manifest", "unknown method").field("method").record(i);
        return static_cast<std::uint16_t>(*m);
    }
    return static_cast<std::uint16_t>(fallback);
}

Result<vfs::PackOutput> pack(vfs::PackInput in) {
    const auto given = in.options.find("method");
    const auto method = parseMethod(given == in.options.end() ? "stored" : given->second);
    if (!method) return Error("pack.bad_option", "unknown RsLi method").in("option", "method");
    WriteOptions options;
    if (in.manifest && in.manifest->contains("header")) {
        VESTIGE_TRY(options.header, vfs::manifestBytes((*in.manifest)["header"], kHeaderSize, "header"));
    }
    std::vector<NewEntry> entries;
    for (std::size_t i = 0; i < in.files.size(); ++i) {
        auto& f = in.files[i];
        NewEntry e;
        e.data = std::move(f.data);
        e.flags = static_cast<std::uint16_t>(*method);
        if (!f.row) {
            e.name = asciiUpper(f.name);  // the original lookup upper-cases queries
        } else {
            VESTIGE_TRY(e.nameField, vfs::manifestNameField(*f.row, i, kNameSize));
            if (!e.nameField) { VESTIGE_TRY(e.name, vfs::manifestString(*f.row, "name", i)); }
            VESTIGE_TRY(e.flags, rowFlags(*f.row, i, *method));
            if (f.row->contains("service")) {
                VESTIGE_TRY(auto sv, vfs::manifestBytes((*f.row)["service"], 4, "service"));
                std::copy(sv.begin(), sv.end(), e.service.begin());
            }
        }
        entries.push_back(std::move(e));
    }
    VESTIGE_TRY(auto bytes, write(entries, options));
    return vfs::PackOutput{std::move(bytes), {}};
}

}  // namespace

std::shared_ptr<const vfs::ArchiveServices> archiveServices() {
    auto s = std::make_shared<vfs::ArchiveServices>();
    s->contents = [](Bytes data, std::string, vfs::ArchiveOrigin) { return contents(data); };
    s->pack = pack;
    s->packOptions.push_back(
        {"method",
         "RsLi method for files without a manifest row: stored, xor, lzss, xor+lzss, lzhuf, xor+lzhuf, deflate "
         "(default stored)",
         [](std::string_view value) -> std::optional<std::string> {
             if (parseMethod(value)) return std::nullopt;
             return "unknown --method '" + std::string(value) + "'";
         }});
    return s;
}

}  // namespace vestige::iron3d::rsli
