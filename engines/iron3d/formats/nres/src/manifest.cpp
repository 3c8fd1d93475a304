// NRes: contents for ls/extract, the manifest rows, and pack from a manifest or a folder.
#include "vestige/iron3d/nres/manifest.hpp"

#include "vestige/iron3d/nres/inspect.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::nres {
namespace {

using vfs::ManifestJson;

// Strict first; the compatible profile (named quirks) with the strict error as a warning.
Result<vfs::ArchiveContents> contents(Bytes data) {
    auto strict = Archive::read(ByteView(data), Profile::Strict);
    std::string warning;
    if (!strict) {
        auto compat = Archive::read(std::move(data), Profile::Compatible);
        if (!compat) return std::move(strict).error();
        warning = strict.error().render();
        strict = std::move(compat);
    }
    auto a = std::make_shared<const Archive>(std::move(*strict));
    vfs::ArchiveContents c;
    c.warning = std::move(warning);
    for (const auto& e : a->entries()) c.entries.push_back({std::string(e.name()), displayName(e.name()), e.size});
    c.find = [a](std::string_view name) { return a->find(name); };
    c.load = [a](std::size_t index) -> Result<Bytes> {
        const auto p = a->payload(index);
        return Bytes(p.begin(), p.end());
    };
    c.manifest = {{"sort_fold", a->sortTableValid() && a->sortFold() == SortFold::Upper ? "upper" : "lower"}};
    c.manifestRow = [a](std::size_t index) {
        const auto& e = a->entries()[index];
        return ManifestJson{{"name_field", vfs::manifestHex(e.nameField.raw)},
                            {"type", e.type},
                            {"attr1", e.attr1},
                            {"attr2", e.attr2},
                            {"attr3", e.attr3}};
    };
    c.listing = [a](bool json) { return json ? listJson(*a) : listText(*a); };
    return c;
}

Result<vfs::PackOutput> pack(vfs::PackInput in) {
    std::vector<NewEntry> entries;
    auto fold = SortFold::Lower;
    if (in.manifest && in.manifest->value("sort_fold", std::string("lower")) == "upper") fold = SortFold::Upper;
    for (std::size_t i = 0; i < in.files.size(); ++i) {
        auto& f = in.files[i];
        NewEntry e;
        e.name = f.name;
        e.data = std::move(f.data);
        if (f.row) {
            VESTIGE_TRY(e.nameField, vfs::manifestNameField(*f.row, i, kNameSize));
            if (!e.nameField) { VESTIGE_TRY(e.name, vfs::manifestString(*f.row, "name", i)); }
            for (auto [key, dst] :
                 {std::pair{"type", &e.type}, {"attr1", &e.attr1}, {"attr2", &e.attr2}, {"attr3", &e.attr3}}) {
                VESTIGE_TRY(*dst, vfs::manifestU32(*f.row, key, i));
            }
        }
        entries.push_back(std::move(e));
    }
    VESTIGE_TRY(auto bytes, writeCanonical(entries, fold));
    return vfs::PackOutput{std::move(bytes), {}};
}

}  // namespace

std::shared_ptr<const vfs::ArchiveServices> archiveServices() {
    auto s = std::make_shared<vfs::ArchiveServices>();
    s->contents = [](Bytes data, std::string, vfs::ArchiveOrigin) { return contents(std::move(data)); };
    s->pack = pack;
    return s;
}

}  // namespace vestige::iron3d::nres
