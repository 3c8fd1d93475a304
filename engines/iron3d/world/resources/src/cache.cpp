#include "vestige/iron3d/resources/cache.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::resources {

std::size_t OpenArchive::size() const { return nres() ? nres()->size() : rsli()->size(); }

std::string_view OpenArchive::entryName(std::size_t index) const {
    return nres() ? nres()->entries().at(index).name() : rsli()->entries().at(index).name();
}

std::uint32_t OpenArchive::entryType(std::size_t index) const { return nres() ? nres()->entries().at(index).type : 0; }

std::optional<std::size_t> OpenArchive::find(std::string_view name) const {
    return nres() ? nres()->find(name) : rsli()->findNoCase(name);
}

std::string ResourceCache::normalisedKey(std::string_view path) {
    std::string key;
    key.reserve(path.size());
    for (const char c : path) key.push_back(c == '\\' ? '/' : asciiLower(c));
    return key;
}

Result<ArchivePtr> ResourceCache::archive(std::string_view path) {
    const std::string key = normalisedKey(path);
    if (auto it = mArchives.find(key); it != mArchives.end()) {
        if (!it->second) return Error("cache.not_found", "the archive does not exist").in("archive", std::string(path));
        ++mStats.archiveHits;
        return it->second;
    }
    auto bytes = mVfs.read(key);
    if (!bytes) {
        if (bytes.error().code().ends_with("not_found")) {
            ++mStats.archivesMissing;
            mArchives.emplace(key, nullptr);
            return Error("cache.not_found", "the archive does not exist").in("archive", std::string(path));
        }
        return std::move(bytes).error().in("archive", std::string(path));
    }
    const ByteView head(bytes->data(), std::min<std::size_t>(bytes->size(), 4));
    ArchivePtr open;
    if (head.size() == 4 && asChars(head) == "NRes") {
        // Compatible profile: content loads the way the game loads it (named quirks accepted).
        VESTIGE_TRY(nres::Archive a,
                    nres::Archive::read(std::move(*bytes), nres::Profile::Compatible).file(std::string(path)));
        open = std::make_shared<const OpenArchive>(std::string(path), std::move(a));
    } else if (head.size() == 4 && head[0] == 'N' && head[1] == 'L' && head[2] == 0 && head[3] == 1) {
        VESTIGE_TRY(rsli::Archive a,
                    rsli::Archive::read(std::move(*bytes), rsli::Profile::Compatible).file(std::string(path)));
        open = std::make_shared<const OpenArchive>(std::string(path), std::move(a));
    } else {
        return Error::atField("cache.unknown_archive", "the file is neither an NRes nor an RsLi archive", "magic", 0)
            .file(std::string(path))
            .expected("NRes or NL 00 01")
            .actual(hexBytes(head));
    }
    ++mStats.archivesOpened;
    mArchives.emplace(key, open);
    return open;
}

Result<Bytes> ResourceCache::file(std::string_view path) {
    auto bytes = mVfs.read(normalisedKey(path));
    if (!bytes && bytes.error().code().ends_with("not_found"))
        return Error("cache.not_found", "the file does not exist").file(std::string(path));
    return bytes;
}

std::size_t ResourceCache::openArchives() const {
    std::size_t n = 0;
    for (const auto& [key, a] : mArchives) n += a != nullptr;
    return n;
}

std::optional<std::size_t> ResourceCache::find(const OpenArchive& archive, std::string_view entry) {
    ++mStats.directoryLookups;
    auto i = archive.find(entry);
    if (i) ++mStats.directoryHits;
    return i;
}

Result<Payload> ResourceCache::payload(const ArchivePtr& archive, std::size_t entry) {
    if (entry >= archive->size())
        return Error("cache.bad_entry", "entry index out of range").in("archive", archive->path());
    if (const auto* n = archive->nres()) return Payload{archive, n->payload(entry)};
    const EntryKey key{normalisedKey(archive->path()), entry};
    if (auto it = mPayloads.find(key); it != mPayloads.end()) {
        ++mStats.payloadHits;
        it->second.order = ++mOrder;
        return Payload{it->second.bytes, ByteView(*it->second.bytes)};
    }
    VESTIGE_TRY(
        Bytes decoded,
        archive->rsli()->load(entry).entry(std::string(archive->entryName(entry))).in("archive", archive->path()));
    auto shared = std::make_shared<const Bytes>(std::move(decoded));
    ++mStats.payloadDecodes;
    mPayloadBytes += shared->size();
    mPayloads[key] = {shared, ++mOrder};
    while (mPayloadBytes > mLimits.payloadBytes && mPayloads.size() > 1) {
        auto oldest = mPayloads.begin();
        for (auto it = mPayloads.begin(); it != mPayloads.end(); ++it)
            if (it->second.order < oldest->second.order) oldest = it;
        mPayloadBytes -= oldest->second.bytes->size();
        mPayloads.erase(oldest);
        ++mStats.payloadEvictions;
    }
    return Payload{shared, ByteView(*shared)};
}

template <class T, class Make>
Result<std::shared_ptr<const T>> ResourceCache::domain(const std::string& key, Make make) {
    if (auto it = mDomain.find(key); it != mDomain.end()) {
        ++mStats.domainHits;
        it->second.order = ++mOrder;
        return std::static_pointer_cast<const T>(it->second.object);
    }
    VESTIGE_TRY(T value, make());
    auto shared = std::make_shared<const T>(std::move(value));
    ++mStats.domainLoads;
    mDomain[key] = {shared, ++mOrder};
    while (mDomain.size() > mLimits.domainObjects) {
        auto oldest = mDomain.begin();
        for (auto it = mDomain.begin(); it != mDomain.end(); ++it)
            if (it->second.order < oldest->second.order) oldest = it;
        mDomain.erase(oldest);
        ++mStats.domainEvictions;
    }
    return std::shared_ptr<const T>(shared);
}

Result<std::shared_ptr<const prototype::Registry>> ResourceCache::registry(std::string_view path) {
    VESTIGE_TRY(ArchivePtr a, archive(path));
    if (!a->nres())
        return Error("cache.not_nres", "a prototype registry is an NRes archive").in("archive", std::string(path));
    return domain<prototype::Registry>("registry|" + normalisedKey(path),
                                       [&] { return prototype::Registry::fromArchive(*a->nres()); });
}

Result<std::shared_ptr<const msh::Model>> ResourceCache::model(const ArchivePtr& archive, std::size_t entry) {
    VESTIGE_TRY(Payload p, payload(archive, entry));
    const std::string name(archive->entryName(entry));
    return domain<msh::Model>(fmt::format("model|{}|{}", normalisedKey(archive->path()), entry),
                              [&] { return msh::Model::read(p.bytes).entry(name).in("archive", archive->path()); });
}

void ResourceCache::evictDomain() {
    mStats.domainEvictions += mDomain.size();
    mDomain.clear();
}

Result<std::shared_ptr<const texm::Texture>> ResourceCache::lightmap(const ArchivePtr& archive, std::size_t entry) {
    const EntryKey key{normalisedKey(archive->path()), entry};
    if (auto it = mLightmaps.find(key); it != mLightmaps.end()) return it->second;
    VESTIGE_TRY(Payload p, payload(archive, entry));
    VESTIGE_TRY(texm::Texture t,
                texm::read(p.bytes).entry(std::string(archive->entryName(entry))).in("archive", archive->path()));
    auto shared = std::make_shared<const texm::Texture>(std::move(t));
    ++mStats.lightmapLoads;
    mLightmaps.emplace(key, shared);
    return std::shared_ptr<const texm::Texture>(shared);
}

void ResourceCache::endMission() { mLightmaps.clear(); }

materials::ArchiveSource ResourceCache::materialArchives() {
    return [this](const std::string& path) -> Result<std::shared_ptr<const nres::Archive>> {
        VESTIGE_TRY(ArchivePtr a, archive(path));
        if (!a->nres()) return Error("cache.not_nres", "the material chain reads NRes archives").in("archive", path);
        return std::shared_ptr<const nres::Archive>(a, a->nres());  // aliasing: keeps the open archive alive
    };
}

}  // namespace vestige::iron3d::resources
