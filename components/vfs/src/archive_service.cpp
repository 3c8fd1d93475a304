// Listing and the manifest helpers every format's manifest reader and writer share.
#include "vestige/vfs/archive_service.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>

#include "vestige/core/json.hpp"
#include "vestige/vfs/names.hpp"

namespace vestige::vfs {
namespace fs = std::filesystem;

std::string listArchive(std::string_view format, const ArchiveContents& contents, bool json) {
    if (contents.listing) return contents.listing(json);
    if (json) {
        ManifestJson j{{"format", std::string(format)}, {"entries", ManifestJson::array()}};
        for (std::size_t i = 0; i < contents.entries.size(); ++i) {
            const auto& e = contents.entries[i];
            j["entries"].push_back({{"index", i}, {"name", e.shown}, {"size", e.size}});
        }
        return dumpJson(j);
    }
    std::string text = fmt::format("{:>5}  {:<56} {:>12}\n", "index", "name", "size");
    for (std::size_t i = 0; i < contents.entries.size(); ++i) {
        const auto& e = contents.entries[i];
        text += fmt::format("{:>5}  {:<56} {:>12}\n", i, printable(e.shown), e.size);
    }
    text += fmt::format("{} entries", contents.entries.size());
    return text;
}

bool sameFile(const fs::path& a, const fs::path& b) {
    struct stat sa {
    }, sb{};
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

std::string manifestHex(ByteView bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s;
    s.reserve(bytes.size() * 2);
    for (auto c : bytes) {
        s += kDigits[c >> 4];
        s += kDigits[c & 15];
    }
    return s;
}

Result<Bytes> manifestBytes(const ManifestJson& value, std::size_t size, const char* field) {
    const std::string s = value.is_string() ? value.get<std::string>() : std::string();
    auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    if (s.size() != size * 2)
        return Error("pack.bad_hex", "hex field has the wrong length")
            .field(field)
            .expected(fmt::format("{} hex digits", size * 2))
            .actual(std::to_string(s.size()));
    Bytes out(size);
    for (std::size_t i = 0; i < size; ++i) {
        const int hi = nibble(s[2 * i]), lo = nibble(s[2 * i + 1]);
        if (hi < 0 || lo < 0) return Error("pack.bad_hex", "not a hex digit").field(field).at(2 * i);
        out[i] = static_cast<std::uint8_t>(hi * 16 + lo);
    }
    return out;
}

Result<std::uint32_t> manifestU32(const ManifestJson& row, const char* key, std::size_t index, std::uint32_t fallback) {
    if (!row.contains(key)) return fallback;
    const auto& v = row[key];
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > 0xFFFFFFFFull)
        return Error("pack.bad_manifest", "expected an unsigned 32-bit number").field(key).record(index);
    return static_cast<std::uint32_t>(v.get<std::uint64_t>());
}

Result<std::string> manifestString(const ManifestJson& row, const char* key, std::size_t index) {
    if (!row.contains(key) || !row[key].is_string())
        return Error("pack.bad_manifest", "expected a string").field(key).record(index);
    return row[key].get<std::string>();
}

Result<std::optional<FixedString>> manifestNameField(const ManifestJson& row, std::size_t index, std::size_t size) {
    if (!row.contains("name_field")) return std::optional<FixedString>{};
    auto raw = manifestBytes(row["name_field"], size, "name_field");
    if (!raw) return std::move(raw).error().record(index);
    FixedString f;
    f.raw = std::move(*raw);
    f.terminated = std::find(f.raw.begin(), f.raw.end(), 0) != f.raw.end();
    return std::optional<FixedString>{std::move(f)};
}

}  // namespace vestige::vfs
