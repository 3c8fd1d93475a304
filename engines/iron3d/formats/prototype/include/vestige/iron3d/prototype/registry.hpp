#pragma once
// The prototype registry `objects.rlb`: an NRes whose entry name is a prototype key and whose payload is a list
// of 64-byte object references (spec section 4.1).
//
//   entry payload = N x ObjectRef64          N >= 0; the size must be a multiple of 64
//   ObjectRef64   +0x00 char archive_name[32]     fixed fields: text before the first NUL, tails kept
//                 +0x20 char resource_name[32]
//
// A reference whose archive is "objects.rlb" (case-insensitive) names a parent prototype in the same registry;
// expand() replaces it in place by the parent's own expansion (expand.cpp). Entries are validated when they are
// reached, so a broken entry no mission uses is only an inventory warning (inventory()).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::prototype {

inline constexpr std::size_t kRefSize = 64;
inline constexpr std::size_t kNameFieldSize = 32;
inline constexpr std::string_view kRegistryArchive = "objects.rlb";
// Parent chains deeper than this are an error [P]: the root is depth 0, so 32 levels of parents are accepted.
inline constexpr std::size_t kMaxInheritanceDepth = 32;

struct ObjectRef {
    FixedString archive;   // 32 bytes, raw
    FixedString resource;  // 32 bytes, raw
    [[nodiscard]] std::string_view archiveName() const;
    [[nodiscard]] std::string_view resourceName() const;
    [[nodiscard]] bool isParent() const;  // archive is objects.rlb
    [[nodiscard]] bool isMesh() const;    // resource ends in .msh
};

// Reads one entry payload; `base` is its absolute offset (errors: prototype.bad_size, prototype.name_too_long).
[[nodiscard]] Result<std::vector<ObjectRef>> readRefs(ByteView payload, std::uint64_t base = 0);
[[nodiscard]] Bytes writeRefs(const std::vector<ObjectRef>& refs);
// A reference authored from two names (each at most 31 bytes, NUL-padded).
[[nodiscard]] Result<ObjectRef> makeRef(std::string_view archive, std::string_view resource);

// One reference after parent expansion, with the prototype keys it came through (root first).
struct EffectiveRef {
    ObjectRef ref;
    std::vector<std::string> via;  // the key chain from the requested prototype to the entry that holds `ref`
    std::size_t entry = 0;         // registry entry index holding it
    std::size_t record = 0;        // its index in that entry
};

struct Expansion {
    std::string key;        // as requested (trimmed)
    std::size_t entry = 0;  // the registry entry the key matched
    std::vector<EffectiveRef> refs;
    std::size_t parents = 0;   // parent references replaced, counting every level
    std::size_t maxDepth = 0;  // deepest parent level reached (0 = no parents)
};

class Registry {
public:
    [[nodiscard]] static Result<Registry> read(Bytes bytes, nres::Profile profile = nres::Profile::Compatible);
    [[nodiscard]] static Result<Registry> fromArchive(nres::Archive archive);

    [[nodiscard]] const nres::Archive& archive() const { return mArchive; }
    [[nodiscard]] std::size_t size() const { return mArchive.size(); }
    // The entry a key names (lookupCandidates order), or nullopt.
    [[nodiscard]] std::optional<std::size_t> find(std::string_view key) const;
    // The references of entry i, validated now (errors name the entry and the absolute offset).
    [[nodiscard]] Result<std::vector<ObjectRef>> refs(std::size_t index) const;
    // In-place parent expansion; nullopt when the key has no entry. Errors: prototype.cycle (the key stack,
    // case-insensitive), prototype.depth (> 32 levels), prototype.missing_parent, and the refs() errors.
    [[nodiscard]] Result<std::optional<Expansion>> expand(std::string_view key) const;
    // Entries whose payload does not read (one message each, in directory order).
    [[nodiscard]] std::vector<Error> inventory() const;

private:
    nres::Archive mArchive;
};

// Builds an objects.rlb from (key, references) pairs with the canonical NRes writer.
struct RegistryEntry {
    std::string key;
    std::vector<ObjectRef> refs;
};
[[nodiscard]] Result<Bytes> buildRegistry(const std::vector<RegistryEntry>& entries);

}  // namespace vestige::iron3d::prototype
