#include "vestige/vfs/vfs.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/vfs/archive_provider.hpp"

namespace vestige::vfs {
namespace fs = std::filesystem;

Result<std::unique_ptr<Provider>> openArchiveWith(const ArchiveFormat& format, Bytes data, std::string label,
                                                  ArchiveOrigin origin) {
    if (format.openFrom) return format.openFrom(std::move(data), std::move(label), std::move(origin));
    return format.open(std::move(data), std::move(label));
}

namespace {
// The origin of the archive stored as `entry` in `container`: its siblings are the container's entries in the same
// folder; a host directory also gives its host path.
ArchiveOrigin siblingsIn(std::shared_ptr<Provider> container, std::string_view entry) {
    ArchiveOrigin origin;
    const auto slash = entry.rfind('/');
    const std::string folder(slash == std::string_view::npos ? std::string_view() : entry.substr(0, slash + 1));
    origin.name = std::string(slash == std::string_view::npos ? entry : entry.substr(slash + 1));
    if (const auto* dir = dynamic_cast<const DirProvider*>(container.get())) {
        if (auto host = dir->resolve(entry)) origin.hostPath = std::move(*host);
    }
    origin.readSibling = [container = std::move(container), folder](std::string_view name) {
        return container->read(folder + std::string(name));
    };
    return origin;
}
}  // namespace

Error entryNotFound(std::string_view kind, std::string_view name, std::string_view label) {
    return Error(fmt::format("{}.not_found", kind), fmt::format("no entry named \"{}\"", name))
        .entry(std::string(name))
        .in("archive", std::string(label));
}

void ArchiveRegistry::add(ArchiveFormat format) {
    for (auto& f : mFormats)
        if (f.name == format.name) {
            f = std::move(format);
            return;
        }
    mFormats.push_back(std::move(format));
}

const ArchiveFormat* ArchiveRegistry::find(std::string_view name) const {
    for (const auto& f : mFormats)
        if (f.name == name) return &f;
    return nullptr;
}

const ArchiveFormat* ArchiveRegistry::detect(ByteView data, std::string_view fileName) const {
    for (const auto& f : mFormats)
        if (f.probe && f.probe(data, fileName)) return &f;
    return nullptr;
}

Result<std::vector<std::string>> splitPath(std::string_view path) {
    auto fail = [&](const char* code, std::string msg) {
        Error e(code, std::move(msg));
        e.in("path", std::string(path));
        return e;
    };
    if (path.empty()) return fail("vfs.empty_path", "empty path");
    if (path.find('\0') != std::string_view::npos) return fail("vfs.nul", "path contains a NUL byte");
    if (path.front() == '/' || path.front() == '\\') return fail("vfs.absolute", "absolute paths are not allowed");
    if (path.size() >= 2 && path[1] == ':' &&
        ((path[0] >= 'A' && path[0] <= 'Z') || (path[0] >= 'a' && path[0] <= 'z')))
        return fail("vfs.drive_letter", "drive letters are not allowed");
    std::vector<std::string> segments;
    std::string cur;
    auto flush = [&]() -> Status {
        if (cur.empty()) return fail("vfs.empty_segment", "empty path segment");
        if (cur == "." || cur == "..")
            return fail("vfs.dot_segment", fmt::format("'{}' segments are not allowed", cur));
        segments.push_back(std::move(cur));
        cur.clear();
        return {};
    };
    for (char c : path) {
        if (c == '/' || c == '\\') {
            VESTIGE_CHECK(flush());
        } else if (c == ':') {
            return fail("vfs.colon", "':' separates archive levels and cannot appear inside a segment");
        } else {
            cur += c;
        }
    }
    VESTIGE_CHECK(flush());
    return segments;
}

std::vector<std::string> splitLevels(std::string_view spec) {
    std::vector<std::string> levels;
    std::size_t start = 0;
    for (;;) {
        const auto pos = spec.find(':', start);
        levels.emplace_back(spec.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
        if (pos == std::string_view::npos) break;
        start = pos + 1;
    }
    return levels;
}

namespace {
std::string joinSegments(const std::vector<std::string>& s, std::size_t from = 0) {
    std::string out;
    for (std::size_t i = from; i < s.size(); ++i) {
        if (i > from) out += '/';
        out += s[i];
    }
    return out;
}

bool isInside(const fs::path& root, const fs::path& p) {
    auto r = root.begin();
    auto q = p.begin();
    for (; r != root.end(); ++r, ++q) {
        if (r->empty()) continue;  // trailing separator
        if (q == p.end() || *q != *r) return false;
    }
    return true;
}
}  // namespace

DirProvider::DirProvider(fs::path root) {
    std::error_code ec;
    auto canonical = fs::canonical(root, ec);
    mRoot = ec ? std::move(root) : std::move(canonical);
}

Result<fs::path> DirProvider::resolve(std::string_view name) const {
    VESTIGE_TRY(auto segments, splitPath(name));
    fs::path cur = mRoot;
    for (const auto& seg : segments) {
        std::error_code ec;
        if (!fs::is_directory(cur, ec)) return Error("vfs.not_found", "no such file").in("path", std::string(name));
        const std::string folded = asciiLower(seg);
        std::vector<fs::path> matches;
        for (fs::directory_iterator it(cur, ec), end; !ec && it != end; it.increment(ec)) {
            if (asciiLower(it->path().filename().string()) == folded) matches.push_back(it->path());
        }
        if (matches.empty()) return Error("vfs.not_found", "no such file").in("path", std::string(name));
        if (matches.size() > 1) {
            std::sort(matches.begin(), matches.end());
            Error e("vfs.ambiguous", fmt::format("two host names fold to '{}'", seg));
            e.in("path", std::string(name))
                .expected("one case-insensitive match")
                .actual(fmt::format("{} and {}", matches[0].filename().string(), matches[1].filename().string()));
            return e;
        }
        cur = matches.front();
        if (fs::is_symlink(cur, ec)) {
            auto target = fs::canonical(cur, ec);
            if (ec || !isInside(mRoot, target))
                return Error("vfs.escape", "symbolic link leads outside the mounted directory")
                    .in("path", std::string(name));
        }
    }
    return cur;
}

Result<std::vector<EntryInfo>> DirProvider::list() const {
    std::vector<EntryInfo> out;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(mRoot, ec), end; !ec && it != end; it.increment(ec)) {
        // Name entries lexically: fs::relative would resolve symlinks and name the target instead.
        const fs::path& p = it->path();
        if (it->is_symlink(ec)) {
            const auto target = fs::canonical(p, ec);
            if (ec || !isInside(mRoot, target)) {
                ec.clear();
                continue;
            }  // read() refuses it: never list it
        }
        if (!it->is_regular_file(ec)) {
            ec.clear();
            continue;
        }
        const auto size = it->file_size(ec);
        if (ec) {
            ec.clear();
            continue;
        }
        out.push_back({p.lexically_relative(mRoot).generic_string(), static_cast<std::uint64_t>(size)});
    }
    if (ec) return Error("vfs.list", ec.message()).file(mRoot.string());
    std::sort(out.begin(), out.end(), [](const EntryInfo& a, const EntryInfo& b) { return a.name < b.name; });
    return out;
}

Result<Bytes> DirProvider::read(std::string_view name) const {
    VESTIGE_TRY(auto path, resolve(name));
    return readFile(path);
}

bool DirProvider::contains(std::string_view name) const {
    auto r = resolve(name);
    std::error_code ec;
    return r.ok() && fs::is_regular_file(*r, ec);
}

Status Vfs::mountDir(std::string_view mountPoint, const fs::path& hostDir) {
    std::error_code ec;
    if (!fs::is_directory(hostDir, ec)) return Error("vfs.mount", "not a directory").file(hostDir.string());
    return mount(mountPoint, std::make_shared<DirProvider>(hostDir));
}

Status Vfs::mount(std::string_view mountPoint, std::shared_ptr<Provider> provider) {
    std::vector<std::string> prefix;
    if (!mountPoint.empty()) {
        VESTIGE_TRY(auto segs, splitPath(mountPoint));
        for (auto& s : segs) prefix.push_back(asciiLower(s));
    }
    mMounts.push_back({std::move(prefix), std::move(provider)});
    // A new mount can override a file an archive was opened from: never serve a stale archive.
    std::lock_guard lock(mCacheMutex);
    mArchiveCache.clear();
    return {};
}

namespace {
// Providers report a missing entry with a code ending in ".not_found"; anything else (ambiguous
// names, escapes, corrupt data) is an answer and must not fall through to a lower mount.
bool isNotFound(const Error& e) {
    const std::string& c = e.code();
    return c.size() >= 10 && c.compare(c.size() - 10, 10, ".not_found") == 0;
}
}  // namespace

Result<Bytes> Vfs::readLevel0(std::string_view path) const {
    VESTIGE_TRY(auto found, locateLevel0(path));
    return std::move(found.data);
}

Result<Vfs::Located> Vfs::locateLevel0(std::string_view path) const {
    VESTIGE_TRY(auto segments, splitPath(path));
    for (auto it = mMounts.rbegin(); it != mMounts.rend(); ++it) {
        if (it->prefix.size() >= segments.size()) continue;
        bool match = true;
        for (std::size_t i = 0; i < it->prefix.size() && match; ++i) match = asciiLower(segments[i]) == it->prefix[i];
        if (!match) continue;
        std::string entry = joinSegments(segments, it->prefix.size());
        auto r = it->provider->read(entry);
        if (r.ok()) return Located{std::move(r).value(), it->provider, std::move(entry)};
        if (!isNotFound(r.error())) return std::move(r).error();
    }
    return Error("vfs.not_found", "no mounted container has this path").in("path", std::string(path));
}

Result<std::string> normalizeSpec(std::string_view spec) {
    std::string out;
    const auto levels = splitLevels(spec);
    for (std::size_t i = 0; i < levels.size(); ++i) {
        VESTIGE_TRY(auto segments, splitPath(levels[i]).in("path", std::string(spec)));
        if (i) out += ':';
        out += joinSegments(segments);
    }
    return out;
}

Result<std::shared_ptr<Provider>> Vfs::openArchive(std::string_view path) const {
    const std::string key = asciiLower(path);
    {
        std::lock_guard lock(mCacheMutex);
        auto it = mArchiveCache.find(key);
        if (it != mArchiveCache.end()) return it->second;
    }
    if (!mArchives) return Error("vfs.no_archives", "no archive formats are registered").in("path", std::string(path));
    // The archive's bytes and its container, which serves its siblings (VPK chunk files).
    VESTIGE_TRY(auto normalized, normalizeSpec(path));
    const auto split = normalized.rfind(':');
    Located found;
    if (split == std::string::npos) {
        VESTIGE_TRY(found, locateLevel0(normalized));
    } else {
        VESTIGE_TRY(found.container, openArchive(std::string_view(normalized).substr(0, split)));
        found.entry = normalized.substr(split + 1);
        VESTIGE_TRY(found.data, found.container->read(found.entry));
    }
    const auto levels = splitLevels(path);
    const std::string& last = levels.back();
    const ArchiveFormat* format = mArchives->detect(found.data, last);
    if (!format)
        return Error("vfs.not_archive", "not an archive of any registered format").in("path", std::string(path));
    VESTIGE_TRY(auto provider, openArchiveWith(*format, std::move(found.data), std::string(path),
                                               siblingsIn(std::move(found.container), found.entry)));
    std::shared_ptr<Provider> shared = std::move(provider);
    std::lock_guard lock(mCacheMutex);
    mArchiveCache.emplace(key, shared);
    return shared;
}

Result<Bytes> Vfs::read(std::string_view path) const {
    // Every level is validated (no '..', absolute, drive letters, NUL) before anything is looked up.
    VESTIGE_TRY(auto normalized, normalizeSpec(path));
    const auto split = normalized.rfind(':');
    if (split == std::string::npos) return readLevel0(normalized);
    VESTIGE_TRY(auto archive, openArchive(std::string_view(normalized).substr(0, split)));
    return archive->read(std::string_view(normalized).substr(split + 1));
}

bool Vfs::exists(std::string_view path) const {
    auto normalized = normalizeSpec(path);
    if (!normalized) return false;
    const auto split = normalized->rfind(':');
    if (split == std::string::npos) return readLevel0(*normalized).ok();
    auto archive = openArchive(std::string_view(*normalized).substr(0, split));
    return archive.ok() && (*archive)->contains(std::string_view(*normalized).substr(split + 1));
}

namespace {
struct HostSplit {
    std::string host;
    std::vector<std::string> entries;
};

Result<HostSplit> splitHost(std::string_view spec) {
    const auto levels = splitLevels(spec);
    std::string host;
    for (std::size_t k = 0; k < levels.size(); ++k) {
        host += (k ? ":" : "") + levels[k];
        std::error_code ec;
        if (fs::is_regular_file(host, ec))
            return HostSplit{host, {levels.begin() + static_cast<long>(k) + 1, levels.end()}};
    }
    std::error_code ec;
    const auto st = fs::status(levels.front(), ec);
    if (fs::is_directory(st)) return Error("io.is_directory", "is a directory, not a file").file(levels.front());
    // Devices and FIFOs are never opened: reading /dev/zero never ends, opening a FIFO blocks.
    if (fs::exists(st)) return Error("io.not_regular", "not a regular file").file(levels.front());
    return Error("io.open", "no such file").file(levels.front());
}

Result<std::unique_ptr<Provider>> openArchiveBytes(Bytes data, const std::string& label, std::string_view name,
                                                   ArchiveOrigin origin, const ArchiveRegistry& archives) {
    const ArchiveFormat* format = archives.detect(data, name);
    if (!format) {
        Error e("vfs.not_archive", "not an archive of any registered format, so ':' cannot address an entry in it");
        e.expected("an archive (NRes, RsLi, VPK, ...)")
            .actual(fmt::format("{} bytes starting {}", data.size(), hexBytes(data, 8)));
        return e;
    }
    return openArchiveWith(*format, std::move(data), label, std::move(origin));
}

// A spec's last level: its bytes, the full label and where it came from (a host file, or an entry of the archive
// one level up, which then stays open for the siblings).
struct SpecLevel {
    Bytes data;
    std::string label;
    std::string name;  // the last entry as normalised, or the host file's name (for extension probes)
    ArchiveOrigin origin;
    std::string host;  // the host file of the first level
};
Result<SpecLevel> resolveSpec(std::string_view spec, const ArchiveRegistry& archives) {
    VESTIGE_TRY(auto split, splitHost(spec));
    SpecLevel level;
    VESTIGE_TRY(level.data, readFile(split.host));
    level.label = split.host;
    level.host = split.host;
    level.name = fs::path(split.host).filename().string();
    level.origin.name = level.name;
    level.origin.hostPath = fs::path(split.host);
    for (const auto& part : split.entries) {
        auto segments = splitPath(part);
        if (!segments) return std::move(segments).error().file(level.label);
        const std::string entry = joinSegments(*segments);
        VESTIGE_TRY(auto provider,
                    openArchiveBytes(std::move(level.data), level.label, level.name, std::move(level.origin), archives)
                        .file(level.label));
        std::shared_ptr<Provider> container = std::move(provider);
        auto next = container->read(entry);
        if (!next) return std::move(next).error().file(level.label);
        level.data = std::move(next).value();
        level.label += ":" + entry;
        level.name = entry;
        level.origin = siblingsIn(std::move(container), entry);
    }
    return level;
}
}  // namespace

Result<Resolved> openSpec(std::string_view spec, const ArchiveRegistry& archives) {
    VESTIGE_TRY(auto level, resolveSpec(spec, archives));
    return Resolved{std::move(level.data), std::move(level.label), std::move(level.name), std::move(level.origin),
                    std::move(level.host)};
}

Result<std::shared_ptr<Provider>> openArchiveSpec(std::string_view spec, const ArchiveRegistry& archives) {
    VESTIGE_TRY(auto level, resolveSpec(spec, archives));
    VESTIGE_TRY(auto provider,
                openArchiveBytes(std::move(level.data), level.label, level.name, std::move(level.origin), archives)
                    .file(level.label));
    return std::shared_ptr<Provider>(std::move(provider));
}

}  // namespace vestige::vfs
