// GMA listing and `info` description.
#include "vestige/source/gma/inspect.hpp"

#include <fmt/format.h>

#include <cstring>
#include <nlohmann/json.hpp>

namespace vestige::source::gma {
namespace {

using Json = nlohmann::ordered_json;

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

Json errorJson(const Error& e) {
    Json j{{"code", e.code()}, {"text", e.render()}};
    if (e.offset()) j["offset"] = *e.offset();
    if (auto f = e.find("field")) j["field"] = *f;
    return j;
}

}  // namespace

int probe(ByteView data, std::string_view /*fileName*/) {
    return data.size() >= 4 && std::memcmp(data.data(), "GMAD", 4) == 0 ? 100 : 0;
}

std::string listJson(const Addon& addon) {
    Json j;
    j["format"] = "gma";
    j["entries"] = Json::array();
    for (std::size_t i = 0; i < addon.size(); ++i) {
        const auto& f = addon.files()[i];
        j["entries"].push_back({{"index", i},
                                {"number", f.number},
                                {"path", f.path},
                                {"size", f.size},
                                {"crc32", hex(f.crc32)},
                                {"offset", f.dataOffset}});
    }
    return dump(j);
}

std::string listText(const Addon& addon) {
    std::string out = fmt::format("{:>5}  {:<56} {:>10} {:>10}\n", "index", "path", "size", "crc32");
    for (std::size_t i = 0; i < addon.size(); ++i) {
        const auto& f = addon.files()[i];
        out += fmt::format("{:>5}  {:<56} {:>10} {:>10}\n", i, f.path, f.size, fmt::format("{:08x}", f.crc32));
    }
    out += fmt::format("{} files", addon.size());
    return out;
}

Result<registry::Description> describe(ByteView data, std::string_view label) {
    auto strict = Addon::read(data, Profile::Strict);
    auto opened = strict.ok() ? std::move(strict) : Addon::read(data, Profile::Compatible);
    if (!opened) return std::move(opened).error();
    const Addon& a = *opened;
    const Header& h = a.header();
    const AddonInfo info = interpretDescription(h.description);

    Json j;
    j["format"] = "gma";
    j["label"] = std::string(label);
    j["version"] = h.version;
    j["profile"] = a.profile() == Profile::Strict ? "strict" : "compatible";
    if (a.profile() != Profile::Strict) j["strict_error"] = errorJson(strict.error());
    j["issues"] = Json::array();
    for (const auto& e : a.issues()) j["issues"].push_back(errorJson(e));
    j["file_size"] = a.fileSize();
    j["steam_id"] = h.steamId;
    j["timestamp"] = h.timestamp;
    j["required_content"] = h.requiredContent;
    j["name"] = h.name;
    j["description_json"] = info.json;
    j["description"] = info.description;
    j["type"] = info.type;
    j["tags"] = info.tags;
    j["author"] = h.author;
    j["addon_version"] = h.addonVersion;
    std::string trailer;
    if (!a.trailer())
        trailer = "absent";
    else if (*a.trailer() == 0)
        trailer = "not set (0)";
    else
        trailer = *a.trailer() == a.computedCrc() ? "ok" : "mismatch";
    j["addon_crc"] = {{"status", trailer}, {"computed", hex(a.computedCrc())}};
    if (a.trailer()) j["addon_crc"]["stored"] = hex(*a.trailer());
    std::uint64_t total = 0;
    Json bad = Json::array();
    for (std::size_t i = 0; i < a.size(); ++i) {
        total += static_cast<std::uint64_t>(a.files()[i].size);
        auto r = a.load(i, true);
        if (!r) {
            Json b = errorJson(r.error());
            b["path"] = a.files()[i].path;
            bad.push_back(std::move(b));
        }
    }
    j["entry_count"] = a.size();
    j["total_bytes"] = total;
    j["crc"] = {{"ok", a.size() - bad.size()}, {"bad", bad}};
    j["entries"] = Json::parse(listJson(a))["entries"];

    std::string text = fmt::format("GMA v{} addon {}\n", h.version, label);
    text += fmt::format("  profile:   {}{}\n", j["profile"].get<std::string>(),
                        a.profile() == Profile::Strict ? "" : " (strict: " + strict.error().render() + ")");
    for (const auto& e : a.issues()) text += fmt::format("  issue:     {}\n", e.render());
    text += fmt::format("  name:      {}\n  author:    {}\n", h.name, h.author);
    text += fmt::format("  type:      {}\n  tags:      {}\n", info.type.empty() ? "-" : info.type,
                        fmt::join(info.tags, ", "));
    text += fmt::format("  desc:      {}\n", info.description);
    text += fmt::format("  steam id:  {}  timestamp: {}  addon version: {}\n", h.steamId, h.timestamp, h.addonVersion);
    text += fmt::format("  files:     {} ({} bytes)\n", a.size(), total);
    text += fmt::format("  addon crc: {}\n", trailer);
    text += fmt::format("  crc32:     {} ok, {} bad\n", a.size() - bad.size(), bad.size());
    for (const auto& b : bad) text += fmt::format("    bad: {}\n", b["text"].get<std::string>());
    text += listText(a);
    return registry::Description{dump(j), text};
}

}  // namespace vestige::source::gma
