#include "vestige/iron3d/prototype/registry.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/prototype/names.hpp"

namespace vestige::iron3d::prototype {

std::string_view ObjectRef::archiveName() const { return fieldText(archive); }
std::string_view ObjectRef::resourceName() const { return fieldText(resource); }
bool ObjectRef::isParent() const { return iequals(archiveName(), kRegistryArchive); }
bool ObjectRef::isMesh() const { return hasExtension(resourceName(), "msh"); }

Result<std::vector<ObjectRef>> readRefs(ByteView payload, std::uint64_t base) {
    if (payload.size() % kRefSize != 0)
        return Error::atField("prototype.bad_size", "a registry entry is not a whole number of 64-byte references",
                              "payload", base)
            .expected("a multiple of 64 bytes")
            .actual(fmt::format("{} bytes", payload.size()));
    ByteReader r(payload, base);
    std::vector<ObjectRef> out;
    out.reserve(payload.size() / kRefSize);
    while (!r.atEnd()) {
        ObjectRef ref;
        VESTIGE_TRY(ref.archive, r.fixedString(kNameFieldSize, "archive_name"));
        VESTIGE_TRY(ref.resource, r.fixedString(kNameFieldSize, "resource_name"));
        out.push_back(std::move(ref));
    }
    return out;
}

Bytes writeRefs(const std::vector<ObjectRef>& refs) {
    ByteWriter w;
    for (const auto& ref : refs) {
        w.fixedString(ref.archive);
        w.fixedString(ref.resource);
    }
    return w.take();
}

Result<ObjectRef> makeRef(std::string_view archive, std::string_view resource) {
    ObjectRef ref;
    VESTIGE_TRY(ref.archive, makeNameField(archive, "archive_name"));
    VESTIGE_TRY(ref.resource, makeNameField(resource, "resource_name"));
    return ref;
}

Result<Registry> Registry::read(Bytes bytes, nres::Profile profile) {
    VESTIGE_TRY(nres::Archive archive, nres::Archive::read(std::move(bytes), profile));
    return fromArchive(std::move(archive));
}

Result<Registry> Registry::fromArchive(nres::Archive archive) {
    Registry r;
    r.mArchive = std::move(archive);
    return r;
}

std::optional<std::size_t> Registry::find(std::string_view key) const {
    for (const auto& candidate : lookupCandidates(key))
        if (auto i = mArchive.find(candidate)) return i;
    return std::nullopt;
}

Result<std::vector<ObjectRef>> Registry::refs(std::size_t index) const {
    const auto& e = mArchive.entries().at(index);
    return readRefs(mArchive.payload(index), e.dataOffset).entry(std::string(e.name()));
}

std::vector<Error> Registry::inventory() const {
    std::vector<Error> out;
    for (std::size_t i = 0; i < mArchive.size(); ++i) {
        auto e = expand(mArchive.entries()[i].name());
        if (!e) out.push_back(std::move(e).error());
    }
    return out;
}

Result<Bytes> buildRegistry(const std::vector<RegistryEntry>& entries) {
    std::vector<nres::NewEntry> out;
    out.reserve(entries.size());
    for (const auto& e : entries) {
        nres::NewEntry n;
        n.name = e.key;  // type and attributes 0: the registry's own ids are not documented [?]
        n.data = writeRefs(e.refs);
        out.push_back(std::move(n));
    }
    return nres::writeCanonical(out);
}

}  // namespace vestige::iron3d::prototype
