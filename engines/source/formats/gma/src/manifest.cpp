// GMA: contents for ls/extract, the header in the manifest, and pack.
#include "vestige/source/gma/manifest.hpp"

#include <limits>

#include "vestige/source/gma/gma.hpp"

namespace vestige::source::gma {
namespace fs = std::filesystem;

namespace {

using vfs::ManifestJson;

Result<vfs::ArchiveContents> contents(Bytes data) {
    VESTIGE_TRY(auto opened, Addon::read(std::move(data), Profile::Compatible));
    auto a = std::make_shared<const Addon>(std::move(opened));
    vfs::ArchiveContents c;
    for (const auto& f : a->files()) c.entries.push_back({f.path, f.path, static_cast<std::uint64_t>(f.size)});
    c.find = [a](std::string_view name) { return a->find(name); };
    c.load = [a](std::size_t index) { return a->load(index, true); };
    const Header& h = a->header();
    c.manifest = {{"gma",
                   {{"version", h.version},
                    {"steam_id", h.steamId},
                    {"timestamp", h.timestamp},
                    {"required_content", h.requiredContent},
                    {"name", h.name},
                    {"description", h.description},
                    {"author", h.author},
                    {"addon_version", h.addonVersion}}}};
    return c;
}

// The header fields a manifest gives (each checked: a hand-edited manifest fails with a clear error).
Status readHeader(const ManifestJson& meta, Header& h) {
    const auto text = [&](const char* key, std::string& dst) -> Status {
        if (!meta.contains(key)) return {};
        if (!meta[key].is_string())
            return Error("pack.bad_manifest", "expected a string").field(key).in("gma", "header");
        dst = meta[key].get<std::string>();
        return {};
    };
    const auto number = [&](const char* key, auto& dst) -> Status {
        using T = std::remove_reference_t<decltype(dst)>;
        if (!meta.contains(key)) return {};
        const auto& v = meta[key];
        const bool fits =
            v.is_number_unsigned()  ? v.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<T>::max())
            : v.is_number_integer() ? v.get<std::int64_t>() >= std::int64_t(std::numeric_limits<T>::min()) &&
                                          v.get<std::int64_t>() <= std::int64_t(std::numeric_limits<T>::max())
                                    : false;
        if (!fits) return Error("pack.bad_manifest", "expected an integer in range").field(key).in("gma", "header");
        dst = v.is_number_unsigned() ? static_cast<T>(v.get<std::uint64_t>()) : static_cast<T>(v.get<std::int64_t>());
        return {};
    };
    VESTIGE_CHECK(number("version", h.version));
    VESTIGE_CHECK(number("steam_id", h.steamId));
    VESTIGE_CHECK(number("timestamp", h.timestamp));
    VESTIGE_CHECK(number("addon_version", h.addonVersion));
    VESTIGE_CHECK(text("name", h.name));
    VESTIGE_CHECK(text("description", h.description));
    VESTIGE_CHECK(text("author", h.author));
    if (meta.contains("required_content")) {
        const auto& list = meta["required_content"];
        if (!list.is_array())
            return Error("pack.bad_manifest", "expected an array of strings").field("required_content");
        h.requiredContent.clear();
        for (const auto& item : list) {
            if (!item.is_string()) return Error("pack.bad_manifest", "expected a string").field("required_content");
            h.requiredContent.push_back(item.get<std::string>());
        }
    }
    return {};
}

Result<vfs::PackOutput> pack(vfs::PackInput in) {
    Header h;
    const auto given = in.options.find("title");
    const std::string title = given == in.options.end() ? std::string() : given->second;
    fs::path dir = fs::absolute(in.folder).lexically_normal();
    if (dir.filename().empty()) dir = dir.parent_path();  // "my_addon/" names my_addon too
    h.name = title.empty() ? dir.filename().string() : title;
    const ManifestJson meta = in.manifest ? in.manifest->value("gma", ManifestJson()) : ManifestJson();
    if (meta.is_object()) VESTIGE_CHECK(readHeader(meta, h));
    if (!title.empty()) h.name = title;
    std::vector<NewFile> entries;
    for (std::size_t i = 0; i < in.files.size(); ++i) {
        auto& f = in.files[i];
        if (f.row) { VESTIGE_TRY(f.name, vfs::manifestString(*f.row, "name", i)); }
        entries.push_back({std::move(f.name), std::move(f.data)});
    }
    VESTIGE_TRY(auto bytes, write(h, entries));
    return vfs::PackOutput{std::move(bytes), {}};
}

}  // namespace

std::shared_ptr<const vfs::ArchiveServices> archiveServices() {
    auto s = std::make_shared<vfs::ArchiveServices>();
    s->pathNames = true;
    s->checkName = checkPath;
    s->contents = [](Bytes data, std::string, vfs::ArchiveOrigin) { return contents(std::move(data)); };
    s->pack = pack;
    s->packOptions.push_back({"title", "GMA addon title (default: the manifest's, else the directory's name)", {}});
    return s;
}

}  // namespace vestige::source::gma
